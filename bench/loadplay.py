"""The game side of bench/load.py and bench/multiproc.py: tables of four protocol clients
that cost clearly less CPU than the server they load (issue 12).

Each seat speaks the real protocol (docs/protocol.md) on its own websocket: ``hello``, then
``create_table``/``rejoin``/``join`` at ``/t/CODE``; it reads every frame the server sends it
and keeps a small model of its own view, folded from the moves and patches as the protocol
describes (docs/protocol.md "Folding an update into the view"), holding only what deciding
needs: phase, seq, turn, the two open ends, its hand (a bit mask of tile indices, as the
engine's), whether it answered the review, the draw picks and the entitled team. From that
it makes the engine's first legal decision (``SeatView.legal_decisions()[0]``: the lowest
free draw position, its own seat as opener, accept every deal, the lowest tile that fits,
at the left end first, else pass), so the tables play the same matches as a full client;
tests/server/test_bench_client.py plays whole matches with every model checked against
``shared.convert.advance`` and its decision against the engine's after every frame.

What keeps it cheap: no pydantic and no engine view on the measured path; msgpack's C
unpacker reads each frame once per table (the four seats get the same bytes for a move: the
table keeps the last frame and its decoding); intents are pre-encoded up to their
``expected_seq``; frames are handled as bench/wsloop.py parses them, without asyncio.

A table makes one decision at a time (so none is stale), ``interval`` seconds apart (0: as
soon as the last one is settled). When a match ends, seat 1 asks for a new match and the
others consent (D1), so a table plays as long as the run lasts. Latency: from sending a
decision to its update having been read at all four seats (one clock: one process).
"""
from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import msgpack

from wsloop import Conn, Engine, connect

from doublenine.shared import protocol as p
from doublenine.shared.invite import table_url
from doublenine.shared.tiles import DOUBLE_NINE_SET

unpackb = msgpack.unpackb
pack = p.pack

INDEX = {(t.low, t.high): t.index for t in DOUBLE_NINE_SET}
BIT = {pair: 1 << i for pair, i in INDEX.items()}
FITS = [sum(t.bit for t in DOUBLE_NINE_SET if t.low == pip or t.high == pip) for pip in range(10)]
"""FITS[pip]: the mask of the tiles showing ``pip``."""
SEAT_AFTER = (0, 2, 3, 4, 1)
LOWER_SEAT = {"A": 1, "B": 2}


def _prefix(body: dict[str, Any]) -> bytes:
    """An intent's msgpack map up to the value of ``expected_seq`` (which comes last but one)."""
    fields = len(body) + 2
    head = bytes((0x80 | fields,))
    return head + b"".join(pack(k) + pack(v) for k, v in body.items()) + pack("expected_seq")  # type: ignore[no-any-return]


PLAY = [[_prefix({"type": "play", "tile": [t.low, t.high], "end": end}) for end in ("left", "right")]
        for t in DOUBLE_NINE_SET]
"""PLAY[tile index][0 left / 1 right]: the pre-encoded start of that play's intent."""
PASS = _prefix({"type": "pass"})
ACCEPT = _prefix({"type": "review", "demand_redeal": False})
NEW_MATCH = _prefix({"type": "new_match"})
DRAW = [_prefix({"type": "draw", "position": i}) for i in range(55)]
NOMINATE = [b""] + [_prefix({"type": "nominate", "opener": s}) for s in range(1, 5)]
INTENT_ID = pack("intent_id")


class Stats:
    """Counters of one process's tables."""

    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.moves = 0
        self.errors: Counter[str] = Counter()
        self.matches = 0


