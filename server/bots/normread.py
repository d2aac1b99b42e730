"""Reading the plays of the hand with the ``normal`` score as the play model (issue 14, R21, R22, R23).

The searching levels choose close to the ``normal`` level's score (the
``strong`` level adds twice that score to its rollout means), and so do most
players who follow the partnership maxims: shed weight and doubles, keep open
the numbers the next opponent passed on, never close both ends on the partner,
support the partner's numbers (:func:`.heuristic.score_play`). This module
models a seat's choice among the moves it had as a softmax of that score,

    P(move | options) = exp(lam * S(move)) / sum over options exp(lam * S(option)),

with ``lam`` (1/point) fitted per seat by maximum a posteriori on the match's
finished hands (R22: every hand as dealt and every move is public once the hand
ended, so each seat's real options can be scored exactly; Bishop, *Pattern
Recognition and Machine Learning*, 1.2.5).

For the hand in play only the *public* part of the score is known for a tile
the seat may hold (everything but how many of its other tiles follow the new
ends, and at the lead how many share the tile's numbers). Each play of tile
``c`` by seat ``s`` when a hidden tile ``t`` would also have fitted multiplies
the affinity of ``t`` for ``s`` by ``sigmoid(lam * (S(c) - S(t)))``: the chance
that ``c`` was preferred to ``t`` (Bradley-Terry pairs, as :mod:`.inference`
does with "heavier first"). The product is the world weight of
:class:`.worlds.RankWorlds`; passes stay hard facts in the chain (R15).
"""
from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Iterator

from doublenine.shared.moves import End, Move, Pass, Play
from doublenine.shared.state import FinishedHand
from doublenine.shared.tiles import DOUBLE_NINE_SET, FULL_MASK
from doublenine.shared.views import SpectatorView, ends_before_each

from .heuristic import (W_DOUBLE, W_LAST_VOID, W_NEXT_LOCKED, W_NEXT_VOID, W_OPPONENT_NUMBER,
                        W_PARTNER_LOCKED, W_PARTNER_NUMBER, W_PIPS, score_play)
from .knowledge import Knowledge
from .playout import HIGH, IS_DOUBLE, LOW, PIPS, PM
from .style import fit_per_seat

LAMBDAS = (0.125, 0.25, 0.5, 1.0, 2.0, 4.0)
"""The grid of ``lam`` tried (1/point of the normal score)."""
PRIOR_LAMBDA = 1.0
"""Centre of the prior and the value with no finished hand."""
PRIOR_SPREAD = 1.5
"""Standard deviation of the Gaussian log-prior on ``log2(lam)`` around ``log2(PRIOR_LAMBDA)``."""
_CACHE: OrderedDict[tuple[object, ...], tuple[float, float, float, float]] = OrderedDict()


def replay(moves: tuple[Move, ...]) -> Iterator[tuple[Play, int, int, list[int], list[int]]]:
    """Each play of a hand with what was public just before it (R14, R15, R21).

    Yields ``(play, left, right, voids, exposed)``: the open ends it faced
    (-1, -1 at the lead), per seat index the pips known lacking (passed on) and
    the pips laid open by its plays, as :class:`.knowledge.Knowledge` counts them.
    The two lists are updated in place after each yield.
    """
    voids = [0, 0, 0, 0]
    exposed = [0, 0, 0, 0]
    for m, left, right in ends_before_each(moves):
        s = m.seat - 1
        if isinstance(m, Pass):
            if left >= 0:
                voids[s] |= 1 << left | 1 << right
            continue
        assert isinstance(m, Play)
        yield m, left, right, voids, exposed
        t = m.tile
        if left < 0:
            exposed[s] |= 1 << t.low | 1 << t.high
        elif m.end is End.LEFT:
            exposed[s] |= 1 << t.other_end(left)
        else:
            exposed[s] |= 1 << t.other_end(right)


def public_score(seat: int, t: int, left: int, right: int, voids: list[int], exposed: list[int]) -> float:
    """The public part of :func:`.heuristic.score_play` of tile index ``t`` for seat index ``seat``.

    Everything but the own-hand terms (tiles that follow the new ends; at the
    lead, tiles sharing a number): the best of the ends ``t`` fits. ``t`` must fit.
    """
    if left < 0:
        return W_PIPS * PIPS[t] + (W_DOUBLE if IS_DOUBLE[t] else 0.0)
    lo, hi = LOW[t], HIGH[t]
    best = -math.inf
    for at, kept in ((left, right), (right, left)):
        if at in (lo, hi):
            best = max(best, _one_end(seat, t, at, kept, voids, exposed))
    return best


