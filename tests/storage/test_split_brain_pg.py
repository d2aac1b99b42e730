"""Operator s15 F1 (High): a table served by a process that does not hold its lock (split brain).

Reported case: a restarted process resumed the stored tables without counting them as loading; a
hand-over asked meanwhile (``NOTIFY dn_handover``: a player of the table reached another process at
``/t/CODE``) found the table not served yet and released its lock, and the resume served it all the
same. The asker served it too: two copies, each waiting for the seats connected to the other, frozen
for minutes with nothing in any log or metric.

The kind: a table served without its lock held. A hand-over asked during a load (a resume, a
lookup's, an adoption) waits for the load and then hands the table over; a load whose claim was
given up meanwhile (the lock connection dropped) does not register its table; and the periodic
check (``TableMoves.check_locks``) drops a table whose lock PostgreSQL says this process does not
hold, closing its connections 4003 so its players rejoin the process that holds it.
Real servers on one PostgreSQL, real websocket clients.
"""
from __future__ import annotations

import asyncio
import logging
import random
from typing import Any

import asyncpg  # type: ignore[import-untyped]
import pytest

from doublenine.server import moving, registry
from doublenine.server.app import GameServer
from doublenine.server.netbot import ServerRefused, TableClient
from doublenine.server.storage.pglocks import held_key, lock_key

from .test_takeover import closed_with, server_config, started_table, wiped


async def locks_of(con: asyncpg.Connection, server: GameServer) -> set[int]:
    """The advisory lock keys ``server``'s lock connection holds, as PostgreSQL says (the servers of
    these tests share one process id, so by the connection's backend pid)."""
    rows = await con.fetch("SELECT classid::bigint AS hi, objid::bigint AS lo FROM pg_locks WHERE locktype ="
                           " 'advisory' AND objsubid = 1 AND pid = $1",
                           server.registry.ownership._con.get_server_pid())
    return {held_key(r["hi"], r["lo"]) for r in rows}


def gauge(server: GameServer, name: str, **labels: str) -> float:
    value = server.registry.metrics.registry.get_sample_value(name, labels)
    assert value is not None, name
    return value


@pytest.mark.parametrize("before_listen", [64, 0], ids=["resumed-before-listening", "resumed-in-the-background"])
async def test_f1_a_hand_over_asked_while_a_restarted_process_resumes_the_table_leaves_one_copy(
        pg_dsn: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, before_listen: int) -> None:
    """The reported case, on both paths of a start's resume (``server/resuming.py``)."""
    caplog.set_level(logging.INFO, logger="doublenine.server")
    monkeypatch.setattr(registry, "RESUME_BEFORE_LISTEN", before_listen)
    monkeypatch.setattr(moving, "ADOPT_CONNECTED_AFTER", 600.0)  # B adopts nothing by itself here
    monkeypatch.setattr(registry, "HANDOVER_WAIT", 15.0)  # a loaded machine: the ask outlives the load
    db = await wiped(pg_dsn)
    old = await GameServer(server_config(db)).start()
    servers = [old]
    con = await asyncpg.connect(pg_dsn)
    try:
        human = await started_table(old.url, random.Random(3))
        code, token = str(human.code), str(human.token)
        b = await GameServer(server_config(db)).start()  # live; the old process holds the table
        servers.append(b)
        await b.registry.resumed()  # its start's resume (in the background too) is over
        assert code not in b.registry.tables
        await old.stop()  # the roll: the table stays open in the store, its player was connected
        a = GameServer(server_config(db))  # the old process started again
        servers.append(a)
        asked = asyncio.Event()
        real_asked = a.registry._asked_for

        def asked_for(c: str) -> None:
            real_asked(c)
            if c == code:
                asked.set()

        a.registry._asked_for = asked_for  # type: ignore[method-assign]
        store = a.registry.store
        real_take = store.take
        back: list[asyncio.Task[TableClient]] = []

        async def rejoin_at_b() -> TableClient:  # the player back, sent by nginx to B, which asks A
            player = await TableClient.connect(f"{b.url}t/{code}")
            await player.attach({"type": "rejoin", "code": code, "token": token})
            return player

        async def take(c: str, *args: Any, **kwargs: Any) -> Any:
            if c == code and not back:  # A resumes the table (claimed): B asks for it right now
                back.append(asyncio.get_running_loop().create_task(rejoin_at_b()))
                await asyncio.wait_for(asked.wait(), 10)
                await asyncio.sleep(0.5)  # the old code's hand-over released the claim meanwhile
            return await real_take(c, *args, **kwargs)

        store.take = take  # type: ignore[method-assign]
        await a.start()
        await a.registry.resumed()
        assert back, "the resume did not take the table"
        player = await back[0]
        assert player.seat == 1
        # one copy, served by the process holding its lock (old code: A served its own copy
        # without the lock, B the live one)
        assert [s is b for s in (a, b) if code in s.registry.tables] == [True]
        assert await locks_of(con, b) == {lock_key(code)} and await locks_of(con, a) == set()
        assert code not in a.registry.ownership.held
        assert gauge(a, "doublenine_tables_moved_total", reason="handover") == 1
        assert caplog.text.count(f"table {code} handed over to another server process") == 1
        assert gauge(a, "doublenine_tables_without_lock") == 0 and gauge(b, "doublenine_tables_without_lock") == 0
        await player.close()
        await human.close()
    finally:
        await con.close()
        for server in servers:
            await server.stop()


