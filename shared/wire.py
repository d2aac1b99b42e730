"""Wire shapes of engine values: tiles, decisions, the seat view, the table (docs/protocol.md).

A tile is ``[low, high]``; a seat is ``1..4``; a team ``"A"``/``"B"``; an end
``"left"``/``"right"``. :class:`ViewW` is a :class:`~.views.SeatView` (or, with
``viewer`` null, a ``SpectatorView``) field for field; :class:`ViewPatch`
changes some of its fields. Conversions to and from the engine: :mod:`.convert`.
"""
from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from .tablecode import CODE_ALPHABET, CODE_LENGTH


class Model(BaseModel):
    """Base of every wire model: frozen, unknown fields refused, no infinite or NaN float anywhere
    (a number a client cannot draw or count with is refused at the edge, not deep in a window)."""

    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False,
                              json_schema_serialization_defaults_required=True)

    LEFT_OUT: ClassVar[frozenset[str]] = frozenset()
    """Of a server model, the fields the server leaves out of a frame when it has nothing to say
    (docs/protocol.md "Transport", "The server leaves out only these fields"): every other field
    is always sent, so the schema of the server's frames (``mode="serialization"``, where a field
    with a default counts as sent) lists it in ``required`` (shared/schema.py). Client models
    leave this empty: which client fields may be left out is their defaults'."""


# Bounds of every number on the wire (attacker finding: a schema-valid ``waited: inf`` crashed the
# window, ``counts: [10**9]*4`` made it allocate 22 GB). Each is what the rules allow; where the
# game has no bound (seq, ids, matches played at one table) a generous finite one.
MAX_SAFE = 2**53 - 1
"""Largest integer every client reads exactly (a JavaScript number): seq and ids stay below it."""
MAX_HAND_TILES = 10
"""R9: each seat is dealt 10 tiles of the 55; a hand or a count never holds more."""
MAX_PIPS = 495
"""The pips of the whole double-nine set (each number 0..9 on 11 half-tiles): no hand's pip total
and no hand's points (R18) exceed it."""
MAX_SCORE = 999
"""R19: a team's score; below 100 before the last hand, which adds at most :data:`MAX_PIPS` (594)."""
MAX_NUMBER = 1_000_000
"""Match and hand numbers (R19 has no cap on hands; a million is beyond any evening)."""
MAX_HANDS_BACK = 64
"""Hand numbers an undo's or redo's ``effect`` lists (R27: an undo reaches back one seat's turn, so one
hand end in a game; the bound only keeps a frame small)."""
MAX_SECONDS = 1e11
"""Times in seconds (a wait, a Unix time: about year 5100), so every clock function takes them."""
MAX_POSITION = 54
"""R3: face-down positions of the opening draw are 0..54."""

Pip = Annotated[int, Field(ge=0, le=9, strict=True)]
SeatNo = Annotated[int, Field(ge=1, le=4, strict=True)]
Count = Annotated[int, Field(ge=0, le=MAX_HAND_TILES, strict=True)]
Points = Annotated[int, Field(ge=0, le=MAX_PIPS, strict=True)]
Score = Annotated[int, Field(ge=0, le=MAX_SCORE, strict=True)]
Number = Annotated[int, Field(ge=0, le=MAX_NUMBER, strict=True)]
"""A match or hand number (0: none yet, as ``hand_number`` before the first deal)."""
Position = Annotated[int, Field(ge=0, le=MAX_POSITION, strict=True)]
SeqW = Annotated[int, Field(ge=0, le=MAX_SAFE, strict=True)]
IdW = Annotated[int, Field(ge=1, le=MAX_SAFE, strict=True)]
Seconds = Annotated[float, Field(ge=0, le=MAX_SECONDS, allow_inf_nan=False)]
TileW = tuple[Pip, Pip]
"""A tile as ``[low, high]`` (either order is accepted from clients)."""
EndW = Literal["left", "right"]
TeamW = Literal["A", "B"]
LevelW = Literal["easy", "heaviest", "normal", "strong", "expert"]
"""A computer level; :data:`LEVELS` lists them weakest first."""
LEVELS: tuple[str, ...] = ("easy", "heaviest", "normal", "strong", "expert")
"""Every computer level, weakest first (docs/computer-players.md, "Strength and speed": heaviest is the
baseline below normal; expert the strongest), the one order every list of levels shows (s13 F5: listed
last, heaviest read as the top level)."""
PhaseW = Literal["draw", "nominate", "review", "play", "match_over"]
"""The phases a frame carries: not the engine's ``draw_shuffle``/``deal_shuffle``, which never last
beyond the action that makes a shuffle due (the server shuffles within it, :meth:`.events.MatchLog`);
the schema listed them until protodoc s12, though no frame ever carried them."""
RequestAction = Literal["undo", "redo", "restart", "new_match", "hand_over"]
"""What a consent request asks (D1/D7): ``RequestW.action`` and ``request_closed``'s ``action``."""
Str = Annotated[str, Field(max_length=64, strict=True)]
Name = Annotated[str, Field(min_length=1, max_length=32, strict=True)]
"""A player-typed name; the server cleans it further (server/seating.seat_name, docs/protocol.md "Names")."""


