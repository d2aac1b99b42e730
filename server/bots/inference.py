"""Reading the plays of the hand: how likely a sampled world makes what the others did (R21).

The sampler (:mod:`.sampler`) only knows hard facts: counts and passes. But a
player who laid a light tile while holding a heavy one that fitted is unusual:
players shed weight (and doubles) early. :class:`PlayModel` scores a world by
the probability that the other seats, holding what that world gives them
(their sampled tiles plus those they have played since), chose the tiles they
did under a soft "heavier first" model:

    P(tile | options) = exp(beta * key(tile)) / sum over fitting options exp(beta * key(option))

with ``key = pips + 1.5 if double``. The strong player resamples its worlds in
proportion to this weight (importance resampling), so worlds in which the
opener led its heaviest tile, say, count for more.
"""
from __future__ import annotations

import math
import random
from collections.abc import Sequence

from doublenine.shared.moves import Play
from doublenine.shared.tiles import FULL_MASK
from doublenine.shared.views import SeatView, ends_before_each

from .playout import PM, PIPS, IS_DOUBLE

DOUBLE_WEIGHT = 1.5
"""Extra key of a double in the play model: doubles go early, they fit one number only."""


class PlayModel:
    """The plays of the current hand by the seats other than ``view.viewer``, ready to weigh worlds."""

    def __init__(self, view: SeatView, beta: float,
                 styles: Sequence[tuple[float, float]] | None = None, skip_lead: bool = False) -> None:
        """``styles``: per seat index 0..3 a ``(beta, double)`` replacing ``(beta, DOUBLE_WEIGHT)``
        (:func:`.style.fit_styles`); None uses ``beta`` and :data:`DOUBLE_WEIGHT` for every seat.
        ``skip_lead``: the hand's lead (R14) is left out (read another way, :func:`lead_factors`)."""
        self.beta = beta if styles is None else max(b for b, _ in styles)
        per_seat = styles if styles is not None else [(beta, DOUBLE_WEIGHT)] * 4
        self._exps = tuple(tuple(math.exp(b * (PIPS[i] + (d if IS_DOUBLE[i] else 0.0))) for i in range(len(PIPS)))
                           for b, d in per_seat)
        me = view.viewer - 1
        records: list[tuple[int, int, int]] = []
        for m, left, right in ends_before_each(view.moves):
            if isinstance(m, Play) and m.seat - 1 != me and not (skip_lead and left < 0):
                fit = FULL_MASK if left < 0 else PM[left] | PM[right]
                records.append((m.seat - 1, fit, m.tile.index))
        # a seat's hand when it played = its current tiles + what it has played since
        later = [0, 0, 0, 0]
        ready: list[tuple[int, int, int, int]] = []
        for seat, fit, i in reversed(records):
            later[seat] |= 1 << i
            ready.append((seat, fit, i, later[seat]))
        self._records = ready

    def weight(self, hands: list[int]) -> float:
        """Probability of the observed plays if ``hands`` (four masks) is the world (0..1]."""
        w = 1.0
        for seat, fit, i, since in self._records:
            e = self._exps[seat]
            options = (hands[seat] | since) & fit
            if options == 1 << i:
                continue
            total = 0.0
            while options:
                low = options & -options
                total += e[low.bit_length() - 1]
                options ^= low
            w *= e[i] / total
        return w

    def affinity(self, hidden: int) -> list[list[float]]:
        """``aff[place][tile]``: how much the plays favour ``tile`` being at ``place`` (0..3 seats, 4 unused).

        Each play of tile ``c`` by seat ``s`` when hidden tile ``t`` would also have fitted
        multiplies ``aff[s][t]`` by ``e(c) / (e(c) + e(t))`` (``e = exp(beta * key)``): the
        chance that ``c`` was preferred to ``t``, so a seat that laid a light tile probably
        holds no heavy one that fitted. The unused place keeps 1.0.
        """
        aff = [[1.0] * len(PIPS) for _ in range(5)]
        for seat, fit, c, _ in self._records:
            row = aff[seat]
            e = self._exps[seat]
            ec = e[c]
            m = hidden & fit
            while m:
                low = m & -m
                t = low.bit_length() - 1
                row[t] *= ec / (ec + e[t])
                m ^= low
        return aff

    @property
    def informative(self) -> bool:
        """True if some play by another seat can tell worlds apart."""
        return bool(self._records) and self.beta > 0


def resample(weights: list[float], n: int, rng: random.Random) -> dict[int, int]:
    """Systematic resampling: ``n`` draws in proportion to ``weights`` -> {index: times}, index order.

    All-zero weights fall back to equal weights.
    """
    total = sum(weights)
    if total <= 0.0:
        weights = [1.0] * len(weights)
        total = float(len(weights))
    step = total / n
    u = rng.random() * step
    out: dict[int, int] = {}
    acc = 0.0
    j = 0
    for idx, w in enumerate(weights):
        acc += w
        while j < n and u + j * step < acc:
            out[idx] = out.get(idx, 0) + 1
            j += 1
    if j < n:  # float round-off at the very end
        last = len(weights) - 1
        out[last] = out.get(last, 0) + n - j
    return out


def lead_factors(view: SeatView, hidden: int, lam: float, suit: float, double: float) -> tuple[int, list[float]] | None:
    """The hand's lead read as the normal level leads (R14; :func:`.heuristic.score_lead`'s form):
    ``(seat index, factor per tile index)``, or None if the lead is the viewer's own or not made yet.

    A leader picks ``c`` with probability proportional to ``exp(lam * (pips + double if a double +
    suit * tiles of its hand sharing a number with c))``. For each hidden tile ``t``: the chance ``c``
    was preferred to ``t`` on their own keys, ``e(c) / (e(c) + e(t))``, times ``exp(lam * suit)`` if ``t``
    shares a number with ``c`` (holding ``t`` makes the lead ``c`` likelier).
    """
    first = next(iter(view.moves), None)
    if not isinstance(first, Play) or first.seat == view.viewer:
        return None
    c = first.tile.index
    key = [PIPS[i] + (double if IS_DOUBLE[i] else 0.0) for i in range(len(PIPS))]
    ec = math.exp(lam * key[c])
    same = PM[first.tile.low] | PM[first.tile.high]
    bonus = math.exp(lam * suit)
    factors = [1.0] * len(PIPS)
    m = hidden
    while m:
        low = m & -m
        t = low.bit_length() - 1
        factors[t] = ec / (ec + math.exp(lam * key[t])) * (bonus if same >> t & 1 else 1.0)
        m ^= low
    return first.seat - 1, factors
