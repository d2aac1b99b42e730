"""Immutable match state (the fold of the match log, DESIGN "The one flow").

Everything here is a frozen, slotted dataclass of tuples, ints and frozensets.
Hands inside :class:`HandState` are ``int`` bit masks (bit ``tile.index``) for
speed; use :meth:`HandState.hand` for a ``frozenset`` of tiles.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from enum import Enum
from typing import Any

from .moves import End, Move
from .seats import Seat, Team
from .tiles import DOUBLE_NINE_SET, Tile, tiles_of


_BIT_OF_INDEX: tuple[int, ...] = tuple(t.bit for t in DOUBLE_NINE_SET)


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
    """R9: the four hands as dealt (bit masks, index seat-1) and the 15 unused tiles (a mask).

    Masks rather than frozensets of tiles: a deal lives on in checkpoints and in the ledger's
    records, and ten tiles as a frozenset cost about 0.7 KB (issue 12, memory per table);
    :attr:`hands` and :attr:`unused` give the tiles."""

    masks: tuple[int, int, int, int]
    unused_mask: int

    @property
    def hands(self) -> tuple[frozenset[Tile], frozenset[Tile], frozenset[Tile], frozenset[Tile]]:
        """The four dealt hands as tiles, index seat-1."""
        return _four_sets(self.masks)

    @property
    def unused(self) -> frozenset[Tile]:
        """The 15 tiles nobody was dealt."""
        return frozenset(tiles_of(self.unused_mask))

    @staticmethod
    def from_order(order: tuple[int, ...]) -> Deal:
        """R9: deal a shuffled order of 55 tile indices: 10 each to seats 1-4, 15 unused."""
        bits = [_BIT_OF_INDEX[i] for i in order]
        # set(): a tile listed twice counts once
        masks = (sum(set(bits[0:10])), sum(set(bits[10:20])), sum(set(bits[20:30])),
                 sum(set(bits[30:40])))
        return Deal(masks, sum(set(bits[40:])))


def _four_sets(masks: tuple[int, ...]) -> tuple[frozenset[Tile], frozenset[Tile], frozenset[Tile], frozenset[Tile]]:
    return tuple(frozenset(tiles_of(m)) for m in masks)  # type: ignore[return-value]


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
    entitled: Team
    """R7: the team entitled to nominate this hand's opener (the opener's team). Computed by
    replay like the rest of the record, so stored logs need nothing new."""
    opener: Seat
    """R6/R14: the nominated opener, who led the hand (a redeal keeps it, R8)."""
    dealt_masks: tuple[int, int, int, int]
    """The four hands as dealt, bit masks, index seat-1 (:attr:`dealt` gives the tiles)."""
    left_masks: tuple[int, int, int, int]
    """The four hands as they ended, bit masks (:attr:`left` gives the tiles). Masks: an
    evening's records stay small (issue 12, memory per table)."""
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

    @property
    def dealt(self) -> tuple[frozenset[Tile], frozenset[Tile], frozenset[Tile], frozenset[Tile]]:
        """R9: the four hands as dealt, tiles, index seat-1."""
        return _four_sets(self.dealt_masks)

    @property
    def left(self) -> tuple[frozenset[Tile], frozenset[Tile], frozenset[Tile], frozenset[Tile]]:
        """R17/R18: the four hands as they ended, tiles, index seat-1."""
        return _four_sets(self.left_masks)


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
    players: tuple[str, str, str, str] | None = field(default=None, compare=False)
    """Who played the match (``MatchRecordW.players``): known only to the server's table and the clients it
    told, never folded from the log (so never compared: the engine's record and a client's are the same match)."""


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


# ---------------------------------------------------------------- fast construction
#
# The rules build a new MatchState, HandState and Placed on every move, and the
# dataclass __init__ of a frozen class sets each field through object.__setattr__
# (MatchState: about 1.2 us). Here each class gets a private twin with the very
# same slots: the builders fill a twin with plain attribute stores, then turn it
# into the real class by assigning __class__, which CPython allows only between
# identical slot layouts. That is several times faster (bench/engine.py prints it,
# docs/performance.md). The result is an ordinary frozen instance; only its
# construction differs. The code is generated from the field list, as dataclasses
# does itself, so a field added later is carried along; a class whose layout the
# twin cannot match falls back to setting each slot through its descriptor.

