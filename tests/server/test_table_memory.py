"""Issue 12 (memory per table): nothing a table or a connection keeps outlives its use.

- The encoded snapshot views are dropped when the table's state moves on (they held the old
  state, and through it the records of matches the log had already forgotten).
- A connection lets go of its handshake's headers once it has read its address from them.
- SQLite's page cache has a bound of our own choosing, the same whatever the table count.
"""
from __future__ import annotations

from pathlib import Path

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
