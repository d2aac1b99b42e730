"""Property tests over seeded random full matches (DESIGN "Testing", the OpenSpiel random_sim idea).

Each example plays a match through :class:`MatchLog` with uniformly random legal
decisions, mixed with random undo, redo, restart and new match, and checks at
every step: the 55 tiles are conserved (R1, R9), no view leaks a hidden tile
(R21, R22, D8), the ledger never shows unused tiles (D9), ``replay`` of the log
equals the log's state, and undo then redo is the identity (R27). Example counts
are modest; together they cover thousands of random decisions.
"""
from __future__ import annotations

import dataclasses
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from doublenine.shared.errors import IllegalMove
from doublenine.shared.events import MatchLog, replay
from doublenine.shared.rules import legal_decisions, to_act
from doublenine.shared.seats import SEATS
from doublenine.shared.state import Deal, FinishedHand, MatchState, Phase
from doublenine.shared.tiles import DOUBLE_NINE_SET, FULL_MASK, Tile, mask_of
from doublenine.shared.views import SeatView, SpectatorView, view_for

SEEDS = st.integers(min_value=0, max_value=2**63)
LEDGER_FIELDS = ("draws", "redeals", "finished", "past")
"""View fields that are public records (R13, R21, R22): equal to the state's."""


def _settings(examples: int) -> settings:
    return settings(max_examples=examples, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow])


def tiles_in(obj: object) -> set[Tile]:
    """Every tile reachable from ``obj`` through dataclass fields and containers."""
    if isinstance(obj, Tile):
        return {obj}
    out: set[Tile] = set()
    if isinstance(obj, (tuple, list, frozenset, set)):
        for x in obj:
            out |= tiles_in(x)
    elif dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            out |= tiles_in(getattr(obj, f.name))
        for name in _TILE_PROPERTIES.get(type(obj), ()):  # tiles held as bit masks count too
            out |= tiles_in(getattr(obj, name))
    return out


_TILE_PROPERTIES: dict[type, tuple[str, ...]] = {Deal: ("hands", "unused"), FinishedHand: ("dealt", "left")}


# ---------------------------------------------------------------- invariants

def check_conservation(state: MatchState) -> None:
    """R1, R9: hands + line + unused hold each of the 55 tiles exactly once."""
    if state.deal is None:
        return
    unused = mask_of(state.deal.unused)
    if state.phase is Phase.REVIEW or state.hand is None:
        masks = list(state.deal.masks)
    else:
        masks = list(state.hand.hands) + [mask_of(p.tile for p in state.hand.line)]
    total = unused
    for m in masks:
        assert not total & m, "a tile is in two places"
        total |= m
    assert total == FULL_MASK
    assert sum(m.bit_count() for m in masks) + len(state.deal.unused) == len(DOUBLE_NINE_SET)
    if state.hand is not None and state.hand.line:
        line = state.hand.line
        assert all(a.right == b.left for a, b in zip(_spatial(line), _spatial(line)[1:]))


def _spatial(line: tuple[object, ...]) -> list[object]:
    from doublenine.shared.handscript import spatial_line

    return spatial_line(line)  # type: ignore[arg-type]


def check_ledger(finished: tuple[FinishedHand, ...]) -> None:
    """D9/R22: a finished hand shows its four dealt hands and nothing else (no unused tile)."""
    for done in finished:
        dealt = set().union(*done.dealt)
        assert len(dealt) == 40
        assert tiles_in(done) == dealt


def check_views(state: MatchState) -> None:
    """R21, R22, D8: a view holds its own hand and public things only."""
    line = set(p.tile for p in state.hand.line) if state.hand is not None else set()
    for seat in (None, *SEATS):
        view = view_for(state, seat)
        for f in dataclasses.fields(view):
            value = getattr(view, f.name)
            if f.name in LEDGER_FIELDS:
                assert value == getattr(state, f.name)
            elif f.name == "hand":
                assert seat is not None and value == _own_hand(state, seat)
            else:
                assert tiles_in(value) <= line, f"{f.name} leaks to seat {seat}"
        assert isinstance(view, SeatView) == (seat is not None)
        assert isinstance(view, SpectatorView)
        if isinstance(view, SeatView):  # R23: a seat's options follow from its view alone
            assert view.legal_decisions() == legal_decisions(state, view.viewer)
            assert (view.viewer in view.waiting_for()) >= (view.viewer in to_act(state))


