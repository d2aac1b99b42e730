"""Issue 12: the table record is fenced like the log (PostgreSQL, two real servers).

A process that lost a table's advisory lock keeps serving it until it notices (the lock
connection's heartbeat, up to a few seconds). Its moves were already refused by the log's
(code, seq) key; its writes of the table record (the seats, the listing, the close) carry
the ownership epoch it took the table at, and the new owner's take raised that epoch, so
they are refused too: the stale process drops the table (close 4003) and the record stays
the new owner's. The loss is made "unnoticed" by unlocking the table on the stale process's
own lock connection, which it does not watch for that.
"""
from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest

from doublenine.server.app import GameServer
from doublenine.server.netbot import ServerRefused, TableClient
from doublenine.server.seating import TableMeta, token_hash
from doublenine.server.storage.pglocks import lock_key
from doublenine.shared import protocol as p
from doublenine.shared.codec import decode_meta

from .test_takeover import closed_with, server_config, wiped

HHCC = [{"kind": "human"}] * 2 + [{"kind": "computer", "level": "easy"}] * 2


@asynccontextmanager
async def two_servers(pg_dsn: str) -> AsyncIterator[tuple[GameServer, GameServer]]:
    """Two started servers (a, b) on one freshly wiped PostgreSQL database; both stopped after."""
    db = await wiped(pg_dsn)
    a = await GameServer(server_config(db)).start()
    b = await GameServer(server_config(db)).start()
    try:
        yield a, b
    finally:
        await a.stop()
        await b.stop()


async def lose_lock_unnoticed(server: GameServer, code: str) -> None:
    """PostgreSQL no longer counts ``server`` as the holder of ``code``; the server still does."""
    assert await server.registry.ownership._query("SELECT pg_advisory_unlock($1)", lock_key(code)) is True
    assert code in server.registry.ownership.held and code in server.registry.tables


async def stored_meta(server: GameServer, code: str) -> TableMeta:
    stored = await server.store.load(code)
    assert stored is not None
    return TableMeta.from_record(decode_meta(stored.meta))


async def test_a_process_that_lost_the_lock_cannot_overwrite_the_new_owners_seats(pg_dsn: str) -> None:
    async with two_servers(pg_dsn) as (a, b):
        host = await TableClient.connect(a.url)
        await host.attach({"type": "create_table", "sit": 1, "name": "Ana", "seats": HHCC})
        code = str(host.code)
        await lose_lock_unnoticed(a, code)
        bo = await TableClient.connect(b.url)  # B takes the free table over and seats Bo
        await bo.attach({"type": "join", "code": code, "seat": 2, "name": "Bo"})
        assert code in b.registry.tables and b.registry.tables[code].epoch == 1
        mallory = await TableClient.connect(a.url)  # A still believes it serves the table
        with pytest.raises(ServerRefused) as refused:
            await mallory.attach({"type": "join", "code": code, "seat": 2, "name": "Mallory"})
        assert refused.value.error.code == "TABLE_MOVING"
        assert await closed_with(host) == 4003  # A dropped the table: its players go to B
        assert code not in a.registry.tables
        assert a.registry.metrics.tables_moved.labels(reason="conflict")._value.get() == 1
        meta = await stored_meta(b, code)
        assert meta.slots[2].name == "Bo" and meta.slots[2].token_hash == token_hash(str(bo.token))
        assert meta.slots[1].name == "Ana" and meta.started
        await bo.close()
        await mallory.close()


async def test_a_process_that_lost_the_lock_cannot_close_the_table_the_new_owner_serves(pg_dsn: str) -> None:
    async with two_servers(pg_dsn) as (a, b):
        host = await TableClient.connect(a.url)
        await host.attach({"type": "create_table", "sit": 1, "name": "Ana", "public": True, "seats": HHCC})
        code = str(host.code)
        stale = a.registry.tables[code]
        await lose_lock_unnoticed(a, code)
        watcher = await TableClient.connect(b.url)  # B takes it over for a spectator
        await watcher.attach({"type": "spectate", "code": code})
        await a.registry.close_table(stale)  # A's idle timer fires before A notices the loss
        stored = await b.store.load(code)
        assert stored is not None and not stored.closed and stored.epoch == 1
        assert [t.code for t in await b.store.load_listed(10)] == [code]
        await watcher.send({"type": "resync"})  # B serves it on
        assert (await watcher.until(lambda m: getattr(m, "type", None) == "snapshot")) is not None
        await watcher.close()
        await host.close()


async def test_a_process_that_lost_the_lock_cannot_store_a_chat_line_at_the_new_owners_table(pg_dsn: str) -> None:
    async with two_servers(pg_dsn) as (a, b):
        host = await TableClient.connect(a.url)
        await host.attach({"type": "create_table", "sit": 1, "name": "Ana", "seats": HHCC})
        code, token = str(host.code), str(host.token)
        await lose_lock_unnoticed(a, code)
        watcher = await TableClient.connect(b.url)  # B takes the table over
        await watcher.attach({"type": "spectate", "code": code})
        await host.send({"type": "chat", "text": "from the old owner"})
        assert await closed_with(host) == 4003 and code not in a.registry.tables  # A dropped it
        assert await b.store.load_chat(code) == ()
        back = await TableClient.connect(b.url)  # the player reconnects to the owner and talks there
        await back.attach({"type": "rejoin", "code": code, "token": token})
        await back.send({"type": "chat", "text": "hello"})
        await back.until(lambda m: isinstance(m, p.ChatLines) and not m.history)
        assert [(line.id, line.text) for line in back.chat] == [(1, "hello")]
        assert [line_id for line_id, _ in await b.store.load_chat(code)] == [1]
        await back.close()
        await watcher.close()
