"""A store call's outcome decided by work after it is known (operator s13 finding 6).

The operator's case: PostgreSQL stalled while asyncpg reset a connection going back to the pool, after
the append of PZANM seq 1856 had committed; ``pool.release`` raised ``TimeoutError`` over the result, the
player was told "nothing was played" for a pass that was stored, and the retry of that pass (the same
seq, the same event) dropped the table as "another process wrote it" with one process. Now the release
never decides a call's outcome, and a table whose write is refused because the store holds that very
write of its own plays it as stored.
"""
from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import time
from collections.abc import AsyncIterator, Callable
from typing import Any

import asyncpg  # type: ignore[import-untyped]
import pytest

from doublenine.server.app import GameServer
from doublenine.server.storage import open_store, postgres
from doublenine.server.storage.base import ANSWER_WITHIN
from doublenine.shared.codec import decode_rows

from .pgserver import computers_playing, server_on_empty, stored_rows, until


@pytest.fixture
async def store(pg_dsn: str) -> AsyncIterator[Any]:
    s = open_store(pg_dsn)
    await s.drop_all()  # type: ignore[attr-defined]
    await s.create_table("PZANM", b"m")
    await s.append("PZANM", [(seq, b"earlier") for seq in range(1856)])
    yield s
    await s.close()


class StallOnRelease:
    """While :attr:`armed`, SIGSTOPs the backend of the next connection given back to the pool, for
    :attr:`for_s` seconds, as the operator's ``SIGSTOP`` of a store backend did."""

    def __init__(self, for_s: float) -> None:
        self.armed, self.for_s, self.pid, self.stalled = False, for_s, 0, 0

    async def __call__(self, real: Callable[..., Any], con: Any, *args: Any, **kwargs: Any) -> Any:
        if not self.armed:
            return await real(con, *args, **kwargs)
        self.armed, self.pid = False, con.get_server_pid()
        self.stalled += 1
        os.kill(self.pid, signal.SIGSTOP)
        loop = asyncio.get_running_loop()
        loop.call_later(self.for_s, self.go_on)
        return await real(con, *args, **kwargs)

    def go_on(self) -> None:
        if self.pid:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, signal.SIGCONT)


@pytest.fixture
def stall(monkeypatch: pytest.MonkeyPatch) -> Any:
    stall = StallOnRelease(for_s=ANSWER_WITHIN + 1.0)  # longer than the bound of the pool's own reset
    real = asyncpg.Pool.release

    async def release(pool: Any, con: Any, *args: Any, **kwargs: Any) -> Any:
        return await stall(functools_partial(real, pool), con, *args, **kwargs)

    monkeypatch.setattr(asyncpg.Pool, "release", release)
    yield stall
    stall.go_on()


def functools_partial(f: Callable[..., Any], first: Any) -> Callable[..., Any]:
    async def call(*args: Any, **kwargs: Any) -> Any:
        return await f(first, *args, **kwargs)
    return call


async def test_an_append_whose_connection_stalls_in_its_reset_returns_stored(
        store: Any, stall: StallOnRelease, pg_dsn: str) -> None:
    """The report's row: seq 1856 committed, then the backend stopped during the reset. The append
    returns (before: ``TimeoutError``, reported "nothing was played"), within the reset's bound, the
    row is stored, and the pool goes on with a new connection."""
    stall.armed = True
    start = time.monotonic()
    await store.append("PZANM", [(1856, b"pass seat 1")])
    took = time.monotonic() - start
    assert stall.stalled == 1
    assert took < postgres.RELEASE_WITHIN + 1.0
    rows = await stored_rows(pg_dsn, "PZANM")
    assert (len(rows), rows[-1]) == (1857, (1856, b"pass seat 1"))
    await store.append("PZANM", [(1857, b"next")])
    assert (await stored_rows(pg_dsn, "PZANM"))[-1] == (1857, b"next")


def _moved(server: GameServer, reason: str) -> float:
    return server.registry.metrics.tables_moved.labels(reason=reason)._value.get()  # type: ignore[no-any-return]


async def test_a_stored_move_reported_failed_is_recognised_by_its_retry(
        pg_dsn: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Any later failure of a call that stored (here: the append stores, then raises ``OSError`` as the
    release did): the table refuses the move and takes it back; the computer's retry is the same event
    at the same seq, which the store holds: it is played as stored, the table is not dropped, nothing
    is counted as a conflict, and the live log equals the stored one."""
    server = await server_on_empty(pg_dsn, bot_delay=0.05)
    try:
        watcher, table = await computers_playing(server, 6, 30)
        code = str(watcher.code)
        inner = server.registry.store.inner
        real_append = inner.append
        lied: list[int] = []

        async def append(code_: str, rows: list[tuple[int, bytes]], epoch: int | None = None) -> None:
            await real_append(code_, rows, epoch)
            if not lied:
                lied.append(rows[0][0])
                raise OSError("postgres: the connection's reset did not answer")

        monkeypatch.setattr(inner, "append", append)
        await until(lambda: bool(lied), 10)
        await until(lambda: table.log.size >= lied[0] + 3, 30)
        assert not table.moved and server.registry.tables.get(code) is table
        assert _moved(server, "conflict") == 0.0
        async with table.lock:
            stored = await server.store.load(code)
            assert [seq for seq, _ in stored.rows] == list(range(table.log.size))
            assert [e.body for e in decode_rows(stored.rows)[table.log.offset:]] == [e.body for e in table.log.events]
    finally:
        await server.stop()
