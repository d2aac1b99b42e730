"""Attacker s12 round 2 N5: a stranger's frame flood must cost the other players nothing.

Each address group has a read budget, frames and bytes a second over all its connections
(server/readbudget.ReadBudget, ``ServerConfig.read_rate``/``read_bytes``): beyond it, its connections
are not read (no ``recv``) until the group is back within it, while other groups are read as ever.
"""
from __future__ import annotations

import asyncio
import logging

import pytest
from websockets.asyncio.client import connect as ws_connect

from doublenine.server.logfmt import FIELDS_ATTR
from doublenine.server.readbudget import BURST_SECONDS, ReadBudget
from doublenine.server.config import ServerConfig
from doublenine.shared import protocol as p


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


HELLO = p.pack({"type": "hello", "protocol_version": p.PROTOCOL_VERSION, "client": "test"})


def test_the_defaults_are_five_connections_at_the_full_rate_and_the_largest_legal_frames() -> None:
    c = ServerConfig()
    assert (c.read_rate, c.read_bytes, BURST_SECONDS) == (100.0, 262144.0, 2.0)
    assert c.read_rate == 5 * c.rate
    # 100 of the largest legal client frames (1,363 bytes since s15's chat.intent_id) a second, with room
    assert c.read_bytes >= c.read_rate * p.LEGAL_CLIENT_FRAME.max_bytes == 136_300


def test_frames_beyond_the_burst_put_the_group_in_debt_for_exactly_the_time_to_refill() -> None:
    clock = Clock()
    budget = ReadBudget(8.0, 0.0, clock=clock)
    for _ in range(16):  # 2 s of 8 frames a second at once
        assert budget.pause("192.0.2.7") == 0.0
        budget.charge("192.0.2.7", 1, 100)
    assert budget.pause("192.0.2.7") == 0.0  # the bucket is empty, not in debt: one more is read
    budget.charge("192.0.2.7", 1, 100)
    assert budget.pause("192.0.2.7") == 0.125
    assert budget.pause("192.0.2.8") == 0.0  # another group is read as ever
    clock.now += 0.0625
    assert budget.pause("192.0.2.7") == 0.0625
    clock.now += 0.0625
    assert budget.pause("192.0.2.7") == 0.0
    assert budget.says() == "8 frames a second"


def test_bytes_count_each_frame_by_its_size() -> None:
    clock = Clock()
    budget = ReadBudget(0.0, 1000.0, clock=clock)
    budget.charge("2001:db8:1:2::/64", 1, 3000)  # 2,000 bytes at once: 1,000 in debt
    assert budget.pause("2001:db8:1:2::/64") == 1.0
    clock.now += 0.25
    assert budget.pause("2001:db8:1:2::/64") == 0.75
    both = ReadBudget(100.0, 1000.0, clock=clock)
    both.charge("g", 1, 2500)  # frames: 199 left; bytes: 500 in debt
    assert both.pause("g") == 0.5
    assert both.says() == "100 frames and 1000 bytes a second"


def test_no_budget_counts_nothing_and_the_groups_remembered_are_bounded() -> None:
    off = ReadBudget(0.0, 0.0)
    for _ in range(1000):
        off.charge("g", 1, 65536)
    assert (off.on, off.pause("g"), off.groups()) == (False, 0.0, 0)
    clock = Clock()
    budget = ReadBudget(1.0, 0.0, max_groups=3, clock=clock)
    for i in range(5):
        budget.charge(f"192.0.2.{i}", 1, 10)
        budget.charge(f"192.0.2.{i}", 1, 10)
        budget.charge(f"192.0.2.{i}", 1, 10)
    assert budget.groups() == 3
    assert budget.pause("192.0.2.0") == 0.0  # forgotten: full again
    assert budget.pause("192.0.2.4") == 1.0


def _limits(caplog) -> list[dict]:  # type: ignore[no-untyped-def]
    return [dict(getattr(r, FIELDS_ATTR)) for r in caplog.records if r.getMessage() == "limit"]


