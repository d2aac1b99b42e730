"""One storage suite, run over memory, SQLite and PostgreSQL (issue 7 item 1).

Each test states the Store contract of ``server/storage/base.py`` with exact values.
"""
from __future__ import annotations

import asyncio

import pytest

from doublenine.server.storage import ListedTable, Store, StoredTable

from .conftest import Reopen

ROWS = [(0, b"\x81\xa1a\x01"), (1, b""), (2, bytes(range(256)))]


async def test_create_then_load_gives_meta_and_no_rows(store: Store) -> None:
    await store.create_table("ABCD", b"meta-1")
    assert await store.load("ABCD") == StoredTable("ABCD", b"meta-1", (), False)


async def test_load_unknown_code_is_none(store: Store) -> None:
    assert await store.load("NOPE") is None


async def test_create_existing_code_is_refused(store: Store) -> None:
    await store.create_table("ABCD", b"m")
    with pytest.raises(ValueError):
        await store.create_table("ABCD", b"other")
    assert await store.load("ABCD") == StoredTable("ABCD", b"m", (), False)


async def test_append_keeps_rows_in_seq_order_byte_exact(store: Store) -> None:
    await store.create_table("T1", b"m")
    await store.append("T1", ROWS[:2])
    await store.append("T1", ROWS[2:])
    await store.append("T1", [])
    loaded = await store.load("T1")
    assert loaded is not None and loaded.rows == tuple(ROWS)


async def test_repeated_seq_is_refused_and_stores_none_of_the_call(store: Store) -> None:
    await store.create_table("T1", b"m")
    await store.append("T1", [(0, b"a"), (1, b"b")])
    with pytest.raises(ValueError):
        await store.append("T1", [(2, b"c"), (1, b"again")])
    loaded = await store.load("T1")
    assert loaded is not None and loaded.rows == ((0, b"a"), (1, b"b"))


async def test_seq_repeated_within_one_call_is_refused(store: Store) -> None:
    await store.create_table("T1", b"m")
    with pytest.raises(ValueError):
        await store.append("T1", [(0, b"a"), (0, b"b")])
    loaded = await store.load("T1")
    assert loaded is not None and loaded.rows == ()


async def test_same_seq_in_two_tables_is_fine(store: Store) -> None:
    await store.create_table("T1", b"m1")
    await store.create_table("T2", b"m2")
    await store.append("T1", [(0, b"one")])
    await store.append("T2", [(0, b"two")])
    t2 = await store.load("T2")
    assert t2 is not None and t2.rows == ((0, b"two"),)


@pytest.mark.parametrize("call", ["append", "update_meta", "close_table"])
async def test_unknown_code_is_a_key_error(store: Store, call: str) -> None:
    args = {"append": ([(0, b"x")],), "update_meta": (b"m",), "close_table": ()}[call]
    with pytest.raises(KeyError):
        await getattr(store, call)("NOPE", *args)
    assert await store.load("NOPE") is None


async def test_update_meta_replaces_meta_and_keeps_rows(store: Store) -> None:
    await store.create_table("T1", b"old")
    await store.append("T1", ROWS)
    await store.update_meta("T1", b"new")
    assert await store.load("T1") == StoredTable("T1", b"new", tuple(ROWS), False)


async def test_closed_table_leaves_load_open_but_stays_loadable(store: Store) -> None:
    await store.create_table("T1", b"m1")
    await store.create_table("T2", b"m2")
    await store.append("T1", ROWS)
    await store.append("T2", [(0, b"z")])
    await store.close_table("T1")
    assert await store.load_open() == [StoredTable("T2", b"m2", ((0, b"z"),), False)]
    assert await store.load("T1") == StoredTable("T1", b"m1", tuple(ROWS), True)


async def test_load_open_gives_every_open_table_with_its_whole_log(store: Store) -> None:
    for i in range(5):
        await store.create_table(f"T{i}", f"m{i}".encode())
        await store.append(f"T{i}", [(s, f"{i}:{s}".encode()) for s in range(i)])
    tables = sorted(await store.load_open(), key=lambda t: t.code)
    assert [t.code for t in tables] == ["T0", "T1", "T2", "T3", "T4"]
    assert tables[3] == StoredTable("T3", b"m3", ((0, b"3:0"), (1, b"3:1"), (2, b"3:2")), False)


async def test_concurrent_appends_to_many_tables_all_land(store: Store) -> None:
    codes = [f"C{i:03d}" for i in range(40)]
    for c in codes:
        await store.create_table(c, b"m")

    async def play(code: str) -> None:
        for seq in range(10):
            await store.append(code, [(seq, f"{code}/{seq}".encode())])

    await asyncio.gather(*(play(c) for c in codes))
    for c in (codes[0], codes[-1]):
        t = await store.load(c)
        assert t is not None and t.rows == tuple((s, f"{c}/{s}".encode()) for s in range(10))
    assert sum(len(t.rows) for t in await store.load_open()) == 400


