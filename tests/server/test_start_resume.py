"""A start with many stored tables listens first (s15, carried from s13: "start-up resumes every table at
once"; bench/start_many.py: 3,000 stored tables kept the port closed 8.9-10.6 s, every player refused).
Past the first ``RESUME_BEFORE_LISTEN`` tables the others are resumed after the server listens, a few at a
time; a player of a table not resumed yet is given it at once (its own load, never a second one)."""
from __future__ import annotations

import asyncio
import time

from doublenine.server import registry as registry_mod
from doublenine.server import resuming
from doublenine.server.storage import open_store

from .conftest import connect, create

TABLES = 6
SLOW = 0.3
"""Seconds each table's resume is made to take here (a long log, a slow store)."""


async def _stored_tables(make_server, path: str) -> list[tuple[str, str]]:
    first = await make_server(store=open_store(path))
    made = []
    for _ in range(TABLES):
        c = await create(first, "hccc", sit=1)
        made.append((c.code, c.token))
    await first.stop()
    return made


async def test_a_start_listens_before_every_table_is_resumed_and_serves_any_table_asked(
        make_server, tmp_path, monkeypatch) -> None:
    path = str(tmp_path / "t.sqlite3")
    made = await _stored_tables(make_server, path)
    monkeypatch.setattr(registry_mod, "RESUME_BEFORE_LISTEN", 2)
    monkeypatch.setattr(resuming, "RESUME_AT_ONCE", 1)  # the last table is reached 3 x SLOW after the start
    resume = registry_mod.Registry._resume_claimed
    loads: list[str] = []

    async def slow(self, stored):  # type: ignore[no-untyped-def]
        loads.append(stored.code)
        await asyncio.sleep(SLOW)
        return await resume(self, stored)

    monkeypatch.setattr(registry_mod.Registry, "_resume_claimed", slow)
    started = time.monotonic()
    server = await make_server(store=open_store(path))
    took = time.monotonic() - started
    assert took < 2 * SLOW + 0.5, took  # two tables here; all six one after another took 1.8 s and more
    order = [s.code for s in await server.store.load_open(rows=False)]
    assert loads[:2] == order[:2] and set(order[:2]) <= set(server.registry.tables)
    newcomer = await create(server, "hccc", sit=1)  # the first new player: answered while the rest resume
    assert newcomer.code in server.registry.tables
    last = order[-1]  # asked for before the background came to it: loaded for its player at once
    token = dict(made)[last]
    back = await connect(server)
    await back.attach({"type": "rejoin", "code": last, "token": token})
    assert back.seat == 1
    table = server.registry.tables[last]
    assert last not in loads  # its player's lookup loaded it, not the background
    more = await server.registry.resumed()
    assert set(order) <= set(server.registry.tables) and server.registry.tables[last] is table
    assert loads == order[:-1] and more == TABLES - 3  # every other table resumed once, in order


async def test_a_stop_during_the_background_resume_leaves_the_others_in_the_store(
        make_server, tmp_path, monkeypatch) -> None:
    path = str(tmp_path / "t.sqlite3")
    await _stored_tables(make_server, path)
    monkeypatch.setattr(registry_mod, "RESUME_BEFORE_LISTEN", 1)
    resume = registry_mod.Registry._resume_claimed

    async def slow(self, stored):  # type: ignore[no-untyped-def]
        await asyncio.sleep(SLOW)
        return await resume(self, stored)

    monkeypatch.setattr(registry_mod.Registry, "_resume_claimed", slow)
    server = await make_server(store=open_store(path))
    await server.stop()  # the batch under way ends, no other begins
    assert len(server.registry.tables) <= 1 + resuming.RESUME_AT_ONCE
    store = open_store(path)
    assert len(await store.load_open(rows=False)) == TABLES  # nothing closed: the next start resumes them
    await store.close()
