"""Work a stranger can queue at the coach is bounded and dropped when nobody waits for it
(attacker finding: one seat undoing into a finished hand, replaying, asking and reconnecting
queued 53 reviews from one address in 40 s; another address's review took 230 s instead of 3 s;
the worker went on ~290 s after the attacker left; the redeal answer, ~20 play decisions' cost,
was one turn and was recomputed for every replayed variant)."""
from __future__ import annotations

import asyncio
from contextlib import asynccontextmanager
from dataclasses import replace

import pytest

from doublenine.server import coach, coachdeal, coaching
from doublenine.server.table import Refused
from doublenine.shared import protocol as p
from doublenine.shared.seats import Seat
from doublenine.shared.tiles import DOUBLE_NINE_SET, Tile, mask_of

from .conftest import eventually
from .test_coach_frames import _first_hand

HOG, VICTIM = "203.0.113.0/24", "198.51.100.0/24"


class Asker:
    """A connection as the coach desk sees it."""

    def __init__(self, group: str) -> None:
        self.group, self.closed, self.coaching = group, False, False
        self.frames: list[bytes] = []
        self.errors: list[str] = []

    def send(self, frame: bytes) -> None:
        self.frames.append(frame)

    def error(self, code: object, message: str) -> None:
        self.errors.append(str(code))


def _logged_turns(brain) -> list[object]:  # type: ignore[no-untyped-def]
    """The groups in the order they were given the coach's turn."""
    real, order = brain.coach_turns.turn, []

    @asynccontextmanager
    async def logged(group):  # type: ignore[no-untyped-def]
        async with real(group):
            order.append(group)
            yield

    brain.coach_turns.turn = logged
    return order


def _quick(brain, calls: list[object], gate: asyncio.Event | None = None) -> None:  # type: ignore[no-untyped-def]
    """A worker that answers each decision at once (a forced-looking row), counting the calls."""
    async def in_coach(fn, *args):  # type: ignore[no-untyped-def]
        calls.append(fn)
        if gate is not None:
            await gate.wait()
        await asyncio.sleep(0.001)
        at, _view, move = args[:3]
        return coach.CoachRow(at, "play", move, move, forced=True)
    brain.in_coach = in_coach


async def test_reviews_are_bounded_per_seat_across_reconnections_and_per_address_group(
        make_server, monkeypatch: pytest.MonkeyPatch) -> None:
    server = await make_server()
    host, table = await _first_hand(server)
    gate = asyncio.Event()
    calls: list[object] = []
    _quick(server.brain, calls, gate)
    monkeypatch.setattr(coaching, "PER_GROUP", 2)
    desk = table.coach_desk
    first, rejoined = Asker(HOG), Asker(HOG)
    desk.ask(first, Seat.ONE, 1, 1)
    desk.ask(rejoined, Seat.ONE, 1, 1)  # the same review after a reconnection: joined, no new work
    assert len(desk.running) == 1 and server.brain.coach_pending == {HOG: 1}
    h = table.state.finished[0]
    replayed = replace(h, moves=h.moves[:-1])  # an undone and differently replayed hand: another review
    monkeypatch.setattr(coach, "plan_review", lambda *a: (replayed, [], []))
    with pytest.raises(Refused) as seat_busy:
        desk.ask(Asker(HOG), Seat.ONE, 1, 1)
    assert seat_busy.value.code == "COACH_PENDING"
    desk.ask(Asker(HOG), Seat.TWO, 1, 1)
    with pytest.raises(Refused) as group_busy:
        desk.ask(Asker(HOG), Seat.THREE, 1, 1)  # a third from the same address group
    assert group_busy.value.code == "COACH_PENDING" and server.brain.coach_pending == {HOG: 2}
    desk.ask(Asker(VICTIM), Seat.THREE, 1, 1)  # another address is not refused
    gate.set()
    await eventually(lambda: not desk.running)
    assert server.brain.coach_pending == {}


async def test_reviews_over_all_groups_are_capped_with_rate_limited(
        make_server, monkeypatch: pytest.MonkeyPatch) -> None:
    """Attacker s9 found hints queued by many cheap groups without a total bound; the coach had the
    same kind: 8 groups x 4 reviews. Now 8 reviews over all groups, then RATE_LIMITED."""
    server = await make_server()
    host, table = await _first_hand(server)
    gate = asyncio.Event()
    calls: list[object] = []
    _quick(server.brain, calls, gate)
    monkeypatch.setattr(coaching, "TOTAL", 2)
    desk = table.coach_desk
    desk.ask(Asker("2001:db8:1::/64"), Seat.ONE, 1, 1)
    desk.ask(Asker("2001:db8:2::/64"), Seat.TWO, 1, 1)
    with pytest.raises(Refused) as full:
        desk.ask(Asker("2001:db8:3::/64"), Seat.THREE, 1, 1)
    assert (full.value.code, full.value.data) == ("RATE_LIMITED", {"limit": "coach", "retry_ms": coaching.RETRY_MS})
    assert sum(server.brain.coach_pending.values()) == 2
    gate.set()
    await eventually(lambda: not desk.running)
    desk.ask(Asker("2001:db8:3::/64"), Seat.THREE, 1, 1)  # room again
    await eventually(lambda: not desk.running)
    assert server.brain.coach_pending == {}


