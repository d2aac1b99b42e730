"""Solo tables (one person with computers, as ``doublenine play`` makes) close soon after their
person goes, and never lose the game they may come back to (docs/operations.md "Tables nobody
is at").

The case: every solo table stayed open in the store for the idle timeout (30 minutes) after its
only person went, counted in ``/healthz``, ``/metrics`` and the tables-per-address limit; one whose
person gave the seat up (``leave``) had its computers play the match out for nobody meanwhile;
and a server stopped sooner (the window's own server, closed with the window) left them open in
the game file for every later start to load again. The rule: a started table where at most one
seat is held by a person closes ``solo_idle_timeout`` (60 s) after its last connection goes; the
person's ``rejoin`` opens it again where it stood, counted again for their address; a table
friends may join or come back to keeps the idle timeout. Real stores (a SQLite file, PostgreSQL),
a real server, exact counts.
"""
from __future__ import annotations

import asyncio
import json
import urllib.request
from dataclasses import replace
from typing import Any

import pytest

from doublenine.server.addresses import creator_key
from doublenine.server.app import GameServer
from doublenine.server.config import ServerConfig
from doublenine.server.netbot import ServerRefused, TableClient

from doublenine.shared import protocol as p
from doublenine.shared.codec import decode_rows
from doublenine.shared.events import replay
from doublenine.shared.seats import Seat
from doublenine.shared.views import view_for

SOLO = 0.5
"""``solo_idle_timeout`` in these tests (60 s by default)."""
ME = creator_key("127.0.0.1")
"""The store's key of the loopback address group every client here comes from."""


def settings(db: str) -> ServerConfig:
    return ServerConfig(host="127.0.0.1", port=0, db=db, bot_delay=0.05, idle_timeout=1800.0,
                        solo_idle_timeout=SOLO, max_tables_per_address=4)


async def table(server: GameServer, kinds: str, **more: Any) -> TableClient:
    client = await TableClient.connect(server.url)
    seats = [{"kind": "human" if k == "h" else "computer", "level": "easy"} for k in kinds]
    return await client.attach({"type": "create_table", "sit": 1, "name": "Ana", "seats": seats, **more})


async def open_codes(server: GameServer) -> tuple[set[str], set[str], int, int]:
    """(tables the process serves, tables open in the store, the address's open tables, /healthz tables)."""
    stored = {t.code for t in await server.store.load_open()}
    health = await asyncio.to_thread(lambda: json.loads(urllib.request.urlopen(
        f"http://127.0.0.1:{server.port}/healthz", timeout=10).read()))
    return set(server.registry.tables), stored, await server.store.count_open(ME), int(health["tables"])


