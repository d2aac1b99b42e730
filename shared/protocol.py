"""The wire protocol: one pydantic model per message, msgpack frames (docs/protocol.md).

Every websocket frame is binary: one msgpack map (``use_bin_type=True``) with a
``"type"`` tag naming its model. Models are frozen and forbid extra fields; the
server validates every client frame once, at the edge, through
:data:`CLIENT_ADAPTER` and answers anything it refuses with :class:`Error`.
Server frames validate through :data:`SERVER_ADAPTER`. The engine view on the
wire (:class:`ViewW`, :class:`ViewPatch`) lives in :mod:`.wire`; turning it
into engine values is :mod:`.convert`'s job.
"""
from __future__ import annotations

from typing import Annotated, Any, Literal, Union

import msgpack  # type: ignore[import-untyped]
from pydantic import AfterValidator, Field, GetJsonSchemaHandler, TypeAdapter, ValidationError, model_validator
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema

from .chat import MAX_RAW_CHARS, ChatRule, PhraseId
from .errors import WIRE_CODES, ErrorCode
from .frames import FrameError, FrameLimits, limits_from_schema, read_frame
from .wire import (
    MAX_NUMBER, MAX_PIPS, MAX_SAFE, DecisionW, EndW, IdW, Language, LevelW, Model, Number, RequestAction, SeatNo,
    Seconds,
    SeqW, TableCode, TableW, TileW, ViewPatch, ViewW, Str, Name,
)

PROTOCOL_VERSION = 2
"""The version a ``hello`` must carry; the server refuses another (``PROTOCOL_VERSION``, close 4001).

Bumped on any change a peer of the previous version cannot read (docs/protocol.md "Versions and
compatibility"). 1: the first protocol. 2: server frames gained fields and messages (chat, nudge,
coach, ``waited``, ``cause``, the table's ``chat``/``tracker``/``public``, windowed lists' totals,
a finished hand's ``entitled``) that clients of version 1, which refused unknown fields, could not
read. From 2 on clients ignore fields and message types they do not know (:func:`decode_server`),
so a server may add those without a bump; the server stays strict with client frames."""

Code = Annotated[str, Field(min_length=1, max_length=16, strict=True)]
Token = Annotated[str, Field(min_length=1, max_length=128, strict=True)]
IntentId = Annotated[str, Field(min_length=1, max_length=64, strict=True)]
Claim = Annotated[int, Field(ge=1, lt=2**31, strict=True)]
"""A seat's grant number (``joined.claim``, ``rejoin.claim``)."""
Seq = SeqW
Bool = Annotated[bool, Field(strict=True)]


def _no_default(schema: dict[str, Any]) -> None:
    """A field that may be left out but has no value standing for "left out" on the wire."""
    schema.pop("default", None)


def _name_left_out() -> Any:
    """A seat name a client may leave out (the model holds None): the seat then gets its default name
    (``South``, ``East``...), exactly as a name blank once cleaned (docs/protocol.md "Names"). Never
    null on the wire (a protocol-2 server refuses null there); the schema marks it optional, with no
    ``default`` (no wire value stands for "left out")."""
    return Field(None, json_schema_extra=_no_default)


# ---------------------------------------------------------------- client -> server: session

class Hello(Model):
    """First frame of every connection: the client's protocol version."""

    type: Literal["hello"] = "hello"
    protocol_version: Annotated[int, Field(ge=0, le=MAX_SAFE, strict=True)]
    client: Str = ""


class SeatSpec(Model):
    """One seat of a new table: a ``human`` seat waits for a person, a ``computer`` seat is played by the server."""

    kind: Literal["human", "computer"]
    level: LevelW = "expert"
    name: Name | None = None


class CreateTable(Model):
    """Create a table; the sender is attached to it (seated at ``sit``, else as spectator)."""

    type: Literal["create_table"] = "create_table"
    seats: tuple[SeatSpec, SeatSpec, SeatSpec, SeatSpec]
    seed: Annotated[int, Field(ge=0, lt=2**63, strict=True)] | None = None
    language: Language | None = None
    sit: SeatNo | None = None
    """None (the default): the creator watches as a spectator; the table starts when people take
    every human seat (a spectator cannot ``start`` it)."""
    name: Name = _name_left_out()
    """Left out: the seat's default name (docs/protocol.md "Names"); was ``"Player"`` until session 10."""
    chat: ChatRule = "free"
    """Issue 15: ``phrases_in_hand`` allows only preset phrases while a hand is in play."""
    tracker: Bool = False
    """Issue 14.3: allow the tile tracker panel at this table (shown in the table settings)."""
    public: Bool = False
    """Issue 13.3: list the table on the server's web page ``/`` (off by default)."""
    table_name: Name = _name_left_out()
    """Club s14 F1: the table's name ("Table 1", "Window table"), cleaned as a seat's name (docs/protocol.md
    "Names"); left out (or blank once cleaned): the table has none and is known by its code."""


