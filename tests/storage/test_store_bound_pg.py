"""PostgreSQL's part of session 11 item 2 (tests/server/test_store_bound.py has SQLite's): a store
call waits for a lock another session holds at most ``ANSWER_WITHIN`` (``lock_timeout``), then fails
``OSError`` with nothing done, so the request that waits on it is refused ``INTERNAL`` in time.
Before, ``take`` of a row another session had locked waited for as long as that session lived."""
from __future__ import annotations

import time

import asyncpg  # type: ignore[import-untyped]
import pytest

from doublenine.server.storage import open_store
from doublenine.server.storage.base import ANSWER_WITHIN


async def test_a_row_another_session_locks_is_waited_for_at_most_the_bound(pg_dsn: str) -> None:
    store = open_store(pg_dsn)
    await store.drop_all()  # type: ignore[attr-defined]
    await store.create_table("LOCKD", b"m")
    other = await asyncpg.connect(pg_dsn)
    try:
        held = other.transaction()
        await held.start()
        await other.execute("SELECT 1 FROM dn_table WHERE code=$1 FOR UPDATE", "LOCKD")
        start = time.monotonic()
        with pytest.raises(OSError) as failed:
            await store.take("LOCKD")
        took = time.monotonic() - start
        assert "lock timeout" in str(failed.value)
        assert ANSWER_WITHIN - 0.5 < took < ANSWER_WITHIN + 1.0 == 4.0
        await held.rollback()
        assert await store.take("LOCKD") == 1  # nothing of the refused take was done: the first epoch
    finally:
        await other.close()
        await store.close()
