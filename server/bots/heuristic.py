"""The rule-of-thumb players: ``heaviest`` (baseline) and ``normal`` (issue 4).

``heaviest`` always plays the heaviest legal tile at the first matching end.
``normal`` scores each legal play with the partnership maxims found in domino
strategy guides (see docs/computer-players.md): get rid of weight and of
doubles, keep tiles that follow the ends you leave, play to the numbers the next
opponent passed on, never close the ends on your partner, support the numbers
your partner laid open and avoid those the opponents laid open. Both read the
seat's view only (R23).
"""
from __future__ import annotations

from doublenine.shared.moves import End, Move, Pass, Play
from doublenine.shared.tiles import Tile
from doublenine.shared.views import SeatView

from .knowledge import Knowledge, knowledge
from .playout import PM

# Weights of the normal level, set by hand (in pips); with them normal beats heaviest
# in 61.5% of 2,000 matches (docs/performance.md).
W_PIPS = 1.0
W_DOUBLE = 5.0
W_FOLLOW = 2.5
W_NEXT_VOID = 6.0
W_NEXT_LOCKED = 10.0
W_PARTNER_LOCKED = 9.0
W_PARTNER_NUMBER = 2.5
W_OPPONENT_NUMBER = 2.0
W_LAST_VOID = 2.0
W_LEAD_SUIT = 3.0


def heaviest_play(view: SeatView) -> Move:
    """Baseline: the heaviest legal tile (lowest index on equal weight) at its first matching end."""
    moves = view.legal_moves()
    plays = [m for m in moves if isinstance(m, Play)]
    if not plays:
        return moves[0]
    # legal_moves lists LEFT before RIGHT, so the first hit is the first matching end
    best = plays[0]
    for m in plays:
        if m.tile.pips > best.tile.pips:
            best = m
    return best


def ends_after(k: Knowledge, tile: Tile, end: End) -> tuple[int, int]:
    """The open ends after laying ``tile`` at ``end`` (R14 orientation for the lead)."""
    if k.left < 0:
        return (tile.low, tile.high) if end is End.LEFT else (tile.high, tile.low)
    if end is End.LEFT:
        return tile.other_end(k.left), k.right
    return k.left, tile.other_end(k.right)


def normal_play(view: SeatView) -> Move:
    """R15 plus strategy: the legal move with the best heuristic score (first on ties)."""
    moves = view.legal_moves()
    if len(moves) == 1 or isinstance(moves[0], Pass):
        return moves[0]
    k = knowledge(view)
    best, best_score = moves[0], float("-inf")
    for m in moves:
        assert isinstance(m, Play)
        s = score_play(k, m.tile, m.end)
        if s > best_score:
            best, best_score = m, s
    return best


def score_play(k: Knowledge, tile: Tile, end: End) -> float:
    """Heuristic value of laying ``tile`` at ``end`` for ``k.me`` (higher is better)."""
    rest = k.hand ^ tile.bit
    if not rest:
        return 1e6  # R16: going out wins the hand
    score = W_PIPS * tile.pips + (W_DOUBLE if tile.is_double else 0.0)
    if k.left < 0:
        suit = (rest & (PM[tile.low] | PM[tile.high])).bit_count()
        return score + W_LEAD_SUIT * suit
    left, right = ends_after(k, tile, end)
    open_mask = PM[left] | PM[right]
    score += W_FOLLOW * min((rest & open_mask).bit_count(), 3)
    ends_bits = 1 << left | 1 << right
    nxt, partner, last = (k.me + 1) & 3, (k.me + 2) & 3, (k.me + 3) & 3
    if k.voids[nxt] & ends_bits == ends_bits:
        score += W_NEXT_LOCKED
    score += W_NEXT_VOID * (k.voids[nxt] & ends_bits).bit_count()
    score += W_LAST_VOID * (k.voids[last] & ends_bits).bit_count()
    if k.voids[partner] & ends_bits == ends_bits:
        score -= W_PARTNER_LOCKED
    score += W_PARTNER_NUMBER * (k.exposed[partner] & ends_bits).bit_count()
    score -= W_OPPONENT_NUMBER * ((k.exposed[nxt] | k.exposed[last]) & ends_bits).bit_count()
    return score
