"""Paging of ``/`` (server/web/listing.py): cursors, never offsets.

A page is the LISTED_MAX tables just older than a cursor (``before``) or just newer
(``after``); the cursor is a row's key (creation time in microseconds, code), so tables
created between two pages never shift a table onto two pages or off all of them. The
stored rows (other processes' tables) and this process's live tables are merged by that
one key; a store that holds more rows than it gave never lets the page show anything
beyond its last row. Bad cursors are refused before any work.
"""
from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest

from doublenine.server.storage import MemoryStore, created_us
from doublenine.server.web import listing
from doublenine.server.web.listing import (LISTED_MAX, BadCursor, ListingUnavailable, PublicTables, cursor_query,
                                           format_cursor, parse_cursor)
from doublenine.server.web.pages import TableInfo

from .test_listing import record, registry


async def stored(store: MemoryStore, code: str, created_at: float, listed: bool = True) -> None:
    await store.create_table(code, record(code, created_at), None, created_at)
    await store.update_listing(code, listed, (0, 0))


def live(code: str, created_at: float, listed: bool = True) -> Any:
    """Just what choosing the shown tables reads of a live table."""
    return SimpleNamespace(code=code, meta=SimpleNamespace(created_at=created_at), listing=lambda: (listed, (0, 0)))


@pytest.fixture(autouse=True)
def plain_records(monkeypatch: pytest.MonkeyPatch) -> None:
    """A live table's record is just its code here (the record itself: tests/server/test_listing.py)."""
    monkeypatch.setattr(listing, "table_info", lambda table: TableInfo(table.code, (), (0, 0), False))


def cursor(query: str | None) -> dict[str, Any]:
    """``page()``'s arguments for a link's query."""
    before, after = cursor_query(query or "")
    return {"before": before, "after": after}


def codes(page: Any) -> list[str]:
    return [info.code for info in page.rows]


async def test_120_tables_page_1_is_the_newest_50_page_3_the_last_20_and_back() -> None:
    store = MemoryStore()
    for i in range(120):
        await stored(store, f"T{i:03d}", 1000.0 + i)
    site = PublicTables(registry(store), ttl=0.0)
    first = await site.page()
    assert codes(first) == [f"T{i:03d}" for i in range(119, 69, -1)] and first.newer is None
    assert first.older == f"before={created_us(1070.0)}.T070" == "before=1070000000.T070"
    second = await site.page(**cursor(first.older))
    assert codes(second) == [f"T{i:03d}" for i in range(69, 19, -1)]
    third = await site.page(**cursor(second.older))
    assert codes(third) == [f"T{i:03d}" for i in range(19, -1, -1)] and third.older is None
    back = await site.page(**cursor(third.newer))  # newer: the 50 just above page 3's first row
    assert codes(back) == codes(second) and back.newer == "after=1069000000.T069"
    top = await site.page(**cursor(back.newer))
    assert codes(top) == codes(first) and top.newer is None and top.older == first.older


async def test_tables_created_between_pages_never_shift_a_table_onto_two_pages_or_off_them() -> None:
    """Local (this process's) and stored (other processes') tables mixed; new ones of both kinds
    arrive before each next page: the pages followed hold every table that was there, once."""
    store = MemoryStore()
    local: dict[str, Any] = {}
    for i in range(120):
        code = f"T{i:03d}"
        await stored(store, code, 1000.0 + i)  # every table is stored; every third one is served here
        if i % 3 == 0:
            local[code] = live(code, 1000.0 + i)
    site = PublicTables(registry(store, local), ttl=0.0)
    seen: list[str] = []
    page = await site.page()
    for n in range(3):
        seen += codes(page)
        for j in range(7):  # newer tables, here and elsewhere
            code = f"N{n}{j}"
            await stored(store, code, 2000.0 + 10 * n + j)
            if j % 2:
                local[code] = live(code, 2000.0 + 10 * n + j)
        if page.older is None:
            break
        page = await site.page(**cursor(page.older))
    assert [len(p) for p in (seen[:50], seen[50:100], seen[100:])] == [50, 50, 20]
    assert seen == [f"T{i:03d}" for i in range(119, -1, -1)]  # all 120, once each, in order


