"""Exact search of a hand's last tiles in one sampled world (issue 14: "an exact search of the last
tiles in each world", R14-R18).

Perfect-information minimax on rank masks (:mod:`.rankplay`): the seat's team maximises the value of
the finished hand, the other team minimises it; every play of every tile at every end it fits is
tried (a tile fitting both ends with different numbers gives two plays), a seat with no fitting tile
passes (R15), the hand ends on a domino (R16) or on four passes in a row (R17, R18:
:func:`.rankplay.blocked`). Used by the expert, with ``ExpertSettings(endgame=N)``, in place of the
rollout once at most ``N`` tiles are left in the four hands: determinized search (perfect-information
Monte Carlo, Long, Sturtevant, Buro and Furtak, AAAI 2010), which assumes every seat knows every hand
from then on. Memoised per world; the cost grows fast with the tiles left, so ``N`` stays small.
"""
from __future__ import annotations

from .rankplay import FITS, R_HIGH, R_LOW, R_PIPS, blocked, rank_pips

Value = list[list[float]]
"""``value[team][points]`` for the searching seat's team, as :func:`.strong.value_table` gives."""


def solve(hands: list[int], left: int, right: int, turn: int, passes: int, value: Value, tie: float,
          mine: int) -> float:
    """The minimax value for team ``mine`` (0 or 1) of the position; ``hands`` are rank masks, seat
    index order, not changed. ``left`` and ``right`` are the open ends (the lead is made), ``turn`` the
    seat index to act, ``passes`` the passes in a row before it. ``value`` and ``tie`` as in
    :func:`.expert.evaluate`'s rollouts (a tied block is worth ``tie``).
    """
    memo: dict[tuple[int, int, int, int, int, int, int], float] = {}

    def search(h0: int, h1: int, h2: int, h3: int, left: int, right: int, turn: int, passes: int,
               alpha: float, beta: float) -> float:
        key = (h0, h1, h2, h3, left * 10 + right if left <= right else right * 10 + left, turn, passes)
        hit = memo.get(key)
        if hit is not None:
            return hit
        hands = [h0, h1, h2, h3]
        hand = hands[turn]
        mask = hand & FITS[10 * left + right]
        nxt = (turn + 1) & 3
        if not mask:  # R15: a pass
            if passes == 3:  # R17: the fourth pass in a row blocks the hand
                team, points = blocked(hands)
                out = value[team][points] if team >= 0 else tie
            else:
                out = search(h0, h1, h2, h3, left, right, nxt, passes + 1, alpha, beta)
                if not alpha < out < beta:
                    return out  # a bound, not the value: not memoised
            memo[key] = out
            return out
        maximise = (turn & 1) == mine
        best = -1e18 if maximise else 1e18
        a, b = alpha, beta
        while mask:
            t = mask.bit_length() - 1
            mask ^= 1 << t
            rest = hand ^ 1 << t
            if not rest:  # R16: a domino, the team scores the other team's pips
                other = (turn & 1) ^ 1
                v = value[turn & 1][rank_pips(hands[other]) + rank_pips(hands[other + 2])]
                if maximise:
                    best = max(best, v)
                else:
                    best = min(best, v)
                break  # going out is as good as any play of this seat can be for its team
            lo, hi, pips = R_LOW[t], R_HIGH[t], R_PIPS[t]
            ends = []
            if left in (lo, hi):
                ends.append((pips - left, right))
            if right in (lo, hi) and right != left:  # equal ends: the same position mirrored
                ends.append((left, pips - right))
            for nl, nr in ends:
                hands[turn] = rest
                v = search(hands[0], hands[1], hands[2], hands[3], nl, nr, nxt, 0, a, b)
                hands[turn] = hand
                if maximise:
                    if v > best:
                        best = v
                    if best > a:
                        a = best
                else:
                    if v < best:
                        best = v
                    if best < b:
                        b = best
                if a >= b:
                    break
            if a >= b:
                break
        if alpha < best < beta:  # exact: memoise; a cut value is only a bound
            memo[key] = best
        return best

    return search(hands[0], hands[1], hands[2], hands[3], left, right, turn, passes, -1e18, 1e18)


def tiles_left(hands: list[int]) -> int:
    """How many tiles the four rank-mask hands hold."""
    return sum(h.bit_count() for h in hands)


__all__ = ["solve", "tiles_left"]
