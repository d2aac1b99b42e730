"""Match equity: the chance a team wins the match from given scores (R7, R17-R19; issue 14).

What the searching levels play for is the match (to 100, R19), not a hand's
points. This module values a finished hand by the team's probability of
winning the match afterwards:

- :class:`HandOdds`, one hand's outcome as seen from the *opening team* (the team
  entitled to nominate the opener, R7): the probability that it wins ``p``
  points, that the other team wins ``p`` points (R18), or that the hand is
  tied (R17). It comes from selfplay hands with their true results, counted
  by :mod:`.equityfit` into the generated :mod:`.equity_table` (1,892 hands
  of strong against strong: the opening team won 52.4% with 35.9 points on
  average, the other 45.5% with 32.4, 2.1% tied). Points are one
  bin per point 0..99 and one bin for 100 or more: from any score a hand of 100
  or more ends the match, so nothing beyond 100 matters; the counts are used
  as they are (no smoothing: each equity averages over many hands). The outcome does not
  depend on the scores (the counts pool every hand of every match); it is
  team-symmetric by construction (opening team / other team, never A / B).
- :func:`solve`, the exact dynamic program over match states:
  ``E[a][b][t]``, the probability that team A wins from scores ``(a, b)``
  (0..99) with team ``t`` entitled to open the next hand. A hand won moves
  the winners' score up and gives them the next opening (R7); a tie keeps
  the scores and gives the opening to the team that did not open (R7, R17);
  a team reaching 100 wins (R19). Scores never go down, so the states are
  solved from the highest scores back; the only cycles are at the same
  scores (ties and hands won with 0 points), a 2x2 linear system per
  ``(a, b)`` solved in closed form (no iteration, no tolerance).
- :func:`equity_table`, the value of a hand's result for the expert's
  rollouts in the same shape as :func:`.strong.value_table`, and
  :func:`tie_value` for a tied hand.

Scale: a value is ``SCALE`` times the change in the team's match-winning
probability that the result brings (after minus before the hand), so a hand
of even chances is worth about 0 on average, as with signed points. ``SCALE``
is 270 points per match: at 0-0 the least-squares fit of the bonus table's
values (:func:`.strong.value_table`, 8 and 40) on the equity changes of the
hand outcomes, weighted by how often each happens, gives 270 (and one point
more at 0-0 is worth 1/264 of a match), so ``ExpertSettings.prior`` (0.5 x
the normal score) weighs against the rollouts early in a match as it does
with the bonus table, and less where more of the match is at stake (the same
fit gives 213 at 40-40 and 137 at 80-80): there the match result, not the
maxims, should decide.
"""
from __future__ import annotations

from functools import lru_cache
from operator import mul
from typing import NamedTuple

from doublenine.shared.views import SeatView

from .knowledge import Knowledge

TARGET = 100
"""R19: points that win the match."""

SCALE = 270.0
"""Points per whole match: a value is SCALE x (equity after the hand - equity before it)."""

POINTS = 400
"""Length of a value row: points 0..399, as :func:`.strong.value_table`."""


class HandOdds(NamedTuple):
    """One hand's outcome for the opening team (R7): probabilities summing to 1.

    ``opener[p]`` / ``other[p]``: the opening / the other team wins ``p`` points
    (R18), ``p`` 0..len-1, the last bin meaning that many or more; ``tie``: a
    tied hand (R17).
    """

    opener: tuple[float, ...]
    other: tuple[float, ...]
    tie: float


def odds(opener: tuple[int, ...] | list[int], other: tuple[int, ...] | list[int], ties: int) -> HandOdds:
    """:class:`HandOdds` from counts of hands (as :mod:`.equity_table` keeps them).

    Raises ``ValueError`` if the rows differ in length or there are no hands.
    """
    if len(opener) != len(other):
        raise ValueError("opener and other rows differ in length")
    total = sum(opener) + sum(other) + ties
    if total <= 0:
        raise ValueError("no hands to count")
    return HandOdds(tuple(c / total for c in opener), tuple(c / total for c in other), ties / total)


class Equity:
    """``E[a][b][t]``: the probability that team A wins the match (R19) from scores ``(a, b)``.

    ``t`` (0 = A, 1 = B) is the team entitled to open the next hand (R7).
    Built by :func:`solve`; :meth:`a_wins` answers any scores, 100 or more too.
    """

    __slots__ = ("target", "_col_a", "_row_b")

    def __init__(self, target: int, col_a: list[list[float]], row_b: list[list[float]]) -> None:
        self.target = target
        self._col_a = col_a  # _col_a[b][a]: A entitled
        self._row_b = row_b  # _row_b[a][b]: B entitled

    def a_wins(self, a: int, b: int, entitled: int) -> float:
        """Probability that team A wins the match; 1.0 once ``a`` reaches the target, 0.0 once ``b`` does.

        Raises ``ValueError`` for negative scores or an ``entitled`` other than 0 or 1.
        """
        if a < 0 or b < 0 or entitled not in (0, 1):
            raise ValueError(f"no match state ({a}, {b}, {entitled})")
        if a >= self.target:
            return 1.0
        if b >= self.target:
            return 0.0
        return self._col_a[b][a] if entitled == 0 else self._row_b[a][b]

    def team_wins(self, team: int, a: int, b: int, entitled: int) -> float:
        """Probability that ``team`` (0 = A, 1 = B) wins the match from ``(a, b)`` with ``entitled`` to open."""
        e = self.a_wins(a, b, entitled)
        return e if team == 0 else 1.0 - e


