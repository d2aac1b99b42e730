"""Tables moving between the server processes that share one PostgreSQL store (issue 12).

The part of :class:`~.registry.Registry` (its base class :class:`TableMoves`) that moves tables:
adopting the tables a stopped process left open and nobody serves (scale-down, :meth:`_orphaned`,
:meth:`_sweep`), handing a table over when another process asks for it (:meth:`_asked_for`,
:meth:`hand_over`), and dropping the tables whose claims were lost (:meth:`_lost_all`) or that
another process wrote (:meth:`_conflict`). Finding, loading, creating and closing tables stay in
``registry.py``; the two meet in ``Registry._loading`` (an adoption is a load) and
``Registry._load_claimed``.
"""
from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from doublenine.shared.cleantext import said
from doublenine.shared.errors import ErrorCode
from doublenine.shared.tablecode import is_code

from .addresses import MissLimiter
from .logfmt import log_repeated
from .metrics import ServerMetrics
from .table import MOVED, Refused, Table, claim_here

log = logging.getLogger("doublenine.server")

HANDOVER_BURST = 4.0
"""Hand-overs of one table a live owner may be asked for at once (attacker: a stranger's lookup
made a table move, and closed its players' connections 4003, as often as it liked)."""
HANDOVER_RATE = 1 / 15
"""Hand-overs of one table asked for per second once :data:`HANDOVER_BURST` is spent (one every 15 s):
its creation, a failback and a process added or removed each move a table once."""
ADOPT_CONNECTED_AFTER = 30.0
"""Seconds a live process waits before it adopts a table a stopped process left open while players
were connected to it: they reconnect (backoff from 0.5 s) and the process nginx sends them to takes
it; only a table nobody came back to by then is adopted. A table nobody was at is adopted at once."""
MAX_PENDING_ADOPTIONS = 64
"""Most tables named by other processes (``dn_orphaned``, which anyone on the database can send:
attacker F2) waiting for or in their adoption at once; a name beyond is dropped, and once the queue
is empty again the store is swept for the open tables nobody serves (:meth:`TableMoves._sweep`)."""
ACKNOWLEDGED_KEPT = 4096
"""Tables this process stopped serving whose stored event count it remembers (the newest), to see
a store that comes back behind it (:meth:`TableMoves.check_rollback`); bounded memory."""
ADOPTING_AT_ONCE = 2
"""Adoptions claiming and loading at once: the rest wait, so lookups' and creates' claims on the
one lock connection never queue behind a flood of them (attacker F2: creates took 7.8 s)."""


