"""What reopening a table with a long stored log costs the other tables (attacker s11 F4;
docs/performance.md "Reopening a table with a long history").

A table whose stored log holds many matches (a ``new_match`` flood, before the pace) was read back on
the event loop when its player's ``rejoin`` opened it again: every table of the process stalled
(20,000 matches: 9 s). This bench, for one or two checkouts of doublenine (``--python``: the
interpreter of each, run from the folder above its ``.venv``):

1. runs ``doublenine serve`` (SQLite, ``--bot-delay 0.2``), creates a solo table (seat 1 a person,
   three computers) and stops the server;
2. appends ``--matches`` pairs of rows to that table's stored log, each a new match and its shuffle:
   exactly what the server stored for each ``new_match`` of the flood (the attacker's
   bigtable_fabricate.py), and marks the table closed, as the solo idle timer does;
3. starts the server again; a control table (another solo table) sends ``panel`` open/close every
   0.1 s and times each answer (its ``table`` frame): a round trip through the event loop;
4. after 3 s the first table's player sends ``rejoin``; the bench times its answer and the control's
   worst round trip before and while the table is being opened;
5. stops the server (the table stays open in the store) and times the next start until ``/healthz``
   answers (a start resumes every open table).

Not a test: timings depend on the machine.

    python bench/reopen_stall.py [--matches 20000] [--python PY ...]
"""
from __future__ import annotations

import argparse
import asyncio
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import msgpack
import websockets

from doublenine.shared.numbers import arg_int

VERSION = 2


def _pack(m: dict[str, Any]) -> bytes:
    return msgpack.packb(m, use_bin_type=True)  # type: ignore[no-any-return]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``doublenine serve`` of the checkout whose interpreter is ``python``."""

    def __init__(self, python: str, db: Path, port: int, log: Path) -> None:
        self.python, self.db, self.port, self.log = python, db, port, log
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> float:
        """Start; seconds until ``/healthz`` answers."""
        root = Path(self.python).absolute().parent.parent.parent if ".venv" in self.python else Path.cwd()
        t0 = time.perf_counter()
        with open(self.log, "ab") as out:
            self.proc = subprocess.Popen([self.python, "-m", "doublenine", "serve", "--port", str(self.port),
                                          "--db", str(self.db), "--bot-delay", "0.2"],
                                         cwd=root, stdout=out, stderr=subprocess.STDOUT)
        for _ in range(6000):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/healthz", timeout=1):
                    return time.perf_counter() - t0
            except OSError:
                time.sleep(0.05)
        raise RuntimeError(f"server did not start, see {self.log}")

    def stop(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGTERM)
        self.proc.wait(60)

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/"


class Client:
    def __init__(self, ws: Any) -> None:
        self.ws = ws

    @classmethod
    async def open(cls, url: str) -> Client:
        c = cls(await websockets.connect(url, max_size=2 ** 22, open_timeout=60))
        await c.send({"type": "hello", "protocol_version": VERSION})
        await c.expect("welcome")
        return c

    async def send(self, m: dict[str, Any]) -> None:
        await self.ws.send(_pack(m))

    async def expect(self, *types: str, timeout: float = 600.0) -> dict[str, Any]:
        end = time.monotonic() + timeout
        while True:
            m = msgpack.unpackb(await asyncio.wait_for(self.ws.recv(), max(0.01, end - time.monotonic())))
            if m.get("type") in types:
                return m  # type: ignore[no-any-return]

    async def solo(self) -> tuple[str, str]:
        seats = [{"kind": "human"}] + [{"kind": "computer", "level": "easy"}] * 3
        await self.send({"type": "create_table", "sit": 1, "seats": seats})
        joined = await self.expect("joined")
        await self.expect("snapshot")
        return joined["code"], joined["token"]


