#!/usr/bin/env python3
"""Where a start's time goes with a long stored log (store s12 item 2): not a test; prints figures
for docs/performance.md "Reopening a table with a long history".

    DOUBLENINE_TEST_PG=postgresql://... nice -n 10 timeout 600 .venv/bin/python bench/start_reads.py [--matches 20000]

Stores one open table whose log holds ``--matches`` (new match, shuffle) row pairs after its first
shuffle (what a ``new_match`` flood stored; bench/reopen_stall.py's rows) in the store named by
``$DOUBLENINE_TEST_PG`` (wiped first, and at the end: a test database), then, for three rounds, times
the reads a start made before store s12 (``load_open`` with every log, then ``load`` of the claimed
table again: PostgreSQL) and makes now (``load_open(rows=False)``, then one ``load``), and the replay
of the log (``storedlog.read_log``), which both make.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import time
from typing import Any

import msgpack

from doublenine.server.storage import open_store
from doublenine.server.storedlog import read_log
from doublenine.shared.numbers import arg_int


def _pack(m: dict[str, Any]) -> bytes:
    return msgpack.packb(m, use_bin_type=True)  # type: ignore[no-any-return]


def rows_of(matches: int) -> list[tuple[int, bytes]]:
    """The first shuffle, then ``matches`` (new match, shuffle) pairs: ``2 * matches + 1`` rows."""
    order = list(range(55))
    random.Random(1).shuffle(order)
    now = time.time()
    rows = [(0, _pack({"k": "s", "o": order, "at": now}))]
    for i in range(matches):
        rows.append((len(rows), _pack({"k": "m", "at": now + i})))
        rows.append((len(rows), _pack({"k": "s", "o": order, "at": now + i})))
    return rows


async def main(dsn: str, matches: int) -> None:
    store: Any = open_store(dsn)
    await store.drop_all()
    await store.create_table("BIGTB", _pack({"v": 1}))
    rows = rows_of(matches)
    for i in range(0, len(rows), 2000):
        await store.append("BIGTB", rows[i:i + 2000])
    print(f"{len(rows)} rows stored")
    for _ in range(3):
        t = time.perf_counter()
        await store.load_open()
        whole = time.perf_counter() - t
        t = time.perf_counter()
        one = await store.load("BIGTB")
        again = time.perf_counter() - t
        t = time.perf_counter()
        await store.load_open(rows=False)
        records = time.perf_counter() - t
        t = time.perf_counter()
        read_log(5, one.rows, 2)
        replay = time.perf_counter() - t
        print(f"reads before: {whole + again:.2f} s (load_open {whole:.2f} + load {again:.2f}); "
              f"now: {records + again:.2f} s (records {records:.2f} + load {again:.2f}); replay {replay:.2f} s",
              flush=True)
    await store.drop_all()
    await store.close()


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--matches", type=arg_int(1, 1_000_000), default=20000)
    dsn = os.environ.get("DOUBLENINE_TEST_PG")
    if not dsn:
        raise SystemExit("set DOUBLENINE_TEST_PG to a PostgreSQL test database (it is wiped)")
    asyncio.run(main(dsn, ap.parse_args().matches))