class TableMoves:
    """Moving tables between processes: the base class of :class:`~.registry.Registry`, whose
    ``__init__`` calls this one's. Uses the registry's ``tables``, ``ownership``, ``metrics``,
    ``stopping`` and ``_loading``, and its :meth:`_load_claimed` and :meth:`_loaded`."""

    stopping: bool
    tables: dict[str, Table]
    ownership: Any
    metrics: ServerMetrics
    _loading: dict[str, asyncio.Task[Table]]
    _new_codes: set[str]

    def __init__(self, store: Any) -> None:
        self._unowned: Any = getattr(store, "unowned_open", None)
        """PostgreSQL: the open tables no process holds (:meth:`_sweep`); None: this process owns the store."""
        self.given = MissLimiter(HANDOVER_RATE, HANDOVER_BURST)
        """Hand-overs this process made as the owner, one bucket per table code, the same figures:
        the asks come by NOTIFY, which any session on the database may send without taking from
        :attr:`~.registry.Registry.handovers` (re-check finding: ten NOTIFYs closed a table's players ten times in
        0.1 s), so the owner counts what it gives too; an ask beyond it is left unanswered (the
        asker's lookup gets TABLE_MOVING and retries)."""
        self._tasks: set[asyncio.Task[None]] = set()
        """Background work of the moves (sweeps, hand-overs, releases): :meth:`~.registry.Registry.shutdown` waits for it."""
        self._adoptions: dict[str, asyncio.TimerHandle] = {}
        """Tables another process left open when it stopped, adopted when their timer fires."""
        self._adopting: set[asyncio.Task[Table]] = set()
        """The loads in :attr:`_loading` that are adoptions: their refusals are no lookup's."""
        self._adopt_slots = asyncio.Semaphore(ADOPTING_AT_ONCE)
        self._dropped_names = False
        """A name was dropped for :data:`MAX_PENDING_ADOPTIONS`: sweep once the queue is empty."""
        self._handing: set[str] = set()
        """Codes being handed over: one hand-over per code, however often it is asked for."""
        self.acknowledged: OrderedDict[str, int] = OrderedDict()
        """Code -> the events this process had stored of it when it stopped serving it (at most
        :data:`ACKNOWLEDGED_KEPT`, the newest): :meth:`check_rollback`."""

    async def _load_claimed(self, code: str, token: str | None, address: str | None, limited: bool) -> Table:
        """Load the claimed table ``code`` and serve it (the registry's)."""
        raise NotImplementedError

    def _loaded(self, done: asyncio.Task[Table]) -> None:
        """A load in ``_loading`` ended (the registry's)."""
        raise NotImplementedError

    @asynccontextmanager
    async def _claim_kept_if_served(self, code: str) -> AsyncIterator[None]:
        """Around the steps that serve the claimed ``code``: if one raises (a store error, a record
        that does not decode, a refusal, a cancel) and ``code`` is not served here, its claim is
        released before the error goes on (kind: every lock taken is released on every path; a
        table nobody served stayed held by this process). A claim of a table served stays."""
        try:
            yield
        except BaseException:
            if code not in self.tables:
                await self.ownership.release(code)
            raise

    def _spawn(self, work: Any) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _orphaned(self, code: str, connected: bool, bounded: bool = True) -> None:
        """Another process stopped cleanly or handed ``code`` over and left it open in the store,
        served by nobody (scale-down): adopt it, at once if nobody was at it, else after
        :data:`ADOPT_CONNECTED_AFTER` unless its players reconnected (and a process took it) by then.
        ``bounded``: the name came from outside (NOTIFY), so at most :data:`MAX_PENDING_ADOPTIONS`
        wait; False for the store's own list (:meth:`_sweep`, as long as the open tables)."""
        if self.stopping or code in self.tables or not is_code(code):
            return
        loop = asyncio.get_running_loop()
        delay = ADOPT_CONNECTED_AFTER if connected else 0.0
        old = self._adoptions.get(code)
        if old is not None:
            if old.when() <= loop.time() + delay:
                return
            old.cancel()
        elif bounded and len(self._adoptions) + len(self._adopting) >= MAX_PENDING_ADOPTIONS:
            if not self._dropped_names:
                log.warning("more than %d tables named for adoption at once: names dropped; the store"
                            " is swept for the open tables nobody serves once these are done",
                            MAX_PENDING_ADOPTIONS)
            self._dropped_names = True
            return
        self._adoptions[code] = loop.call_later(delay, self._adopt, code)

    def _gone(self) -> None:
        """Fewer processes than before: one may have died, naming nothing. Its tables nobody
        serves are adopted like those of a clean stop with players connected (they may come back
        to another process first)."""
        if not self.stopping and self._unowned is not None:
            self._spawn(self._sweep())

    async def _sweep(self) -> None:
        try:
            codes = await self._unowned()
        except OSError as exc:  # the next drop, a lookup or the next start finds them
            log.info("open tables nobody serves not listed: %s", said(exc))
            return
        for code in codes:
            if code not in self._loading:
                self._orphaned(code, True, bounded=False)

    def _adopt(self, code: str) -> None:
        self._adoptions.pop(code, None)
        if not (self.stopping or code in self.tables or code in self._loading):
            loading = asyncio.get_running_loop().create_task(self._claim_and_adopt(code))
            self._adopting.add(loading)
            self._loading[code] = loading
            loading.add_done_callback(self._loaded)
            loading.add_done_callback(self._adopted)
        else:
            self._adopted(None)

    def _adopted(self, done: asyncio.Task[Table] | None) -> None:
        """An adoption ended: once none waits any more, names dropped meanwhile are found by a sweep."""
        if self._dropped_names and not self._adoptions and not self._adopting:
            self._dropped_names = False
            self._gone()

    async def _claim_and_adopt(self, code: str) -> Table:
        """Serve ``code`` if no live process does (a claim, never a request to hand it over): loaded
        from the store like a lookup's load, its idle timer started (a solo table nobody comes back
        to closes ``solo_idle_timeout`` later). Refused TABLE_MOVING when another process has it.
        At most :data:`ADOPTING_AT_ONCE` claim and load at once; one still waiting when the process
        starts stopping is refused SHUTTING_DOWN without a claim (a flood does not hold up SIGTERM)."""
        async with self._adopt_slots:
            if self.stopping:
                raise Refused(ErrorCode.SHUTTING_DOWN, "the server is stopping; reconnect", {"retry_ms": 1000})
            await claim_here(self.ownership, code)
            async with self._claim_kept_if_served(code):
                table = await self._load_claimed(code, None, None, False)
        log.info("table %s adopted: nobody served it (its process stopped or handed it over)", code)
        return table

    def _asked_for(self, code: str) -> None:
        """Another process asks for ``code`` (LISTEN/NOTIFY): hand it over at the next quiet moment,
        once however often it is asked meanwhile (the asks are anyone's, attacker F2). A table being
        loaded (a resume, a lookup's load, an adoption) is handed over once its load ended: its claim
        is never given up under the load (operator s15 F1)."""
        if code not in self._handing:
            self._handing.add(code)
            self._spawn(self._hand_over_once(code))

    async def _hand_over_once(self, code: str) -> None:
        try:
            await self._load_ended(code)
            if code in self.tables and not self.given.take(code, time.monotonic()):  # a flood of asks: one line a minute
                log_repeated(log, logging.INFO, "not handed over", "table %s not handed over: asked more often than %g "
                             "at once, then one every %g s", code, HANDOVER_BURST, 1 / HANDOVER_RATE)
                return
            await self.hand_over(code)
        finally:
            self._handing.discard(code)

    async def _load_ended(self, code: str) -> None:
        """Wait until no load of ``code`` is under way (whatever its outcome, which goes to its callers)."""
        while (loading := self._loading.get(code)) is not None and not loading.done():
            await asyncio.wait([loading])

    async def hand_over(self, code: str) -> None:
        """Let another process serve ``code``: finish the action under way, stop the computers,
        close every connection with 4003 so its clients reconnect there, release the claim. A table
        handed over is named for adoption as it is released (``orphaned``): if its asker gave up
        (TABLE_MOVING) or nobody asked at all (a NOTIFY from anyone), a live process serves it
        :data:`ADOPT_CONNECTED_AFTER` later instead of nobody (attacker F3).

        A load of ``code`` under way is waited for first, and a code a create of this process is
        claiming is kept: a claim is released here only when no table is or will be served from it
        (operator s15 F1: the claim of a table being resumed was released, and the resume served the
        table anyway, without its lock, while the asker served it too)."""
        await self._load_ended(code)
        if code in self._new_codes:  # nobody else can know a code being created: a stranger's NOTIFY
            return
        table = self.tables.get(code)
        moved = False
        if table is not None:
            await table.close()  # waits for the action under way: nothing half done moves
            if self.tables.get(code) is table:
                self._forget(table, "handover")
                moved = True
                log.info("table %s handed over to another server process", code)
        if code not in self.tables:
            await self.ownership.release(code, orphaned=moved)

    def _forget(self, table: Table, reason: str) -> None:
        """Stop serving ``table`` now: never write it again, close its connections (4003)."""
        del self.tables[table.code]
        self.acknowledged[table.code] = table.stored_events
        self.acknowledged.move_to_end(table.code)
        while len(self.acknowledged) > ACKNOWLEDGED_KEPT:
            self.acknowledged.popitem(last=False)
        table.moved = table.closed = True
        for conn in list(table.subscribers):
            table.unbind(conn)
            conn.close(*MOVED)
        self.metrics.tables_moved.labels(reason=reason).inc()

    def check_rollback(self, code: str, stored_events: int) -> int:
        """``code`` is served again here from a store that holds ``stored_events`` of its events:
        when this process had stored more before it stopped serving it, those acknowledged moves
        are gone from the store (a failover to an asynchronous standby that was behind, a restore):
        logged at ERROR and counted (``store_rollbacks_total``, ``store_rolled_back_events_total``).
        Operator s13 finding 8: every table went on from the standby's point, ~50 moves each gone,
        and no process said a word. Returns how many events are gone (0: none)."""
        had = self.acknowledged.pop(code, None)
        if had is None or had <= stored_events:
            return 0
        gone = had - stored_events
        log.error("table %s: the store holds %d events, this process had stored %d: %d acknowledged events are"
                  " gone from the store (a failover to a standby that was behind the primary, or a restore?);"
                  " the table goes on from what the store holds", code, stored_events, had, gone)
        self.metrics.store_rollbacks.inc()
        self.metrics.store_rolled_back_events.inc(gone)
        return gone

    def _conflict(self, table: Table, detail: str) -> None:
        """The store refused a seq as already stored: another process wrote this table. Drop
        it once, with one log line (issue 12 case 0); a reconnecting player reloads it."""
        if self.tables.get(table.code) is not table:
            return
        log.warning("table %s dropped: another process wrote it (%s); its players reconnect", table.code, detail)
        self._forget(table, "conflict")
        self._spawn(self._release_after(table))

    async def _release_after(self, table: Table) -> None:
        try:
            await table.close()
        finally:  # released even if the close is cancelled: no lock outlives the table dropped
            if table.code not in self.tables:
                await self.ownership.release(table.code)

    def holds(self, code: str) -> bool:
        """Whether this process holds the claim of ``code`` (claimed, not given up, not lost with the
        lock connection): the condition of serving it. Every path that registers a table checks it
        last, after its awaits (operator s15 F1: a table was served whose claim had been given up
        while it loaded)."""
        return code in self.ownership.held

    def without_lock(self) -> int:
        """Tables served here whose claim this process's own set does not hold now (0 unless the
        kind of operator s15 F1 happens): ``doublenine_tables_without_lock``."""
        return sum(1 for code in list(self.tables) if not self.holds(code))

    async def check_locks(self) -> int:
        """The invariant that every table served here is locked by this process, checked against
        the store itself (PostgreSQL's ``pg_locks`` for the lock connection, ``locked``; other stores:
        the claims held). A table served without its lock is dropped: logged at ERROR with its code,
        counted ``tables_moved_total{reason="unlocked"}``, its connections closed 4003 so its players
        rejoin the process that holds it (operator s15 F1: two copies of one table, each waiting for
        the seats connected to the other, frozen for minutes with nothing in any log or metric).
        Returns how many were dropped; 0 while the lock connection is down (``_lost_all`` dropped
        every table then). Only tables served both before and after the query count: a table
        registered meanwhile was claimed after it started, one dropped meanwhile is gone already."""
        served = dict(self.tables)
        locked_of = getattr(self.ownership, "locked", None)
        try:
            locked = set(served) if locked_of is None else await locked_of(list(served))
        except OSError:
            return 0
        stray = [table for code, table in served.items()
                 if self.tables.get(code) is table and not (code in locked and self.holds(code))]
        for table in stray:
            log.error("table %s served without its lock held by this process (another process may serve it"
                      " too): dropped; its players reconnect to the process that holds it", table.code)
            self._forget(table, "unlocked")
            self._spawn(self._release_after(table))
        return len(stray)

    def _lost_all(self, why: str) -> None:
        """Every claim is gone (the PostgreSQL lock connection dropped): serve nothing any more."""
        for table in list(self.tables.values()):
            self._forget(table, "lost")  # pglocks logged the loss once
            self._spawn(table.close())
