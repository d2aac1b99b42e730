"""The public tables ``/`` lists, read from the store (issue 12).

With several server processes on one PostgreSQL, the process that answers ``/`` holds
only some of the tables; the store holds them all. Each table's owner stores what the
listing needs beside the table's record (``listed``: public, a finished match included, club s14;
the score), so ``/`` is one query on the table records, newest first, at most
:data:`LISTED_MAX` rows: no log is read, nothing is replayed. Its answer is kept
:data:`LISTING_TTL` seconds, so a flood of ``/`` costs the store one query per process
per interval; the tables this process serves are always shown as they are now (their
live copy replaces the stored row). With SQLite or memory (one process per store) every
open stored table is served by this process: the page is the live list, with no query.

Paging: the list goes on over pages of :data:`LISTED_MAX` tables, followed by a cursor (the
:data:`~..storage.base.ListingKey` of a row shown: its creation time in microseconds and its
code, ``?before=`` for the older page, ``?after=`` for the newer one), never an offset, so
tables created or closed meanwhile never shift a table out of the pages or onto two of them.
A cursor page is one more indexed query of at most ``LISTED_MAX + 1`` rows, and one of at most
:data:`PROBE_ROWS` rows on the side its cursor came from (a link is shown only when a table is on
its side; a hand-made cursor may have nothing there), at most :data:`CURSOR_QUERIES` queries at once
per process, and builds the records of the tables it shows only.
"""
from __future__ import annotations

import asyncio
import heapq
import logging
import re
import time
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qsl

from doublenine.shared.cleantext import said
from doublenine.shared.codec import decode_meta
from doublenine.shared.seatstate import SeatState, seat_state
from doublenine.shared.state import Phase
from doublenine.shared.views import view_for

from ..logfmt import log_repeated
from ..seating import TableMeta
from ..storage.base import ListedTable, ListingKey, created_us
from .pages import SeatInfo, TableInfo

log = logging.getLogger("doublenine.server.web")

Bounds = tuple[ListingKey | None, ListingKey | None]
"""(before, after) keys a page's tables lie strictly between (None: unbounded on that side)."""

LISTED_MAX = 50
"""Public tables one page of ``/`` lists (newest first); the store query reads one more row, which
says whether older tables exist."""
LISTING_TTL = 2.0
"""Seconds one answer of the store is reused by ``/`` (the tables of this process are always current)."""
LISTING_WAIT = 2.0
"""Seconds ``/`` waits for the store's answer; a slower store: the page shows the last answer
(a cursor page, which has no last answer: :class:`ListingUnavailable`)."""
CURSOR_QUERIES = 2
"""Store queries of cursor pages one process runs at once (the others wait, within LISTING_WAIT):
a flood of cursors from many addresses never takes the store's connections from the tables."""
PROBE_ROWS = 8
"""Rows a cursor page asks the store for on the side its cursor came from (one more indexed query
within :data:`LISTING_WAIT`), to show the link back only when a table is there; when all of them are
tables this process serves but no longer lists, the link stays (rather than read further)."""
SKIP_READS = 8
"""Store reads one page of ``/`` makes at most to find :data:`LISTED_MAX` + 1 readable rows past rows
whose record does not decode (attacker s11 F6); beyond, the page ends where the last read did."""
UNLISTABLE_KEPT = 1024
"""Codes of unreadable listed rows remembered as said already (more: the oldest is forgotten)."""
MAX_CURSOR_US = 10**16 - 1
"""The largest creation time a cursor may name, in microseconds (the year 2286)."""
_CURSOR = re.compile(r"(0|[1-9][0-9]{0,15})\.([A-Z0-9]{1,32})", re.ASCII)


BAD_CURSOR = "BAD_CURSOR"
"""The stable code of a ``400`` for a bad cursor (``X-Doublenine-Error``, ``data-error``): an HTTP
answer's code, never a websocket frame's, so it is not one of the protocol's ``ErrorCode``s."""


class BadCursor(ValueError):
    """A ``?before=``/``?after=`` that is not a cursor this server makes (``400`` :data:`BAD_CURSOR`)."""


class ListingUnavailable(OSError):
    """The store did not answer a cursor page within :data:`LISTING_WAIT` (``503``, retry)."""


def format_cursor(key: ListingKey) -> str:
    """A row's key as the cursor of a link: ``MICROSECONDS.CODE`` (``1764555000123456.KQ7PX``)."""
    return f"{key[0]}.{key[1]}"


