"""``doublenine copy-store``: copy a SQLite store into an empty PostgreSQL database (operator finding 14).

Moving from one process on a SQLite file to several processes on PostgreSQL had no tool and no
procedure, and the two schemas differ (``created``/``updated``: SQLite seconds as REAL, PostgreSQL
TIMESTAMPTZ; ``closed``/``listed``: INTEGER 0/1 against BOOLEAN). This copies every table record
(open and closed, with its epoch, listing, scores and creator), every log row, every chat line and
every finished match (``dn_result``, club s14),
in one PostgreSQL transaction, and checks the counts before it commits; the PostgreSQL schema is
made as a server's start makes it (``storage/postgres.ensure_schema``). ``created`` keeps its
microsecond (:func:`~.storage.base.created_us`), so ``/``'s pages list the tables in the same order.

Refused, nothing written: a SQLite file a server holds (its ``.owner`` lock: stop the server
first, or moves made during the copy would be lost), a target that holds any table (never a merge:
two stores may share codes), an address that is not a SQLite file or not PostgreSQL. Operator
text, in English like ``serve``'s; the address's password is never shown (``storage.address``).
Exit 0 copied, 1 refused or failed, 2 a bad command line.
"""
from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from typing import Any


SOURCE_HELP = "the SQLite file to copy (the servers using it stopped first)"
TARGET_HELP = ("the empty PostgreSQL database to fill, postgresql://USER:PASSWORD@HOST:PORT/DB "
               "(default: $DOUBLENINE_DB; give a password there, not here: a command line is "
               "visible to every user of the machine (ps))")