class Join(Model):
    """Take a free human seat (``seat`` None: the server chooses, ``server.seating.any_free_seat``) with a
    display name."""

    type: Literal["join"] = "join"
    code: Code
    seat: SeatNo | None = None
    name: Name = _name_left_out()
    """Left out: the seat's default name (docs/protocol.md "Names")."""


class Rejoin(Model):
    """D7: reclaim a seat after any disconnect with its secret seat token."""

    type: Literal["rejoin"] = "rejoin"
    code: Code
    token: Token
    claim: Claim | None = None
    """The ``joined.claim`` this window was last given for the seat (None: none, a new window): one that
    another window took the seat over from since is closed 4002 (docs/protocol.md ``rejoin``)."""


class Spectate(Model):
    """Watch a table (D8): the public view, hands only at the reveal."""

    type: Literal["spectate"] = "spectate"
    code: Code
    name: Name = _name_left_out()
    """The spectator's name in the chat (``ChatLineW.name``), cleaned and made distinct as a seat's
    (docs/protocol.md "Names"); left out: none (the chat says "Spectator"). Added under version 2: an
    older version-2 server refuses it ``WRONG_TYPES``, and the shipped clients then spectate without it."""


class Leave(Model):
    """Leave the table; a seated player gives the seat up (its token stops working)."""

    type: Literal["leave"] = "leave"


class Resync(Model):
    """Ask for a fresh :class:`Snapshot` (after a detected gap)."""

    type: Literal["resync"] = "resync"


class Start(Model):
    """Start the match now: the computer plays the empty human seats until a person takes one (club s14 F17)."""

    type: Literal["start"] = "start"


class Panel(Model):
    """R26/D2: the sender opened (``open``) or closed the rules or the ledger."""

    type: Literal["panel"] = "panel"
    open: Bool


class Chat(Model):
    """Say something to everyone at the table: exactly one of ``text`` (free text, cleaned and
    cut to 200 characters) or ``phrase`` (a preset phrase id, shown in each reader's language)."""

    type: Literal["chat"] = "chat"
    text: Annotated[str, Field(min_length=1, max_length=MAX_RAW_CHARS, strict=True)] | None = None
    phrase: PhraseId | None = None
    intent_id: IntentId | None = None
    """Client-chosen id: the same id from the same seat (or from a spectator) is said once, a repeat is
    refused ``DUPLICATE``, so a line sent again after a reconnect never shows twice (s15: a line sent on a
    dead link was lost silently). Added under version 2: an older version-2 server refuses it
    ``WRONG_TYPES`` (echoing the id), and the shipped clients then send the line again without it."""

    @model_validator(mode="after")
    def _one_of(self) -> Chat:
        if (self.text is None) == (self.phrase is None):
            raise ValueError("give exactly one of text or phrase")
        return self


class Nudge(Model):
    """Nudge ``seat``, whose decision the table is waiting for (a highlight on that player's window)."""

    type: Literal["nudge"] = "nudge"
    seat: SeatNo
    intent_id: IntentId | None = None
    """As :attr:`Chat.intent_id`: a nudge sent again after a reconnect is refused ``DUPLICATE``."""


class Back(Model):
    """D7: the sender's seat, handed over to the computer while connected, returns to the player."""

    type: Literal["back"] = "back"


# ---------------------------------------------------------------- client -> server: intents

class _Intent(Model):
    expected_seq: Seq
    """The ``seq`` of the last Snapshot/Update the client applied (STALE otherwise)."""
    intent_id: IntentId | None = None
    """Client-chosen id; the same id for the same seat is applied once (DUPLICATE)."""


class DrawTile(_Intent):
    """R3: pick face-down tile ``position`` (0..54) in the opening draw."""

    type: Literal["draw"] = "draw"
    position: Annotated[int, Field(ge=0, le=54, strict=True)]