class SeatModel:
    """One seat's connection and what it knows (its own view, reduced to what deciding needs)."""

    __slots__ = ("table", "conn", "seat", "seq", "phase", "turn", "ends", "hand", "answered",
                 "drawn", "entitled", "ids")

    def __init__(self, table: PlayTable, conn: Conn, seat: int) -> None:
        self.table, self.conn, self.seat = table, conn, seat
        self.seq = 0
        self.phase = "draw"
        self.turn: int | None = None
        self.ends: tuple[int, int] | None = None
        self.hand = 0
        self.answered = False
        self.drawn: list[list[int]] = []
        self.entitled: str | None = None
        self.ids = 0

    def load(self, snapshot: dict[str, Any]) -> None:
        """A snapshot's ``seq`` and ``view`` (its fields, defaults left out as the server may)."""
        self.seq, view = snapshot["seq"], snapshot["view"]
        self.phase = view["phase"]
        self.turn = view.get("turn")
        ends = view.get("ends")
        self.ends = None if ends is None else (ends[0], ends[1])
        self.hand = _mask(view.get("hand", ()))
        self.answered = bool(view.get("answered", False))
        self.drawn = list(view.get("draw_taken", ()))
        self.entitled = view.get("entitled")

    def on_frame(self, frame: bytes) -> None:
        """Every frame from the server (bench/wsloop.py calls it as it parses)."""
        t = self.table
        if frame == t.last_frame:  # the same move reaches all four seats: decode it once
            msg = t.last_msg
        else:
            msg = unpackb(frame)
            t.last_frame, t.last_msg = frame, msg
        kind = msg["type"]
        if kind == "update":
            move = msg.get("move")
            if move is not None:
                self.fold_move(move)
            else:
                self.fold_patch(msg["patch"])
            t.updated(self, msg["seq"])
        elif kind == "table":
            req = msg["table"].get("request")
            if req is not None and self.seat in req.get("waiting", ()):
                t.consent(self, req["id"])
        elif kind == "error":
            t.refused(self, msg["code"])
        elif kind == "snapshot":
            seq, self.seq = self.seq, msg["seq"]
            self.load(msg)
            self.seq = seq  # updated() compares it with the snapshot's
            t.updated(self, msg["seq"])

    def fold_move(self, move: dict[str, Any]) -> None:
        """A play or pass that left the hand running (R14, R15)."""
        seat = move["seat"]
        self.turn = SEAT_AFTER[seat]
        if move["kind"] == "play":
            a, b = move["tile"]
            ends = self.ends
            if ends is None:  # the lead: ``end`` is its orientation
                self.ends = (a, b) if move["end"] == "left" else (b, a)
            elif move["end"] == "left":
                self.ends = (b if ends[0] == a else a, ends[1])
            else:
                self.ends = (ends[0], b if ends[1] == a else a)
            if seat == self.seat:
                self.hand &= ~BIT[(a, b) if a <= b else (b, a)]

    def fold_patch(self, patch: dict[str, Any]) -> None:
        """Fields replaced, lists appended (``_add``), fields cleared: only the ones kept."""
        for name, value in patch.items():
            if name == "phase":
                self.phase = value
            elif name == "turn":
                self.turn = value
            elif name == "ends":
                self.ends = (value[0], value[1])
            elif name == "hand":
                self.hand = _mask(value)
            elif name == "answered":
                self.answered = value
            elif name == "draw_taken":
                self.drawn = list(value)
            elif name == "draw_taken_add":
                self.drawn += value
            elif name == "entitled":
                self.entitled = value
            elif name == "clear":
                for gone in value:
                    if gone == "turn":
                        self.turn = None
                    elif gone == "ends":
                        self.ends = None
                    elif gone == "entitled":
                        self.entitled = None

    def decide(self) -> tuple[bytes, bool] | None:
        """This seat's next intent (all but its ``expected_seq`` and id) and whether it is
        private (a review accept, R10); None when the view asks nothing of this seat."""
        phase = self.phase
        if phase == "play":
            if self.turn != self.seat:
                return None
            ends = self.ends
            if ends is None:  # R14: the lead, any tile, laid as it reads
                fit = self.hand & -self.hand
                return (PLAY[fit.bit_length() - 1][0], False) if fit else None
            fit = self.hand & (FITS[ends[0]] | FITS[ends[1]])
            if not fit:
                return PASS, False  # D4
            fit &= -fit  # the lowest tile that fits, at the left end if it fits there
            return PLAY[fit.bit_length() - 1][0 if fit & FITS[ends[0]] else 1], False
        if phase == "review":
            return None if self.answered else (ACCEPT, True)
        if phase == "draw":
            if self.seat > 2 or any(s == self.seat for s, _ in self.drawn):
                return None
            taken = {pos for _, pos in self.drawn}
            return DRAW[next(i for i in range(55) if i not in taken)], False
        if phase == "nominate":
            return (NOMINATE[self.seat], False) if LOWER_SEAT.get(self.entitled or "") == self.seat else None
        return None

    def send(self, prefix: bytes) -> None:
        self.ids += 1
        self.conn.send(prefix + pack(self.seq) + INTENT_ID + pack(str(self.ids)))


