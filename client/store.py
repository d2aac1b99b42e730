"""The client state: what the server has told this connection, and ``reduce``.

:class:`ClientState` changes only through :func:`reduce` from server messages
(DESIGN "Client"); nothing in the drawing or input code mutates it.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from doublenine.shared import protocol as p
from doublenine.shared.badframes import resync_refused
from doublenine.shared.chat import KEPT, MAX_CHARS, SPECTATOR_LINES_KEPT, kept_lines
from doublenine.shared.cleantext import NAME_CHARS, BlankText, clean_text
from doublenine.shared.i18n import N_
from doublenine.shared.convert import advance, decision_from, tile_from, view_from_wire
from doublenine.shared.moves import Decision
from doublenine.shared.refusals import store_failing
from doublenine.shared.seats import Seat
from doublenine.shared.seatstate import SeatState, seat_state
from doublenine.shared.views import SeatView, SpectatorView
from doublenine.shared.wire import MAX_SECONDS

from .playedby import stretches


@dataclass(frozen=True, slots=True)
class ConsentPrompt:
    """D1/D7: another player asks the table to accept ``what`` (undo, redo, restart, new_match, ...)."""

    request_id: str
    seat: Seat
    what: str
    effect: Any = None
    """For an undo or a redo: what accepting does (``wire.EffectW``: moves, hands, scores), when the
    server says so (an optional property: None from an older server)."""
    target: Seat | None = None
    """For a hand-over (D7): the seat the computer would play (``RequestW.target``): every card about the
    request names it (club s14 F10: "Pablo asks to hand a seat to a computer" named no seat)."""


@dataclass(frozen=True, slots=True)
class ClientState:
    """Everything the client knows, all from the server (R21: only this seat's view)."""

    view: SeatView | SpectatorView | None = None
    seq: int = -1
    table: str = ""
    names: tuple[str, str, str, str] = ("", "", "", "")
    computers: frozenset[Seat] = frozenset()
    seeded: bool = False
    seed: int | None = None
    """D9: shown only to the player who set it."""
    consent: tuple[ConsentPrompt, ...] = ()
    paused_by: frozenset[Seat] = frozenset()
    """R26/D2: seats with the rules or the ledger open."""
    held_by: frozenset[Seat] = frozenset()
    """R26/D2: seats whose open panel is what the computers wait for (``TableW.holding``): the table
    waits for them as for a seat to play."""
    connection: str = "connected"
    """"connecting", "connected" or "lost" (a banner shows while lost)."""
    error: str | None = None
    """The stable code of the last refusal, shown briefly (or the window's own mark: "REFUSED", a
    request of this seat refused; :data:`BUSY_MARKS`, the server's hint or coach lane full)."""
    hint: Decision | None = None
    """The last hint received (R23), shown as a preview (R25)."""
    hint_why: tuple[str, tuple[int, ...], Any] | None = None
    """Why the hinted play, with :attr:`hint`: (coach reason code, its numbers, the other play's tile),
    new user 17; None when the server gave none (docs/protocol.md ``hint``)."""
    can_undo: bool = True
    can_redo: bool = False
    started: bool = True
    asking: str | None = None
    """D1: the action this seat asked for, while the others have not all answered."""
    asked_id: str = ""
    """The id of this seat's last request (to tell its refusal apart)."""
    asked_of: tuple[Seat, ...] = ()
    """D1: the seats whose answer this seat's open request still waits for."""
    refused: tuple[str, Seat, str] | None = None
    """D1: (request id, refusing seat, action) of this seat's last refused request, said until the
    player has read it (``Ui.seen_refusal``)."""
    away: frozenset[Seat] = frozenset()
    """D7: human seats whose player is disconnected and that no computer plays yet."""
    free: frozenset[Seat] = frozenset()
    """Human seats nobody has taken yet (a table waiting for friends)."""
    seat_states: tuple[SeatState, ...] = ()
    """Each seat's state by seat (``shared.seatstate.seat_state`` of ``TableW.seats``), named the same in
    every place (:func:`seat_state_of`); ``()`` before a table frame."""
    levels: tuple[str, ...] = ()
    """Each computer seat's level by seat (``SeatW.level``: "easy" .. "heaviest"), "" for a seat no
    computer of this table's was made for (a human seat, a ``doublenine bot``); ``()`` before a table frame."""
    humans: frozenset[Seat] = frozenset()
    """Seats made for human players (``TableW.seats[].kind``), taken or not: Leave asks before giving
    a seat up when another one is here."""
    resync: bool = False
    """An update arrived with a gap in ``seq``: ask for a fresh snapshot."""
    left: bool = False
    tracker: bool = False
    """Issue 14.3: the table allows the tile tracker panel (the table's setting, ``TableW.tracker``)."""
    public: bool = False
    """Issue 13.3: the table is listed on its server's web page (``TableW.public``)."""
    table_name: str = ""
    """Club s14: the table's name (``TableW.table_name``, cleaned again: a server's text), "" none."""
    spectators: int = 0
    """How many watch the table (``TableW.spectators``): said in the ledger's table facts."""
    failure: Any = None
    """A :class:`~doublenine.shared.failures.Failure` that ends this connection's hope (unknown table,
    seat taken, unreachable, host stopped): the table shows it with a way back to the start screen."""
    next_names: tuple[str, ...] = ()
    """By seat: ``SeatW.next_name``, the person waiting to sit there at the next deal ("" none)."""
    sat_after: tuple[tuple[int, int] | None, ...] = ()
    """By seat (seat 1 first): ``SeatW.sat_after``, the last hand finished before the seat's person sat down
    (:func:`played_by_holder`); ``()`` before a table frame."""
    played_by: tuple[Any, ...] = ()
    """By seat (seat 1 first): who played it, by stretches (:func:`.playedby.stretches` of ``SeatW.played_by``
    and ``sat_after``); ``()`` before a table frame (every seat's present holder played it all)."""
    chat: tuple[Any, ...] = ()
    """Issue 15: the table's recent chat lines (``protocol.ChatLineW``), oldest first, at most 50."""
    chat_rule: str = "free"
    """Issue 15: ``free`` or ``phrases_in_hand`` (the table's setting)."""
    nudge: tuple[int, int, int] | None = None
    """Issue 15: the last nudge heard: (a count that grows with each, by seat, nudged seat)."""
    wait: tuple[int, float] = (0, 0.0)
    """Issue 15: (a count that grows at each public change, seconds already waited then): the window
    starts its "waiting for X" clock when the count changes (R29: information only)."""
    playing_for_me: bool = False
    """D7: the computer plays this (connected) seat until the player acts or says "I'm back"."""
    rewound: tuple[int, str] | None = None
    """The last update that came of an undo, redo, restart or new match (R27, R28): (its seq, its ``cause``);
    a window that did not ask says what it did (scenes/table.TableScene; s13 spectator F5: tiles vanished
    from a spectator's line without a word)."""
    coach: tuple[Any, ...] = ()
    """Issue 14.2: the coach's reviews received (``protocol.CoachReply``), newest last, at most
    :data:`COACH_KEPT`; one per (match, hand)."""
    coach_busy: int = 0
    """Issue 14.2: how many times the server's coach lane was full (``RATE_LIMITED`` with ``data.limit``
    "coach": that ask is dropped, nothing will come); a review opened before the last of them offers to
    ask again instead of waiting for ever."""
    handing_me_over: bool = False
    """D7: the others ask to let the computer play this seat (acting, or "I'm back", ends it)."""
    watching: bool = False
    """D8: this window attached without a seat (``Spectate``, or ``CreateTable`` with no ``sit``), known
    before the first snapshot says so; once a view arrives, its seat decides (:func:`spectating`)."""
    next_seat: int | None = None
    """The seat ``joined`` named (None: joined as a spectator). While the view is still a spectator's, the
    seat was taken mid-hand and is this window's from the next deal (attacker s14 F1, docs/protocol.md
    ``join``): the window watches and says so (``footer.NEXT_HAND``)."""
    shared: bool = True
    """The table's code (and link) leads another person to it now: False where it is on this computer only (a
    loopback server nobody else reaches: a table not hosted, or no longer hosted, for friends), while the
    connection is lost, or once the table is gone (``failure``). Set by the table scene from its
    ``has_link`` on the state it shows; the lobby and the spectator's "Copy link" offer sharing only where
    True (new user s15: "Share the table code" at a table whose host was gone; kind: an offer to share what
    leads nowhere)."""
    others_return: bool = True
    """The other human players who are away can come back to this table: False for a table this window's
    own loopback-only server plays (the launcher's local table: one once hosted for friends and no longer
    hosted, by the host's choice or because its port was taken), which no other computer can reach. Their
    consent then cannot be had (:mod:`.consentable`)."""
    current: Any = None
    """The session's newest view while the window still shows an earlier moment of the match (client.pacing:
    the plays each seen in turn), None when the view shown is the newest. What a request or a confirmation
    acts on is said from it (:func:`acted_on`): the server undoes, restarts or ends the match as it is now."""
    lost_why: str = ""
    """Why the connection is lost, when the server said (``Connection.why``): "restart" is said as such in
    the banner (s13 netplayer: every window said "Connection lost" through a server's announced restart)."""
    sending: bool = False
    """A move of this seat was sent and its answer has not come yet (``NetSession.unanswered``): the status
    line says "Sending your move…", or while the connection is lost that the move waits for it (s13
    netplayer F2, F4: the window looked the same whether a move was in flight, lost, or never made)."""
    starts: bool = True
    """This window may start the table before every human seat is taken (``start``: only the table's
    creator may then, docs/protocol.md): False for a seat taken with ``join`` at someone else's table,
    whose lobby offers no "Start now" (attacker s12 D1)."""
    created: bool = False
    """This window created the table (``create_table``): its lobby offers Close table, and Take off the list
    when the table is listed (``close_table``; organiser s16 F11: a mistaken table stayed on the projector)."""
    request_waiting: tuple[Seat, ...] = ()
    """D1/D7: the seats the table's open request still waits for (``RequestW.waiting``), whoever asked it; ()
    when none is open. Named by a ``REQUEST_PENDING`` refusal (league s17 F3: "Another request is waiting for
    answers" never said it waited for a player who had gone)."""
    accepted: tuple[str, Seat, tuple[Seat, ...]] | None = None
    """D1: another seat's open request this seat has accepted: (its action, its asker, the seats it still waits
    for), from ``RequestW.accepted``; None when there is none. Evening s16 F5: after accepting a new match the
    match's end panel said nothing of the wait, and its "New match" did nothing."""
    refused_other: tuple[str, Seat, str] | None = None
    """D1: (request id, refusing seat, action) of the last request neither asked by this seat nor refused by it
    that another seat refused (``request_closed`` ``refused``): said once (evening s16 F10: the question just
    vanished from Klaus's window when Joana refused it)."""
    asking_target: Seat | None = None
    """The seat this seat's own open hand-over request is about (``RequestW.target``), named by its card."""
    saying: tuple[Saying, ...] = ()
    """Chat lines and nudges this window said whose answer has not come, oldest first, and those not sent
    (:class:`Saying`; set by ``client.net.NetSession``, never by :func:`reduce`)."""
    starters: tuple[Seat, ...] | None = None
    """The seats whose ``start`` the server accepts now (``TableW.starters``); None from an older server, which
    does not say: then :attr:`starts` decides (:func:`may_start`)."""


@dataclass(frozen=True, slots=True)
class Saying:
    """A chat line or a nudge this window said whose answer has not come (``client.net.NetSession.talk``), shown at
    once: the chat panel writes the line marked "Sending…", the nudger's notice says "Nudging {name}…". s15 player:
    a line typed while the link was down vanished until the link came back (kind: something the player did that
    the window showed only once the server answered)."""

    iid: str
    """Its ``intent_id`` (the server says each once: a resend after a rejoin is never said twice)."""
    text: str | None = None
    phrase: str | None = None
    nudge: int | None = None
    """The seat nudged (1..4) for a nudge; None for a chat line."""
    unsent: bool = False
    """The server refused it (its rate, a hand begun at a phrases-only table, its store...) or the connection ended
    for good before it went: "Not sent", and the chat panel's Retry says a line again."""


@dataclass(frozen=True, slots=True)
class Replace:
    """A local message: the whole state replaced (local play and tests)."""

    state: ClientState


@dataclass(frozen=True, slots=True)
class Connection:
    """A local message from the network thread: "connecting", "connected" or "lost"."""

    status: str
    why: str = ""
    """For "lost": "restart" when the server said it was restarting (close 1012, or 1001 "server shutting
    down"), else ""."""


@dataclass(frozen=True, slots=True)
class Failed:
    """A local message from the network thread: ``failure`` (a shared/failures.py Failure) to show."""

    failure: Any


def shown(raw: str, chars: int) -> str:
    """Text a server sent that the window shows as is (names, chat), cleaned and cut as
    the server cleans what players type (shared/cleantext.py): a stranger's server is untrusted, and
    its frames may carry 4 KiB strings. ``""`` when nothing visible is left."""
    try:
        return clean_text(raw, chars)
    except BlankText:
        return ""


def _line(line: Any, mine: bool) -> Any:
    """A chat line with its ``name`` and ``text`` bounded for the screen (:func:`shown`) and ``mine`` as
    this window decided it (:func:`_chat`)."""
    name = shown(line.name, NAME_CHARS)
    text = None if line.text is None else (shown(line.text, MAX_CHARS) or "…")
    if (name, text, mine) == (line.name, line.text, line.mine):
        return line
    return line.model_copy(update={"name": name, "text": text, "mine": mine})


def _table(state: ClientState, t: Any) -> ClientState:
    """Names, each seat's state (:func:`~doublenine.shared.seatstate.seat_state`: away, free, computers,
    levels), pause, holds, consent and hand-over requests from a ``TableW`` (docs/protocol.md)."""
    me = state.view.seat if state.view is not None else None
    consent: tuple[ConsentPrompt, ...] = ()
    req = t.request
    if req is not None and me is not None and int(me) in req.waiting:
        consent = (ConsentPrompt(str(req.id), Seat(req.by), req.action, req.effect,
                                 None if req.target is None else Seat(req.target)),)
    states = tuple(seat_state(s.kind, s.claimed, s.connected, s.computer_plays, s.program, s.waits) for s in t.seats)
    return replace(state, table=t.code,  # a code's form, checked with the frame (wire.TableCode)
                   names=tuple(shown(s.name, NAME_CHARS) for s in t.seats),  # type: ignore[arg-type]
                   chat_rule=t.chat,
                   handing_me_over=req is not None and me is not None and req.action == "hand_over"
                   and req.target == int(me),
                   playing_for_me=me is not None and t.seats[int(me) - 1].computer_plays
                   and t.seats[int(me) - 1].kind == "human",
                   computers=frozenset(Seat(s.seat) for s in t.seats if s.computer_plays or s.program),
                   seeded=t.seeded, paused_by=frozenset(Seat(x) for x in t.panels), consent=consent,
                   held_by=frozenset(Seat(x) for x in t.holding),
                   can_redo=t.can_redo, started=t.started, tracker=t.tracker, public=t.public,
                   table_name=shown(t.table_name, NAME_CHARS),
                   starters=None if t.starters is None else tuple(Seat(x) for x in t.starters),
                   spectators=t.spectators,
                   asking=req.action if req is not None and me is not None and req.by == int(me) else None,
                   asking_target=Seat(req.target) if req is not None and me is not None and req.by == int(me)
                   and req.target is not None else None,
                   asked_id=str(req.id) if req is not None and me is not None and req.by == int(me) else state.asked_id,
                   request_waiting=() if req is None else tuple(Seat(s) for s in req.waiting),
                   asked_of=tuple(Seat(s) for s in req.waiting)
                   if req is not None and me is not None and req.by == int(me) else (),
                   accepted=(req.action, Seat(req.by), tuple(Seat(s) for s in req.waiting))
                   if req is not None and me is not None and int(me) in req.accepted and req.by != int(me) else None,
                   away=frozenset(Seat(s.seat) for s, k in zip(t.seats, states) if k is SeatState.AWAY),
                   free=frozenset(Seat(s.seat) for s, k in zip(t.seats, states) if k is SeatState.FREE),
                   seat_states=states, humans=frozenset(Seat(s.seat) for s in t.seats if s.kind == "human"),
                   levels=tuple(s.level if s.kind == "computer" and not s.program else "" for s in t.seats),
                   next_names=tuple(shown(s.next_name, NAME_CHARS) for s in t.seats),
                   sat_after=tuple(None if s.sat_after is None else (int(s.sat_after[0]), int(s.sat_after[1]))
                                   for s in t.seats),
                   played_by=tuple(stretches([(w.since, shown(w.name, NAME_CHARS)) for w in s.played_by],
                                             None if s.sat_after is None else (int(s.sat_after[0]), int(s.sat_after[1])))
                                   for s in t.seats))


def may_start(state: ClientState) -> bool:
    """Whether this window offers "Start now": exactly where the server accepts this seat's ``start``
    (``TableW.starters``: the creator's seat while its player holds it, else every seat a person holds;
    club s14 F16, a table of three people whose creator watched could not start, the window hid the
    button from every seat the server would have taken it from). An older server that does not say:
    only the window that created the table (:attr:`ClientState.starts`). A spectator or a started table: never."""
    me = state.view.seat if state.view is not None else None
    if me is None or state.started:
        return False
    return state.starts if state.starters is None else me in state.starters


def _update(state: ClientState, msg: Any) -> ClientState:
    if state.view is None or msg.seq > state.seq + 1:
        return replace(state, resync=True)
    wait = (state.wait[0] + 1, 0.0) if msg.seq != state.seq else state.wait  # a new decision is awaited
    cause = getattr(msg, "cause", None)
    rewound = (msg.seq, cause) if cause is not None else state.rewound
    return replace(state, view=advance(state.view, msg), seq=msg.seq, hint=None, error=None, wait=wait,
                   rewound=rewound)


def seconds(value: float) -> float:
    """A server's count of seconds made usable by a clock: 0 for NaN, else within
    0..:data:`~doublenine.shared.wire.MAX_SECONDS` (defence in depth behind the schema's bound:
    a ``waited`` of inf once crashed the window in ``int()``)."""
    return min(max(0.0, value), MAX_SECONDS) if value == value else 0.0


def _snapshot(state: ClientState, msg: Any) -> ClientState:
    state = replace(state, view=view_from_wire(msg), seq=msg.seq, resync=False, hint=None, left=False,
                    wait=(state.wait[0] + 1, seconds(msg.waited)))
    return _table(state, msg.table)


COACH_KEPT = 32
"""Hand reviews the client keeps (a match has a few dozen hands at most)."""


def _coach(state: ClientState, msg: Any) -> ClientState:
    """Issue 14.2: keep the review, replacing an earlier one of the same hand."""
    if state.view is None or msg.seat != state.view.seat:
        return state
    kept = tuple(r for r in state.coach if (r.match, r.hand) != (msg.match, msg.hand))
    return replace(state, coach=(kept + (msg,))[-COACH_KEPT:])


def review_of(state: ClientState, match: int, hand: int) -> Any:
    """The coach's review of hand ``hand`` of match ``match`` received so far, or None."""
    return next((r for r in state.coach if (r.match, r.hand) == (match, hand)), None)


CHAT_KEPT = KEPT
"""Chat lines the client keeps, 50, of them at most 25 spectators' (``shared.chat.kept_lines``): the lines
the table keeps and sends on attaching (shared/chat.py; ``doublenine bot`` keeps the same:
server/netbot.kept_chat). Stream s16 F4: a crowd's lines pushed the players' own out of the panel."""


def _watching(line: Any) -> bool:
    return line.seat is None


def _chat(state: ClientState, msg: Any) -> ClientState:
    """Issue 15: a history replaces the lines (keeping which were this window's own); a new line is appended
    once (ids already held are dropped). Only the lines kept are cleaned: a frame of 120 lines of 4,000
    characters is trimmed to :data:`CHAT_KEPT` first (cleaning every line of a flood froze the window for
    seconds: attacker F3). A live line is this window's own (``mine``) only if its seat is this window's
    seat (none for a spectator): a server cannot make another seat's line pass for one's own (F7)."""
    if msg.history:  # ``mine`` comes only with a line's live copy: the lines this window said stay its own
        own = {line.id for line in state.chat if line.mine}
        return replace(state, chat=tuple(_line(line, line.id in own) for line in kept_lines(msg.lines, _watching)))
    known = {line.id for line in state.chat}
    new = kept_lines([line for line in msg.lines if line.id not in known], _watching)
    if not new:
        return state
    me = state.view.seat if state.view is not None else None
    said = [_line(line, line.mine and line.seat == me) for line in new]
    return replace(state, chat=tuple(kept_lines([*state.chat, *said], _watching)))


def unseen_chat(batch: list[Any]) -> list[Any]:
    """``batch`` (messages drained at once, oldest first) without the chat frames whose lines could not
    survive it: those before a later history (which replaces them) or before later frames holding
    :data:`CHAT_KEPT` distinct lines that are kept (``kept_lines``: players' lines, and at most 25 spectators'). Reducing the rest keeps the same last lines while cleaning at most
    about :data:`CHAT_KEPT` per batch: 300 frames of 120 lines once took 12.8 s of one window step
    (attacker F3). Only a server re-sending ids it already sent could see fewer lines kept."""
    later: set[int] = set()
    watchers: set[int] = set()
    replaced = False
    kept: list[Any] = []
    for msg in reversed(batch):
        if isinstance(msg, p.ChatLines):
            if replaced or len(later) + min(len(watchers), SPECTATOR_LINES_KEPT) >= CHAT_KEPT:
                continue
            for line in kept_lines(msg.lines, _watching):
                (watchers if line.seat is None else later).add(line.id)
            replaced = msg.history
        kept.append(msg)
    kept.reverse()
    return kept


def spectating(state: ClientState) -> bool:
    """D8: this window has no seat: its view's seat is None, or, before any view, it attached as a
    spectator (a spectator's window once showed seat controls and "H hint" while connecting)."""
    return state.view.seat is None if state.view is not None else state.watching


def _hint(state: ClientState, msg: Any) -> ClientState:
    """R25: a hint is for a seat at the current ``seq``; a spectator has no hand to preview one on."""
    if msg.seq != state.seq or spectating(state):
        return state
    why = None
    if msg.reason is not None and msg.instead is not None:
        try:
            why = (msg.reason, tuple(msg.pips), tile_from(msg.instead))
        except ValueError:  # not a tile of the set: no reason shown, nothing else refused
            why = None
    return replace(state, hint=decision_from(msg.decision), hint_why=why)


UNDELIVERED = "UNDELIVERED"
"""The window's mark (``ClientState.error``) for a move sent again after a rejoin and refused: it never
reached the table before the connection dropped, and the table has moved on (client.net.NetSession)."""

STORE_FAILING_MARK = "STORE_FAILING"
"""The mark of a refusal whose ``data.store`` is "failing" (``shared.refusals.STORE_FAILING`` says it)."""
BUSY_MARKS = {"hints": "BUSY_HINTS", "coach": "BUSY_COACH"}
"""``RATE_LIMITED`` with ``data.limit`` "hints" or "coach" (docs/protocol.md ``hint``, ``coach``): the
server's shared lane for that work is full, not this player too fast; ``ClientState.error`` holds the
window's own mark for it (client/panels.BUSY says it), as "REFUSED" for a refused request."""
CREATOR_STARTS = "CREATOR_STARTS"
"""The mark of ``NOT_ENTITLED`` before the start: it answers only ``start`` then (a nomination needs a
started match), refused because only the table's creator may start it (client/panels.MARKS says so)."""


def _refusal_mark(m: p.Error, started: bool = True) -> str:
    """What ``ClientState.error`` keeps of a refusal: its code, a :data:`BUSY_MARKS` mark (the
    server's ``data`` is untrusted: anything else in it is read as no limit named), or
    :data:`CREATOR_STARTS` for ``NOT_ENTITLED`` while the table has not ``started``."""
    limit = (m.data or {}).get("limit")
    if str(m.code) in ("INTERNAL", "TABLE_MOVING") and store_failing(m.data):
        return STORE_FAILING_MARK
    if str(m.code) == "RATE_LIMITED" and isinstance(limit, str) and limit in BUSY_MARKS:
        return BUSY_MARKS[limit]
    if str(m.code) == "NOT_ENTITLED" and not started:
        return CREATOR_STARTS
    return str(m.code)


def _refused(state: ClientState, m: p.Error) -> ClientState:
    if resync_refused(m):  # the snapshot asked for again came already: nothing to show
        return state
    mark = _refusal_mark(m, state.started)
    return replace(state, error=mark, resync=state.resync or mark == "STALE",
                   coach_busy=state.coach_busy + (mark == "BUSY_COACH"))


_REDUCERS: dict[type, Any] = {
    Replace: lambda s, m: m.state,
    Connection: lambda s, m: replace(s, connection=m.status, lost_why=m.why if m.status != "connected" else "",
                                     failure=None if m.status == "connected" else s.failure),
    Failed: lambda s, m: replace(s, failure=m.failure),
    p.Snapshot: _snapshot,
    p.Update: _update,
    p.TableUpdate: lambda s, m: _table(s, m.table),
    p.Joined: lambda s, m: replace(s, table=m.code, seed=m.seed if m.seed is not None else s.seed,
                                   next_seat=m.seat),
    p.HintReply: _hint,
    p.RequestClosed: lambda s, m: replace(
        s, consent=tuple(c for c in s.consent if c.request_id != str(m.request_id)),
        error="REFUSED" if m.outcome == "refused" and s.asked_id == str(m.request_id) else s.error,
        refused=(str(m.request_id), Seat(m.seat), m.action)
        if m.outcome == "refused" and m.seat is not None and s.asked_id == str(m.request_id) else s.refused,
        refused_other=(str(m.request_id), Seat(m.seat), m.action)
        if m.outcome == "refused" and m.seat is not None and s.asked_id != str(m.request_id)
        and (s.view is None or s.view.seat != m.seat) else s.refused_other),
    p.Error: lambda s, m: _refused(s, m),
    p.LeftTable: lambda s, m: replace(s, left=True),
    p.ChatLines: _chat,
    p.CoachReply: _coach,
    p.Nudged: lambda s, m: replace(s, nudge=((s.nudge[0] if s.nudge else 0) + 1, m.by, m.seat)),
}


def acted_on(state: ClientState) -> SeatView | SpectatorView | None:
    """The view a control or a request acts on: the match as the server holds it now, which is ahead of the
    view shown while plays are paced (:attr:`ClientState.current`; s13: a Restart request shown during the
    plays' beats counted the plays shown, not the ones it takes back)."""
    return state.current if state.current is not None else state.view


def seat_stretches(state: ClientState, seat: Seat) -> Any:
    """Who played ``seat``, by stretches (:mod:`.playedby`): the table frame's ``played_by`` and ``sat_after``;
    the present holder all along when no table frame said (local play, tests)."""
    from .playedby import stretches
    if len(state.played_by) == 4:
        return state.played_by[seat - 1]
    return stretches((), state.sat_after[seat - 1] if len(state.sat_after) == 4 else None)


def played_by_holder(state: ClientState, seat: Seat, match: int, hand: int) -> bool:
    """Whether hand ``hand`` of match ``match`` at ``seat`` was played by the person holding the seat now:
    False for a hand that ended before they sat down (``SeatW.sat_after``, ``SeatW.played_by``: a late
    arrival's first hand is the next deal's, R21/D8; rp5 s15: the computer's plays were reviewed as "your
    decisions" and its block said "you hold the lowest total"). True when the table frame says nothing (held
    since the first hand)."""
    from .playedby import sat_before
    return sat_before(seat_stretches(state, seat), match, hand)


def undo_after(state: ClientState) -> tuple[int, int, int] | None:
    """R27, D1: where this window's person began to play its seat, (match, hand, moves) as a stretch's start
    (:func:`.playedby.own_from` of ``SeatW.played_by``, else ``SeatW.sat_after``'s next hand), None when they
    held it from the match's start (or for a spectator): an undo goes back to their own plays only
    (:func:`.buttons.may_undo`, :func:`.panels.undo_reopens`, the server's ``MatchLog.undo_target``), those
    made again in a hand another player's undo reopened included (session 17)."""
    from .playedby import own_from
    seat = getattr(state.view, "seat", None)
    return None if seat is None else own_from(seat_stretches(state, seat))


STOOD_IN = N_("the computer in {name}'s seat")
"""A seat in a hand its present person did not play (:func:`played_by_holder`): the computer played it."""


def hand_seat_name(state: ClientState, seat: Seat, match: int, hand: int, lang: str) -> str:
    """``seat`` named as who played it at the end of hand ``hand`` of match ``match`` (who went out, who holds
    the lowest total, whose pips count): :func:`seat_name` for its present person, :data:`STOOD_IN` for the
    computer (before a late arrival sat down, after a person left mid-hand), or the person who played it then
    (:func:`.playedby.who_moved`, session 16)."""
    from .playedby import END, player_name, who_moved
    return player_name(lang, int(seat), who_moved(seat_stretches(state, seat), match, hand, END), state.names)


def hand_players_of(state: ClientState, seat: Seat, fh: Any) -> list[str | None]:
    """Who played ``seat`` in finished hand ``fh``, in order (:func:`.playedby.hand_players`)."""
    from .playedby import hand_players
    return hand_players(seat_stretches(state, seat), int(seat), fh.moves, fh.match, fh.number)


def hand_players_name(state: ClientState, seat: Seat, fh: Any, lang: str, short: bool = False) -> str:
    """Everyone who played ``seat`` in finished hand ``fh`` (its moves'), in order, joined by " / ": the name a
    hand end's row gives the seat (``short``: the computer as :data:`.playedby.ROW_COMPUTER`; session 16: the
    late arrival's name stood by the computer's tiles)."""
    from .playedby import players_name
    return players_name(lang, int(seat), hand_players_of(state, seat, fh), state.names, short)


def seat_state_of(state: ClientState, seat: Seat) -> SeatState:
    """``seat``'s state (:class:`~doublenine.shared.seatstate.SeatState`) as the table frame said it; a
    state made without one (local play, tests) reads it from :attr:`ClientState.computers`, ``free``
    and ``away``."""
    if len(state.seat_states) == 4:
        return state.seat_states[seat - 1]
    if seat in state.computers:
        return SeatState.COMPUTER
    return SeatState.FREE if seat in state.free else SeatState.AWAY if seat in state.away else SeatState.PLAYER


def seat_name(state: ClientState, seat: Seat, lang: str) -> str:
    """R2: how ``seat`` is named to a player reading ``lang``, wherever the window names it: its player's
    name as typed, the server's default name ("East") translated, "Seat N" in ``lang`` when it has none
    (shared/i18n ``shown_seat_name``, the one function that makes a seat's shown name); the default name
    for a name the font cannot draw, or draws like another seat's (:mod:`.seatnames`)."""
    from .seatnames import window_seat_name

    others = (n for i, n in enumerate(state.names[:4]) if i != seat - 1)
    return window_seat_name(lang, int(seat), state.names[seat - 1], others)


def sent_name(state: ClientState, seat: Seat) -> str:
    """``seat``'s name as the table sent it (``TableW``, "" for none), for text that names it later through
    :func:`.seatnames.window_seat_name` as a chat line's name is (chatdraw.own_line: a line said here, shown
    as the server will send it back). Everything else names a seat with :func:`seat_name`."""
    return state.names[seat - 1] if 1 <= seat <= len(state.names) else ""


def localized(state: ClientState, lang: str) -> ClientState:
    """``state`` with every seat's name as :func:`seat_name` shows it in ``lang`` (for the overlays that take
    the names as a tuple); typed names stay as they are."""
    names = tuple(seat_name(state, s, lang) for s in Seat)
    return state if names == state.names else replace(state, names=names)  # type: ignore[arg-type]


def reduce(state: ClientState, msg: Any) -> ClientState:
    """The new state after one server (or local) message; pure. Unknown messages change nothing."""
    fn = _REDUCERS.get(type(msg))
    return state if fn is None else fn(state, msg)
