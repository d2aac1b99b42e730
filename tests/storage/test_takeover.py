"""One owner per table across processes (issue 12 cases 0 and 1, "Ownership").

PostgreSQL: two real servers on one database; a table is served by the process holding
its advisory lock. A process asked for a table the other holds asks it (NOTIFY) to hand
it over: the holder closes the table's connections with 4003 and the asker resumes it
from the store; a restarted process does not resume a table a live process holds
(failback splits no table); a process whose lock connection drops stops serving at once.
SQLite: a second process on one file is refused at start; a write conflict that happens
anyway (two servers on one shared store object) drops the table once, with one log line.
Real servers on 127.0.0.1 port 0, real websocket clients.
"""
from __future__ import annotations

import asyncio
import logging
import random
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed

from doublenine.server.app import GameServer
from doublenine.server.computer import _fallback
from doublenine.server.config import ServerConfig
from doublenine.server.netbot import ServerRefused, TableClient, play_seat
from doublenine.server.storage import MemoryStore, open_store
from doublenine.server.storage.ownerfile import StoreInUse
from doublenine.server.storage.postgres import PostgresStore
from doublenine.shared import protocol as p
from doublenine.shared.state import Phase

HCCC = [{"kind": "human"}] + [{"kind": "computer", "level": "easy"}] * 3


def server_config(db: str) -> ServerConfig:
    return ServerConfig(host="127.0.0.1", port=0, db=db, bot_delay=0.0)


def easy(view, rng):  # type: ignore[no-untyped-def]
    return _fallback(view, "easy", rng)


async def wiped(dsn: str) -> str:
    store = PostgresStore(dsn)
    await store.drop_all()
    await store.close()
    return dsn


async def closed_with(client: TableClient, timeout: float = 10) -> int:
    """Read until the server closes ``client``; its close code."""
    try:
        await client.until(lambda m: False, timeout=timeout)
    except ConnectionClosed as exc:
        assert exc.rcvd is not None
        return exc.rcvd.code
    raise AssertionError("not closed")


async def started_table(url: str, rng: random.Random, moves: int = 4) -> TableClient:
    human = await TableClient.connect(url)
    await human.attach({"type": "create_table", "sit": 1, "seed": 3, "seats": HCCC})
    await play_seat(human, easy, rng, stop=lambda c: c.view.phase is Phase.PLAY and len(c.view.moves) >= moves)
    return human


async def test_a_table_held_by_a_live_process_is_handed_over_when_asked_and_never_forks(pg_dsn: str) -> None:
    db = await wiped(pg_dsn)
    a = await GameServer(server_config(db)).start()
    b = await GameServer(server_config(db)).start()
    rng = random.Random(5)
    try:
        human = await started_table(a.url, rng)
        code, token = str(human.code), str(human.token)
        assert code not in b.registry.tables  # B does not resume a table A holds
        # Through B on /t/CODE (nginx would send a reconnect there): B asks A, A hands it over.
        other = await TableClient.connect(f"{b.url}t/{code}")
        await other.attach({"type": "rejoin", "code": code, "token": token})
        assert await closed_with(human) == 4003  # table moved, reconnect
        assert code not in a.registry.tables and code in b.registry.tables
        table = b.registry.tables[code]
        assert other.seq == table.seq and other.view is not None
        hands = len(table.state.finished)
        await play_seat(other, easy, rng, stop=lambda c: len(c.view.finished) > hands
                        or c.view.phase is Phase.MATCH_OVER)
        async with table.lock:  # not while a computer move is being stored
            stored = await b.store.load(code)
            events = len(table.log.events)
        assert stored is not None and [s for s, _ in stored.rows] == list(range(events))
        assert a.registry.metrics.tables_moved.labels(reason="handover")._value.get() == 1
        await other.close()
    finally:
        await a.stop()
        await b.stop()


