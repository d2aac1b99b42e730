"""A store that comes back behind what a process stored (operator s13 finding 8).

The operator's failover to an asynchronous standby: FAXKB had 2066 events stored (every player had
seen them), the standby held 2013; every process lost its locks, took its tables again from the new
primary and went on from there, 53 acknowledged events gone, and no process said a word although
the one that re-took FAXKB had itself stored it up to 2066. Now that process logs it at ERROR and
counts it (``store_rollbacks_total``, ``store_rolled_back_events_total``).
"""
from __future__ import annotations

import logging
from typing import Any

import asyncpg  # type: ignore[import-untyped]
import pytest

from doublenine.server.netbot import TableClient
from doublenine.server.storage.pglocks import LOCK_NAME

from .pgserver import computers_playing, server_on_empty, until

GONE = 2066 - 2013


def _value(counter: Any) -> float:
    return counter._value.get()  # type: ignore[no-any-return]


async def test_a_table_taken_again_behind_what_this_process_stored_is_said_and_counted(
        pg_dsn: str, caplog: pytest.LogCaptureFixture) -> None:
    server = await server_on_empty(pg_dsn, bot_delay=0.02)
    other = await asyncpg.connect(pg_dsn)
    try:
        watcher, table = await computers_playing(server, GONE + 5, 60)
        code = str(watcher.code)
        async with table.lock:  # no commit meanwhile: the store is what a standby behind would hold
            had = table.stored_events
            assert had == table.log.size
            await other.execute("DELETE FROM dn_row WHERE code=$1 AND seq >= $2", code, had - GONE)
            # the failover: the lock connection (and every other) is cut; this database only
            await other.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                                " WHERE application_name LIKE $1 AND datname = current_database()", LOCK_NAME + "%")
            await until(lambda: server.registry.tables.get(code) is not table, 10)  # dropped: it writes no more
        await until(lambda: server.health()["status"] == "ok", 20)  # the lock connection open again
        with caplog.at_level(logging.ERROR, logger="doublenine.server"):
            await (await TableClient.connect(server.url)).attach({"type": "spectate", "code": code})
        metrics = server.registry.metrics
        assert (_value(metrics.store_rollbacks), _value(metrics.store_rolled_back_events)) == (1.0, float(GONE))
        said = [r.getMessage() for r in caplog.records if "acknowledged events are gone" in r.getMessage()]
        assert said == [f"table {code}: the store holds {had - GONE} events, this process had stored {had}: {GONE}"
                        " acknowledged events are gone from the store (a failover to a standby that was behind the"
                        " primary, or a restore?); the table goes on from what the store holds"]
        assert code not in server.registry.acknowledged
    finally:
        await other.close()
        await server.stop()
