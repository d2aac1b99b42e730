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
from collections.abc import Callable
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from wsloop import Conn, Engine, connect

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
    def ready(port: int) -> None:
        os.write(port_pipe, f"{port}\n".encode())

    asyncio.run(run_floor_server("127.0.0.1", 0, ready))


class FloorGroup:
    """Four connections of one group; member ``i`` sends in turn, like seats taking turns.

    Driven by bench/wsloop.py's loop like the game's seats (bench/loadplay.py): the same
    client code per frame, so the game/floor ratios compare the two servers."""

    def __init__(self, engine: Engine, group: int, record: Callable[[float], None], interval: float) -> None:
        self.engine, self.group, self.record, self.interval = engine, group, record, interval
        self.conns: list[Conn] = []
        self.counter = 0
        self.sent_at = 0.0
        self.left = 0
        self.next_slot = 0.0
        self.moves = 0
        self.stopping = False

    async def open(self, url: str) -> None:
        for _ in range(4):
            conn = await connect(url)
            conn.send(struct.pack("!I", self.group))
            self.conns.append(conn)

    def start(self, first: float) -> None:
        for conn in self.conns:
            self.engine.add(conn, self.arrive)
        self.next_slot = first
        self.engine.later(first, self.send)

    def arrive(self, frame: bytes) -> None:
        """One copy of the frame in flight reached one member."""
        if FRAME.unpack(frame)[1] != self.counter:
            raise RuntimeError(f"floor group {self.group}: frame out of turn")
        self.left -= 1
        if self.left:
            return
        now = time.perf_counter()
        self.record(now - self.sent_at)
        if self.interval:
            self.next_slot = max(now, self.next_slot + self.interval)
            self.engine.later(self.next_slot, self.send)
        else:
            self.send()

    def send(self) -> None:
        """The next member sends the next frame."""
        if self.stopping:
            return
        self.counter += 1
        self.left = 4
        self.moves += 1
        self.sent_at = time.perf_counter()
        self.conns[self.counter % 4].send(FRAME.pack(self.group, self.counter, 0.0))

    def close(self) -> None:
        self.stopping = True
        for conn in self.conns:
            conn.close()


async def open_groups(url: str, engine: Engine, groups: int, base: int, interval: float,
                      record: Callable[[float], None]) -> list[FloorGroup]:
    """``groups`` groups numbered from ``base`` (so the pool's processes never share one)."""
    gs = [FloorGroup(engine, base + i, record, interval) for i in range(groups)]
    sem = asyncio.Semaphore(25)

    async def one(g: FloorGroup) -> None:
        async with sem:
            await g.open(url)

    await asyncio.gather(*(one(g) for g in gs))
    await asyncio.sleep(0.2)  # the server registers all four before the first frame
    return gs


def floor_play(engine: Engine, gs: list[FloorGroup], latencies: list[float], interval: float,
               warmup: float, seconds: float) -> dict[str, Any]:
    """Play for ``warmup`` + ``seconds``; the figures of the measured ``seconds``."""
    now = time.perf_counter()
    for i, g in enumerate(gs):  # spread the first frames over one interval
        g.start(now + interval * i / max(1, len(gs)))
    engine.run(now + warmup)
    latencies.clear()
    moves0, t0, cpu0 = sum(g.moves for g in gs), time.perf_counter(), time.process_time()
    engine.run(t0 + seconds)
    moves1, t1, cpu1 = sum(g.moves for g in gs), time.perf_counter(), time.process_time()
    for g in gs:
        g.close()
    return {"moves": moves1 - moves0, "elapsed": t1 - t0, "latencies": list(latencies), "errors": {},
            "matches": 0, "cpu": (cpu1 - cpu0) / (t1 - t0)}


if __name__ == "__main__":
    floor_server_main(int(sys.argv[1]))
