"""What a seat may know (R21-R23, D8), as types.

:func:`view_for` is the only producer of seat knowledge. A :class:`SeatView`
holds its own hand and everything public; a :class:`SpectatorView` is the same
minus any hand. Neither ever holds another seat's tiles before a hand's reveal,
nor the unused tiles, nor a shuffle order, nor the seed. Computer players and
hints receive a SeatView and nothing else (R23).
"""
from __future__ import annotations

from dataclasses import dataclass

from .moves import Decision, DrawPick, End, Move, Nominate, Pass, Play, Review
from .rules import REDEAL_DOUBLES
from .seats import SEATS, Seat, Team
from .state import (
    FinishedHand, MatchRecord, MatchState, NamedResult, OpeningDraw, Phase, Placed, RedealRecord,
)
from .tiles import PIP_MASK, Tile, mask_of, tiles_of

DRAW_POSITIONS = 55
"""R3: the opening draw is from all 55 tiles, face down."""


@dataclass(frozen=True, slots=True)
class SpectatorView:
    """R21 minus any hand (D8): the public part of the match, and reveals from R22 on.

    ``counts`` are tiles held per seat (index seat-1). ``turn`` is the seat to play
    in the PLAY phase. ``draw_taken`` are the face-down positions picked so far in
    the current opening draw (R3). ``finished`` is the ledger of finished hands,
    their four hands revealed (R22).
    """

    phase: Phase
    match: int
    hand_number: int
    scores: tuple[int, int]
    entitled: Team | None
    opener: Seat | None
    turn: Seat | None
    counts: tuple[int, int, int, int]
    line: tuple[Placed, ...]
    ends: tuple[int, int] | None
    moves: tuple[Move, ...]
    draw_taken: tuple[tuple[Seat, int], ...]
    draws: tuple[OpeningDraw, ...]
    redeals: tuple[RedealRecord, ...]
    finished: tuple[FinishedHand, ...]
    winner: Team | None
    named: NamedResult | None
    past: tuple[MatchRecord, ...]

    @property
    def seat(self) -> Seat | None:
        """None: a spectator holds no seat."""
        return None

    def waiting_for(self) -> frozenset[Seat]:
        """Seats the match is visibly waiting for (during review: every seat, R10 keeps answers private)."""
        p = self.phase
        if p is Phase.DRAW:
            picked = {s for s, _ in self.draw_taken}
            return frozenset(s for s in (Seat.ONE, Seat.TWO) if s not in picked)
        if p is Phase.NOMINATE and self.entitled is not None:
            return frozenset((self.entitled.lower_seat,))
        if p is Phase.REVIEW:
            return frozenset(SEATS)
        if p is Phase.PLAY and self.turn is not None:
            return frozenset((self.turn,))
        return frozenset()


@dataclass(frozen=True, slots=True)
class SeatView(SpectatorView):
    """R21: everything public plus ``seat``'s own ``hand`` and its own review answer."""

    viewer: Seat = Seat.ONE
    hand: frozenset[Tile] = frozenset()
    answered: bool = False
    """R10: whether this seat has answered the review of the current deal."""

    @property
    def seat(self) -> Seat:
        """The seat this view belongs to."""
        return self.viewer

    def legal_moves(self) -> tuple[Move, ...]:
        """R14, R15, D4, D5: the plays (or pass) open to this seat, from the view alone."""
        if self.phase is not Phase.PLAY or self.turn != self.viewer:
            return ()
        tiles = sorted(self.hand)
        if self.ends is None:
            out: list[Move] = []
            for t in tiles:
                out.append(Play(self.viewer, t, End.LEFT))
                if not t.is_double:
                    out.append(Play(self.viewer, t, End.RIGHT))
            return tuple(out)
        left, right = self.ends
        out = []
        for t in tiles:
            if t.has(left):
                out.append(Play(self.viewer, t, End.LEFT))
            if t.has(right):
                out.append(Play(self.viewer, t, End.RIGHT))
        return tuple(out) if out else (Pass(self.viewer),)

    @property
    def doubles(self) -> int:
        """Number of doubles in this seat's hand (R10)."""
        return sum(1 for t in self.hand if t.is_double)

    @property
    def may_demand_redeal(self) -> bool:
        """R10: reviewing, not yet answered, and holding five or more doubles."""
        return self.phase is Phase.REVIEW and not self.answered and self.doubles >= REDEAL_DOUBLES

    def legal_decisions(self) -> tuple[Decision, ...]:
        """Every decision this seat may make now (R3, R6, R10, R15), from the view alone."""
        p, me = self.phase, self.viewer
        if p is Phase.DRAW and me in self.waiting_for():
            taken = {pos for _, pos in self.draw_taken}
            return tuple(DrawPick(me, i) for i in range(DRAW_POSITIONS) if i not in taken)
        if p is Phase.NOMINATE and self.entitled is not None and me == self.entitled.lower_seat:
            return tuple(Nominate(me, s) for s in self.entitled.seats)
        if p is Phase.REVIEW and not self.answered:
            return (Review(me, False), Review(me, True)) if self.may_demand_redeal else (Review(me, False),)
        return self.legal_moves()