def parse_cursor(text: str) -> ListingKey:
    """The key a cursor names (:func:`format_cursor`'s form only: ASCII digits without a sign or
    leading zero, at most :data:`MAX_CURSOR_US`, a dot, a code of 1-32 capitals and digits);
    :class:`BadCursor` otherwise, before any work is done."""
    found = _CURSOR.fullmatch(text) if len(text) <= 64 else None
    if found is None:
        raise BadCursor("not a cursor of this list")
    return int(found.group(1)), found.group(2)


MAX_QUERY = 512
"""Characters of the query of ``/`` read at all (longer: :class:`BadCursor`)."""


def cursor_query(query: str) -> tuple[ListingKey | None, ListingKey | None]:
    """(before, after) asked for by the query string of ``/`` (``before=CURSOR`` or
    ``after=CURSOR``, at most one of them, once; other fields are ignored); (None, None) for
    none. :class:`BadCursor` for a query longer than :data:`MAX_QUERY`, more than 16 fields,
    a cursor given twice or both, or a value :func:`parse_cursor` refuses."""
    if len(query) > MAX_QUERY:
        raise BadCursor("the query is too long")
    try:
        fields = parse_qsl(query, keep_blank_values=True, max_num_fields=16, errors="strict")
    except ValueError as exc:  # too many fields, or percent-escapes that are not UTF-8
        raise BadCursor(str(exc)) from None
    given = [(name, value) for name, value in fields if name in ("before", "after")]
    if len(given) > 1:
        raise BadCursor("give one cursor: before or after, once")
    if not given:
        return None, None
    key = parse_cursor(given[0][1])
    return (key, None) if given[0][0] == "before" else (None, key)


@dataclass(frozen=True, slots=True)
class Page:
    """One page of ``/``: its tables, newest first, and the cursors of its links."""

    rows: list[TableInfo]
    older: str | None
    """The query of the older page (``before=CURSOR``; ``""``: the first page), None when no table is older."""
    newer: str | None
    """The query of the newer page (``after=CURSOR``; ``""``: the first page), None on the first page."""


def table_info(table: Any) -> TableInfo:
    """What the pages show of a live table (public: TableW and the scores, D8)."""
    wire = table.table_wire()
    seats = []
    for s in wire["seats"]:
        kind = seat_state(s["kind"], s["claimed"], s["connected"], s["computer_plays"], s["program"], s["waits"])
        seats.append(SeatInfo(s["seat"], s["name"], str(kind)))
    state = table.log.state
    scores = state.scores
    awaited = wire["started"] and state.phase is not Phase.MATCH_OVER
    return TableInfo(wire["code"], tuple(seats), (scores[0], scores[1]), wire["started"], wire["spectators"],
                     status_of(state, wire), wire.get("table_name", ""),
                     max(0.0, time.time() - table.since) if awaited else 0.0)


def status_of(state: Any, wire: dict[str, Any]) -> tuple[tuple[str, tuple[tuple[str, str], ...]], ...]:
    """The status line of a table as ``statusText`` in ``/static/table.js`` finds it from the
    spectator's view (D8) and ``TableW``, so the page as served and live say the same: its parts,
    each (a key of :data:`.words.SCRIPT_WORDS`, its fields), shown joined by `` · ``. While the last
    finished hand is shown (until the next hand's first play), the line says it is over and then
    what the table is doing meanwhile (the winners choose who leads, R6/R7; the new hands are
    looked at, R10): "Hand 3 is over · Ana chooses who leads"."""
    view = view_for(state, None)
    names = {s["seat"]: s["name"] for s in wire["seats"]}
    if view.phase is Phase.MATCH_OVER and view.winner is not None:
        return (("match_over", (("team", view.winner.value),)),)
    now = _doing(view, wire, names)
    holding = [int(seat) for seat in wire.get("holding") or ()]
    if holding:  # phone s17 F12 (R26/D2): the computers wait for these seats' open rules or ledger, said as table.js
        now = ("paused", tuple((f"name{i}", names[seat]) for i, seat in enumerate(holding, start=1)))
    if view.finished and view.phase is not Phase.PLAY and not view.line:  # the last hand shown
        over = ("hand_over", (("n", str(view.finished[-1].number)),))
        return (over, now) if now is not None and now[0] in ("nominate", "review", "paused") else (over,)
    return (now,) if now is not None else (("started", ()),)


