"""R27: undo and redo deep into a long match give exactly the states the log passed through.

The match log keeps only sparse checkpoints of its states (shared/events.py), so an
undo re-folds from the nearest one; these tests cross checkpoint boundaries.
"""
from __future__ import annotations

from doublenine.shared.events import _CHECKPOINT_EVERY, MatchLog, Undone, replay
from doublenine.shared.seats import SEATS
from doublenine.shared.state import MatchState, Phase

from enginekit import first_choice


def long_log(steps: int) -> tuple[MatchLog, dict[int, MatchState]]:
    """A seeded log driven by first choices; maps each event count to the state after it."""
    log = MatchLog(seed=11)
    seen = {len(log.events): log.state}
    for _ in range(steps):
        if log.state.phase is Phase.MATCH_OVER:
            break
        log.submit(first_choice(log.state))
        seen[len(log.events)] = log.state
    return log, seen


def test_r27_undo_far_into_a_match_returns_the_exact_earlier_state() -> None:
    log, seen = long_log(200)
    assert len(log.events) > 2 * _CHECKPOINT_EVERY  # several checkpoints behind us
    undone = 0
    for seat in SEATS:
        target = log.undo_target(seat)
        if target is None:
            continue
        events = log.undo(seat)
        assert isinstance(events[0].body, Undone)
        assert log.state == seen[target]
        assert log.state == replay(log.events)
        undone += 1
        log.redo()
        assert log.state == seen[max(seen)]
    assert undone == 4


def test_r27_repeated_undo_walks_back_across_checkpoints() -> None:
    log, seen = long_log(_CHECKPOINT_EVERY + 16)
    seat = SEATS[0]
    for _ in range(6):
        target = log.undo_target(seat)
        if target is None:
            break
        log.undo(seat)
        assert log.state == seen[target]
    assert log.state == replay(log.events)
    while log.can_redo:
        log.redo()
        assert log.state == replay(log.events)
    assert log.state == seen[max(seen)]
