"""The server's tables and connections: create, find by code, resume, close when idle.

Table codes are short and easy to read out (the invite alphabet: no 0/O, 1/I/L
or U). A table with no connection for ``idle_timeout`` seconds (``solo_idle_timeout``
for a solo table: one person with computers, ``Table.is_solo``) is closed and freed;
its log stays stored, and a seat token's ``rejoin`` opens it again while its match is
not over.

Issue 12: a table is served by one live process at a time, decided by the store
(:mod:`.storage.ownership`): this process claims a table before it loads or creates
it, asks the holder to hand it over when another live process has it (the client
gets TABLE_MOVING if that takes too long, and retries), hands its own tables over
when asked, and drops every table at once (close 4003) if it loses its claims. A process
stopping cleanly leaves its tables open in the store and a live process adopts them
(:meth:`Registry._orphaned`): a table stays resumable by its players, and nothing lists or counts
as open a table that no process serves (scale-down).
"""
from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections import Counter
from dataclasses import replace
from typing import Any

from doublenine.shared.cleantext import said, typed
from doublenine.shared.codec import decode_meta
from doublenine.shared.errors import ErrorCode
from doublenine.shared.protocol import pack
from doublenine.shared.tablecode import CODE_ALPHABET, CODE_LENGTH, clean_code
from doublenine.shared.seats import SEATS, Seat
from doublenine.shared.state import Phase

from .addresses import MissLimiter, creator_key, site_key
from .computer import Brain
from .config import ServerConfig
from .logfmt import Repeats, log_repeated
from .metrics import ServerMetrics
from .moving import HANDOVER_BURST, HANDOVER_RATE, TableMoves
from .moving import MAX_PENDING_ADOPTIONS  # noqa: F401 - read from here too (tests/storage/test_hostile_notify.py)
from .lookup import ALL_MISSES, SITE_MISSES, KnownCodes
from .names import distinct_names, own_name, table_name
from .playing import PlayingAllowance
from .readbudget import ReadBudget
from .resuming import RESUME_BEFORE_LISTEN, TableResumes, named_codes
from .storage.base import TooManyOpen
from .storage.metered import MeteredStore, log_store_failure
from .storage.ownership import ownership_for
from .seating import SeatSlot, TableMeta, seat_name, token_matches
from .storedlog import StoredLog, read_log_off_loop
from .table import PAST_KEPT, ClaimsUnavailable, Refused, Table, store_unavailable

log = logging.getLogger("doublenine.server")

MAX_CODE = 32
"""Longest code looked up at all (longer ones are UNKNOWN_TABLE at once: no store, no lock)."""
HANDOVER_WAIT = 3.0
"""Seconds a join waits for another process to hand a table over before TABLE_MOVING."""


UNREADABLE_KEPT = 1024
"""Codes of unreadable stored tables remembered as logged already (more: the oldest is forgotten, and
logged again if looked up again)."""



NAME_EVENING = 12 * 3600.0
"""Seconds a table's name stays taken after its last finished match (an evening: organiser s16)."""
NAME_RESULTS_READ = 1000
"""Most finished matches of the last :data:`NAME_EVENING` a create reads the names of (the newest)."""
NAMES_FRESH = 10.0
"""Seconds the evening's names read from the store serve every create of this process (attacker s17 F8: each
``create_table`` with a name read up to :data:`NAME_RESULTS_READ` results, refused creates too: three addresses
at their table limit made every create 3 s and /results 25 times slower). One read at a time; a name taken on
another process within these seconds is caught by its open table's name once it is listed here."""


def _of_an_earlier_evening(table: Any, now: float) -> bool:
    """An open table whose match is over (R18) and ended more than :data:`NAME_EVENING` seconds before ``now`` (its
    last event's time): last week's finished table, still open because a restart resumed it (or a window stayed
    at it). Its name does not count against a new table's (league s17 F1: last Monday's "Mesa 1", resumed at this
    Monday's start, made this week's table "Mesa 1 2" in the results). Kind: a name counted as taken by a table of
    another evening because it was loaded, not because it is tonight's."""
    if not table.is_finished() or not table.log.events:
        return False
    return now - table.log.events[-1].at > NAME_EVENING


def creation_names(spec: Any) -> dict[int, str]:
    """The cleaned names a ``CreateTable`` gives seats 1..4 (docs/protocol.md "Names"), before they
    are made distinct: ``seats[i].name``, and for the creator's seat ``sit`` its top-level ``name``
    when that gives a name (not left out, not blank once cleaned, not a name only the window gives:
    :func:`.names.own_name`), else ``seats[sit - 1].name`` (protodoc s12: the seat's own name was
    ignored, so a creator who named only its seat got ``South``)."""
    out = {s: seat_name(spec.seats[s - 1].name) for s in SEATS}
    if spec.sit is not None:
        own = seat_name(spec.name)
        if own_name(own):
            out[spec.sit] = own
    return out

class Unreadable(Exception):
    """A stored table whose record or log does not decode (a row that is not an event, a gap in its
    seqs, a record that is not a table's): it cannot be served until the store is mended."""

    def __init__(self, code: str, cause: BaseException) -> None:
        super().__init__(f"table {code}: {typed(cause)}")
        self.code = code


