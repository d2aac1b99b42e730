"""Issue 12: what ``/`` lists when other processes share the store (server/web/listing.py).

A registry of this process (its live tables) and a store holding the other processes'
tables: the page merges them newest first, at most LISTED_MAX, a live copy replacing its
stored row, a damaged stored record left out, and the store read at most once per
LISTING_TTL however many requests come.
"""
from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

from doublenine.server.seating import SeatSlot, TableMeta
from doublenine.server.storage import MemoryStore
from doublenine.server.web.listing import LISTED_MAX, PublicTables
from doublenine.shared.codec import encode_meta
from doublenine.shared.seats import SEATS, Seat


def record(code: str, created_at: float, names: tuple[str, ...] = ("Ana", "", "", ""),
           kinds: str = "hhcc", held: int = 1) -> bytes:
    slots = {s: SeatSlot(s, "human" if kinds[s - 1] == "h" else "computer", "easy", names[s - 1],
                         "x" * 64 if s <= held and kinds[s - 1] == "h" else None) for s in SEATS}
    meta = TableMeta(code, 1, False, None, Seat.ONE, slots, started=False, created_at=created_at, public=True)
    return encode_meta(meta.record())


class CountingStore(MemoryStore):
    reads = 0

    async def load_listed(self, limit: int) -> Any:
        self.reads += 1
        return await super().load_listed(limit)


async def stored(store: MemoryStore, code: str, created_at: float, listed: bool = True,
                 scores: tuple[int, int] = (0, 0), meta: bytes | None = None) -> None:
    await store.create_table(code, meta if meta is not None else record(code, created_at))
    await store.update_listing(code, listed, scores)


def registry(store: MemoryStore, tables: dict[str, Any] | None = None) -> Any:
    return SimpleNamespace(store=store, tables=tables or {}, ownership=SimpleNamespace(exclusive=False))


async def test_other_processes_tables_come_from_the_store_newest_first_without_private_or_damaged_ones() -> None:
    store = CountingStore()
    await stored(store, "OLDER", 100.0, scores=(35, 60))
    await stored(store, "OVER", 150.0, listed=False, scores=(103, 20))  # private, or its match is over
    await stored(store, "BROKE", 175.0, meta=b"\xc1not msgpack")
    await stored(store, "NEWER", 200.0)
    page = PublicTables(registry(store))
    infos = await page.tables()
    assert [i.code for i in infos] == ["NEWER", "OLDER"]
    older = infos[1]
    assert older.scores == (35, 60) and older.started is False and older.free == 1
    assert [(s.seat, s.name, s.kind) for s in older.seats] == [
        (1, "Ana", "player"), (2, "East", "free"), (3, "North", "computer"), (4, "West", "computer")]


async def test_the_store_is_read_once_per_interval_however_many_requests_come() -> None:
    store = CountingStore()
    await stored(store, "FIRST", 1.0)
    page = PublicTables(registry(store), ttl=60.0)
    results = await asyncio.gather(*(page.tables() for _ in range(20)))
    assert store.reads == 1 and all([i.code for i in r] == ["FIRST"] for r in results)
    await stored(store, "LATER", 2.0)
    assert [i.code for i in await page.tables()] == ["FIRST"] and store.reads == 1  # within the interval
    page.ttl = 0.0
    assert [i.code for i in await page.tables()] == ["LATER", "FIRST"] and store.reads == 2


async def test_at_most_listed_max_rows_are_read_and_shown() -> None:
    store = CountingStore()
    for i in range(LISTED_MAX + 7):
        await stored(store, f"T{i:03d}", float(i))
    infos = await PublicTables(registry(store)).tables()
    assert len(infos) == LISTED_MAX and infos[0].code == f"T{LISTED_MAX + 6:03d}" and infos[-1].code == "T007"


async def test_a_store_that_hangs_does_not_hang_the_page(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import doublenine.server.web.listing as listing

    monkeypatch.setattr(listing, "LISTING_WAIT", 0.2)
    store = CountingStore()
    await stored(store, "FIRST", 1.0)
    page = PublicTables(registry(store), ttl=0.0)
    assert [i.code for i in await page.tables()] == ["FIRST"]
    gate = asyncio.Event()

    async def hang(limit: int) -> Any:
        await gate.wait()
        return []

    store.load_listed = hang  # type: ignore[method-assign]
    assert [i.code for i in await asyncio.wait_for(page.tables(), 5)] == ["FIRST"]  # the last answer
    gate.set()
    await asyncio.sleep(0.05)
    assert await page.tables() == []  # the store answered again: nothing listed now


async def test_a_restart_stores_the_listing_only_of_tables_whose_stored_listing_is_wrong() -> None:
    from doublenine.server.app import GameServer
    from doublenine.server.netbot import TableClient

    from .conftest import config

    store = CountingStore()
    first = await GameServer(config(), store=store).start()
    codes = []
    for public in (True, False, True):
        client = await TableClient.connect(first.url)
        await client.attach({"type": "create_table", "sit": 1, "public": public, "seats": [{"kind": "human"}] * 4})
        codes.append(str(client.code))
        await client.close()
    await first.stop()
    assert [t.code for t in await store.load_listed(10)] == [codes[2], codes[0]]
    await store.update_listing(codes[2], False, (0, 0))  # e.g. a write that failed before the stop
    writes: list[str] = []
    real = store.update_listing

    async def counted(code: str, *args: Any) -> None:
        writes.append(code)
        await real(code, *args)

    store.update_listing = counted  # type: ignore[method-assign]
    second = await GameServer(config(), store=store).start()
    try:
        assert sorted(second.registry.tables) == sorted(codes)
        assert writes == [codes[2]]  # only the wrong one is written again
        assert [t.code for t in await store.load_listed(10)] == [codes[2], codes[0]]
    finally:
        await second.stop()


async def test_s17_f12_a_failing_store_makes_the_first_page_unavailable_never_an_empty_list() -> None:
    """Operator s17 F12: PostgreSQL stopped, ``/`` said "No table is listed here right now" (200) while 5 tables
    were open; ``/results`` said 503. The first page is now :class:`ListingUnavailable` (the site's 503) while the
    store's latest read failed, and lists again once it answers."""
    import pytest

    from doublenine.server.web.listing import ListingUnavailable

    store = CountingStore()
    await stored(store, "FIRST", 1.0)
    page = PublicTables(registry(store), ttl=0.0)
    assert [i.code for i in await page.tables()] == ["FIRST"]

    async def down(limit: int) -> Any:
        raise OSError("connection refused")

    answer = store.load_listed
    store.load_listed = down  # type: ignore[method-assign]
    with pytest.raises(ListingUnavailable, match="the public tables could not be read from the store"):
        await page.tables()
    page.ttl = 60.0  # within the interval after the failed read: still no list, never an empty one
    with pytest.raises(ListingUnavailable):
        await page.tables()
    store.load_listed = answer  # type: ignore[method-assign]
    page.ttl = 0.0
    assert [i.code for i in await page.tables()] == ["FIRST"]
