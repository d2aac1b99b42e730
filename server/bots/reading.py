"""Reading the plays of the hand with a model fitted from selfplay (issue 14, R21, R23).

Each play by another seat ``s`` says something about every tile ``t`` still
hidden from the reader: whether ``t`` would have fitted and how it compares to
the tile laid (players shed weight and doubles first), and whether ``t`` shows
the number the play laid open or the number it left open at the other end
(players keep tiles that follow the ends they leave). The *bucket* of such a
(play, tile) pair (:func:`bucket`) has a likelihood ratio

    LR = P(bucket | s holds t) / P(bucket | s does not hold t)

counted in selfplay logs where the true hands are known
(:mod:`.readfit` writes :mod:`.reading_table`). The reader multiplies, per
seat and tile, the ratios of all plays of the hand (naive Bayes, raised to a
``temper`` exponent because the plays are not independent evidence) into the
affinity table that :class:`.worlds.RankWorlds` weighs its deals with. Passes
stay hard facts in the sampler (R15).
"""
from __future__ import annotations

from doublenine.shared.moves import End, Play
from doublenine.shared.views import SeatView, ends_before_each

from .knowledge import Knowledge
from .playout import HIGH, IS_DOUBLE, LOW, PIPS
from .reading_table import LR

DP_CLIP = 5
"""Pip differences beyond +-5 share a bucket."""
BUCKETS = 2 * 2 * (2 * DP_CLIP + 1) * 2 * 2 * 2 * 2 * 3
"""Number of buckets: lead, fits, pip difference, t double, c double, shows new, shows kept, hand size."""


def bucket(c: int, end: int, left: int, right: int, t: int, held: int) -> int:
    """The bucket of hidden tile ``t`` for a play of tile ``c`` at ``end`` (0 left, 1 right).

    ``left``/``right`` are the open ends the play faced (-1 at the lead),
    ``held`` the tiles the player held after the play (0..9).
    """
    tl, th = LOW[t], HIGH[t]
    if left < 0:
        lead, fits = 1, 1
        shows_new = int(tl in (LOW[c], HIGH[c]) or th in (LOW[c], HIGH[c]))
        shows_kept = 0
    else:
        lead = 0
        fits = int(tl in (left, right) or th in (left, right))
        at, kept = (left, right) if end == 0 else (right, left)
        new = PIPS[c] - at
        shows_new = int(tl == new or th == new)
        shows_kept = int(tl == kept or th == kept)
    dp = max(-DP_CLIP, min(DP_CLIP, PIPS[t] - PIPS[c])) + DP_CLIP
    size = 0 if held >= 7 else (1 if held >= 4 else 2)
    b = ((lead * 2 + fits) * (2 * DP_CLIP + 1) + dp) * 2 + IS_DOUBLE[t]
    b = ((b * 2 + IS_DOUBLE[c]) * 2 + shows_new) * 2 + shows_kept
    return b * 3 + size


def play_records(view: SeatView) -> list[tuple[int, int, int, int, int, int]]:
    """The plays of the hand by the other seats: ``(seat index, tile, end, left, right, held after)``."""
    me = view.viewer - 1
    held = [c for c in view.counts]
    out = []
    for m, left, right in reversed(ends_before_each(view.moves)):
        if isinstance(m, Play):
            s = m.seat - 1
            if s != me:
                out.append((s, m.tile.index, 0 if m.end is End.LEFT else 1, left, right, held[s]))
            held[s] += 1
    return out


def fitted_affinity(view: SeatView, k: Knowledge, temper: float,
                    table: tuple[float, ...] | None = None) -> list[list[float]] | None:
    """``aff[place][tile]`` (places 0..3 seats, 4 unused) from the plays of the hand, or None if none.

    ``table`` defaults to the fitted :data:`.reading_table.LR` (one ratio per bucket).
    """
    records = play_records(view)
    if not records:
        return None
    if table is None:
        table = LR
    lr = [x ** temper for x in table] if temper != 1.0 else table
    hidden = []
    m = k.hidden
    while m:
        low = m & -m
        hidden.append(low.bit_length() - 1)
        m ^= low
    aff = [[1.0] * 55 for _ in range(5)]
    for s, c, end, left, right, held in records:
        row = aff[s]
        for t in hidden:
            row[t] *= lr[bucket(c, end, left, right, t, held)]
    return aff