async def test_case_1_a_restarted_process_does_not_serve_a_table_another_live_process_holds(
        pg_dsn: str) -> None:
    db = await wiped(pg_dsn)
    a = await GameServer(server_config(db)).start()
    rng = random.Random(7)
    b: GameServer | None = None
    a2: GameServer | None = None
    try:
        human = await started_table(a.url, rng)
        code, token = str(human.code), str(human.token)
        await human.close()
        await a.stop()  # A goes away; B takes the table over on the player's rejoin
        b = await GameServer(server_config(db)).start()
        assert code in b.registry.tables  # free: resumed at start
        player = await TableClient.connect(b.url)
        await player.attach({"type": "rejoin", "code": code, "token": token})
        await play_seat(player, easy, rng, stop=lambda c: len(c.view.moves) >= 8 or c.view.phase is not Phase.PLAY)
        held_by_b = b.registry.tables[code]
        a2 = await GameServer(server_config(db)).start()  # A comes back
        assert code not in a2.registry.tables  # case 1: B still holds it
        # A spectator reaches A2 (nginx routes the code there again): A2 asks B for the table.
        watcher = await TableClient.connect(f"{a2.url}t/{code}")
        await watcher.attach({"type": "spectate", "code": code})
        assert await closed_with(player) == 4003
        table = a2.registry.tables[code]
        assert watcher.seq == table.seq == held_by_b.seq  # not an old position (it was 40 vs 55)
        back = await TableClient.connect(a2.url)
        await back.attach({"type": "rejoin", "code": code, "token": token})
        assert back.seq == table.seq
        before = table.seq
        await play_seat(back, easy, rng, stop=lambda c: c.seq >= before + 6 or c.view.phase is Phase.MATCH_OVER)
        assert not [e for e in back.errors if e.code == "INTERNAL"]  # every move accepted
        async with table.lock:  # not while a computer move is being stored
            stored = await a2.store.load(code)
            events = len(table.log.events)
        assert stored is not None and [s for s, _ in stored.rows] == list(range(events))
        await back.close()
        await watcher.close()
    finally:
        for server in (a, b, a2):
            if server is not None and not server.stopping:
                await server.stop()


async def test_a_process_that_loses_its_lock_connection_stops_serving_and_never_writes_again(
        pg_dsn: str) -> None:
    db = await wiped(pg_dsn)
    a = await GameServer(server_config(db)).start()
    b = await GameServer(server_config(db)).start()
    rng = random.Random(9)
    try:
        human = await started_table(a.url, rng)
        code, token = str(human.code), str(human.token)
        table = a.registry.tables[code]
        a.registry.ownership._con.terminate()  # the lock connection drops (network, PostgreSQL restart)
        assert await closed_with(human) == 4003
        assert a.registry.tables == {} and table.moved
        if not a.registry.ownership.healthy:  # until it reconnects (within a second): nginx moves away
            assert a.health()["status"] == "store_failing" and "lock connection" in a.health()["store"]
        assert a.registry.metrics.tables_moved.labels(reason="lost")._value.get() == 1
        # The table is free: B takes it with nobody to ask (A's locks went with its connection).
        back = await TableClient.connect(b.url)
        await back.attach({"type": "rejoin", "code": code, "token": token})
        assert back.seat == 1 and code in b.registry.ownership.held
        seq = back.seq
        await play_seat(back, easy, rng, stop=lambda c: c.seq >= seq + 4 or c.view.phase is Phase.MATCH_OVER)
        assert table.seq <= seq  # the old object wrote nothing after the loss
        await back.close()
        for _ in range(100):  # A reconnects its lock connection by itself (heartbeat) and serves again
            if a.registry.ownership.healthy:
                break
            await asyncio.sleep(0.1)
        assert a.health()["status"] == "ok"
        fresh = await TableClient.connect(a.url)
        await fresh.attach({"type": "create_table", "sit": 1, "seats": HCCC})
        assert fresh.code in a.registry.tables and fresh.code in a.registry.ownership.held
        await fresh.close()
    finally:
        await a.stop()
        await b.stop()


