"""The floor of bench/load.py: a bare websockets fan-out server and its clients.

Groups of four connections; whatever one member sends, the server sends to all four
(the sender included), like a table fanning a move out to its seats, but with no
rules, no storage and no encoding. Its latency is the least a websocket fan-out in
Python costs on this machine; the game server is compared with it in the same run.
"""
from __future__ import annotations

import asyncio
import os
import struct
import sys
import time
from collections.abc import Awaitable, Callable
from typing import Any

from rawws import RawWS
from websockets.asyncio.server import ServerConnection, serve

FRAME = struct.Struct("!IId")
"""(group, counter, padding): 16 bytes, about the size of a move frame."""


async def run_floor_server(host: str, port: int, ready: Callable[[int], None] | None = None) -> None:
    """Serve fan-out groups: the first frame of a connection is its group number (4 bytes)."""
    groups: dict[int, list[ServerConnection]] = {}

    async def handler(ws: ServerConnection) -> None:
        first = await ws.recv()
        group = struct.unpack("!I", first[:4])[0]
        members = groups.setdefault(group, [])
        members.append(ws)
        try:
            async for frame in ws:
                for m in members:
                    try:
                        await m.send(frame)
                    except Exception:  # a member leaving mid-run only drops its copy
                        pass
        finally:
            members.remove(ws)

    async with serve(handler, host, port, compression=None, max_queue=None) as server:
        bound = next(iter(server.sockets)).getsockname()[1]
        if ready is not None:
            ready(bound)
        await asyncio.Future()


def floor_server_main(port_pipe: int) -> None:
    """Entry of the floor server subprocess: writes its port to ``port_pipe``, serves forever."""
    _use_uvloop()

    def ready(port: int) -> None:
        os.write(port_pipe, f"{port}\n".encode())

    asyncio.run(run_floor_server("127.0.0.1", 0, ready))


def _use_uvloop() -> None:
    try:
        import uvloop
    except ImportError:
        return
    asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())


class FloorGroup:
    """Four connections of one group; member ``i`` sends in turn, like seats taking turns."""

    def __init__(self, group: int, record: Callable[[float], None]) -> None:
        self.group = group
        self.record = record
        self.conns: list = []
        self.counter = 0
        self.sent_at: dict[int, float] = {}
        self.arrived: dict[int, int] = {}
        self.turn_ready = asyncio.Event()
        self.moves = 0

    async def open(self, url: str) -> None:
        for _ in range(4):
            ws = await RawWS.connect(url)  # loopback only, the same cheap client as the game's
            await ws.send(struct.pack("!I", self.group))
            self.conns.append(ws)
        await asyncio.sleep(0.05)  # the server registers all four before the first frame

    async def reader(self, ws: object) -> None:
        async for frame in ws:  # type: ignore[attr-defined]
            self.arrive(frame)

    def arrive(self, frame: bytes) -> None:
        """One copy of a frame reached one member (called straight from the socket with RawWS)."""
        now = time.perf_counter()
        _, n, _ = FRAME.unpack(frame)
        left = self.arrived.get(n, 4) - 1
        if left:
            self.arrived[n] = left
            return
        self.arrived.pop(n, None)
        self.record(now - self.sent_at.pop(n))
        self.turn_ready.set()

    async def play(self, interval: float, until: float) -> None:
        """Send a frame from the next member every ``interval`` s (0: as soon as the last arrived)."""
        next_at = time.perf_counter()
        while time.perf_counter() < until:
            self.turn_ready.clear()
            if interval:
                delay = next_at - time.perf_counter()
                if delay > 0:
                    await asyncio.sleep(delay)
                next_at += interval
            self.counter += 1
            ws = self.conns[self.counter % 4]
            self.sent_at[self.counter] = time.perf_counter()
            await ws.send(FRAME.pack(self.group, self.counter, 0.0))
            self.moves += 1
            try:
                await asyncio.wait_for(self.turn_ready.wait(), 10)
            except asyncio.TimeoutError:
                raise RuntimeError(f"floor group {self.group}: frame {self.counter} lost") from None

    async def close(self) -> None:
        for ws in self.conns:
            await ws.close()


async def run_floor(url: str, groups: int, interval: float, seconds: float,
                    record: Callable[[float], None], spread: float) -> tuple[int, float]:
    """``groups`` groups for ``seconds``; returns (frames sent, seconds the groups played)."""
    gs = [FloorGroup(i, record) for i in range(groups)]
    await _gather_limited([g.open(url) for g in gs], 50)
    readers = [asyncio.create_task(g.reader(ws)) for g in gs for ws in g.conns]
    start = time.perf_counter()
    until = start + seconds

    async def staggered(g: FloorGroup, i: int) -> None:
        await asyncio.sleep(spread * i / max(1, groups))
        await g.play(interval, until)

    await asyncio.gather(*(staggered(g, i) for i, g in enumerate(gs)))
    elapsed = time.perf_counter() - start
    for g in gs:
        await g.close()
    for r in readers:
        r.cancel()
    return sum(g.moves for g in gs), elapsed


async def floor_worker(url: str, groups: int, rate: float, warmup: float, seconds: float,
                       base: int = 0) -> dict[str, Any]:
    """The floor in one client process of bench/load.py, like ``loadgame.worker``: open
    ``groups`` groups (numbered from ``base``, so the pool's processes never share one), say
    ``ready``, start on ``go`` from stdin, measure ``seconds`` after ``warmup``."""
    latencies: list[float] = []
    interval = 1 / rate if rate else 0.0
    gs = [FloorGroup(base + i, latencies.append) for i in range(groups)]
    await _gather_limited([g.open(url) for g in gs], 25)
    for g in gs:
        for ws in g.conns:
            ws.on_frame = g.arrive  # no reader task to wake per frame: the clients stay cheap
    readers: list[asyncio.Task[None]] = []
    print("ready", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    until = time.perf_counter() + warmup + seconds

    async def staggered(g: FloorGroup, i: int) -> None:
        await asyncio.sleep(interval * i / max(1, groups))
        await g.play(interval, until)

    playing = asyncio.gather(*(staggered(g, i) for i, g in enumerate(gs)))
    await asyncio.sleep(warmup)
    latencies.clear()
    moves0, t0, cpu0 = sum(g.moves for g in gs), time.perf_counter(), time.process_time()
    await playing
    moves1, t1, cpu1 = sum(g.moves for g in gs), time.perf_counter(), time.process_time()
    for g in gs:
        await g.close()
    for r in readers:
        r.cancel()
    return {"moves": moves1 - moves0, "elapsed": t1 - t0, "latencies": latencies, "errors": {},
            "matches": 0, "cpu": (cpu1 - cpu0) / (t1 - t0)}


async def _gather_limited(coros: list[Awaitable[object]], limit: int) -> None:
    sem = asyncio.Semaphore(limit)

    async def one(c: Awaitable[object]) -> None:
        async with sem:
            await c

    await asyncio.gather(*(one(c) for c in coros))


if __name__ == "__main__":
    floor_server_main(int(sys.argv[1]))
