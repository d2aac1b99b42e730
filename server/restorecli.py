"""``doublenine restored``: make a restored store safe to serve before any server starts on it (operator s17 F5).

A backup taken mid-hand holds that hand's deal, and every table's generator seed (R24): restored, the hand
resumed with the tiles played since the backup hidden in the hands again (table XH9BB came back at seq 238
from 253, its 14 tiles played meanwhile -- seen by all four players and every spectator -- held again, and
the computers played exactly the same tiles), and every later deal would come again as it was dealt (the
seed draws the same shuffles), although R21/R22 keep a hand's tiles secret until played.

This voids what a rolled-back table's players may have seen, as a misdeal (R9/R11: dealt again, nobody
scores; the rules' redeal, without any seat's doubles shown): for every table (open or closed: a ``rejoin``
reopens an idle-closed one, D7) it

- stores a new seed drawn from OS entropy (D9: never shown; a seeded table's seed too: its later deals no
  longer follow from the seed its creator set, which the output says), so no deal after the backup comes
  again;
- cuts the stored log at the shuffle of a deal or opening draw under way (phase ``draw``, ``review`` or
  ``play``): the table goes on from just before it, and the next server to load it deals anew from the new
  seed. Finished hands and their scores stay; the players' windows see the match rolled back to before the
  deal (as every rollback shows them) and a fresh deal.

Run it after ``pg_restore`` (or after putting a SQLite file back) and before any ``serve`` starts on it:
refused while a server holds the store (a SQLite file's ``.owner`` lock; a PostgreSQL session named
``doublenine store``/``doublenine locks``). ``--dry-run`` says what it would do and writes nothing. One
transaction. Operator text, in English like ``serve``'s; the address's password is never shown. Exit 0 done
(nothing to do is fine), 1 refused or failed, 2 a bad command line.
"""
from __future__ import annotations

import argparse
import secrets
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

DB_HELP = ("the restored store: a SQLite file or postgresql://USER@HOST/DB (default: $DOUBLENINE_DB); every "
           "server on it stopped")

WHERE = ("South", "East", "North", "West")
"""The window's names of seats 1..4 (R2), as the operator's lines say a seat."""
DEALT = ("draw", "review", "play")
"""Phases (shared/state.Phase values) in which tiles are out that the players may have seen played after the
backup: the opening draw's face-down picks (R3), a deal under review (R10) or in play (R14)."""


@dataclass(frozen=True, slots=True)
class Voided:
    """What :func:`plan` does to one table: ``cut`` the first seq removed (None: its log stays whole),
    ``phase`` the phase its log stood in, ``match``/``hand`` where (R19 match number, hand number), ``seq`` its
    stored event count, ``seeded`` whether its creator had set the seed (R24), ``people`` the seats held by
    people ("Ana (North)")."""

    code: str
    cut: int | None
    phase: str
    match: int
    hand: int
    seq: int
    seeded: bool
    people: tuple[str, ...]

    def line(self, done: bool) -> str:
        """The operator's line for it (``done``: written, else a dry run's "would")."""
        who = ", ".join(self.people) or "no person"
        if self.cut is None:
            what = "reseeded" if done else "would be reseeded"
            line = f"table {self.code}: {what} (at seq {self.seq}, {self.phase}; {who})"
        else:
            what = "voided and reseeded" if done else "would be voided and reseeded"
            where = "opening draw" if self.phase == "draw" else f"hand {self.hand}"
            line = (f"table {self.code}: the {where} of match {self.match} under way at seq {self.seq} {what}: its "
                    f"log cut to seq {self.cut}, dealt anew at the next start ({who})")
        return line + ("; its creator's seed no longer gives its later deals" if self.seeded else "")