def _own_hand(state: MatchState, seat: int) -> frozenset[Tile]:
    if state.phase is Phase.REVIEW and state.deal is not None:
        return state.deal.hands[seat - 1]
    if state.phase is Phase.PLAY and state.hand is not None:
        return state.hand.hand(SEATS[seat - 1])
    return frozenset()


def check_all(log: MatchLog, full_replay: bool) -> None:
    state = log.state
    check_conservation(state)
    check_views(state)
    check_ledger(state.finished)
    if full_replay:
        assert replay(log.events) == state


# ---------------------------------------------------------------- random matches

def random_step(log: MatchLog, rnd: random.Random, controls: bool) -> str:
    """One random decision, or (with ``controls``) sometimes an undo, redo, restart or new match."""
    state = log.state
    roll = rnd.random() if controls else 1.0
    if state.phase is Phase.MATCH_OVER:
        log.new_match()
        return "new_match"
    if roll < 0.04:
        seat = rnd.choice(SEATS)
        if log.undo_target(seat) is not None:
            log.undo(seat)
            return "undo"
    elif roll < 0.07 and log.can_redo:
        log.redo()
        return "redo"
    elif roll < 0.08 and state.phase is Phase.PLAY:
        log.restart()
        return "restart"
    elif roll < 0.082:
        log.new_match()
        return "new_match"
    seat = rnd.choice(sorted(to_act(state)))
    log.submit(rnd.choice(legal_decisions(state, seat)))
    return "decide"


def play(seed: int, steps: int, controls: bool, full_replay_every: int = 1) -> MatchLog:
    log = MatchLog(seed=seed)
    rnd = random.Random(seed ^ 0x5EED)
    for i in range(steps):
        random_step(log, rnd, controls)
        check_all(log, full_replay=i % full_replay_every == 0)
    assert replay(log.events) == log.state
    return log


@_settings(12)
@given(SEEDS)
def test_r1_r9_r21_r22_random_matches_keep_every_invariant(seed: int) -> None:
    log = play(seed, 420, controls=False, full_replay_every=25)
    assert log.state.finished or log.state.past


@_settings(12)
@given(SEEDS)
def test_r27_r28_random_undo_redo_restart_keep_replay_equal(seed: int) -> None:
    log = play(seed, 300, controls=True, full_replay_every=1)
    assert len(log.events) > 300


@_settings(15)
@given(SEEDS, st.integers(min_value=20, max_value=220))
def test_r27_undo_then_redo_is_the_identity(seed: int, steps: int) -> None:
    log = MatchLog(seed=seed)
    rnd = random.Random(seed)
    for _ in range(steps):
        random_step(log, rnd, controls=False)
    before = log.state
    seats = [s for s in SEATS if log.undo_target(s) is not None]
    for seat in seats:
        log.undo(seat)
        assert log.state != before
        log.redo()
        assert log.state == before
    assert replay(log.events) == before


@_settings(8)
@given(SEEDS)
def test_r24_same_seed_and_decisions_give_the_same_match(seed: int) -> None:
    one = play(seed, 150, controls=True, full_replay_every=50)
    two = play(seed, 150, controls=True, full_replay_every=50)
    assert [e.body for e in one.events] == [e.body for e in two.events]
    assert one.state == two.state
    resumed = MatchLog(seed=seed, events=one.events)  # a stored log resumes where it stood
    assert resumed.state == one.state


def test_r27_undo_refused_leaves_the_log_unchanged() -> None:
    log = MatchLog(seed=3)
    before = list(log.events)
    for seat in SEATS:
        try:
            log.undo(seat)
        except IllegalMove:
            pass
    assert log.events == before
