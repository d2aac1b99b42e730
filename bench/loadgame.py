"""Tables of four full-view websocket clients on asyncio (bench/tablemem.py's players).

The load figures (bench/load.py, bench/multiproc.py) use the cheaper clients of
bench/loadplay.py, which make the same decisions from a small model of the view. Each
client speaks the real protocol (docs/protocol.md): hello, create_table / join, then it folds every update into its own view (``shared.convert.advance``) and, when
``legal_decisions()`` offers something, sends the first one (accepting every deal)
with zero thinking time. A table paces its decisions (``interval`` seconds apart; 0:
as fast as the server answers). When a match ends, seat 1 asks for a new match and
the others consent (D1), so a table plays for as long as the run lasts.

Latency: from the moment a decision is sent to the moment its update has been
received by all four seats (the last of the four ``recv`` returns; the clock is
shared, all clients live in this process). Private review accepts reach one seat
only and are not sampled.
"""
from __future__ import annotations

import asyncio
import itertools
import time
from collections import Counter
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import msgpack
from websockets.asyncio.client import ClientConnection, connect

from doublenine.shared import protocol as p
from doublenine.shared.convert import advance, view_from_wire
from doublenine.shared.dialing import checked_proxy
from doublenine.shared.moves import DrawPick, Nominate, Pass, Play, Review
from doublenine.shared.state import Phase


def _fast_move(frame: bytes) -> Any:
    """A move Update as a light object with the attributes ``advance`` reads, else None."""
    return _light(msgpack.unpackb(frame))


def _light(raw: Any) -> Any:
    """``raw`` (an unpacked frame) as a light object when it is a move update or a table frame;
    None for anything else (validated with the protocol models then)."""
    kind = raw.get("type")
    if kind == "update" and raw.get("move") is not None:
        return SimpleNamespace(type="update", seq=raw["seq"], move=SimpleNamespace(**raw["move"]), patch=None)
    if kind == "table":  # only the open request is read (consent to a new match)
        req = raw["table"].get("request")
        request = None if req is None else SimpleNamespace(id=req["id"], waiting=req.get("waiting", ()))
        return SimpleNamespace(type="table", table=SimpleNamespace(request=request))
    if kind == "request_closed":
        return SimpleNamespace(type="request_closed")
    return None


_TLS: Any = None


def _tls(url: str) -> Any:
    """TLS for ``wss://`` to this machine's nginx (bench/multiproc.py, a throwaway self-signed
    certificate on loopback: not verified); None for ``ws://``. One context for every connection
    (building one reads the system's certificate files)."""
    global _TLS
    if not url.startswith("wss://"):
        return None
    if _TLS is None:
        import ssl

        _TLS = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
        _TLS.check_hostname, _TLS.verify_mode = False, ssl.CERT_NONE
    return _TLS


def _intent_frame(d: Any, expected_seq: int, intent_id: str) -> bytes:
    """The intent frame for decision ``d``, as ``intent_for`` builds it, without pydantic (the
    clients must stay cheaper than the server they measure)."""
    if isinstance(d, Play):
        body: dict[str, Any] = {"type": "play", "tile": [d.tile.low, d.tile.high], "end": d.end.value}
    elif isinstance(d, Pass):
        body = {"type": "pass"}
    elif isinstance(d, DrawPick):
        body = {"type": "draw", "position": d.position}
    elif isinstance(d, Nominate):
        body = {"type": "nominate", "opener": int(d.opener)}
    else:
        body = {"type": "review", "demand_redeal": d.demand_redeal}
    body["expected_seq"], body["intent_id"] = expected_seq, intent_id
    return msgpack.packb(body, use_bin_type=True)  # type: ignore[no-any-return]


async def _connect(url: str) -> Any:
    """A client websocket: bench/rawws.py on ``ws://`` to this machine (cheaper than the server
    it measures), else websockets with its proxy chosen (``wss://`` to nginx, bench/multiproc.py)."""
    from urllib.parse import urlsplit

    from rawws import RawWS, is_loopback
    parts = urlsplit(url)
    if parts.scheme == "ws" and is_loopback(parts.hostname or ""):  # no proxy is ever right for loopback
        return await RawWS.connect(url)
    return await connect(url, compression=None, max_queue=None, open_timeout=60, max_size=2**20,
                         ssl=_tls(url), proxy=checked_proxy(url))


