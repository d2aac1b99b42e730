"""Attacker s9 F2: ``doublenine bot`` against a server that floods it (kind: what a client fills from a
server's frames kept without a bound, and work at each frame that grows with the history).

The bot kept every chat line, copied the whole list and gathered its ids again at each frame
(quadratic), read frames into an unbounded queue (``max_queue=None``), kept every refusal, hint,
closed request and nudge, and a flood held its event loop so that SIGTERM never stopped it (268 MB to
4.2 GB, still running 15 minutes after SIGTERM). A hostile server in this process plays the flood.
"""
from __future__ import annotations

import asyncio
import sys
import time
from collections.abc import Awaitable, Callable
from typing import Any

from websockets.asyncio.server import ServerConnection, serve

from doublenine.server import netbot
from doublenine.server.netbot import TableClient, kept_chat
from doublenine.shared import protocol as p
from doublenine.shared.chat import KEPT
from doublenine.shared.convert import decision_w, view_to_wire
from doublenine.shared.events import MatchLog
from doublenine.shared.moves import Pass
from doublenine.shared.seats import Seat
from doublenine.shared.views import view_for

from .test_bot_hostile_server import TABLE

LINES = 1000
"""Lines in each flood frame (the attacker's; the frame limits allow 1,024)."""


def chat_frame(first: int, count: int = LINES, history: bool = False) -> bytes:
    """A valid ``chat`` frame of ``count`` lines with ids ``first``, ``first + 1``, ..."""
    lines = [{"id": first + k, "at": 1.0, "seat": 1, "name": "h", "text": "x" * 200} for k in range(count)]
    return p.pack({"type": "chat", "lines": lines, "history": history})


async def hostile(body: Callable[[ServerConnection], Awaitable[None]]) -> Any:
    """A server on a free loopback port that answers hello with welcome, then runs ``body``."""
    async def handler(ws: ServerConnection) -> None:
        await ws.recv()
        await ws.send(p.encode(p.Welcome(protocol_version=p.PROTOCOL_VERSION)))
        await body(ws)
        await ws.wait_closed()

    return await serve(handler, "127.0.0.1", 0, max_size=2**20, compression=None)


async def test_s9_f2_what_a_flood_fills_stays_within_its_bounds() -> None:
    frames = 60

    async def flood(ws: ServerConnection) -> None:
        for f in range(frames):
            await ws.send(chat_frame(f * LINES + 1))
        for i in range(100):
            await ws.send(p.encode(p.Error(code="STALE", intent_id=f"e{i}")))
            await ws.send(p.encode(p.HintReply(seq=i, decision=decision_w(Pass(Seat.ONE)))))
            await ws.send(p.encode(p.RequestClosed(request_id=i + 1, action="undo", outcome="expired")))
            await ws.send(p.encode(p.Nudged(by=1, seat=2)))

    async with await hostile(flood) as server:
        client = await TableClient.connect(f"ws://127.0.0.1:{server.sockets[0].getsockname()[1]}/")
        assert client.ws.recv_messages.high == netbot.RECV_QUEUE == 16  # websockets' max_queue, bounded
        for _ in range(frames):
            await client.next()
        assert [line.id for line in client.chat] == list(range(frames * LINES - KEPT + 1, frames * LINES + 1))
        assert KEPT == 50
        for _ in range(400):
            await client.next()
        assert [e.intent_id for e in client.errors] == [f"e{i}" for i in range(68, 100)]
        assert [h.seq for h in client.hints] == list(range(68, 100))
        assert [r.request_id for r in client.closed_requests] == list(range(69, 101))
        assert len(client.nudges) == netbot.HEARD_KEPT == 32
        assert client.frames == []  # raw frames are kept only where a test asks for them
        await client.close()


def test_s9_f2_chat_lines_are_kept_once_each_and_only_the_newest_50() -> None:
    held = kept_chat([], p.decode_server(chat_frame(1, 30)))
    assert [line.id for line in held] == list(range(1, 31))
    again = p.decode_server(p.pack({"type": "chat", "lines": [
        {"id": i, "at": 1.0, "seat": 2, "text": "y"} for i in (29, 30, 31, 31, 32)]}))
    held = kept_chat(held, again)  # ids already held, and one twice in the frame, are dropped
    assert [line.id for line in held] == list(range(1, 33))
    held = kept_chat(held, p.decode_server(chat_frame(33, 40)))
    assert [line.id for line in held] == list(range(23, 73))
    held = kept_chat(held, p.decode_server(chat_frame(500, 3, history=True)))  # a history replaces them
    assert [line.id for line in held] == [500, 501, 502]


async def test_s9_f2_sigterm_stops_the_bot_during_a_flood_within_seconds() -> None:
    """A real ``doublenine bot`` process, flooded with chat frames of 1,000 new lines: SIGTERM ends it in
    seconds with 143 ("terminated"), its seat given up on the way (the server never answers ``left``:
    :data:`~doublenine.server.netbot.LEAVE_WAIT`, then at most ``CLOSE_WAIT`` for the close)."""
    view = view_to_wire(view_for(MatchLog(seed=5).state, Seat.ONE))
    sent = [0]

    async def flood(ws: ServerConnection) -> None:
        await ws.recv()  # join
        await ws.send(p.pack({"type": "joined", "code": "SNAKE", "seat": 1, "token": "t0ken"}))
        await ws.send(p.pack({"type": "snapshot", "seq": 0, "view": view, "table": TABLE}))
        try:
            while True:
                await ws.send(chat_frame(sent[0] * LINES + 1))
                sent[0] += 1
        except Exception:  # noqa: BLE001 - the bot closed: the flood ends
            pass

    async with await hostile(flood) as server:
        url = f"ws://127.0.0.1:{server.sockets[0].getsockname()[1]}/"
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "doublenine", "bot", "--server", url, "--table", "SNAKE", "--seat", "1",
            "--lang", "en", stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
        assert proc.stdout is not None
        try:
            first = await asyncio.wait_for(proc.stdout.readline(), 30)
            assert first.decode().strip() == "doublenine bot: seat 1 at table SNAKE"
            while sent[0] < 300:  # the flood is well under way (the old bot held 300,000 lines by then)
                await asyncio.sleep(0.1)
            proc.terminate()
            began = time.monotonic()
            out, _ = await asyncio.wait_for(proc.communicate(), 30)
            took = time.monotonic() - began
        finally:
            if proc.returncode is None:
                proc.kill()
                await proc.wait()
    assert (proc.returncode, out.decode().splitlines()) == (143, ["doublenine bot: terminated"])
    assert took < netbot.LEAVE_WAIT + netbot.CLOSE_WAIT + 4.0, took  # 4 s for a loaded machine