class NominateOpener(_Intent):
    """R6: name the opener of the next deal."""

    type: Literal["nominate"] = "nominate"
    opener: SeatNo


class ReviewHand(_Intent):
    """R10: accept the hand, or (five or more doubles) demand a redeal."""

    type: Literal["review"] = "review"
    demand_redeal: Bool = False


class PlayTile(_Intent):
    """R14/R15: lay ``tile`` at ``end`` (for the lead: its orientation)."""

    type: Literal["play"] = "play"
    tile: TileW
    end: EndW


class PassTurn(_Intent):
    """R15/D4: pass (only when no tile fits)."""

    type: Literal["pass"] = "pass"


class AskHint(_Intent):
    """R25: ask for a suggested decision (a preview, sent to this connection only)."""

    type: Literal["hint"] = "hint"


class Undo(_Intent):
    """R27: take back this seat's previous play, never a pass (R15, D4), and what followed (D1: may need consent)."""

    type: Literal["undo"] = "undo"


class Redo(_Intent):
    """R27: restore what the last undo took back (D1)."""

    type: Literal["redo"] = "redo"


class Restart(_Intent):
    """R28: replay the current hand from its deal (D1)."""

    type: Literal["restart"] = "restart"


class NewMatch(_Intent):
    """R28: scores 0-0 and a fresh opening draw (D1)."""

    type: Literal["new_match"] = "new_match"


class HandOver(_Intent):
    """D7: ask to let the computer play human ``seat`` until its player returns: a disconnected
    seat, or a connected one whose decision the table is waiting for (issue 15)."""

    type: Literal["hand_over"] = "hand_over"
    seat: SeatNo


class Consent(Model):
    """D1/D7: answer a consent request shown in ``TableW.request``."""

    type: Literal["consent"] = "consent"
    request_id: IdW
    """1..2^53-1 like every id (docs/protocol.md "Numbers"; unbounded until protodoc s12)."""
    accept: Bool


class AskCoach(Model):
    """Issue 14.2: "Review my hand": the coach's review of the sender's own decisions in
    finished hand ``hand`` of match ``match`` (any hand in the ledger). Seats only
    (SPECTATOR_CANNOT_ACT); one review at a time per connection and per seat, at most
    4 being computed per address group (COACH_PENDING); a hand not
    finished or not in the ledger is NO_SUCH_HAND. Answered by :class:`CoachReply`."""

    type: Literal["coach"] = "coach"
    match: Annotated[int, Field(ge=1, le=1_000_000, strict=True)]
    hand: Annotated[int, Field(ge=1, le=1_000_000, strict=True)]


class CancelRequest(Model):
    """D1: the requester withdraws its open request."""

    type: Literal["cancel_request"] = "cancel_request"
    request_id: IdW
    """1..2^53-1 like every id (docs/protocol.md "Numbers")."""


class CloseTable(Model):
    """Close table ``code`` for everyone (every connection at it is told, ``left.closed``, and no seat token
    opens it again), or with ``unlist`` only take it off the server's list (``/``, the projector); organiser s16
    F11. Only the table's creator (the connection that created it, or the one holding the creator's seat) or
    the server's operator (``key``: the server's ``$DOUBLENINE_OPERATOR_KEY``; then ``code`` need not be the
    sender's table) may: anyone else is refused ``NOT_ENTITLED``. Added under version 2: an older version-2
    server refuses it ``UNKNOWN_MESSAGE``."""

    type: Literal["close_table"] = "close_table"
    code: Code
    unlist: Bool = False
    key: Annotated[str, Field(min_length=1, max_length=128, strict=True)] | None = None


ClientMessage = Annotated[
    Union[Hello, CreateTable, Join, Rejoin, Spectate, Leave, Resync, Start, Panel, DrawTile,
          NominateOpener, ReviewHand, PlayTile, PassTurn, AskHint, Undo, Redo, Restart, NewMatch,
          HandOver, Consent, CancelRequest, Chat, Nudge, Back, AskCoach, CloseTable],
    Field(discriminator="type"),
]
INTENTS: tuple[type[_Intent], ...] = (DrawTile, NominateOpener, ReviewHand, PlayTile, PassTurn,
                                      AskHint, Undo, Redo, Restart, NewMatch, HandOver)
"""Messages that act on the match and carry ``expected_seq``/``intent_id``."""


# ---------------------------------------------------------------- server -> client

