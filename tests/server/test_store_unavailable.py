"""Attacker s10 F7: with the SQLite file locked by another process, ``create_table`` was answered
``INTERNAL`` after 7.4 s and its connection closed 1011, and the players of a table that could not
store its moves were told nothing. The rule (docs/protocol.md "Error codes"): a store failure is
refused ``INTERNAL`` with ``data: {store: "failing", retry_ms}``, nothing done, the connection kept; everyone at a
table whose moves cannot be stored hears it once. Kind: a store error on a connection's path turning
into a disconnect; every message that reaches the store is tried here with a failing store."""
from __future__ import annotations

import asyncio
import sqlite3
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from doublenine.server import connection as server_connection
from doublenine.server.app import GameServer
from doublenine.server.netbot import ServerRefused, TableClient
from doublenine.server.storage.base import MemoryStore
from doublenine.server.storage.sqlite import SQLiteStore
from doublenine.shared import protocol as p
from doublenine.shared.seats import Seat

from .conftest import config

HUMANS_AND_COMPUTERS = [{"kind": "human"}] * 2 + [{"kind": "computer"}] * 2
REFUSED = ("INTERNAL", {"store": "failing", "retry_ms": 2000})


class LockedStore:
    """A store every call of which fails as a locked SQLite file does (reads too) while ``locked``."""

    def __init__(self) -> None:
        self.inner = MemoryStore()
        self.locked = False

    def __getattr__(self, name: str) -> Any:
        real = getattr(self.inner, name)
        if name == "close" or not callable(real):
            return real

        async def call(*args: Any, **kwargs: Any) -> Any:
            if self.locked:
                raise OSError("sqlite: database is locked")
            return await real(*args, **kwargs)
        return call


async def _answer(client: TableClient, fields: dict[str, Any], timeout: float = 15.0) -> tuple[str, Any]:
    """Send ``fields``; the first ``error`` (code, data) or ``joined`` ("joined", None) that answers it,
    then check the connection is still open (a ping answered)."""
    await client.send(fields)
    msg = await client.until(lambda m: isinstance(m, (p.Error, p.Joined)), timeout)
    await asyncio.wait_for(client.ws.ping(), 5)
    return (msg.code, msg.data) if isinstance(msg, p.Error) else ("joined", None)


async def test_a_locked_sqlite_file_refuses_create_table_and_keeps_the_connection(tmp_path: Path) -> None:
    """The reported case, with a real SQLite file held by another connection's ``BEGIN EXCLUSIVE``."""
    path = tmp_path / "lock.sqlite3"
    server = await GameServer(config(), store=SQLiteStore(path)).start()
    other = sqlite3.connect(path, isolation_level=None, timeout=1)
    try:
        creator = await TableClient.connect(server.url)
        other.execute("BEGIN EXCLUSIVE")
        assert await _answer(creator, {"type": "create_table", "sit": 1, "seats": HUMANS_AND_COMPUTERS}) == REFUSED
        assert server.registry.tables == {}
        other.execute("COMMIT")
        assert await _answer(creator, {"type": "create_table", "sit": 1, "seats": HUMANS_AND_COMPUTERS}) \
            == ("joined", None)  # the same connection, once the file is free
    finally:
        other.close()
        await server.stop()