def choices(hands: tuple[FinishedHand, ...]) -> list[list[tuple[list[float], int]]]:
    """Per seat index 0..3: for each play with more than one legal move, the normal score of every
    legal move (the seat's own knowledge then, its full hand known from the record) and the index of
    the move made. Plays that go out are left out (the score makes them certain)."""
    out: list[list[tuple[list[float], int]]] = [[], [], [], []]
    for fh in hands:
        held = list(fh.dealt_masks)
        for m, left, right, voids, exposed in replay(fh.moves):
            s = m.seat - 1
            hand = held[s]
            held[s] &= ~m.tile.bit
            if not held[s]:
                continue
            k = Knowledge(me=s, hand=hand, hidden=0, counts=(0, 0, 0, 0), voids=tuple(voids),  # type: ignore[arg-type]
                          forbidden=(0, 0, 0, 0), exposed=tuple(exposed), left=left, right=right,  # type: ignore[arg-type]
                          passes=0)
            scores: list[float] = []
            made = -1
            options = hand & (FULL_MASK if left < 0 else PM[left] | PM[right])
            while options:
                low = options & -options
                i = low.bit_length() - 1
                options ^= low
                tile = DOUBLE_NINE_SET[i]
                if left < 0 or left == right:  # one position per tile (R14, D5)
                    ends = (End.LEFT,)
                else:
                    ends = tuple(e for e, at in ((End.LEFT, left), (End.RIGHT, right)) if at in (tile.low, tile.high))
                for e in ends:
                    if i == m.tile.index and (e is m.end or len(ends) == 1):
                        made = len(scores)
                    scores.append(score_play(k, tile, e))
            if len(scores) > 1 and made >= 0:
                out[s].append((scores, made))
    return out


def log_likelihood(records: list[tuple[list[float], int]], lam: float) -> float:
    """Natural log of the probability of ``records`` (see :func:`choices`) under ``lam``."""
    total = 0.0
    for scores, made in records:
        top = max(scores)
        total += lam * (scores[made] - top) - math.log(sum(math.exp(lam * (x - top)) for x in scores))
    return total


def fit_lambda(records: list[tuple[list[float], int]]) -> float:
    """The grid ``lam`` with the highest log-likelihood plus log-prior (:data:`PRIOR_LAMBDA` with no records)."""
    if not records:
        return PRIOR_LAMBDA
    centre = math.log2(PRIOR_LAMBDA)

    def score(lam: float) -> float:
        z = (math.log2(lam) - centre) / PRIOR_SPREAD
        return log_likelihood(records, lam) - 0.5 * z * z

    return max(LAMBDAS, key=score)


def fit_lambdas(view: SpectatorView) -> tuple[float, float, float, float]:
    """Per seat index 0..3, ``lam`` fitted on the match's finished hands (R22); memoised on them."""
    return fit_per_seat(view, choices, fit_lambda, _CACHE)


def normal_affinity(view: SpectatorView, k: Knowledge, lams: tuple[float, ...]) -> list[list[float]] | None:
    """``aff[place][tile index]`` (places 0..3 seats, 4 unused) from the plays of the hand in play, or None.

    Seat ``s`` is read with ``lams[s]`` (0 skips the seat); the viewer's own plays are not read.
    """
    aff = [[1.0] * len(PIPS) for _ in range(5)]
    any_read = False
    for m, left, right, voids, exposed in replay(view.moves):
        s = m.seat - 1
        lam = lams[s]
        if s == k.me or lam <= 0:
            continue
        fit = FULL_MASK if left < 0 else PM[left] | PM[right]
        others = k.hidden & fit
        if not others:
            continue
        any_read = True
        row = aff[s]
        mine = public_score(s, m.tile.index, left, right, voids, exposed) if left < 0 else \
            _score_at(s, m, left, right, voids, exposed)
        while others:
            low = others & -others
            t = low.bit_length() - 1
            others ^= low
            d = lam * (mine - public_score(s, t, left, right, voids, exposed))
            row[t] *= 1.0 / (1.0 + math.exp(-d)) if d > -60 else 0.0
    return aff if any_read else None


def _score_at(seat: int, m: Play, left: int, right: int, voids: list[int], exposed: list[int]) -> float:
    """:func:`public_score` of the tile ``m`` laid, at the end it was laid."""
    if m.end is End.LEFT:
        return _one_end(seat, m.tile.index, left, right, voids, exposed)
    return _one_end(seat, m.tile.index, right, left, voids, exposed)


def _one_end(seat: int, t: int, at: int, kept: int, voids: list[int], exposed: list[int]) -> float:
    """The public score of tile index ``t`` laid on the end showing ``at`` (the other end shows ``kept``)."""
    new = HIGH[t] if LOW[t] == at else LOW[t]
    base = W_PIPS * PIPS[t] + (W_DOUBLE if IS_DOUBLE[t] else 0.0)
    nv, pv, lv = voids[(seat + 1) & 3], voids[(seat + 2) & 3], voids[(seat + 3) & 3]
    pe = exposed[(seat + 2) & 3]
    oe = exposed[(seat + 1) & 3] | exposed[(seat + 3) & 3]
    ends = 1 << new | 1 << kept
    s = base + W_NEXT_VOID * (nv & ends).bit_count() + W_LAST_VOID * (lv & ends).bit_count()
    if nv & ends == ends:
        s += W_NEXT_LOCKED
    if pv & ends == ends:
        s -= W_PARTNER_LOCKED
    return s + W_PARTNER_NUMBER * (pe & ends).bit_count() - W_OPPONENT_NUMBER * (oe & ends).bit_count()


__all__ = ["LAMBDAS", "PRIOR_LAMBDA", "replay", "public_score", "choices", "log_likelihood", "fit_lambda",
           "fit_lambdas", "normal_affinity"]
