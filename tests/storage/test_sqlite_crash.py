"""SQLite durability: an append that returned survives SIGKILL of the process (issue 7 item 1).

Both fsync policies (``DOUBLENINE_SQLITE_SYNC`` full and normal) must pass: a child process appends rows one call at a time and prints each seq after its call
returns; the parent kills it with SIGKILL mid-stream, reopens the file and finds every
acknowledged row, in order, and nothing else.
"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from doublenine.server.storage import open_store

CHILD = r"""
import asyncio, sys
from doublenine.server.storage import open_store

async def main(path):
    store = open_store(path)
    await store.create_table("KILL", b"meta")
    print("ready", flush=True)
    for seq in range(100000):
        await store.append("KILL", [(seq, b"row-%d" % seq)])
        print(seq, flush=True)

asyncio.run(main(sys.argv[1]))
"""


@pytest.mark.parametrize("sync", ["full", "normal"])
async def test_acknowledged_appends_survive_sigkill(tmp_path: Path, sync: str) -> None:
    db = tmp_path / "crash.sqlite3"
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(db)], stdout=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True,
        env={**os.environ, "DOUBLENINE_SQLITE_SYNC": sync},
    )
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "ready"
    acked = [int(child.stdout.readline()) for _ in range(150)]
    os.kill(child.pid, signal.SIGKILL)
    child.wait(timeout=30)
    acked += [int(line) for line in child.stdout.read().split()]  # printed before the kill landed
    assert child.returncode == -signal.SIGKILL and acked == list(range(len(acked)))
    store = open_store(str(db))
    table = await store.load("KILL")
    await store.close()
    assert table is not None
    stored = [seq for seq, _ in table.rows]
    # Every acknowledged row is there; at most the one in flight when killed is extra.
    assert stored[: len(acked)] == acked and len(stored) - len(acked) in (0, 1)
    assert table.rows[len(acked) - 1] == (acked[-1], b"row-%d" % acked[-1])