async def test_refused_append_does_not_spoil_others_committed_with_it(store: Store) -> None:
    await store.create_table("A", b"m")
    await store.create_table("B", b"m")
    await store.append("A", [(0, b"a0")])
    results = await asyncio.gather(
        store.append("A", [(0, b"dup")]), store.append("B", [(0, b"b0")]),
        store.append("A", [(1, b"a1")]), return_exceptions=True,
    )
    assert isinstance(results[0], ValueError) and results[1:] == [None, None]
    a, b = await store.load("A"), await store.load("B")
    assert a is not None and a.rows == ((0, b"a0"), (1, b"a1"))
    assert b is not None and b.rows == ((0, b"b0"),)


async def test_everything_survives_close_and_reopen(store_pair: tuple[Store, Reopen]) -> None:
    store, reopen = store_pair
    await store.create_table("T1", b"m1")
    await store.append("T1", ROWS)
    await store.create_table("T2", b"m2")
    await store.close_table("T2")
    again = await reopen()
    assert await again.load_open() == [StoredTable("T1", b"m1", tuple(ROWS), False)]
    assert await again.load("T2") == StoredTable("T2", b"m2", (), True)
    with pytest.raises(ValueError):
        await again.append("T1", [(2, b"repeat after restart")])


async def test_reopen_table_opens_a_closed_table_again_with_its_log(store: Store) -> None:
    await store.create_table("T1", b"m1")
    await store.append("T1", ROWS)
    await store.close_table("T1")
    await store.reopen_table("T1")
    assert await store.load_open() == [StoredTable("T1", b"m1", tuple(ROWS), False)]
    await store.reopen_table("T1")  # already open: nothing changes
    assert await store.load("T1") == StoredTable("T1", b"m1", tuple(ROWS), False)
    with pytest.raises(KeyError):
        await store.reopen_table("NOPE")


async def test_chat_keeps_only_the_newest_lines_beside_the_log(store: Store) -> None:
    await store.create_table("T1", b"m")
    await store.append("T1", ROWS[:1])
    for i in range(1, 8):
        await store.append_chat("T1", i, bytes([i]), 3)
    assert await store.load_chat("T1") == ((5, b"\x05"), (6, b"\x06"), (7, b"\x07"))
    assert await store.load_chat("NOPE") == ()
    loaded = await store.load("T1")
    assert loaded is not None and loaded.rows == tuple(ROWS[:1])  # issue 15: never in the log


async def test_chat_drops_the_lines_the_table_no_longer_keeps_by_id(store: Store) -> None:
    """Stream s16 F4: a spectator's line pushes out the oldest spectator's line, not the oldest line (a
    player's kept line may be older than the newest ids): ``drop`` names them."""
    await store.create_table("T1", b"m")
    for i in range(1, 5):
        await store.append_chat("T1", i, bytes([i]), 1 << 30)
    await store.append_chat("T1", 5, b"\x05", 1 << 30, None, (2, 3))
    assert await store.load_chat("T1") == ((1, b"\x01"), (4, b"\x04"), (5, b"\x05"))


async def test_chat_line_repeated_or_for_an_unknown_table_is_refused(store: Store) -> None:
    await store.create_table("T1", b"m")
    await store.append_chat("T1", 1, b"a", 10)
    with pytest.raises(ValueError):
        await store.append_chat("T1", 1, b"again", 10)
    with pytest.raises(KeyError):
        await store.append_chat("NOPE", 1, b"a", 10)
    assert await store.load_chat("T1") == ((1, b"a"),)


async def test_take_fences_off_every_record_write_of_an_older_owner(store: Store) -> None:
    """Issue 12: a process that lost a table's lock without noticing yet writes with the epoch
    it took the table at; once another process has taken it, each such write is refused
    ValueError and changes nothing. The log too (CI s12, test_takeover under load: an append fenced
    by the (code, seq) key alone landed after the new owner had loaded the table, and the new owner's
    own append of that seq then dropped the table)."""
    await store.create_table("T1", b"first owner")
    assert (await store.load("T1")).epoch == 0  # type: ignore[union-attr]
    await store.update_meta("T1", b"first owner, seat taken", 0)
    assert await store.take("T1") == 1  # the new owner
    for stale in (store.update_meta("T1", b"old owner's seats", 0),
                  store.update_listing("T1", True, (40, 12), 0),
                  store.close_table("T1", 0),
                  store.append_chat("T1", 1, b"old owner's line", 10, 0),
                  store.append("T1", [(0, b"old owner's move")], 0)):
        with pytest.raises(ValueError, match="taken over by another process"):
            await stale
    assert await store.load("T1") == StoredTable("T1", b"first owner, seat taken", (), False, 1)
    assert await store.load_listed(10) == [] and await store.load_chat("T1") == ()
    await store.append_chat("T1", 1, b"new owner's line", 10, 1)
    assert await store.load_chat("T1") == ((1, b"new owner's line"),)
    await store.append("T1", [(0, b"new owner's move")], 1)  # the seq the old owner could not take
    assert (await store.load("T1")).rows == ((0, b"new owner's move"),)  # type: ignore[union-attr]
    with pytest.raises(KeyError):
        await store.append("NOPE", [(0, b"x")], 0)
    await store.update_meta("T1", b"new owner's seats", 1)
    await store.update_listing("T1", True, (5, 0), 1)
    assert await store.load_listed(10) == [ListedTable("T1", b"new owner's seats", (5, 0))]
    await store.close_table("T1", 1)
    assert await store.take("T1") is None  # closed: nothing taken, nothing written
    assert await store.load("T1") == StoredTable("T1", b"new owner's seats", ((0, b"new owner's move"),), True, 1,
                                                 (True, (5, 0)))
    assert await store.take("NOPE") is None
    with pytest.raises(KeyError):
        await store.update_listing("NOPE", True, (0, 0), 0)