async def test_a_solo_table_closes_soon_after_its_person_goes_and_reopens_for_them(db: str) -> None:
    server = await GameServer(settings(db)).start()
    try:
        away = await table(server, "hccc", seed=5)  # the window closed: the seat is kept (D7)
        gone = await table(server, "hccc", seed=6)  # Leave: the seat given up
        friends = await table(server, "hhcc", seed=7)  # two people with computers
        friend = await (await TableClient.connect(server.url)).attach(
            {"type": "join", "code": friends.code, "seat": 2, "name": "Bo"})
        waiting = await table(server, "hhhh", seed=8)  # waits for friends who have the code
        codes = [str(c.code) for c in (away, gone, friends, waiting)]
        await gone.send({"type": "leave"})
        await gone.until(lambda m: isinstance(m, p.LeftTable))
        for client in (away, gone, friends, friend, waiting):
            await client.close()
        await asyncio.sleep(SOLO + 1.0)
        assert await open_codes(server) == ({codes[2], codes[3]}, {codes[2], codes[3]}, 2, 2)
        kept = await server.store.load(codes[0])
        assert kept is not None and kept.closed
        events = decode_rows(kept.rows)
        closed = await server.store.load(codes[1])
        assert closed is not None and closed.closed
        rows = len(closed.rows)
        await asyncio.sleep(0.5)  # its computers stopped with it: nothing more is written
        again = await server.store.load(codes[1])
        assert again is not None and len(again.rows) == rows

        back = await (await TableClient.connect(server.url)).attach(
            {"type": "rejoin", "code": codes[0], "token": away.token})
        served = server.registry.tables[codes[0]]  # reopened where it stood, counted for its address
        assert back.seat == 1 and served.log.events[:len(events)] == events
        assert back.view == view_for(served.state, Seat(1))
        assert await open_codes(server) == ({codes[0], codes[2], codes[3]},) * 2 + (3, 3)
        for left in ({"type": "rejoin", "code": codes[1], "token": gone.token},  # a seat given up is gone
                     {"type": "spectate", "code": codes[1]}):
            with pytest.raises(ServerRefused) as refused:
                await (await TableClient.connect(server.url)).attach(left)
            assert refused.value.error.code == "UNKNOWN_TABLE"
        await back.close()
        await asyncio.sleep(SOLO + 1.0)
        assert await open_codes(server) == ({codes[2], codes[3]}, {codes[2], codes[3]}, 2, 2)

        more = [await table(server, "hhhh"), await table(server, "hhhh")]  # the address's 4 open tables
        with pytest.raises(ServerRefused) as refused:  # a reopened table counts like a created one
            await (await TableClient.connect(server.url)).attach(
                {"type": "rejoin", "code": codes[0], "token": away.token})
        assert refused.value.error.code == "TOO_MANY_TABLES"
        stored = await server.store.load(codes[0])
        assert stored is not None and stored.closed
        for client in more:
            await client.close()
    finally:
        await server.stop()


async def test_a_solo_table_left_open_by_a_stopped_server_closes_after_the_next_start(db: str) -> None:
    """The window's own server stops with the window: its solo table stays open in the file, and
    the next start resumes it and closes it after the grace if its person does not come back."""
    first = await GameServer(settings(db)).start()
    try:
        solo = await table(first, "hccc", seed=9)
        code = str(solo.code)
        await solo.until(lambda m: bool(solo.my_decisions()), timeout=20)
    finally:
        await first.stop()  # with its person still connected: released, not closed
    second = await GameServer(replace(settings(db), solo_idle_timeout=SOLO * 4)).start()
    try:
        assert set(second.registry.tables) == {code}  # resumed
        await asyncio.sleep(SOLO * 4 + 1.0)
        assert await open_codes(second) == (set(), set(), 0, 0)
        stored = await second.store.load(code)
        assert stored is not None and stored.closed
        back = await (await TableClient.connect(second.url)).attach(
            {"type": "rejoin", "code": code, "token": solo.token})
        assert back.seat == 1 and back.view == view_for(replay(decode_rows(stored.rows)), Seat(1))
        await back.close()
    finally:
        await second.stop()



async def test_a_stop_waits_for_a_load_under_way_and_starts_none(db: str) -> None:
    """A rejoin's load under way when the stop began finished after it, its table served with its
    computers armed by a stopped server; and a ``/t/CODE`` page meanwhile loaded tables anew."""
    from doublenine.server.table import Refused

    server = await GameServer(settings(db)).start()
    try:
        ana = await table(server, "hhcc", seed=14)
        bo = await (await TableClient.connect(server.url)).attach(
            {"type": "join", "code": ana.code, "seat": 2, "name": "Bo"})
        code = str(ana.code)
        for client in (ana, bo):
            await client.close()
        await server.registry.close_table(server.registry.tables[code])
        loading = asyncio.ensure_future(server.registry.find_or_load(code, token=ana.token, address="127.0.0.1"))
        await asyncio.sleep(0)  # the load is under way
    finally:
        await server.stop()
    served = await loading
    assert (served.closed, served.moved, code in server.registry.tables) == (True, True, True)
    with pytest.raises(Refused) as refused:
        await server.registry.find_or_load("ZZZZZ")
    assert refused.value.code == "SHUTTING_DOWN"
    again = await GameServer(settings(db)).start()
    try:
        assert set(again.registry.tables) == {code}  # reopened by the rejoin, resumed
    finally:
        await again.stop()