class Welcome(Model):
    """Answer to a matching :class:`Hello`."""

    type: Literal["welcome"] = "welcome"
    protocol_version: Annotated[int, Field(ge=0, le=MAX_SAFE, strict=True)]
    server: str = "doublenine"


class Joined(Model):
    """You are attached to table ``code``: at ``seat`` (with its secret ``token``) or as spectator.

    ``seed`` is set only for the connection that created a seeded table with it (D9).
    A :class:`Snapshot` follows at once.
    """

    LEFT_OUT = frozenset({"token", "seed", "claim"})
    """No ``token`` for a spectator or a ``rejoin``; ``seed`` only to a seeded table's creator (D9); no
    ``claim`` for a spectator (nor from an older server)."""

    type: Literal["joined"] = "joined"
    code: TableCode
    """Checked at the frame boundary (a client dials ``/t/CODE`` with it and saves it)."""
    seat: SeatNo | None = None
    token: Token | None = None
    """At most 128 characters: a client sends it back in ``rejoin`` and saves it."""
    seed: Annotated[int, Field(ge=0, lt=2**63, strict=True)] | None = None
    claim: Claim | None = None
    """Which grant of the seat this attachment is (1, 2, ...: each join or rejoin of it in the serving
    process): sent back in ``rejoin.claim``. Only to a seated connection."""


class Snapshot(Model):
    """Everything this connection may see now: its own view (R21/D8) and the table."""

    type: Literal["snapshot"] = "snapshot"
    seq: Seq
    view: ViewW
    table: TableW
    waited: Seconds = 0.0
    """Seconds the decision now awaited had waited when this snapshot was sent (information
    only, R29: nothing acts by the clock); every later ``update`` starts a new wait at 0."""


class Update(Model):
    """One change of the match, in order: exactly one of ``move`` (a play or pass that
    did not end the hand, fold it like the engine) or ``patch`` (fields to set/append).
    ``cause``: the undo, redo, restart or new match (R27, R28) the patch comes from;
    absent for a decision."""

    LEFT_OUT = frozenset({"move", "patch", "cause"})
    """One of ``move`` and ``patch``; ``cause`` only on an undo's, redo's, restart's or new match's patch."""

    type: Literal["update"] = "update"
    seq: Seq
    move: DecisionW | None = None
    patch: ViewPatch | None = None
    cause: Literal["undo", "redo", "restart", "new_match"] | None = None


class TableUpdate(Model):
    """The table info changed (seats, connections, pause, consent request)."""

    type: Literal["table"] = "table"
    table: TableW


CoachReason = Literal["domino", "double", "heavier", "lead_suit", "follow", "next_void", "partner_locked",
                      "partner_number", "opponent_number"]


class HintReply(Model):
    """R25: a suggested decision for the asking seat at ``seq`` (a preview only). For a play, ``reason``
    with ``pips`` may say why it rather than ``instead``, the other play the ``normal`` evaluation
    likes most: the coach's term that favours the hint the most (issue 14.2's codes, CoachRow;
    computed from the seat's own view, docs/protocol.md)."""

    type: Literal["hint"] = "hint"
    seq: Seq
    decision: DecisionW
    reason: CoachReason | None = None
    pips: Annotated[tuple[Annotated[int, Field(ge=0, le=9)], ...], Field(max_length=2)] = ()
    instead: TileW | None = None


HandPoints = Annotated[float, Field(ge=-MAX_PIPS, le=MAX_PIPS)]
"""Expected points of a hand for a team (negative: for the opponents), at most the whole set's pips."""
Spread = Annotated[float, Field(ge=0, le=MAX_PIPS)]
"""A standard error or a threshold, in points of a hand."""