async def test_a_load_whose_lock_connection_dropped_meanwhile_does_not_serve_the_table(
        pg_dsn: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same kind on a lookup's load: the claim went with the lock connection while the table was
    read; the loaded copy is not served (old code: served with no lock, while another process could
    claim and serve the table too)."""
    db = await wiped(pg_dsn)
    x = await GameServer(server_config(db)).start()
    servers = [x]
    try:
        human = await started_table(x.url, random.Random(4))
        code, token = str(human.code), str(human.token)
        await human.close()
        await x.stop()
        a = GameServer(server_config(db))
        servers.append(a)
        a.registry.resume = _resume_nothing  # type: ignore[method-assign]
        await a.start()
        store = a.registry.store
        real_load = store.load

        async def load(c: str, *args: Any, **kwargs: Any) -> Any:
            stored = await real_load(c, *args, **kwargs)
            if c == code and kwargs.get("rows", True):  # the lock connection drops while it is read
                a.registry.ownership._con.terminate()
                await asyncio.sleep(0)
            return stored

        store.load = load  # type: ignore[method-assign]
        player = await TableClient.connect(f"{a.url}t/{code}")
        with pytest.raises(ServerRefused) as refused:
            await player.attach({"type": "rejoin", "code": code, "token": token})
        assert (refused.value.error.code, refused.value.error.data) == ("TABLE_MOVING", {"retry_ms": 500})
        assert code not in a.registry.tables and code not in a.registry.ownership.held
        await player.close()
    finally:
        for server in servers:
            await server.stop()


async def _resume_nothing(first: int | None = None) -> int:
    return 0


async def test_a_table_served_without_its_lock_is_dropped_by_the_check_with_4003(
        pg_dsn: str, caplog: pytest.LogCaptureFixture) -> None:
    """The invariant check: the lock given up under a served table (this process's own set says so)
    and the lock gone in PostgreSQL while the set still names it: each table is dropped once, its
    players closed 4003 (they rejoin where the lock is held), counted ``reason="unlocked"`` and
    logged at ERROR with its code; ``doublenine_tables_without_lock`` says how many are served
    without their lock until the check drops them."""
    caplog.set_level(logging.INFO, logger="doublenine.server")
    db = await wiped(pg_dsn)
    a = await GameServer(server_config(db)).start()
    con = await asyncpg.connect(pg_dsn)
    try:
        first = await started_table(a.url, random.Random(5), moves=1)
        second = await started_table(a.url, random.Random(6), moves=1)
        kept = await started_table(a.url, random.Random(7), moves=1)
        one, two = str(first.code), str(second.code)
        assert await a.registry.check_locks() == 0
        await a.registry.ownership.release(one)  # given up, still served (the F1 state)
        await a.registry.ownership._query("SELECT pg_advisory_unlock($1)", lock_key(two))  # gone in PostgreSQL
        assert gauge(a, "doublenine_tables_without_lock") == 1  # the set knows of the first only
        assert await a.registry.check_locks() == 2
        assert await closed_with(first) == 4003 and await closed_with(second) == 4003
        assert sorted(a.registry.tables) == [str(kept.code)]
        assert a.registry.ownership.held == {str(kept.code)}
        assert await locks_of(con, a) == {lock_key(str(kept.code))}
        assert gauge(a, "doublenine_tables_without_lock") == 0
        assert gauge(a, "doublenine_tables_moved_total", reason="unlocked") == 2
        assert await a.registry.check_locks() == 0
        for code in (one, two):
            assert caplog.text.count(f"table {code} served without its lock") == 1
        await kept.close()
    finally:
        await con.close()
        await a.stop()
