"""Moves never wait behind pages' budgets (operator s13 finding 11).

60 pages at once from one address (203.0.113.10 through three processes) each took its budget with
a statement on the address group's one ``dn_budget`` row, on the pool the tables' moves use: the
statements queued on that row holding the pool's connections, and every table's moves took up to
2.0 s (0.16 s before the burst). Now the budgets have a pool of their own (``BUDGET_POOL_SIZE``); here
their row is held by another session, so 20 takes queue on it for seconds, and a move's append
meanwhile is as quick as ever.
"""
from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from typing import Any

import asyncpg  # type: ignore[import-untyped]
import pytest

from doublenine.server.storage import postgres
from doublenine.server.storage.postgres import PostgresStore, budget_key


@pytest.fixture
async def store(pg_dsn: str) -> AsyncIterator[PostgresStore]:
    s = PostgresStore(pg_dsn)
    await s.drop_all()
    await s.create_table("PZANM", b"m")
    yield s
    await s.close()


async def test_a_burst_of_page_budgets_stuck_on_their_row_never_holds_a_move(store: PostgresStore, pg_dsn: str) -> None:
    assert await store.take_budget("pages", "203.0.113.10", 2.0, 30.0) == 0.0  # the group's row exists
    other = await asyncpg.connect(pg_dsn)
    try:
        held = other.transaction()
        await held.start()
        await other.execute("SELECT 1 FROM dn_budget WHERE kind='pages' AND grp=$1 FOR UPDATE",
                            budget_key("203.0.113.10"))
        takes = [asyncio.ensure_future(store.take_budget("pages", "203.0.113.10", 2.0, 30.0)) for _ in range(20)]
        await asyncio.sleep(0.3)  # every take is queued now: on the row, or for one of the budgets' connections
        start = time.monotonic()
        await store.append("PZANM", [(0, b"pass seat 1")])
        took = time.monotonic() - start
        assert took < 1.0, took  # before: behind the takes for a pool connection (10 of 20 held on the row)
        assert (await store.load("PZANM")).rows == ((0, b"pass seat 1"),)  # type: ignore[union-attr]
        pool: Any = store._budget_pool
        assert pool is not None and pool.get_size() == postgres.BUDGET_POOL_SIZE == 2
        await held.rollback()
        results = await asyncio.gather(*takes, return_exceptions=True)
        assert all(r == 0.0 or isinstance(r, OSError) for r in results), results
    finally:
        await other.close()