def fabricate(db: Path, code: str, matches: int) -> int:
    """Append ``matches`` (new match, shuffle) row pairs to ``code``'s log and close it; rows now."""
    c = sqlite3.connect(db)
    last, = c.execute("select max(seq) from dn_row where code=?", (code,)).fetchone()
    first = msgpack.unpackb(c.execute("select payload from dn_row where code=? and seq=0", (code,)).fetchone()[0])
    now = time.time()

    def rows() -> Any:
        seq = last
        for i in range(matches):
            seq += 1
            yield code, seq, _pack({"k": "m", "at": now + i * 0.05})
            seq += 1
            yield code, seq, _pack({"k": "s", "o": first["o"], "at": now + i * 0.05})

    c.executemany("insert into dn_row values (?,?,?)", rows())
    c.execute("update dn_table set closed=1 where code=?", (code,))
    c.commit()
    n, = c.execute("select count(*) from dn_row where code=?", (code,)).fetchone()
    c.close()
    return int(n)


async def measure(url: str, code: str, token: str) -> tuple[float, float, float, int]:
    """(rejoin seconds, control worst ms before, control worst ms while opening, round trips while)."""
    control = await Client.open(url)
    await control.solo()
    times: list[tuple[float, float]] = []

    async def loop() -> None:
        is_open = True
        while True:
            t = time.perf_counter()
            await control.send({"type": "panel", "open": is_open})
            await control.expect("table")
            times.append((time.perf_counter(), (time.perf_counter() - t) * 1000))
            is_open = not is_open
            await asyncio.sleep(0.1)

    task = asyncio.create_task(loop())
    await asyncio.sleep(3.0)
    player = await Client.open(url.rstrip("/") + f"/t/{code}")
    t0 = time.perf_counter()
    await player.send({"type": "rejoin", "code": code, "token": token})
    answer = await player.expect("joined", "error")
    t1 = time.perf_counter()
    if answer["type"] != "joined":
        raise RuntimeError(f"rejoin refused: {answer}")
    await asyncio.sleep(1.0)
    task.cancel()
    before = [ms for at, ms in times if at < t0]
    during = [ms for at, ms in times if t0 <= at <= t1 + 0.5]
    return t1 - t0, max(before), max(during, default=0.0), len(during)


def run(python: str, matches: int, work: Path) -> dict[str, Any]:
    db, log = work / "reopen.sqlite3", work / "serve.log"
    for p in work.glob("reopen.sqlite3*"):
        p.unlink()
    server = Server(python, db, _free_port(), log)
    server.start()

    async def make() -> tuple[str, str]:
        c = await Client.open(server.url)
        got = await c.solo()
        await c.ws.close()
        return got

    code, token = asyncio.run(make())
    server.stop()
    rows = fabricate(db, code, matches)
    server.start()
    rejoin, worst_before, worst_during, n = asyncio.run(measure(server.url, code, token))
    server.stop()
    restart = server.start()
    server.stop()
    return {"python": python, "rows": rows, "rejoin_s": rejoin, "control_worst_before_ms": worst_before,
            "control_worst_during_ms": worst_during, "round_trips_during": n, "restart_healthz_s": restart}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--matches", type=arg_int(1, 1_000_000), default=20000)
    ap.add_argument("--python", action="append", default=None,
                    help="interpreter of a checkout (its .venv/bin/python); may be given twice (before, after)")
    args = ap.parse_args()
    os.environ.setdefault("DOUBLENINE_SQLITE_SYNC", "normal")
    with tempfile.TemporaryDirectory() as tmp:
        for python in args.python or [sys.executable]:
            r = run(python, args.matches, Path(tmp))
            print(f"{r['python']}: {r['rows']} rows; rejoin answered in {r['rejoin_s']:.2f} s; control worst "
                  f"round trip {r['control_worst_before_ms']:.0f} ms before, {r['control_worst_during_ms']:.0f} ms "
                  f"while opening ({r['round_trips_during']} round trips); restart with it open: /healthz after "
                  f"{r['restart_healthz_s']:.2f} s", flush=True)


if __name__ == "__main__":
    main()