def _mask(tiles: Any) -> int:
    m = 0
    for a, b in tiles:
        m |= BIT[(a, b) if a <= b else (b, a)]
    return m


class PlayTable:
    """Four seats at one table, one decision in flight at a time, ``interval`` s apart."""

    seat_class: type[SeatModel] = SeatModel

    def __init__(self, engine: Engine, stats: Stats, interval: float) -> None:
        self.engine, self.stats, self.interval = engine, stats, interval
        self.seats: list[SeatModel] = []
        self.last_frame: bytes = b""
        self.last_msg: Any = None
        self.latest = 0
        """The highest seq any seat has read."""
        self.acting: SeatModel | None = None
        self.acting_seq = 0
        self.acting_private = False
        self.pending: dict[int, list[float]] = {}
        """seq a public decision was sent at -> [sent at, seats that read its update]."""
        self.next_slot = 0.0
        self.timed = False
        self.consented: set[tuple[int, int]] = set()
        self.new_match_at = -1
        self.stopping = False

    async def open(self, url: str) -> None:
        """Create the table at seat 1 on a connection of its own, then connect four seats at
        ``/t/CODE`` (how nginx routes a table to its process, docs/operations.md)."""
        maker = await connect(url)
        await _say(maker, p.Hello(protocol_version=p.PROTOCOL_VERSION, client="bench/load.py"), "welcome")
        joined = await _say(maker, p.CreateTable(seats=tuple(p.SeatSpec(kind="human") for _ in range(4)),
                                                 sit=1, name="L1"), "joined")
        maker.close()
        at = table_url(url, joined["code"])
        for n in range(1, 5):
            conn = await connect(at)
            await _say(conn, p.Hello(protocol_version=p.PROTOCOL_VERSION, client="bench/load.py"), "welcome")
            attach = p.Rejoin(code=joined["code"], token=joined["token"]) if n == 1 else \
                p.Join(code=joined["code"], seat=n, name=f"L{n}")
            await _say(conn, attach, "joined")
            snap = await _expect(conn, "snapshot")
            seat = self.seat_class(self, conn, n)
            seat.load(snap)
            self.seats.append(seat)

    def start(self, first_slot: float) -> None:
        """Hand the four connections to the engine; the first decision at ``first_slot``."""
        self.next_slot = first_slot
        self.latest = max(s.seq for s in self.seats)
        for s in self.seats:
            self.engine.add(s.conn, s.on_frame)
        self._later(first_slot)

    def _later(self, when: float) -> None:
        if not self.timed:
            self.timed = True
            self.engine.later(when, self._timer)

    def _timer(self) -> None:
        self.timed = False
        self.poke_all()

    def updated(self, seat: SeatModel, seq: int) -> None:
        """``seat`` read an update (or a snapshot) that brought it to ``seq``."""
        old, seat.seq = seat.seq, seq
        if seq > self.latest:
            self.latest = seq
        if seq > old:
            sent = self.pending.get(seq - 1)
            if sent is not None:
                sent[1] += 1
                if sent[1] == 4:
                    self.stats.latencies.append(time.perf_counter() - sent[0])
                    del self.pending[seq - 1]
        if self.acting is seat and (seq > self.acting_seq or self.acting_private):
            self.acting = None
            self.poke_all()
        elif self.acting is None:
            self.poke(seat)

    def refused(self, seat: SeatModel, code: str) -> None:
        self.stats.errors[code] += 1
        if self.acting is seat:
            self.acting = None
            self.pending.pop(seat.seq, None)
            self._later(time.perf_counter() + 0.01)  # look again, without spinning on a refusal

    def consent(self, seat: SeatModel, request_id: int) -> None:
        """D1: consent once to each request this seat is asked about (seat 1's new match)."""
        if (request_id, seat.seat) not in self.consented:
            self.consented.add((request_id, seat.seat))
            seat.conn.send(pack({"type": "consent", "request_id": request_id, "accept": True}))

    def poke_all(self) -> None:
        for s in self.seats:
            if self.acting is not None:
                return
            self.poke(s)

    def poke(self, seat: SeatModel) -> None:
        """Let ``seat`` act if it must and has read the latest seq (nobody else is acting)."""
        if seat.seq != self.latest or self.stopping or self.timed:
            return
        d = seat.decide()
        if d is None:
            if seat.seat == 1 and seat.phase == "match_over" and self.new_match_at != seat.seq:
                self.new_match_at = seat.seq  # D1: the others consent when the request shows
                self.stats.matches += 1
                seat.send(NEW_MATCH)
            return
        now = time.perf_counter()
        if self.interval:
            if self.next_slot > now:
                self._later(self.next_slot)
                return
            self.next_slot = max(now, self.next_slot) + self.interval
        prefix, private = d
        self.acting, self.acting_seq, self.acting_private = seat, seat.seq, private
        self.stats.moves += 1
        if not private:
            self.pending[seat.seq] = [now, 0]
        seat.send(prefix)

    def close(self) -> None:
        self.stopping = True
        for s in self.seats:
            s.conn.close()


