"""The load generator's clients play real matches by the protocol (issue 12, bench/loadplay.py).

bench/load.py's game clients keep only a small model of each seat's view (phase, seq, turn,
open ends, hand mask, review answer, draw picks, entitled team) so that they stay cheaper
than the server they measure. These tests run them against a real ``doublenine serve``
process with every seat also folding the full engine view from the same frames
(``shared.convert``, pydantic-validated): after every frame the small model must equal the
full view, and every decision it makes must be the engine's first legal decision
(``SeatView.legal_decisions()``, an accept for reviews). Whole matches, new matches by
consent (D1) included, must pass without one refusal.
"""
from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path
from typing import Any

import msgpack
import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))

from load import floor_server, game_server  # noqa: E402
from loadfloor import open_groups  # noqa: E402
from loadplay import (  # noqa: E402
    ACCEPT, DRAW, NOMINATE, PASS, PLAY, PlayTable, SeatModel, Stats, _mask,
)
from wsloop import Engine  # noqa: E402

from doublenine.shared import protocol as p  # noqa: E402
from doublenine.shared.convert import advance, view_from_wire  # noqa: E402
from doublenine.shared.moves import DrawPick, End, Nominate, Pass, Play, Review  # noqa: E402
from doublenine.shared.state import Phase  # noqa: E402


def expected_prefix(view: Any) -> bytes | None:
    """The intent the engine's first legal decision asks for (what the old full client sent)."""
    options = view.legal_decisions()
    if not options:
        return None
    d = next((o for o in options if isinstance(o, Review) and not o.demand_redeal), options[0])
    if isinstance(d, Play):
        return PLAY[d.tile.index][0 if d.end is End.LEFT else 1]
    if isinstance(d, Pass):
        return PASS
    if isinstance(d, Review):
        return ACCEPT
    if isinstance(d, DrawPick):
        return DRAW[d.position]
    assert isinstance(d, Nominate)
    return NOMINATE[int(d.opener)]


class CheckedSeat(SeatModel):
    """A seat that also keeps the full view and checks its small model against it."""

    __slots__ = ("full", "checked")

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.checked = 0

    def load(self, snapshot: dict[str, Any]) -> None:
        super().load(snapshot)
        self.full = view_from_wire(p.SERVER_ADAPTER.validate_python(snapshot))

    def on_frame(self, frame: bytes) -> None:
        msg = p.SERVER_ADAPTER.validate_python(msgpack.unpackb(frame))
        if msg.type == "update":
            self.full = advance(self.full, msg)
        super().on_frame(frame)
        v = self.full
        assert (self.phase, self.turn, self.ends, self.hand, self.answered, self.entitled) == (
            v.phase.value, None if v.turn is None else int(v.turn), v.ends, _mask((t.low, t.high) for t in v.hand),
            v.answered, None if v.entitled is None else v.entitled.value), (msg, v)
        assert sorted(map(tuple, self.drawn)) == sorted((int(s), pos) for s, pos in v.draw_taken)

    def decide(self) -> tuple[bytes, bool] | None:
        mine = super().decide()
        want = expected_prefix(self.full)
        assert (None if mine is None else mine[0]) == want, (self.full, mine, want)
        if mine is not None:
            self.checked += 1
            assert mine[1] == (self.full.phase is Phase.REVIEW)
        return mine


class CheckedTable(PlayTable):
    seat_class = CheckedSeat


@pytest.mark.timeout(150)
def test_cheap_clients_play_whole_matches_like_the_full_view() -> None:
    server = game_server(":memory:")
    try:
        engine, stats = Engine(), Stats()
        tables = asyncio.run(_open(f"ws://127.0.0.1:{server.port}/", engine, stats))
        now = time.perf_counter()
        for t in tables:
            t.start(now)
        deadline = now + 120
        while not all(went_on(t) for t in tables):
            assert time.perf_counter() < deadline, (stats.matches, stats.moves)
            engine.run(time.perf_counter() + 0.25)
        for t in tables:
            t.close()
    finally:
        server.stop()
    assert stats.errors == {}
    assert stats.matches >= 2
    checked = sum(s.checked for t in tables for s in t.seats)  # type: ignore[attr-defined]
    assert checked == stats.moves  # every decision sent was checked against the full view
    assert len(stats.latencies) >= stats.moves // 2  # public decisions heard at all four seats


def went_on(t: PlayTable) -> bool:
    """The table finished a match, seat 1 asked for a new one (D1), the others consented and
    the new match's opening draw went on at every seat."""
    return t.new_match_at >= 0 and all(s.seq >= t.new_match_at + 3 for s in t.seats)


async def _open(url: str, engine: Engine, stats: Stats) -> list[PlayTable]:
    tables = [CheckedTable(engine, stats, 0.0) for _ in range(2)]
    for t in tables:
        await t.open(url)
    return tables


@pytest.mark.timeout(90)
def test_floor_groups_fan_out_every_frame_to_all_four() -> None:
    server = floor_server()
    try:
        engine, latencies = Engine(), []
        groups = asyncio.run(open_groups(f"ws://127.0.0.1:{server.port}/", engine, 3, 0, 0.0, latencies.append))
        for g in groups:
            g.start(time.perf_counter())
        deadline = time.perf_counter() + 60
        while min(g.moves for g in groups) < 100:
            assert time.perf_counter() < deadline, [g.moves for g in groups]
            engine.run(time.perf_counter() + 0.1)
        for g in groups:
            g.stopping = True  # no new frame: the ones in flight come back
        engine.run(time.perf_counter() + 1.0)
        for g in groups:
            g.close()
    finally:
        server.stop()
    # every frame sent reached all four members of its group (the sender included)
    assert len(latencies) == sum(g.moves for g in groups)
    assert [g.left for g in groups] == [0, 0, 0]