def _meta_of(stored: Any) -> TableMeta:
    """The stored table's record decoded; :class:`Unreadable` if it is not one."""
    try:
        return TableMeta.from_record(decode_meta(stored.meta), stored.code)
    except Exception as exc:  # CodecError, KeyError, TypeError, ValueError...: whatever the bytes hold
        raise Unreadable(stored.code, exc) from None


async def _log_of(stored: Any, meta: TableMeta) -> StoredLog:
    """The stored table's log read off the loop; :class:`Unreadable` if a row does not decode or the
    seqs have a gap."""
    try:
        return await read_log_off_loop(meta.seed, stored.rows, PAST_KEPT)
    except Exception as exc:
        raise Unreadable(stored.code, exc) from None


def _holds_a_seat(meta: TableMeta, token: str) -> bool:
    """D7: ``token`` holds a seat of the table whose record is ``meta``."""
    return any(token_matches(token, slot.token_hash) for slot in meta.slots.values())


def _theirs(refusal: Refused, token: str | None, routed: bool) -> bool:
    """Whether ``refusal``, of a load shared with the caller that started it, was decided by that
    caller and not by the table (attacker F1 kind): TOO_MANY_TABLES counted its address group (and
    names it), UNKNOWN_TABLE of a closed table followed from its seat token, which a caller with
    its own ``token`` does not share (without one, a closed table is unknown to it too), and
    WRONG_ROUTE from its connection's path, which a ``routed`` caller does not share."""
    return refusal.code is ErrorCode.TOO_MANY_TABLES or (refusal.code is ErrorCode.UNKNOWN_TABLE
                                                         and token is not None) \
        or (refusal.code is ErrorCode.WRONG_ROUTE and routed)


def _moved_meanwhile(code: str) -> Refused:
    """TABLE_MOVING for a table whose claim was given up or lost while it was loaded: this process
    does not serve it (another may, or will once the player's client retries)."""
    return Refused(ErrorCode.TABLE_MOVING, f"table {code} moved to another server process while it was loaded;"
                   " try again", {"retry_ms": 500})


def _too_many(address: str, have: int) -> Refused:
    """TOO_MANY_TABLES for ``address``'s group, which has ``have`` open tables."""
    return Refused(ErrorCode.TOO_MANY_TABLES, f"{address} has {have} open tables")


