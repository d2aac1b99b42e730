"""The tile tracker (issue 14.3): what a seat, or a spectator, can count from its own view.

A player at a real table keeps this count in their head: which tiles they have
not seen yet, how many of each number are still out, and which numbers each
other seat is known to lack because it passed with that number open (R15: a seat
must play if able, so a pass proves it holds neither open end). Everything here
is a pure function of a :class:`~.views.SpectatorView` or :class:`~.views.SeatView`
(R21, D8): it can never know more than the view it is given.
"""
from __future__ import annotations

from dataclasses import dataclass

from .seats import SEATS, Seat
from .tiles import DOUBLE_NINE_SET, MAX_PIP, Tile, mask_of, tiles_of
from .views import SeatView, SpectatorView, known_void

NUMBERS = tuple(range(MAX_PIP + 1))
"""The pip values 0..9 a tile half can show (R1)."""


@dataclass(frozen=True, slots=True)
class Tracker:
    """What the viewer has not seen, per number and per tile, and what each other seat lacks.

    ``unseen_by_number[n]`` counts the unseen tiles that carry ``n`` on either half
    (a double counts once; 0..10). ``lacking[seat - 1]`` is the numbers that
    ``seat`` is known not to hold (empty for the viewer's own seat, which needs no
    inference). ``unseen`` is every tile not in the viewer's hand and not on the
    line, sorted: the other hands and the 15 unused tiles, mixed (R9).
    """

    unseen_by_number: tuple[int, ...]
    lacking: tuple[frozenset[int], frozenset[int], frozenset[int], frozenset[int]]
    unseen: tuple[Tile, ...]


def track(view: SpectatorView) -> Tracker:
    """Issue 14.3, R15, R21: the tracker for ``view`` (a seat's own, or a spectator's public one).

    A seat's own hand counts as seen; a spectator sees only the line. Numbers a
    seat lacks come from its passes (:func:`~.views.known_void`). Pure; raises nothing.
    """
    own = view.hand if isinstance(view, SeatView) else frozenset()
    seen = mask_of(own) | mask_of(p.tile for p in view.line)
    unseen = tuple(tiles_of(((1 << len(DOUBLE_NINE_SET)) - 1) & ~seen))
    by_number = tuple(sum(1 for t in unseen if t.has(n)) for n in NUMBERS)
    voids = known_void(view)
    me: Seat | None = view.seat
    lacking = tuple(frozenset() if s == me else voids[s] for s in SEATS)
    return Tracker(by_number, lacking, unseen)  # type: ignore[arg-type]


__all__ = ["NUMBERS", "Tracker", "track"]