async def test_stale_stored_rows_of_live_tables_never_let_a_page_skip_a_table() -> None:
    """The store gives LISTED_MAX + 1 rows, the 10 newest of them live tables here whose match
    ended (stored as listed, not listed now): the page shows only what lies above the store's
    last row, so a live table older than every stored row waits for its page."""
    store = MemoryStore()
    local: dict[str, Any] = {}
    for i in range(60):
        code = f"S{i:03d}"
        await stored(store, code, 100.0 + i)
        if i >= 50:
            local[code] = live(code, 100.0 + i, listed=False)
    await stored(store, "OLD", 1.0, listed=False)  # its listing not stored yet; listed here
    local["OLD"] = live("OLD", 1.0)
    site = PublicTables(registry(store, local), ttl=0.0)
    first = await site.page()
    assert codes(first) == [f"S{i:03d}" for i in range(49, 8, -1)]  # 41: down to the store's 51st row
    second = await site.page(**cursor(first.older))
    assert codes(second) == [f"S{i:03d}" for i in range(8, -1, -1)] + ["OLD"] and second.older is None


async def test_a_process_on_sqlite_pages_its_live_tables_without_the_store() -> None:
    store = MemoryStore()
    local = {f"L{i:03d}": live(f"L{i:03d}", 50.0 + i, listed=i % 4 != 0) for i in range(160)}
    site = PublicTables(SimpleNamespace(store=store, tables=local, ownership=SimpleNamespace(exclusive=True)))
    listed = [f"L{i:03d}" for i in range(159, -1, -1) if i % 4 != 0]  # 120
    pages, page = [], await site.page()
    while True:
        pages.append(codes(page))
        if page.older is None:
            break
        page = await site.page(**cursor(page.older))
    assert pages == [listed[:50], listed[50:100], listed[100:]]
    assert site.built == 120  # each page built the records it shows, no more


def test_cursors_round_trip_and_every_other_value_is_refused() -> None:
    assert parse_cursor(format_cursor((1764555000123456, "KQ7PX"))) == (1764555000123456, "KQ7PX")
    assert cursor_query("") == (None, None) and cursor_query("table=KQ7PX&x=1") == (None, None)
    assert cursor_query("before=0.A") == ((0, "A"), None)
    assert cursor_query("after=9999999999999999.ZZ9") == (None, (9999999999999999, "ZZ9"))
    bad = ["before=", "before=abc", "before=-1.KQ7PX", "before=+5.KQ7PX", "before=12", "before=.KQ7PX",
           "before=10000000000000000.KQ7PX", "before=" + "9" * 5000 + ".A", "before=007.KQ7PX",
           "before=1.kq7px", "before=1.KQ7PX.", "before=1.KQ 7PX", "before=1.%C3%89", "before=%D9%A1.KQ7PX",
           "before=1.KQ7PX%00", "before=%FF.A", "before=1.A&before=2.B", "before=1.A&after=2.B",
           "after=1.A&after=1.A", "before=1." + "A" * 33, "&".join(["x=1"] * 17), "before=1.A;x" + "y" * 600]
    for query in bad:
        with pytest.raises(BadCursor):
            cursor_query(query)


