#!/usr/bin/env python3
"""Memory per table over a whole evening (issue 12): not a test; prints figures for docs/performance.md.

    nice -n 10 timeout 1200 .venv/bin/python bench/tablemem.py                 # 40 and 10 tables x 10 matches
    nice -n 10 timeout 300 .venv/bin/python bench/tablemem.py --tables 8 --small 2 --matches 2   # a quick look

Two ``doublenine serve`` subprocesses (SQLite, each in its own temp dir) run side by side in
the same run: one carries ``--tables`` tables, the other ``--small`` tables, each of four
protocol clients (bench/loadgame.py: they play as fast as the server answers, and when a
match ends seat 1 asks for a new one and the others consent), until every table of both has
finished ``--matches`` matches (a table that is done plays on while the others finish: it
is never idle). Each server's resident memory (RSS) is read every half second.

The accounting separates what a table costs from what the process costs once:

- growth(k): a server's RSS when every one of its tables has finished ``k`` matches, minus
  its RSS before any table.
- per table(k) = (growth_big(k) - growth_small(k)) / (tables - small): the slope, what one
  more table adds at that point of the evening (its connections, seats, match log, ledger,
  and the allocator's slack that grows with them). This is the figure checked against the
  goal (150 KB), at its worst k.
- fixed(k) = growth_small(k) - small * per table(k): what the process spends once however
  many tables it carries (SQLite's page cache up to its ``cache_size`` bound, lazily imported
  modules, the allocator's first arenas).
- whole / tables: the older figure, growth_big / tables, which folds the fixed cost in.

Printed for k = 0 (tables open, no move yet), 1, 2, ... ``--matches``, then the peaks. Exit
status 1 when the peak per table is over the goal.
"""
from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from load import ServerProc, game_server  # noqa: E402
from loadgame import LoadTable, Stats  # noqa: E402

from doublenine.shared.numbers import arg_int  # noqa: E402

GOAL_KB = 150.0


class Fleet:
    """One server and its tables; ``growth[k]``: RSS growth (bytes) when all have done ``k`` matches."""

    def __init__(self, server: ServerProc, tables: int) -> None:
        self.server, self.n = server, tables
        self.stats = [Stats() for _ in range(tables)]
        url = f"ws://127.0.0.1:{server.port}/"
        self.tables = [LoadTable(url, self.stats[i], 0.0, lambda _: None) for i in range(tables)]
        self.rss0 = server.rss()
        self.growth: dict[int, int] = {}
        self.peak = 0
        self.cpu0 = server.cpu()

    def done(self) -> int:
        return min(s.matches for s in self.stats)

    def sample(self) -> None:
        """Record the RSS growth now, for each number of matches every table has newly finished
        (several when the slowest table finished more than one since the last sample)."""
        g = self.server.rss() - self.rss0
        self.peak = max(self.peak, g)
        for k in range(len(self.growth), self.done() + 1):
            self.growth[k] = g

    def decisions(self) -> float:
        return sum(s.moves for s in self.stats) / self.n


async def run(tables: int, small: int, matches: int) -> int:
    with tempfile.TemporaryDirectory(prefix="doublenine-tablemem-") as tmp:
        servers = [game_server(str(Path(tmp) / f"mem{i}.sqlite3")) for i in (0, 1)]
        try:
            await asyncio.sleep(1.0)
            big, little = Fleet(servers[0], tables), Fleet(servers[1], small)
            for fleet in (big, little):
                for t in fleet.tables:
                    await t.open()
            await asyncio.sleep(0.5)
            for fleet in (big, little):
                fleet.sample()
                for t in fleet.tables:
                    t.start()
            start = time.monotonic()
            print(f"{tables} and {small} tables, {matches} matches; KB:", flush=True)
            print(" k  per table  fixed  whole/tables  decisions/table (now)  s", flush=True)
            _row(big, little, 0, start)
            shown = {0}
            while min(big.done(), little.done()) < matches:
                await asyncio.sleep(0.5)
                for fleet in (big, little):
                    fleet.sample()
                for k in range(1, matches + 1):
                    if k in big.growth and k in little.growth and k not in shown:
                        shown.add(k)
                        _row(big, little, k, start)
            cpu = (big.server.cpu() - big.cpu0) / max(1, sum(s.moves for s in big.stats)) * 1e6
            for fleet in (big, little):
                for t in fleet.tables:
                    await t.close()
            slopes = {k: _slope(big, little, k) for k in range(matches + 1)}
            worst = max(slopes, key=lambda k: slopes[k])
            peak = slopes[worst] / 1024
            fixed = (little.growth[worst] - small * slopes[worst]) / 1024
            whole = big.peak / tables / 1024
            verdict = "within" if peak <= GOAL_KB else "OVER"
            print(f"peak per table {peak:.1f} KB (after {worst} matches), fixed {fixed / 1024:.2f} MB there; "
                  f"whole/tables peak {whole:.1f} KB; server CPU {cpu:.0f} us per decision "
                  f"({tables} tables): {verdict} the {GOAL_KB:g} KB goal", flush=True)
            return 0 if peak <= GOAL_KB else 1
        finally:
            for s in servers:
                s.stop()


def _slope(big: Fleet, little: Fleet, k: int) -> float:
    return (big.growth[k] - little.growth[k]) / (big.n - little.n)


def _row(big: Fleet, little: Fleet, k: int, start: float) -> None:
    per = _slope(big, little, k)
    fixed = little.growth[k] - little.n * per
    print(f"{k:2d}  {per / 1024:9.1f}  {fixed / 1024:5.0f}  {big.growth[k] / big.n / 1024:12.1f}  "
          f"{big.decisions():21.0f}  {time.monotonic() - start:.0f}", flush=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tables", type=arg_int(2), default=40, help="tables of the big server (default 40)")
    ap.add_argument("--small", type=arg_int(1), default=10, help="tables of the small one (default 10)")
    ap.add_argument("--matches", type=arg_int(1), default=10)
    args = ap.parse_args()
    if args.small >= args.tables:
        ap.error("--small must be fewer than --tables")
    return asyncio.run(run(args.tables, args.small, args.matches))


if __name__ == "__main__":
    sys.exit(main())