class CoachRowW(Model):
    """One decision of the reviewed seat (issue 14.2). ``at``: its index in the finished hand's
    ``moves`` (-1: a review answer, R10). ``made``/``best``: the move made and the expert's
    (equal when nothing was better, or when ``forced``). ``made_mean``/``best_mean``: expected
    points of the hand for the seat's team (negative: for the opponents), each with its standard
    error, over ``worlds`` sampled deals of the hidden tiles; absent when not evaluated (forced
    decisions, and demands of voided deals). An acceptance with five or more doubles (R10) is
    valued against a redeal: ``made_mean`` keeping the hand, ``best_mean`` a fresh deal when that
    was worth more (``best`` the demand). ``loss``: ``best_mean - made_mean`` (0 if not evaluated),
    ``loss_stderr`` its standard error (null if not evaluated). ``mistake``: loss over the threshold
    plus two ``loss_stderr``. ``reason`` with ``pips``: which term of the normal evaluation explains
    the loss, if one does. ``hint`` with ``hint_mean``/``hint_stderr``: the move the hint (R25) gave
    there and its value on the same worlds (null for forced rows and review answers); ``best`` is the
    measured best, never the hint's move as such (s15 domino F1/F2; docs/protocol.md)."""

    at: Annotated[int, Field(ge=-1, le=MAX_NUMBER, strict=True)]
    kind: Literal["review", "lead", "play", "pass"]
    made: DecisionW
    best: DecisionW
    forced: bool = False
    made_mean: HandPoints | None = None
    made_stderr: Spread | None = None
    best_mean: HandPoints | None = None
    best_stderr: Spread | None = None
    worlds: Annotated[int, Field(ge=0, le=MAX_NUMBER, strict=True)] = 0
    loss: Annotated[float, Field(ge=-2 * MAX_PIPS, le=2 * MAX_PIPS)] = 0.0
    loss_stderr: Spread | None = None
    mistake: bool = False
    reason: CoachReason | None = None
    pips: tuple[Annotated[int, Field(ge=0, le=9)], ...] = ()
    hint: DecisionW | None = None
    hint_mean: HandPoints | None = None
    hint_stderr: Spread | None = None


class CoachReply(Model):
    """Issue 14.2: the coach's review of ``seat``'s decisions in finished hand ``hand`` of match
    ``match``, to the asking connection only: mistakes first (largest loss first), then the other
    decisions in the order made. ``threshold``: the points a mistake must lose."""

    type: Literal["coach"] = "coach"
    match: Number
    hand: Number
    seat: SeatNo
    threshold: Spread
    rows: tuple[CoachRowW, ...]


class RequestClosed(Model):
    """D1/D7: consent request ``request_id`` ended: ``done``, ``refused`` (by ``seat``),
    ``cancelled``, ``expired`` (the match moved on) or ``failed`` (refused by the rules: ``detail``)."""

    type: Literal["request_closed"] = "request_closed"
    request_id: IdW
    action: RequestAction
    """The request's action, as ``RequestW.action`` (a free string in the schema until protodoc s12)."""
    outcome: Literal["done", "refused", "cancelled", "expired", "failed"]
    seat: SeatNo | None = None
    detail: str = ""


class ChatLineW(Model):
    """One chat line: ``seat`` null means a spectator; exactly one of ``text`` or ``phrase``."""

    LEFT_OUT = frozenset({"text", "phrase", "mine"})
    """Exactly one of ``text`` and ``phrase``; ``mine`` only when true."""

    id: IdW
    """Increases with each line at this table, which every connection hears in id order
    (a client drops ids it already has)."""
    at: Seconds
    """Unix seconds (server clock) when it was said."""
    seat: SeatNo | None = None
    name: str = ""
    """The seat's display name when it was said; a spectator's name (``spectate.name``), empty for a
    spectator who gave none."""
    text: str | None = None
    phrase: PhraseId | None = None
    mine: bool = False
    """True only in the copy of a new line sent to the connection that said it (never in a
    history): how a spectator, whose lines carry no seat, knows its own lines."""


class ChatLines(Model):
    """Chat lines, oldest first: one new line, or the table's recent ones right after a snapshot."""

    LEFT_OUT = frozenset({"history"})
    """``history`` only when true."""

    type: Literal["chat"] = "chat"
    lines: tuple[ChatLineW, ...]
    history: bool = False
    """True: the recent lines sent on attaching (replace what the client shows)."""


class Nudged(Model):
    """Seat ``by`` nudged seat ``seat`` (to everyone at the table; ``seat``'s window lights up)."""

    type: Literal["nudge"] = "nudge"
    by: SeatNo
    seat: SeatNo


class LeftTable(Model):
    """Answer to :class:`Leave`: the connection is no longer attached to a table. Also sent, unasked, to every
    connection at a table closed by hand (:class:`CloseTable`), with ``closed`` saying who closed it; the
    connection is then closed (1001 "table closed"); an operator's connection not at the table is answered
    so too, and stays open."""

    LEFT_OUT = frozenset({"closed"})
    type: Literal["left"] = "left"
    code: str
    closed: Literal["creator", "operator"] | None = None
    """Who closed the table by hand (organiser s16 F11); absent for an answer to ``leave``."""


