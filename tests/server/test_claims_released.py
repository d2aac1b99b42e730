"""Issue 12: every table claim (an advisory lock on PostgreSQL) is released on every path where the
claimed table does not end up served, and one table that cannot be resumed does not stop the
others (reported case: ``Registry.resume`` kept the claim of a table whose store read failed, so a
table nobody served stayed held by this process, and the resume stopped at it).

A store that fails at each step of serving one claimed table (take, load, a record that does not
decode, its chat, its due shuffle, a cancel), on the resume, lookup, adoption and create paths; and a join
whose seat was stored as its table moved (the lock lost meanwhile): the token still reaches its
player, who rejoins where the table is served now."""
from __future__ import annotations

import asyncio
import errno
from dataclasses import replace
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from doublenine.server.computer import Brain
from doublenine.server.netbot import ServerRefused
from doublenine.server.registry import Registry
from doublenine.server.seating import token_matches
from doublenine.server.storage.base import MemoryStore
from doublenine.server.table import Table
from doublenine.shared import protocol as p

from .conftest import config, connect, create, seats

STEPS = ("take", "load", "decode", "load_chat", "flush", "cancel")
"""Where serving the claimed table fails: a store call (OSError), its record (does not decode),
its due shuffle's append, or a cancel while its chat is read."""


class Claims:
    """Ownership shared with other processes (``exclusive`` False: take and load again after the
    claim, as on PostgreSQL), every claim granted; remembers what is held and what was released."""

    exclusive = False

    def __init__(self) -> None:
        self.held: set[str] = set()
        self.released: list[str] = []

    async def claim(self, code: str) -> bool:
        """Take ``code`` (always granted)."""
        self.held.add(code)
        return True

    async def release(self, code: str, orphaned: bool = False) -> None:
        """Let ``code`` go."""
        self.held.discard(code)
        self.released.append(code)

    async def close(self, left_open: dict[str, bool] | None = None) -> None:
        """Let every claim go (the registry's shutdown)."""
        self.held.clear()


class FaultyStore:
    """A :class:`MemoryStore` whose reads of the table ``bad`` fail at step ``step`` of :data:`STEPS`."""

    def __init__(self, inner: MemoryStore) -> None:
        self.inner = inner
        self.bad: str | None = None
        self.step = ""

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def _fails(self, step: str, code: str) -> bool:
        return self.bad == code and self.step == step

    async def take(self, code: str) -> int | None:
        if self._fails("take", code):
            raise OSError(errno.EIO, "Input/output error")
        return await self.inner.take(code)

    async def load(self, code: str, rows: bool = True) -> Any:
        if self._fails("load", code):
            raise OSError(errno.EIO, "Input/output error")
        stored = await self.inner.load(code, rows)
        if stored is not None and self._fails("decode", code):
            return replace(stored, meta=b"\xc1 not msgpack")
        return stored

    async def load_chat(self, code: str) -> Any:
        if self._fails("load_chat", code):
            raise OSError(errno.EIO, "Input/output error")
        if self._fails("cancel", code):
            raise asyncio.CancelledError
        return await self.inner.load_chat(code)


async def _three_open_tables(make_server: Any) -> tuple[MemoryStore, list[str]]:
    """A store holding three open tables (one seat taken each), left by a server that stopped; their
    codes in the order a resume reads them."""
    inner = MemoryStore()
    server = await make_server(store=inner)
    for n in (1, 2, 3):
        await create(server, "hhhh", sit=1, seed=n)
    await server.stop()
    return inner, [stored.code for stored in await inner.load_open()]


def _registry(store: FaultyStore) -> tuple[Registry, Claims]:
    registry = Registry(config(), store, Brain(None))
    claims = Claims()
    registry.ownership = claims
    return registry, claims


def _fail_flush(monkeypatch: pytest.MonkeyPatch, store: FaultyStore) -> None:
    """The due shuffle's append of the bad table fails (as a full disk would)."""
    real = Table.flush_unstored

    async def flush(table: Table) -> None:
        if store._fails("flush", table.code):
            raise OSError(errno.ENOSPC, "No space left on device")
        await real(table)

    monkeypatch.setattr(Table, "flush_unstored", flush)


@pytest.mark.parametrize("step", STEPS)
async def test_resume_releases_the_claim_of_a_table_it_cannot_serve_and_resumes_the_others(
        make_server: Any, monkeypatch: pytest.MonkeyPatch, step: str) -> None:
    inner, (first, bad, last) = await _three_open_tables(make_server)
    store = FaultyStore(inner)
    store.bad, store.step = bad, step
    _fail_flush(monkeypatch, store)
    registry, claims = _registry(store)
    try:
        if step == "cancel":  # a cancel (Ctrl-C while resuming) stops the resume, the claim released first
            with pytest.raises(asyncio.CancelledError):
                await registry.resume()
            assert sorted(registry.tables) == [first]
            assert claims.held == {first}
        else:
            assert await registry.resume() == 2
            assert sorted(registry.tables) == sorted([first, last])
            assert claims.held == {first, last}
        assert claims.released == [bad]
        store.bad = None  # the store works again: a returning player's lookup serves the table
        table = await registry.find_or_load(bad)
        assert table.code == bad and registry.tables[bad] is table and bad in claims.held
    finally:
        await registry.shutdown()