class Stats:
    """Counters shared by every table of one run."""

    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.moves = 0
        self.errors: Counter[str] = Counter()
        self.matches = 0


class SeatClient:
    """One websocket seat: its view, its seq, and the decision it has in flight."""

    def __init__(self, table: LoadTable, ws: ClientConnection) -> None:
        self.table, self.ws = table, ws
        self.view: Any = None
        self.seq = 0
        self.seat = 0
        self.ids = itertools.count()

    async def send(self, msg: p.Model) -> None:
        await self.ws.send(p.encode(msg))

    async def expect(self, kind: str) -> Any:
        """Read frames until one of type ``kind`` (folding snapshots on the way)."""
        while True:
            msg = p.decode_server(await asyncio.wait_for(self.ws.recv(), 30))
            if msg.type == "snapshot":
                self.view, self.seq = view_from_wire(msg), msg.seq
            if msg.type == "error":
                raise RuntimeError(f"set-up refused: {msg.code} {msg.detail}")
            if msg.type == kind:
                return msg

    async def run(self) -> None:
        """Handle every frame until the connection closes or the run stops (websockets)."""
        async for frame in self.ws:
            consent = self.handle(frame)
            if consent is not None:
                await self.send(consent)

    def handle(self, frame: bytes) -> p.Model | None:
        """Fold one frame in (called straight from the socket with RawWS); returns a consent
        to send, if this frame asks for one."""
        now = time.perf_counter()
        raw = msgpack.unpackb(frame)
        msg = _light(raw)  # most frames: a play, a pass or table news, read without pydantic
        if msg is None:  # the server is trusted here: its frames skip the limits check
            msg = p.SERVER_ADAPTER.validate_python(raw)
        kind = msg.type
        consent = None
        if kind == "update":
            self.view, self.seq = advance(self.view, msg), msg.seq
            self.table.arrived(self, msg.seq, now)
            self.table.answered(self)
        elif kind == "snapshot":
            self.view, self.seq = view_from_wire(msg), msg.seq
            self.table.answered(self)
        elif kind == "table":
            consent = self.table.on_table(self, msg.table)
        elif kind == "error":
            self.table.stats.errors[str(msg.code)] += 1
            self.table.answered(self, error=True)
        self.table.poke()
        return consent

    def handle_raw(self, frame: bytes) -> None:
        """RawWS's ``on_frame``: :meth:`handle`, a consent written at once."""
        consent = self.handle(frame)
        if consent is not None:
            self.ws.send_now(p.encode(consent))

    def next_decision(self) -> Any:
        view = self.view
        if view is None or self.seq != self.table.latest_seq:
            return None  # this seat has not seen the latest update yet
        if view.phase is Phase.PLAY and view.turn != self.seat:
            return None  # another seat's turn: no need to list decisions (most pokes)
        options = view.legal_decisions()
        if not options:
            return None
        reviews = [d for d in options if isinstance(d, Review) and not d.demand_redeal]
        return reviews[0] if reviews else options[0]