async def test_load_listed_gives_open_listed_tables_newest_first_at_most_limit(store: Store) -> None:
    for i in range(6):
        await store.create_table(f"T{i}", f"m{i}".encode())
        await store.update_listing(f"T{i}", i != 2, (i, 10 * i))  # T2: private or over
        await asyncio.sleep(0.002)  # distinct creation times (SQLite stores time.time())
    await store.close_table("T4")
    await store.append("T5", ROWS)  # logs are never read
    assert await store.load_listed(3) == [ListedTable("T5", b"m5", (5, 50)), ListedTable("T3", b"m3", (3, 30)),
                                          ListedTable("T1", b"m1", (1, 10))]
    assert [t.code for t in await store.load_listed(50)] == ["T5", "T3", "T1", "T0"]
    await store.update_listing("T5", False, (100, 50))  # its match ended
    assert [t.code for t in await store.load_listed(50)] == ["T3", "T1", "T0"]
    open_ = {t.code: t.listing for t in await store.load_open()}  # a resumed owner knows what is stored
    assert open_ == {"T0": (True, (0, 0)), "T1": (True, (1, 10)), "T2": (False, (2, 20)),
                     "T3": (True, (3, 30)), "T5": (False, (100, 50))}


async def test_load_listed_pages_by_key_before_and_after_a_cursor(store: Store) -> None:
    """Issue 12 paging: the key is (creation time in whole microseconds, code), newest first;
    ``before`` gives the rows below a key, ``after`` the ``limit`` nearest above it, still newest
    first. Times are exact binary fractions, so every store keeps them to the microsecond."""
    made = {"A": 1000.5, "B": 1000.25, "C": 1000.25, "D": 999.75, "E": 1001.0, "F": 998.0, "G": 1002.125}
    for code, created in made.items():
        await store.create_table(code, code.encode(), None, created)
        await store.update_listing(code, code != "F", (0, 0))  # F: not listed
    await store.close_table("D")
    rows = await store.load_listed(10)
    assert [(r.code, r.created) for r in rows] == [
        ("G", 1002125000), ("E", 1001000000), ("A", 1000500000), ("C", 1000250000), ("B", 1000250000)]
    assert [r.key for r in rows][:2] == [(1002125000, "G"), (1001000000, "E")]
    assert [r.code for r in await store.load_listed(2, before=(1001000000, "E"))] == ["A", "C"]
    assert [r.code for r in await store.load_listed(2, before=(1000250000, "C"))] == ["B"]  # same time: by code
    assert [r.code for r in await store.load_listed(10, before=(1000250000, "B"))] == []
    assert [r.code for r in await store.load_listed(2, after=(1000250000, "B"))] == ["A", "C"]  # nearest 2 above
    assert [r.code for r in await store.load_listed(10, after=(1000250000, "B"))] == ["G", "E", "A", "C"]
    assert [r.code for r in await store.load_listed(10, after=(1002125000, "G"))] == []
    assert [r.code for r in await store.load_listed(10, before=(1000500000, "ZZZ"))] == ["A", "C", "B"]
    with pytest.raises(ValueError):
        await store.load_listed(10, before=(1, "A"), after=(0, "A"))


async def test_count_open_counts_the_open_tables_of_one_creator(store: Store) -> None:
    await store.create_table("T1", b"m", "alice")
    await store.create_table("T2", b"m", "alice")
    await store.create_table("T3", b"m", "bob")
    await store.create_table("T4", b"m")
    assert [await store.count_open(who) for who in ("alice", "bob", "carol")] == [2, 1, 0]
    await store.close_table("T1")
    assert [await store.count_open(who) for who in ("alice", "bob")] == [1, 1]  # closing forgot who made it
    await store.reopen_table("T1", "bob")  # a reopened table counts for whoever reopened it
    assert [await store.count_open(who) for who in ("alice", "bob")] == [1, 2]
    await store.reopen_table("T2", "carol")  # an open table: nothing changes
    assert [await store.count_open(who) for who in ("alice", "bob", "carol")] == [1, 2, 0]
    await store.close_table("T4")
    await store.reopen_table("T4")  # reopened by nobody in particular: counted for nobody
    assert [await store.count_open(who) for who in ("alice", "bob", "carol")] == [1, 2, 0]
