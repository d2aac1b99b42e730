"""Every request that waits on the store is answered within a bound (session 11, item 2).

The reported case: with the SQLite file locked by another process, a ``spectate`` waited ~14 s
before any answer. The store's one worker thread ran the jobs queued ahead of it (tables whose
computers retried their moves, each batch waiting 5 s for the lock) before its own, and a table's
lock was held by an append waiting the same way. Kind: a store call waited on without a bound, by
any request (SQLite: the queue and the lock, ``storage/sqlite.py``; PostgreSQL: the pool and row or
advisory locks, ``storage/postgres.py``). Every call now answers within ``ANSWER_WITHIN`` (3 s), and
a request is refused ``INTERNAL`` with ``data.store`` as docs/protocol.md says; a write not started
by then is never made.
"""
from __future__ import annotations

import asyncio
import sqlite3
import time
from pathlib import Path
from typing import Any

from doublenine.server.app import GameServer
from doublenine.server.netbot import TableClient
from doublenine.server.storage.base import ANSWER_WITHIN
from doublenine.server.storage.sqlite import SQLiteStore
from doublenine.shared import protocol as p

from .conftest import config
from .test_store_unavailable import REFUSED

COMPUTERS = [{"kind": "computer", "level": "easy"}] * 4
MARGIN = 1.0
"""Seconds beyond the bound allowed for the rest of the request (a loaded test machine)."""


async def _timed(client: TableClient, fields: dict[str, Any]) -> tuple[tuple[str, Any], float]:
    """Send ``fields``: ((code, data) of the ``error`` answering it, or ("joined", None)), seconds taken."""
    start = time.monotonic()
    await client.send(fields)
    msg = await client.until(lambda m: isinstance(m, (p.Error, p.Joined)), 60)
    took = time.monotonic() - start
    return ((msg.code, msg.data) if isinstance(msg, p.Error) else ("joined", None)), took


async def _busy_server(path: Path, answer_within: float = ANSWER_WITHIN) -> tuple[GameServer, list[TableClient], str]:
    """A server on SQLite file ``path`` with three watched tables of computers (their moves go to the
    store all the time) and a table closed for idleness (a lookup must read it): (server, watchers, code)."""
    server = await GameServer(config(bot_delay=0.05), store=SQLiteStore(path, answer_within=answer_within)).start()
    watchers = [await (await TableClient.connect(server.url)).attach(
        {"type": "create_table", "sit": None, "seats": COMPUTERS}) for _ in range(3)]
    closed = await (await TableClient.connect(server.url)).attach(
        {"type": "create_table", "sit": 1, "seats": [{"kind": "human"}] * 2 + COMPUTERS[:2]})
    await server.registry.close_table(server.registry.tables[str(closed.code)], "test")
    await closed.close()
    return server, watchers, str(closed.code)


async def test_a_spectate_while_another_process_locks_the_file_is_refused_within_the_bound(tmp_path: Path) -> None:
    """The reported case: the table must be read from the locked file, behind the jobs of three
    tables whose computers retry their moves. Before: ~14 s (5 s per batch ahead of it)."""
    path = tmp_path / "locked.sqlite3"
    server, watchers, code = await _busy_server(path)
    other = sqlite3.connect(path, isolation_level=None, timeout=1)
    try:
        other.execute("BEGIN EXCLUSIVE")
        await asyncio.sleep(0.5)  # the computers' appends queue up behind the lock
        answer, took = await _timed(await TableClient.connect(server.url), {"type": "spectate", "code": code})
        assert answer == REFUSED == ("INTERNAL", {"store": "failing", "retry_ms": 2000})
        assert took < ANSWER_WITHIN + MARGIN == 4.0
        # a table open here needs no store: watching it waits only for its lock, held by an append
        # that is itself bounded
        answer, took = await _timed(await TableClient.connect(server.url),
                                    {"type": "spectate", "code": str(watchers[0].code)})
        assert answer == ("joined", None) and took < ANSWER_WITHIN + MARGIN
        other.execute("COMMIT")
    finally:
        other.close()
        await server.stop()


async def test_create_join_and_a_move_are_answered_within_the_bound_too(tmp_path: Path) -> None:
    path = tmp_path / "locked.sqlite3"
    server, _, code = await _busy_server(path, answer_within=1.0)
    host = await (await TableClient.connect(server.url)).attach(
        {"type": "create_table", "sit": 1, "seed": 3, "seats": [{"kind": "human"}] * 2 + COMPUTERS[:2]})
    other = sqlite3.connect(path, isolation_level=None, timeout=1)
    try:
        other.execute("BEGIN EXCLUSIVE")
        await asyncio.sleep(0.5)
        fresh = [await TableClient.connect(server.url) for _ in range(3)]
        for client, fields in ((fresh[0], {"type": "create_table", "sit": None, "seats": COMPUTERS}),
                               (fresh[1], {"type": "join", "code": str(host.code)}),
                               (fresh[2], {"type": "rejoin", "code": code, "token": "t" * 22})):
            answer, took = await _timed(client, fields)
            assert answer == REFUSED and took < 1.0 + MARGIN, (fields["type"], answer, took)
        other.execute("COMMIT")
        answer, _ = await _timed(fresh[1], {"type": "join", "code": str(host.code)})
        assert answer == ("joined", None)  # nothing of the refused join was stored: the seat is free
    finally:
        other.close()
        await server.stop()


async def test_a_write_not_started_within_the_bound_is_never_made(tmp_path: Path) -> None:
    """The caller is told nothing was done: a queued job it gave up on must never run later. Here
    the worker thread is held by a slow job (1 s) while the write waits its 0.5 s."""
    store = SQLiteStore(tmp_path / "s.sqlite3", answer_within=0.5)
    try:
        await store.create_table("AAAAA", b"\x80")
        slow = asyncio.ensure_future(store._call(lambda c: time.sleep(1.0)))  # running: waited for
        await asyncio.sleep(0.1)
        start = time.monotonic()
        try:
            await store.update_meta("AAAAA", b"\x81")
        except OSError as exc:
            assert str(exc) == "sqlite: no answer within 0.5 s (the file is locked, or busy)"
        else:
            raise AssertionError("a write queued behind a busy thread answered in time")
        assert 0.4 < time.monotonic() - start < 0.5 + MARGIN
        await slow  # the running job is not cut: its caller gets its answer
        await asyncio.sleep(0.2)
        stored = await store.load("AAAAA")
        assert stored is not None and stored.meta == b"\x80"  # the abandoned write was never made
    finally:
        await store.close()
