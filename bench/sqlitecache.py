#!/usr/bin/env python3
"""What bounding SQLite's page cache costs (issue 12): not a test; prints figures for docs/performance.md.

    nice -n 10 timeout 600 .venv/bin/python bench/sqlitecache.py
    nice -n 10 timeout 600 .venv/bin/python bench/sqlitecache.py --tables 100 500 1000 --rounds 40

The server's own store (server/storage/sqlite.py, ``SQLiteStore``, its one worker thread
and group commit) with ``cache_size`` = ``--small`` KiB (the shipped CACHE_KIB) and
``--large`` KiB (SQLite's default, 2,000), in the same run, interleaved small, large, small,
large (``--reps``). For each table count: that many tables, each first given ``--fill`` rows
so the file is larger than either cache, then ``--rounds`` rounds in which every table
appends one move at once (as a busy server does: they commit together). Printed: the store
thread's CPU per append (``time.thread_time`` in the worker, so the clients' asyncio work is
not counted) and the wall time per round, median of the reps, and large/small.
``synchronous=NORMAL`` (no fsync per commit) so the disk's fsync does not drown the cache's
effect; with the shipped FULL each commit also waits for an fsync.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from doublenine.server.storage import sqlite as sqlite_module
from doublenine.shared.numbers import arg_int

PAYLOAD = bytes(range(64))
"""About the size of a stored move (a decision, its time and an intent id)."""


async def one_run(folder: Path, cache_kib: int, tables: int, fill: int, rounds: int) -> tuple[float, float]:
    """(store thread CPU us per append, wall ms per round) for one store with ``cache_kib``."""
    sqlite_module.CACHE_KIB = cache_kib
    store = sqlite_module.SQLiteStore(folder / f"c{cache_kib}-{tables}-{time.monotonic_ns()}.sqlite3",
                                      synchronous="NORMAL")
    codes = [f"T{n:05d}" for n in range(tables)]
    for code in codes:
        await store.create_table(code, b"{}")
        await store.append(code, [(seq, PAYLOAD) for seq in range(fill)])

    def cpu(_: object) -> float:
        return time.thread_time()

    cpu0, t0 = await store._call(cpu), time.perf_counter()
    for r in range(rounds):
        await asyncio.gather(*(store.append(code, [(fill + r, PAYLOAD)]) for code in codes))
    wall = time.perf_counter() - t0
    used = await store._call(cpu) - cpu0
    await store.close()
    return used / (rounds * tables) * 1e6, wall / rounds * 1e3


async def run(args: argparse.Namespace) -> None:
    print(f"cache {args.small} KiB against {args.large} KiB; {args.fill} rows per table first, "
          f"{args.rounds} rounds; medians of {args.reps}", flush=True)
    print(f"{'tables':>6}  {'us/append small':>15}  {'large':>6}  {'ms/round small':>14}  {'large':>6}  "
          f"{'cpu large/small':>15}", flush=True)
    with tempfile.TemporaryDirectory(prefix="doublenine-sqlitecache-") as tmp:
        for tables in args.tables:
            got: dict[int, list[tuple[float, float]]] = {args.small: [], args.large: []}
            for _ in range(args.reps):
                for kib in (args.small, args.large):
                    got[kib].append(await one_run(Path(tmp), kib, tables, args.fill, args.rounds))
                    for f in Path(tmp).iterdir():
                        f.unlink()
            s_cpu, l_cpu = (statistics.median(c for c, _ in got[k]) for k in (args.small, args.large))
            s_wall, l_wall = (statistics.median(w for _, w in got[k]) for k in (args.small, args.large))
            print(f"{tables:6d}  {s_cpu:15.1f}  {l_cpu:6.1f}  {s_wall:14.2f}  {l_wall:6.2f}  "
                  f"{l_cpu / s_cpu:15.2f}", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tables", type=arg_int(1), nargs="+", default=[50, 200, 1000])
    ap.add_argument("--fill", type=arg_int(1), default=300, help="rows per table before measuring")
    ap.add_argument("--rounds", type=arg_int(1), default=30)
    ap.add_argument("--reps", type=arg_int(1), default=2)
    ap.add_argument("--small", type=arg_int(1), default=sqlite_module.CACHE_KIB)
    ap.add_argument("--large", type=arg_int(1), default=2000)
    asyncio.run(run(ap.parse_args()))


if __name__ == "__main__":
    os.environ.pop("DOUBLENINE_SQLITE_SYNC", None)
    main()
