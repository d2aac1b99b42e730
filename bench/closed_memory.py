#!/usr/bin/env python3
"""What connections closed in a loop leave in the server's memory (stream s16 F6): not a test.

    nice -n 10 timeout 900 .venv/bin/python bench/closed_memory.py --phase 40 --loops 10

One ``doublenine serve`` (default limits), one table (a person and three computers), then phases of
``--phase`` seconds, each followed by a quiet phase as long: ``floor`` (nothing), ``oversize``
(``--loops`` loops, from three 127.0.7.x addresses: connect, hello, spectate, one 70 KB ``chat`` frame
over the 64 KiB ``--max-frame``, closed 1009, again), ``plain`` (connect, hello, spectate, snapshot,
close, again). Printed per phase: the connections closed, the largest ``/healthz`` "connections" seen
(the loops hold ``--loops`` sockets at once), the server's RSS after the quiet phase and its growth
over the phase as a ratio to the floor phase's RSS (1.00: nothing kept).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import msgpack  # noqa: E402
import websockets  # noqa: E402

from doublenine.shared.numbers import arg_float, arg_int  # noqa: E402

BIG = msgpack.packb({"type": "chat", "text": "x" * 70000})


async def loop(url: str, code: str, kind: str, i: int, end: float, closes: Counter[str]) -> None:
    while time.monotonic() < end:
        try:
            ws = await websockets.connect(url, max_size=None, local_addr=(f"127.0.7.{1 + i % 3}", 0))
            await ws.send(msgpack.packb({"type": "hello", "protocol_version": 2}))
            await ws.send(msgpack.packb({"type": "spectate", "code": code}))
            if kind == "oversize":
                await ws.send(BIG)
            else:
                await ws.recv()
                await ws.close()
            try:
                while True:
                    await asyncio.wait_for(ws.recv(), 5)
            except websockets.ConnectionClosed as exc:
                closes[str(exc.rcvd.code if exc.rcvd else None)] += 1
        except Exception as exc:  # refused (1008 at the address's cap) or timed out: counted, again
            closes[type(exc).__name__] += 1
            await asyncio.sleep(0.05)


def healthz(port: int) -> int:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5) as answer:
        return int(json.loads(answer.read())["connections"])


async def phase(server: object, port: int, code: str, kind: str, seconds: float, loops: int) -> dict[str, object]:
    closes: Counter[str] = Counter()
    end = time.monotonic() + seconds
    tasks = [asyncio.ensure_future(loop(f"ws://127.0.0.1:{port}/", code, kind, i, end, closes))
             for i in range(loops if kind != "floor" else 0)]
    most = 0
    while time.monotonic() < end:
        await asyncio.sleep(1.0)
        most = max(most, await asyncio.to_thread(healthz, port))
    await asyncio.gather(*tasks)
    await asyncio.sleep(seconds)  # the quiet phase
    return {"kind": kind, "closes": dict(closes), "max_connections": most,
            "after_quiet": await asyncio.to_thread(healthz, port), "rss": server.rss()}  # type: ignore[attr-defined]


async def run(seconds: float, loops: int) -> None:
    from load import ServerProc, free_port
    from doublenine.server.netbot import TableClient

    with tempfile.TemporaryDirectory(prefix="doublenine-closedmem-") as tmp:
        port = free_port()
        server = ServerProc([sys.executable, "-m", "doublenine", "serve", "--host", "127.0.0.1", "--port", str(port),
                             "--db", str(Path(tmp) / "mem.sqlite3")], port)
        server.wait_ready()
        try:
            host = await TableClient.connect(f"ws://127.0.0.1:{port}/")
            await host.attach({"type": "create_table", "seed": 7, "sit": 1, "name": "Ana",
                               "seats": [{"kind": "human", "level": "easy"}] + [{"kind": "computer", "level": "easy"}] * 3})
            rows = [await phase(server, port, host.code, kind, seconds, loops)
                    for kind in ("floor", "oversize", "plain", "oversize")]
            floor = rows[0]["rss"]
            print(f"{'phase':10} {'closes':34} {'max conns':>9} {'after':>5} {'RSS MB':>7} {'x floor':>7}")
            for row in rows:
                print(f"{row['kind']:10} {json.dumps(row['closes'])[:34]:34} {row['max_connections']:>9} "
                      f"{row['after_quiet']:>5} {row['rss'] / 2**20:7.1f} {row['rss'] / floor:7.2f}")
            await host.close()
        finally:
            server.stop()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--phase", type=arg_float(1.0), default=40.0, help="seconds of each phase (and of its quiet phase)")
    ap.add_argument("--loops", type=arg_int(1), default=10, help="connections looping at once")
    args = ap.parse_args()
    asyncio.run(run(args.phase, args.loops))


if __name__ == "__main__":
    main()
