"""Issue 12 case 4: a slow reader costs nobody else. 16 spectators from one address that never
read, each sending 19 ``resync`` a second: a resync answer replaces the unsent one, each
connection's unsent bytes stay bounded, and every one of them is closed with 1013 (not by the
keepalive after about 50 s), while a player at another table goes on. Since attacker s11 F8 a
``resync`` repeated at one state is refused in about 100 bytes instead of a whole snapshot, so once
the watched match is over these readers fill their socket buffers some 180 times more slowly
(closed after about 30 s here, within seconds before)."""
from __future__ import annotations

import asyncio
import time

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from doublenine.shared import protocol as p

from .conftest import create, play_all


async def _never_reading_spectator(url: str, code: str, stop: asyncio.Event) -> None:
    """Attach as a spectator, then only send: 19 resync a second until the server gives up on it."""
    async with connect(url, max_queue=2, compression=None) as ws:  # reads nothing past 2 frames
        await ws.send(p.encode(p.Hello(protocol_version=p.PROTOCOL_VERSION)))
        await ws.send(p.encode(p.Spectate(code=code)))
        try:
            while not stop.is_set():
                await ws.send(p.encode(p.Resync()))
                await asyncio.sleep(1 / 19)
        except ConnectionClosed:
            pass


async def test_case4_sixteen_never_reading_spectators_are_closed_1013_and_stay_bounded(make_server) -> None:
    server = await make_server(rate=20.0, burst=40.0, bot_delay=0.02, max_unsent=64 * 1024,
                               max_spectators_per_address=0)  # all 16 from 127.0.0.1
    watched = await create(server, "cccc", sit=None, seed=5)
    table = server.registry.tables[watched.code]
    own = set(table.subscribers)  # the creator watches too, and reads
    stop = asyncio.Event()
    flood = [asyncio.create_task(_never_reading_spectator(server.url, str(watched.code), stop)) for _ in range(16)]
    player = await create(server, "hccc", sit=1, seed=6)  # another table, played meanwhile
    peak = 0
    start = time.monotonic()
    game = asyncio.create_task(play_all([player], stop=lambda c: len(c.view.finished) >= 1))
    # a liveness bound: since 56f692b a repeated resync is refused with a short error, not answered with
    # a snapshot, so these sockets fill from the watched table's moves alone: 28 s at load 17 here
    while time.monotonic() - start < 120:
        spectators = [c for c in table.subscribers if c not in own]
        peak = max([peak, *(c._queued_bytes for c in spectators)])
        if time.monotonic() - start > 1 and not spectators:
            break
        await asyncio.sleep(0.05)
    elapsed = time.monotonic() - start
    print(f"16 never-reading spectators gone after {elapsed:.1f} s, peak queued {peak} bytes")
    stop.set()
    await asyncio.wait_for(game, 30)
    await asyncio.gather(*flood)
    closed = server.registry.metrics.limits.labels(limit="slow_reader")._value.get()
    assert not [c for c in table.subscribers if c not in own] and elapsed < 120, elapsed
    assert closed == 16
    assert peak <= 64 * 1024
    assert len(player.view.finished) >= 1  # the other table's player went on


async def test_a_resync_answer_replaces_the_unsent_snapshot_and_updates(make_server) -> None:
    server = await make_server()
    host = await create(server, "hccc", sit=None, seed=8)
    table = server.registry.tables[host.code]
    conn = next(iter(table.subscribers))
    gate = asyncio.Event()
    real_send = conn.ws.send

    async def stuck_send(frame):  # type: ignore[no-untyped-def]  # this reader takes nothing for now
        await gate.wait()
        await real_send(frame)

    conn.ws.send = stuck_send
    conn.ws.pause_writing()  # its socket is full: every frame waits in the queue
    await host.send(p.Resync())  # its answer is the frame the writer is stuck on
    await asyncio.sleep(0.2)
    for _ in range(5):
        await host.send(p.Resync())
    await asyncio.sleep(0.3)
    queued = [p.decode_server(f) for f in conn._queue]  # the table has not moved: the same state each time
    assert [m.type for m in queued] == ["error"] * 5 and all(m.data == {"limit": "resync", "seq": 0} for m in queued)
    assert conn._queued_bytes == sum(map(len, conn._queue)) == 5 * 101  # a 101-byte refusal each, no snapshot (s11 F8)
    conn.ws.resume_writing()
    gate.set()
    await host.until(lambda m: isinstance(m, p.Snapshot))
    await asyncio.sleep(0.2)
    assert [p.decode_server(f).type for f in host.frames].count("snapshot") == 2  # join, the stuck one