def _sent_on_the_wire(code: ErrorCode) -> ErrorCode:
    """An ``error`` frame carries only :data:`.errors.WIRE_CODES` (a hand-script file's code is not one)."""
    if code not in WIRE_CODES:
        raise ValueError(f"{code} is a hand-script file's code, never sent")
    return code


class _WireCodesOnly:
    """The schema's ``ErrorCode`` lists :data:`.errors.WIRE_CODES` only (protodoc s12: the six codes of
    hand-script files were listed as codes a client may receive, which the prose never named)."""

    def __get_pydantic_json_schema__(self, core: CoreSchema, handler: GetJsonSchemaHandler) -> JsonSchemaValue:
        schema = handler(core)
        handler.resolve_ref_schema(schema)["enum"] = [c.value for c in WIRE_CODES]
        return schema


WireCode = Annotated[ErrorCode, AfterValidator(_sent_on_the_wire), _WireCodesOnly()]
"""The code of an ``error`` frame: one of :data:`.errors.WIRE_CODES`."""


SafeInt = Annotated[int, Field(ge=-MAX_SAFE, le=MAX_SAFE, strict=True)]
ErrorValue = Union[SafeInt, Seconds, bool, Str, None, list[SafeInt]]
"""A value in :attr:`Error.data`: an integer, a count of seconds (``retry_after``), a short
string, a boolean, null or a list of integers; never inf or NaN."""


class Error(Model):
    """A refusal, to this connection only; nothing changed. ``intent_id`` echoes the refused intent."""

    LEFT_OUT = frozenset({"intent_id", "data"})
    """``intent_id`` only when the refused frame carried a valid one; ``data`` only when the code has facts."""

    type: Literal["error"] = "error"
    code: WireCode
    detail: str = ""
    intent_id: str | None = None
    data: dict[str, ErrorValue] | None = None
    """Facts about the refusal (``PROTOCOL_VERSION``: ``server``, ``client``): plain values only."""


ServerMessage = Annotated[
    Union[Welcome, Joined, Snapshot, Update, TableUpdate, HintReply, RequestClosed, LeftTable, Error,
          ChatLines, Nudged, CoachReply],
    Field(discriminator="type"),
]

CLIENT_ADAPTER: TypeAdapter[Any] = TypeAdapter(ClientMessage)
SERVER_ADAPTER: TypeAdapter[Any] = TypeAdapter(ServerMessage)


# ---------------------------------------------------------------- framing

def pack(obj: object) -> bytes:
    """msgpack-encode a plain value (maps, lists, str, int, float, bool, None)."""
    return msgpack.packb(obj, use_bin_type=True)  # type: ignore[no-any-return]


def encode(message: Model) -> bytes:
    """One frame for ``message``: its ``type`` and every field that was set (defaults left out,
    so a decoded Update patch encodes back to the same fields)."""
    fields = message.model_dump(mode="json", exclude_unset=True)
    fields["type"] = message.type  # type: ignore[attr-defined]
    return pack(fields)


LEGAL_CLIENT_FRAME: FrameLimits = limits_from_schema(CLIENT_ADAPTER.json_schema())
"""What the largest legal client frame holds, computed from the models (its widest encoding)."""
CLIENT_LIMITS: FrameLimits = LEGAL_CLIENT_FRAME.widened(2)
"""Frame limits of client frames (docs/protocol.md "Frame limits"): twice the legal maxima, so a
near miss is refused ``WRONG_TYPES`` naming its field; anything beyond is ``MALFORMED_FRAME``."""

SERVER_LIMITS = FrameLimits(max_bytes=2**20, max_depth=12, max_array=1024, max_map=64, max_str=4096)
"""Frame limits of server frames, for clients (issue 16.1: a client reads a stranger's server).
Lists that only play bounds (R4 tied draws, R11 redeals, R17 tied hands) travel windowed
(:data:`.wire.IN_FRAME`), so the largest snapshot a table can reach fits these (about 870 KB,
tests/protocol/test_frame_bounds.py); the deepest frame (a snapshot's
``past`` > ``finished`` > ``dealt`` > hand > tile) has 9 levels. Clients pass
``max_bytes`` to their websocket library as its frame size limit."""


