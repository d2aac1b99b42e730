"""The server's tables and connections: create, find by code, resume, close when idle.

Table codes are short and easy to read out (the invite alphabet: no 0/O, 1/I/L
or U). A table with no connection for ``idle_timeout`` seconds is closed and
freed; its log stays stored.
"""
from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections import Counter
from typing import Any

from doublenine.shared.codec import decode_meta, decode_rows, row_intents
from doublenine.shared.errors import ErrorCode
from doublenine.shared.events import replay
from doublenine.shared.invite import CODE_ALPHABET
from doublenine.shared.seats import SEATS, Seat
from doublenine.shared.state import Phase

from .computer import Brain
from .config import ServerConfig
from .metrics import ServerMetrics
from .storage.metered import MeteredStore
from .seating import SeatSlot, TableMeta, seat_name, token_matches
from .table import Refused, Table

log = logging.getLogger("doublenine.server")

CODE_LENGTH = 5
"""Characters in a new table code (30^5, about 24 million codes)."""


def normalize_code(code: str) -> str:
    """What a person typed -> a code: upper case, spaces and dashes dropped."""
    return "".join(ch for ch in code.upper() if ch not in " -_")


def _may_reopen(stored: Any, token: str) -> bool:
    """D7: ``token`` holds a seat of the stored table and its match is not over."""
    meta = TableMeta.from_record(decode_meta(stored.meta))
    if not any(token_matches(token, slot.token_hash) for slot in meta.slots.values()):
        return False
    return replay(decode_rows(stored.rows)).phase is not Phase.MATCH_OVER


class Registry:
    """Every open table and every live connection of one server process."""

    def __init__(self, config: ServerConfig, store: Any, brain: Brain) -> None:
        self.config = config
        self.store = store
        self.brain = brain
        self.tables: dict[str, Table] = {}
        self.connections: set[Any] = set()
        self.per_address: Counter[str] = Counter()
        """Open connections per client address (issue 7 limit)."""
        self.owners: dict[str, str] = {}
        """table code -> address of the connection that created it (issue 7 limit)."""
        self._closing: set[asyncio.Task[None]] = set()
        self.metrics = ServerMetrics()
        """``GET /metrics`` (issue 7): connections and tables are read live."""
        self.metrics.connections.set_function(lambda: len(self.connections))
        self.metrics.tables.set_function(lambda: len(self.tables))
        self.store = MeteredStore(store, self.metrics.store_seconds)

    def new_code(self) -> str:
        """A fresh, unused, readable table code."""
        while True:
            code = self.config.code_prefix + "".join(
                secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if code not in self.tables:
                return code

    def find(self, code: str) -> Table:
        """The open table with ``code``; UNKNOWN_TABLE otherwise."""
        table = self.tables.get(normalize_code(code))
        if table is None:
            raise Refused(ErrorCode.UNKNOWN_TABLE, f"no open table {code!r}")
        return table

    async def find_or_load(self, code: str, token: str | None = None) -> Table:
        """Like :meth:`find`, but a table open in the store and not held here is resumed from it:
        with PostgreSQL shared by several processes, the process nginx falls back to takes over
        a table whose process is down (docs/operations.md).

        ``token`` (a ``rejoin``): a table closed for idleness whose match is not over is opened
        again for a valid seat token (D7: the game waits for its players); any other closed
        table stays UNKNOWN_TABLE."""
        code = normalize_code(code)
        table = self.tables.get(code)
        if table is not None:
            return table
        stored = await self.store.load(code) if code else None
        if stored is None or code in self.tables:
            return self.find(code)
        if stored.closed:
            if token is None or not _may_reopen(stored, token):
                return self.find(code)
            await self.store.reopen_table(code)
            if code in self.tables:  # another rejoin reopened it meanwhile
                return self.tables[code]
            log.info("table %s reopened for a returning player", code)
        table = self._resume_one(stored)
        if not stored.closed:
            log.info("table %s taken over from the store", code)
        await table.flush_unstored()
        table.watch_idle()
        table.rearm()
        return table

    def _resume_one(self, stored: Any) -> Table:
        meta = TableMeta.from_record(decode_meta(stored.meta))
        table = self._add(meta, decode_rows(stored.rows))
        table.restore_intents(row_intents(stored.rows))  # DUPLICATE survives a restart
        self.metrics.tables_resumed.inc()
        return table

    async def create(self, spec: Any, address: str) -> Table:
        """A new table from a ``CreateTable`` message, stored before anyone joins."""
        per_address = Counter(self.owners.values())
        if per_address[address] >= self.config.max_tables_per_address:
            raise Refused(ErrorCode.TOO_MANY_TABLES, f"{address} has {per_address[address]} open tables")
        if spec.sit is not None and spec.seats[spec.sit - 1].kind != "human":
            raise Refused(ErrorCode.BAD_TABLE, f"seat {spec.sit} is a computer seat")
        slots = {s: SeatSlot(s, spec.seats[s - 1].kind, spec.seats[s - 1].level,
                             seat_name(spec.seats[s - 1].name)) for s in SEATS}
        seeded = spec.seed is not None
        seed = spec.seed if seeded else secrets.randbits(63)  # D9: never sent when unseeded
        creator = None if spec.sit is None else Seat(spec.sit)
        meta = TableMeta(self.new_code(), seed, seeded, spec.language, creator, slots,
                         started=not any(sl.kind == "human" for sl in slots.values()),
                         created_at=time.time())
        table = self._add(meta, None)
        await table.persist_new()
        table.watch_idle()
        self.metrics.tables_created.inc()
        self.owners[table.code] = address
        log.info("table %s created by %s (%s)", table.code, address,
                 "".join("H" if sl.kind == "human" else "C" for sl in slots.values()))
        return table

    def _add(self, meta: TableMeta, events: list[Any] | None) -> Table:
        table = Table(meta, self.store, self.config, self.brain, events, on_idle=self._idle)
        table.metrics = self.metrics
        self.tables[table.code] = table
        return table

    async def resume(self) -> int:
        """Reload every unfinished stored table (after a restart); returns how many."""
        count = 0
        prefix = self.config.code_prefix
        for stored in await self.store.load_open():
            if prefix and not stored.code.startswith(prefix):
                continue  # another process's table (shared PostgreSQL): it resumes its own
            table = self._resume_one(stored)
            await table.flush_unstored()
            table.watch_idle()  # nobody is connected yet
            table.rearm()
            count += 1
        return count

    def _idle(self, table: Table) -> None:
        task = asyncio.get_running_loop().create_task(self.close_table(table))
        self._closing.add(task)
        task.add_done_callback(self._closing.discard)

    async def close_table(self, table: Table) -> None:
        """Close and forget ``table``; its log stays stored."""
        if self.tables.get(table.code) is not table:
            return
        del self.tables[table.code]
        self.owners.pop(table.code, None)
        await table.close()
        for conn in list(table.subscribers):
            table.unbind(conn)
            conn.close(1001, "table closed")
        await self.store.close_table(table.code)
        log.info("table %s closed", table.code)

    async def shutdown(self) -> None:
        """Stop every table's computer turns (the logs are already stored)."""
        for table in list(self.tables.values()):
            await table.close()
        for task in list(self._closing):
            await task