async def test_case_0_a_second_process_on_one_sqlite_file_is_refused_at_start(tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite3"
    a = await GameServer(server_config(str(db))).start()
    try:
        with pytest.raises(StoreInUse) as refused:
            open_store(db)
        message = str(refused.value)
        assert str(db) in message and "in use by another doublenine server" in message
        assert refused.value.url == a.local_url  # a second game window can join this one
    finally:
        await a.stop()
    open_store(db)  # free again once the first stopped (and after a crash: the kernel drops the lock)


async def test_case_0_a_write_conflict_drops_the_table_once_with_one_log_line(
        caplog: pytest.LogCaptureFixture) -> None:
    shared = MemoryStore()  # two servers on one store: what a second process on one file was
    a = await GameServer(server_config(":memory:"), store=shared).start()
    b: GameServer | None = None
    try:
        watcher = await TableClient.connect(a.url)
        await watcher.attach({"type": "create_table", "seed": 4, "seats": [HCCC[1]] * 4})
        code = str(watcher.code)
        caplog.clear()
        with caplog.at_level(logging.INFO, logger="doublenine"):
            b = await GameServer(server_config(":memory:"), store=shared).start()
            assert b.registry.metrics.tables_resumed._value.get() == 1  # A's table too: computers on both
            # B's copy plays only while someone follows it (3c4253d: a table nobody is attached to waits)
            follower = await TableClient.connect(b.url)
            await follower.attach({"type": "spectate", "code": code})
            for _ in range(600):  # the conflict comes within ms here; a loaded machine's computers take longer
                if any("dropped" in r.getMessage() for r in caplog.records):
                    break
                await asyncio.sleep(0.1)
            await asyncio.sleep(3.0)  # the old failure logged a traceback every 1.2 s from here
        dropped = [r for r in caplog.records if "dropped" in r.getMessage()]
        assert len(dropped) == 1, [r.getMessage() for r in caplog.records]
        assert not [r for r in caplog.records if r.exc_info], "no traceback"
        assert (code in a.registry.tables) != (code in b.registry.tables)  # one serves it, once
        stored = await shared.load(code)
        assert stored is not None and [s for s, _ in stored.rows] == list(range(len(stored.rows)))
    finally:
        await a.stop()
        if b is not None:
            await b.stop()


async def test_a_join_for_a_table_nobody_hands_over_gets_table_moving(pg_dsn: str) -> None:
    """TABLE_MOVING (docs/protocol.md) when the holder does not hand over within the wait."""
    db = await wiped(pg_dsn)
    a = await GameServer(server_config(db)).start()
    b = await GameServer(server_config(db)).start()
    try:
        host = await TableClient.connect(a.url)
        await host.attach({"type": "create_table", "sit": 1, "seats": HCCC})
        a.registry._asked_for = lambda code: None  # type: ignore[method-assign]
        a.registry.ownership._on_request = lambda code: None  # a holder too busy to answer
        import doublenine.server.registry as registry

        registry.HANDOVER_WAIT, wait = 0.5, registry.HANDOVER_WAIT
        try:
            other = await TableClient.connect(f"{b.url}t/{host.code}")
            with pytest.raises(ServerRefused) as refused:
                await other.attach({"type": "spectate", "code": str(host.code).lower()})
        finally:
            registry.HANDOVER_WAIT = wait
        assert refused.value.error.code == "TABLE_MOVING" and refused.value.error.data == {"retry_ms": 500}
        assert str(host.code) in a.registry.tables and str(host.code) not in b.registry.tables
        await host.send({"type": "resync"})
        assert isinstance(await host.until(lambda m: isinstance(m, p.Snapshot)), p.Snapshot)
    finally:
        await a.stop()
        await b.stop()