def counted(n: int, thing: str) -> str:
    """``n`` and ``thing``, plural unless ``n`` is 1 ("1 table", "3 log rows"; operator s13 finding 12:
    "copied 1 tables")."""
    return f"{n} {thing}{'' if n == 1 else 's'}"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``doublenine copy-store``."""
    parser.add_argument("--from", dest="source", required=True, metavar="SQLITE_FILE", help=SOURCE_HELP)
    parser.add_argument("--to", dest="target", default=None, metavar="POSTGRESQL_ADDRESS", help=TARGET_HELP)


COPY_ADVICE = ("stop every server on it first (systemctl stop doublenine@PORT), then copy: moves made "
               "during a copy would be lost")
"""What copy-store says to do when a server holds the SQLite file."""


@dataclass(frozen=True, slots=True)
class Copied:
    """What :func:`copy_store` copied."""

    tables: int
    open: int
    """Of :attr:`tables`, those not closed."""
    rows: int
    chat: int
    results: int = 0
    """Finished matches (``dn_result``, club s14)."""


class NotEmpty(OSError):
    """The PostgreSQL database already holds tables: nothing was copied."""


async def copy_store(source: str, target: str) -> Copied:
    """Copy the SQLite store at path ``source`` into the PostgreSQL database ``target`` (a DSN),
    which must hold no table (:class:`NotEmpty`); ``StoreInUse`` when a server holds ``source``;
    ``OSError`` (``StoreError``) when either cannot be opened or the copy fails (nothing is kept:
    one transaction). The SQLite file is read in one read transaction and never written."""
    import os
    from pathlib import Path

    from .storage.base import StoreError
    from .storage.ownerfile import OwnerFile
    from .storage.postgres import PostgresStore

    path = Path(source).expanduser()
    if not path.is_file():
        raise StoreError(f"{source}: no such SQLite file")
    owner = OwnerFile(path)  # StoreInUse: a server holds it (and could write during the copy)
    try:
        tables, rows, chat = _read_sqlite(path)
        results = read_results_snapshot(path)  # club s14: the finished matches go along
        store = PostgresStore(target, application=f"doublenine copy-store pid {os.getpid()}")
        try:
            await store._run(lambda con: _write(con, tables, rows, chat, results))  # noqa: SLF001 - one transaction, bounded
        finally:
            await store.close()
    finally:
        owner.release()
    return Copied(len(tables), sum(1 for t in tables if not t[2]), len(rows), len(chat), len(results))


def read_results_snapshot(path: Any) -> list[Any]:
    """Every finished match (``dn_result``) the SQLite file at ``path`` keeps, read-only as
    :func:`_read_sqlite` reads (none for a file older than schema 3)."""
    from .resultscli import read_sqlite_results
    from .storage.base import RESULTS_KEPT

    return read_sqlite_results(path, RESULTS_KEPT)


def _read_sqlite(path: Any) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    """Every record, log row and chat line of the file at ``path``, as one snapshot; the columns an
    older file lacks (schema 1) read as their defaults. ``StoreError`` if it is no doublenine store.
    Nothing is made or removed beside the file (``storage.sqlite.read_only``)."""
    from pathlib import Path

    from .storage.base import StoreError
    from .storage.sqlite import read_only

    path = Path(path)
    with read_only(path) as con:  # copy_store's .owner lock keeps servers out
        con.execute("BEGIN")  # one snapshot for the three reads
        have = {r[1] for r in con.execute("PRAGMA table_info(dn_table)")}
        if not {"code", "meta", "closed", "created", "updated"} <= have:
            raise StoreError(f"{path} is not a doublenine store (no dn_table)")
        extra = [c if c in have else d for c, d in (("epoch", "0"), ("listed", "0"), ("score_a", "0"),
                                                   ("score_b", "0"), ("creator", "NULL"))]
        tables = con.execute(f"SELECT code, meta, closed, created, updated, {', '.join(extra)} FROM dn_table"
                             " ORDER BY created, code").fetchall()
        rows = con.execute("SELECT code, seq, payload FROM dn_row ORDER BY code, seq").fetchall()
        chat = con.execute("SELECT code, id, payload FROM dn_chat ORDER BY code, id").fetchall() \
            if con.execute("SELECT 1 FROM sqlite_master WHERE name='dn_chat'").fetchone() else []
        con.execute("COMMIT")
    return tables, rows, chat


async def _write(con: Any, tables: list[tuple[Any, ...]], rows: list[tuple[Any, ...]],
                 chat: list[tuple[Any, ...]], results: list[Any] = ()) -> None:  # type: ignore[assignment]
    """Insert everything into the empty database on ``con`` (inside the caller's transaction)."""
    from datetime import datetime, timezone

    from .storage.base import created_us
    from .storage.postgres import _stamp

    # the write lock first: no server can start a table between the check and the copy
    await con.execute("LOCK TABLE dn_table IN SHARE ROW EXCLUSIVE MODE")
    held = int(await con.fetchval("SELECT count(*) FROM dn_table"))
    if held:
        raise NotEmpty(f"it already holds {held} table{'s' if held != 1 else ''}; copy-store fills only an"
                       " empty database (never a merge: two stores may use the same table codes)")
    await con.copy_records_to_table("dn_table", columns=(
        "code", "meta", "closed", "created", "updated", "epoch", "listed", "score_a", "score_b", "creator"), records=[
        (code, bytes(meta), bool(closed), _stamp(created_us(float(created))),
         datetime.fromtimestamp(float(updated), timezone.utc), int(epoch), bool(listed), int(a), int(b), creator)
        for code, meta, closed, created, updated, epoch, listed, a, b, creator in tables])
    await con.copy_records_to_table("dn_row", columns=("code", "seq", "payload"),
                                    records=[(c, int(s), bytes(p)) for c, s, p in rows])
    await con.copy_records_to_table("dn_chat", columns=("code", "id", "payload"),
                                    records=[(c, int(i), bytes(p)) for c, i, p in chat])
    await con.execute("DELETE FROM dn_result")  # a database with no table holds no result of one
    await con.copy_records_to_table("dn_result", columns=(
        "code", "match_no", "name", "seat1", "seat2", "seat3", "seat4", "score_a", "score_b", "winner", "hands",
        "started", "ended", "public", "site"), records=[
        (r.code, r.match, r.name, *r.seats, r.scores[0], r.scores[1], r.winner, r.hands,
         _stamp(created_us(r.started)), _stamp(created_us(r.ended)), r.public, r.site) for r in results])
    counts = await con.fetchrow("SELECT (SELECT count(*) FROM dn_table) AS t, (SELECT count(*) FROM dn_row) AS r,"
                                " (SELECT count(*) FROM dn_chat) AS c")
    if (counts["t"], counts["r"], counts["c"]) != (len(tables), len(rows), len(chat)):
        raise OSError(f"the copy does not add up: {tuple(counts)} stored of {len(tables), len(rows), len(chat)}")


def run(args: argparse.Namespace) -> int:
    """Copy, then say what was copied in one line (exit 0), or why not (exit 1; 2 for a bad address)."""
    import asyncio
    import os

    from doublenine.shared.cleantext import for_terminal, said as error_words

    from .storage import DB_ENV
    from .storage.address import BadAddress, parse_address
    from .storage.ownerfile import StoreInUse

    try:
        source = parse_address(args.source, "--from")
        target = parse_address(args.target, "--to") if args.target is not None else \
            parse_address(os.environ.get(DB_ENV, ""), f"${DB_ENV}") if os.environ.get(DB_ENV) else None
    except BadAddress as exc:  # never the password
        print(f"doublenine copy-store: {for_terminal(exc)}", file=sys.stderr)
        return 2
    if source.kind != "sqlite":
        print(f"doublenine copy-store: --from {for_terminal(source.shown)}: not a SQLite file", file=sys.stderr)
        return 2
    if target is None or target.kind != "postgresql":
        said = "no target: give --to, or set $DOUBLENINE_DB" if target is None else \
            f"{for_terminal(target.shown)}: not a postgresql:// address"
        print(f"doublenine copy-store: {said}", file=sys.stderr)
        return 2
    try:
        done = asyncio.run(copy_store(source.target, target.target))
    except NotEmpty as exc:
        print(f"doublenine copy-store: {for_terminal(target.shown)}: {for_terminal(exc)}", file=sys.stderr)
        return 1
    except StoreInUse as exc:
        print(f"doublenine copy-store: {for_terminal(exc.said(COPY_ADVICE))}", file=sys.stderr)
        return 1
    except OSError as exc:  # StoreError, the database's refusals: one line, no password
        print(f"doublenine copy-store: {for_terminal(error_words(exc).replace(target.target, target.shown))}", file=sys.stderr)
        return 1
    print(f"doublenine copy-store: copied {counted(done.tables, 'table')} ({done.open} open),"
          f" {counted(done.rows, 'log row')} and {counted(done.chat, 'chat line')} from {for_terminal(source.shown)}"
          f" to {for_terminal(target.shown)}")
    return 0
