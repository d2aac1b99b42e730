"""What the PostgreSQL fault tests of a whole server share (operator s13 findings 2, 4, 6, 8, 9).

A started server on a wiped database, a table of four computers playing on it, a wait for a condition, and the
rows PostgreSQL holds read past the server's store: the setup test_release_stall_pg, test_store_cut_pg,
test_rollback_seen_pg, test_stop_during_hang_pg, test_row_lock_pg and test_store_probe_pg each wrote
again.
"""
from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

import asyncpg  # type: ignore[import-untyped]

from doublenine.server.app import GameServer
from doublenine.server.config import ServerConfig
from doublenine.server.netbot import TableClient
from doublenine.server.storage import open_store

COMPUTERS = [{"kind": "computer", "level": "easy"}] * 4
"""The ``seats`` of a ``create_table`` that plays by itself."""


async def until(pred: Callable[[], bool], timeout: float, step: float = 0.02) -> None:
    """Wait until ``pred()`` is true, looking every ``step`` seconds; fails the test ("timed out")
    once ``timeout`` seconds have passed."""
    deadline = time.monotonic() + timeout
    while not pred():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(step)


async def server_on_empty(pg_dsn: str, **config: Any) -> GameServer:
    """A started server (127.0.0.1, port 0, ``config`` as ServerConfig's other fields, e.g.
    ``bot_delay`` in seconds) on the database ``pg_dsn``, emptied first."""
    cleaner = open_store(pg_dsn)
    await cleaner.drop_all()  # type: ignore[attr-defined]
    await cleaner.close()
    return await GameServer(ServerConfig(host="127.0.0.1", port=0, db=pg_dsn, **config)).start()


async def computers_playing(server: GameServer, events: int, timeout: float,
                            step: float = 0.02) -> tuple[TableClient, Any]:
    """(the client watching it, the live table) of a new table of :data:`COMPUTERS` on ``server``, once its
    log holds ``events`` events at least (:func:`until`, ``timeout`` and ``step`` in seconds). The client
    stays attached: keep it while the table should play."""
    watcher = await (await TableClient.connect(server.url)).attach(
        {"type": "create_table", "sit": None, "seats": COMPUTERS})
    table = server.registry.tables[str(watcher.code)]
    await until(lambda: table.log.size >= events, timeout, step)
    return watcher, table


async def stored_rows(dsn: str, code: str) -> list[tuple[int, bytes]]:
    """The (seq, payload) rows PostgreSQL holds for the table ``code``, in seq order, read on a
    connection of their own."""
    con = await asyncpg.connect(dsn)
    try:
        return [(r["seq"], bytes(r["payload"])) for r in
                await con.fetch("SELECT seq, payload FROM dn_row WHERE code=$1 ORDER BY seq", code)]
    finally:
        await con.close()
