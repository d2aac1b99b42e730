"""A headless network client: keeps its own view from the frames it receives and can play
its seat with the computer player (``doublenine bot``, the server tests, bench/load.py).

It uses only the wire protocol and :mod:`doublenine.shared.convert`, exactly as a
third-party client would: its view is rebuilt from the Snapshot and folded with
every Update, and its decisions come from that view alone (R23).
"""
from __future__ import annotations

import asyncio
import itertools
import random
from collections.abc import Callable
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from doublenine.shared import protocol as p
from doublenine.shared.convert import advance, intent_for, view_from_wire
from doublenine.shared.moves import Decision
from doublenine.shared.state import Phase
from doublenine.shared.views import SeatView, SpectatorView

_ids = itertools.count(1)


class ServerRefused(RuntimeError):
    """The server answered an attach request with an error."""

    def __init__(self, error: p.Error) -> None:
        super().__init__(f"{error.code}: {error.detail}")
        self.error = error


class TableClient:
    """One websocket to a doublenine server, with the view and table it has been told about."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.view: SeatView | SpectatorView | None = None
        self.table: Any = None
        self.seq = -1
        self.code: str | None = None
        self.seat: int | None = None
        self.token: str | None = None
        self.seed: int | None = None
        self.frames: list[bytes] = []
        """Every frame received, raw (tests decode them again)."""
        self.errors: list[p.Error] = []
        self.hints: list[p.HintReply] = []
        self.closed_requests: list[p.RequestClosed] = []
        self.keep_frames = True

    @classmethod
    async def connect(cls, url: str, **kwargs: Any) -> TableClient:
        """Open a websocket and complete the handshake (Hello/Welcome)."""
        ws = await connect(url, compression=None, max_size=None, max_queue=None, **kwargs)
        client = cls(ws)
        await client.send({"type": "hello", "protocol_version": p.PROTOCOL_VERSION, "client": "netbot"})
        msg = await client.next()
        if isinstance(msg, p.Error):
            await ws.close()
            raise ServerRefused(msg)
        return client

    async def send(self, fields: dict[str, Any] | p.Model) -> None:
        """Send one message (a model, or a plain map that must validate as one)."""
        if isinstance(fields, dict):
            fields = p.CLIENT_ADAPTER.validate_python(fields)
        await self.ws.send(p.encode(fields))

    async def send_raw(self, frame: bytes | str) -> None:
        """Send bytes as they are (tests of malformed frames)."""
        await self.ws.send(frame)

    async def intent(self, decision: Decision) -> str:
        """Ask for ``decision`` at the seq this client has seen; returns the intent id."""
        iid = f"i{next(_ids)}"
        await self.send(intent_for(decision, self.seq, iid))
        return iid

    async def next(self, timeout: float = 10.0) -> Any:
        """Receive, decode and apply one server message."""
        frame = await asyncio.wait_for(self.ws.recv(), timeout)
        assert isinstance(frame, bytes), "server frames are binary"
        if self.keep_frames:
            self.frames.append(frame)
        msg = p.decode_server(frame)
        self.apply(msg)
        return msg

    def apply(self, msg: Any) -> None:
        """Fold one message into what this client knows."""
        if isinstance(msg, p.Joined):
            self.code, self.seat = msg.code, msg.seat
            self.token = msg.token or self.token
            self.seed = msg.seed
        elif isinstance(msg, p.Snapshot):
            self.view, self.table, self.seq = view_from_wire(msg), msg.table, msg.seq
        elif isinstance(msg, p.Update):
            assert self.view is not None and msg.seq in (self.seq, self.seq + 1), (self.seq, msg.seq)
            self.view, self.seq = advance(self.view, msg), msg.seq
        elif isinstance(msg, p.TableUpdate):
            self.table = msg.table
        elif isinstance(msg, p.Error):
            self.errors.append(msg)
        elif isinstance(msg, p.HintReply):
            self.hints.append(msg)
        elif isinstance(msg, p.RequestClosed):
            self.closed_requests.append(msg)

    async def until(self, pred: Callable[[Any], bool], timeout: float = 10.0) -> Any:
        """Receive messages until ``pred(msg)`` holds; returns that message."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            msg = await self.next(max(0.01, end - loop.time()))
            if pred(msg):
                return msg

    async def attach(self, fields: dict[str, Any]) -> TableClient:
        """Send a create/join/rejoin/spectate and wait for its Joined and Snapshot."""
        await self.send(fields)
        msg = await self.until(lambda m: isinstance(m, (p.Joined, p.Error)))
        if isinstance(msg, p.Error):
            raise ServerRefused(msg)
        await self.until(lambda m: isinstance(m, p.Snapshot))
        return self

    def my_decisions(self) -> tuple[Decision, ...]:
        """What this seat may decide now, from its view alone (R23)."""
        if not isinstance(self.view, SeatView) or self.table is None or not self.table.started:
            return ()
        return self.view.legal_decisions()

    async def close(self) -> None:
        await self.ws.close()


async def play_seat(client: TableClient, decide: Callable[[SeatView, random.Random], Decision],
                    rng: random.Random, stop: Callable[[TableClient], bool],
                    timeout: float = 30.0) -> None:
    """Play the client's seat until ``stop(client)``: decide from the view, send, wait for news."""
    pending: str | None = None
    while not stop(client):
        if pending is None:
            options = client.my_decisions()
            if options:
                assert isinstance(client.view, SeatView)
                pending = await client.intent(decide(client.view, rng))
        msg = await client.next(timeout)
        if isinstance(msg, (p.Update, p.Snapshot)):
            pending = None
        elif isinstance(msg, p.Error):
            if msg.intent_id == pending and msg.code in ("STALE", "NOT_YOUR_TURN", "WRONG_PHASE"):
                pending = None
            elif msg.intent_id == pending:
                raise ServerRefused(msg)


def match_over(client: TableClient) -> bool:
    """Stop condition: the match this client watches is over."""
    return client.view is not None and client.view.phase is Phase.MATCH_OVER