def unpack(frame: bytes, limits: FrameLimits = CLIENT_LIMITS) -> Any:
    """msgpack-decode one frame within ``limits``; raises :class:`FrameError` (MALFORMED_FRAME)
    on text, bad bytes or anything beyond a limit (:func:`.frames.read_frame`)."""
    return read_frame(frame, limits)


def _intent_id_in(obj: Any) -> str | None:
    iid = obj.get("intent_id") if isinstance(obj, dict) else None
    return iid if isinstance(iid, str) and 0 < len(iid) <= 64 else None


def intent_id_of(frame: bytes | str) -> str | None:
    """The ``intent_id`` a raw frame carries, if it is a valid one (a string of 1..64
    characters), else None: echoed in errors about frames refused before validation
    (``RATE_LIMITED``), so a client knows which intent was dropped. Parses the frame
    within :data:`CLIENT_LIMITS`: call it only for a frame that is not decoded otherwise."""
    try:
        return _intent_id_in(unpack(frame))  # type: ignore[arg-type]
    except FrameError:
        return None


def _validate(adapter: TypeAdapter[Any], frame: bytes, limits: FrameLimits, tolerant: bool = False) -> Any:
    obj = unpack(frame, limits)
    if not isinstance(obj, dict):
        raise FrameError(ErrorCode.MALFORMED_FRAME, "a frame is one msgpack map")
    try:
        return adapter.validate_python(obj, extra="ignore" if tolerant else None)
    except ValidationError as exc:
        iid = _intent_id_in(obj)
        first = exc.errors(include_url=False)[0]
        if first["type"] in ("union_tag_not_found", "union_tag_invalid"):
            tag = obj.get("type")
            shown = repr(tag)[:40] if isinstance(tag, (str, int, float, bool, type(None))) else type(tag).__name__
            raise FrameError(ErrorCode.UNKNOWN_MESSAGE, f"unknown message type {shown}", iid) from None
        where = ".".join(str(p) for p in first["loc"][1:]) or "message"
        raise FrameError(ErrorCode.WRONG_TYPES, f"{where}: {first['msg']}"[:200], iid) from None


def decode_client(frame: bytes) -> Any:
    """Validate one client frame into its model, parsing it once within :data:`CLIENT_LIMITS`;
    :class:`FrameError` with a stable code (and the frame's valid ``intent_id``, if any) otherwise."""
    return _validate(CLIENT_ADAPTER, frame, CLIENT_LIMITS)


def decode_server(frame: bytes) -> Any:
    """Validate one server frame into its model within :data:`SERVER_LIMITS` (clients and tests).

    As docs/protocol.md "Versions and compatibility" asks of every client: a field this version
    does not know is ignored, at any depth (a newer server of the same version may send it); a
    frame whose ``type`` it does not know raises :class:`FrameError` ``UNKNOWN_MESSAGE``, which a
    client skips (:func:`unknown_message`). Anything else out of the schema raises
    ``WRONG_TYPES``/``MALFORMED_FRAME`` as for client frames."""
    return _validate(SERVER_ADAPTER, frame, SERVER_LIMITS, tolerant=True)


def unknown_message(exc: FrameError) -> bool:
    """True for a server frame of a type this client does not know: skip it (docs/protocol.md)."""
    return exc.code is ErrorCode.UNKNOWN_MESSAGE


__all__ = [
    "PROTOCOL_VERSION", "Hello", "SeatSpec", "CreateTable", "Join", "Rejoin", "Spectate", "Leave",
    "Resync", "Start", "Panel", "DrawTile", "NominateOpener", "ReviewHand", "PlayTile", "PassTurn",
    "AskHint", "Undo", "Redo", "Restart", "NewMatch", "HandOver", "Consent", "CancelRequest",
    "Chat", "Nudge", "Back", "CloseTable", "ChatLineW", "ChatLines", "Nudged",
    "ClientMessage", "INTENTS", "Welcome", "Joined", "Snapshot", "Update", "TableUpdate",
    "HintReply", "RequestClosed", "AskCoach", "CoachRowW", "CoachReply", "LeftTable", "Error", "ServerMessage", "CLIENT_ADAPTER",
    "SERVER_ADAPTER", "LEGAL_CLIENT_FRAME", "CLIENT_LIMITS", "SERVER_LIMITS", "pack", "encode", "unpack", "intent_id_of", "decode_client", "decode_server", "unknown_message", "FrameError",
    "ViewW", "ViewPatch", "TableW", "DecisionW", "TileW",
]
