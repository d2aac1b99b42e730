"""One table: one match log, a lock, four seats, the connections watching it (issue 3).

Every change runs under the table's ``asyncio.Lock``: validate -> apply ->
append the events to the store -> send each connection its own frames
(:mod:`.fanout`). Connections only enqueue frames (their own writer task sends
them), so a slow reader never delays the others. Computer seats act through one
task owned by the table, cancelled and re-armed after every change, while the
table is paused (R26/D2) and after undo and restart (R27, R28).
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import time
from collections.abc import AsyncIterator, Callable, Hashable
from typing import Any

from doublenine.shared.cleantext import said
from doublenine.shared.codec import CodecError, decode_event, encode_meta, event_rows
from doublenine.shared.convert import decision_of_intent, decision_w, view_to_wire
from doublenine.shared.errors import ErrorCode, IllegalMove, RuleError
from doublenine.shared.events import Event, MatchLog, MatchStarted
from doublenine.shared.moves import DrawPick
from doublenine.shared import reconnect
from doublenine.shared.protocol import pack
from doublenine.shared.rules import legal_decisions, to_act
from doublenine.shared.seats import SEATS, Seat
from doublenine.shared.state import MatchState, Phase
from doublenine.shared.views import SeatView, view_for

from .addresses import creator_key, is_loopback, site_group, site_key
from .chat import TableChat, awaited, decode_lines, stored_intents
from .coach import hint_reason
from .coaching import CoachDesk
from .computer import HINT_RETRY_MS, Brain, HintExpired, decision_rng, hint_rng
from .config import ServerConfig
from .consent import ConsentRequest, NewMatchPace, RequestCooldown, UndoPace
from .fanout import SeqCounter, frames_for
from .logfmt import log_repeated
from .seating import CLAIM_GAP, DECIDERS_KEPT, SeatSlot, TableMeta
from .storedlog import StoredLog
from .storage.base import PROGRAM_MARK, InDoubt, MatchResult, computer_level, computer_seat
from .storage.metered import log_store_failure

log = logging.getLogger("doublenine.server.table")

REMEMBERED_INTENTS = 64
"""Applied intent ids kept per seat for duplicate detection (docs/protocol.md: "the last 64 ids of each seat";
it kept 16)."""
SHARE_MAX = 9999
"""The largest count :func:`decided_share` writes (a match to 100 points has far fewer hands)."""


def decided_share(name: str, decided: int, hands: int) -> str:
    """A person named in a finished match's result (organiser s16 F4): ``name`` alone when they decided in
    every one of the match's ``hands``, else with their share, "Ana (1/4)" (hands they made a decision in, out of
    the hands played; each at most :data:`SHARE_MAX`); "Hugo (?/6)" when the count is not known (-1: the match
    began on a release before session 16, which counted nothing; league s17 F4: such a late joiner read as having
    played all six hands)."""
    if hands <= 0 or decided >= hands:
        return name
    if decided < 0:  # league s17 F4: a match begun before session 16 (or damage): not known, never "all"
        return f"{name} (?/{min(hands, SHARE_MAX)})"
    return f"{name} ({min(decided, SHARE_MAX)}/{min(hands, SHARE_MAX)})"


def last_hand(state: MatchState) -> tuple[int, int] | None:
    """(match, hand) of the last hand finished in ``state`` (this match's, else the last earlier match's),
    None before any hand ended (``SeatSlot.sat_after``)."""
    for fh in reversed(state.finished):
        return fh.match, fh.number
    for record in reversed(state.past):
        for fh in reversed(record.finished):
            return fh.match, fh.number
    return None


def standing_hands(old: MatchState, seat: Seat, played: tuple[tuple[int, int, int, str], ...], name: str,
                   holder: str, point: tuple[int, int, int], last: int) -> tuple[int, int]:
    """R27/R28 with the result's shares (session 17 item 4): of the hands of ``old``'s match in which the person
    ``name`` made a move at ``seat`` (by the stretches ``played``, ``SeatSlot.played_by`` before the undo; none:
    ``holder``, the seat's person, made them all), those the match went back before: (how many are gone, the
    last hand still counted for them). ``point`` (match, hand, moves): where the undo or restart went back to
    (``here`` of the new state); a hand after it is gone, and its own hand unless one of their moves in it is
    among its first ``moves``. ``last``: the last hand counted for them (``SeatSlot.decided_last``), counted
    whatever its moves say (a review answer is no move)."""
    hands = {fh.number: fh.moves for fh in old.finished if fh.match == old.match}
    if old.hand is not None and old.phase in (Phase.REVIEW, Phase.PLAY):
        hands[old.hand_number] = old.hand.moves

    def mover(hand: int, index: int) -> str:
        found = played[0][3] if played else holder
        for e in played:
            if e[:3] < (old.match, hand, index):
                found = e[3]
        return found

    def theirs(hand: int, upto: int | None = None) -> bool:
        return any(int(m.seat) == seat and mover(hand, i) == name
                   for i, m in enumerate(hands.get(hand, ()), 1) if upto is None or i <= upto)

    counted = {h for h in hands if theirs(h)} | ({last} if last > 0 else set())
    kept = {h for h in counted if h < point[1] or (h == point[1] and theirs(h, point[2]))}
    return len(counted - kept), max(kept, default=0)


def here(state: MatchState) -> tuple[int, int, int]:
    """(match, hand, moves made in it): the point of ``state`` from which a seat's next move counts
    (``SeatSlot.played_by``): in a hand dealt or played, its number and its moves so far; between hands,
    the next hand with none."""
    if state.phase in (Phase.DEAL_SHUFFLE, Phase.REVIEW, Phase.PLAY):
        return state.match, state.hand_number, len(state.hand.moves) if state.hand is not None else 0
    return state.match, state.hand_number + 1, 0


DEALT = frozenset({Phase.REVIEW, Phase.PLAY})
"""R9-R17: the phases in which the four hands are dealt and hidden (a seat taken then waits for the next
deal: ``SeatSlot.waits``, attacker s14 F1)."""

PAST_KEPT = 2
"""Earlier matches whose full record (every hand, for the ledger) a table keeps in memory; all of
them stay stored. A player who joins late sees these; one who stayed has them all (issue 12)."""
PAST_IN_SNAPSHOT = 20
"""Earlier matches a snapshot carries (the newest ones); the stored log keeps every match."""
MOVED = (reconnect.MOVED, "table moved, reconnect")
"""Close code and reason when another process serves the table now (docs/protocol.md)."""
GIVE_UP_RETRY = 5.0
"""Seconds before a seat's give-up at a match's end that the store refused is tried again
(:meth:`Table.watch_give_up`): a failing store is not asked in a loop."""
SEAT_AGAIN_WAIT = 10.0
"""Seconds after a connection gave up a seat of a table (``leave``) before its site (IPv4 address, IPv6
/48) may take a seat of that table again (:meth:`Table.seat_again_ms`; attacker s11 F9)."""


class Refused(RuleError):
    """A refusal by the server (not the rules), with optional structured ``data``."""

    def __init__(self, code: ErrorCode, message: str = "", data: dict[str, Any] | None = None) -> None:
        super().__init__(code, message)
        self.data = data


STORE_RETRY_MS = 2000
"""``retry_ms`` of a store refusal: the store answers each call within ``storage.base.ANSWER_WITHIN``
(3 s; SQLite waits at most that long for another process's lock)."""
SETTLE_EVERY = 0.5
"""Seconds between two questions to the store about an append cut in doubt (:meth:`Table._settle`)."""
STORE_FAILING: dict[str, str | int] = {"store": "failing", "retry_ms": STORE_RETRY_MS}
"""``data`` of every store refusal and of the table's "the store is failing" word (docs/protocol.md
``INTERNAL``). The code stays ``INTERNAL``, which version-2 clients already take as "nothing was done,
try again": a new error code would need a new protocol version ("Versions and compatibility")."""


def store_unavailable(what: str) -> Refused:
    """The refusal of an action whose store call failed (an ``OSError`` by the Store contract: a file
    another process locks, a full disk, PostgreSQL gone): ``INTERNAL`` with ``data`` :data:`STORE_FAILING`,
    nothing done, the connection kept (docs/protocol.md). ``what``: what was not done, for ``detail``."""
    return Refused(ErrorCode.INTERNAL, f"{what}: the server's store failed; try again", dict(STORE_FAILING))


class ClaimsUnavailable(Refused):
    """``TABLE_MOVING`` because this process cannot claim tables now (its ownership call failed: no
    PostgreSQL lock connection, the database hangs): the store said nothing about the table, so a
    page must not show one (operator s11 round 2 finding 1). On the wire a TABLE_MOVING with
    ``data.store`` "failing" (operator s13: players were told the table was moving while the database
    was down), which clients say as the store's failure (``refusals.sentence_for``)."""

    def __init__(self, reason: object) -> None:
        # operator s17 F9: the client is told the moment, not the server's inner workings (its database,
        # its lock connection); the operator's log line keeps the reason (``logged``)
        super().__init__(ErrorCode.TABLE_MOVING, "the server is busy; try again in a moment",
                         {"retry_ms": 1000, "store": "failing"})  # s13: said as the store, not as a move
        self.logged = f"this server cannot claim tables now: {reason}"


async def claim_here(ownership: Any, code: str) -> None:
    """Claim table ``code`` for this process (issue 12: one serving process per table), never asking its
    holder to hand it over. Raises :class:`ClaimsUnavailable` when the claim cannot be asked (``OSError``
    from ``ownership.claim``), ``Refused`` ``TABLE_MOVING`` when another live process holds it."""
    try:
        held = await ownership.claim(code)
    except OSError as exc:
        raise ClaimsUnavailable(exc) from None
    if not held:
        raise Refused(ErrorCode.TABLE_MOVING, f"table {code} is served by another process", {"retry_ms": 500})


def is_store_refusal(exc: Refused) -> bool:
    """True for a refusal made by :func:`store_unavailable`."""
    return exc.code is ErrorCode.INTERNAL and (exc.data or {}).get("store") == "failing"


async def settled(doubt: InDoubt) -> bool:
    """Whether the write cut in ``doubt`` was stored, once the store knows: asked every
    :data:`SETTLE_EVERY` seconds (a store that does not answer is asked again)."""
    while True:
        await asyncio.sleep(SETTLE_EVERY)
        try:
            stored = await doubt.settle()
        except OSError:
            continue
        if stored is not None:
            return stored


def _ended_unanswered(job: asyncio.Future[Any]) -> bool:
    """Whether a seat's hint job ended without a hint (dropped after waiting too long, failed or
    cancelled): asked again at the same seq, it is computed anew, not answered its error again."""
    return job.done() and (job.cancelled() or job.exception() is not None)


def conn_site(conn: Any) -> tuple[Hashable | None, Hashable | None]:
    """(side, holder) of a connection: its site (``addresses.site_group``: IPv4 address, IPv6 /48) and its
    address group, both None from this machine's loopback or without an address group (``SeatSlot.side``,
    ``SeatSlot.holder``)."""
    group, address = getattr(conn, "group", None), getattr(conn, "address", None)
    if group is None or (isinstance(address, str) and is_loopback(address)):
        return None, None
    return site_group(group), group


class Table:
    """A table and its match. Public coroutines raise :class:`RuleError` to refuse."""

    def __init__(self, meta: TableMeta, store: Any, config: ServerConfig, brain: Brain,
                 events: list[Event] | None = None,
                 on_idle: Callable[[Table], None] | None = None, stored_log: StoredLog | None = None) -> None:
        """``events``: a log to start from (tests; replayed here); ``stored_log``: a stored log read
        off the event loop (:func:`.storedlog.read_log_off_loop`: a table rebuilt from the store)."""
        self.meta = meta
        self.code = meta.code
        self.slots = meta.slots
        self.store = store
        self.config = config
        self.brain = brain
        stored = list(events or ())
        last_at = stored[-1].at if stored else None
        if stored_log is not None:
            self.log = stored_log.log
            self._unstored = stored_log.rows
            self._counter = stored_log.counter
            last_at = stored_log.last_at
        else:
            self.log = MatchLog(seed=meta.seed, clock=time.time, events=stored)
            self._unstored = len(stored)
            self._counter = SeqCounter(self.log.events)
        self.seq = self._counter.seq
        self.lock = asyncio.Lock()
        self.subscribers: dict[Any, Seat | None] = {}
        # plain dicts keep insertion order at a third of OrderedDict's cost per entry (issue 12)
        self.applied: dict[Seat, dict[str, int]] = {s: {} for s in SEATS}
        self.request: ConsentRequest | None = None
        self._settling: set[asyncio.Task[None]] = set()
        """Tasks settling a request whose asked seat's person went (:meth:`_asked_gone`), kept until done."""
        self.request_ids = int(time.time() * 1000)
        """The last consent request id given (D1/D7, ``RequestW.id``): counted on from this process's clock in
        milliseconds when it takes the table, so a restart never gives an id twice (session 17, the kind of the
        nudge ids: counted from 0 in memory, a restarted server gave request 1 again, and a ``consent`` sent
        again after a reconnect for the old request 1 answered the new one). Within 2^53 (docs/protocol.md)."""
        self.cooldown = RequestCooldown()
        """When each seat may open another consent request (D1, D7; REQUEST_TOO_SOON before)."""
        self.new_matches = NewMatchPace()
        """How often a match not over may be given up for a new one (R28; REQUEST_TOO_SOON beyond)."""
        self.undos = UndoPace()
        """How often undo, redo and restart may be carried out (R27, R28; REQUEST_TOO_SOON beyond)."""
        self._snapshot_views: dict[Seat | None, tuple[tuple[int, bool], bytes]] = {}
        """Per audience: what its snapshot view was last encoded for -- ``seq`` and whether the seat
        itself has answered the review (all a seat's view can change by at one ``seq``; never
        another seat's private answer, R10) -- and those bytes."""
        self.closed = False
        self.moved = False
        """Issue 12: another process serves this table now (handed over, or its lock lost): this
        object never writes again; its connections are being closed with 4003."""
        self.on_conflict: Callable[[Table, str], None] | None = None
        """Called once when the store refuses a seq as already stored, or a record write as from
        an older owner (another process took the table over)."""
        self.epoch = 0
        """The table's ownership epoch in the store when this process took it (issue 12: its
        record writes carry it; the store refuses them once another process has taken over)."""
        self.listed_in_store: tuple[bool, tuple[int, int]] | None = None
        """What the store holds of :meth:`listing` (None: unknown, store it); set from the stored
        row on resuming, so a restart writes only the tables whose listing changed."""
        self.on_idle = on_idle
        self.group: str | None = None
        """The address group of the table's own people (``actions.own_groups``): its creator's (set
        by the registry), or for a table rebuilt from the store (a restart, a move from another
        process, a reopening) that of the first connection to attach that is its creator's
        (``TableMeta.made_by``) or holds a seat (:meth:`bind`), never a stranger's spectator: one
        watching first had made its group the table's own."""
        self._bot: asyncio.Task[None] | None = None
        self._bot_for: tuple[Seat, int] | None = None
        """The (seat, seq) the pending computer turn ``_bot`` is for."""
        self._bot_committing = False
        self._store_failed = False
        self._doubt: asyncio.Task[None] | None = None
        """Set while an append cut in doubt is not settled (:meth:`_settle`): every :meth:`commit` is refused."""
        self._record_tasks: set[asyncio.Task[None]] = set()
        """Seats records cut in doubt, stored again once settled (:meth:`_record_again`)."""
        self._store_down = False
        """The last append failed: the table's connections were told (:meth:`_tell_store_down`)."""
        self._idle: asyncio.TimerHandle | None = None
        self._notice: asyncio.TimerHandle | None = None
        self._hints: dict[Seat, tuple[int, asyncio.Future[Any]]] = {}
        """R25: each seat's last hint (being computed or done) and the log position it is for."""
        self._hint_tasks: set[asyncio.Task[None]] = set()
        self.coach_desk = CoachDesk(self)
        """Issue 14.2: this table's hand reviews (server/coaching.py)."""
        self._last_redo = self.log.can_redo
        self._last_holding: frozenset[Seat] = frozenset()
        """:meth:`holding` as the last ``table`` frame to everyone said it."""
        self.metrics: Any = None
        """The server's ``ServerMetrics`` (set by the registry; None in bare tests)."""
        self.playing: Any = None
        """The server's :class:`.playing.PlayingAllowance` (set by the registry; None in bare tests:
        no limit): whether this table, of computers only, may play now."""
        self.chat = TableChat()
        """Issue 15: recent chat lines and the last nudge (never in the match log)."""
        self.seats_left: dict[Hashable, float] = {}
        """Per site (``addresses.site_group``) that gave up a seat of this table in the last
        :data:`SEAT_AGAIN_WAIT` seconds: when (:attr:`seat_clock` seconds; :meth:`seat_again_ms`)."""
        self.seat_clock: Callable[[], float] = time.monotonic
        """Seconds, monotonic, for :attr:`seats_left` (tests pass their own)."""
        self.gone_since: dict[Seat, float] = {s: time.time() for s in SEATS}
        """D7: per seat, Unix seconds when this process last saw its connection go, or when this process
        took the table (built, rebuilt from the store after a restart, moved in, reopened) while no
        connection held it: a hand-over of a disconnected seat waits ``config.reconnect_grace`` from it
        (:meth:`reconnect_wait`; evening s16 F1). Live, not stored: a restart starts every seat's grace."""
        self._stored_record: dict[str, Any] | None = None
        """The seats' record as this process last stored it (:meth:`save_meta`; None: not yet, a resumed
        table): what :meth:`claim_stored` compares with."""
        self._give_up: asyncio.TimerHandle | None = None
        """The timer that gives up the seats of :meth:`gone_at_match_end` when their person's long wait is
        over (:meth:`watch_give_up`), None when no seat is due; :attr:`_give_up_at` is when it fires."""
        self._give_up_at: float | None = None
        self._give_up_task: asyncio.Task[None] | None = None
        self._give_up_not_before = 0.0
        """Unix seconds before which no give-up is tried again (a store that refused one: :data:`GIVE_UP_RETRY`)."""
        self.handed_at: dict[Seat, int] = {}
        """D7: per seat handed over to the computer by this process, the ``seq`` it was handed over at
        (:meth:`owes`; not stored: a restarted server gives a seat back at once, as before)."""
        self.returning: set[Seat] = set()
        self.undone_counts: list[dict[Seat, tuple[tuple[int, ...], tuple[int, ...]]]] = []
        """R27 with the result's shares (session 17 item 4): per undo that a redo may restore, each seat's
        ``(decided_hands, decided_last)`` before it (:meth:`uncount_undone`), put back by that redo; emptied
        once nothing can be redone (live, not stored: after a restart a redo leaves the counts as they are)."""
        """D7: handed-over seats whose player is back while the computer still owes the decision the
        table waited for (:meth:`give_back`); given back by the commit that makes it."""
        self.back_asked: set[Seat] = set()
        """D7: seats whose player said it is back (``back``, ``rejoin``, a hint or a request of its
        own) while a ``hand_over`` request about the seat is open: the request stays open (attacker
        s11 round 2 F3: the target's ``back`` cancelled every request before the friends' consent
        landed), and if it is carried out the seat is :attr:`returning` at once, so it comes back
        once the computer has made the decision awaited. Cleared when that request closes."""
        self.since = time.time() if last_at is None else last_at
        """Unix seconds of the last public change: when the decision now awaited began (issue 15,
        information only, R29), or when the match started if nothing was played since (:meth:`changing_meta`;
        s14 player F-h: a spectator who opened at Start was told the host had kept the table waiting since
        its creation, 1:46). From the stored log on resuming, so a restart keeps counting; but a started
        match with nothing played since the table's creation (its log holds only the first match's start)
        counts from the restart: the log's last event is the creation, and the start is no event (session
        15, s14 note: a restart before the first play counted the draw's wait from the table's creation;
        the start's own moment is not in the stored record, whose 16 fields a process before session 16
        reads at most: a 17th would leave the table unread by it during a rolling upgrade; later ones read
        64, ``codec.RECORD_LIMITS``)."""
        if meta.started and last_at is not None and len(self.log.events) <= 1:
            self.since = time.time()
        self.result_stored: int | None = None
        """The number of the finished match whose result the store holds from this process
        (:meth:`save_result`); None: none yet (a finished match is recorded again, unchanged)."""
        self.past_players: dict[int, tuple[str, str, str, str]] = {}
        """Who played each finished match the table keeps (match number -> :meth:`result_names` at its end;
        the newest :data:`PAST_KEPT` + 1): ``MatchRecordW.players`` (organiser s16 F10: the windows named
        today's seat holders as an earlier match's players). Filled at each match's end and, for a resumed
        table, from its stored results (:meth:`load_players`); live, never stored apart from the results."""

    # ------------------------------------------------------------ storage

    async def persist_new(self, creator: str | None = None, limit: int | None = None) -> None:
        """Store a new table's record (with ``creator``, the store's key of who created it) and
        the events its log holds already (the first shuffle). ``limit``: the most open tables
        ``creator`` may have (``TooManyOpen`` from the store, nothing stored, beyond)."""
        record = self.meta.record()
        await self.store.create_table(self.code, encode_meta(record), creator, self.meta.created_at, limit)
        self._stored_record = record
        self.listed_in_store = (False, (0, 0))  # a new record: not listed, no score
        await self.flush_unstored()
        await self.save_listing()

    async def flush_unstored(self) -> None:
        """Append log events not stored yet (a resumed log may add a due shuffle)."""
        rows = event_rows(self.log.tail(self._unstored))
        if rows:
            await self.store.append(self.code, rows, self.epoch)
        self._unstored = self.log.size

    def players_of(self, match: int) -> tuple[str, str, str, str] | None:
        """Who played finished match ``match`` (:attr:`past_players`), None when not known."""
        return self.past_players.get(match)

    def _note_players(self, state: MatchState) -> None:
        """Keep who played ``state``'s match once it is over (:attr:`past_players`), from the seats'
        deciders of that match; bounded to the newest :data:`PAST_KEPT` + 1 matches."""
        if state.phase is not Phase.MATCH_OVER:
            return
        self.past_players[state.match] = self.result_names(state.match, len(state.finished))
        for old in sorted(self.past_players)[:-(PAST_KEPT + 1)]:
            del self.past_players[old]

    async def load_players(self) -> None:
        """A resumed table: who played its kept earlier matches, from its stored results (the same names
        the result pages show). A store that fails leaves them unknown (``players`` null): information only."""
        try:
            found = await self.store.load_results(PAST_KEPT + 1, code=self.code)
        except Exception as exc:  # noqa: BLE001 - the records only miss their names
            log.info("table %s: the results of its earlier matches could not be read: %s", self.code, said(exc))
            return
        for r in found:  # a record before session 15 said "computer · Easy": the data form, as now stored
            self.past_players.setdefault(r.match, tuple(  # type: ignore[arg-type]
                n if computer_level(n) is None else computer_seat(computer_level(n) or "") for n in r.seats))
        self._note_players(self.log.state)
        self._snapshot_views.clear()

    async def load_chat(self) -> None:
        """Take the table's recent chat lines from the store (a resumed table, issue 15)."""
        rows = await self.store.load_chat(self.code)
        # a skipped row keeps its id: the next line is stored after the last row, whatever it held
        lines = decode_lines(rows, self.code)
        self.chat = TableChat(lines, max((int(i) for i, _ in rows), default=0) + 1)
        for seat, iid, line_id in stored_intents(rows, lines):  # a line sent again after a restart: DUPLICATE
            held = None if seat is None else self.slots[Seat(seat)].ids_from
            if seat is not None and (held is None or line_id >= held[1]):  # the present holder's lines only
                self.chat.remember("chat", seat, iid, line_id)
        for s, slot in self.slots.items():  # s17: a nudge sent again after a restart nudges once
            for iid in slot.nudges:
                self.chat.remember("nudge", int(s), iid)

    async def store_claim(self) -> None:
        """Store the seats after a seat was given to a connection by ``rejoin`` (its claim and the holding
        window's first, ``SeatSlot.window_from``: s15, carried from s13: they lived in the serving process
        only, and after a restart a stuck window's rejoin took the seat from the player's current window).
        A store that fails keeps them in memory (logged; stored with the next change of seats): the player
        is never refused a seat for it. Nothing when another process serves the table now (the welcome
        says so)."""
        if self.claim_stored():
            return  # s17: a rejoin of the holding window changes nothing the store needs (see claim_stored)
        try:
            await self.save_meta()
        except Refused:
            pass  # TABLE_MOVING: _welcome closes the connection for the other process
        except Exception:
            log_store_failure(log, self.store, "table %s: storing a seat's claim failed; kept in memory", self.code)

    def claim_stored(self) -> bool:
        """Whether the store holds the seats as they are now but for the claims a rejoin of a seat's holding
        window moves (``SeatSlot.claims`` and ``claim_held``; session 17, carried from s15: every rejoin, a
        window's reconnect every few seconds on a bad link included, rewrote the whole record): the window
        that holds each seat is the stored one (``window_from``), every other field is as stored, and no
        seat has given :data:`~.seating.CLAIM_GAP` / 2 claims since its stored count, so a restart (which
        goes on from the stored count plus the gap) never gives a claim a window may hold. A rejoin's own
        claim missing from the store costs nothing: after a restart that window's rejoin is taken as a
        window taking the seat over from itself (it keeps the seat). False when nothing was stored by
        this process yet (a resumed table stores at its first rejoin)."""
        last = self._stored_record
        if last is None:
            return False
        now = self.meta.record()
        for a, b in zip(now["seats"], last["seats"]):
            if not isinstance(b.get("claims"), int) or a["claims"] - b["claims"] >= CLAIM_GAP // 2:
                return False

        def without_claims(r: dict[str, Any]) -> dict[str, Any]:
            return {**r, "seats": [{k: v for k, v in sr.items() if k not in ("claims", "claim_held")}
                                   for sr in r["seats"]]}
        return without_claims(now) == without_claims(last)

    async def save_meta(self) -> None:
        """Store the seats' record after a change of who holds them (TABLE_MOVING once the
        table belongs to another process, issue 12)."""
        if self.moved:
            raise Refused(ErrorCode.TABLE_MOVING, "another server process serves this table; reconnect",
                          {"retry_ms": 500})
        record = self.meta.record()
        try:
            await self.store.update_meta(self.code, encode_meta(record), self.epoch)
            self._stored_record = record
        except ValueError as exc:  # issue 12: another process took the table over (a newer epoch)
            self.lost_to_another(str(exc))
            raise Refused(ErrorCode.TABLE_MOVING, "another server process serves this table; reconnect",
                          {"retry_ms": 500}) from None
        except InDoubt as exc:  # the caller puts the seats back; the store may hold the new ones later
            task = asyncio.get_running_loop().create_task(self._record_again(exc))
            self._record_tasks.add(task)
            task.add_done_callback(self._record_tasks.discard)
            raise

    async def _record_again(self, doubt: InDoubt) -> None:
        """A seats record cut in doubt (:class:`~.storage.base.InDoubt`) that the store says it stored
        after all is stored again as the table holds it (its change was refused and put back), so a
        restart resumes the seats its players were told of (store s12 item 1, the kind in records)."""
        if not await settled(doubt):
            return
        async with self.lock:
            if self.closed or self.moved:
                return
            try:
                await self.save_meta()
            except Exception as exc:  # still failing: the next change of seats (or the probe) stores them
                log_repeated(log, logging.WARNING, "seats not stored again",
                             "table %s: its seats could not be stored again after a write cut in doubt: %s",
                             self.code, said(exc))

    def listing(self) -> tuple[bool, tuple[int, int]]:
        """What ``/`` shows of the table beyond its record: (listed: public, (team A's, team B's)
        points). A finished match stays listed with its final score while the table is open (club
        s14 F4b: it dropped off the projector page the moment it ended)."""
        state = self.log.state
        return (self.meta.public, (state.scores[0], state.scores[1]))

    async def save_listing(self) -> None:
        """Store :meth:`listing` when it changed (issue 12: ``/`` of every process reads it from the
        store, never replaying a log). A failure is logged and retried at the next change: the
        listing is information only and never refuses a move."""
        now = self.listing()
        if now == self.listed_in_store or self.moved:
            return
        try:
            await self.store.update_listing(self.code, now[0], now[1], self.epoch)
        except ValueError as exc:
            self.lost_to_another(str(exc))
            return
        except Exception as exc:
            log_store_failure(log, self.store, "table %s: storing its listing failed: %s", self.code, said(exc),
                              level=logging.WARNING, traceback=False)
            return
        self.listed_in_store = now

    def result(self) -> MatchResult | None:
        """The record of the match just finished (club s14 kind 1: a finished match is a durable
        record), None while the match is not over (R18): per seat, the persons who made its decisions
        (:meth:`result_names`), the final score and winner, the hands played, and when its first event and its last
        hand's end were recorded (UTC seconds). Public data only (D8, D9)."""
        state = self.log.state
        if state.phase is not Phase.MATCH_OVER:
            return None
        events = self.log.events
        first = next((e for e in reversed(events) if isinstance(e.body, MatchStarted)), events[0] if events else None)
        ended = events[-1].at if events else time.time()
        return MatchResult(
            self.code, state.match, self.result_names(),
            (state.scores[0], state.scores[1]), None if state.winner is None else state.winner.value,
            len(state.finished), ended if first is None else first.at, ended,
            self.meta.name, bool(self.meta.public), self.meta.site)

    def unfinished_result(self) -> MatchResult | None:
        """The record of the match being played, cut before its end (organiser s16 F12: the last match of a club
        night, cut by closing time, left no trace): its score so far, the hands finished, the seats' names as
        :meth:`result_names` gives them, no winner (``MatchResult.finished`` false), ended at its last event. None
        when the match is over (:meth:`result`), or cut before a hand of it was finished, or played by fewer than
        two people (attacker s17 F2: a match cut after one deal cost one address a quarter of a second, and 4 such
        "Not finished 0-0" rows a second, named as it chose, pushed a club's results off /results' first page;
        a result row costs at least one whole hand played by two people, as a club's cut match is)."""
        state = self.log.state
        people = sum(1 for slot in self.slots.values() if slot.kind == "human")
        if state.phase is Phase.MATCH_OVER or not self.meta.started or not state.finished or people < 2:
            return None
        events = self.log.events
        first = next((e for e in reversed(events) if isinstance(e.body, MatchStarted)), events[0] if events else None)
        ended = events[-1].at if events else time.time()
        playing = 1 if state.phase in (Phase.REVIEW, Phase.PLAY) else 0  # the hand cut: a share counts it
        return MatchResult(
            self.code, state.match, self.result_names(hands=len(state.finished) + playing),
            (state.scores[0], state.scores[1]), None, len(state.finished), ended if first is None else first.at,
            ended, self.meta.name, bool(self.meta.public), self.meta.site)

    async def save_unfinished(self, why: str) -> None:
        """Store :meth:`unfinished_result`, if any, as the match's record (the table closes or its process stops:
        ``why``, for the log). A later end of the same match (a resumed table) replaces it with the finished
        record (``Store.record_result``: one record per table and match). A failure is logged; it refuses nothing."""
        found = None if self.moved else self.unfinished_result()
        if found is None:
            return
        try:
            await self.store.record_result(found)
        except Exception as exc:
            log_store_failure(log, self.store, "table %s: storing match %d as not finished failed: %s", self.code,
                              found.match, said(exc), level=logging.WARNING, traceback=False)
            return
        log.info("table %s: match %d recorded as not finished at %d-%d after %d hands (%s)", self.code, found.match,
                 found.scores[0], found.scores[1], found.hands, why)

    async def forget_cut(self) -> None:
        """This table resumed with its match still being played: the record its stop or close left of it as cut
        (:meth:`save_unfinished`) is forgotten (``Store.forget_unfinished``; attacker s17 F7: after an ordinary
        restart every match in play was listed "Not finished" on /results until its end). A failure is logged
        and refuses nothing: the row is replaced at the match's end anyway."""
        state = self.log.state
        if state.phase is Phase.MATCH_OVER or self.moved:
            return
        try:
            await self.store.forget_unfinished(self.code, state.match)
        except Exception as exc:
            log_store_failure(log, self.store, "table %s: forgetting match %d's not-finished record failed: %s",
                              self.code, state.match, said(exc), level=logging.WARNING, traceback=False)

    async def save_result(self) -> None:
        """Store :meth:`result` once per finished match (:attr:`result_stored`). A failure is logged
        and tried again at the next commit and when the table closes (the result is information only
        and never refuses a move)."""
        found = self.result()
        if found is None:  # not over (again: an undo from the match's end): its next end is stored anew
            self.result_stored = None
            return
        if found.match == self.result_stored or self.moved:
            return
        try:
            await self.store.record_result(found)
        except Exception as exc:
            log_store_failure(log, self.store, "table %s: storing the result of match %d failed: %s", self.code,
                              found.match, said(exc), level=logging.WARNING, traceback=False)
            return
        self.result_stored = found.match

    @property
    def stored_events(self) -> int:
        """How many events of its log this table has stored (every player heard of them): the seq
        the store must hold at least, unless the store itself lost acknowledged writes."""
        return self._unstored

    def lost_to_another(self, detail: str) -> None:
        """The store refused a write of this table as already made by another process: drop the
        table once (the registry closes its connections with 4003) and never write again."""
        if not self.moved and self.on_conflict is not None:
            self.on_conflict(self, detail)
        self.moved = True

    @contextlib.asynccontextmanager
    async def changing_meta(self) -> AsyncIterator[None]:
        """Change seats inside ``async with``, then store them; if the body or the store fails,
        every stored field of the seats and the table is put back as it was (issue 12 case 5:
        a join refused for a full disk claims no seat), and a store failure is refused INTERNAL."""
        before = self.meta.record()
        try:
            yield
            await self.save_meta()
            if self.meta.started and not before["started"]:  # the opening draw is awaited from now (issue 15)
                self.since = time.time()
        except RuleError:
            self._restore_meta(before)
            raise
        except Exception:
            self._restore_meta(before)
            log_store_failure(log, self.store, "table %s: storing a change of seats failed; nothing was changed",
                              self.code)
            raise store_unavailable("the change could not be stored; nothing was done") from None

    def _restore_meta(self, record: dict[str, Any]) -> None:
        """Put the stored fields back from ``record``; live ones (connections, panels) stay."""
        old = TableMeta.from_record(record)
        for seat in SEATS:
            live, was = self.slots[seat], old.slots[seat]
            live.kind, live.level, live.name = was.kind, was.level, was.name
            live.token_hash, live.handed_over = was.token_hash, was.handed_over
            live.waits, live.next_name, live.sat_after = was.waits, was.next_name, was.sat_after
            live.played_by, live.ids_from, live.nudges = was.played_by, was.ids_from, was.nudges
            live.given_up = was.given_up
            live.deciders, live.deciders_match = was.deciders, was.deciders_match
            live.decided_hands, live.decided_last = was.decided_hands, was.decided_last
            live.decided_program = was.decided_program
        meta = self.meta
        meta.started, meta.creator_seat, meta.creator_hash = old.started, old.creator_seat, old.creator_hash

    # ------------------------------------------------------------ queries

    @property
    def turn_group(self) -> str:
        """The key this table's computer decisions take their turn by (``Brain.seat_turns``; attacker
        s10 F3: one site's many tables share one site's turn): the creator's site as stored with the
        table (``TableMeta.site``, so a restart keeps it), else, for a record stored before it was
        kept, its first seated player's (:attr:`group`), else the table's own code. Never a
        spectator's or a stranger's: after a restart a stranger attaching first moved a friend's
        table into the stranger's turn."""
        if self.meta.site is not None:
            return self.meta.site
        return self.code if self.group is None else site_key(self.group)

    @property
    def state(self) -> MatchState:
        """The match state (server side only: never sent, R21)."""
        return self.log.state

    def computers_only(self) -> bool:
        """The match started, is not over, and the computer decides for every seat (computer seats,
        seats nobody holds, seats given up or handed over): the table moves at the computers' pace
        for as long as anyone follows it, so it counts against its site's ``max_playing_per_site``
        (:mod:`.playing`). A match over waits for a seated player's ``new_match``: it costs nothing."""
        return (self.meta.started and self.log.state.phase is not Phase.MATCH_OVER
                and all(self.computer_plays(s) for s in SEATS))

    def computer_plays(self, seat: Seat) -> bool:
        """Whether the computer decides for ``seat`` now (computer seat, empty after start, D7)."""
        slot = self.slots[seat]
        if slot.kind == "computer":
            return True
        return self.meta.started and (not slot.claimed or slot.stood_in)

    @property
    def paused(self) -> bool:
        """R26/D2: a seated, connected human has the rules or ledger open, or a request is open. The
        panel of a seat handed over to the computer (D7) holds nothing: its player plays no more."""
        return self.request is not None or any(
            sl.panel and sl.conn is not None and not sl.handed_over for sl in self.slots.values())

    def holding(self) -> frozenset[Seat]:
        """R26/D2 with D7: the seats whose open panel holds the table: the table waits for them as for
        a seat whose turn it is (``nudge``, ``hand_over`` after a minute; ``TableW.holding``).

        A connected human seat not handed over, with the rules or ledger open, while the match runs
        and a computer would act but for the pause: in the draw, nomination and play, when a seat the
        computer plays is to act (public); in the review every open panel (who has answered is
        private, R10, so it cannot depend on that). Attacker s10 F4: one ``panel{open:true}`` from a
        stranger held a table for good, and its seat could be neither nudged nor handed over."""
        state = self.log.state
        if self.closed or not self.meta.started or state.phase is Phase.MATCH_OVER:
            return frozenset()
        if state.phase is not Phase.REVIEW and not any(self.computer_plays(s) for s in awaited(state)):
            return frozenset()
        return frozenset(s for s, sl in self.slots.items()
                         if sl.panel and sl.conn is not None and sl.claimed and not sl.stood_in)

    def waits_for(self) -> frozenset[Seat]:
        """The seats the table waits for (issue 15, D7): those whose decision is awaited
        (``chat.awaited``), those whose open panel holds it (:meth:`holding`), in the review every
        seated human (:meth:`reviewing`) and, at match over, those an open ``new_match`` request still
        waits for (:meth:`silent_asked`); what ``nudge`` and ``hand_over`` may name."""
        return awaited(self.log.state) | self.holding() | self.reviewing() | self.silent_asked()

    def silent_asked(self) -> frozenset[Seat]:
        """D1 with D7 at MATCH_OVER: the seats an open ``new_match`` request still waits for
        (public: ``RequestW.waiting``). After ``hand_over_wait`` from the request's opening they may
        be handed over, and the request goes on without them (``actions.hand_over``). Attacker s11
        F5: a silent stranger's consent was needed for every new match, and nothing could take it."""
        r = self.request
        if r is None or r.action != "new_match" or self.log.state.phase is not Phase.MATCH_OVER:
            return frozenset()
        return frozenset(s for s in r.waiting if self.slots[s].claimed and not self.slots[s].stood_in)

    def reviewing(self) -> frozenset[Seat]:
        """R10 with D7: in the review, every claimed human seat the computer does not play. Who has
        answered is private, so the table counts as waiting for each of them alike: ``nudge`` and,
        after ``hand_over_wait`` from the review's start (``since``), ``hand_over`` may name any, and
        the answers say nothing of who answered. The computer answers for a seat handed over that
        had not (one that had keeps its answer). Attacker s11 F5: ``awaited`` is empty in the review,
        so a stranger who stayed connected and never answered held the table for good (nudge and
        hand_over both NOT_AWAITED)."""
        if self.closed or not self.meta.started or self.log.state.phase is not Phase.REVIEW:
            return frozenset()
        return frozenset(s for s, sl in self.slots.items()
                         if sl.kind == "human" and sl.claimed and not sl.stood_in)

    def held_since(self, seat: Seat) -> float:
        """Unix seconds from which the table has waited for ``seat``: ``since`` (the decision now
        awaited began), or later for a seat that holds it by its panel (:meth:`holding`), opened
        after that, or that an open new match request waits for (:meth:`silent_asked`), opened after that."""
        if seat in awaited(self.log.state):
            return self.since
        if seat in self.silent_asked():
            assert self.request is not None
            return self.request.opened  # opened after the match ended: its last public change
        return self.panel_start(seat)

    def panel_start(self, seat: Seat) -> float:
        """Unix seconds since which ``seat``'s panel has been open at this ``seq`` (kept when it was
        closed and opened again at this ``seq``: ``actions.panel``); ``since`` for a panel opened at an
        earlier ``seq`` or never."""
        opened = self.slots[seat].panel_since
        if opened is None or opened[0] != self.seq:
            return self.since
        return max(self.since, opened[1])

    def starters(self) -> tuple[Seat, ...]:
        """The seats whose ``start`` :func:`.actions.start` accepts now (``TableW.starters``, docs/protocol.md
        ``start``): none once the match runs; before, the creator's seat while its player holds it
        (``TableMeta.creator_seat``, attacker s12 D1), else every seat a person holds (the creator left, or
        watches: ``create_table`` with ``sit`` null). The one rule the server checks and the windows show
        (club s14 F16: "Start now" was shown by "did this window create the table", so a table of three
        people at an organiser's table could not start)."""
        if self.meta.started:
            return ()
        if self.meta.creator_seat is not None:
            return (self.meta.creator_seat,)
        return tuple(s for s in SEATS if self.slots[s].claimed)

    def table_wire(self) -> dict[str, Any]:
        """The ``TableW`` map: the same for every connection (no seed, no token, D9)."""
        seats = tuple({
            "seat": int(s), "name": sl.display_name, "kind": sl.kind, "level": sl.level,
            "claimed": sl.claimed, "connected": sl.conn is not None,
            "computer_plays": self.computer_plays(s),
            "program": sl.conn is not None and getattr(sl.conn, "program", False),
            "waits": sl.waits,
            "sat_after": sl.sat_after if sl.claimed else None,
            "played_by": tuple({"since": e[:3], "name": e[3]} for e in sl.played_by),
            "next_name": sl.next_name if sl.waits else "",
        } for s, sl in sorted(self.slots.items()))
        return {
            "code": self.code, "seats": seats, "seeded": self.meta.seeded,
            "started": self.meta.started, "paused": self.paused,
            "panels": tuple(int(s) for s, sl in sorted(self.slots.items()) if sl.panel and sl.conn),
            "holding": tuple(int(s) for s in sorted(self.holding())),
            "request": None if self.request is None else self.request.wire(),
            "can_redo": self.log.can_redo,
            "spectators": sum(1 for s in self.subscribers.values() if s is None),
            "language": self.meta.language, "chat": self.meta.chat,
            "tracker": self.meta.tracker, "public": self.meta.public, "table_name": self.meta.name,
            "starters": tuple(int(s) for s in self.starters()),
        }

    def snapshot_key(self, seat: Seat | None) -> tuple[str, int, bool]:
        """What the snapshot's view for ``seat`` (None: spectator) depends on: the table's code, its
        ``seq`` and whether the seat itself has answered the review (never another seat's private
        answer, R10). The ``table`` part and ``waited`` of a snapshot may differ at one key: the
        ``table`` frames carry every change of the former."""
        return self.code, self.seq, seat is not None and seat in self.log.state.answered

    def snapshot_frame(self, seat: Seat | None) -> bytes:
        """The Snapshot for a connection at ``seat`` (None: spectator): its own view only.

        Its view is encoded once per state and audience (issue 16.1 kind: a ``resync`` or
        ``spectate`` flood must not make the server encode a long table's ledger again each
        time), with only the last :data:`PAST_IN_SNAPSHOT` earlier matches converted.
        The frame is the same msgpack map as ``pack`` of the dict, built from its parts.
        """
        state = self.log.state
        key = self.snapshot_key(seat)[1:]
        cached = self._snapshot_views.get(seat)
        if cached is None or cached[0] != key:
            cached = (key, pack(view_to_wire(view_for(state, seat), past=PAST_IN_SNAPSHOT, players=self.players_of)))
            self._snapshot_views[seat] = cached
        waited = round(max(0.0, time.time() - self.since), 3)
        return b"".join((b"\x85", pack("type"), pack("snapshot"), pack("seq"), pack(self.seq), pack("view"),
                         cached[1], pack("table"), pack(self.table_wire()), pack("waited"), pack(waited)))

    # ------------------------------------------------------------ connections

    def bind(self, conn: Any, seat: Seat | None) -> None:
        """Attach ``conn`` (at ``seat``, or as spectator). A table with no :attr:`group` yet (one
        rebuilt from the store) takes the address group of the first connection that is its
        creator's (``TableMeta.made_by``) or holds a seat, never a stranger's spectator; a seat's
        connection sets the seat's ``side`` (its /48, None from loopback or without a group) and
        ``holder`` (its address group, None the same way)."""
        self.subscribers[conn] = seat
        conn.table, conn.seat = self, seat
        group = getattr(conn, "group", None)
        if self.group is None and group is not None and (
                seat is not None or (self.meta.made_by is not None and creator_key(group) == self.meta.made_by)):
            self.group = group
        if seat is not None:
            self.slots[seat].conn = conn
            # D7 (consent.askable), one_seat_per_address and the seat join chooses (actions.join)
            self.slots[seat].side, self.slots[seat].holder = conn_site(conn)
        if self._idle is not None:
            self._idle.cancel()
            self._idle = None

    def hand_dealt(self) -> bool:
        """A hand is dealt and hidden now (:data:`DEALT`): a seat taken now waits for the next deal."""
        return self.meta.started and self.log.state.phase in DEALT

    def bind_waiting(self, conn: Any, seat: Seat) -> None:
        """Attach ``conn`` as a spectator (D8: no hand) that holds ``seat``, reserved for it until the
        next deal (``SeatSlot.waits``; :meth:`seat_waiters` seats it then). Its chat name is the seat's
        coming name."""
        self.bind(conn, None)
        conn.waiting = seat
        conn.watch_name = self.slots[seat].next_name

    def waiting_conn(self, seat: Seat) -> Any:
        """The connection attached as a spectator waiting for ``seat`` (:meth:`bind_waiting`), or None."""
        return next((c for c, s in self.subscribers.items()
                     if s is None and getattr(c, "waiting", None) == seat), None)

    async def seat_waiters(self) -> bool:
        """R21/D8 (attacker s14 F1): between two hands (no hand dealt, :meth:`hand_dealt` False), each seat
        reserved for a late arrival (``SeatSlot.waits``) becomes its player's: its name is shown, and its
        connection, watching until now, is attached at the seat with ``joined`` and the seat's snapshot. True
        when a seat changed so (the caller sends the ``table`` frame)."""
        if self.hand_dealt() or not any(sl.waits for sl in self.slots.values()):
            return False
        before = self.meta.record()
        for slot in self.slots.values():
            if slot.waits:  # the hand just ended was the computer's (rp5 s15): the person plays from the next
                slot.waits, slot.name, slot.next_name = False, slot.next_name, ""
                slot.sat_after = last_hand(self.state)
                slot.note_player(here(self.state), slot.display_name, "")
        try:
            await self.save_meta()
        except Exception:  # kept in memory; stored with the next change of seats
            self._restore_meta(before)
            log_store_failure(log, self.store, "table %s: storing the seats of the next deal failed", self.code)
            return False
        for seat, slot in self.slots.items():
            conn = self.waiting_conn(seat)
            if conn is not None and slot.claimed and not slot.waits:
                conn.waiting = None
                self.bind(conn, seat)
                conn.send(pack({"type": "joined", "code": self.code, "seat": int(seat), "claim": slot.grant(slot.claim_held)}))
                conn.send(self.snapshot_frame(seat), state=True)
        return True

    def unbind(self, conn: Any) -> Seat | None:
        """Detach ``conn``; its seat stays held (D7). Starts the idle timer when nobody is left."""
        seat = self.subscribers.pop(conn, None)
        conn.table, conn.seat = None, None
        if getattr(conn, "waiting", None) is not None:
            conn.waiting = None  # its reserved seat stays held for a rejoin with its token
        if seat is not None and self.slots[seat].conn is conn:
            self.slots[seat].conn = None
            self.slots[seat].panel = False
            self.gone_since[seat] = time.time()  # D7: its grace to come back starts now
        self.watch_idle()
        return seat

    def reconnect_wait(self, seat: Seat) -> float:
        """Seconds before the disconnected ``seat`` may be handed to the computer (D7, 0.0 when it may
        now): ``config.reconnect_grace`` from :attr:`gone_since`. Evening s16 F1: a 45 s network drop and
        the seconds the windows took to reconnect after a restart each let one Enter hand a seat over."""
        return max(0.0, self.gone_since[seat] + self.config.reconnect_grace - time.time())

    def watch_idle(self) -> None:
        """Start the idle timer when no connection is attached (the table closes when it fires,
        after :meth:`idle_delay`). Seats change only through a connection, so the delay chosen
        when the last one goes holds until the next one comes."""
        if not self.subscribers and not self.closed and self._idle is None:
            loop = asyncio.get_running_loop()
            self._idle = loop.call_later(self.idle_delay(), self._idle_fired)

    def is_solo(self) -> bool:
        """The match started and at most one seat is held by a person (the others played by the
        computer, seats given up with ``leave`` included): nobody but that one player may come back."""
        return self.meta.started and sum(1 for sl in self.slots.values() if sl.claimed) <= 1

    def is_creator(self, conn: Any) -> bool:
        """Whether ``conn`` is this table's creator as ``close_table`` knows it (organiser s16 F11): the
        connection that created it (``Connection.created``, for its life), or the one holding the creator's
        seat (``TableMeta.creator_seat``, kept over reconnects until that seat is given up)."""
        seat = self.subscribers.get(conn)
        return (seat is not None and seat == self.meta.creator_seat) or getattr(conn, "created", None) == self.code

    def others_playing(self, conn: Any) -> bool:
        """A match is being played here (a hand of it finished, the match not over) with a seat held by a person
        other than ``conn``'s: its creator may not close it on them (attacker s17 F5: a creator about to lose
        closed the table in the last hand and the others' win was stored "not finished"); they finish it, or
        leave, and it closes by itself. Before a hand of it ended a close costs nobody a score."""
        if not self.meta.started or self.is_finished() or not self.log.state.finished:
            return False
        mine = self.subscribers.get(conn)
        return any(slot.kind == "human" and slot.token_hash is not None and seat != mine
                   for seat, slot in self.slots.items())

    def is_finished(self) -> bool:
        """Its match is over (R28's end: a new match needs every human's consent, D1)."""
        return self.log.state.phase is Phase.MATCH_OVER

    def idle_delay(self) -> float:
        """Seconds this table stays open once nobody is connected: ``solo_idle_timeout`` (at most
        ``idle_timeout``) for a solo table (:meth:`is_solo`; its one player's ``rejoin`` opens it
        again, D7) and for a finished one (:meth:`is_finished`: with nobody at it no new match can
        be agreed, D1, and a closed finished table is never reopened, so it no longer holds a place
        of its creator's tables-per-address limit for 30 minutes: operator s11), else
        ``idle_timeout`` (friends may still join a waiting table with the code, or come back)."""
        if self.is_solo() or self.is_finished():
            return min(self.config.solo_idle_timeout, self.config.idle_timeout)
        return self.config.idle_timeout

    def _idle_fired(self) -> None:
        self._idle = None
        if not self.subscribers and self.on_idle is not None:
            self.on_idle(self)

    def send_all(self, frame: bytes, exclude: Any = None, state: bool = False) -> None:
        """Queue ``frame`` for every attached connection (public information only); ``state``:
        an update, which a later snapshot supersedes in a slow reader's queue."""
        for conn in self.subscribers:
            if conn is not exclude:
                conn.send(frame, state=state)

    def _tell_store_down(self) -> None:
        """Attacker s10 F7: while the store fails, the table stalls (its computers retry); tell every
        connection at the table once per failing spell, with an ``error`` ``INTERNAL`` (``data``
        :data:`STORE_FAILING`) that answers no intent, so the players know why nothing moves
        (docs/protocol.md)."""
        if self._store_down:
            return
        self._store_down = True
        self.send_all(pack({"type": "error", "code": ErrorCode.INTERNAL.value,
                            "detail": "the server's store is failing: the table waits and tries again",
                            "data": dict(STORE_FAILING)}))

    def broadcast_table(self, exclude: Any = None) -> None:
        """Tell everyone the table info changed."""
        self._last_holding = self.holding()
        self.watch_give_up()  # a change of seats may start, move or end a seat's wait (session 17)
        self.send_all(pack({"type": "table", "table": self.table_wire()}), exclude)

    def spectators_changed(self) -> None:
        """A spectator came or went: one coalesced ``table`` frame within ``spectator_notice``
        seconds, so N spectators joining cost O(N) frames, not O(N^2)."""
        if self._notice is None and not self.closed:
            loop = asyncio.get_running_loop()
            self._notice = loop.call_later(self.config.spectator_notice, self._notice_fired)

    def _notice_fired(self) -> None:
        self._notice = None
        if not self.closed:
            self.broadcast_table()

    def disconnect(self, conn: Any) -> None:
        """A connection closed: the seat stays held (D7); computers may resume (D2)."""
        if conn.table is not self:
            return
        self.coach_desk.drop(conn)  # a review nobody waits for any more is cancelled
        seat = self.unbind(conn)
        if not self.closed:
            if seat is None:
                self.spectators_changed()
            else:
                self.broadcast_table()
            self.rearm()
        r = self.request
        if seat is not None and not self.closed and r is not None and seat in r.waiting:
            self._asked_gone(seat)

    def _asked_gone(self, seat: Seat) -> None:
        """League s17 F3: the open request waits for ``seat``, whose person just went: settled under the lock
        by :func:`.actions.asked_gone` (a person not connected is never a voter that holds the table)."""
        from . import actions

        async def settle() -> None:
            try:
                await actions.asked_gone(self, seat)
            except Exception:  # a store failure carrying it out: logged; the request stays as it was
                log.exception("table %s: settling a request seat %d can no longer answer failed", self.code, int(seat))
            finally:
                self._settling.discard(task)

        task = asyncio.get_running_loop().create_task(settle())
        self._settling.add(task)

    # ------------------------------------------------------------ the one step

    def check(self, seat: Seat, intent: Any, commutes: bool = False) -> None:
        """Refuse a duplicate intent (DUPLICATE), then one decided on an old view (STALE).

        ``commutes``: the decision does not depend on what changed since (an opening-draw
        pick while the phase is ``draw``, R3: seats 1 and 2 pick face-down tiles at the same
        time), so only the duplicate check applies; the engine still refuses a position
        already taken. docs/protocol.md "Which refusal comes first" gives the whole order.
        """
        iid = intent.intent_id
        if iid is not None and iid in self.applied[seat]:
            at = self.applied[seat][iid]
            raise Refused(ErrorCode.DUPLICATE, f"intent {iid!r} was applied at seq {at}", {"seq": at})
        if intent.expected_seq != self.seq and not commutes:
            raise Refused(ErrorCode.STALE, f"the table is at seq {self.seq}, not {intent.expected_seq}",
                          {"seq": self.seq})

    def remember(self, seat: Seat, intent: Any) -> None:
        """Record an applied intent id (idempotency)."""
        if intent.intent_id is not None:
            self._remember_id(seat, intent.intent_id, self.seq)

    def _remember_id(self, seat: Seat, intent_id: str, seq: int) -> None:
        ids = self.applied[seat]
        ids[intent_id] = seq
        while len(ids) > REMEMBERED_INTENTS:
            del ids[next(iter(ids))]  # the oldest

    def restore_stored_intents(self, intents: tuple[tuple[Seat, str, int], ...]) -> None:
        """After a restart: remember the applied intents of :attr:`.storedlog.StoredLog.intents`
        ((seat, intent id, wire seq), oldest first)."""
        for seat, iid, seq in intents:
            held = self.slots[seat].ids_from
            if held is None or seq > held[0]:  # s17: another person's ids at the seat are not its holder's
                self._remember_id(seat, iid, seq)

    def new_holder(self, seat: Seat) -> None:
        """A person took ``seat`` (``join``; session 17, carried from s15): the intent ids applied there and
        the chat lines' and nudges' ids said from it were another person's, so they are forgotten, and
        ``SeatSlot.ids_from`` (set by the caller with the seats, stored) keeps a restart from bringing them
        back. Kind: ids of one sender's own count compared with another sender's (a counter-based client's
        first intent at a seat a friend had held was refused ``DUPLICATE``)."""
        self.applied[seat] = {}
        self.chat.forget_sender(int(seat))
        self.slots[seat].nudges = ()

    async def commit(self, old: MatchState, events: list[Event], table_changed: bool = False,
                     intent: tuple[Seat, Any] | None = None) -> None:
        """Persist ``events`` (before anyone hears of them), then send each connection its frames.

        ``intent``: (seat, client intent) that caused them; its ``intent_id`` is stored with
        them so DUPLICATE survives a restart (:meth:`restore_stored_intents`). If the store fails,
        the events are taken back out of the log (nobody heard of them) and the action is
        refused (:func:`store_unavailable`); everyone at the table hears of it once per failing spell.
        An append cut unanswered after its commit was sent (:class:`~.storage.base.InDoubt`) is refused
        the same way, and until the store says whether it was stored (:meth:`_settle`) every commit is
        refused so too, with nothing sent: then the events are played after all if they were stored,
        so the table never goes on from a history its store does not hold (store s12 item 1).
        """
        key = None if intent is None or intent[1].intent_id is None else (intent[0], intent[1].intent_id)
        try:
            if self.moved:
                raise ValueError("the table was handed to another process")
            if self._doubt is not None:
                raise OSError("the store has not said yet whether the table's last events were stored")
            await self.store.append(self.code, event_rows(events, key), self.epoch)
        except ValueError as exc:  # issue 12: (code, seq) already stored, another process writes here
            if await self._own_write(events, str(exc)):
                await self._stored(old, events, table_changed)
                return
            self._take_back(events)
            self.lost_to_another(str(exc))  # drops the table: one log line, no retry loop
            raise Refused(ErrorCode.TABLE_MOVING, "another server process serves this table; reconnect",
                          {"retry_ms": 500}) from None
        except Exception as exc:
            if self._doubt is None:
                log_store_failure(log, self.store, "table %s seq %d: storing %d events failed", self.code, self.seq,
                                  len(events))  # a traceback once a minute per failure, not per retry (s11)
            if isinstance(exc, InDoubt):
                self._doubt = asyncio.get_running_loop().create_task(
                    self._settle(exc, old, self.log, events, key, table_changed))
            self._take_back(events)
            self._store_failed = True
            self.rearm()  # the computers due in the restored state act (after a pause, see _bot_move)
            self._tell_store_down()
            raise store_unavailable("the move could not be stored; nothing was played") from None
        await self._stored(old, events, table_changed)

    async def _stored(self, old: MatchState, events: list[Event], table_changed: bool) -> None:
        """``events``, now stored, are played: each connection is sent its frames (:meth:`commit`)."""
        self._store_down = False
        self._unstored = self.log.size
        for e in events:
            self._counter.feed(e)
        if self._counter.seq != self.seq and events:
            self.since = events[-1].at  # a new decision is awaited from now (issue 15)
        moved, self.seq = self._counter.seq != self.seq, self._counter.seq
        if moved:
            self._forget_stale()
        self._note_players(old)  # a match over before a new one: who played it, for the new match's past_add
        self._note_players(self.log.state)
        frames = frames_for(old, self.log.state, events, self.seq, self.players_of)
        if frames.shared is not None:
            self.send_all(frames.shared, state=True)
        else:
            for conn, seat in self.subscribers.items():
                frame = frames.per.get(seat)
                if frame is not None:
                    conn.send(frame, state=True)
        if any(isinstance(e.body, MatchStarted) for e in events):  # after the frames: past_add, not a new past
            self.log.forget_past_matches(PAST_KEPT)  # issue 12: memory per table bounded over an evening
        r = self.request
        if r is not None and r.action != "hand_over" and r.seq != self.seq:
            self.close_request("expired")
            table_changed = True
        if not self.log.can_redo:
            self.undone_counts.clear()  # R27: a new decision discards what could be redone, and their counts
        if self.log.can_redo != self._last_redo:
            self._last_redo = self.log.can_redo
            table_changed = True
        if self.holding() != self._last_holding:  # a computer's turn came (or went) under an open panel
            table_changed = True
        if self.returning and await self._give_back_owed():  # D7: the decision owed is made
            table_changed = True
        if await self.seat_waiters():  # R21 (attacker s14 F1): a late arrival sits at the next deal
            table_changed = True
        if await self.settle_match_end(any(isinstance(e.body, MatchStarted) for e in events)):  # s16 F2/F5
            table_changed = True
        if table_changed:
            self.broadcast_table()
        self.rearm(keep_due=not moved)
        await self.save_listing()  # after the frames: a hand's end costs its players no extra wait
        await self.save_result()

    async def _settle(self, doubt: InDoubt, old: MatchState, full: MatchLog, events: list[Event],
                      key: tuple[Seat, str] | None, table_changed: bool) -> None:
        """Wait until the store knows whether the append of ``events`` (cut in doubt) was stored
        (:func:`settled`). Stored: ``full`` (the log with them, untouched since: every
        commit was refused meanwhile) is the table's log again and the events are played as if the
        append had just returned (frames, computers; their intent remembered for DUPLICATE). Not
        stored: the table goes on from where its players were told it stands."""
        stored = await settled(doubt)
        async with self.lock:
            self._doubt = None
            if self.closed or self.moved:
                return
            log_repeated(log, logging.WARNING, f"cut in doubt\x00{stored}", "table %s seq %d: the %d events cut in "
                         "doubt were %s", self.code, self.seq, len(events),
                         "stored after all: played now" if stored else "not stored")
            if not stored:
                self.rearm()
                return
            self.log = full
            await self._stored(old, events, table_changed)
            if key is not None:
                self._remember_id(key[0], key[1], self.seq)

    async def _own_write(self, events: list[Event], refusal: str) -> bool:
        """Whether the store refused ``events`` (``refusal``: its ``ValueError``) because it holds them
        already, written by this process: its epoch is still this table's and the rows at their seqs
        are these very events (same seq, same body; ``at`` is this try's). Then they are played as
        stored, never taken for another process's write (operator s13 finding 6: an append reported
        failed had committed, and the retry of the same pass dropped the table as a split brain with
        one process). False (the caller drops the table) for a stale epoch, other rows, or a store
        that does not answer the check."""
        if "already stored" not in refusal or not events:
            return False
        try:
            stored = await self.store.load(self.code)
        except Exception as exc:  # noqa: BLE001 - unknown: the table is dropped and taken over from the store
            log.debug("table %s: checking whose write holds seq %d failed: %s", self.code, events[0].seq, said(exc))
            return False
        if stored is None or (self.epoch is not None and stored.epoch != self.epoch):
            return False
        rows = dict(stored.rows)
        try:
            held = [decode_event(e.seq, rows[e.seq]).body for e in events]
        except (KeyError, CodecError):
            return False
        if held != [e.body for e in events] or max(rows) != events[-1].seq:
            return False
        log_repeated(log, logging.WARNING, "own write", "table %s seq %d: the store already held these %d events,"
                     " written by this process (its answer was lost): played", self.code, events[0].seq, len(events))
        return True

    def _take_back(self, events: list[Event]) -> None:
        """Remove ``events`` (just submitted, never stored nor sent) from the log."""
        self.log = self.log.without_last(len(events), self.meta.seed)
        self._hints.clear()  # a position may now be reached again by other events
        self._snapshot_views.clear()

    def _cancel_hints(self) -> None:
        """Cancel the seats' hint jobs: those not computed yet leave the lane now; one being
        computed finishes in its thread and is dropped."""
        for _, job in self._hints.values():
            job.cancel()

    def _forget_stale(self) -> None:
        """Once ``seq`` moved: drop what was kept for the seq the table has left: the encoded
        snapshot views and the hints, cancelling those not computed yet (attacker finding: a stale
        hint kept its place in the worker threads' queue; one being computed finishes and is
        dropped). Issue 12: no per-table cache outlives its use. A private review answer (R10)
        does not move ``seq`` and drops nothing: what another seat is served must not depend on it."""
        self._snapshot_views.clear()
        self._cancel_hints()
        self._hints.clear()

    async def decide(self, conn: Any, seat: Seat, intent: Any) -> None:
        """A seat's draw pick, nomination, review answer, play or pass (R3-R17)."""
        async with self.lock:
            decision = decision_of_intent(intent, seat)
            # R3: a pick commutes with the other seat's pick, only within the opening draw; a draw
            # sent on an old view of another phase is STALE like any intent (tester s10: it was
            # WRONG_PHASE, the one intent whose old view was not called stale)
            self.check(seat, intent, commutes=isinstance(decision, DrawPick) and self.log.state.phase is Phase.DRAW)
            old = self.log.state
            events = self.log.submit(decision)  # IllegalMove: nothing appended
            await self.commit(old, events, intent=(seat, intent))
            self.remember(seat, intent)
            await self.decided_by(seat, old.hand_number if old.phase in (Phase.REVIEW, Phase.PLAY) else None,
                                  review=old.phase is Phase.REVIEW)

    async def decided_by(self, seat: Seat, hand: int | None = None, review: bool = False) -> None:
        """``seat``'s person made a decision in the match being played (``hand``: in that hand's review or play;
        None: the opening draw or a nomination, in no hand): their name joins the seat's ``SeatSlot.deciders``
        (stored; the names of another match are dropped first), which the match's result names (:meth:`result`;
        attacker s14 F7), and the hands they decided in are counted (``SeatSlot.decided_hands``, organiser s16
        F4). A store failure is logged: the names are kept in memory and stored with the next change.

        Attacker s16 F5: a ``review`` answer alone (accepting the deal, the computer playing every tile after a
        leave) of a person who sat down after the match's first hand (``SeatSlot.sat_after``) never makes them
        a seat's player: it counts a hand only for someone who decided otherwise already (a person seated from
        the start who answered the first review and left is still named, "Ana (1/7)", organiser s16 F4). When :data:`DECIDERS_KEPT` persons are kept, a new one takes the place of the one who decided
        in the fewest hands (the earliest of equals), so who plays most of the match is never dropped for
        earlier passers-by. Kind: a result naming people by who came first, not by who played."""
        match, slot = self.log.state.match, self.slots[seat]
        if slot.deciders_match != match:
            slot.deciders, slot.deciders_match, slot.decided_hands, slot.decided_last = (), match, (), ()
            slot.decided_program = ()
        name = slot.display_name
        changed = False
        if name not in slot.deciders:
            if review and slot.sat_after is not None:
                return
            if len(slot.deciders) >= DECIDERS_KEPT:
                gone = min(range(len(slot.deciders)), key=lambda j: (slot.decided_hands[j], j))
                slot.deciders = slot.deciders[:gone] + slot.deciders[gone + 1:]
                slot.decided_hands = slot.decided_hands[:gone] + slot.decided_hands[gone + 1:]
                slot.decided_last = slot.decided_last[:gone] + slot.decided_last[gone + 1:]
                slot.decided_program = slot.decided_program[:gone] + slot.decided_program[gone + 1:]
            slot.deciders += (name,)
            slot.decided_hands, slot.decided_last = slot.decided_hands + (0,), slot.decided_last + (0,)
            slot.decided_program += (False,)
            changed = True
        i = slot.deciders.index(name)
        if slot.conn is not None and getattr(slot.conn, "program", False) and not slot.decided_program[i]:
            # league s17 F6: ``doublenine bot --name Ana`` decided here: the result says "Ana (bot)"
            slot.decided_program = slot.decided_program[:i] + (True,) + slot.decided_program[i + 1:]
            changed = True
        if hand is not None and slot.decided_hands[i] >= 0 and slot.decided_last[i] != hand:
            slot.decided_hands = slot.decided_hands[:i] + (slot.decided_hands[i] + 1,) + slot.decided_hands[i + 1:]
            slot.decided_last = slot.decided_last[:i] + (hand,) + slot.decided_last[i + 1:]
            changed = True
        if not changed:
            return
        try:
            await self.save_meta()
        except Exception as exc:
            log_store_failure(log, self.store, "table %s: storing who decided failed: %s", self.code, said(exc),
                              level=logging.WARNING, traceback=False)

    def uncount_undone(self, old: MatchState, played: dict[Seat, tuple[tuple[int, int, int, str], ...]]) -> bool:
        """R27/R28 (session 17 item 4): after an undo or a restart from ``old`` (the state before it; ``played``:
        each seat's ``played_by`` then), the hands each person of a seat's ``deciders`` is counted in
        (``decided_hands``, the result's "Ana (1/4)") lose those that no longer stand: every hand after the one
        gone back into, and that one when none of their moves in it stands (:func:`standing_hands`). True when a
        count changed (the caller stores the seats). Kind: a count kept apart from the log it counts, which the
        log's undo did not reach (the share counted a hand later undone)."""
        new = self.state
        if new.match != old.match:
            return False
        point = here(new)
        changed = False
        for seat, slot in self.slots.items():
            if slot.deciders_match != old.match or not slot.deciders:
                continue
            counts, lasts = list(slot.decided_hands), list(slot.decided_last)
            for i, name in enumerate(slot.deciders):
                if i >= len(counts) or counts[i] < 0:
                    continue
                gone, last = standing_hands(old, seat, played.get(seat, ()), name, slot.display_name, point,
                                            lasts[i] if i < len(lasts) else 0)
                if gone:
                    counts[i], lasts[i] = max(0, counts[i] - gone), last
                    changed = True
            slot.decided_hands, slot.decided_last = tuple(counts), tuple(lasts)
        return changed

    def rewound_players(self) -> bool:
        """R27/R28: after an undo or a restart (its events in the log), every move from the point gone back to is
        made again by whoever plays each seat now (``SeatSlot.rewound``). True when that changed a seat's
        ``played_by`` (the caller stores it, :meth:`store_players`)."""
        at = here(self.state)
        return any([sl.rewound(at) for sl in self.slots.values()])

    async def store_players(self) -> None:
        """Store the seats after a change of who played (:meth:`rewound_players`); a store failure is logged:
        kept in memory and stored with the next change of seats."""
        try:
            await self.save_meta()
        except Exception as exc:
            log_store_failure(log, self.store, "table %s: storing who played failed: %s", self.code, said(exc),
                              level=logging.WARNING, traceback=False)

    def undo_after(self, seat: Seat) -> tuple[int, ...] | None:
        """R27, D1: where ``seat``'s present person began to play it (``SeatSlot.own_from``: (match, hand, moves);
        None: held since the match's start, or nobody holds it): an undo by that person goes back to their own
        plays only, never to the computer's before they sat (``MatchLog.undo_target``; session 16), and to
        every one of theirs, those made again in a hand another player's undo reopened too (session 17)."""
        slot = self.slots[seat]
        return slot.own_from() if slot.claimed else None

    def result_names(self, match: int | None = None, hands: int | None = None) -> tuple[str, str, str, str]:
        """Per seat, as the match's result names it: the persons who made a decision at it in this match
        (:meth:`decided_by`, joined by " / "), else the computer that played it all, by its level
        as data (``"computer:expert"``, :func:`~.storage.base.computer_seat`; each page says it in its reader's
        language, translator s15 F32). Kind: a record crediting a person who
        made no decision (attacker s14 F7: "B: Vandal WAS HERE & West" for a stranger who sat an
        instant mid-hand and left, the computer playing the seat to the end). ``match``: that match's
        (None: the match being played; an earlier one whose deciders the seats no longer keep is the computer's).
        A person who made decisions in fewer of the match's ``hands`` (None: its finished hands now) than all
        is named with how many, "Ana (1/4)" (:func:`decided_share`; organiser s16 F4: "Ana & Carlos" were credited
        with a match they played six seconds of, the computer the other three hands)."""
        match = self.log.state.match if match is None else match
        hands = len(self.log.state.finished) if hands is None else hands
        return tuple(" / ".join(decided_share(n + (PROGRAM_MARK if b else ""), c, hands)
                                for n, c, b in zip(sl.deciders, sl.decided_hands, sl.decided_program))
                     if sl.deciders and sl.deciders_match == match else computer_seat(sl.level)
                     for _, sl in sorted(self.slots.items()))  # type: ignore[return-value]

    submit = decide
    """DESIGN's name for the one step (validate -> apply -> append -> persist -> send)."""

    async def hint(self, conn: Any, seat: Seat, intent: Any) -> None:
        """R25: a suggested decision, computed from this seat's view, to this connection only.

        The answer comes from a background task, so the connection goes on reading (it may
        play before the hint arrives). One computation per (seat, ``seq``), shared by everyone
        asking for it, and keyed by what the seat sees: a private review answer of another seat
        (R10) changes neither the key nor the hint's generator, so neither the answer nor its
        timing tells of it (attacker finding: keyed by log position, it did). Refused
        HINT_PENDING while this connection waits for one, or while its address group has
        :data:`.computer.HINTS_PER_GROUP` waiting (Brain.start_hint: hints enter the computer
        seats' worker threads one at a time, fairly by address group, and a hint whose ``seq``
        is gone before its turn is dropped, unanswered: its asker already has the newer frame).
        Refused RATE_LIMITED (``data: {limit: "hints", retry_ms}``) while
        :data:`.computer.HINTS_WAITING_MAX` hints wait over all groups; a hint that waited
        :attr:`.computer.Brain.hint_max_wait` seconds without its turn is answered the same error.
        """
        async with self.lock:
            self.check(seat, intent)
            view = view_for(self.log.state, seat)
            seq = self.seq
        assert isinstance(view, SeatView)
        if not view.legal_decisions():
            raise Refused(ErrorCode.NOT_YOUR_TURN, "this seat has no decision to make now")
        if getattr(conn, "hinting", False):
            raise Refused(ErrorCode.HINT_PENDING, "a hint for this connection is being computed")
        cached = self._hints.get(seat)
        if cached is None or cached[0] != seq or _ended_unanswered(cached[1]):
            group = getattr(conn, "group", None)
            refusal = self.brain.hint_refusal(group)  # attacker s13 F5: shared fairly by site
            if refusal is not None:
                raise Refused(*refusal)
            rng = hint_rng(self.meta.seed, view)  # the coach re-derives it: reports this very move
            job = self.brain.start_hint(view, self.config.hint_level, rng, group,
                                        lambda: not self.closed and self.seq == seq)
            cached = self._hints[seat] = (seq, job)
        conn.hinting = True
        task = asyncio.get_running_loop().create_task(self._deliver_hint(conn, seq, cached[1], intent, view))
        self._hint_tasks.add(task)
        task.add_done_callback(self._hint_tasks.discard)

    async def _deliver_hint(self, conn: Any, seq: int, job: asyncio.Future[Any], intent: Any,
                            view: SeatView) -> None:
        try:
            decision = await asyncio.shield(job)
            why = None if decision is None else hint_reason(view, decision)  # new user 17: the coach's one line
        except asyncio.CancelledError:
            pass  # dropped: the table moved on (its asker has the newer frame) or closed
        except HintExpired:
            conn.error(ErrorCode.RATE_LIMITED, "the hint waited too long for the computer; ask again later",
                       intent.intent_id, {"limit": "hints", "retry_ms": HINT_RETRY_MS})
        except Exception:
            log_repeated(log, logging.ERROR, "hint failed", "table %s seq %d: hint failed", self.code, seq,
                         exc_info=True)
            conn.error(ErrorCode.INTERNAL, "the hint could not be computed", intent.intent_id)
        else:
            if decision is not None:  # None: its seq was gone when its turn came
                # every documented field is sent: no reason is null, [] and null (tester s10)
                reply: dict[str, Any] = {"type": "hint", "seq": seq, "decision": decision_w(decision),
                                         "reason": None, "pips": (), "instead": None}
                if why is not None:
                    alt, reason = why
                    reply.update(reason=reason.code, pips=tuple(reason.pips)[:2],
                                 instead=(alt.tile.low, alt.tile.high))
                conn.send(pack(reply))
        finally:
            conn.hinting = False

    # ------------------------------------------------------------ seats given up

    def seat_given_up(self, site: Hashable) -> None:
        """A connection of ``site`` gave up its seat (``leave``): that site takes no seat of this table
        for :data:`SEAT_AGAIN_WAIT` seconds. Forgets the sites whose wait is over (bounded: one entry
        per seat given up within the wait)."""
        now = self.seat_clock()
        for old in [k for k, at in self.seats_left.items() if now - at >= SEAT_AGAIN_WAIT]:
            del self.seats_left[old]
        self.seats_left[site] = now

    def seat_again_ms(self, site: Hashable) -> int:
        """Milliseconds before ``site`` may take a seat of this table again (0: now). Attacker s11
        F9: a stranger's join and leave in a loop renamed seat 2 ten times a second on everyone's
        screen; now one name per site every :data:`SEAT_AGAIN_WAIT` seconds."""
        at = self.seats_left.get(site)
        if at is None:
            return 0
        return max(0, math.ceil((at + SEAT_AGAIN_WAIT - self.seat_clock()) * 1000))

    # ------------------------------------------------------------ hand-over (D7)

    def owes(self, seat: Seat) -> bool:
        """D7: the computer has not yet made the decision the table waited for when ``seat`` was
        handed over: ``seq`` is still the one it was handed over at, and a seat the computer plays
        is to act (in the review, whose answers do not move ``seq`` and are private (R10), until
        the review ends). Attacker s11 F1: the player's ``back`` sent the moment the seat was handed
        over cancelled the computer's turn, again and again, and the table never moved."""
        state = self.log.state
        return (self.slots[seat].handed_over and self.handed_at.get(seat) == self.seq
                and (state.phase is Phase.REVIEW or any(self.computer_plays(s) for s in to_act(state))))

    async def give_back(self, seat: Seat) -> bool:
        """Under the lock: D7, the player of handed-over ``seat`` is back (``back``, any intent of
        its connection, ``rejoin``). True: the seat is its player's again (stored); False: the
        computer still :meth:`owes` a decision, the seat comes back in the commit that makes it.
        INTERNAL (the store failed): the seat stays handed over."""
        if self.owes(seat):
            self.returning.add(seat)
            return False
        async with self.changing_meta():
            slot = self.slots[seat]
            slot.handed_over = False
            # session 17: the person plays on from here, the computer's plays while away stay the computer's
            slot.note_player(here(self.state), slot.display_name, slot.display_name)
        self.returning.discard(seat)
        self.handed_at.pop(seat, None)
        return True

    def given_up_for(self, token: str) -> dict[str, int] | None:
        """``{seat, away}`` when ``token`` held a seat given up at a match's end (``SeatSlot.given_up``: ``away``
        the whole seconds its person had been away), else None: ``rejoin``'s ``BAD_TOKEN`` says it
        (``data.given_up``; session 17)."""
        from .seating import token_matches
        for s in SEATS:
            given = self.slots[s].given_up
            if given is not None and token_matches(token, given[0]):
                return {"seat": int(s), "away": given[1]}
        return None

    def gone_at_match_end(self) -> tuple[Seat, ...]:
        """D7 with R28 at MATCH_OVER (organiser s16 F2): the claimed human seats handed over to the computer
        whose person is not connected and has been away at least ``config.hand_over_long`` seconds (180 s,
        D7's long wait; from :attr:`gone_since`: their disconnect, or this process's taking of the table),
        so the seat is given up for them (:meth:`settle_match_end`). Empty before the match is over.

        Never sooner (attacker s16 F1): a player whose link dropped a few seconds at the match's end, handed
        over by another player at once, lost the seat and its name to the first joiner and their window's
        ``rejoin`` was refused BAD_TOKEN; within the grace D7's "the returning player takes it back" holds.
        Kind: a seat given away on a disconnect another player can act on at once."""
        if not self.meta.started or self.log.state.phase is not Phase.MATCH_OVER:
            return ()
        gone_before = time.time() - self.config.hand_over_long
        return tuple(s for s in SEATS if self.slots[s].claimed and self.slots[s].handed_over
                     and self.slots[s].conn is None and self.gone_since[s] <= gone_before)

    def absent_from_result(self, seat: Seat) -> list[int]:
        """D1 with R27/R28 at MATCH_OVER (attacker s16 F8): the other human seats whose person the finished
        (recorded) match's result names but who is not here to consent to reaching into it: a seat given up
        (by ``leave`` or at the match's end, :meth:`settle_match_end`) after someone decided at it in this
        match, or held by a person who sat down only once the match was over (``sat_after`` its last hand),
        so their consent would stand for someone else's. Undo (D6 reopens the last hand), redo and restart
        at MATCH_OVER are refused CONSENT_UNAVAILABLE while one is listed; ``new_match`` keeps the finished
        match and is not concerned. Empty before the match is over. Kind: a seat given up removing the
        consent that protects a finished result."""
        state = self.log.state
        if not self.meta.started or state.phase is not Phase.MATCH_OVER:
            return []
        ended = last_hand(state)
        out = []
        for s in SEATS:
            sl = self.slots[s]
            if s == seat or sl.kind != "human" or sl.deciders_match != state.match or not sl.deciders:
                continue
            if not sl.claimed or (sl.sat_after is not None and sl.sat_after == ended):
                out.append(int(s))
        return out

    def _nameless(self) -> list[SeatSlot]:
        """The human seats nobody holds that still show a person's name (given up with ``leave`` or at a
        match's end)."""
        return [sl for sl in self.slots.values()
                if sl.kind == "human" and not sl.claimed and not sl.waits and (sl.name or sl.next_name)]

    def _settle_seats(self, new_match: bool) -> None:
        """The change :meth:`settle_match_end` makes (under the lock, before the seats are stored)."""
        for seat in self.gone_at_match_end():
            slot = self.slots[seat]
            if slot.token_hash is not None:  # their rejoin is told what happened (session 17)
                slot.given_up = (slot.token_hash, max(0, int(time.time() - self.gone_since[seat])))
            slot.token_hash, slot.handed_over = None, False  # as ``leave``: the seat is free for a newcomer
            slot.note_player(here(self.state), "", slot.display_name)  # the computer plays on (as ``leave``)
            if seat == self.meta.creator_seat:  # D9: whoever takes this seat next did not set the seed
                self.meta.creator_seat, self.meta.creator_hash = None, None
            self.returning.discard(seat)
            self.back_asked.discard(seat)
            self.handed_at.pop(seat, None)
        if new_match:
            for slot in self._nameless():
                slot.name, slot.next_name = "", ""  # "computer, free seat": nobody's name in a match nobody played

    async def settle_match_end(self, new_match: bool = False) -> bool:
        """Under the lock (organiser s16 F2, F5, F6): a match's end is where nothing is undone by a new match,
        so the seats nobody holds for the next one stop standing for someone:

        - at MATCH_OVER, a seat handed over to the computer (D7) whose person is not connected
          (:meth:`gone_at_match_end`: away ``config.hand_over_long`` seconds at least, attacker s16 F1) is given up as by
          ``leave``: its token is void (the person's ``rejoin`` is refused ``BAD_TOKEN``; a ``join`` takes a
          free seat), a newcomer may ``join`` it and the computer plays it in the next match meanwhile
          ("computer, free seat");
        - ``new_match`` (the commit that started one): a human seat nobody holds (given up) loses its last
          person's name and shows its default name as a free seat: the match just over keeps it to its end
          (it was partly theirs), the next one, which nobody played at that seat, never shows it, so the room's
          screen does not show a person who left at a table they no longer play at, nor at two tables (F5a,
          F6).

        The matches' results name who decided at each seat (``SeatSlot.deciders``). True when a seat changed
        (the caller sends the ``table`` frame). A store failure is logged and the seats are put back: the next
        commit or change of seats tries again."""
        if not self.gone_at_match_end() and not (new_match and self._nameless()):
            return False
        before = self.meta.record()
        self._settle_seats(new_match)
        try:
            await self.save_meta()
        except Exception:
            self._restore_meta(before)
            log_store_failure(log, self.store, "table %s: storing the seats at the match's end failed", self.code)
            return False
        return True

    def give_up_due(self) -> float | None:
        """Unix seconds when the first seat of :meth:`gone_at_match_end` is due to be given up (its person's
        :attr:`gone_since` plus ``config.hand_over_long``), None when no seat waits for it: the match is not
        over, or no claimed seat handed over to the computer is without its connection."""
        if self.closed or self.moved or not self.meta.started or self.log.state.phase is not Phase.MATCH_OVER:
            return None
        return min((self.gone_since[s] + self.config.hand_over_long for s in SEATS
                    if self.slots[s].claimed and self.slots[s].handed_over and self.slots[s].conn is None),
                   default=None)

    def watch_give_up(self) -> None:
        """Keep the table's give-up timer on :meth:`give_up_due` (D7 with R28, session 17: a seat away
        ``config.hand_over_long`` at a match's end was given up only by the next change of seats or commit,
        so the table, the page and the lists showed it held, its person's name on it, until someone acted):
        armed for the first seat due, moved when that changes, cancelled when none is (its person is back:
        :meth:`bind`; a new match began; the table closed or moved). Called by every change of the table
        (:meth:`rearm`, :meth:`broadcast_table`), and so at a restart's resume: there the wait counts from
        this process's taking of the table (:attr:`gone_since`), and the stored seats stay the person's until
        then. Kind: a deadline checked only when something else happens."""
        due = self.give_up_due()
        if due is not None:
            due = max(due, self._give_up_not_before)
        if due == self._give_up_at and (due is None or self._give_up is not None or self._give_up_task is not None):
            return
        if self._give_up is not None:
            self._give_up.cancel()
        self._give_up, self._give_up_at = None, due
        if due is not None and self._give_up_task is None:
            self._give_up = asyncio.get_running_loop().call_later(max(0.0, due - time.time()), self._give_up_fired)

    def _give_up_fired(self) -> None:
        self._give_up = None
        if self.closed or self.moved:
            return
        self._give_up_task = asyncio.get_running_loop().create_task(self._give_up_now())

    async def _give_up_now(self) -> None:
        """The give-up timer's work (:meth:`watch_give_up`): under the lock, the seats due are given up and
        stored (:meth:`settle_match_end`) and the table told (its ``table`` frame: ``claimed`` false, the
        computer plays a free seat). A store that fails leaves them held (put back, logged) and is asked again
        after :data:`GIVE_UP_RETRY` s."""
        try:
            async with self.lock:
                if self.closed or self.moved:
                    return
                due = self.gone_at_match_end()
                if not due:
                    return
                if await self.settle_match_end():
                    log.info("table %s: seat(s) %s given up, away %g s at the match's end", self.code,
                             ",".join(str(int(s)) for s in due), self.config.hand_over_long)
                    self.broadcast_table()
                    self.rearm()
                else:
                    self._give_up_not_before = time.time() + GIVE_UP_RETRY
        finally:
            if self._give_up_task is asyncio.current_task():
                self._give_up_task = None
                self._give_up_at = None
                if not self.closed:
                    self.watch_give_up()

    async def _give_back_owed(self) -> bool:
        """After a commit: give back the :attr:`returning` seats the computer owes nothing any more.
        True if one came back. A store failure leaves the seat to the next commit."""
        changed = False
        for seat in sorted(self.returning):
            if not self.slots[seat].handed_over:
                self.returning.discard(seat)  # it left, or came back another way
                continue
            if self.owes(seat):
                continue
            with contextlib.suppress(RuleError):
                changed = await self.give_back(seat) or changed
        return changed

    # ------------------------------------------------------------ requests (consent.py)

    def close_request(self, outcome: str, seat: Seat | None = None, detail: str = "") -> None:
        """End the open request and announce how (D1/D7)."""
        r = self.request
        if r is None:
            return
        self.request = None
        if r.action == "hand_over" and r.target is not None:
            self.back_asked.discard(r.target)
        self.cooldown.ended(r, outcome, seat)
        msg: dict[str, Any] = {"type": "request_closed", "request_id": r.id, "action": r.action,
                               "outcome": outcome, "seat": None if seat is None else int(seat), "detail": detail}
        self.send_all(pack(msg))

    # ------------------------------------------------------------ computer seats

    def _bot_pick(self) -> tuple[Seat, int] | None:
        """The computer turn due now: (seat, ``seq``), or None. Keyed by ``seq``, not log position:
        another seat's private review answer (R10) leaves the turn due as it was.

        None while no connection is attached (no seat, no spectator, no web page watching): the
        computers of a table nobody follows wait until someone attaches (``actions._welcome`` re-arms),
        as the table waits for a disconnected human (D7, R29: nothing moves by the clock). Attacker
        s10 F3: tables of four computers created and left at once each played a whole match for
        nobody, taking the worker threads from every table that has players.

        None too while the table is of computers only (:meth:`computers_only`) and its site plays as
        many such tables as it may (:attr:`playing`, ``max_playing_per_site``): it waits for one of
        them to stop. Every change of who follows the table or who decides for its seats comes
        through here (``rearm``), so the table takes and gives back its place here."""
        followed = not self.closed and self.meta.started and bool(self.subscribers)
        if self.playing is not None:
            if followed and self.computers_only():
                if not self.playing.admit(self):
                    return None
            else:
                self.playing.release(self)
        if not followed or self.paused:
            return None
        for seat in sorted(to_act(self.log.state)):
            if self.computer_plays(seat):
                return seat, self.seq
        return None

    def rearm(self, keep_due: bool = False) -> None:
        """Cancel the pending computer turn and start the one now due, if any (R26, R27).

        ``keep_due`` (a commit that left ``seq`` where it was: a private review answer): a turn
        still due (the same seat at the same ``seq``) goes on where it was. Restarted, its
        ``bot_delay`` began again, and so the public end of the review came later by when another
        seat had answered privately (attacker finding F3, same kind)."""
        self.watch_give_up()  # every change comes through here, a disconnect and a resume included
        current = asyncio.current_task()
        pick = self._bot_pick()
        if self._bot is not None and self._bot is not current:
            if self._bot_committing:
                return  # that turn is applying its move; it re-arms when done
            if keep_due and pick is not None and pick == self._bot_for and not self._bot.done():
                return
            self._bot.cancel()
        self._bot = None
        if pick is not None:
            self._bot = asyncio.get_running_loop().create_task(self._bot_turn(*pick))
            self._bot_for = pick

    async def _bot_turn(self, seat: Seat, seq: int) -> None:
        try:
            await self._bot_move(seat, seq)
        except RuleError as exc:  # e.g. the store failed: the computer tries again on the next change
            if exc.code is ErrorCode.TABLE_MOVING:
                return  # issue 12: the table was dropped; the registry logged it once
            # retried on the next change or a second later while the store fails: one line a minute, repeats=N
            log_repeated(log, logging.ERROR, f"computer move refused\x00{exc.code}",
                         "table %s seat %d seq %d: computer move refused: %s", self.code, seat, self.seq, exc)
        except Exception:
            log_repeated(log, logging.ERROR, "computer turn failed", "table %s seat %d seq %d: computer turn failed",
                         self.code, seat, self.seq, exc_info=True)
            raise
        finally:
            if self._bot is asyncio.current_task():
                self._bot = None
                if self._bot_pick() != (seat, seq):  # moved, or stale: the turn now due
                    self.rearm()

    async def _bot_move(self, seat: Seat, seq: int) -> None:
        """One computer decision. The view is built under the lock, so it never reads a log
        that another action is still storing; a pick that went stale meanwhile does nothing. Its
        generator is the log position's when the view is built (R24)."""
        if self._store_failed:  # do not hammer a failing store
            self._store_failed = False
            await asyncio.sleep(1.0)
        if self.config.bot_delay > 0:
            await asyncio.sleep(self.config.bot_delay)
        async with self.lock:
            if self._bot_pick() != (seat, seq):
                return
            view = view_for(self.log.state, seat)
            position = self.log.size
        assert isinstance(view, SeatView)
        if not view.legal_decisions():  # cannot happen under the lock; never ask the brain for nothing
            return
        rng = decision_rng(self.meta.seed, position)
        thinking = time.perf_counter()
        decision = await self.brain.choose(view, self.slots[seat].level, rng, self.turn_group)
        if self.metrics is not None:  # issue 7: /metrics
            self.metrics.computer_seconds.observe(time.perf_counter() - thinking)
        self._bot_committing = True
        try:
            async with self.lock:
                if self._bot_pick() != (seat, seq):  # another seat's private answer meanwhile
                    return  # leaves this seat's view, and so its decision, as it was (R10)
                old = self.log.state
                try:
                    events = self.log.submit(decision)
                except IllegalMove:
                    log_repeated(log, logging.ERROR, "computer chose illegal",
                                 "table %s seat %d: computer chose illegal %r", self.code, seat, decision)
                    events = self.log.submit(legal_decisions(old, seat)[0])
                await self.commit(old, events)
                if self.metrics is not None:
                    self.metrics.moves.labels(kind=decision_w(decision)["kind"]).inc()
        finally:
            self._bot_committing = False

    async def close(self) -> None:
        """Stop the table: no more computer turns, no idle timer; waits for the action in progress."""
        self.closed = True
        if self.playing is not None:
            self.playing.release(self)  # its site's waiting table plays in its place
        self.coach_desk.close()
        self._cancel_hints()
        if self._idle is not None:
            self._idle.cancel()
            self._idle = None
        if self._notice is not None:
            self._notice.cancel()
            self._notice = None
        if self._give_up is not None:
            self._give_up.cancel()
            self._give_up = None
        if self._give_up_task is not None and self._give_up_task is not asyncio.current_task():
            self._give_up_task.cancel()
        if self._doubt is not None:  # what the store holds is what a later load serves
            self._doubt.cancel()
        for task in list(self._record_tasks):
            task.cancel()
        if self._bot is not None and self._bot is not asyncio.current_task() and not self._bot_committing:
            self._bot.cancel()
        self._bot = None
        async with self.lock:  # an action already under way finishes storing and sending
            pass
