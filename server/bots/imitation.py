"""Rollout weights fitted to predict real players' plays: imitation (issue 14, docs/computer-players.md).

The expert's rollouts must predict what the other seats will do. The default rollouts play the
``normal`` level's score (:func:`.rankplay.normal_rollout`); these are the weights of the same kind
of linear score (:data:`.rankplay.WEIGHT_KEYS`, :func:`.rankplay.weighted_rollout`) fitted by
maximum likelihood, as a conditional logit over each decision's distinct plays, to the choices of
``strong`` and ``expert`` seats in strong-against-expert matches (``bench/imitate.py``: the features
read from each seat's view as the rollout reads them). Used by ``ExpertSettings(rollout="fitted")``
(opponents as strong players, the seat and its partner as expert players) and ``"pooled"``.
"""
from __future__ import annotations

from .rankplay import NORMAL_WEIGHTS, WEIGHT_KEYS

STRONG: dict[str, float] = dict(
    pips=0.577, double=2.932, follow=1.319, next_void=2.726, next_locked=3.828, last_void=0.959,
    partner_locked=3.685, unseen=0.044, close=0.000, control=0.599, pnum=1.218, onum=1.171,
    unseen_next=0.135, unseen_sq=-0.084)
"""Fitted on strong seats' play decisions: 10,344 of 12,949 logged from 294 strong-against-expert matches
(``bench/imitate.py log --matches 294 --seed 7``, then ``fit``; docs/computer-players.md)."""
EXPERT: dict[str, float] = dict(
    pips=0.276, double=1.670, follow=0.629, next_void=1.490, next_locked=1.375, last_void=0.312,
    partner_locked=0.931, unseen=0.219, close=0.000, control=0.462, pnum=0.419, onum=0.668,
    unseen_next=0.012, unseen_sq=-0.072)
"""Fitted on expert seats' play decisions (10,378 of 13,036, the same matches)."""
POOLED: dict[str, float] = dict(
    pips=0.373, double=2.055, follow=0.847, next_void=1.793, next_locked=2.197, last_void=0.505,
    partner_locked=1.917, unseen=0.136, close=0.000, control=0.498, pnum=0.689, onum=0.825,
    unseen_next=0.062, unseen_sq=-0.070)
"""Fitted on both (20,722 decisions)."""


def as_tuple(weights: dict[str, float]) -> tuple[float, ...]:
    """A weight dict (keys of :data:`.rankplay.WEIGHT_KEYS`, missing keys 0) as a weight tuple.
    Raises ``KeyError`` for an unknown key."""
    unknown = set(weights) - set(WEIGHT_KEYS)
    if unknown:
        raise KeyError(f"unknown weight keys {sorted(unknown)}")
    return tuple(float(weights.get(key, 0.0)) for key in WEIGHT_KEYS)


def rollout_weights(me: int, model: str) -> list[tuple[float, ...]]:
    """Per seat index the rollout weights for seat index ``me``'s rollouts with ``ExpertSettings.rollout``
    ``model``: "fitted" (``me`` and its partner :data:`EXPERT`, the opponents :data:`STRONG`), "pooled"
    (:data:`POOLED` for all) or "normal" (:data:`.rankplay.NORMAL_WEIGHTS` for all). Raises ``ValueError``
    for another model."""
    if model == "normal":
        return [NORMAL_WEIGHTS] * 4
    if model == "pooled":
        return [as_tuple(POOLED)] * 4
    if model == "fitted":
        ours, theirs = as_tuple(EXPERT), as_tuple(STRONG)
        return [ours if (seat - me) % 2 == 0 else theirs for seat in range(4)]
    raise ValueError(f"unknown rollout model {model!r}")