async def test_every_action_that_needs_a_failing_store_is_refused_and_no_connection_closes() -> None:
    store = LockedStore()
    server = await GameServer(config(), store=store).start()
    try:
        host = await (await TableClient.connect(server.url)).attach(
            {"type": "create_table", "sit": 1, "seed": 5, "seats": [{"kind": "human"}] * 4})
        others = [await (await TableClient.connect(server.url)).attach(
            {"type": "join", "code": host.code, "seat": seat}) for seat in (2, 3, 4)]
        players = [host, *others]
        for client in players:  # the fourth join started the match; each hears it
            if not (client.table and client.table.started):
                await client.until(lambda m, c=client: bool(c.table and c.table.started))
        watcher = await (await TableClient.connect(server.url)).attach({"type": "spectate", "code": host.code})
        store.locked = True
        fresh = [await TableClient.connect(server.url) for _ in range(3)]
        assert await _answer(fresh[0], {"type": "create_table", "sit": 1, "seats": HUMANS_AND_COMPUTERS}) == REFUSED
        assert await _answer(fresh[1], {"type": "spectate", "code": "ZZZZZ"}) == REFUSED  # not held here: read
        assert await _answer(fresh[2], {"type": "rejoin", "code": "YYYYY", "token": "t" * 22}) == REFUSED
        assert await _answer(host, {"type": "chat", "text": "hello"}) == REFUSED
        # a move: refused to its player, and everyone at the table hears the table cannot store, once
        mover = next(c for c in players if c.my_decisions())
        iid = await mover.intent(mover.my_decisions()[0])
        refusal = await mover.until(lambda m: isinstance(m, p.Error) and m.intent_id == iid)
        assert (refusal.code, refusal.data) == REFUSED
        for client in [c for c in players if c is not mover] + [watcher]:
            told = await client.until(lambda m: isinstance(m, p.Error))
            assert (told.code, told.data, told.intent_id) == (*REFUSED, None)
        # D7: a seat handed over to the computer comes back through the store: refused, still handed over
        table = server.registry.tables[str(host.code)]
        table.slots[Seat(2)].handed_over = True
        assert await _answer(others[0], {"type": "back"}) == REFUSED
        assert table.slots[Seat(2)].handed_over
        assert await _answer(others[1], {"type": "leave"}) == REFUSED
        assert table.slots[Seat(4)].claimed
        store.locked = False
        assert await _answer(fresh[0], {"type": "create_table", "sit": 1, "seats": HUMANS_AND_COMPUTERS}) \
            == ("joined", None)
    finally:
        await server.stop()


async def test_a_store_error_no_handler_refused_is_still_a_refusal_not_a_close(monkeypatch: pytest.MonkeyPatch) -> None:
    """The safety net for the kind: an ``OSError`` (the Store contract's failure) leaving any handler is
    refused as a store failure with the intent's id, and the connection goes on."""
    async def failing(c: Any, m: Any) -> None:
        raise OSError("sqlite: database is locked")

    monkeypatch.setitem(server_connection.HANDLERS, p.Chat, failing)
    server = await GameServer(config(), store=MemoryStore()).start()
    try:
        host = await (await TableClient.connect(server.url)).attach(
            {"type": "create_table", "sit": 1, "seats": HUMANS_AND_COMPUTERS})
        assert await _answer(host, {"type": "chat", "text": "hello"}) == REFUSED
        with pytest.raises(ServerRefused) as again:  # still served: the next frame is read and answered
            await host.attach({"type": "spectate", "code": str(host.code)})
        assert again.value.error.code == "ALREADY_AT_TABLE"
    finally:
        await server.stop()


async def test_a_table_page_while_the_store_fails_is_503_never_a_made_up_table() -> None:
    """The page path of the same kind: ``/t/CODE`` of a table the process must read from a failing store
    is ``503`` with ``Retry-After: 2`` (docs/operations.md), never a server error and never a page made up
    for a code the store did not answer for (operator s11 round 2 finding 1, 9533d51: this test said 200
    with the waiting page before, which showed a table for a code naming none)."""
    store = LockedStore()
    server = await GameServer(config(), store=store).start()
    try:
        store.locked = True
        with pytest.raises(urllib.error.HTTPError) as refused:
            await asyncio.to_thread(urllib.request.urlopen, f"http://127.0.0.1:{server.port}/t/ZZZZZ", None, 10)
        body = refused.value.read().decode()
        assert (refused.value.code, refused.value.headers["Retry-After"]) == (503, "2")
        assert "This page cannot be shown right now" in body and 'data-code="ZZZZZ"' not in body
    finally:
        await server.stop()