def _public_fields(state: MatchState) -> dict[str, object]:
    h = state.hand if state.phase in (Phase.PLAY, Phase.MATCH_OVER) else None
    if state.phase is Phase.MATCH_OVER:
        h = None  # the last hand is in the ledger, revealed
    if h is not None:
        counts = tuple(m.bit_count() for m in h.hands)
    elif state.phase is Phase.REVIEW:
        counts = (10, 10, 10, 10)
    else:
        counts = (0, 0, 0, 0)
    return dict(
        phase=state.phase, match=state.match, hand_number=state.hand_number, scores=state.scores,
        entitled=state.entitled, opener=state.opener, turn=h.turn if h is not None else None,
        counts=counts, line=h.line if h is not None else (), ends=h.ends if h is not None else None,
        moves=h.moves if h is not None else (), draw_taken=state.draw_picks, draws=state.draws,
        redeals=state.redeals, finished=state.finished, winner=state.winner, named=state.named,
        past=state.past,
    )


def view_for(state: MatchState, seat: Seat | None) -> SeatView | SpectatorView:
    """R21, R22, D8: the view of ``seat`` (a :class:`SeatView`), or of a spectator for None."""
    fields = _public_fields(state)
    if seat is None:
        return SpectatorView(**fields)  # type: ignore[arg-type]
    hand: frozenset[Tile] = frozenset()
    if state.phase is Phase.REVIEW and state.deal is not None:
        hand = frozenset(tiles_of(state.deal.masks[seat - 1]))
    elif state.phase is Phase.PLAY and state.hand is not None:
        hand = frozenset(tiles_of(state.hand.hands[seat - 1]))
    return SeatView(**fields, viewer=seat, hand=hand,  # type: ignore[arg-type]
                    answered=seat in state.answered and state.phase is Phase.REVIEW)


def hidden_mask(view: SeatView) -> int:
    """Mask of the tiles this seat cannot see: not in its hand and not on the line (R21).

    These are the other three hands plus the 15 unused tiles, mixed: a
    determinizing player samples worlds from them.
    """
    seen = mask_of(view.hand) | mask_of(p.tile for p in view.line)
    return ((1 << 55) - 1) & ~seen


def ends_before_each(moves: tuple[Move, ...]) -> tuple[tuple[Move, int, int], ...]:
    """R14, R15: each move of a hand with the open ends (left, right) it faced; (-1, -1) at the lead.

    Derived from the public moves alone, so any view (or the ledger) can use it.
    """
    out: list[tuple[Move, int, int]] = []
    left = right = -1
    for m in moves:
        out.append((m, left, right))
        if isinstance(m, Play):
            t = m.tile
            if left < 0:
                left, right = (t.low, t.high) if m.end is End.LEFT else (t.high, t.low)
            elif m.end is End.LEFT:
                left = t.other_end(left)
            else:
                right = t.other_end(right)
    return tuple(out)


def known_void(view: SpectatorView) -> dict[Seat, frozenset[int]]:
    """Pip values each seat is known not to hold: the open ends it passed on (R15, R21)."""
    out: dict[Seat, set[int]] = {s: set() for s in SEATS}
    for m, left, right in ends_before_each(view.moves):
        if isinstance(m, Pass) and left >= 0:
            out[m.seat].update((left, right))
    return {s: frozenset(v) for s, v in out.items()}


__all__ = ["SeatView", "SpectatorView", "view_for", "hidden_mask", "known_void", "ends_before_each", "PIP_MASK"]
