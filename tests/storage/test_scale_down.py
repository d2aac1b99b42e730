"""Scale-down (attacker finding, session 7): a process of several on one PostgreSQL stopping cleanly
left its tables open in the store with nobody serving them. A solo table nobody was at stayed
"open" (listed on ``/``, counted in its creator's tables-per-address limit, holding its code) until
someone looked its code up, instead of closing ``solo_idle_timeout`` later as on the process that
stopped. The stopping process now names the tables it leaves open (``NOTIFY dn_orphaned``) and a
live process adopts them: at once those nobody was at, after ``ADOPT_CONNECTED_AFTER`` those whose
players were connected, unless a player came back first (then the process they reached keeps it:
no hand-over back and forth). Every table stays resumable by its players (D7). Real servers on one
PostgreSQL, real websocket clients; tests/deploy/test_scale_down.py does it with real processes.
"""
from __future__ import annotations

import asyncio
from dataclasses import replace

import pytest

from doublenine.server import moving, registry
from doublenine.server.addresses import creator_key
from doublenine.server.app import GameServer
from doublenine.server.netbot import TableClient
from doublenine.shared.seats import Seat
from doublenine.shared.views import view_for

from .test_takeover import server_config, wiped

SOLO = 0.5
"""``solo_idle_timeout`` here (60 s by default)."""
ME = creator_key("127.0.0.1")


async def make(server: GameServer, kinds: str) -> TableClient:
    seats = [{"kind": "human" if k == "h" else "computer", "level": "easy"} for k in kinds]
    client = await TableClient.connect(server.url)
    await client.attach({"type": "create_table", "sit": 1, "name": "Ana", "seats": seats, "public": True, "seed": 3})
    if "c" in kinds:  # a solo table: its match started
        await client.until(lambda m: bool(client.my_decisions()), timeout=20)
    return client


async def until(check, timeout: float = 10.0) -> None:  # type: ignore[no-untyped-def]
    end = asyncio.get_running_loop().time() + timeout
    while not await check():
        assert asyncio.get_running_loop().time() < end, "not in time"
        await asyncio.sleep(0.05)


async def test_idle_tables_of_a_stopped_process_are_adopted_and_a_solo_one_closes(pg_dsn: str) -> None:
    db = await wiped(pg_dsn)
    config = replace(server_config(db), solo_idle_timeout=SOLO, idle_timeout=1800.0)
    a, b = await GameServer(config).start(), await GameServer(config).start()
    try:
        solo, waiting = await make(a, "hccc"), await make(a, "hhhh")
        codes = (str(solo.code), str(waiting.code))
        await solo.close()
        await waiting.close()

        async def nobody_at_a() -> bool:
            return not any(t.subscribers for t in a.registry.tables.values())

        await until(nobody_at_a)
        await a.stop()  # before the solo table's 0.5 s: both left open in the store

        async def adopted_and_solo_closed() -> bool:
            stored = await b.store.load(codes[0])
            return set(b.registry.tables) == {codes[1]} and stored is not None and stored.closed

        await until(adopted_and_solo_closed)
        assert [t.code for t in await b.store.load_listed(50)] == [codes[1]]
        assert await b.store.count_open(ME) == 1
        back = await (await TableClient.connect(b.url)).attach(  # still the player's (D7)
            {"type": "rejoin", "code": codes[0], "token": solo.token})
        assert back.seat == 1 and back.view == view_for(b.registry.tables[codes[0]].state, Seat(1))
        await back.close()
    finally:
        await a.stop()
        await b.stop()


async def test_a_table_whose_players_were_connected_goes_to_the_one_they_reconnect_to(
        pg_dsn: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Adopted only after the wait, and only by claiming: a player who reconnected first keeps the
    process they reached (no 4003 from an adopter); one nobody came back to is adopted."""
    monkeypatch.setattr(moving, "ADOPT_CONNECTED_AFTER", 1.0)
    db = await wiped(pg_dsn)
    config = replace(server_config(db), idle_timeout=1800.0)
    a, b, c = [await GameServer(config).start() for _ in range(3)]
    try:
        back_soon, never = await make(a, "hhhh"), await make(a, "hhhh")
        await a.stop()  # closes both connections 1001; the tables were connected
        await asyncio.sleep(0.1)
        assert set(b.registry.tables) | set(c.registry.tables) == set()  # not adopted yet
        back = await (await TableClient.connect(c.url)).attach(
            {"type": "rejoin", "code": back_soon.code, "token": back_soon.token})

        async def adopted() -> bool:
            return str(never.code) in set(b.registry.tables) | set(c.registry.tables)

        await until(adopted)
        await asyncio.sleep(0.5)  # well past every adopter's try for the table already served
        assert str(back_soon.code) in c.registry.tables and str(back_soon.code) not in b.registry.tables
        await asyncio.wait_for(await back.ws.ping(), 5)  # never closed 4003: it did not move
        await back.close()
    finally:
        for server in (a, b, c):
            await server.stop()