def _frames(payload: bytes, n: int) -> bytes:
    """``n`` masked client frames of ``payload`` (under 126 bytes) in one write: one read of the server."""
    return (b"\x82" + bytes([0x80 | len(payload)]) + b"\0\0\0\0" + payload) * n


async def test_a_group_beyond_its_budget_is_not_read_while_another_group_is_served(make_server, caplog) -> None:
    caplog.set_level(logging.WARNING, "doublenine")
    server = await make_server(read_rate=0.5, read_bytes=0.0)  # 1 frame at once, then one every 2 s
    clock = Clock()
    server.registry.reads.clock = clock  # frozen: the debt stays exactly what the frames made it
    flooder = await ws_connect(server.url, compression=None, local_addr=("127.0.0.2", 0))
    honest = await ws_connect(server.url, compression=None, local_addr=("127.0.0.3", 0))
    reads = server.registry.reads
    try:
        await flooder.send(HELLO)  # within the budget: read and answered
        assert p.unpack(await asyncio.wait_for(flooder.recv(), 10))["type"] == "welcome"
        assert reads.pause("127.0.0.2") == 0.0
        flooder.transport.write(_frames(HELLO, 4))  # four frames in one read: 4 frames in debt, 8 s
        for _ in range(100):
            if reads.pause("127.0.0.2"):
                break
            await asyncio.sleep(0.05)
        assert reads.pause("127.0.0.2") == 8.0
        # websockets' own flow control goes through the connection, which combines it with the budget's hold
        # (a websockets that moved its Assembler's callbacks would be noticed here, not resume what is held)
        ws = next(c.ws for c in server.registry.connections if c.address == "127.0.0.2")
        assert (ws.recv_messages.pause, ws.recv_messages.resume) == (ws._queue_pause, ws._queue_resume)
        assert (ws.read_group, ws._held is not None) == ("127.0.0.2", True)  # its socket is not read
        await honest.send(HELLO)  # another address group: read at once
        assert p.unpack(await asyncio.wait_for(honest.recv(), 10))["type"] == "welcome"
        with pytest.raises(asyncio.TimeoutError):  # the flooder's four frames wait unanswered
            await asyncio.wait_for(flooder.recv(), 1.0)
        # each group pays for its own frames only
        assert (reads.pause("127.0.0.3"), reads.pause("127.0.0.2")) == (0.0, 8.0)
        clock.now += 8.0  # the debt is paid: the four frames are answered, nothing more is owed
        for _ in range(4):
            assert p.unpack(await asyncio.wait_for(flooder.recv(), 10))["type"] == "welcome"
        assert reads.pause("127.0.0.2") == 0.0
    finally:
        await flooder.close()
        await honest.close()
    metrics = server.registry.metrics.render().decode()
    assert 'doublenine_limits_total{limit="read_budget"} 1.0' in metrics
    assert _limits(caplog) == [
        {"limit": "read_budget", "site": "127.0.0.2", "table": None, "seat": None, "type": "hello",
         "code": "paused", "peer": "127.0.0.2",
         "detail": "beyond 0.5 frames a second from this address group: not read for 8.00 s"},
    ]


async def test_a_paused_connection_does_not_hold_the_server_up_when_it_stops(make_server) -> None:
    server = await make_server(read_rate=0.01, read_bytes=0.0)  # a frame puts the group 98 s in debt
    flooder = await ws_connect(server.url, compression=None, local_addr=("127.0.0.2", 0))
    flooder.transport.write(_frames(HELLO, 2))
    for _ in range(100):
        if server.registry.reads.pause("127.0.0.2") > 90:
            break
        await asyncio.sleep(0.05)
    assert server.registry.reads.pause("127.0.0.2") > 90
    loop = asyncio.get_running_loop()
    start = loop.time()
    await server.stop()
    assert loop.time() - start < 10.0  # not the 98 s of the pause
    await flooder.close()