_UNSET = object()


def _twin_of(cls: type[Any]) -> type[Any] | None:
    """A plain class with ``cls``'s slots whose instances may become ``cls``; None if it cannot."""
    twin = type(f"_{cls.__name__}Twin", (), {"__slots__": cls.__slots__})
    probe: Any = object.__new__(twin)
    try:
        probe.__class__ = cls
    except TypeError:
        return None
    return twin


def _slot_builders(cls: type[Any], hot: str | None = None) -> dict[str, Any]:
    """Generate ``build(*fields)``, ``evolve(s, **changes)`` and, given ``hot``, ``with_hot(s, v)``."""
    names = [f.name for f in fields(cls)]
    if hasattr(cls, "__post_init__"):  # skipping __init__ would skip its checks
        raise TypeError(f"{cls.__name__} has __post_init__; fast construction would skip it")
    twin = _twin_of(cls)
    ns: dict[str, Any] = {"_new": object.__new__, "cls": cls, "twin": twin, "_UNSET": _UNSET}
    if twin is None:  # layouts differ: set the slots through their descriptors
        ns.update({f"_set_{n}": getattr(cls, n).__set__ for n in names})

    def body(values: dict[str, str]) -> str:
        if twin is None:
            sets = "".join(f"    _set_{n}(o, {v})\n" for n, v in values.items())
            return f"    o = _new(cls)\n{sets}    return o\n"
        stores = "".join(f"    o.{n} = {v}\n" for n, v in values.items())
        return f"    o = _new(twin)\n{stores}    o.__class__ = cls\n    return o\n"

    src = f"def build({', '.join(names)}):\n" + body({n: n for n in names})
    kw = ", ".join(f"{n}=_UNSET" for n in names)
    src += f"def evolve(s, *, {kw}):\n" + body({n: f"s.{n} if {n} is _UNSET else {n}" for n in names})
    if hot is not None:
        src += "def with_hot(s, v):\n" + body({n: "v" if n == hot else f"s.{n}" for n in names})
    exec(src, ns)  # noqa: S102 - source built above from field names only
    return ns


_MATCH_NS = _slot_builders(MatchState, hot="hand")
_HAND_NS = _slot_builders(HandState)
_PLACED_NS = _slot_builders(Placed)

evolve_match: Callable[..., MatchState] = _MATCH_NS["evolve"]
"""``evolve_match(state, **changes)``: like ``dataclasses.replace`` for MatchState, faster."""
with_hand: Callable[[MatchState, HandState], MatchState] = _MATCH_NS["with_hot"]
"""``with_hand(state, hand)``: ``state`` with only its HandState replaced (the hot case of play)."""
new_hand: Callable[[tuple[int, int, int, int], tuple[Placed, ...], int, int, Seat, int,
                    tuple[Move, ...]], HandState] = _HAND_NS["build"]
"""``new_hand(hands, line, left, right, turn, passes, moves)``: a HandState, positional only."""
_build_placed: Callable[[Tile, Seat, End, int, int], Placed] = _PLACED_NS["build"]
_PLACED: dict[tuple[Tile, Seat, End, int, int], Placed] = {}
"""Every shared Placed by its fields: 880 legal ones (55 tiles x 4 seats x 2 ends x 2 ways)."""
_PLACED_MAX = 4096


def new_placed(tile: Tile, seat: Seat, end: End, left: int, right: int) -> Placed:
    """``new_placed(tile, seat, end, left, right)``: a Placed, positional only.

    Equal ones are one shared instance (a Placed is frozen, so nobody can tell): a table keeps
    every tile of its current hand on the line, in its checkpoints and in the last matches'
    records, about 72 bytes each, and there are only 880 distinct ones (issue 12, memory per
    table). The lookup is faster than building one. A seat that is a plain int rather than a
    :class:`Seat` is built, not shared, so every shared one reads the same."""
    if seat.__class__ is Seat:
        key = (tile, seat, end, left, right)
        placed = _PLACED.get(key)
        if placed is None:
            placed = _build_placed(tile, seat, end, left, right)
            if len(_PLACED) < _PLACED_MAX:  # a bound whatever a caller passes
                _PLACED[key] = placed
        return placed
    return _build_placed(tile, seat, end, left, right)
