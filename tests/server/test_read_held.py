"""A server-wide bound on the bytes read and not yet handled (s15, carried from s13: "no server-wide read
bound across address groups": every group within its own read budget, N groups held N groups' backlogs,
up to 16 frames of 64 KiB a connection). Here the per-group budget is off (as if each flooder were a group
of its own, IPv6 /64s being cheap) and the flooders' handlers are held, so their frames pile up: the server
holds at most ``--max-read-held`` plus a little per connection, while a seated player and a new
connection are answered as ever; once the flood is handled or gone, nothing is counted as held."""
from __future__ import annotations

import asyncio
import time

from websockets.asyncio.client import connect as ws_connect

from doublenine.server import connection as conn_mod
from doublenine.shared import protocol as p

from .conftest import connect, create, eventually

BOUND = 64 * 1024
FLOODERS = 8
FRAME = 16 * 1024
FRAMES = 16


def _held(server) -> int:
    """Bytes the server's connections hold read and not yet handled, measured on websockets' own objects
    (its parser's partial frame, its frames waiting for recv) and what waits for the parser."""
    total = 0
    for c in server.registry.connections:
        ws = c.ws
        total += len(ws.protocol.reader.buffer) + sum(len(f.data) for f in ws.recv_messages.frames.queue)
        total += len(getattr(ws, "_unparsed", b""))
    return total


async def test_flooders_hold_at_most_the_bound_and_a_player_is_answered_meanwhile(make_server, monkeypatch) -> None:
    # the groups' budget kept as a server keeps it by default (a small socket buffer: one read is at most
    # about 16 KiB), but too large to hold anyone here: only the server-wide bound is at work
    server = await make_server(max_read_held=BOUND, max_size=64 * 1024, ping_interval=None,
                               read_rate=1e6, read_bytes=1e9)
    gate = asyncio.Event()
    receive = conn_mod.Connection.receive

    async def slow(self, frame):  # the flood's frames are handled only once the gate opens
        if len(frame) >= FRAME:
            await gate.wait()
        await receive(self, frame)

    monkeypatch.setattr(conn_mod.Connection, "receive", slow)
    host = await create(server, "hccc", sit=1)
    flooders = [await ws_connect(server.url, max_size=None) for _ in range(FLOODERS)]
    sends = [asyncio.ensure_future(ws.send(b"\x00" * FRAME)) for ws in flooders for _ in range(FRAMES)]
    await asyncio.sleep(1.5)  # every flooder has sent what its socket takes
    held = _held(server)
    # without the bound: 8 x 16 frames of 16 KiB waiting for their handler (2 MiB); with it, the bound and,
    # per connection, under one frame's limit, one 4 KiB piece and one socket read (about 16 KiB)
    assert held <= BOUND + FLOODERS * (p.CLIENT_LIMITS.max_bytes + 4096 + 32 * 1024), held
    assert server.registry.reads.held == held
    started = time.monotonic()
    await host.send({"type": "chat", "text": "still here"})  # a seated player: read and answered at once
    said = await host.until(lambda m: isinstance(m, p.ChatLines), timeout=3.0)
    assert said.lines[0].text == "still here" and time.monotonic() - started < 1.0
    assert server.registry.reads.over()
    # attacker s15 F4: a request whose head (3.5 KB of cookies) comes in pieces is answered, not shed as a frame
    reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
    head = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: c=" + b"a" * 3500 + b"\r\n\r\n"
    for at in range(0, len(head), 1400):
        writer.write(head[at:at + 1400])
        await writer.drain()
        await asyncio.sleep(0.05)
    status = await asyncio.wait_for(reader.readline(), 3.0)
    writer.close()
    assert status.split()[:2] == [b"HTTP/1.1", b"200"], status
    newcomer = await connect(server)  # a new connection's handshake and hello, read as ever
    await newcomer.attach({"type": "spectate", "code": host.code})
    assert newcomer.view is not None
    gate.set()
    for ws in flooders:
        await ws.close()
    for task in sends:
        task.cancel()
    await eventually(lambda: server.registry.reads.held == 0 and _held(server) == 0)


async def test_over_the_bound_a_frame_beyond_the_client_limit_is_refused_1009_and_play_goes_on(make_server) -> None:
    """A bound of one byte: the server is over it whenever anything is held. Frames of a player (each far
    under the client frame limit) are read and answered as ever; a frame already beyond the limit while
    partly read (it would be refused MALFORMED_FRAME once whole) is refused at once, 1009, and what its
    connection held is dropped (holding it waited for bytes never given: the server stayed over for good)."""
    server = await make_server(max_read_held=1, read_rate=1e6, read_bytes=1e9)
    host = await create(server, "hccc", sit=1)
    for n in range(5):
        await host.send({"type": "chat", "text": f"line {n}"})
        said = await host.until(lambda m: isinstance(m, p.ChatLines), timeout=3.0)
        assert said.lines[0].text == f"line {n}"
    big = await ws_connect(server.url, max_size=None)
    await big.send(b"\x00" * (16 * 1024))
    await big.wait_closed()
    assert big.close_code == 1009
    await host.send({"type": "resync"})
    assert isinstance(await host.until(lambda m: isinstance(m, p.Snapshot), timeout=3.0), p.Snapshot)
    await eventually(lambda: server.registry.reads.held == 0)  # the player holds nothing between frames
