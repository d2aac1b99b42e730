"""A match log that forgets its past matches (issue 12: memory per table bounded over an
evening) behaves exactly as the whole log: same states, same new events and shuffles, same
undo and redo, and taking events back lands where the whole log would."""
from __future__ import annotations

import random

import pytest

from doublenine.shared.errors import IllegalMove
from doublenine.shared.events import MatchLog, MatchStarted
from doublenine.shared.moves import Review
from doublenine.shared.seats import SEATS
from doublenine.shared.state import Phase
from doublenine.shared.views import view_for


def _step(log: MatchLog, rng: random.Random) -> None:
    """One random action: mostly decisions, sometimes undo, redo or a new match once over."""
    if log.state.phase is Phase.MATCH_OVER:
        log.new_match()
        return
    roll = rng.random()
    try:
        if roll < 0.05:
            log.undo(rng.choice(SEATS))
            return
        if roll < 0.08:
            log.redo()
            return
    except IllegalMove:
        pass
    seat = next(s for s in SEATS if view_for(log.state, s).legal_decisions())
    options = view_for(log.state, seat).legal_decisions()
    log.submit(next((d for d in options if isinstance(d, Review) and not d.demand_redeal), rng.choice(options)))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_log_that_forgets_past_matches_matches_the_whole_log(seed: int) -> None:
    whole, window = MatchLog(seed=seed), MatchLog(seed=seed)
    rng_a, rng_b = random.Random(seed), random.Random(seed)
    matches = 0
    while matches < 3:
        _step(whole, rng_a)
        _step(window, rng_b)
        if isinstance(window.events[-1].body, MatchStarted) or any(
                isinstance(e.body, MatchStarted) for e in window.events[-2:]):
            matches += 1
            dropped = window.forget_past_matches()
            assert dropped > 0 and window.offset == window.size - len(window.events)
        assert window.size == whole.size and window.state == whole.state
        assert window.events == whole.events[window.offset:]
        assert window.can_redo == whole.can_redo
    for _ in range(10):  # into the new match, so the events taken back are the window's own
        _step(whole, rng_a)
        _step(window, rng_b)
    # taking back the last events lands on the whole log's rebuild, generator included
    back, whole_back = window.without_last(2, seed), MatchLog(seed=seed, events=whole.events[:-2])
    assert back.state == whole_back.state and back.size == whole_back.size
    for _ in range(60):
        _step(back, rng_a)
        _step(whole_back, rng_b)
        assert back.events[-1] == whole_back.events[-1] and back.state == whole_back.state
    assert len(window.events) < whole.size  # the window really is smaller


def test_forgetting_in_the_first_match_keeps_everything() -> None:
    log = MatchLog(seed=4)
    _step(log, random.Random(4))
    assert log.forget_past_matches() == 0 and log.offset == 0
