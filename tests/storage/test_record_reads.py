"""A whole stored log is read only where it is served (store s12 item 2).

The reported kind: ``store.load`` fetched a whole log where the table's record would do. A
stranger's ``join`` of a closed table (refused UNKNOWN_TABLE: no seat token) read its whole log,
however long (40,001 rows for the 20,000-match table of docs/performance.md) before refusing it; so
did a page of a table another process serves, and a new code checked free. A start read every open
table's whole log at once (``load_open``) and, on PostgreSQL, read each one again after claiming it:
every log twice, all of them in memory together. Now those read the record only
(``load(code, rows=False)``, ``load_open(rows=False)``) and a start reads each log once, after its claim.
"""
from __future__ import annotations

from typing import Any

from doublenine.server.app import GameServer
from doublenine.server.config import ServerConfig
from doublenine.server.netbot import ServerRefused, TableClient
from doublenine.server.storage import open_store

import pytest


class Counting:
    """A store that counts the log rows its reads return (every other call passed through)."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.rows = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    async def load(self, code: str, rows: bool = True) -> Any:
        stored = await self.inner.load(code, rows)
        self.rows += 0 if stored is None else len(stored.rows)
        return stored

    async def load_open(self, rows: bool = True) -> Any:
        tables = await self.inner.load_open(rows)
        self.rows += sum(len(t.rows) for t in tables)
        return tables


def settings(db: str) -> ServerConfig:
    return ServerConfig(host="127.0.0.1", port=0, db=db, bot_delay=0.05, idle_timeout=1800.0)


async def _table(server: GameServer, seed: int) -> TableClient:
    seats = [{"kind": "human"}] * 2 + [{"kind": "computer", "level": "easy"}] * 2
    return await (await TableClient.connect(server.url)).attach(
        {"type": "create_table", "sit": 1, "name": "Ana", "seats": seats, "seed": seed})


async def _stored_rows(db: str) -> dict[str, int]:
    store = open_store(db)
    try:
        return {t.code: len(t.rows) for t in await store.load_open()}
    finally:
        await store.close()


async def test_a_strangers_join_of_a_closed_table_reads_no_log_row(db: str) -> None:
    counting = Counting(open_store(db))
    server = await GameServer(settings(db), store=counting).start()
    try:
        ana = await _table(server, 7)
        code = str(ana.code)
        await server.registry.close_table(server.registry.tables[code], "test")
        stored = await server.store.load(code)
        assert stored is not None and stored.closed and len(stored.rows) >= 1
        counting.rows = 0
        with pytest.raises(ServerRefused) as refused:
            await (await TableClient.connect(server.url)).attach({"type": "join", "code": code, "seat": 2, "name": "Bo"})
        assert refused.value.error.code == "UNKNOWN_TABLE"
        assert counting.rows == 0  # before: the whole log, len(stored.rows)
        await ana.close()
    finally:
        await server.stop()


async def test_a_start_reads_each_open_tables_log_once(db: str) -> None:
    first = await GameServer(settings(db)).start()
    clients = [await _table(first, seed) for seed in (1, 2, 3)]
    for c in clients:
        await c.close()
    await first.stop()  # the tables stay open in the store
    rows = await _stored_rows(db)
    assert len(rows) == 3 and all(n >= 1 for n in rows.values())
    counting = Counting(open_store(db))
    second = await GameServer(settings(db), store=counting).start()
    try:
        assert sorted(second.registry.tables) == sorted(rows)
        assert counting.rows == sum(rows.values())  # before, on PostgreSQL: twice that
    finally:
        await second.stop()


async def test_every_store_reads_a_record_without_its_log(store: Any) -> None:
    """The Store contract of ``rows=False``: the same record, closed flag, epoch and listing, no rows."""
    from doublenine.server.storage.base import StoredTable

    await store.create_table("REC01", b"m1")
    await store.append("REC01", [(0, b"a"), (1, b"b")])
    await store.update_listing("REC01", True, (3, 4))
    await store.create_table("REC02", b"m2")
    await store.append("REC02", [(0, b"c")])
    await store.close_table("REC02")
    assert await store.load("REC01", rows=False) == StoredTable("REC01", b"m1", (), False, 0, (True, (3, 4)))
    assert await store.load("REC02", rows=False) == StoredTable("REC02", b"m2", (), True, 0, (False, (0, 0)))
    assert await store.load("REC03", rows=False) is None
    assert await store.load_open(rows=False) == [StoredTable("REC01", b"m1", (), False, 0, (True, (3, 4)))]
    assert (await store.load("REC01")).rows == ((0, b"a"), (1, b"b"))  # the default: the whole log
