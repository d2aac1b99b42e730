"""Immutable match state (the fold of the match log, DESIGN "The one flow").

Everything here is a frozen, slotted dataclass of tuples, ints and frozensets.
Hands inside :class:`HandState` are ``int`` bit masks (bit ``tile.index``) for
speed; use :meth:`HandState.hand` for a ``frozenset`` of tiles.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .moves import End, Move
from .seats import Seat, Team
from .tiles import DOUBLE_NINE_SET, Tile, tiles_of


class Phase(str, Enum):
    """Where the match stands; ``*_SHUFFLE`` phases wait for a recorded shuffle."""

    DRAW_SHUFFLE = "draw_shuffle"   # R3/R4: 55 tiles to shuffle for the opening draw
    DRAW = "draw"                   # R3: seats 1 and 2 pick a face-down tile
    NOMINATE = "nominate"           # R6: entitled team's lower seat names the opener
    DEAL_SHUFFLE = "deal_shuffle"   # R5/R9/R11: 55 tiles to shuffle for a deal
    REVIEW = "review"               # R10: every seat accepts or demands a redeal
    PLAY = "play"                   # R14-R17
    MATCH_OVER = "match_over"       # R19


class Result(str, Enum):
    """How a hand ended (R16, R17)."""

    DOMINO = "domino"    # R16: a seat played its last tile
    BLOCKED = "block"    # R17: four passes, a lowest individual total
    TIE = "tie"          # R17: lowest total shared across teams


class NamedResult(str, Enum):
    """R20: named match results (worth nothing extra)."""

    POLLONA = "pollona"
    TRIPOLLUA = "tripollua"


@dataclass(frozen=True, slots=True)
class Placed:
    """One tile on the line of play: who played it, at which end, and how it lies.

    ``left``/``right`` are the pip values as the tile lies, read left to right
    along the line (R15: the touching halves match).
    """

    tile: Tile
    seat: Seat
    end: End
    left: int
    right: int


@dataclass(frozen=True, slots=True)
class OpeningDraw:
    """R3/R4: one opening draw: seat 1's tile for team A, seat 2's for team B."""

    tile_a: Tile
    tile_b: Tile

    @property
    def winner(self) -> Team | None:
        """R4: the team with the higher pip total, or None on equal totals (redraw)."""
        if self.tile_a.pips == self.tile_b.pips:
            return None
        return Team.A if self.tile_a.pips > self.tile_b.pips else Team.B


@dataclass(frozen=True, slots=True)
class RedealRecord:
    """R11/R13: a public redeal: the demanding seat's doubles, and only those."""

    match: int
    hand: int
    seat: Seat
    doubles: tuple[Tile, ...]


@dataclass(frozen=True, slots=True)
class Deal:
    """R9: the four hands as dealt (index seat-1) and the 15 unused tiles."""

    hands: tuple[frozenset[Tile], frozenset[Tile], frozenset[Tile], frozenset[Tile]]
    unused: frozenset[Tile]
    masks: tuple[int, int, int, int]

    @staticmethod
    def from_order(order: tuple[int, ...]) -> Deal:
        """R9: deal a shuffled order of 55 tile indices: 10 each to seats 1-4, 15 unused."""
        tiles = [DOUBLE_NINE_SET[i] for i in order]
        hands = tuple(frozenset(tiles[10 * k: 10 * k + 10]) for k in range(4))
        masks = tuple(sum(t.bit for t in h) for h in hands)
        return Deal(hands, frozenset(tiles[40:]), masks)  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class HandState:
    """The play of one hand (R14-R17). ``hands`` are bit masks, index seat-1.

    ``left``/``right`` are the open ends (-1 before the first tile).
    ``passes`` counts consecutive passes (R17: four block the hand).
    ``moves`` is every play and pass in order (R21).
    """

    hands: tuple[int, int, int, int]
    line: tuple[Placed, ...]
    left: int
    right: int
    turn: Seat
    passes: int
    moves: tuple[Move, ...]

    def hand(self, seat: Seat) -> frozenset[Tile]:
        """The tiles ``seat`` still holds."""
        return frozenset(tiles_of(self.hands[seat - 1]))

    @property
    def ends(self) -> tuple[int, int] | None:
        """The two open ends (left, right), or None before the first tile."""
        return None if self.left < 0 else (self.left, self.right)


@dataclass(frozen=True, slots=True)
class FinishedHand:
    """A finished hand in the ledger (R22): public in full once the hand ended."""

    match: int
    number: int
    opener: Seat
    dealt: tuple[frozenset[Tile], frozenset[Tile], frozenset[Tile], frozenset[Tile]]
    left: tuple[frozenset[Tile], frozenset[Tile], frozenset[Tile], frozenset[Tile]]
    moves: tuple[Move, ...]
    line: tuple[Placed, ...]
    result: Result
    ender: Seat | None
    """R16: the seat that went out, or None for a block."""
    winner: Team | None
    """R16/R17: winning team, None on a tie."""
    points: int
    """R18: pips of both opponents' remaining tiles (0 on a tie)."""
    pip_totals: tuple[int, int, int, int]
    """R17: each seat's own remaining pips, index seat-1."""
    scores_before: tuple[int, int]
    scores_after: tuple[int, int]


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """An earlier match at the same table, kept browsable (issue 6)."""

    number: int
    draws: tuple[OpeningDraw, ...]
    redeals: tuple[RedealRecord, ...]
    finished: tuple[FinishedHand, ...]
    scores: tuple[int, int]
    winner: Team | None
    named: NamedResult | None


@dataclass(frozen=True, slots=True)
class MatchState:
    """The whole match (R3-R28), a pure fold of the match log.

    ``scores`` are (team A, team B). ``draw_order``/``deal`` hold hidden tiles and
    never leave the server except through :mod:`doublenine.shared.views`.
    """

    phase: Phase
    match: int = 1
    scores: tuple[int, int] = (0, 0)
    draw_order: tuple[int, ...] | None = None
    draw_picks: tuple[tuple[Seat, int], ...] = ()
    draws: tuple[OpeningDraw, ...] = ()
    entitled: Team | None = None
    opener: Seat | None = None
    hand_number: int = 0
    deal: Deal | None = None
    answered: frozenset[Seat] = frozenset()
    redeals: tuple[RedealRecord, ...] = ()
    hand: HandState | None = None
    finished: tuple[FinishedHand, ...] = ()
    winner: Team | None = None
    named: NamedResult | None = None
    past: tuple[MatchRecord, ...] = ()

    @property
    def needs_shuffle(self) -> bool:
        """True when the next event must be a recorded shuffle (R3-R5, R9, R11)."""
        return self.phase in (Phase.DRAW_SHUFFLE, Phase.DEAL_SHUFFLE)


INITIAL = MatchState(phase=Phase.DRAW_SHUFFLE)
"""The state before any event: a new match waiting for its opening-draw shuffle."""