class LoadTable:
    """Four seat clients at one table, pacing their decisions ``interval`` s apart."""

    def __init__(self, url: str, stats: Stats, interval: float, record: Callable[[float], None]) -> None:
        self.url, self.stats, self.interval, self.record = url, stats, interval, record
        self.clients: list[SeatClient] = []
        self.next_slot = 0.0
        self.pending: dict[int, tuple[float, set[int], list[float]]] = {}
        """expected_seq of a sent decision -> (sent at, seats that got its update, latest arrival)."""
        self.stopping = False
        self.consented: set[int] = set()
        self.tasks: list[asyncio.Task[None]] = []
        self.latest_seq = 0
        """The highest seq any seat of this table has seen."""
        self.acting: SeatClient | None = None
        self.acting_seq = 0
        self.private = False
        self.waking = False
        self.new_match_asked = -1

    async def open(self) -> None:
        """Create the table at seat 1 on a connection of its own, then connect four clients at
        ``/t/CODE`` (how nginx routes a table to its process, docs/operations.md): seat 1 rejoins
        with its token, seats 2-4 join (the table starts itself)."""
        from doublenine.shared.invite import table_url

        maker = await _connect(self.url)
        first = SeatClient(self, maker)
        await first.send(p.Hello(protocol_version=p.PROTOCOL_VERSION, client="bench/load.py"))
        await first.expect("welcome")
        await first.send(p.CreateTable(seats=tuple(p.SeatSpec(kind="human") for _ in range(4)), sit=1,
                                       name="L1"))
        joined = await first.expect("joined")
        await maker.close()
        url = table_url(self.url, joined.code)
        for n in range(1, 5):
            ws = await _connect(url)
            c = SeatClient(self, ws)
            await c.send(p.Hello(protocol_version=p.PROTOCOL_VERSION, client="bench/load.py"))
            await c.expect("welcome")
            self.clients.append(c)
            attach = p.Rejoin(code=joined.code, token=joined.token) if n == 1 else \
                p.Join(code=joined.code, seat=n, name=f"L{n}")
            await c.send(attach)
            await c.expect("joined")
            c.seat = n
            await c.expect("snapshot")

    def start(self) -> None:
        self.next_slot = max(self.next_slot, time.perf_counter())
        self.latest_seq = max(c.seq for c in self.clients)
        self.tasks = []
        for c in self.clients:
            if hasattr(c.ws, "send_now"):  # RawWS: frames handled as they are parsed, no task per frame
                c.ws.on_frame = c.handle_raw
            else:
                self.tasks.append(asyncio.create_task(c.run()))
        self.poke()

    def answered(self, c: SeatClient, error: bool = False) -> None:
        """``c`` heard back (update, snapshot or error): its decision, if any, is settled."""
        self.latest_seq = max(self.latest_seq, c.seq)
        if self.acting is c and (error or self.private or c.seq > self.acting_seq):
            self.acting = None

    def poke(self) -> None:
        """Start the next decision of this table, one at a time (so none is ever stale)."""
        if self.stopping or self.acting is not None or self.waking:
            return
        self.waking = True
        asyncio.get_running_loop().create_task(self._act())

    async def _act(self) -> None:
        try:
            await self.wait_slot()
        finally:
            self.waking = False
        if self.stopping or self.acting is not None:
            return
        for c in self.clients:
            d = c.next_decision()
            if d is not None:
                break
        else:
            self.next_slot = time.perf_counter()  # nothing sent: the slot is not used up
            first = self.clients[0]
            if first.view is not None and first.view.phase is Phase.MATCH_OVER and \
                    first.seq == self.latest_seq and self.new_match_asked != first.seq:
                self.new_match_asked = first.seq  # D1: the others consent in on_table
                self.stats.matches += 1
                await first.send(p.NewMatch(expected_seq=first.seq))
            return
        self.acting, self.acting_seq, self.private = c, c.seq, isinstance(d, Review)
        self.sent(c.seq, time.perf_counter(), self.private)
        await c.ws.send(_intent_frame(d, c.seq, f"{c.seat}-{next(c.ids)}"))

    def on_table(self, c: SeatClient, table: Any) -> p.Model | None:
        """D1: the consent to seat 1's new-match request that ``c`` must send, if any."""
        req = table.request
        if req is not None and c.seat in req.waiting and (req.id, c.seat) not in self.consented:
            self.consented.add((req.id, c.seat))  # type: ignore[arg-type]
            return p.Consent(request_id=req.id, accept=True)
        return None

    async def wait_slot(self) -> None:
        if not self.interval:
            return
        now = time.perf_counter()
        slot = max(now, self.next_slot)
        self.next_slot = slot + self.interval
        if slot > now:
            await asyncio.sleep(slot - now)

    def sent(self, expected_seq: int, at: float, private: bool) -> None:
        self.stats.moves += 1
        if not private:
            self.pending[expected_seq] = (at, set(), [at])

    def arrived(self, c: SeatClient, seq: int, at: float) -> None:
        for expected in [k for k in self.pending if k < seq]:
            t_send, seats, latest = self.pending[expected]
            seats.add(c.seat)
            latest[0] = max(latest[0], at)
            if len(seats) == 4:
                self.record(latest[0] - t_send)
                del self.pending[expected]

    async def close(self) -> None:
        self.stopping = True
        for c in self.clients:
            await c.ws.close()
        for t in self.tasks:
            t.cancel()
