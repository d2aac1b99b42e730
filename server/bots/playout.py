"""A fast playout of one hand on plain ints, for the computer players (R14-R18).

The rules engine (:mod:`doublenine.shared.rules`) builds a new frozen state per
move; a determinizing player needs thousands of moves per decision, so it plays
them out here on a mutable list instead. ``tests/bots/test_playout_differential.py``
checks these functions against ``rules.apply`` on thousands of seeded hands.

A *board* is a list ``[hand0, hand1, hand2, hand3, left, right, turn, passes]``:
hands are tile masks (bit ``tile.index``) indexed seat-1, ``left``/``right`` the
open ends (-1 before the lead), ``turn`` the seat to play as 0..3 and ``passes``
the consecutive passes (R17: four block the hand).
"""
from __future__ import annotations

from collections.abc import Callable

from doublenine.shared.playout import mask_pips
from doublenine.shared.tiles import DOUBLE_NINE_SET, PIP_MASK

LEFT_END, RIGHT_END = 0, 1
"""End codes in playouts: 0 is ``End.LEFT``, 1 is ``End.RIGHT`` (R14 orientation for the lead)."""

PIPS: tuple[int, ...] = tuple(t.pips for t in DOUBLE_NINE_SET)
"""Pip total per tile index (R1)."""
LOW: tuple[int, ...] = tuple(t.low for t in DOUBLE_NINE_SET)
HIGH: tuple[int, ...] = tuple(t.high for t in DOUBLE_NINE_SET)
IS_DOUBLE: tuple[bool, ...] = tuple(t.is_double for t in DOUBLE_NINE_SET)
PM: tuple[int, ...] = tuple(PIP_MASK)
"""``PM[p]``: mask of the ten tiles showing pip ``p``."""

# Playout policy key: heavier first, a double before a plain tile of equal weight,
# because a double fits only one number and is the hardest tile to get rid of.
ROLLOUT_KEY: tuple[int, ...] = tuple(4 * t.pips + (6 if t.is_double else 0) for t in DOUBLE_NINE_SET)

Board = list[int]
"""``[hand0, hand1, hand2, hand3, left, right, turn, passes]`` (see module docstring)."""

Chooser = Callable[[Board, int], tuple[int, int]]
"""Picks ``(tile index, end code)`` for the seat to play, given the board and its playable mask."""


def playable(board: Board) -> int:
    """R14/R15: mask of the tiles the seat to play may lay (its whole hand before the lead)."""
    hand = board[board[6]]
    left = board[4]
    if left < 0:
        return hand
    return hand & (PM[left] | PM[board[5]])


def play(board: Board, i: int, end: int) -> bool:
    """R14-R16: lay tile ``i`` at ``end`` for the seat to play; True if it went out (domino).

    The caller guarantees legality (the tile is held and fits that end).
    """
    turn = board[6]
    left = board[4]
    if left < 0:
        if end == LEFT_END:
            board[4], board[5] = LOW[i], HIGH[i]
        else:
            board[4], board[5] = HIGH[i], LOW[i]
    elif end == LEFT_END:
        board[4] = PIPS[i] - left
    else:
        board[5] = PIPS[i] - board[5]
    hand = board[turn] ^ (1 << i)
    board[turn] = hand
    board[6] = (turn + 1) & 3
    board[7] = 0
    return hand == 0


def pass_turn(board: Board) -> bool:
    """R15/R17: the seat to play passes; True if that makes four consecutive passes (block)."""
    board[6] = (board[6] + 1) & 3
    board[7] += 1
    return board[7] >= 4


def outcome(board: Board, ender: int) -> tuple[int, int]:
    """R16-R18: ``(winning team 0=A / 1=B / -1 tie, points)`` once the hand is over.

    ``ender`` is the seat index (0..3) that went out, or -1 for a block.
    """
    totals = [mask_pips(board[s]) for s in range(4)]
    if ender >= 0:
        team = ender & 1
    else:
        low = min(totals)
        teams = {s & 1 for s in range(4) if totals[s] == low}
        if len(teams) == 2:
            return -1, 0
        team = teams.pop()
    other = team ^ 1
    return team, totals[other] + totals[other + 2]


def heavy_choice(board: Board, mask: int) -> tuple[int, int]:
    """The playout policy: the heaviest playable tile (doubles first on ties), first matching end."""
    best = -1
    best_key = -1
    while mask:
        low = mask & -mask
        i = low.bit_length() - 1
        if ROLLOUT_KEY[i] > best_key:
            best_key = ROLLOUT_KEY[i]
            best = i
        mask ^= low
    left = board[4]
    if left < 0 or LOW[best] == left or HIGH[best] == left:
        return best, LEFT_END
    return best, RIGHT_END


