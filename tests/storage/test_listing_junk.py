"""Attacker s11 F6, on real PostgreSQL and SQLite: 62 listed rows whose record does not decode, the newest in the
shared store (created in 100 years, and at +-infinity), left every process's ``/`` with only its own
tables. The page now reads the store on past them by the rows' keys (server/web/listing.py
``PublicTables._readable``)."""
from __future__ import annotations

import sqlite3
from types import SimpleNamespace

import asyncpg

from doublenine.server.seating import SeatSlot, TableMeta
from doublenine.server.storage import open_store
from doublenine.server.web.listing import PublicTables
from doublenine.shared.codec import encode_meta
from doublenine.shared.seats import SEATS, Seat


def record(code: str, created_at: float) -> bytes:
    """A public table's record: seat 1 held, 2 free, 3 and 4 computers."""
    slots = {s: SeatSlot(s, "human" if s <= 2 else "computer", "easy", "Ana" if s == 1 else "",
                         "x" * 64 if s == 1 else None) for s in SEATS}
    return encode_meta(TableMeta(code, 1, False, None, Seat.ONE, slots, started=False, created_at=created_at,
                                 public=True).record())


async def test_junk_listed_rows_newest_in_postgresql_hide_no_other_table(pg_dsn: str) -> None:
    store = open_store(pg_dsn)
    await store.drop_all()  # type: ignore[attr-defined]
    await store.close()
    store = open_store(pg_dsn)
    try:
        for i in range(60):
            code = f"T{i:03d}"
            await store.create_table(code, record(code, 1_000_000.0 + i), None, 1_000_000.0 + i)
            await store.update_listing(code, True, (i, 0))
        con = await asyncpg.connect(pg_dsn)
        try:  # as junk_pg_listing.sh wrote them
            await con.execute("INSERT INTO dn_table (code, meta, created, listed, creator) VALUES "
                              "('ZZZZ9', '\\xc1', 'infinity', true, 'x'), ('ZZZZ8', '\\xc1', '-infinity', true, 'x')")
            await con.execute("INSERT INTO dn_table (code, meta, created, listed, creator) SELECT 'J' || "
                              "lpad(g::text, 4, '0'), '\\xc1', now() + interval '100 years', true, 'x' "
                              "FROM generate_series(1, 60) g")
        finally:
            await con.close()
        site = PublicTables(SimpleNamespace(store=store, tables={}, ownership=SimpleNamespace(exclusive=False)),
                            ttl=0.0)
        first = await site.page()
        assert [t.code for t in first.rows] == [f"T{i:03d}" for i in range(59, 9, -1)]
        assert first.newer is None and first.older == "before=1000010000000.T010"
        second = await site.page(before=(1000010000000, "T010"))
        assert [t.code for t in second.rows] == [f"T{i:03d}" for i in range(9, -1, -1)]
        assert second.older is None  # only the -infinity junk row lies below
    finally:
        await store.close()


async def test_junk_listed_rows_in_sqlite_with_any_created_hide_no_other_table(tmp_path) -> None:
    """The same kind in SQLite, whose ``created`` column holds whatever another process wrote: ``inf``,
    ``-inf``, text. One such row made every read of the listing fail."""
    path = str(tmp_path / "t.sqlite3")
    store = open_store(path)
    try:
        for i in range(3):
            await store.create_table(f"T{i:03d}", record(f"T{i:03d}", 1_000_000.0 + i), None, 1_000_000.0 + i)
            await store.update_listing(f"T{i:03d}", True, (0, 0))
        con = sqlite3.connect(path)
        for code, made in (("ZZZZ9", 9e999), ("ZZZZ8", -9e999), ("ZZZZ7", "soon"), ("ZZZZ6", 1e300)):
            con.execute("INSERT INTO dn_table (code, meta, closed, created, updated, listed, creator) "
                        "VALUES (?, ?, 0, ?, 0, 1, 'x')", (code, b"\xc1", made))
        con.commit()
        con.close()
        rows = await store.load_listed(10)
        assert [(r.code, r.created) for r in rows] == [
            ("ZZZZ9", 2**63 - 1), ("ZZZZ6", 2**63 - 1), ("T002", 1_000_002_000_000), ("T001", 1_000_001_000_000),
            ("T000", 1_000_000_000_000), ("ZZZZ7", 0), ("ZZZZ8", -(2**63))]
        site = PublicTables(SimpleNamespace(store=store, tables={}, ownership=SimpleNamespace(exclusive=False)),
                            ttl=0.0)
        assert [t.code for t in (await site.page()).rows] == ["T002", "T001", "T000"]
    finally:
        await store.close()