async def test_many_reviews_from_one_group_delay_anothers_by_one_turn_per_round(
        make_server, monkeypatch: pytest.MonkeyPatch) -> None:
    server = await make_server()
    host, table = await _first_hand(server)
    calls: list[object] = []
    _quick(server.brain, calls)
    order = _logged_turns(server.brain)
    monkeypatch.setattr(coaching, "PER_GROUP", 3)
    desk = table.coach_desk
    hog = [Asker(HOG) for _ in range(3)]
    for asker, seat in zip(hog, (Seat.ONE, Seat.TWO, Seat.THREE)):
        desk.ask(asker, seat, 1, 1)
    victim = Asker(VICTIM)
    desk.ask(victim, Seat.FOUR, 1, 1)
    await eventually(lambda: bool(victim.frames))
    k = order.count(VICTIM)
    last = len(order) - 1 - order[::-1].index(VICTIM)
    assert k and last <= 2 * k + 1  # at most one hog turn before each of the victim's, plus the one running
    await eventually(lambda: all(a.frames for a in hog))
    hog_turns = order.count(HOG)
    assert hog_turns > 2 * k and last < len(order) - 1  # the hog had more queued: fairness, not luck


async def test_a_review_whose_asker_left_is_dropped_over_the_network(make_server) -> None:
    server = await make_server()
    host, table = await _first_hand(server)
    gate = asyncio.Event()
    calls: list[object] = []
    _quick(server.brain, calls, gate)
    await host.send({"type": "coach", "match": 1, "hand": 1})
    await eventually(lambda: len(calls) == 1)
    await host.ws.close()  # the asker leaves while its first decision is being measured
    await eventually(lambda: not table.coach_desk.running)
    gate.set()
    await eventually(lambda: server.brain.coach_pending == {})  # the job under way ends 0.001 s on, or later
    await asyncio.sleep(0.05)
    jobs = coach.plan_review(table.state, 1, 1, Seat.ONE, table.meta.seed)[2]
    assert len(jobs) > 1 and len(calls) == 1  # no further turn was taken
    assert server.brain.coach_pending == {} and not table.coach_desk.reviews  # nothing half-kept


async def test_a_closed_tables_reviews_are_cancelled(make_server) -> None:
    server = await make_server()
    host, table = await _first_hand(server)
    gate = asyncio.Event()
    calls: list[object] = []
    _quick(server.brain, calls, gate)
    table.coach_desk.ask(Asker(HOG), Seat.TWO, 1, 1)
    await eventually(lambda: len(calls) == 1)
    await table.close()
    await eventually(lambda: not table.coach_desk.running)
    gate.set()
    await eventually(lambda: server.brain.coach_pending == {})  # the job under way ends 0.001 s on, or later
    await asyncio.sleep(0.05)
    assert len(calls) == 1 and server.brain.coach_pending == {}


async def test_the_redeal_answer_is_shared_by_replayed_hands_and_taken_in_chunks(
        make_server, monkeypatch: pytest.MonkeyPatch) -> None:
    """R10: the answer depends on the dealt hand, opener, scores and seed only: measured once for
    every replay of the hand, one chunk of hands per turn, exactly review_answer's row."""
    server = await make_server()
    host, table = await _first_hand(server)
    h = table.state.finished[0]
    six = mask_of([Tile(d, d) for d in (0, 2, 4, 6, 8, 9)] + [Tile(1, 3), Tile(3, 5), Tile(5, 7), Tile(7, 9)])
    rest = [t.bit for t in DOUBLE_NINE_SET if not six & t.bit]
    kept = replace(h, dealt_masks=(six, sum(rest[0:10]), sum(rest[10:20]), sum(rest[20:30])))
    settings = coachdeal.RedealSettings(worlds=40, deals=30)
    monkeypatch.setattr(coachdeal, "ANSWER_CHUNK", 10)
    order = _logged_turns(server.brain)
    desk = table.coach_desk
    first = coach.plan_answer(kept, Seat.ONE, table.meta.seed, settings)
    again = coach.plan_answer(replace(kept, moves=kept.moves[:-1]), Seat.ONE, table.meta.seed, settings)
    a, b = await asyncio.gather(desk._answer(first, HOG), desk._answer(again, HOG))
    assert a == b and order == [HOG] * 7  # 4 + 3 turns of 10 hands, once for both variants
    expected = coach.review_answer(*coach.plan_answer(kept, Seat.ONE, table.meta.seed, settings))
    assert a == expected
    assert await desk._answer(again, HOG) == expected and len(order) == 7  # kept: no new turn


def test_chunks_cover_the_budget_exactly() -> None:
    assert coachdeal.chunks(320, 150) == [150, 150, 20]
    assert coachdeal.chunks(1500) == [150] * 10
    assert coachdeal.chunks(0, 150) == []
