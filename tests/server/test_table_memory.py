"""Issue 12 (memory per table): nothing a table or a connection keeps outlives its use.

- The encoded snapshot views are dropped when the table's state moves on (they held the old
  state, and through it the records of matches the log had already forgotten).
- A connection lets go of its handshake's headers once it has read its address from them.
- SQLite's page cache has a bound of our own choosing, the same whatever the table count.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from doublenine.server.netbot import TableClient
from doublenine.shared import protocol as p

from .conftest import create, eventually, four_at_play, step


async def test_the_snapshot_views_are_dropped_when_the_state_moves_on(server) -> None:
    clients, table = await four_at_play(server)
    before = table.snapshot_frame(2)
    assert table.snapshot_frame(2)[:60] == before[:60] and set(table._snapshot_views) == {2}
    turn = table.state.hand.turn
    await step(clients[turn - 1], clients[turn - 1].view.legal_decisions()[0], clients, table)
    assert table._snapshot_views == {}
    after = p.decode_server(table.snapshot_frame(2))
    assert after.seq == table.seq == p.decode_server(before).seq + 1
    assert len(after.view.line) == len(p.decode_server(before).view.line) + (table.state.hand.passes == 0)


async def test_a_connection_drops_its_handshake_headers_and_keeps_its_forwarded_address(make_server) -> None:
    server = await make_server(trust_proxy=True)
    client = await TableClient.connect(server.url, additional_headers={"X-Forwarded-For": "198.51.100.7"})
    await client.attach({"type": "create_table", "seats": [{"kind": "human"}] * 4, "sit": 1, "name": "Ana"})
    await eventually(lambda: len(server.registry.connections) == 1)
    (conn,) = server.registry.connections
    assert conn.address == "198.51.100.7"
    assert len(conn.ws.request.headers) == 0 and conn.ws.response is None
    assert conn.ws.request.path == "/"
    other = await TableClient.connect(server.url)
    joined = await other.attach({"type": "join", "code": client.code, "seat": 2, "name": "Bo"})
    assert joined.seat == 2 and server.registry.tables[client.code].slots[2].conn is not None


async def test_sqlite_page_cache_is_bounded_by_our_choice(tmp_path: Path) -> None:
    import sqlite3

    from doublenine.server.storage import open_store
    from doublenine.server.storage.sqlite import CACHE_KIB

    store = open_store(str(tmp_path / "c.sqlite3"))

    def read(c: sqlite3.Connection) -> int:
        return int(c.execute("PRAGMA cache_size").fetchone()[0])

    assert CACHE_KIB == 512
    assert await store._call(read) == -512  # type: ignore[attr-defined]  # negative: KiB, not pages
    await store.close()


async def test_a_connection_keeps_no_empty_deque_blocks(server) -> None:
    from collections import deque

    from doublenine.server.lean import Fifo

    client = await create(server)
    await eventually(lambda: len(server.registry.connections) == 1)
    (conn,) = server.registry.connections
    assert type(conn._queue) is Fifo and type(conn.ws.drain_waiters) is Fifo
    assert type(conn.ws.recv_messages.frames.queue) is Fifo  # websockets' internals moved if this fails
    assert not any(type(q) is deque for q in (conn._queue, conn.ws.drain_waiters, conn.ws.recv_messages.frames.queue))
    await client.send({"type": "resync"})  # frames still flow through the swapped queues both ways
    await client.until(lambda m: isinstance(m, p.Snapshot))
    assert client.seq == server.registry.tables[client.code].seq


def test_fifo_behaves_as_a_deque_for_the_methods_used() -> None:
    from collections import deque

    from doublenine.server.lean import Fifo

    fifo: Fifo[int] = Fifo()
    ref: deque[int] = deque()
    for q in (fifo, ref):
        q.append(1)
        q.append(2)
        q.extendleft(reversed([7, 8]))
        q.append(3)
    assert list(fifo) == list(ref) == [7, 8, 1, 2, 3]
    assert [fifo.popleft() for _ in range(5)] == [ref.popleft() for _ in range(5)] == [7, 8, 1, 2, 3]
    with pytest.raises(IndexError):
        fifo.popleft()
    assert len(fifo) == 0 and not fifo


async def test_wake_wakes_its_one_waiter_and_remembers_a_set_before_the_wait() -> None:
    import asyncio

    from doublenine.server.lean import Wake

    wake = Wake()
    wake.set()
    await asyncio.wait_for(wake.wait(), 1)  # set before: returns at once
    wake.clear()
    assert not wake.is_set()
    waiter = asyncio.ensure_future(wake.wait())
    await asyncio.sleep(0)
    assert not waiter.done()
    with pytest.raises(RuntimeError, match="one waiter"):
        await wake.wait()
    wake.set()
    await asyncio.wait_for(waiter, 1)
    assert wake.is_set()
