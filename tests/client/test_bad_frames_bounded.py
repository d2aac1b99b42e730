"""Attacker s9 round 2 (kind: output and requests driven by an untrusted server without a bound): the
window logged every skipped server frame (456 lines in 20 s) where ``doublenine bot`` said 20 and then
"not said any more"; the bot asked for a snapshot at every out-of-order update (~72,000 resyncs in 18 s).
Both clients now share shared/badframes.py: these tests drive it, the window and the bot with a fake
clock, so the counts are exact."""
from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest

from doublenine.client.net import NetClient, NetSession
from doublenine.client.store import ClientState
from doublenine.server.netbot import TableClient
from doublenine.shared import protocol as p
from doublenine.shared.badframes import SAID_SKIPS, ResyncPacer, SkipReporter
from doublenine.shared.convert import view_to_wire
from doublenine.shared.events import MatchLog
from doublenine.shared.seats import Seat
from doublenine.shared.views import view_for

TABLE = {"code": "SNAKE", "seeded": False, "started": True, "paused": False, "seats": [
    {"seat": s, "name": "Ana", "kind": "human", "level": "easy", "claimed": True, "connected": True,
     "computer_plays": False} for s in (1, 2, 3, 4)]}
SNAPSHOT = p.pack({"type": "snapshot", "seq": 0, "table": TABLE,
                   "view": view_to_wire(view_for(MatchLog(seed=5).state, Seat.ONE))})
BAD = 1000
"""Out-of-order updates the hostile server sends, one each 0.01 s: 10 s in all."""
ASKED = 6
"""Resyncs in those 10 s: at 0, 0.25, 0.75, 1.75, 3.75 and 7.75 s (waits 0.25 doubling to 5 s)."""


def _gap(k: int) -> bytes:
    return p.pack({"type": "update", "seq": 2 * k + 2, "move": {"kind": "pass", "seat": 1}})


def test_a_reporter_says_twenty_skips_then_once_that_it_stops() -> None:
    said: list[str] = []
    reporter = SkipReporter(said.append)
    for k in range(456):
        reporter.skipped(f"frame {k}")
    assert SAID_SKIPS == 20 and reporter.skips == 456
    assert said == [f"server frame skipped: frame {k}" for k in range(20)] + \
        ["more server frames skipped: not said any more"]


def test_the_pacer_waits_doubling_to_five_seconds_and_starts_afresh_after_a_fit() -> None:
    pacer = ResyncPacer()
    times = [t / 100 for t in range(2000)]
    assert [t for t in times if pacer.due(t)] == [0.0, 0.25, 0.75, 1.75, 3.75, 7.75, 12.75, 17.75]
    pacer.fitted()
    assert pacer.due(19.995) and not pacer.due(20.0) and pacer.due(20.245) and pacer.asked == 10


def test_the_window_logs_at_most_twenty_one_lines_for_a_stream_of_bad_frames(caplog: pytest.LogCaptureFixture) -> None:
    client = NetClient("ws://127.0.0.1:9/", p.Spectate(code="SNAKE"))
    with caplog.at_level(logging.INFO, logger="doublenine.client.net"):
        for _ in range(456):
            client._receive(None, "text frame")
    lines = [r.getMessage() for r in caplog.records]
    skipped = "server frame skipped: MALFORMED_FRAME: frames are binary msgpack, not text"
    assert lines == [skipped] * 20 + ["more server frames skipped: not said any more"]
    assert client.inbox.qsize() == 0


class _Counting(NetClient):
    def __init__(self) -> None:
        super().__init__("ws://127.0.0.1:9/", p.Spectate(code="SNAKE"))
        self.sent: list[p.Model] = []

    def send(self, message: p.Model) -> bool:
        self.sent.append(message)
        return True


def test_the_window_asks_six_resyncs_for_ten_seconds_of_out_of_order_updates(
        caplog: pytest.LogCaptureFixture) -> None:
    session = NetSession(_Counting(), ClientState())
    now = [0.0]
    session.clock = lambda: now[0]
    session.client.inbox.put(p.decode_server(SNAPSHOT))
    session.pump()
    with caplog.at_level(logging.WARNING, logger="doublenine.client.net"):
        for k in range(BAD):
            now[0] = k / 100
            session.client.inbox.put(p.decode_server(_gap(k)))
            session.pump()
    assert [type(m).__name__ for m in session.client.sent] == ["Resync"] * ASKED  # was one per update: 1000
    assert caplog.records == []  # a gap is no fault of the frame: asked for, not said


class _FakeWS:
    """An in-process hostile server: a snapshot, then out-of-order updates; counts what the bot sends."""

    def __init__(self, frames: list[bytes], now: list[float]) -> None:
        self.frames, self.now, self.sent = list(frames), now, []  # type: ignore[var-annotated]
        self.read = 0

    async def recv(self) -> bytes:
        if not self.frames:
            raise EOFError
        self.now[0] = max(0, self.read - 1) / 100  # the snapshot, then one update each 0.01 s
        self.read += 1
        return self.frames.pop(0)

    async def send(self, frame: bytes) -> None:
        self.sent.append(p.decode_client(frame))


def test_the_bot_asks_six_resyncs_for_ten_seconds_of_out_of_order_updates() -> None:
    now = [0.0]
    ws = _FakeWS([SNAPSHOT] + [_gap(k) for k in range(BAD)], now)
    client = TableClient(ws)  # type: ignore[arg-type]
    client.clock = lambda: now[0]
    said: list[str] = []
    client.on_skip = said.append

    async def drain() -> None:
        assert isinstance(await client.next(), p.Snapshot)
        with pytest.raises(EOFError):
            await client.next()

    asyncio.run(drain())
    assert [type(m).__name__ for m in ws.sent] == ["Resync"] * ASKED  # was one per update: 1000 (~72,000 in 18 s)
    assert len(said) == BAD and client.resyncs.asked == ASKED


def test_a_snapshot_ends_the_wanted_resync_and_a_fitting_update_starts_the_waits_afresh() -> None:
    now = [0.0]
    fits = p.pack({"type": "update", "seq": 1, "move": {"kind": "pass", "seat": 1}})
    ws = _FakeWS([SNAPSHOT, _gap(0), _gap(1), SNAPSHOT, fits, _gap(2)], now)
    client = TableClient(ws)  # type: ignore[arg-type]
    client.clock = lambda: now[0]

    async def drain() -> list[str]:
        got = []
        with pytest.raises(EOFError):
            while True:
                got.append(type(await client.next()).__name__)
        return got

    got = asyncio.run(drain())
    assert got == ["Snapshot", "Snapshot", "Update"]
    # the first gap asks at once; the second (0.01 s later) waits, and the snapshot answers it; after the
    # update that fits, the last gap is asked for at once (without the fresh start: 1 resync)
    assert [type(m).__name__ for m in ws.sent] == ["Resync", "Resync"] and client.resyncs.asked == 2
