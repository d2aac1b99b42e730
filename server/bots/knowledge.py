"""What a seat knows during play, read from its :class:`SeatView` only (R21, R23).

:func:`knowledge` turns a view into plain ints for the players: the seat's own
hand, the hidden tiles (the other three hands and the 15 unused, mixed), the
tile count of each seat, the pips each seat is known not to hold (it passed on
them, R15), the consecutive passes, and which pips each seat has laid open.
Nothing here can see past the view: it receives no match state.
"""
from __future__ import annotations

from dataclasses import dataclass

from doublenine.shared.moves import End, Pass
from doublenine.shared.tiles import mask_of
from doublenine.shared.views import SeatView, hidden_mask, known_void

from .playout import PM

UNUSED = 15
"""R9: tiles left out of play each deal."""


@dataclass(frozen=True, slots=True)
class Knowledge:
    """A seat's knowledge of the hand in play, as ints (index = seat-1).

    ``voids[s]`` is a bit set of pips (bit ``p``) seat ``s`` is known not to hold,
    ``forbidden[s]`` the tiles that rules out. ``exposed[s]`` is a bit set of the
    pips seat ``s`` left open with its plays (its "numbers"), ``left``/``right``
    the open ends (-1 before the lead), ``passes`` the consecutive passes so far.
    """

    me: int
    hand: int
    hidden: int
    counts: tuple[int, int, int, int]
    voids: tuple[int, int, int, int]
    forbidden: tuple[int, int, int, int]
    exposed: tuple[int, int, int, int]
    left: int
    right: int
    passes: int

    def board(self) -> list[int]:
        """A playout board with only this seat's hand filled in (the rest to be sampled)."""
        hands = [0, 0, 0, 0]
        hands[self.me] = self.hand
        return hands + [self.left, self.right, self.me, self.passes]


def knowledge(view: SeatView) -> Knowledge:
    """Read a seat's knowledge of the hand in play from its view (R21)."""
    me = view.viewer - 1
    voids = [0, 0, 0, 0]
    for seat, pips in known_void(view).items():
        for p in pips:
            voids[seat - 1] |= 1 << p
    forbidden = [0, 0, 0, 0]
    for s in range(4):
        for p in range(10):
            if voids[s] >> p & 1:
                forbidden[s] |= PM[p]
    passes = 0
    for m in reversed(view.moves):
        if not isinstance(m, Pass):
            break
        passes += 1
    left, right = view.ends if view.ends is not None else (-1, -1)
    return Knowledge(
        me=me, hand=mask_of(view.hand), hidden=hidden_mask(view), counts=view.counts,
        voids=tuple(voids), forbidden=tuple(forbidden),  # type: ignore[arg-type]
        exposed=_exposed(view), left=left, right=right, passes=passes,
    )


def _exposed(view: SeatView) -> tuple[int, int, int, int]:
    """Per seat, the pips it laid open: the outer half of each tile it played."""
    out = [0, 0, 0, 0]
    for k, placed in enumerate(view.line):
        s = placed.seat - 1
        if k == 0:  # the lead shows both halves: its player chose both numbers
            out[s] |= 1 << placed.left | 1 << placed.right
        else:
            out[s] |= 1 << (placed.left if placed.end is End.LEFT else placed.right)
    return tuple(out)  # type: ignore[return-value]
