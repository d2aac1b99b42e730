"""``doublenine_store_ok`` reports the store, not the absence of tables (operator s13 finding 2).

After a PostgreSQL hang dropped every table, ``INFO store no longer tested: no table open`` ended
the failing spell and ``/metrics`` said ``doublenine_store_ok 1.0`` while PostgreSQL was still
stopped: the guide's ``DoublenineStoreFailing`` never fired for a hung or down PostgreSQL. Now a
process with no table open probes the store (a write that changes nothing): store_ok stays 0 while
PostgreSQL refuses writes, and turns 1 with ``store recovered`` once it takes them again.
Here PostgreSQL refuses writes (the operator's read-only case: ``default_transaction_read_only``,
for this test's database only) and the probe also meets a backend that does not answer (SIGSTOP).
"""
from __future__ import annotations

import asyncio
import logging
import os
import signal
from typing import Any

import asyncpg  # type: ignore[import-untyped]
import pytest

from doublenine.server import app as server_app
from doublenine.server.app import GameServer
from doublenine.server.netbot import ServerRefused, TableClient
from doublenine.server.storage.postgres import STORE_NAME

from .pgserver import server_on_empty, until


def _store_ok(server: GameServer) -> float:
    text = server.registry.metrics.render().decode()
    line = next(ln for ln in text.splitlines() if ln.startswith("doublenine_store_ok "))
    return float(line.split()[1])


async def _pool_pids(con: Any) -> list[int]:
    return [r["pid"] for r in await con.fetch(
        "SELECT pid FROM pg_stat_activity WHERE application_name LIKE $1 AND datname = current_database()",
        STORE_NAME + "%")]


async def _end_connections(con: Any) -> None:
    """End the server's connections and wait until they are gone on both sides, so the next request
    meets new connections (opened under the database's current settings). ``pg_terminate_backend``
    only signals: under load (CI, load average 15) the backends ended after the create below had
    already run its reads on the old connections, refused without a failed write, and store_ok read
    1.0 where 0.0 was expected (the stop's CI of 2026-12-07)."""
    pids = await _pool_pids(con)
    for pid in pids:
        await con.execute("SELECT pg_terminate_backend($1)", pid)
    for _ in range(500):
        if not set(pids) & set(await _pool_pids(con)):
            break
        await asyncio.sleep(0.02)
    else:
        raise AssertionError(f"backends {pids} did not end within 10 s")
    await asyncio.sleep(0.3)  # this loop reads the ended connections' EOF before the next request


async def test_with_no_table_open_store_ok_stays_0_until_postgresql_takes_writes_again(
        pg_dsn: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(server_app, "PROBE_EVERY", 0.2)
    server = await server_on_empty(pg_dsn)
    admin = await asyncpg.connect(pg_dsn)
    db = await admin.fetchval("SELECT current_database()")
    try:
        await admin.execute(f'ALTER DATABASE "{db}" SET default_transaction_read_only = on')
        await _end_connections(admin)  # the pool's connections open again read-only
        with pytest.raises(ServerRefused) as refused:
            await (await TableClient.connect(server.url)).attach(
                {"type": "create_table", "sit": 1, "seats": [{"kind": "human"}] * 4})
        assert refused.value.error.code == "INTERNAL"
        assert server.registry.tables == {}
        assert _store_ok(server) == 0.0
        await asyncio.sleep(1.5)  # seven probes: each refused, in a read-only transaction
        assert _store_ok(server) == 0.0
        assert server.health()["status"] == "store_failing"
        assert "read-only transaction" in server.health()["store"]
        # the probe meets a backend that does not answer: cut, still failing
        pids = await _pool_pids(admin)
        for pid in pids:
            os.kill(pid, signal.SIGSTOP)
        try:
            await asyncio.sleep(1.0)
            assert _store_ok(server) == 0.0
        finally:
            for pid in pids:
                os.kill(pid, signal.SIGCONT)
        await admin.execute(f'ALTER DATABASE "{db}" RESET default_transaction_read_only')
        await _end_connections(admin)
        with caplog.at_level(logging.WARNING, logger="doublenine.server.storage"):
            await until(lambda: _store_ok(server) == 1.0, 15, step=0.05)
        assert server.health()["status"] == "ok"
        assert any(r.getMessage().startswith("store recovered") for r in caplog.records)
        assert not any("no longer tested" in r.getMessage() for r in caplog.records)
    finally:
        await admin.execute(f'ALTER DATABASE "{db}" RESET default_transaction_read_only')
        await admin.close()
        await server.stop()


async def test_s15_f4_a_process_with_no_table_tests_the_store_while_nothing_writes(
        pg_dsn: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """Operator s15 F4 (pgoutage.sh): a process holding no table said ``doublenine_store_ok 1`` through a 30 s
    PostgreSQL outage and logged nothing about the store: its probe ran only once a write had failed, and
    nothing wrote. Now, with no table open and no write worked for ``QUIET_PROBE_EVERY`` s, it tests the store:
    here PostgreSQL refuses writes (read-only) with nobody writing, store_ok turns 0 with a WARNING line, then
    1 with ``store recovered`` once PostgreSQL takes writes again."""
    monkeypatch.setattr(server_app, "PROBE_EVERY", 0.2)
    monkeypatch.setattr(server_app, "QUIET_PROBE_EVERY", 1.0)
    server = await server_on_empty(pg_dsn)
    admin = await asyncpg.connect(pg_dsn)
    db = await admin.fetchval("SELECT current_database()")
    try:
        assert (_store_ok(server), server.registry.tables) == (1.0, {})
        await admin.execute(f'ALTER DATABASE "{db}" SET default_transaction_read_only = on')
        await _end_connections(admin)
        with caplog.at_level(logging.WARNING, logger="doublenine.server"):
            await until(lambda: _store_ok(server) == 0.0, 15, step=0.05)  # was 1.0 for as long as it lasted
            assert server.health()["status"] == "store_failing"
            assert any(r.getMessage().startswith("the store's test write failed (no table open): ")
                       and "read-only transaction" in r.getMessage() for r in caplog.records)
            await admin.execute(f'ALTER DATABASE "{db}" RESET default_transaction_read_only')
            await _end_connections(admin)
            await until(lambda: _store_ok(server) == 1.0, 15, step=0.05)
        assert server.health()["status"] == "ok"
        assert any(r.getMessage().startswith("store recovered") for r in caplog.records)
    finally:
        await admin.execute(f'ALTER DATABASE "{db}" RESET default_transaction_read_only')
        await admin.close()
        await server.stop()