def plan(code: str, meta: bytes, rows: list[tuple[int, bytes]], draw: Callable[[], int] | None = None
         ) -> tuple[Voided, bytes]:
    """What a restore does to the stored table ``code`` (its ``meta`` record and log ``rows``, (seq, payload)
    in order): its :class:`Voided` and the new record (a new seed, ``draw()`` or OS entropy: 0..2^64-1).
    ``ValueError`` (or ``CodecError``) for a record or log that does not decode."""
    from doublenine.shared.codec import decode_meta, decode_rows, encode_meta
    from doublenine.shared.events import Shuffled, _Cursor

    record = decode_meta(meta)
    if not isinstance(record, dict) or not isinstance(record.get("seed"), int):
        raise ValueError(f"table {code}: its record holds no seed")
    cursor = _Cursor()
    for event in decode_rows(rows):
        cursor.push(event)
    state = cursor.state
    cut = None
    if state.phase.value in DEALT:  # the shuffle that dealt what is out: the latest active one
        cut = next((seq for seq, body in cursor.active() if isinstance(body, Shuffled)), None)
    seats = record.get("seats") if isinstance(record.get("seats"), list) else []
    people = tuple(f"{s.get('name') or '?'} ({WHERE[i]})" for i, s in enumerate(seats[:4])
                   if isinstance(s, dict) and s.get("kind") == "human" and s.get("token_hash"))
    record["seed"] = (draw or (lambda: secrets.randbits(64)))() % 2**64
    return (Voided(code, cut, state.phase.value, state.match, state.hand_number, len(rows),
                   record.get("seeded") is True, people), encode_meta(record))


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``doublenine restored``."""
    parser.add_argument("--db", default=None, metavar="STORE", help=DB_HELP)
    parser.add_argument("--dry-run", action="store_true", help="say what would be done, write nothing")


def restore_sqlite(path: Any, dry_run: bool) -> list[Voided]:
    """:func:`plan` every table of the SQLite store at ``path``, written in one transaction (unless
    ``dry_run``); ``StoreInUse`` while a server holds it, ``OSError`` (``StoreError``) if it is no store."""
    import sqlite3
    from pathlib import Path

    from doublenine.shared.cleantext import said

    from .storage.base import StoreError
    from .storage.ownerfile import OwnerFile

    path = Path(path).expanduser()
    if not path.is_file():
        raise StoreError(f"{path}: no such SQLite file")
    owner = OwnerFile(path)  # StoreInUse: a server holds it
    try:
        con = sqlite3.connect(path, isolation_level=None)
        try:
            con.execute("BEGIN IMMEDIATE")
            done = []
            for code, meta in con.execute("SELECT code, meta FROM dn_table ORDER BY code").fetchall():
                rows = con.execute("SELECT seq, payload FROM dn_row WHERE code = ? ORDER BY seq", (code,)).fetchall()
                voided, record = plan(code, bytes(meta), [(s, bytes(p)) for s, p in rows])
                done.append(voided)
                if not dry_run:
                    con.execute("UPDATE dn_table SET meta = ? WHERE code = ?", (record, code))
                    if voided.cut is not None:
                        con.execute("DELETE FROM dn_row WHERE code = ? AND seq >= ?", (code, voided.cut))
            con.execute("ROLLBACK" if dry_run else "COMMIT")
            return done
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"{path}: {said(exc)}") from None
        finally:
            con.close()
    finally:
        owner.release()


async def restore_postgres(dsn: str, dry_run: bool) -> list[Voided]:
    """:func:`plan` every table of the PostgreSQL store ``dsn`` in one transaction (rolled back if
    ``dry_run``); ``StoreError`` while a server's session is connected to it, or if it cannot be used."""
    import os

    from .storage.base import StoreError
    from .storage.postgres import PostgresStore

    store = PostgresStore(dsn, max_size=1, application=f"doublenine restored pid {os.getpid()}")

    async def work(con: Any) -> list[Voided]:
        live = await con.fetch("SELECT pid, application_name FROM pg_stat_activity WHERE datname = current_database()"
                               " AND (application_name LIKE 'doublenine store pid %'"
                               " OR application_name LIKE 'doublenine locks pid %')")
        if live:
            names = ", ".join(f"{r['application_name']} (session {r['pid']})" for r in live[:5])
            raise StoreError(f"a server is connected to this database: {names}; stop every server first")
        done = []
        async with con.transaction():
            for t in await con.fetch("SELECT code, meta FROM dn_table ORDER BY code FOR UPDATE"):
                rows = await con.fetch("SELECT seq, payload FROM dn_row WHERE code = $1 ORDER BY seq", t["code"])
                voided, record = plan(t["code"], bytes(t["meta"]), [(r["seq"], bytes(r["payload"])) for r in rows])
                done.append(voided)
                await con.execute("UPDATE dn_table SET meta = $2 WHERE code = $1", t["code"], record)
                if voided.cut is not None:
                    await con.execute("DELETE FROM dn_row WHERE code = $1 AND seq >= $2", t["code"], voided.cut)
            if dry_run:
                raise _DryRun(done)
        return done

    try:
        return await store._run(work)  # noqa: SLF001 - one transaction, bounded, as copy-store
    except _DryRun as dry:
        return dry.done
    finally:
        await store.close()


class _DryRun(Exception):
    """Rolls the dry run's transaction back, carrying what it would have done."""

    def __init__(self, done: list[Voided]) -> None:
        super().__init__("dry run")
        self.done = done


def run(args: argparse.Namespace) -> int:
    """Void and reseed every table of ``--db`` (see the module); a line per table, then a summary."""
    import asyncio

    from doublenine.shared.cleantext import for_terminal

    from .storage import default_store
    from .storage.address import BadAddress, parse_address

    try:
        where = parse_address(args.db, "--db") if args.db is not None else parse_address(default_store(), "$DOUBLENINE_DB")
    except (BadAddress, OSError) as exc:  # never the password
        print(f"doublenine restored: {for_terminal(exc)}", file=sys.stderr)
        return 2
    if where.kind == "memory":
        print("doublenine restored: a :memory: store is a server's own memory: give the SQLite file or"
              " PostgreSQL address restored", file=sys.stderr)
        return 2
    try:
        if where.kind == "postgresql":
            done = asyncio.run(restore_postgres(where.target, args.dry_run))
        else:
            done = restore_sqlite(where.target, args.dry_run)
    except (OSError, ValueError) as exc:
        print(f"doublenine restored: {for_terminal(where.shown)}: {for_terminal(str(exc)[:300])}", file=sys.stderr)
        return 1
    for voided in done:
        print(for_terminal(voided.line(not args.dry_run)))
    cut = sum(v.cut is not None for v in done)
    verb = "would void" if args.dry_run else "voided"
    print(f"{verb} {cut} deal{'' if cut == 1 else 's'} under way; {len(done)} table{'' if len(done) == 1 else 's'} "
          f"{'would be ' if args.dry_run else ''}reseeded; {'nothing written' if args.dry_run else 'serve may start'}")
    return 0
