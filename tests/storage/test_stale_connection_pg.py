"""A pooled connection whose backend was ended while it sat idle (s13: test_store_probe_pg failed once).

test_store_probe_pg ends the pool's backends (``pg_terminate_backend``) so they open again read-only,
and once the probe that followed raised asyncpg's ``InternalClientError: cannot switch to state 15;
another operation (2) is in progress``. No two operations shared a connection: PostgreSQL's FATAL
message had been read by the idle connection (asyncpg puts its protocol in state 2, "consume until
ready") and its socket's close not yet, so the pool handed it out as open, and the probe's ``BEGIN``
met state 2 (MagicStack/asyncpg#1069). ``InternalClientError`` is neither a ``PostgresError`` nor an
``InterfaceError``, so it went through the store's ``OSError`` contract. In production the same
happens to any store call after a PostgreSQL restart, ``idle_session_timeout`` or an operator's
``pg_terminate_backend``, when the call starts in the one turn of the event loop between the two;
and on the lock connection a claim raised it without giving up the locks (``PgOwnership._lose``).

Here the window is held open: a proxy forwards every byte but keeps the store's socket open when
PostgreSQL closes its side, so the FATAL is read and the close never comes.
"""
from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from urllib.parse import parse_qs, quote, urlsplit

import asyncpg  # type: ignore[import-untyped]
import pytest

from doublenine.server.storage.pglocks import PgOwnership
from doublenine.server.storage.postgres import PostgresStore

APP = "doublenine store stale-connection test"


class LateClose:
    """A proxy to the PostgreSQL of ``dsn`` on 127.0.0.1: every byte forwarded both ways, but when
    PostgreSQL closes a connection the client's side stays open (:attr:`closed_upstream` is set)
    until the client closes it, while :attr:`hold_close`."""

    def __init__(self, dsn: str) -> None:
        parts = urlsplit(dsn)
        query = {k: v[-1] for k, v in parse_qs(parts.query).items()}
        host = query.get("host") or parts.hostname or "localhost"
        port = int(query.get("port") or parts.port or 5432)
        self.unix = f"{host}/.s.PGSQL.{port}" if host.startswith("/") else None
        self.upstream = (host, port)
        self.user, self.password = parts.username or "", parts.password
        self.database = parts.path.lstrip("/") or "postgres"
        self.closed_upstream = asyncio.Event()
        self.hold_close = True
        self._server: asyncio.Server | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    async def start(self) -> str:
        """Listen; the DSN through the proxy."""
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        port = self._server.sockets[0].getsockname()[1]
        login = quote(self.user) + (f":{quote(self.password)}" if self.password else "")
        return f"postgresql://{login}@127.0.0.1:{port}/{quote(self.database)}?sslmode=disable"

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    async def _serve(self, client_r: asyncio.StreamReader, client_w: asyncio.StreamWriter) -> None:
        if self.unix:
            up_r, up_w = await asyncio.open_unix_connection(self.unix)
        else:
            up_r, up_w = await asyncio.open_connection(*self.upstream)

        async def pump(src: asyncio.StreamReader, dst: asyncio.StreamWriter, upstream: bool) -> None:
            with contextlib.suppress(OSError, asyncio.CancelledError):
                while data := await src.read(65536):
                    dst.write(data)
                    await dst.drain()
            if upstream:
                self.closed_upstream.set()
                if not self.hold_close:
                    dst.close()
            else:
                up_w.close()

        for task in (asyncio.create_task(pump(up_r, client_w, True)),
                     asyncio.create_task(pump(client_r, up_w, False))):
            self._tasks.add(task)


@pytest.fixture
async def proxied(pg_dsn: str) -> AsyncIterator[tuple[PostgresStore, asyncpg.Connection, LateClose]]:
    proxy = LateClose(pg_dsn)
    store = PostgresStore(await proxy.start(), min_size=1, max_size=1, application=APP)
    admin = await asyncpg.connect(pg_dsn)
    try:
        yield store, admin, proxy
    finally:
        await store.close()
        await admin.close()
        await proxy.stop()


async def _pids(admin: asyncpg.Connection) -> list[int]:
    return [r["pid"] for r in await admin.fetch(
        "SELECT pid FROM pg_stat_activity WHERE application_name = $1", APP)]


async def test_a_call_on_a_connection_whose_backend_was_ended_in_the_pool_is_oserror_and_cut(
        proxied: tuple[PostgresStore, asyncpg.Connection, LateClose]) -> None:
    store, admin, proxy = proxied
    await store.probe()  # the pool's one connection, idle again
    [ended] = await _pids(admin)
    assert await admin.fetchval("SELECT pg_terminate_backend($1)", ended) is True
    await asyncio.wait_for(proxy.closed_upstream.wait(), 10)  # its FATAL forwarded, its close held
    await asyncio.sleep(0.2)  # and read by the idle connection
    with pytest.raises(OSError) as cut:
        await store.probe()  # the old code: asyncpg.InternalClientError, through the Store contract
    assert str(cut.value).startswith("postgres: cannot switch to state 15; another operation (2) is in progress")
    assert str(cut.value).endswith("; the connection was cut: nothing of it was done")
    assert isinstance(cut.value.__cause__, asyncpg.InternalClientError)
    proxy.hold_close = False
    await store.probe()  # on a new connection: the cut one never went back to the pool
    [now] = await _pids(admin)
    assert now != ended


async def test_a_claim_on_a_lock_connection_whose_backend_was_ended_is_oserror_and_every_lock_lost(
        pg_dsn: str) -> None:
    proxy = LateClose(pg_dsn)
    locks = PgOwnership(await proxy.start(), heartbeat=60.0)  # no heartbeat query meets it first
    lost: list[str] = []
    admin = await asyncpg.connect(pg_dsn)
    try:
        await locks.start(lambda code: None, lost.append)
        assert await locks.claim("PZANM") is True
        [ended] = [r["pid"] for r in await admin.fetch(
            "SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()",
            locks.name)]
        assert await admin.fetchval("SELECT pg_terminate_backend($1)", ended) is True
        await asyncio.wait_for(proxy.closed_upstream.wait(), 10)
        await asyncio.sleep(0.2)
        with pytest.raises(OSError) as cut:
            await locks.claim("QBRTV")  # the old code: asyncpg.InternalClientError, and PZANM still held
        cause = cut.value.__cause__
        if cause is None:  # asyncpg told its close first (the termination listener: CI 2026-12-07, 1 run in 3)
            assert (str(cut.value), lost) == ("no PostgreSQL lock connection", ["the PostgreSQL lock connection closed"])
        else:
            assert str(cut.value) == f"PostgreSQL lock connection lost: {cause!r}"  # first: a failure says which
            assert isinstance(cause, asyncpg.InternalClientError)
            assert lost == [f"lock query failed: {cause!r}"]
        assert (locks.held, locks.healthy) == (set(), False)  # either way: OSError, and PZANM no longer held
    finally:
        proxy.hold_close = False
        await locks.close()
        await admin.close()
        await proxy.stop()