def _doing(view: Any, wire: dict[str, Any], names: dict[int, str]) -> tuple[str, tuple[tuple[str, str], ...]] | None:
    """What the table is doing now (one part of :func:`status_of`), None when nothing is named."""
    if not wire["started"]:
        return "waiting", ()
    if view.phase is Phase.DRAW:
        return "draw", ()
    if view.phase is Phase.NOMINATE and view.entitled is not None:
        return "nominate", (("name", names[int(view.entitled.lower_seat)]),)
    if view.phase is Phase.REVIEW:
        return "review", ()
    if view.phase is Phase.PLAY and view.turn is not None:  # D7: the seat to play is away, as table.js says it
        s = wire["seats"][int(view.turn) - 1]
        away = {"kind", "claimed", "connected", "computer_plays", "program"} <= s.keys() and seat_state(
            s["kind"], s["claimed"], s["connected"], s["computer_plays"], s["program"]) is SeatState.AWAY
        return "disconnected" if away else "to_play", (("name", names[int(view.turn)]),)
    return None


def stored_info(row: ListedTable) -> tuple[ListingKey, TableInfo] | None:
    """(listing key, page data) of a table another process serves, from its stored record;
    None for a record this version cannot read (another process's data is untrusted input:
    a damaged row is left out, never an error page). Whether a held seat's player is
    connected is known only to its process: such seats show as held."""
    try:
        meta = TableMeta.from_record(decode_meta(row.meta), row.code)
        started = bool(meta.started)
        seats = tuple(SeatInfo(int(s), sl.display_name, str(seat_state(
            sl.kind, sl.claimed, True, sl.kind == "computer" or started and (not sl.claimed or sl.stood_in),
            waits=sl.waits)))
            for s, sl in sorted(meta.slots.items()))
        return row.key, TableInfo(row.code, seats, row.scores, started, name=meta.name)
    except Exception:  # any damage of the msgpack record or its fields (said once: PublicTables)
        return None