def solve(hand: HandOdds, target: int = TARGET) -> Equity:
    """The exact match equity for hand outcomes ``hand`` (module docstring; R7, R17-R19).

    A points bin at or beyond ``target`` ends the match from any score. Work:
    about ``target**3`` multiply-adds in C (``sum(map(mul, ...))``).
    Raises ``ValueError`` if no hand can ever score (the match would never end).
    """
    n = target
    po = list(hand.opener[:n]) + [sum(hand.opener[n:])]
    pn = list(hand.other[:n]) + [sum(hand.other[n:])]
    po += [0.0] * (n + 1 - len(po))
    pn += [0.0] * (n + 1 - len(pn))
    u = po[0]                 # same scores, same team entitled: the opener won 0 points
    v = pn[0] + hand.tie      # same scores, the other team entitled: it won 0 points, or a tie (R7)
    w = 1.0 - u
    det = w * w - v * v
    if det <= 1e-15:
        raise ValueError("no hand outcome scores points: the match never ends")
    # tails: win by reaching the target from n - m, i.e. with m or more points
    tail_o = [sum(po[m:]) for m in range(n + 2)]
    tail_n = [sum(pn[m:]) for m in range(n + 2)]
    pre_o = [po[1:m + 1] for m in range(n)]  # outcomes 1..m
    pre_n = [pn[1:m + 1] for m in range(n)]
    col_a = [[0.0] * n for _ in range(n)]
    row_b = [[0.0] * n for _ in range(n)]
    for a in range(n - 1, -1, -1):
        ma = n - 1 - a        # points A can win and stay below the target
        po_a, pn_a, win_o, win_n = pre_o[ma], pre_n[ma], tail_o[ma + 1], tail_n[ma + 1]
        rb = row_b[a]
        for b in range(n - 1, -1, -1):
            ca = col_a[b]
            up_a = ca[a + 1:]  # E(a + x, b, A), x = 1..ma
            up_b = rb[b + 1:]  # E(a, b + x, B), x = 1..mb
            mb = n - 1 - b
            a_scores_o = sum(map(mul, po_a, up_a)) + win_o  # A opened and won
            a_scores_n = sum(map(mul, pn_a, up_a)) + win_n  # B opened, A won
            b_scores_o = sum(map(mul, pre_o[mb], up_b))     # B opened and won (reaching n: 0)
            b_scores_n = sum(map(mul, pre_n[mb], up_b))     # A opened, B won
            ra = a_scores_o + b_scores_n
            rb_ = b_scores_o + a_scores_n
            ca[a] = (w * ra + v * rb_) / det
            rb[b] = (w * rb_ + v * ra) / det
    return Equity(n, col_a, row_b)


@lru_cache(maxsize=1)
def table() -> Equity:
    """The match equity from the generated :mod:`.equity_table` counts, solved once on first use."""
    from .equity_table import OPENER, OTHER, TIES
    return solve(odds(OPENER, OTHER, TIES))


def _opening_team(view: SeatView) -> int:
    """R6/R7: the team (0 = A, 1 = B) that opened the hand being played."""
    if view.opener is not None:
        return view.opener.team.index
    if view.entitled is None:
        raise ValueError("the view has no opening team")
    return view.entitled.index


@lru_cache(maxsize=256)
def _rows(a: int, b: int, opened: int, mine: int, scale: float) -> tuple[tuple[float, ...], tuple[float, ...], float]:
    eq = table()
    now = eq.team_wins(mine, a, b, opened)
    win_a = tuple(scale * (eq.team_wins(mine, a + p, b, 0) - now) for p in range(POINTS))
    win_b = tuple(scale * (eq.team_wins(mine, a, b + p, 1) - now) for p in range(POINTS))
    tie = scale * (eq.team_wins(mine, a, b, 1 - opened) - now)  # R7: the other team opens next
    return win_a, win_b, tie


def result_value(scores: tuple[int, int], opened: int, mine: int, winner: int | None, points: int,
                 scale: float = SCALE) -> float:
    """A finished hand's value for team ``mine`` (0 = A) in the units of :func:`equity_table` (R7, R17-R19):
    ``winner`` (0 = A, 1 = B, None: a tie) won ``points`` from ``scores``, team ``opened`` had opened it."""
    win_a, win_b, tie = _rows(scores[0], scores[1], opened, mine, scale)
    if winner is None:
        return tie
    return (win_a if winner == 0 else win_b)[min(max(points, 0), POINTS - 1)]


def equity_table(view: SeatView, k: Knowledge, scale: float = SCALE) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """``value[team][points]`` for ``k.me``'s team if ``team`` (0 = A) wins ``points`` (0..399) (R7, R18, R19).

    ``scale`` x (the team's match-winning probability after the hand, with the
    winners entitled to open the next, minus before it): the shape and sign of
    :func:`.strong.value_table`. Reads only the view's scores and opener and the seat.
    """
    a, b = view.scores
    win_a, win_b, _ = _rows(a, b, _opening_team(view), k.me & 1, scale)
    return win_a, win_b


def tie_value(view: SeatView, k: Knowledge, scale: float = SCALE) -> float:
    """The value of a tied hand (R17) for ``k.me``'s team, in the units of :func:`equity_table`.

    The scores stay; the team that did not open is entitled next (R7).
    """
    a, b = view.scores
    return _rows(a, b, _opening_team(view), k.me & 1, scale)[2]


__all__ = ["TARGET", "SCALE", "HandOdds", "odds", "Equity", "solve", "table", "equity_table", "tie_value", "result_value"]
