#!/usr/bin/env python3
"""Where a table's memory goes (issue 12): not a test; prints tracemalloc figures per table.

    nice -n 10 timeout 600 .venv/bin/python bench/tablemem_trace.py --tables 20 --matches 4

bench/tablemem.py's run (one ``doublenine serve``, tables of four protocol clients playing
unpaced, a new match by consent at each end), with the server started under ``tracemalloc``
(one frame): a snapshot is taken before any table and after ``--matches`` matches at every
table (on SIGUSR1, after a full collection), and the growth between them is printed by
file:line and by file, divided by the number of tables (KB per table, largest first).
tracemalloc counts Python's heap only: the RSS figures of bench/tablemem.py also hold
SQLite's page cache, C buffers and the allocator's slack. The growth divided by the tables
also holds what the process allocated once during the run (the shared Placed and decisions
of shared/state.py and shared/events.py, about 130 KB, modules imported on first use): per
table, that share shrinks as ``--tables`` grows; bench/tablemem.py gives the per-table cost
apart from it.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import signal
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from doublenine.shared.numbers import arg_int  # noqa: E402


def child() -> None:
    """The server process: ``python tablemem_trace.py --child OUT serve ...``."""
    import gc
    import pickle
    import runpy
    import tracemalloc

    tracemalloc.start(1)
    out, taken = sys.argv[2], []

    def dump(*_: object) -> None:
        gc.collect()
        snap = tracemalloc.take_snapshot().filter_traces([tracemalloc.Filter(False, tracemalloc.__file__)])
        taken.append(1)
        Path(f"{out}{len(taken)}.tmp").write_bytes(pickle.dumps(snap))
        os.replace(f"{out}{len(taken)}.tmp", f"{out}{len(taken)}")

    signal.signal(signal.SIGUSR1, dump)
    sys.argv = ["doublenine", *sys.argv[3:]]
    runpy.run_module("doublenine", run_name="__main__", alter_sys=True)


async def snapshot(server: object, path: Path) -> object:
    import pickle
    server.proc.send_signal(signal.SIGUSR1)  # type: ignore[attr-defined]
    while not path.exists():
        await asyncio.sleep(0.2)
    return pickle.loads(path.read_bytes())


async def run(tables: int, matches: int, top: int) -> None:
    from load import ServerProc, free_port
    from loadgame import LoadTable, Stats

    with tempfile.TemporaryDirectory(prefix="doublenine-tabletrace-") as tmp:
        port, out = free_port(), str(Path(tmp) / "snap")
        argv = [sys.executable, __file__, "--child", out, "serve", "--host", "127.0.0.1", "--port", str(port),
                "--db", str(Path(tmp) / "mem.sqlite3"), "--max-tables-per-address", "100000",
                "--max-connections-per-address", "0", "--rate", "1000", "--burst", "1000",
                "--read-rate", "0", "--read-bytes", "0"]
        server = ServerProc(argv, port)
        server.wait_ready()
        try:
            await asyncio.sleep(1.0)
            first = await snapshot(server, Path(out + "1"))
            per = [Stats() for _ in range(tables)]
            ts = [LoadTable(f"ws://127.0.0.1:{port}/", per[i], 0.0, lambda _: None) for i in range(tables)]
            for t in ts:
                await t.open()
            for t in ts:
                t.start()
            while min(s.matches for s in per) < matches:
                await asyncio.sleep(0.5)
            last = await snapshot(server, Path(out + "2"))
            for t in ts:
                await t.close()
        finally:
            server.stop()
    for key in ("lineno", "filename"):
        diff = last.compare_to(first, key)  # type: ignore[attr-defined]
        total = sum(d.size_diff for d in diff)
        print(f"--- Python heap growth after {matches} matches, by {key}: {total / tables / 1024:.1f} KB per table")
        for d in diff[:top]:
            print(f"{d.size_diff / tables / 1024:8.1f} KB  {d.count_diff / tables:7.1f} blocks  {d.traceback}")


def main() -> None:
    if sys.argv[1:2] == ["--child"]:
        child()
        return
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tables", type=arg_int(1), default=20)
    ap.add_argument("--matches", type=arg_int(1), default=4)
    ap.add_argument("--top", type=arg_int(1), default=30)
    args = ap.parse_args()
    asyncio.run(run(args.tables, args.matches, args.top))


if __name__ == "__main__":
    main()
