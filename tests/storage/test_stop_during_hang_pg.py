"""A graceful stop during a PostgreSQL hang is bounded (operator s13 finding 9).

The operator SIGSTOPped PostgreSQL, then SIGTERMed a process serving one table: ``stopping``, then
nothing until PostgreSQL ran again 45 s later (asyncpg's ``Pool.close`` waited for it); under systemd
every stop ran into ``TimeoutStopSec`` and a SIGKILL. Now the stop gives up on the store after a few
seconds, says what it gives up, and the next start loads what PostgreSQL holds (the settled truth:
the live table and the store agree from there).
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import time

import asyncpg  # type: ignore[import-untyped]
import pytest

from doublenine.server import app as server_app
from doublenine.server.app import GameServer
from doublenine.server.config import ServerConfig
from doublenine.server.netbot import TableClient
from doublenine.server.storage import postgres
from doublenine.shared.codec import decode_rows

from .pgserver import computers_playing, server_on_empty

BOUND = server_app.SHUTDOWN_WITHIN + postgres.CLOSE_WITHIN + 3.0
"""The stop's own bounds (the connections close at once here) and a margin for a loaded machine."""


async def test_a_stop_while_postgresql_hangs_ends_in_seconds_and_the_next_start_loads_what_it_holds(
        pg_dsn: str, caplog: pytest.LogCaptureFixture) -> None:
    server = await server_on_empty(pg_dsn, bot_delay=0.05)
    admin = await asyncpg.connect(pg_dsn)
    pids: list[int] = []
    try:
        watcher, table = await computers_playing(server, 6, 30)
        code = str(watcher.code)
        # idle connections in the pool besides the one the moves use, as on any busy process
        await asyncio.gather(*(server.store.load(code) for _ in range(4)))
        pids = [r["pid"] for r in await admin.fetch(  # every session of this server: pool and locks
            "SELECT pid FROM pg_stat_activity WHERE application_name LIKE 'doublenine %'"
            " AND datname = current_database()")]
        assert len(pids) >= 2
        for pid in pids:
            os.kill(pid, signal.SIGSTOP)
        await asyncio.sleep(0.5)  # a computer's move is waiting on the store now
        start = time.monotonic()
        with caplog.at_level(logging.INFO, logger="doublenine"):
            await server.stop()
        took = time.monotonic() - start
        assert took < BOUND, took
        said = [r.getMessage() for r in caplog.records]
        assert any(m.startswith("stop did not wait for the store") or "closed without its answer" in m
                   for m in said), said
        assert said[-1].startswith("stopped")
    finally:
        for pid in pids:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGCONT)
        await admin.close()
    again = await GameServer(ServerConfig(host="127.0.0.1", port=0, db=pg_dsn, bot_delay=60)).start()
    try:
        await (await TableClient.connect(again.url)).attach({"type": "spectate", "code": code})
        table = again.registry.tables[code]
        async with table.lock:
            stored = await again.store.load(code)
            assert [seq for seq, _ in stored.rows] == list(range(table.log.size))
            assert decode_rows(stored.rows)[table.log.offset:] == table.log.events
    finally:
        await again.stop()