class PublicTables:
    """``await PublicTables(registry).page(before=KEY)``: the :class:`Page` of ``/`` asked for."""

    def __init__(self, registry: Any, ttl: float = LISTING_TTL, limit: int = LISTED_MAX) -> None:
        self.registry = registry
        self.ttl = ttl
        self.limit = limit
        self._stored: list[tuple[ListingKey, TableInfo]] = []
        self._stored_edge: ListingKey | None = None
        self._read_at = float("-inf")
        self._read_ok = False
        """Whether the latest read of the first page that ended was answered by the store (False before
        any): while it is not, ``/`` is :class:`ListingUnavailable` (``503``), never "No table is listed"
        (operator s17 F12: during a PostgreSQL outage ``/`` said so with ``200`` while 5 tables were open)."""
        self._reading: asyncio.Task[None] | None = None
        self._queries = asyncio.Semaphore(CURSOR_QUERIES)
        self._said: dict[str, None] = {}
        """Codes whose stored record could not be listed, said once already (:meth:`_unlisted`)."""
        self.built = 0
        """Records of live tables built so far (at most :attr:`limit` per ``/``, however many
        tables this process serves)."""

    @property
    def _shared(self) -> bool:
        return not getattr(self.registry.ownership, "exclusive", False)  # SQLite: every table is here

    async def tables(self) -> list[TableInfo]:
        """The newest :attr:`limit` public tables (a finished match included, club s14), of every process."""
        return (await self.page()).rows

    async def page(self, before: ListingKey | None = None, after: ListingKey | None = None,
                   deadline: float | None = None) -> Page:
        """The :attr:`limit` listed tables just older than ``before`` (or just newer than
        ``after``; neither: the newest), with the cursors of the pages around them.
        :class:`ListingUnavailable` when the store's latest read of the first page failed, or none has been
        answered yet (operator s17 F12), or when it does not answer a cursor page in time: within
        :data:`LISTING_WAIT`, and before ``deadline`` (``time.monotonic()`` seconds) when one is
        given (the request's own, ``server/web/site.py`` ``PAGE_WAIT``: time its page budget took
        counts too)."""
        limit = time.monotonic() + LISTING_WAIT
        deadline = limit if deadline is None else min(limit, deadline)
        if before is None and after is None:
            if self._shared and time.monotonic() - self._read_at >= self.ttl:
                if self._reading is None:  # one query at a time, shared by every waiting request
                    self._reading = asyncio.get_running_loop().create_task(self._read())
                try:  # a store that hangs must not hang the page: show the last answer meanwhile
                    await asyncio.wait_for(asyncio.shield(self._reading), max(0.0, deadline - time.monotonic()))
                except asyncio.TimeoutError:
                    log_repeated(log, logging.WARNING, "listing store timeout",
                                 "the public tables: the store did not answer within %g s", LISTING_WAIT)
            if self._shared and not self._read_ok:  # the store failed (or never answered yet): no list is
                raise ListingUnavailable("the public tables could not be read from the store")  # no "no table"
            return self._choose(self._stored, self._stored_edge, None, None)[0]
        stored: list[tuple[ListingKey, TableInfo]] = []
        edge: ListingKey | None = None
        if self._shared:
            try:
                stored, edge = await self._readable(before, after,
                                                    lambda n, b, a: self._ask(n, b, a, deadline))
            except (asyncio.TimeoutError, OSError) as exc:
                raise ListingUnavailable(f"the public tables could not be read from the store: {said(exc)}") from None
        page, back = self._choose(stored, edge, before, after)
        if back is None or await self._any_beyond(*back, deadline):
            return page
        # a hand-made cursor (``?after=0.A``, ``?before=`` beyond the newest): nothing on that side
        return Page(page.rows, None, page.newer) if after is not None else Page(page.rows, page.older, None)

    async def _any_beyond(self, before: ListingKey | None, after: ListingKey | None, deadline: float) -> bool:
        """Whether the page of a link (its bounds: :meth:`_choose`'s second value) lists any table: a
        link is only shown when something is on its side. Live tables of this process are judged as
        they are now; the store is asked for up to :data:`PROBE_ROWS` rows (another process's tables),
        within the page's ``deadline``; a store that does not answer in time keeps the link (the page
        is shown)."""
        if next(self._live(before, after), None) is not None:
            return True
        if not self._shared:
            return False
        try:
            found = await self._ask(PROBE_ROWS, before, after, deadline)
        except (asyncio.TimeoutError, OSError):
            return True
        # a stored row of a table served here says what it was: the live table above said what it is
        return any(row.code not in self.registry.tables and stored_info(row) is not None
                   for row in found) or len(found) == PROBE_ROWS

    async def _ask(self, limit: int, before: ListingKey | None, after: ListingKey | None,
                   deadline: float) -> list[ListedTable]:
        """The store's listed rows around a cursor, waited for until ``deadline`` (monotonic);
        ``asyncio.TimeoutError`` beyond it, ``OSError`` from the store."""
        query = asyncio.get_running_loop().create_task(self._query(limit, before, after))
        query.add_done_callback(lambda done: done.cancelled() or done.exception())  # a late failure: read
        # shielded: a late answer still ends its query (and frees its place) by itself
        return await asyncio.wait_for(asyncio.shield(query), max(0.0, deadline - time.monotonic()))

    async def _query(self, limit: int, before: ListingKey | None, after: ListingKey | None) -> list[ListedTable]:
        async with self._queries:
            found: list[ListedTable] = await self.registry.store.load_listed(limit, before=before, after=after)
            return found

    async def _readable(self, before: ListingKey | None, after: ListingKey | None,
                        ask: Callable[[int, ListingKey | None, ListingKey | None], Awaitable[list[ListedTable]]]
                        ) -> tuple[list[tuple[ListingKey, TableInfo]], ListingKey | None]:
        """The store's readable listed rows from a cursor (none: the newest), and when the store holds
        more rows beyond them, the key of the farthest row it gave (from the cursor: the oldest,
        ``after``: the newest). Rows whose record does not decode are skipped and said once each
        (:meth:`_unlisted`), and the store is read on past them, by the rows' keys, until
        :attr:`limit` + 1 readable rows or the end, at most :data:`SKIP_READS` reads (attacker s11 F6:
        62 junk rows newest in a shared PostgreSQL store left every process's ``/`` with its own
        tables only, the store's page being all junk). ``ask(limit, before, after)``: one store read."""
        newer = after is not None
        rows: list[tuple[ListingKey, TableInfo]] = []
        edge: ListingKey | None = None
        for _ in range(SKIP_READS):
            found = await ask(self.limit + 1, before, after)
            for row in found:
                item = stored_info(row)
                if item is None:
                    self._unlisted(row.code)
                else:
                    rows.append(item)
            if len(found) <= self.limit:
                return rows, None  # the store has no more
            keys = [row.key for row in found]
            edge = max(keys) if newer else min(keys)
            if len(rows) > self.limit:
                return rows, edge
            if newer:
                after = edge
            else:
                before = edge
        return rows, edge

    async def _load(self, limit: int, before: ListingKey | None, after: ListingKey | None) -> list[ListedTable]:
        """The store's listed rows, newest first (a cursor only once one is needed)."""
        store = self.registry.store
        found: list[ListedTable] = await (store.load_listed(limit) if before is None and after is None
                                          else store.load_listed(limit, before=before, after=after))
        return found

    def _unlisted(self, code: str) -> None:
        """Say once that ``code``'s stored record cannot be listed (:data:`UNLISTABLE_KEPT` codes kept)."""
        if code in self._said:
            return
        if len(self._said) >= UNLISTABLE_KEPT:
            self._said.pop(next(iter(self._said)))
        self._said[code] = None
        log.warning("table %s: its stored record cannot be listed; skipped (said once)", code[:40])

    def _live(self, before: ListingKey | None, after: ListingKey | None) -> Iterator[tuple[ListingKey, Any]]:
        """The live listed tables of this process strictly between the bounds (None: unbounded), with
        their keys: two fields of each table are read, no record is built."""
        for code, table in self.registry.tables.items():
            try:  # attacker s16 F3: one table's odd data never fails the whole page
                key = (created_us(table.meta.created_at), code)
            except (TypeError, ValueError, OverflowError):
                continue
            if (before is None or key < before) and (after is None or key > after) and table.listing()[0]:
                yield key, table

    def _choose(self, stored: list[tuple[ListingKey, TableInfo]], edge: ListingKey | None,
                before: ListingKey | None, after: ListingKey | None) -> tuple[Page, Bounds | None]:
        """The page: the stored rows not served here and the live listed tables of this process
        within the cursor, merged by key; and the (before, after) bounds of the page its link back
        leads to (towards the side the cursor came from; None without a cursor). Bounds are keys, so
        :meth:`_any_beyond` parses no cursor this method formatted. Only the shown tables' records are built (:attr:`built`
        counts them): choosing them reads two fields of each live table, so one ``/`` never
        costs a record per table others created. When the store has more rows than it gave,
        nothing beyond its last row is shown (a row it did not give could stand there), so
        following the cursors never skips a table."""
        local = self.registry.tables
        candidates: list[tuple[ListingKey, Any]] = [(key, info) for key, info in stored if info.code not in local]
        candidates.extend(self._live(before, after))
        newer = after is not None  # walking towards the newest: the smallest keys above ``after``
        if edge is not None:  # the store has rows beyond ``edge`` that it did not give
            candidates = [c for c in candidates if (c[0] <= edge if newer else c[0] >= edge)]
        nearest = heapq.nsmallest if newer else heapq.nlargest
        picked = nearest(self.limit + 1, candidates, key=lambda item: item[0])
        further = edge is not None or len(picked) > self.limit
        shown = picked[:self.limit]
        if newer:
            shown.reverse()
        out = []
        for _, item in shown:
            if not isinstance(item, TableInfo):  # a live table of this process: its record as it is now
                self.built += 1
                item = table_info(item)
            out.append(item)
        keys = [key for key, _ in shown]
        if not newer:
            last = keys[-1] if keys else edge
            older = f"before={format_cursor(last)}" if further and last is not None else None
            newer_link = None if before is None else (f"after={format_cursor(keys[0])}" if keys else "")
            back: Bounds | None = None if before is None else (None, keys[0] if keys else None)
        else:
            first = keys[0] if keys else edge
            older = f"before={format_cursor(keys[-1])}" if keys else ""
            back = (keys[-1] if keys else None, None)
            newer_link = f"after={format_cursor(first)}" if further and first is not None else None
        return Page(out, older, newer_link), back

    async def _read(self) -> None:
        stored: list[tuple[ListingKey, TableInfo]] = []
        edge: ListingKey | None = None
        ok = False
        try:
            stored, edge = await self._readable(None, None, self._load)
            ok = True
        except Exception as exc:  # the store is down: ``/`` answers 503 until it reads again (operator s17 F12)
            log_repeated(log, logging.WARNING, "listing store failed", "the public tables could not be read from the store: %s",
                     exc)
        finally:
            self._read_ok = ok
            self._read_at = time.monotonic()
            self._reading = None
        self._stored, self._stored_edge = stored, edge
