"""A fast random playout of one hand on plain ints (R14-R18), for benchmarks and sampling.

:func:`doublenine.shared.rules.apply` builds a new frozen :class:`MatchState` per
move (about a microsecond with its HandState and Placed); a random playout that
only wants the outcome of a hand does not need those states. :func:`random_playout` plays the
same hand with the same rules on bit masks and local variables, choosing moves
exactly as a random player over :func:`rules.legal_moves` would:

    moves = legal_moves(state, turn)
    move = moves[int(random() * len(moves))] if len(moves) > 1 else moves[0]

so a playout and a run through ``rules.apply`` fed the same ``random`` agree
move for move. ``tests/property/test_playout_differential.py`` checks that on
thousands of seeded hands (moves, passes, lines, ends, results, points, pip
totals and the tiles left). ``bench/engine.py`` measures both paths.

Nothing here is hidden-information safe by itself: it takes all four hands.
Computer players must call it only on worlds sampled from their own SeatView.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .moves import End, Move, Pass, Play
from .seats import SEATS, Seat, Team
from .state import Result
from .tiles import DOUBLE_NINE_SET, DOUBLES_MASK, PIP_MASK

PASS_CODE = 255
"""Low byte of an encoded pass: ``seat_index << 8 | 255``."""

_LOW: tuple[int, ...] = tuple(t.low for t in DOUBLE_NINE_SET)
_HIGH: tuple[int, ...] = tuple(t.high for t in DOUBLE_NINE_SET)
_PIPS: tuple[int, ...] = tuple(t.pips for t in DOUBLE_NINE_SET)
_DOUBLE: tuple[bool, ...] = tuple(t.is_double for t in DOUBLE_NINE_SET)
_BIT: tuple[int, ...] = tuple(t.bit for t in DOUBLE_NINE_SET)
# Pip totals of every 11-bit slice of a mask: five look-ups sum a whole hand (R17, R18).
_CHUNK = 11


def _chunk_table(start: int) -> tuple[int, ...]:
    pips = _PIPS[start:start + _CHUNK]
    table = [0] * (1 << _CHUNK)
    for m in range(1, 1 << _CHUNK):
        low = m & -m  # table[m] = table[m without its lowest tile] + that tile's pips
        b = low.bit_length() - 1
        table[m] = table[m ^ low] + (pips[b] if b < len(pips) else 0)
    return tuple(table)


_PIP_CHUNKS: tuple[tuple[int, ...], ...] = tuple(_chunk_table(c * _CHUNK) for c in range(5))
_TEAM_OF_INDEX: tuple[Team, ...] = tuple(s.team for s in SEATS)


def mask_pips(mask: int) -> int:
    """R17/R18: pip total of the tiles in ``mask`` (same as ``tiles.pip_total``, table driven)."""
    c0, c1, c2, c3, c4 = _PIP_CHUNKS
    return (c0[mask & 2047] + c1[mask >> 11 & 2047] + c2[mask >> 22 & 2047]
            + c3[mask >> 33 & 2047] + c4[mask >> 44 & 2047])


def deal_masks(order: Sequence[int]) -> tuple[int, int, int, int]:
    """R9: the four hands (masks, index seat-1) dealt from a shuffled order of the 55 tile indices."""
    bits = [_BIT[i] for i in order[:40]]
    return (sum(bits[0:10]), sum(bits[10:20]), sum(bits[20:30]), sum(bits[30:40]))


@dataclass(frozen=True, slots=True)
class PlayoutResult:
    """The outcome of one played-out hand.

    ``moves`` are encoded ints: ``seat_index << 8 | tile_index << 1 | end`` for a
    play (end 0 = LEFT, 1 = RIGHT; for the lead, the orientation of R14) and
    ``seat_index << 8 | PASS_CODE`` for a pass; seat_index is seat-1.
    Decode them with :meth:`decisions`; :meth:`line` rebuilds the line of play.
    """

    moves: tuple[int, ...]
    hands: tuple[int, int, int, int]
    """The masks left in each hand at the end, index seat-1."""
    left: int
    right: int
    """The open ends at the end of the hand."""
    result: Result
    ender: Seat | None
    """R16: the seat that went out, None when blocked."""
    winner: Team | None
    """R16/R17: None on a tie."""
    points: int
    """R18: both opponents' remaining pips (0 on a tie)."""
    pip_totals: tuple[int, int, int, int]
    """R17: each seat's own remaining pips, index seat-1."""

    def decisions(self) -> tuple[Move, ...]:
        """The moves as engine values: ``Play(seat, tile, end)`` and ``Pass(seat)``."""
        out: list[Move] = []
        for code in self.moves:
            seat = SEATS[code >> 8]
            low = code & 255
            if low == PASS_CODE:
                out.append(Pass(seat))
            else:
                out.append(Play(seat, DOUBLE_NINE_SET[low >> 1], End.RIGHT if low & 1 else End.LEFT))
        return tuple(out)

    def line(self) -> tuple[tuple[int, int], ...]:
        """The line in the order the tiles were laid (as ``HandState.line``), each tile as
        (left pip, right pip) as it lies on the table (R15)."""
        laid: list[tuple[int, int]] = []
        left = right = -1
        for code in self.moves:
            low = code & 255
            if low == PASS_CODE:
                continue
            i, end = low >> 1, low & 1
            if left < 0:
                left, right = (_HIGH[i], _LOW[i]) if end else (_LOW[i], _HIGH[i])
                laid.append((left, right))
            elif end:
                touching, right = right, _PIPS[i] - right
                laid.append((touching, right))
            else:
                touching, left = left, _PIPS[i] - left
                laid.append((left, touching))
        return tuple(laid)


