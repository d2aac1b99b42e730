"""``doublenine results``: the finished matches a store keeps, printed or exported (club s14 F5).

A club's organiser had no way to get an evening's results out of the server but a window at each table
or SQLite read by hand. This reads the store's finished matches (``dn_result``, one row per match:
table code and name, the four seats' names and teams, final score, winner, hands, start and end UTC)
and prints them newest first, as lines, CSV (``--csv``) or JSON (``--json``), the very columns of the
server's ``/results.csv`` and ``/results.json``.

Read-only, and it works while the server runs: a SQLite file is opened read-only beside the server that
holds it (never its ``.owner`` lock, never a write; nothing made or removed beside it:
``storage.sqlite.read_only``), a PostgreSQL store is read in one transaction. Operator text, in English
like ``serve``'s; the address's password is never shown. Exit 0 read (none is fine), 1 the store cannot be read, 2 a bad command line.
"""
from __future__ import annotations

import argparse
import sys
from typing import Any

DB_HELP = ("the store to read: a SQLite file or postgresql://USER@HOST/DB (default: $DOUBLENINE_DB, else the "
           "default file serve uses); read-only, while the server runs too")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``doublenine results``."""
    from doublenine.shared.numbers import arg_int

    from .storage.base import RESULTS_KEPT

    parser.add_argument("--db", default=None, metavar="STORE", help=DB_HELP)
    out = parser.add_mutually_exclusive_group()
    out.add_argument("--csv", action="store_true", help="print CSV (a UTF-8 byte-order mark as /results.csv has, a header row, "
                     "then one row per match)")
    out.add_argument("--json", action="store_true", help='print JSON: {"results": [...]}')
    parser.add_argument("--table", default=None, metavar="CODE", help="only this table's matches")
    parser.add_argument("--limit", type=arg_int(0, RESULTS_KEPT), default=RESULTS_KEPT, metavar="N",
                        help=f"at most N matches, the newest (default {RESULTS_KEPT}: every one the store keeps)")
    parser.add_argument("--date", type=local_day, default=None, metavar="YYYY-MM-DD",
                        help="only the matches that ended on that day in --time-zone's zone, as the server's "
                             "/results?date= picks it")
    parser.add_argument("--from", dest="first", type=local_day, default=None, metavar="YYYY-MM-DD",
                        help="only the matches that ended on that day or later (in --time-zone's zone): a season")
    parser.add_argument("--to", dest="last", type=local_day, default=None, metavar="YYYY-MM-DD",
                        help="only the matches that ended on that day or earlier (in --time-zone's zone)")
    parser.add_argument("--players", action="store_true",
                        help="print each person's totals over the matches chosen (played, won, lost, points for and "
                             "against), their spellings read as one name as the server reads them at a table "
                             "('José', 'Jose', 'JOSÉ'); a program's stand-in ('Ana (bot)') counted apart; every "
                             "match the store keeps is read, --limit does not apply")
    parser.add_argument("--time-zone", default=None, metavar="ZONE", type=_zone,
                        help="the time zone of --date and of the lines' times, an IANA name such as Europe/Madrid "
                             "(default: $DOUBLENINE_TIME_ZONE, else UTC: what serve's pages use); the CSV and JSON "
                             "keep UTC times")


def _zone(text: str) -> str:
    from .zones import zone_option

    return zone_option(text)


def local_day(text: str) -> Any:
    """``--date``: a ``datetime.date`` from ``YYYY-MM-DD`` (ASCII digits only; organiser s16 F8: the web's
    ``?date=`` is the UTC day, which splits an evening west of Greenwich in two). ``argparse.ArgumentTypeError``
    for anything else."""
    import datetime
    import re

    if not isinstance(text, str) or not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", text):
        raise argparse.ArgumentTypeError(f"not a day as YYYY-MM-DD: {text[:40]!r}")
    try:
        return datetime.date.fromisoformat(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"not a day: {text!r} ({exc})") from None


def ended_on(results: list[Any], day: Any, zone: str = "UTC") -> list[Any]:
    """The results among ``results`` whose end (Unix seconds) falls on ``day`` in time zone ``zone``
    (server/zones.py: the same days the server's ``/results?date=`` picks with the same zone, organiser s16 F8)."""
    from .zones import local

    return [r for r in results if local(r.ended, zone).date() == day]


def ended_between(results: list[Any], first: Any, last: Any, zone: str = "UTC") -> list[Any]:
    """The results among ``results`` whose end falls on a day from ``first`` to ``last`` (``datetime.date`` or
    None: open) in time zone ``zone``, the days :func:`ended_on` picks one at a time (league s17 F7: no range or
    season could be chosen, only one day)."""
    from .zones import local

    return [r for r in results if (first is None or local(r.ended, zone).date() >= first)
            and (last is None or local(r.ended, zone).date() <= last)]


def read_sqlite_results(path: Any, limit: int, code: str | None = None) -> list[Any]:
    """The finished matches in the SQLite file at ``path``, read-only (see the module): ``StoreError``
    when it is no file or cannot be read."""
    from pathlib import Path

    from .storage.base import StoreError
    from .storage.sqlite import read_only, read_results

    path = Path(path).expanduser()
    if not path.is_file():
        raise StoreError(f"{path}: no such SQLite file")
    with read_only(path) as con:
        return read_results(con, limit, code)


async def read_postgres_results(dsn: str, limit: int, code: str | None = None) -> list[Any]:
    """The finished matches of the PostgreSQL store ``dsn`` (``OSError`` when it cannot be read)."""
    import os

    from .storage.postgres import PostgresStore

    store = PostgresStore(dsn, max_size=1, application=f"doublenine results pid {os.getpid()}")
    try:
        return await store.load_results(limit, code)
    finally:
        await store.close()


def line_of(r: Any, zone: str = "UTC") -> str:
    """One finished match as a line, its times in ``zone``, which it names: ``2026-12-07 20:05 UTC  BAHKX "Table 1"
    match 1  A: Ana & Pablo 119 - B: Carlos & Dora 53  A wins  9 hands  (19:30-20:05)``; the span names both days
    when it crosses one ("(2026-11-30 22:57 - 2026-12-07 21:59)", league s17 F4), and a match fewer than two
    persons played says "one person with the computer" (or "computers only") after its hands (league s17 F5)."""
    from doublenine.shared.cleantext import for_terminal

    from .zones import label, local

    def utc(seconds: float) -> str:
        return local(seconds, zone).strftime("%Y-%m-%d %H:%M")

    name = f' "{for_terminal(r.name)}"' if r.name else ""
    teams = [f"{t}: {for_terminal(' & '.join(r.team(t)))} {r.scores[i]}" for i, t in enumerate("AB")]
    won = f"{r.winner} wins" if r.winner else "not finished"  # organiser s16 F12: cut before its end
    start, end = utc(r.started), utc(r.ended)
    # league s17 F4: a match carried over a restart read "(22:57-21:59)", hiding the week between
    span = f"{start[11:]}-{end[11:]}" if start[:10] == end[:10] else f"{start} - {end}"
    few = "" if r.persons > 1 else "  one person with the computer" if r.persons == 1 else "  computers only"
    return (f"{utc(r.ended)} {label(local(r.ended, zone))}  {r.code}{name}  match {r.match}  {teams[0]} - {teams[1]}  {won}  "
            f"{r.hands} hand{'' if r.hands == 1 else 's'}{few}  ({span})")


def run(args: argparse.Namespace) -> int:
    """Print the finished matches (exit 0), or say in one line why they cannot be read (1; 2 for a bad
    address or option)."""
    import asyncio

    from doublenine.shared.cleantext import for_terminal
    from doublenine.shared.tablecode import clean_code

    from .storage import default_store
    from .storage.address import BadAddress, parse_address
    from .storage.base import RESULTS_KEPT
    from .web.pages import results_csv, results_json

    code = None if args.table is None else clean_code(args.table)
    import os

    from .zones import zone_default

    try:
        zone = args.time_zone or zone_default(dict(os.environ))
    except ValueError as exc:
        print(f"doublenine results: {for_terminal(exc)}", file=sys.stderr)
        return 2
    try:
        where = parse_address(args.db, "--db") if args.db is not None else parse_address(default_store(), "$DOUBLENINE_DB")
    except (BadAddress, OSError) as exc:  # never the password
        print(f"doublenine results: {for_terminal(exc)}", file=sys.stderr)
        return 2
    if where.kind == "memory":
        print("doublenine results: a :memory: store is the server's own memory: give its SQLite file or"
              " PostgreSQL address", file=sys.stderr)
        return 2
    first, last = getattr(args, "first", None), getattr(args, "last", None)
    players = getattr(args, "players", False)
    if getattr(args, "date", None) is not None and (first is not None or last is not None):
        print("doublenine results: give --date, or --from and --to, not both", file=sys.stderr)
        return 2
    if first is not None and last is not None and first > last:
        print(f"doublenine results: --from {first} is after --to {last}", file=sys.stderr)
        return 2
    chosen = getattr(args, "date", None) is not None or first is not None or last is not None
    limit = RESULTS_KEPT if chosen or players else args.limit
    try:
        if where.kind == "postgresql":
            found = asyncio.run(read_postgres_results(where.target, limit, code))
        else:
            found = read_sqlite_results(where.target, limit, code)
    except OSError as exc:  # the store named once: a SQLite error names its file already
        from pathlib import Path

        from doublenine.shared.cleantext import named_once, said

        also = str(Path(where.target).expanduser()) if where.kind == "sqlite" else ""
        print(f"doublenine results: {for_terminal(named_once(said(exc), where.shown, also))}", file=sys.stderr)
        return 1
    if getattr(args, "date", None) is not None:  # read every kept one, then the day's, then at most --limit
        found = ended_on(found, args.date, zone)
    elif first is not None or last is not None:
        found = ended_between(found, first, last, zone)
    if players:  # league s17 F7: per-person totals over every match chosen
        from .standings import standings, standings_csv, standings_json, standings_text

        rows = standings(found)
        if args.csv:
            sys.stdout.write("\ufeff" + standings_csv(rows))
        elif args.json:
            sys.stdout.write(standings_json(rows))
        elif not rows:
            print(f"no finished match with a person in {for_terminal(where.shown)}")
        else:
            print("\n".join(standings_text(rows)))
        return 0
    if chosen:
        found = found[:args.limit]
    if args.csv:  # league s17 F8: the web download's byte-order mark, so a double click reads "Inés", not "InÃ©s"
        sys.stdout.write("\ufeff" + results_csv(found))
    elif args.json:
        sys.stdout.write(results_json(found))
    elif not found:
        print(f"no finished match in {for_terminal(where.shown)}")
    else:
        for r in found:
            print(line_of(r, zone))
    return 0
