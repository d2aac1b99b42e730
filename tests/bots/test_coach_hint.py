"""The coach and the hint agree (R25, issue 14.2): the expert's best is chosen as the expert plays,
the best mean plus its prior on the normal score, so a move the hint would advise is never a mistake.
A new player who followed Hint was told "1 mistake, lost 3.6 points": 5-9 played (shedding weight,
which the prior favours) against 1-5 by the rollout mean alone."""
from __future__ import annotations

import random

from test_bot_expert import _views

from doublenine.server import coach
from doublenine.server.bots.expert import DEFAULT, Estimate
from doublenine.server.bots.heuristic import score_play
from doublenine.server.bots.knowledge import knowledge
from doublenine.shared.moves import Play


def _position():  # type: ignore[no-untyped-def]
    """A play with two tiles whose normal scores differ by more than 10 (weight, say)."""
    for view in _views(51, 4):
        if view.turn != view.viewer or view.ends is None:
            continue
        k = knowledge(view)
        plays = [m for m in view.legal_moves() if isinstance(m, Play)]
        if len({m.tile for m in plays}) != 2:
            continue
        scored = sorted(plays, key=lambda m: score_play(k, m.tile, m.end))
        low, high = scored[0], scored[-1]
        if low.tile != high.tile and score_play(k, high.tile, high.end) - score_play(k, low.tile, low.end) > 10:
            return view, k, low, high
    raise AssertionError("no such position")


def _stub(means):  # type: ignore[no-untyped-def]
    return lambda view, rng: {m: Estimate(means[m.tile], 0.1, 3000) for m in view.legal_moves()}


def test_a_move_the_expert_prefers_by_its_prior_is_not_a_mistake() -> None:
    view, k, low, high = _position()
    gap = DEFAULT.prior * (score_play(k, high.tile, high.end) - score_play(k, low.tile, low.end))
    loss = min(3.6, gap - 0.5)  # the mean prefers the low tile by less than the prior prefers the high one
    assert loss > coach.THRESHOLD
    row = coach.review_decision(5, view, high, random.Random(1), _stub({low.tile: loss, high.tile: 0.0}))
    assert (row.mistake, row.best, row.loss) == (False, high, 0.0)


def test_a_mean_gap_beyond_the_prior_is_still_a_mistake() -> None:
    view, k, low, high = _position()
    gap = DEFAULT.prior * (score_play(k, high.tile, high.end) - score_play(k, low.tile, low.end))
    row = coach.review_decision(5, view, high, random.Random(1), _stub({low.tile: gap + 2.0, high.tile: 0.0}))
    assert row.mistake is True and row.best.tile == low.tile
    assert abs(row.loss - (gap + 2.0)) < 1e-9