def random_playout(hands: Sequence[int], opener: Seat | int,
                   random: Callable[[], float]) -> PlayoutResult:
    """R14-R18: play a dealt hand to its end with uniformly random legal moves.

    ``hands``: four tile masks (index seat-1), ``opener``: the seat that leads,
    ``random``: floats in [0, 1) (e.g. ``random.Random(seed).random``), consumed
    once per decision that has more than one legal move, as in the module docstring.
    """
    held = list(hands)
    moves: list[int] = []
    seat = int(opener) - 1
    left, right = _lead(held, seat, random, moves)
    pm = PIP_MASK
    passes = 0
    while True:
        seat = (seat + 1) & 3
        mask = held[seat]
        lm = mask & pm[left]
        rm = mask & pm[right]
        if not (lm or rm):  # R15, D4: nothing fits, a pass
            moves.append(seat << 8 | PASS_CODE)
            passes += 1
            if passes == 4:  # R17: blocked
                return _finish(held, moves, left, right, None)
            continue
        passes = 0
        if lm and rm:
            low, end = _pick_both(lm, rm, random)
        else:
            m, end = (lm, 0) if lm else (rm, 1)
            n = m.bit_count()
            if n > 1:
                k = int(random() * n)
                while k:
                    m &= m - 1
                    k -= 1
            low = m & -m
        i = low.bit_length() - 1
        if end:
            right = _PIPS[i] - right  # the other half: pips minus the touching half
        else:
            left = _PIPS[i] - left
        mask ^= low
        held[seat] = mask
        moves.append(seat << 8 | i << 1 | end)
        if not mask:  # R16: domino
            return _finish(held, moves, left, right, SEATS[seat])


def _lead(held: list[int], seat: int, random: Callable[[], float], moves: list[int]) -> tuple[int, int]:
    """R14: the opener lays any tile; LEFT lies (low, high), RIGHT (high, low); a double once."""
    mask = held[seat]
    n = 2 * mask.bit_count() - (mask & DOUBLES_MASK).bit_count()
    k = int(random() * n) if n > 1 else 0
    m = mask
    while True:
        low = m & -m
        i = low.bit_length() - 1
        width = 1 if _DOUBLE[i] else 2
        if k < width:
            break
        k -= width
        m ^= low
    held[seat] = mask ^ low
    moves.append(seat << 8 | i << 1 | k)
    return (_HIGH[i], _LOW[i]) if k else (_LOW[i], _HIGH[i])


def _pick_both(lm: int, rm: int, random: Callable[[], float]) -> tuple[int, int]:
    """Tiles fit both ends: list the plays as legal_moves does (tile order, LEFT first) and pick one."""
    both = lm | rm
    options: list[tuple[int, int]] = []
    while both:
        low = both & -both
        if lm & low:
            options.append((low, 0))
        if rm & low:
            options.append((low, 1))
        both ^= low
    return options[int(random() * len(options))]


def _finish(held: list[int], moves: list[int], left: int, right: int, ender: Seat | None) -> PlayoutResult:
    """R16-R18: score the hand as :func:`rules.hand_outcome` does."""
    totals = (mask_pips(held[0]), mask_pips(held[1]), mask_pips(held[2]), mask_pips(held[3]))
    if ender is not None:
        result, winner = Result.DOMINO, ender.team
    else:
        lowest = min(totals)
        teams = {_TEAM_OF_INDEX[k] for k in range(4) if totals[k] == lowest}
        if len(teams) == 2:  # R17: lowest total shared across teams
            return PlayoutResult(tuple(moves), tuple(held), left, right,  # type: ignore[arg-type]
                                 Result.TIE, None, None, 0, totals)
        result, winner = Result.BLOCKED, teams.pop()
    a, b = winner.other.seats
    points = totals[a - 1] + totals[b - 1]
    return PlayoutResult(tuple(moves), tuple(held), left, right,  # type: ignore[arg-type]
                         result, ender, winner, points, totals)