async def test_a_cursor_page_the_store_does_not_answer_is_unavailable_and_queries_stay_bounded(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(listing, "LISTING_WAIT", 0.2)
    store = MemoryStore()
    gate, running, most = asyncio.Event(), [0], [0]

    async def hang(limit: int, before: Any = None, after: Any = None) -> list[Any]:
        running[0] += 1
        most[0] = max(most[0], running[0])
        await gate.wait()
        running[0] -= 1
        return []

    store.load_listed = hang  # type: ignore[method-assign]
    site = PublicTables(registry(store), ttl=0.0)
    results = await asyncio.gather(*(site.page(before=(5, "A")) for _ in range(6)), return_exceptions=True)
    assert all(isinstance(r, ListingUnavailable) for r in results)
    assert most[0] == listing.CURSOR_QUERIES == 2  # the others waited for a place, never reached the store
    gate.set()
    await asyncio.sleep(0.05)
    assert (await site.page(before=(5, "A"))).rows == [] and running[0] == 0



HAND_MADE = [("after=0.A", "older"), ("after=1.A", "older"), ("before=9999999999999999.ZZZZZ", "newer")]
"""Attacker finding F9: cursors nobody's link makes, whose page has nothing on one side."""


@pytest.mark.parametrize("query,side", HAND_MADE)
async def test_f9_a_link_is_shown_only_when_a_table_is_on_its_side(query: str, side: str) -> None:
    """``?after=0.A`` lists the 50 oldest tables: its Older link led to an empty page. Stored
    tables (other processes) and live ones (this one) mixed; each link shown leads to tables."""
    store = MemoryStore()
    local: dict[str, Any] = {}
    for i in range(60):
        await stored(store, f"T{i:03d}", 1000.0 + i)
        if i % 2:
            local[f"T{i:03d}"] = live(f"T{i:03d}", 1000.0 + i)
    site = PublicTables(registry(store, local), ttl=0.0)
    page = await site.page(**cursor(query))
    assert getattr(page, side) is None and len(page.rows) == 50
    other = page.newer if side == "older" else page.older
    assert other is not None and len((await site.page(**cursor(other))).rows) == 10  # the far side is there
    beyond = await site.page(**cursor(f"after={format_cursor((created_us(1059.0), 'T059'))}"))
    assert (beyond.rows, beyond.older, beyond.newer) == ([], "", None)  # back to the first page, which lists 50
    empty = await PublicTables(registry(MemoryStore()), ttl=0.0).page(**cursor(query))
    assert (empty.rows, empty.older, empty.newer) == ([], None, None)  # no table anywhere: no link at all


async def test_f9_the_link_back_counts_live_tables_as_they_are_now() -> None:
    """A table served here only (not stored as listed yet) keeps the link back; the stored row of a
    table this process no longer lists (its match ended) does not."""
    store = MemoryStore()
    for i in range(5):
        await stored(store, f"T{i:03d}", 1000.0 + i)
    await stored(store, "ENDED", 999.0)  # stored as listed; its match is over here
    local: dict[str, Any] = {"ENDED": live("ENDED", 999.0, listed=False)}
    site = PublicTables(registry(store, local), ttl=0.0)
    query = f"after={format_cursor((created_us(999.0), 'ENDED'))}"
    page = await site.page(**cursor(query))
    assert codes(page) == [f"T{i:03d}" for i in range(4, -1, -1)] and page.older is None
    local["LIVE"] = live("LIVE", 998.0)
    page = await site.page(**cursor(query))
    assert page.older == f"before={created_us(1000.0)}.T000"
    assert codes(await site.page(**cursor(page.older))) == ["LIVE"]


async def test_s11_f6_junk_rows_newest_in_the_store_cost_one_row_each_not_the_page(caplog) -> None:
    """Attacker s11 F6: 62 listed rows whose record does not decode, the newest in the store, left
    the page of ``/`` without any other process's table; now the store is read on past them by the
    rows' keys, and each is said once however often the page is read."""
    import logging

    store = MemoryStore()
    for i in range(120):
        await stored(store, f"T{i:03d}", 1000.0 + i)
    for i in range(62):  # created in 100 years: the newest rows
        await store.create_table(f"J{i:03d}", b"\xc1", None, 1000.0 + 100 * 365 * 86400 + i)
        await store.update_listing(f"J{i:03d}", True, (0, 0))
    site = PublicTables(registry(store), ttl=0.0)
    with caplog.at_level(logging.WARNING, "doublenine.server.web.listing"):
        first = await site.page()
        assert codes(first) == [f"T{i:03d}" for i in range(119, 69, -1)] and first.newer is None
        assert first.older == "before=1070000000.T070"
        second = await site.page(**cursor(first.older))
        assert codes(second) == [f"T{i:03d}" for i in range(69, 19, -1)]
        again = await site.page()
        assert codes(again) == codes(first)
        back = await site.page(**cursor(second.newer))
        assert codes(back) == codes(first) and back.newer is None  # only junk lies above: no link
    said = [r.getMessage() for r in caplog.records]
    assert len(said) == 62 and said[0] == "table J061: its stored record cannot be listed; skipped (said once)"
    assert sorted(said) == sorted(f"table J{i:03d}: its stored record cannot be listed; skipped (said once)"
                                  for i in range(62))


async def test_s11_f6_the_reads_past_junk_rows_are_bounded() -> None:
    """More junk rows than SKIP_READS reads pass: the page ends where the last read did, with the
    link to read on (a page of ``/`` never reads the store without a bound)."""
    store = MemoryStore()
    reads = 0
    real = store.load_listed

    async def counting(limit, before=None, after=None):
        nonlocal reads
        reads += 1
        return await real(limit, before=before, after=after)

    store.load_listed = counting  # type: ignore[method-assign]
    await stored(store, "REAL", 1000.0)
    junk = (LISTED_MAX + 1) * listing.SKIP_READS
    for i in range(junk):
        await store.create_table(f"J{i:04d}", b"\xc1", None, 5000.0 + i)
        await store.update_listing(f"J{i:04d}", True, (0, 0))
    site = PublicTables(registry(store), ttl=0.0)
    first = await site.page()
    assert (codes(first), reads) == ([], listing.SKIP_READS)
    assert first.older == f"before={created_us(5000.0)}.J0000"
    second = await site.page(**cursor(first.older))
    assert codes(second) == ["REAL"] and second.older is None
