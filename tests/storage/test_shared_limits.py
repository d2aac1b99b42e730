"""Issue 12: per-address budgets that each server process keeps alone are shared by the
processes on one PostgreSQL (two real servers): each counts the others' lock connections
and allows its share of the table-code misses of an address group."""
from __future__ import annotations

from doublenine.server.app import GameServer

from .test_takeover import server_config, wiped


async def test_each_process_counts_the_processes_on_the_store_and_allows_its_share_of_misses(pg_dsn: str) -> None:
    db = await wiped(pg_dsn)
    a = await GameServer(server_config(db)).start()
    b = await GameServer(server_config(db)).start()
    try:
        assert await a.registry.ownership.count_processes() == 2
        assert await b.registry.ownership.count_processes() == 2
        misses = a.registry.misses  # the default budget: 20 at once, 1 a second
        allowed = 0
        while misses.allowed("203.0.113.9", 0.0):
            misses.missed("203.0.113.9", 0.0)
            allowed += 1
        assert allowed == 10 and misses.retry_after("203.0.113.9", 0.0) == 2.0
    finally:
        await b.stop()
    try:
        assert await a.registry.ownership.count_processes() == 1  # B's lock connection is gone
        assert a.registry.misses.allowed("198.51.100.1", 0.0)
    finally:
        await a.stop()