TableCode = Annotated[str, Field(min_length=CODE_LENGTH, max_length=CODE_LENGTH, strict=True,
                                 pattern=f"^[{CODE_ALPHABET}]{{{CODE_LENGTH}}}$")]
"""A table code as the server makes it (shared/tablecode.py): what a client keeps, saves, shows and dials
with (``/t/CODE``) is checked here, at the frame boundary; a frame carrying anything else is refused as a
whole (``WRONG_TYPES``), so a hostile server's 4,000-character or escape-laden code never reaches them."""
LANGUAGE_TAG = r"^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{1,8}){0,3}$"
"""A language tag as the catalogs name them (``fr``, ``pt-BR``, ``es_419``): ASCII letters and digits only."""
Language = Annotated[str, Field(min_length=2, max_length=16, strict=True, pattern=LANGUAGE_TAG)]
ScoresW = tuple[Score, Score]
EndsW = tuple[Pip, Pip]
TakenW = tuple[SeatNo, Position]
"""R3: one opening-draw pick: the seat and the face-down position it took."""
CountsW = tuple[Count, Count, Count, Count]
PipTotalsW = tuple[Points, Points, Points, Points]
HandW = Annotated[tuple[TileW, ...], Field(max_length=MAX_HAND_TILES)]


class DecisionW(Model):
    """A decision or move: ``kind`` ``draw`` (position), ``nominate`` (opener),
    ``review`` (demand_redeal), ``play`` (tile, end) or ``pass``."""

    LEFT_OUT = frozenset({"tile", "end", "position", "opener", "demand_redeal"})
    """A decision sends only its own kind's fields."""

    kind: Literal["draw", "nominate", "review", "play", "pass"]
    seat: SeatNo
    tile: TileW | None = None
    end: EndW | None = None
    position: Position | None = None
    opener: SeatNo | None = None
    demand_redeal: bool | None = None


class PlacedW(Model):
    """A tile on the line of play: who laid it, at which end, its halves read left to right."""

    tile: TileW
    seat: SeatNo
    end: EndW
    left: Pip
    right: Pip


class OpeningDrawW(Model):
    """R3/R4: one opening draw: seat 1's tile (team A) and seat 2's (team B)."""

    tile_a: TileW
    tile_b: TileW


class RedealW(Model):
    """R13: a public redeal record: the demanding seat's doubles."""

    match: Number
    hand: Number
    seat: SeatNo
    doubles: HandW


class FinishedW(Model):
    """R22: a finished hand, all four hands revealed (index seat-1)."""

    match: Number
    number: Number
    entitled: TeamW
    """R7: the team that was entitled to nominate this hand's opener."""
    opener: SeatNo
    """R6/R14: the nominated opener, who led the hand."""
    dealt: tuple[HandW, HandW, HandW, HandW]
    left: tuple[HandW, HandW, HandW, HandW]
    moves: tuple[DecisionW, ...]
    line: tuple[PlacedW, ...]
    result: Literal["domino", "block", "tie"]
    ender: SeatNo | None
    winner: TeamW | None
    points: Points
    pip_totals: PipTotalsW
    scores_before: ScoresW
    scores_after: ScoresW