def test_a_connection_within_its_own_allowance_is_read_whatever_its_group_owes() -> None:
    """Attacker s13 F1: the group's debt is charged to the connection that spends it."""
    clock = Clock()
    budget = ReadBudget(64.0, 0.0, clock=clock)  # allowances: 1 frame a second, 2 at once
    flooders = [budget.allowance() for _ in range(6)]
    for own in flooders:
        budget.charge("192.0.2.7", 40, 1200, own)  # 240 frames: 112 beyond the group's 128
    quiet = budget.allowance()
    assert budget.pause("192.0.2.7") == 1.75  # the group owes 112 frames at 64 a second
    assert [budget.pause("192.0.2.7", own) for own in flooders] == [1.75] * 6  # each owes 38 s of its own
    assert budget.pause("192.0.2.7", quiet) == 0.0  # a quiet one (or a new one's handshake) is read
    budget.charge("192.0.2.7", 2, 60, quiet)  # its whole burst: still within its allowance
    assert budget.pause("192.0.2.7", quiet) == 0.0
    budget.charge("192.0.2.7", 1, 30, quiet)  # one frame beyond: 1 s of its own debt, shorter than the group's
    assert budget.pause("192.0.2.7", quiet) == 1.0
    clock.now += 1.0
    assert budget.pause("192.0.2.7", quiet) == 0.0
    assert budget.pause("192.0.2.7", flooders[0]) == 51 / 64  # the group paid 64 of its 115: the shorter wait
    clock.now += 51 / 64
    assert [budget.pause("192.0.2.7", own) for own in flooders] == [0.0] * 6  # the group is back within its budget


async def test_a_quiet_connection_beside_six_flooding_ones_of_its_group_is_served(make_server) -> None:
    """Attacker s13 F1 (samegroup.py NF=6): six connections of 127.0.0.2 flood it; a seventh of the
    same address, quiet, connects (its handshake read), is answered its pings and its frames at once."""
    server = await make_server(read_rate=64.0, read_bytes=0.0)  # allowances: 1 frame a second, 2 at once
    clock = Clock()
    server.registry.reads.clock = clock  # frozen: the debt stays exactly what the frames made it
    reads = server.registry.reads
    flooders = [await ws_connect(server.url, compression=None, local_addr=("127.0.0.2", 0)) for _ in range(6)]
    honest = None
    try:
        for flooder in flooders:
            flooder.transport.write(_frames(HELLO, 60))  # 60 frames in one read each: 360, the group 128
        for _ in range(200):
            if reads.pause("127.0.0.2") >= 3.625:
                break
            await asyncio.sleep(0.05)
        assert reads.pause("127.0.0.2") == 3.625  # 232 frames beyond the group's 128, at 64 a second
        held = [c.ws for c in server.registry.connections if c.address == "127.0.0.2"]
        # each owes its own 58 s; held but the first two, whose reads left the group within its budget
        assert [reads.pause("127.0.0.2", ws.allowance) for ws in held] == [3.625] * 6
        assert sum(ws._held is not None for ws in held) == 4
        honest = await asyncio.wait_for(ws_connect(server.url, compression=None, local_addr=("127.0.0.2", 0)), 5)
        for _ in range(3):  # its keepalive: each ping answered at once
            await asyncio.wait_for(await honest.ping(), 2)
        await honest.send(HELLO)
        assert p.unpack(await asyncio.wait_for(honest.recv(), 5))["type"] == "welcome"
        mine = next(c.ws for c in server.registry.connections if c.ws.allowance is not None
                    and c.ws not in held)
        assert (reads.pause("127.0.0.2", mine.allowance), mine._held) == (0.0, None)
        assert reads.pause("127.0.0.2") == 3.625 + 1 / 64  # its hello counted in the group's too
    finally:
        for ws in flooders + ([honest] if honest else []):
            ws.transport.abort()
