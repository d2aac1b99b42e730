"""A start whose PostgreSQL hangs right after accepting the connection ends, with what hung said (s13).

``PostgresStore`` bounded every store call (``ANSWER_WITHIN``), the connection (``CONNECT_WITHIN``) and
the stop, but not ``ensure_schema``, the first statements on the connection a start opens: a PostgreSQL
that accepted it and then answered nothing held the start there without end. Here that backend is
SIGSTOPped just before the schema check, for 10 s: the old code waited those 10 s and started.
"""
from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import time
from typing import Any

import pytest

from doublenine.server.storage import postgres
from doublenine.server.storage.base import ANSWER_WITHIN
from doublenine.server.storage.postgres import ANSWER_GRACE, PostgresStore


async def test_a_start_whose_postgresql_hangs_after_accepting_ends_naming_the_schema_check(
        pg_dsn: str, monkeypatch: pytest.MonkeyPatch) -> None:
    real, stopped = postgres.ensure_schema, []

    def go_on() -> None:
        for pid in stopped:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGCONT)

    async def stalled(con: Any, where: str, **kwargs: Any) -> list[str]:
        stopped.append(con.get_server_pid())
        os.kill(stopped[-1], signal.SIGSTOP)
        asyncio.get_running_loop().call_later(10.0, go_on)
        return await real(con, where, **kwargs)

    monkeypatch.setattr(postgres, "ensure_schema", stalled)
    store = PostgresStore(pg_dsn, application="doublenine store schema-hang test")
    start = time.monotonic()
    try:
        with pytest.raises(OSError) as refused:
            await store.load_open()  # the old code: waited 10 s, then loaded
    finally:
        go_on()
        await store.close()
    took = time.monotonic() - start
    assert str(refused.value) == (f"cannot open PostgreSQL store {store.url}: no answer within"
                                  f" {ANSWER_WITHIN + ANSWER_GRACE:g} s to the schema check")
    assert len(stopped) == 1
    assert ANSWER_WITHIN + ANSWER_GRACE <= took < ANSWER_WITHIN + ANSWER_GRACE + 3.0