IN_FRAME: dict[str, int] = {"draws": 16, "redeals": 32, "finished": 40}
"""The most entries of each list that only play bounds (R4 tied draws, R11 redeals, R17 tied
hands: nothing in the rules caps them) one frame carries: the newest ones, with the list's
whole length in ``<name>_total``. Sized so the largest snapshot a legal table can reach stays
inside the clients' :data:`~.protocol.SERVER_LIMITS` (tests/protocol/test_frame_bounds.py);
the stored log keeps every entry (attacker finding: 1,030 tied draws made a table unreadable)."""
Total = Annotated[int, Field(ge=0, le=MAX_SAFE, strict=True)]


COMPUTER_PLAYED = "computer:"
"""How a finished match's record names a seat the computer played all match (``MatchRecordW.players``, the
server's results, ``server/storage/base.COMPUTER_SEAT``): this prefix and the level's key, ``"computer:expert"``."""
PLAYED_CHARS = 4 * (32 + 12) + 3 * 3
"""The longest ``MatchRecordW.players`` entry: four persons' names (at most 32 characters each, the most a
seat's record keeps), each with its share of the hands (" (9999/9999)", organiser s16 F4), joined by " / "."""
PlayerNamesW = Annotated[str, Field(max_length=PLAYED_CHARS, strict=True)]


class MatchRecordW(Model):
    """An earlier match at this table (its lists windowed as in :class:`ViewW`)."""

    number: Number
    draws: tuple[OpeningDrawW, ...]
    redeals: tuple[RedealW, ...]
    finished: tuple[FinishedW, ...]
    draws_total: Total
    redeals_total: Total
    finished_total: Total
    scores: ScoresW
    winner: TeamW | None
    named: Literal["pollona", "tripollua"] | None
    players: tuple[PlayerNamesW, PlayerNamesW, PlayerNamesW, PlayerNamesW] | None = None
    """Who played the match, seats 1..4, as its result names them (docs/operations.md "Finished matches"):
    the persons who made a decision at the seat, in the order they first did, joined by " / "
    ("Tomás / Marta"), or ``"computer:LEVEL"`` (:data:`COMPUTER_PLAYED`) for a seat the computer played all
    match. Null when the server does not know (a server before session 16; a match whose result the store
    lost). Organiser s16 F10: a window named today's seat holders as an earlier match's players."""


class ViewW(Model):
    """R21/D8: what one connection may see. ``viewer`` null = spectator (``hand`` empty)."""

    phase: PhaseW
    match: Number
    hand_number: Number
    scores: ScoresW
    entitled: TeamW | None
    opener: SeatNo | None
    turn: SeatNo | None
    counts: CountsW
    line: tuple[PlacedW, ...]
    ends: EndsW | None
    moves: tuple[DecisionW, ...]
    draw_taken: tuple[TakenW, ...]
    draws: tuple[OpeningDrawW, ...]
    redeals: tuple[RedealW, ...]
    finished: tuple[FinishedW, ...]
    winner: TeamW | None
    named: Literal["pollona", "tripollua"] | None
    past: tuple[MatchRecordW, ...]
    draws_total: Total
    """How many opening draws this match has had: ``draws`` holds the last ``IN_FRAME`` of them."""
    redeals_total: Total
    finished_total: Total
    viewer: SeatNo | None = None
    hand: HandW = ()
    answered: bool = False


APPENDABLE = ("line", "moves", "draw_taken", "draws", "redeals", "finished", "past")
"""List fields a patch may extend with ``<name>_add``."""
NULLABLE = ("entitled", "opener", "turn", "ends", "winner", "named")
"""Fields a patch may set to null by naming them in ``clear``."""


def _never_null(schema: dict[str, Any]) -> None:
    """The schema of :class:`ViewPatch`: no field is ever null (a field that became null is named in
    ``clear``), so no property has a null branch nor a null ``default`` (protodoc s12)."""
    for prop in schema.get("properties", {}).values():
        branches = prop.pop("anyOf", None)
        if branches is not None:
            rest = [b for b in branches if b != {"type": "null"}]
            if len(rest) == 1:
                prop.update(rest[0])
            else:
                prop["anyOf"] = rest
        if "default" in prop and prop["default"] is None:
            del prop["default"]


