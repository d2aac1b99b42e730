"""Computer players only ever return legal decisions, per decision kind, at every level (issue 4)."""
from __future__ import annotations

import random
from collections import Counter

import pytest
from botstates import order_with_doubles, random_states, review_state

from doublenine.server.bots import LEVELS, UnknownLevel, decide
from doublenine.server.bots.expert import ExpertSettings, expert_play
from doublenine.server.bots.strong import StrongSettings, strong_play
from doublenine.shared.moves import DrawPick, Nominate, Pass, Play, Review
from doublenine.shared.rules import apply
from doublenine.shared.seats import SEATS, Seat
from doublenine.shared.state import Phase
from doublenine.shared.views import SeatView, view_for

LIGHT = StrongSettings(playouts=40, min_worlds=4, max_worlds=12)
LIGHT_EXPERT = ExpertSettings(playouts=40, min_worlds=4, max_worlds=12)
"""Legality does not depend on the budget: the searching levels run light here (their full budget has its own test)."""
KINDS = {Phase.DRAW: DrawPick, Phase.NOMINATE: Nominate, Phase.REVIEW: Review, Phase.PLAY: (Play, Pass)}


def _check(state, seat, level: str, rng: random.Random) -> type:  # type: ignore[no-untyped-def]
    view = view_for(state, seat)
    assert isinstance(view, SeatView)
    if level == "strong" and state.phase is Phase.PLAY:
        d = strong_play(view, rng, LIGHT)
    elif level == "expert" and state.phase is Phase.PLAY:
        d = expert_play(view, rng, LIGHT_EXPERT)
    else:
        d = decide(view, level, rng)
    assert isinstance(d, KINDS[state.phase])
    assert d in view.legal_decisions()
    apply(state, d)  # the engine accepts it: raises IllegalMove otherwise
    return type(d)


@pytest.mark.parametrize("level", LEVELS)
def test_every_kind_legal_over_thousands_of_states(level: str) -> None:
    rng = random.Random(LEVELS.index(level))
    seen: Counter[type] = Counter()
    for state, seat in random_states(seed=11, matches=16):
        seen[_check(state, seat, level, rng)] += 1
    assert sum(seen.values()) > 2000
    assert set(seen) == {DrawPick, Nominate, Review, Play, Pass}


def test_strong_default_setting_legal_on_choices() -> None:
    rng = random.Random(3)
    done = 0
    for n, (state, seat) in enumerate(random_states(seed=12, matches=2)):
        if state.phase is Phase.PLAY and n % 3 == 0:
            view = view_for(state, seat)
            d = decide(view, "strong", rng)  # type: ignore[arg-type]
            assert d in view.legal_decisions()
            done += 1
    assert done > 100


def test_expert_default_setting_legal_on_choices() -> None:
    rng = random.Random(4)
    done = 0
    for n, (state, seat) in enumerate(random_states(seed=13, matches=1)):
        if state.phase is Phase.PLAY and n % 4 == 0:
            view = view_for(state, seat)
            d = decide(view, "expert", rng)  # type: ignore[arg-type]
            assert d in view.legal_decisions()
            done += 1
    assert done > 30


@pytest.mark.parametrize("level", LEVELS)
def test_r12_computer_always_demands_redeal_with_five_doubles(level: str) -> None:
    rng = random.Random(12)
    for doubles in (5, 6, 7):
        for seat in SEATS:
            state = review_state(order_with_doubles(seat, doubles, rng))
            view = view_for(state, seat)
            assert decide(view, level, rng) == Review(seat, True)  # type: ignore[arg-type]


@pytest.mark.parametrize("level", LEVELS)
def test_r10_accepts_with_four_doubles(level: str) -> None:
    rng = random.Random(10)
    state = review_state(order_with_doubles(Seat.TWO, 4, rng))
    assert decide(view_for(state, Seat.TWO), level, rng) == Review(Seat.TWO, False)  # type: ignore[arg-type]


def test_unknown_level_and_no_decision_raise() -> None:
    state = review_state(tuple(range(55)))
    view = view_for(state, Seat.ONE)
    with pytest.raises(UnknownLevel):
        decide(view, "grandmaster", random.Random(0))  # type: ignore[arg-type]
    answered = apply(state, Review(Seat.ONE, False))
    with pytest.raises(ValueError):
        decide(view_for(answered, Seat.ONE), "easy", random.Random(0))  # type: ignore[arg-type]
