"""The public tables ``/`` lists, read from the store (issue 12).

With several server processes on one PostgreSQL, the process that answers ``/`` holds
only some of the tables; the store holds them all. Each table's owner stores what the
listing needs beside the table's record (``listed``: public and its match not over;
the score), so ``/`` is one query on the table records, newest first, at most
:data:`LISTED_MAX` rows: no log is read, nothing is replayed. Its answer is kept
:data:`LISTING_TTL` seconds, so a flood of ``/`` costs the store one query per process
per interval; the tables this process serves are always shown as they are now (their
live copy replaces the stored row). With SQLite or memory (one process per store) every
open stored table is served by this process: the page is the live list, with no query.
"""
from __future__ import annotations

import asyncio
import heapq
import logging
import time
from typing import Any

from doublenine.shared.codec import decode_meta
from doublenine.shared.state import Phase
from doublenine.shared.views import view_for

from ..seating import TableMeta
from ..storage.base import ListedTable
from .pages import SeatInfo, TableInfo

log = logging.getLogger("doublenine.server.web")

LISTED_MAX = 50
"""Public tables ``/`` lists at most (the newest first); also the store query's row cap."""
LISTING_TTL = 2.0
"""Seconds one answer of the store is reused by ``/`` (the tables of this process are always current)."""
LISTING_WAIT = 2.0
"""Seconds ``/`` waits for the store's answer; a slower store: the page shows the last answer."""


def table_info(table: Any) -> TableInfo:
    """What the pages show of a live table (public: TableW and the scores, D8)."""
    wire = table.table_wire()
    seats = []
    for s in wire["seats"]:
        kind = ("computer" if s["kind"] == "computer" else "free" if not s["claimed"]
                else "player" if s["connected"] else "away")
        seats.append(SeatInfo(s["seat"], s["name"], kind))
    scores = table.log.state.scores
    return TableInfo(wire["code"], tuple(seats), (scores[0], scores[1]), wire["started"], wire["spectators"],
                     status_of(table.log.state, wire))


def status_of(state: Any, wire: dict[str, Any]) -> tuple[str, tuple[tuple[str, str], ...]]:
    """The status line of a table as ``statusText`` in ``/static/table.js`` finds it from the
    spectator's view (D8) and ``TableW``, so the page as served and live say the same:
    (a key of :data:`.words.SCRIPT_WORDS`, its fields)."""
    view = view_for(state, None)
    names = {s["seat"]: s["name"] for s in wire["seats"]}
    if view.phase is Phase.MATCH_OVER and view.winner is not None:
        return "match_over", (("team", view.winner.value),)
    if view.finished and view.phase is not Phase.PLAY and not view.line:  # the last hand shown
        return "hand_over", (("n", str(view.finished[-1].number)),)
    if not wire["started"]:
        return "waiting", ()
    if view.phase is Phase.DRAW:
        return "draw", ()
    if view.phase is Phase.NOMINATE and view.entitled is not None:
        return "nominate", (("name", names[int(view.entitled.lower_seat)]),)
    if view.phase is Phase.REVIEW:
        return "review", ()
    if view.phase is Phase.PLAY and view.turn is not None:
        return "to_play", (("name", names[int(view.turn)]),)
    return "started", ()


def stored_info(row: ListedTable) -> tuple[float, TableInfo] | None:
    """(creation time, page data) of a table another process serves, from its stored record;
    None for a record this version cannot read (another process's data is untrusted input:
    a damaged row is left out, never an error page). Whether a held seat's player is
    connected is known only to its process: such seats show as held."""
    try:
        meta = TableMeta.from_record(decode_meta(row.meta))
        seats = tuple(SeatInfo(int(s), sl.display_name, "computer" if sl.kind == "computer"
                               else "player" if sl.claimed else "free") for s, sl in sorted(meta.slots.items()))
        return float(meta.created_at), TableInfo(row.code, seats, row.scores, bool(meta.started))
    except Exception:  # any damage of the msgpack record or its fields
        log.warning("table %s: its stored record cannot be listed", row.code[:40])
        return None


class PublicTables:
    """``await PublicTables(registry).tables()``: the :class:`TableInfo` rows of ``/``."""

    def __init__(self, registry: Any, ttl: float = LISTING_TTL, limit: int = LISTED_MAX) -> None:
        self.registry = registry
        self.ttl = ttl
        self.limit = limit
        self._stored: dict[str, tuple[float, TableInfo]] = {}
        self._read_at = float("-inf")
        self._reading: asyncio.Task[None] | None = None
        self.built = 0
        """Records of live tables built so far (at most :attr:`limit` per ``/``, however many
        tables this process serves)."""

    async def tables(self) -> list[TableInfo]:
        """The newest :attr:`limit` public tables whose match is not over, of every process."""
        shared = not getattr(self.registry.ownership, "exclusive", False)  # SQLite: every table is here
        if shared and time.monotonic() - self._read_at >= self.ttl:
            if self._reading is None:  # one query at a time, shared by every waiting request
                self._reading = asyncio.get_running_loop().create_task(self._read())
            try:  # a store that hangs must not hang the page: show the last answer meanwhile
                await asyncio.wait_for(asyncio.shield(self._reading), LISTING_WAIT)
            except asyncio.TimeoutError:
                log.warning("the public tables: the store did not answer within %g s", LISTING_WAIT)
        return self._newest()

    def _newest(self) -> list[TableInfo]:
        """The :attr:`limit` newest listed tables: the stored ones not served here and the live
        ones of this process. Only the shown tables' records are built (:attr:`built` counts
        them): choosing them reads two fields of each live table, so one ``/`` never costs a
        record per table others created."""
        local = self.registry.tables
        candidates: list[tuple[float, str, Any]] = [
            (created, code, info) for code, (created, info) in self._stored.items() if code not in local]
        candidates.extend((table.meta.created_at, code, table) for code, table in local.items()
                          if table.listing()[0])
        shown = heapq.nlargest(self.limit, candidates, key=lambda item: item[0])
        out = []
        for _, _, item in shown:
            if not isinstance(item, TableInfo):  # a live table of this process: its record as it is now
                self.built += 1
                item = table_info(item)
            out.append(item)
        return out

    async def _read(self) -> None:
        try:
            found = await self.registry.store.load_listed(self.limit)
        except Exception as exc:  # the store is down: list what this process serves
            log.warning("the public tables could not be read from the store: %s", exc)
            found = []
        finally:
            self._read_at = time.monotonic()
            self._reading = None
        self._stored = {}
        for row in found:
            item = stored_info(row)
            if item is not None:
                self._stored[row.code] = item