class ViewPatch(Model):
    """Changes to a :class:`ViewW`: each present field replaces the old value, each
    ``<name>_add`` appends to that list, each name in ``clear`` becomes null.
    Absent fields are unchanged. Applied in that order: set, add, clear. No field is ever null
    on the wire (None here means absent): a null is refused, as the schema says.

    ``past`` is only ever extended (``past_add``): an undo never reaches back into an earlier match,
    and the matches the server forgets (it keeps the last 2) stay with the clients that saw them."""

    model_config = ConfigDict(json_schema_extra=_never_null)

    LEFT_OUT = frozenset({
        "phase", "match", "hand_number", "scores", "entitled", "opener", "turn", "counts", "line", "ends",
        "moves", "draw_taken", "draws", "redeals", "finished", "winner", "named", "hand", "answered",
        "line_add", "moves_add", "draw_taken_add", "draws_add", "redeals_add", "finished_add", "past_add",
        "draws_total", "redeals_total", "finished_total", "clear"})
    """A patch names only what changed (docs/protocol.md "Folding an update into the view")."""

    phase: PhaseW | None = None
    match: Number | None = None
    hand_number: Number | None = None
    scores: ScoresW | None = None
    entitled: TeamW | None = None
    opener: SeatNo | None = None
    turn: SeatNo | None = None
    counts: CountsW | None = None
    line: tuple[PlacedW, ...] | None = None
    ends: EndsW | None = None
    moves: tuple[DecisionW, ...] | None = None
    draw_taken: tuple[TakenW, ...] | None = None
    draws: tuple[OpeningDrawW, ...] | None = None
    redeals: tuple[RedealW, ...] | None = None
    finished: tuple[FinishedW, ...] | None = None
    winner: TeamW | None = None
    named: Literal["pollona", "tripollua"] | None = None
    hand: HandW | None = None
    answered: bool | None = None
    line_add: tuple[PlacedW, ...] | None = None
    moves_add: tuple[DecisionW, ...] | None = None
    draw_taken_add: tuple[TakenW, ...] | None = None
    draws_add: tuple[OpeningDrawW, ...] | None = None
    redeals_add: tuple[RedealW, ...] | None = None
    finished_add: tuple[FinishedW, ...] | None = None
    past_add: tuple[MatchRecordW, ...] | None = None
    draws_total: Total | None = None
    redeals_total: Total | None = None
    finished_total: Total | None = None
    clear: tuple[Literal["entitled", "opener", "turn", "ends", "winner", "named"], ...] = ()

    @model_validator(mode="before")
    @classmethod
    def _no_null(cls, data: Any) -> Any:
        """A null field is refused: the server names a field that became null in ``clear``."""
        if isinstance(data, dict):
            nulls = sorted(str(k) for k, v in data.items() if v is None)
            if nulls:
                raise ValueError(f"{', '.join(nulls)}: a field that became null is named in clear, never null")
        return data


PLAYED_BY_MAX = 8
"""At most this many stretches of who played a seat are sent (``SeatW.played_by``, the server's newest)."""


class PlayedW(Model):
    """One stretch of who played a seat (``SeatW.played_by``, session 16)."""

    since: tuple[Number, Number, Number]
    """(match, hand, moves): from the move after the first ``moves`` moves of hand ``hand`` of match ``match``
    (a move numbered ``moves + 1`` in that hand, or any move of a later hand) until the next stretch."""
    name: Annotated[str, Field(max_length=32, strict=True)]
    """The person who played it then (their name as the seat showed it), or "" for the computer."""