class Registry(TableMoves, TableResumes):
    """Every open table and every live connection of one server process."""

    def __init__(self, config: ServerConfig, store: Any, brain: Brain) -> None:
        self.stopping = False
        """The process is stopping: every frame is refused SHUTTING_DOWN, nothing more is done."""
        self.config = config
        self.store = store
        self.brain = brain
        self.tables: dict[str, Table] = {}
        self.connections: set[Any] = set()
        self.per_address: Counter[str] = Counter()
        """Open connections per client address group (issue 7 limit; IPv6 by /64, issue 12)."""
        self.limit_lines = Repeats()
        """Which ``limit`` lines are said (``connection.note_limit``: one a minute per limit and site)."""
        self.reads = ReadBudget(config.read_rate, config.read_bytes, held_max=config.max_read_held)
        """Frames and bytes read per address group (``ServerConfig.read_rate``, ``read_bytes``): a group
        in debt is not read (``connection.handle``)."""
        shared = store if hasattr(store, "take_budget") else None  # PostgreSQL: one bucket for every process
        self.misses = MissLimiter(config.code_miss_rate, config.code_miss_burst,
                                  processes=lambda: getattr(self.ownership, "processes", 1),
                                  shared=shared, kind="code_misses")
        """Table-code lookups that found nothing, per address group (issue 12 case 7): on PostgreSQL
        one bucket in the store for every process, else (or while it does not answer) this
        process's share of the budget."""
        self.site_misses = MissLimiter(config.code_miss_rate * SITE_MISSES, config.code_miss_burst * SITE_MISSES,
                                       processes=lambda: getattr(self.ownership, "processes", 1),
                                       shared=shared, kind="code_misses_site")
        """The same per IPv6 /48, over all its /64s (``lookup.SITE_MISSES`` groups' worth; attacker s11 F7)."""
        self.all_misses = MissLimiter(config.code_miss_rate * ALL_MISSES, config.code_miss_burst * ALL_MISSES,
                                      max_groups=1, processes=lambda: getattr(self.ownership, "processes", 1),
                                      shared=shared, kind="code_misses_all")
        """The same over all groups, one bucket (key ``lookup.ALL``, ``lookup.ALL_MISSES`` groups' worth):
        every miss counts; a lookup of a code in :attr:`known_codes` or with a seat's token is never
        refused by it (``lookup.look_up``)."""
        self.known_codes = KnownCodes()
        """(address group, code) of the most recent 10,000 lookups that found their table and
        tables created, in this process."""
        self.pages = MissLimiter(config.page_rate, config.page_burst,
                                 processes=lambda: getattr(self.ownership, "processes", 1),
                                 shared=shared, kind="pages")
        """Web page requests per address group (``/`` and ``/t/CODE``), counted like :attr:`misses`."""
        self.handovers = MissLimiter(HANDOVER_RATE, HANDOVER_BURST,
                                     processes=lambda: getattr(self.ownership, "processes", 1),
                                     shared=shared, kind="handovers")
        """Hand-overs asked of a live owner, one bucket per table code (:data:`HANDOVER_BURST`,
        :data:`HANDOVER_RATE`), shared by every process on PostgreSQL like :attr:`misses`."""
        self.playing = PlayingAllowance(config.max_playing_per_site)
        """Tables of computers only each site keeps playing (``max_playing_per_site``, :mod:`.playing`)."""
        self._closing: set[asyncio.Task[None]] = set()
        self.metrics = ServerMetrics()
        """``GET /metrics`` (issue 7): connections and tables are read live."""
        self.metrics.connections.set_function(lambda: len(self.connections))
        self.metrics.tables.set_function(lambda: len(self.tables))
        self.metrics.read_held.set_function(lambda: float(self.reads.held))
        self.metrics.tables_without_lock.set_function(lambda: self.without_lock())
        self.store = MeteredStore(store, self.metrics.store_seconds)
        self.store.on_failed = lambda kind: self.metrics.store_failed_writes.labels(kind=kind).inc()
        self.store.on_in_doubt = self.metrics.store_in_doubt.inc
        self.metrics.watch_pool(getattr(store, "pool_sizes", lambda: (0, 0, 0)))
        self.metrics.awaiting_adoption.set_function(lambda: len(self._adoptions) + len(self._adopting))
        self.ownership = ownership_for(store)
        """Which tables this process may serve (issue 12): claim, ask, release."""
        self.metrics.watch_store(lambda: self.store.failing, self.store.seconds_since_success,
                                 lambda: bool(self.ownership.healthy))
        self._loading: dict[str, asyncio.Task[Table]] = {}
        """Tables being claimed and loaded, so concurrent joins of one code share the work."""
        self._new_codes: set[str] = set()
        """Codes picked by a create still claiming them (never picked twice at once)."""
        self._unreadable: dict[str, None] = {}
        """Codes of stored tables that do not decode, logged already (:meth:`_unreadable_said`)."""
        self._creating: set[asyncio.Future[None]] = set()
        self._evening_names: tuple[float, list[str]] = (-NAMES_FRESH, [])
        """(when read, names): the names of listed tables' matches of the evening (:meth:`_taken_table_names`)."""
        self._names_read = asyncio.Lock()
        """One future per create under way, done when it returns: :meth:`shutdown` waits for them."""
        TableMoves.__init__(self, store)
        TableResumes.__init__(self)

    async def start(self) -> int:
        """Connect the ownership (``OSError`` if it cannot), then resume the stored tables: the first
        :data:`.resuming.RESUME_BEFORE_LISTEN` here, the others in the background once the caller listens
        (s15: 3,000 stored tables kept the port closed ~10 s). How many were resumed here."""
        await self.ownership.start(self._asked_for, self._lost_all, self._orphaned, self._gone)
        return await self.resume(RESUME_BEFORE_LISTEN)

    def new_code(self) -> str:
        """A fresh, unused, readable table code (not open here, not being loaded or created here)."""
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if code not in self.tables and code not in self._loading and code not in self._new_codes:
                return code

    def find(self, code: str) -> Table:
        """The open table with ``code``; UNKNOWN_TABLE otherwise."""
        table = self.tables.get(clean_code(code))
        if table is None:
            raise Refused(ErrorCode.UNKNOWN_TABLE, f"no open table {code!r}")
        return table

    async def find_or_load(self, code: str, token: str | None = None, address: str | None = None,
                           limited: bool = True, routed: bool = True, claim: bool = True) -> Table:
        """Like :meth:`find`, but a table open in the store and not held here is claimed and
        loaded (issue 12): with PostgreSQL shared by several processes, whichever process the
        client reaches takes the table over, from a dead process at once, from a live one by
        asking it to hand the table over (TABLE_MOVING if it has not within HANDOVER_WAIT).

        ``token`` (a ``rejoin``): a table closed for idleness whose match is not over is opened
        again for a valid seat token (D7: the game waits for its players); any other closed
        table stays UNKNOWN_TABLE. A table reopened counts as an open table of ``address``'s
        group, like one it created (TOO_MANY_TABLES when ``limited`` and it has the most already).

        Concurrent lookups of one code share one load; a rejoin that shared another's and was
        refused for a reason of the other's (its token, its address group's tables) loads again
        with its own, so each rejoin is counted against its own group, atomically in the store.

        ``routed``: the lookup came on a connection whose path names this code (``/t/CODE``, the path
        nginx routes by), so this is the process the code is sent to. Only such a lookup may ask a
        live owner to hand the table over (at most :data:`HANDOVER_BURST` at once, then
        :data:`HANDOVER_RATE` a second per table, else TABLE_MOVING with ``retry_ms``); any other is
        served only a table held here or claimed free (a dead or stopped owner), else refused
        WRONG_ROUTE (``data.path``): a stranger's lookup never takes a table from its players.

        ``claim`` False (a page view, operator s17 F7: a plain GET of ``/t/CODE`` handed the table over and
        dropped its players, 4003): only a table held here (or loading here for another caller) is
        returned; a code the store holds open elsewhere is refused ``TABLE_MOVING`` without any claim or
        hand-over, and one it does not hold open ``UNKNOWN_TABLE`` (a miss, as ever). ``OSError`` when the
        store does not answer."""
        code = clean_code(code)
        if code not in self.tables and (not code or len(code) > MAX_CODE or not code.isascii()
                                        or not code.isalnum()):
            return self.find(code)
        while True:
            table = self.tables.get(code)
            if table is not None:
                return table
            loading = self._loading.get(code)
            if not claim and (loading is None or loading.done()):  # a page view: read, never claim (F7)
                stored = await self.store.load(code, rows=False)
                if stored is None or stored.closed:
                    raise Refused(ErrorCode.UNKNOWN_TABLE, f"no open table {code}")
                raise Refused(ErrorCode.TABLE_MOVING, f"table {code} is served by another server process",
                              {"retry_ms": 1000})
            if loading is None or loading.done():  # its own task: a join that goes away does not cancel the others' load
                if self.stopping:  # a /t/CODE page meanwhile: nothing is loaded once shutdown began
                    raise Refused(ErrorCode.SHUTTING_DOWN, "the server is stopping; reconnect", {"retry_ms": 1000})
                loading = asyncio.get_running_loop().create_task(
                    self._claim_and_load(code, token, address, limited, routed))
                self._loading[code] = loading
                loading.add_done_callback(self._loaded)
                return await asyncio.shield(loading)
            try:  # another join's load of this code (or an adoption): its table serves every join once open ...
                return await asyncio.shield(loading)
            except Refused as exc:  # ... but its refusal may have been the other caller's own
                if not (_theirs(exc, token, routed) or loading in self._adopting or loading in self._background):
                    raise

    def _loaded(self, done: asyncio.Task[Table]) -> None:
        self._adopting.discard(done)
        for code, task in list(self._loading.items()):
            if task is done:
                del self._loading[code]
        if not done.cancelled():
            done.exception()  # retrieved: every join that waited for it got it already

    async def _claim_and_load(self, code: str, token: str | None, address: str | None = None,
                              limited: bool = True, routed: bool = True) -> Table:
        try:
            held = await self.ownership.claim(code) or await self._ask(code, routed)
        except OSError as exc:
            raise ClaimsUnavailable(exc) from None
        if not held:
            raise Refused(ErrorCode.TABLE_MOVING, f"table {code} is being handed over by another server "
                          "process; try again", {"retry_ms": 500})
        try:
            async with self._claim_kept_if_served(code):
                return await self._load_claimed(code, token, address, limited)
        except OSError as exc:  # the store failed (locked, gone): a refusal, never the connection's end (s10 F7)
            log_store_failure(log, self.store, "table %s: reading it from the store failed: %s", code, said(exc),
                              level=logging.WARNING, traceback=False)
            raise store_unavailable(f"table {code} could not be read") from None

    def _unreadable_said(self, exc: Unreadable) -> None:
        """Log an unreadable stored table once (per :data:`UNREADABLE_KEPT` codes), not at each lookup."""
        if exc.code in self._unreadable:
            return
        if len(self._unreadable) >= UNREADABLE_KEPT:
            self._unreadable.pop(next(iter(self._unreadable)))
        self._unreadable[exc.code] = None
        log.error("%s; it is refused UNKNOWN_TABLE until the store is mended (said once)", exc)

    async def _ask(self, code: str, routed: bool) -> bool:
        """A live process holds ``code``: ask it to hand the table over (True once held here), if
        this lookup may (``routed``, and the table's hand-over bucket has a token); else refused."""
        if not routed:
            raise Refused(ErrorCode.WRONG_ROUTE, f"table {code} is served by another server process: "
                          f"connect to /t/{code}", {"path": f"/t/{code}"})
        grant = await self.handovers.reserve(code, time.monotonic())
        if not grant.taken:
            log_repeated(log, logging.INFO, "hand-over not asked", "table %s: hand-over not asked, it moved too often "
                         "(next in %.0f s)", code, grant.wait)
            raise Refused(ErrorCode.TABLE_MOVING, f"table {code} moved too often; try again",
                          {"retry_ms": int(grant.wait * 1000) + 1})
        return bool(await self.ownership.ask(code, HANDOVER_WAIT))

    async def _load_claimed(self, code: str, token: str | None, address: str | None, limited: bool) -> Table:
        """Load and serve the claimed ``code`` (a lookup's or an adoption's): the table, or a refusal.
        A stored table that does not decode (:class:`Unreadable`) is logged once and refused
        UNKNOWN_TABLE, a final answer (attacker s11 F3: each lookup of it was a server fault, INTERNAL,
        close 1011 and a traceback, and its player's client retried for 10 minutes)."""
        try:
            return await self._load_stored(code, token, address, limited)
        except Unreadable as exc:
            self._unreadable_said(exc)
            raise Refused(ErrorCode.UNKNOWN_TABLE, f"table {code} cannot be read from the store") from None

    async def _load_stored(self, code: str, token: str | None, address: str | None, limited: bool) -> Table:
        # After the claim, take before load: a former owner's record writes are refused from
        # here on (the epoch fence), and what it wrote before is in what we load.
        await self.store.take(code)
        stored = await self.store.load(code, rows=False)  # a stranger's lookup of a closed table reads no log
        if stored is None:
            return await self._served_instead(code)
        if stored.closed and (token is None or not _holds_a_seat(_meta_of(stored), token)):
            return await self._served_instead(code)
        stored = await self.store.load(code)  # claimed: nobody else wrote it meanwhile
        if stored is None:
            return await self._served_instead(code)
        read: StoredLog | None = None
        if stored.closed:
            read = await _log_of(stored, _meta_of(stored))
            if read.log.state.phase is Phase.MATCH_OVER:  # D7: only a match not over waits for its players
                return await self._served_instead(code)
            made_by = None if address is None else creator_key(address)
            # a closed table counts again once reopened: counted and reopened in one atomic step
            # of the store (attacker F1: concurrent rejoins all passed a count made first)
            try:
                await self.store.reopen_table(code, made_by, self._table_limit(limited))
            except TooManyOpen as exc:
                raise _too_many(str(address), exc.have) from None
            epoch = await self.store.take(code)
            stored = replace(stored, epoch=stored.epoch if epoch is None else epoch)
            log.info("table %s reopened for a returning player", code)
        table = await self._serve_stored(stored, read)
        self.check_rollback(code, stored.rows[-1][0] + 1 if stored.rows else 0)
        if not stored.closed:
            log.info("table %s taken over from the store", code)
        return table

    async def _served_instead(self, code: str) -> Table:
        """Nothing to load for the claimed ``code``: the table :meth:`find` gives (UNKNOWN_TABLE if
        none, the caller releasing the claim), and the claim of ``code`` released if that table is
        under another code, whose own claim serves it (kind: every lock taken is released on every
        path; a variant such as ``k7-qpa`` kept its own lock until a restart, attacker F2)."""
        table = self.find(code)
        if table.code != code:
            await self.ownership.release(code)
        return table

    async def _serve_stored(self, stored: Any, read: StoredLog | None = None) -> Table:
        """Serve the table ``stored`` (claimed by the caller): its chat read, its due shuffle and
        its listing stored, then registered, its computers let act and its idle timer started.
        Registered only once every step worked: if one raises (a store error, a record that does
        not decode, a cancel), nothing is registered and the error goes to the caller, which
        releases its claim (kind: a claim taken and a later step that raised before the table
        was served, so a table nobody served stayed held by this process)."""
        table = await self._table_of(stored, read)
        try:
            await table.load_chat()
            await table.load_players()  # organiser s16 F10: who played its kept earlier matches
            await table.flush_unstored()
            await table.save_listing()
            await table.save_result()  # a finished match resumed: recorded again, unchanged
            await table.forget_cut()  # a match in play resumed is no longer "not finished" (attacker s17 F7)
        except BaseException:
            await table.close()  # nothing started yet: no computer turn, no timer
            raise
        if not self.holds(table.code):  # its claim given up or lost while it loaded (operator s15 F1)
            await table.close()
            raise _moved_meanwhile(table.code)
        self.tables[table.code] = table
        self.metrics.tables_resumed.inc()
        table.watch_idle()  # nobody is connected yet: it closes if nobody comes
        table.rearm()
        return table

    async def _table_of(self, stored: Any, read: StoredLog | None = None) -> Table:
        """The :class:`Table` of the stored row ``stored``, not registered (:class:`Unreadable` for a
        record or log that does not decode: :func:`_meta_of`, :func:`_log_of`). Its log is read in a worker
        thread (:func:`.storedlog.read_log_off_loop`; ``read``: already read), never on the event
        loop: whatever the table's history, the loop only takes its current match (attacker s11 F4)."""
        meta = _meta_of(stored)
        if read is None:
            read = await _log_of(stored, meta)
        table = self._new_table(meta, None, read)
        table.epoch = stored.epoch
        table.listed_in_store = stored.listing
        table.restore_stored_intents(read.intents)  # DUPLICATE survives a restart
        return table

    async def create(self, spec: Any, address: str, *, limited: bool = True) -> Table:
        """A new table from a ``CreateTable`` message, stored before anyone joins.

        ``limited``: whether ``address`` is held to ``max_tables_per_address`` (TOO_MANY_TABLES);
        False for the embedded server's own player (ServerConfig.own_player_unlimited). The store
        counts and inserts in one atomic step (attacker F1), the one count made: a count before it
        only read the address's tables twice and could never hold against concurrent creates."""
        under_way = asyncio.get_running_loop().create_future()
        self._creating.add(under_way)
        try:
            return await self._create(spec, address, limited)
        finally:
            self._creating.discard(under_way)
            under_way.set_result(None)

    async def _create(self, spec: Any, address: str, limited: bool) -> Table:
        made_by = creator_key(address)  # counted in the store: the tables of every process (issue 12)
        if spec.sit is not None and spec.seats[spec.sit - 1].kind != "human":
            raise Refused(ErrorCode.BAD_TABLE, f"seat {spec.sit} is a computer seat")
        full = self.playing.full(site_key(address))  # four computers start playing for their creator at
        # once: TOO_MANY_TABLES (data.limit "playing_per_site"), version 2's own code for "close one first"
        if full is not None and all(s.kind == "computer" for s in spec.seats):
            raise Refused(*full)
        # four names that read as four seats, none as a default name or "(you)" (server/names.py), made
        # distinct in seat order with the creator's own among them (protodoc s12: it was handled last)
        named = distinct_names(creation_names(spec))
        slots = {s: SeatSlot(s, spec.seats[s - 1].kind, spec.seats[s - 1].level, named[s]) for s in SEATS}
        seeded = spec.seed is not None
        seed = spec.seed if seeded else secrets.randbits(63)  # D9: never sent when unseeded
        creator = None if spec.sit is None else Seat(spec.sit)
        taken = await self._taken_table_names() if seat_name(spec.table_name) else []
        code = await self._claim_new_code()
        try:  # the claim is released if building the table raises too, not only storing it
            meta = TableMeta(code, seed, seeded, spec.language, creator, slots,
                             started=not any(sl.kind == "human" for sl in slots.values()),
                             created_at=time.time(), chat=spec.chat, tracker=spec.tracker,
                             public=spec.public, site=site_key(address), made_by=made_by,  # kept over a restart
                             name=table_name(seat_name(spec.table_name), taken))  # club s14, s14 F6, s16
            table = self._new_table(meta, None)
            table.group = address  # its own people's group (actions.own_groups)
        except BaseException:
            await self.ownership.release(code)
            raise
        self.tables[code] = table  # registered at once: no other create of this process picks the code
        try:
            await table.persist_new(made_by, self._table_limit(limited))
        except BaseException as exc:  # a table never stored is never registered (issue 12 case 5)
            self.tables.pop(table.code, None)
            await self.ownership.release(table.code)
            await table.close()
            if isinstance(exc, TooManyOpen):  # the store's atomic count decides (attacker F1)
                raise _too_many(address, exc.have) from None
            if not isinstance(exc, Exception):
                raise
            log_store_failure(log, self.store, "table %s: storing the new table failed; it was not created",
                              table.code)
            raise store_unavailable("the new table could not be stored; nothing was created") from None
        table.watch_idle()
        self.known_codes.add((address, table.code))  # its creator's group knows it (lookup.look_up)
        self.metrics.tables_created.inc()
        log.info("table %s created by %s (%s)", table.code, address,
                 "".join("H" if sl.kind == "human" else "C" for sl in slots.values()))
        return table

    async def _taken_table_names(self) -> list[str]:
        """The names a new table's name must read unlike (:func:`.names.table_name`): every open table's of this
        process, public or private (but one whose match ended more than :data:`NAME_EVENING` seconds ago and is
        still over, :func:`_of_an_earlier_evening`), and every listed table's whose match ended in the last
        :data:`NAME_EVENING` seconds (at most :data:`NAME_RESULTS_READ` of the newest, finished or cut after a hand:
        one read of the store, which every process shares, kept :data:`NAMES_FRESH` seconds for every create of the
        process). Organiser s16: "Mesa 1" closed at 20:00 and a new "Mesa 1" at 20:05 gave the evening's results two
        tables of one name. Only listed tables' matches (attacker s17 F3: a stranger's private tables, closed
        after one deal, took a club's "Mesa 1" for 12 hours: the results and the projector show the listed ones
        side by side, a private table's name is its own business). A store that cannot be read gives the open
        tables' names only (logged at debug): a name is never worth refusing a table."""
        now = time.time()
        names = [t.meta.name for t in self.tables.values() if t.meta.name and not _of_an_earlier_evening(t, now)]
        async with self._names_read:  # one read at a time: a flood of creates waits for the same one
            read_at, evening = self._evening_names
            if not read_at <= now < read_at + NAMES_FRESH:
                try:
                    ended = await self.store.load_results(NAME_RESULTS_READ, public=True,
                                                           ended=(now - NAME_EVENING, now + 60))
                except OSError as exc:
                    log.debug("table names of the evening not read: %s", said(exc))
                    return names
                evening = [r.name for r in ended if r.name]
                self._evening_names = (now, evening)
        return names + evening

    def _table_limit(self, limited: bool) -> int | None:
        """The store's ``limit`` for a create or reopen (None: the machine's own player, unlimited)."""
        return self.config.max_tables_per_address if limited else None

    async def _claim_new_code(self) -> str:
        """A fresh code that no process holds and the store does not know (issue 12)."""
        for _ in range(8):
            code = self.new_code()
            # reserved from the pick until the table is registered (or given up): two creates of
            # this process awaiting their claims at once can never pick one code (the kind of F1)
            self._new_codes.add(code)
            try:
                try:
                    claimed = await self.ownership.claim(code)
                except OSError as exc:
                    log_repeated(log, logging.WARNING, "code not claimed", "a new table's code could not be claimed: %s",
                                 exc)
                    raise store_unavailable("this server cannot claim tables now; nothing was created") from None
                if not claimed:
                    continue
                try:  # every lock taken is released on every path: a store error too
                    if code not in self._loading and await self.store.load(code, rows=False) is None \
                            and self.holds(code):  # lost meanwhile (operator s15 F1 kind): the next claim says why
                        return code
                except OSError as exc:  # a locked SQLite file: refused, the connection kept (attacker s10 F7)
                    await self.ownership.release(code)
                    log_store_failure(log, self.store, "table %s: the store could not say whether the code is free: %s",
                                      code, said(exc), level=logging.WARNING, traceback=False)
                    raise store_unavailable("the store could not be read; nothing was created") from None
                except BaseException:
                    await self.ownership.release(code)
                    raise
                await self.ownership.release(code)
            finally:
                self._new_codes.discard(code)
        raise Refused(ErrorCode.INTERNAL, "no free table code found; try again")

    def _new_table(self, meta: TableMeta, events: list[Any] | None, read: StoredLog | None = None) -> Table:
        """A :class:`Table` wired to this registry (idle, conflicts, metrics), not registered
        (``read``: its stored log, read off the loop)."""
        table = Table(meta, self.store, self.config, self.brain, events, on_idle=self._idle, stored_log=read)
        table.metrics = self.metrics
        table.playing = self.playing
        table.on_conflict = self._conflict
        return table

    async def resume(self, first: int | None = None) -> int:
        """Reload every unfinished stored table that no live process holds (after a restart);
        returns how many. A table another process serves stays there (issue 12 case 1). ``first``:
        only that many here, the others in the background (:meth:`.resuming.TableResumes.resume_later`,
        counted there); None: all here.

        Each table claimed counts as loading (``_loading``) until it is served or given up, as a
        lookup's load does: a hand-over asked meanwhile waits for the load, and an adoption or a
        lookup of it shares it (operator s15 F1: a hand-over asked during the resume released the
        claim, and the resume served the table anyway, without its lock, while the asker served it).
        A table whose claim was given up or lost meanwhile is not served (``_serve_stored``).

        One table that cannot be resumed (a store error reading it, a record or log that does not
        decode) is logged, its claim released, and the others are resumed all the same: it stays
        open in the store, and a returning player's lookup (or another process) loads it later.
        A claim that fails (``OSError``: the lock connection is gone, so is every later claim) and
        a cancel stop the resume, every claim of a table not served released first. The codes
        resumed are logged (one INFO line, :func:`.resuming.named_codes`; each at DEBUG)."""
        resumed: list[str] = []
        failed = 0
        every = await self.store.load_open(rows=False)
        later = [] if first is None else every[first:]
        for stored in every if first is None else every[:first]:
            code = stored.code
            if code in self.tables or code in self._loading or not await self.ownership.claim(code):
                continue
            loading = asyncio.get_running_loop().create_task(self._resume_claimed(stored))
            self._loading[code] = loading
            loading.add_done_callback(self._loaded)
            try:
                await loading
            except Refused as exc:  # closed meanwhile, or its claim given up while it loaded: not an error
                log.info("table %s not resumed: %s", code, exc.message)
                continue
            except Unreadable as exc:  # said once: a later lookup of it is refused UNKNOWN_TABLE, not logged again
                self._unreadable[exc.code] = None
                log.error("table %s not resumed: %s; it stays open in the store, refused UNKNOWN_TABLE", code, exc)
                failed += 1
                continue
            except Exception as exc:  # this table only: logged with its code, the others go on
                log.error("table %s not resumed: %s; it stays open in the store for a later lookup",
                          code, typed(exc), exc_info=failed == 0)  # a traceback once
                failed += 1
                continue
            log.debug("table %s resumed from the store", code)
            resumed.append(code)
        if resumed:
            log.info("resumed %d tables: %s", len(resumed), named_codes(resumed))
        if failed:
            log.error("%d stored tables not resumed (see above); %d resumed", failed, len(resumed))
        self.resume_later(later)  # the first ones had the loop to themselves
        return len(resumed)

    async def _resume_claimed(self, stored: Any) -> Table:
        """Serve the claimed open table ``stored``, or release it if it moved on or closed meanwhile
        (refused UNKNOWN_TABLE); any error releases the claim before it goes on to the caller."""
        code = stored.code
        async with self._claim_kept_if_served(code):
            if not self.ownership.exclusive:  # it may have moved on between the read and the claim
                await self.store.take(code)  # fence off its former owner, then read it
            fresh = await self.store.load(code)  # its log, now it is claimed (load_open read records only)
            if fresh is None or fresh.closed:
                await self.ownership.release(code)
                raise Refused(ErrorCode.UNKNOWN_TABLE, f"table {code} was closed meanwhile")
            return await self._serve_stored(fresh)

    def _idle(self, table: Table) -> None:
        # club s14 F14: a finished table whose bots left said "solo" (docs/operations.md: "match over")
        rule = "match over, " if table.is_finished() else "solo, " if table.is_solo() else ""
        why = f"{rule}nobody connected for {table.idle_delay():g} s"
        task = asyncio.get_running_loop().create_task(self.close_table(table, why))
        self._closing.add(task)
        task.add_done_callback(self._closing.discard)

    async def close_by_hand(self, table: Table, by: str, address: str) -> None:
        """Close ``table`` now for everyone (``close_table``, organiser s16 F11): ``by`` its "creator" or the
        server's "operator" (``address`` is logged). Every seat is given up first (stored: no token of it opens
        the closed table again, as a ``rejoin`` of an idle-closed one would), then every connection at it is
        told (``left`` with ``closed``: the window says who closed it, in the player's language) and closed
        1001 "table closed", as an idle close does; its log and finished matches stay stored."""
        async with table.lock:
            if table.closed or self.tables.get(table.code) is not table:
                raise Refused(ErrorCode.UNKNOWN_TABLE, f"table {table.code} is closed already")
            async with table.changing_meta():
                for slot in table.slots.values():
                    slot.token_hash, slot.handed_over = None, False
                table.meta.creator_seat, table.meta.creator_hash = None, None
            table.send_all(pack({"type": "left", "code": table.code, "closed": by}))
        await self.close_table(table, f"by its {by}, {address}")

    async def close_table(self, table: Table, why: str = "") -> None:
        """Close and forget ``table``; its log stays stored. ``why``: said in the log line."""
        if self.tables.get(table.code) is not table:
            return
        del self.tables[table.code]
        if table.meta.name and table.meta.public:  # its name stays taken for the evening at once, not only once
            read_at, evening = self._evening_names  # the names are read again (NAMES_FRESH)
            self._evening_names = (read_at, [*evening, table.meta.name])
        try:
            await table.save_result()  # its last chance if storing it failed when the match ended
            await table.save_unfinished(f"closed: {why}" if why else "closed")  # organiser s16 F12
            await table.close()
            for conn in list(table.subscribers):
                table.unbind(conn)
                conn.close(1001, "table closed")
            try:
                await self.store.close_table(table.code, table.epoch)
            except ValueError:  # issue 12: another process took it over meanwhile; it stays open there
                log.info("table %s not closed: another server process serves it now", table.code)
            else:
                log.info("table %s closed%s", table.code, f" ({why})" if why else "")
        finally:  # a store error too: no lock outlives the table it was taken for
            await self.ownership.release(table.code)

    async def probe_store(self) -> None:
        """Store one open table's seats again, unchanged: a write of the ``tables`` kind, which clears
        the store's ``failing`` once it works if no other kind of write failed (a failed ``moves`` or
        ``chat`` write is cleared only by one of its own kind: ``storage/metered.py``); no table open:
        the store's own probe, a write that changes nothing (``MeteredStore.probe``), so ``store_ok``
        says what the store does, not that no table is open (operator s13 finding 2)."""
        for table in list(self.tables.values()):
            async with table.lock:
                try:
                    await table.save_meta()
                except Exception as exc:  # still failing: /healthz keeps saying why, the store's log the spell
                    log.debug("store probe failed: %s", typed(exc))
            return
        probe = getattr(self.store, "probe", None)
        if probe is not None:
            try:
                await probe()
            except Exception as exc:  # said once a minute (operator s15 F4: an outage seen by the probe alone said nothing)
                log_store_failure(log, self.store, "the store's test write failed (no table open): %s", said(exc),
                                  level=logging.WARNING, traceback=False)
            return
        if getattr(self.store, "failing", None) is not None:
            assume = getattr(self.store, "assume_working", None)
            if assume is not None:
                assume()
            else:
                self.store.failing = None

    async def shutdown(self) -> None:
        """Leave the store as the next start (or another process on it) should find it: the loads
        and creates under way finish (no new load starts once :attr:`stopping`), then every table's
        computer turns stop (the logs are already stored) and it stays open in the store, durable
        and resumable (a solo table nobody is at too: the process that takes it over, or the next
        start, closes it ``solo_idle_timeout`` later, docs/operations.md); every claim is released,
        so the processes its players reconnect to take the tables at once (issue 12), and the tables
        are named to the live processes, which adopt them (:meth:`_orphaned`; scale-down)."""
        self.stopping = True
        for timer in self._adoptions.values():
            timer.cancel()
        self._adoptions.clear()
        await self.resumed()  # its batch under way ends; no other begins once stopping
        under_way: list[asyncio.Future[Any]] = [*self._loading.values(), *self._creating]
        if under_way:
            await asyncio.wait(under_way)  # their outcome goes to their callers
        for table in list(self.tables.values()):
            await table.close()
            if not self.config.own_player_unlimited:  # a window's own server stops with the window: not a cut
                await table.save_unfinished("the server stops")  # organiser s16 F12; replaced if it ends later
            table.moved = True  # nothing more is written from here
        for task in list(self._closing) + list(self._tasks):
            await task
        left_open = {code: bool(table.subscribers) for code, table in self.tables.items()}
        await self.ownership.close(left_open)  # the live processes adopt them (scale-down)

