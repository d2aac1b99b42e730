"""One row locked by another session (operator s13 finding 4).

``psql: begin; select code from dn_table where code='FAXKB' for update; select pg_sleep(30)``: FAXKB
stopped as it should and resumed by itself, but (a) its process answered ``/healthz`` 503
``store_failing`` for the 30 s, so every check the guide recommends pulled a process whose other
tables played on, and (b) the log said only "canceling statement due to lock timeout", never who held
the lock (the schema-change line names it). Now the refusal names the holder and counts against that
table alone: ``/healthz`` stays 200 (tests/server/test_store_faults.py keeps a store refusing every
table's moves 503).
"""
from __future__ import annotations

import asyncio
import logging

import asyncpg  # type: ignore[import-untyped]
import pytest

from .pgserver import computers_playing, server_on_empty, until


async def test_a_row_locked_by_psql_stops_its_table_names_the_holder_and_leaves_the_process_healthy(
        pg_dsn: str, caplog: pytest.LogCaptureFixture) -> None:
    server = await server_on_empty(pg_dsn, bot_delay=0.05)
    psql = await asyncpg.connect(pg_dsn, server_settings={"application_name": "psql"})
    try:
        # alone on its process, as FAXKB was on 16413
        locked, faxkb = await computers_playing(server, 4, 30, step=0.05)
        held = psql.transaction()
        await held.start()
        await psql.execute("SELECT code FROM dn_table WHERE code=$1 FOR UPDATE", str(locked.code))
        pid = psql.get_server_pid()
        with caplog.at_level(logging.WARNING, logger="doublenine"):
            stopped_at = faxkb.log.size
            healths = []
            for _ in range(12):  # the lock wait (3 s) ends in a refusal: watched for 6 s
                healths.append(server.health()["status"])
                await asyncio.sleep(0.5)
            assert faxkb.log.size <= stopped_at + 1  # at most a move stored before the lock was taken
            assert set(healths) == {"ok"}
            assert server.registry.store.failing is None
        said = [r.getMessage() + (str(r.exc_info[1]) if r.exc_info else "") for r in caplog.records]
        assert any(f"a row is locked by another session; held by pid {pid} (psql)" in m for m in said), said
        await held.rollback()
        await until(lambda: faxkb.log.size >= stopped_at + 3, 30, step=0.05)  # it resumes by itself
        assert server.health()["status"] == "ok"
    finally:
        await psql.close()
        await server.stop()