class SeatW(Model):
    """One seat as every connection sees it."""

    seat: SeatNo
    name: str
    kind: Literal["human", "computer"]
    level: LevelW
    claimed: bool
    """A person holds this seat (it has a token)."""
    connected: bool
    """That person is connected now."""
    computer_plays: bool
    """The computer decides for this seat now (a computer seat, an empty seat after
    the start, or a disconnected seat handed over by consent, D7)."""
    program: bool = False
    """The connection holding this seat said in its ``hello`` that it is a computer player playing
    over the network (``client`` in :data:`PROGRAM_CLIENTS`: ``doublenine bot``)."""
    waits: bool = False
    """A person took this seat while a hand was dealt and sits at it from the next deal (the computer
    plays the hand out meanwhile, ``claimed`` and ``computer_plays`` true; attacker s14 F1); absent
    (false) from a server before session 15."""
    next_name: Annotated[str, Field(max_length=32, strict=True)] = ""
    """The name of the person who sits at this seat from the next deal (``waits``), "" otherwise or from a
    server before it: the other windows name who is waiting (rp5 s15: "player: next hand", nobody named)."""
    sat_after: tuple[Number, Number] | None = None
    """(match, hand): the last hand finished before the person holding this seat sat down (a late arrival,
    or a join between hands of a started match): that hand and the earlier ones were not theirs (the
    computer's), so no window calls them "yours" (rp5 s15). None: held since the match's first hand,
    nobody holds it, or a server before it."""
    played_by: Annotated[tuple[PlayedW, ...], Field(max_length=PLAYED_BY_MAX)] = ()
    """Who played this seat, by stretches, oldest first (session 16): a person who sat at the next deal, the
    computer after its person gave the seat up mid-hand, the computer while the seat was handed over (D7) and its
    person again from their return (session 17). Every place that names who played a tile or a hand reads it. ``()``: nothing changed since the match's start (the present
    holder played it, as ``sat_after`` says), or a server before it."""


PROGRAM_CLIENTS = frozenset({"netbot"})
"""``Hello.client`` names of computer players that take a human seat over the network."""


class EffectW(Model):
    """D1, R27, D6: what accepting an undo or a redo does, in public terms only (no tile of any hand)."""

    moves: Number
    """The plays and passes it takes back (undo) or plays again (redo)."""
    passes: Number | None = None
    """Of :attr:`moves`, the passes (the rest are plays); absent from an older server (session 9, new
    user 2: "3 plays and passes" was said of three passes)."""
    hands: Annotated[tuple[Number, ...], Field(max_length=MAX_HANDS_BACK)] = ()
    """The numbers of this match's hands whose end it takes back, score included (undo, D6), or reaches
    again (redo), oldest first."""
    scores: tuple[Score, Score]
    """Team A's and team B's scores once it is done."""


class RequestW(Model):
    """D1/D7: an open consent request."""

    LEFT_OUT = frozenset({"effect"})
    """``effect`` is sent with an undo or redo request only."""

    id: IdW
    action: RequestAction
    by: SeatNo
    target: SeatNo | None = None
    waiting: tuple[SeatNo, ...]
    """Seats whose answer is still needed."""
    accepted: tuple[SeatNo, ...] = ()
    effect: EffectW | None = None
    """For ``undo`` and ``redo``: what accepting does (optional: absent for the other actions)."""


class TableW(Model):
    """The table around the match: seats, who is connected, pause, consent."""

    code: TableCode
    seats: tuple[SeatW, SeatW, SeatW, SeatW]
    seeded: bool
    """R24/D9: the deals are reproducible (the seed itself is never here)."""
    started: bool
    paused: bool
    """R26/D2: computer seats wait (a seated human has the rules or ledger open, or a request is open)."""
    panels: tuple[SeatNo, ...] = ()
    """Seats that have the rules or the ledger open."""
    holding: tuple[SeatNo, ...] = ()
    """R26/D2 with D7: seats whose open panel is what the computers wait for; the table waits for
    them as for a seat to play (nudge, hand-over after a minute). Absent from an older server."""
    request: RequestW | None = None
    can_redo: bool = False
    spectators: Annotated[int, Field(ge=0, le=MAX_NUMBER, strict=True)] = 0
    language: str | None = None
    chat: Literal["free", "phrases_in_hand"] = "free"
    """Issue 15: ``phrases_in_hand``: while a hand is in play (phases review and play) only
    preset phrases may be said, by seats and spectators alike."""
    tracker: bool = False
    """Issue 14.3: the table's creator allows the tile tracker panel (each seat's own count, and
    the spectators' public one; computed by each client from its own view)."""
    public: bool = False
    """Issue 13.3: the creator lists the table on the server's web page ``/``."""
    starters: tuple[SeatNo, ...] | None = None
    """The seats whose ``start`` the server accepts now (docs/protocol.md ``start``): ``[]`` once the match
    runs; before, the creator's seat while its player holds it, else every seat a person holds. Absent
    (None) from an older server: a window then offers "Start now" only where it created the table."""
    table_name: Annotated[str, Field(max_length=32, strict=True)] = ""
    """Club s14: the table's name as ``create_table.table_name`` gave it, cleaned; "" none (known by its
    code). Absent from an older server."""