def smart_choice(board: Board, mask: int) -> tuple[int, int]:
    """A sharper playout policy on the sampled world: weight and doubles first, then keep
    tiles that follow the new ends, shut out the next seat, and never shut out the partner."""
    turn = board[6]
    left = board[4]
    if left < 0:
        return heavy_choice(board, mask)
    right = board[5]
    hand = board[turn]
    nxt = board[(turn + 1) & 3]
    partner = board[(turn + 2) & 3]
    best, best_end, best_score = -1, LEFT_END, -1 << 30
    while mask:
        low = mask & -mask
        mask ^= low
        i = low.bit_length() - 1
        rest = hand ^ low
        if not rest:
            return i, (LEFT_END if LOW[i] == left or HIGH[i] == left else RIGHT_END)
        for end in (LEFT_END, RIGHT_END):
            at = left if end == LEFT_END else right
            if LOW[i] != at and HIGH[i] != at:
                continue
            new = PIPS[i] - at
            open_mask = PM[new] | PM[right if end == LEFT_END else left]
            score = ROLLOUT_KEY[i] + 3 * (rest & open_mask).bit_count()
            if not nxt & open_mask:
                score += SHUT_NEXT
            if not partner & open_mask:
                score -= SHUT_PARTNER
            if score > best_score:
                best, best_end, best_score = i, end, score
    return best, best_end


def block_choice(board: Board, mask: int) -> tuple[int, int]:
    """The expert's *block* playout policy: the heaviest playable tile (as :func:`heavy_choice`)
    after which the next seat holds nothing that fits (it must pass, R15), else the heaviest;
    each at its first matching end. Reference for :func:`.rankplay.block_rollout`."""
    left = board[4]
    if left < 0 or not mask & (mask - 1):
        return heavy_choice(board, mask)
    right = board[5]
    nxt = board[(board[6] + 1) & 3]
    for i in sorted(_bits(mask), key=lambda i: (-ROLLOUT_KEY[i], i)):
        if LOW[i] == left or HIGH[i] == left:
            ends, end = PM[PIPS[i] - left] | PM[right], LEFT_END
        else:
            ends, end = PM[left] | PM[PIPS[i] - right], RIGHT_END
        if not nxt & ends:
            return i, end
    return heavy_choice(board, mask)


def follow_choice(board: Board, mask: int) -> tuple[int, int]:
    """The expert's *follow* playout policy: the best ``ROLLOUT_KEY`` plus ``FOLLOW`` (4) per tile
    of the seat's own hand that fits the ends left (at most 3), at the first matching end; on
    equal score the heavier key, then the lower index. Reference for :func:`.rankplay.follow_rollout`."""
    left = board[4]
    if left < 0 or not mask & (mask - 1):
        return heavy_choice(board, mask)
    right = board[5]
    hand = board[board[6]]
    best: tuple[int, int, int] | None = None
    pick = (-1, LEFT_END)
    for i in _bits(mask):
        if LOW[i] == left or HIGH[i] == left:
            ends, end = PM[PIPS[i] - left] | PM[right], LEFT_END
        else:
            ends, end = PM[left] | PM[PIPS[i] - right], RIGHT_END
        score = ROLLOUT_KEY[i] + 4 * min(((hand ^ (1 << i)) & ends).bit_count(), 3)
        rank = (score, ROLLOUT_KEY[i], -i)
        if best is None or rank > best:
            best, pick = rank, (i, end)
    return pick


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


SHUT_NEXT = 12
"""Playout bonus for leaving ends the next seat cannot follow (it must pass, R15)."""
SHUT_PARTNER = 12
"""Playout penalty for leaving ends the partner cannot follow."""


def rollout(board: Board, choose: Chooser | None = None,
            record: list[tuple[int, int, int]] | None = None) -> tuple[int, int]:
    """Play the hand on ``board`` to its end (mutates it); returns :func:`outcome`.

    ``choose`` defaults to :func:`heavy_choice`. ``record``, if given, receives
    ``(seat, tile index, end)`` per play and ``(seat, -1, -1)`` per pass, so tests
    can replay the same moves through the rules engine.
    """
    pick = heavy_choice if choose is None else choose
    while True:
        turn = board[6]
        hand = board[turn]
        left = board[4]
        mask = hand if left < 0 else hand & (PM[left] | PM[board[5]])
        if not mask:
            if record is not None:
                record.append((turn, -1, -1))
            if pass_turn(board):
                return outcome(board, -1)
            continue
        i, end = pick(board, mask)
        if record is not None:
            record.append((turn, i, end))
        if play(board, i, end):
            return outcome(board, turn)