@pytest.mark.parametrize("path", ["lookup", "adoption"])
@pytest.mark.parametrize("step", STEPS)
async def test_a_lookup_or_an_adoption_releases_the_claim_of_a_table_it_cannot_serve(
        make_server: Any, monkeypatch: pytest.MonkeyPatch, step: str, path: str) -> None:
    """A player's lookup, and the adoption of a table another process left open: both claim, then serve."""
    inner, (_, bad, _) = await _three_open_tables(make_server)
    store = FaultyStore(inner)
    _fail_flush(monkeypatch, store)
    registry, claims = _registry(store)
    serve = registry.find_or_load if path == "lookup" else registry._claim_and_adopt
    try:
        store.bad, store.step = bad, step
        with pytest.raises(asyncio.CancelledError if step == "cancel" else Exception):
            await serve(bad)
        assert registry.tables == {} and claims.held == set() and claims.released == [bad]
        store.bad = None
        assert (await serve(bad)).code == bad and claims.held == {bad}
        assert claims.released == [bad]  # the claim of the table served stays
    finally:
        await registry.shutdown()


async def test_a_create_releases_its_new_code_when_building_the_table_fails(make_server: Any) -> None:
    registry, claims = _registry(FaultyStore(MemoryStore()))

    def broken(meta: Any, events: Any) -> Table:
        raise MemoryError("no room for the new table")

    registry._new_table = broken  # type: ignore[method-assign]
    spec = p.CLIENT_ADAPTER.validate_python({"type": "create_table", "seats": seats(*"hhhh"), "sit": 1})
    with pytest.raises(MemoryError):
        await registry.create(spec, "127.0.0.1")
    assert registry.tables == {} and claims.held == set() and len(claims.released) == 1


async def test_a_join_stored_as_its_table_moved_still_gives_its_player_the_token(make_server: Any) -> None:
    server = await make_server()
    host = await create(server, "hhhh", sit=1)
    table = server.registry.tables[host.code]
    real = table.store

    class LosingLocks:
        """The store as the lock connection drops while the new seat is being stored."""

        def __getattr__(self, name: str) -> Any:
            return getattr(real, name)

        async def update_meta(self, code: str, meta: bytes, epoch: int | None = None) -> None:
            await real.update_meta(code, meta, epoch)
            server.registry._lost_all("lock connection lost (test)")

    table.store = LosingLocks()
    joiner = await (await connect(server)).attach({"type": "join", "code": host.code, "seat": 2, "name": "Bo"})
    assert joiner.seat == 2 and joiner.token is not None
    with pytest.raises(ConnectionClosed) as closed:
        await joiner.next(5.0)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4003
    stored = await server.registry.store.load(host.code)
    from doublenine.server.seating import TableMeta
    from doublenine.shared.codec import decode_meta
    slot = TableMeta.from_record(decode_meta(stored.meta)).slots[2]
    assert token_matches(joiner.token, slot.token_hash)
    back = await (await connect(server)).attach({"type": "rejoin", "code": host.code, "token": joiner.token})
    assert back.seat == 2 and server.registry.tables[host.code] is not table
    for c in (host, joiner, back):
        await c.close()


async def test_a_table_handed_over_while_its_creation_was_stored_is_not_given_to_its_creator(
        make_server: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Operator s15 F1 kind (a table served without its claim), on the create path: a hand-over asked
    while a create stores its new table releases the claim and drops the table; the creator is
    refused TABLE_MOVING (the join of a table moved), never seated at the dropped copy: its client
    retries, and the process that holds the table serves it."""
    server = await make_server()
    real = Table.persist_new

    async def persist_new(table: Table, *args: Any, **kwargs: Any) -> None:
        await real(table, *args, **kwargs)
        await server.registry.hand_over(table.code)  # asked meanwhile (NOTIFY dn_handover)

    monkeypatch.setattr(Table, "persist_new", persist_new)
    client = await connect(server)
    with pytest.raises(ServerRefused) as refused:
        await client.attach({"type": "create_table", "seats": seats(*"hhhh"), "sit": 1})
    assert (refused.value.error.code, refused.value.error.data) == ("TABLE_MOVING", {"retry_ms": 500})
    assert server.registry.tables == {} and server.registry.ownership.held == set()
    await client.close()