async def _say(conn: Conn, msg: p.Model, answer: str) -> dict[str, Any]:
    conn.send(p.encode(msg))
    return await _expect(conn, answer)


async def _expect(conn: Conn, kind: str) -> dict[str, Any]:
    """Set-up: read frames until one of type ``kind``; a refusal stops the bench."""
    while True:
        msg = unpackb(await conn.recv(30))
        if msg["type"] == "error":
            raise RuntimeError(f"set-up refused: {msg['code']} {msg.get('detail', '')}")
        if msg["type"] == kind:
            return msg  # type: ignore[no-any-return]


async def open_tables(url: str, engine: Engine, stats: Stats, tables: int, interval: float,
                      concurrency: int = 25) -> list[PlayTable]:
    """``tables`` tables, opened ``concurrency`` at a time."""
    import asyncio

    ts = [PlayTable(engine, stats, interval) for _ in range(tables)]
    sem = asyncio.Semaphore(concurrency)

    async def one(t: PlayTable) -> None:
        async with sem:
            await t.open(url)

    await asyncio.gather(*(one(t) for t in ts))
    return ts


def play(engine: Engine, tables: list[PlayTable], stats: Stats, interval: float, warmup: float,
         seconds: float, on_measured: Callable[[], None] | None = None) -> dict[str, Any]:
    """Play for ``warmup`` + ``seconds``; the figures of the measured ``seconds``."""
    now = time.perf_counter()
    for i, t in enumerate(tables):  # spread the first decisions over one interval
        t.start(now + interval * i / max(1, len(tables)))
    engine.run(now + warmup)
    stats.latencies.clear()
    moves0, t0, cpu0 = stats.moves, time.perf_counter(), time.process_time()
    engine.run(t0 + seconds)
    moves1, t1, cpu1 = stats.moves, time.perf_counter(), time.process_time()
    for t in tables:
        t.close()
    return {"moves": moves1 - moves0, "elapsed": t1 - t0, "latencies": list(stats.latencies),
            "errors": dict(stats.errors), "matches": stats.matches, "cpu": (cpu1 - cpu0) / (t1 - t0)}
