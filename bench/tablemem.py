#!/usr/bin/env python3
"""Memory per table over a whole evening (issue 12): not a test; prints figures for docs/performance.md.

    nice -n 10 timeout 900 .venv/bin/python bench/tablemem.py                 # 20 tables x 10 matches
    nice -n 10 timeout 300 .venv/bin/python bench/tablemem.py --tables 5 --matches 3   # a quick look

One ``doublenine serve`` subprocess (SQLite in a temp dir) and ``--tables`` tables of four
protocol clients (bench/loadgame.py: they play as fast as the server answers, and when a
match ends seat 1 asks for a new one and the others consent), until every table has
finished ``--matches`` matches. The server's resident memory is read every half second;
per table = (RSS now - RSS before any table) / tables, so connections, seats, the match
log and the ledger are all counted. Printed after every match of the slowest table, and
the maximum at any point at the end, against the goal (150 KB).
"""
from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from load import game_server  # noqa: E402
from loadgame import LoadTable, Stats  # noqa: E402

from doublenine.shared.numbers import arg_int  # noqa: E402

GOAL_KB = 150.0


async def run(tables: int, matches: int) -> int:
    with tempfile.TemporaryDirectory(prefix="doublenine-tablemem-") as tmp:
        server = game_server(str(Path(tmp) / "mem.sqlite3"))
        try:
            await asyncio.sleep(1.0)
            rss0 = server.rss()
            url = f"ws://127.0.0.1:{server.port}/"
            per = [Stats() for _ in range(tables)]
            ts = [LoadTable(url, per[i], 0.0, lambda _: None) for i in range(tables)]
            for t in ts:
                await t.open()
            await asyncio.sleep(0.5)
            opened = (server.rss() - rss0) / tables / 1024
            print(f"{tables} tables open: {opened:.1f} KB per table", flush=True)
            for t in ts:
                t.start()
            peak, shown, start = opened, 0, time.monotonic()
            while min(s.matches for s in per) < matches:
                await asyncio.sleep(0.5)
                now = (server.rss() - rss0) / tables / 1024
                peak = max(peak, now)
                done = min(s.matches for s in per)
                if done > shown:
                    shown = done
                    moves = sum(s.moves for s in per)
                    print(f"after {done:2d} matches at every table: {now:6.1f} KB per table "
                          f"({moves / tables:.0f} decisions per table, {time.monotonic() - start:.0f} s)", flush=True)
            for t in ts:
                await t.close()
            verdict = "within" if peak <= GOAL_KB else "OVER"
            print(f"peak {peak:.1f} KB per table over {matches} matches: {verdict} the {GOAL_KB:g} KB goal", flush=True)
            return 0 if peak <= GOAL_KB else 1
        finally:
            server.stop()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tables", type=arg_int(1), default=20)
    ap.add_argument("--matches", type=arg_int(1), default=10)
    args = ap.parse_args()
    return asyncio.run(run(args.tables, args.matches))


if __name__ == "__main__":
    sys.exit(main())
