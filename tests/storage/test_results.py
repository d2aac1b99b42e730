"""Club s14 kind 1 (F4, F4b, F5): a finished match is a durable record. Every store (memory, SQLite,
PostgreSQL) keeps each finished match under (code, match), survives a restart, lists them newest first,
filters by table and by public, replaces a record stored again, and forgets the oldest beyond its bound."""
from __future__ import annotations

import sqlite3
from pathlib import Path

from doublenine.server.storage import RESULTS_KEPT, MatchResult, Store, open_store
from doublenine.server.storage.sqlite import read_results

from .conftest import Reopen

BAHKX_1 = MatchResult("BAHKX", 1, ("Ana", "Carlos", "Pablo", "Dora"), (119, 53), "A", 9, 1765100000.25,
                      1765101800.5, "Table 1", True)
BAHKX_2 = MatchResult("BAHKX", 2, ("Ana", "Carlos", "Pablo", "Dora"), (84, 111), "B", 7, 1765101900.0,
                      1765103000.0, "Table 1", True)
Q57RS_1 = MatchResult("Q57RS", 1, ("Ana", "Luis", "Mara", "Nico"), (59, 104), "B", 8, 1765100100.0,
                      1765102400.0, "", False)


async def test_finished_matches_are_kept_newest_first_and_survive_a_restart(store_pair: tuple[Store, Reopen]) -> None:
    store, reopen = store_pair
    for r in (BAHKX_1, Q57RS_1, BAHKX_2):
        await store.record_result(r)
    store = await reopen()
    assert await store.load_results() == [BAHKX_2, Q57RS_1, BAHKX_1]
    assert await store.load_results(code="BAHKX") == [BAHKX_2, BAHKX_1]
    assert await store.load_results(public=True) == [BAHKX_2, BAHKX_1]  # Q57RS was not listed
    assert await store.load_results(limit=1) == [BAHKX_2]
    assert await store.load_results(code="ZZZZZ") == []


async def test_a_match_stored_again_replaces_its_record(store: Store) -> None:
    """An undo after the match's end, then a different end: the last record stands, once."""
    await store.record_result(BAHKX_1)
    again = MatchResult("BAHKX", 1, ("Ana", "Carlos", "Pablo", "Dora"), (121, 53), "A", 9, 1765100000.25,
                        1765101900.0, "Table 1", True)
    await store.record_result(again)
    await store.record_result(again)
    assert await store.load_results() == [again]


async def test_attacker_s17_f7_only_a_cut_matchs_record_is_forgotten(store: Store) -> None:
    """A table resumed with its match in play forgets the record its stop left of it as cut (no winner); a
    finished match's record is never forgotten so, nor another match's."""
    cut = MatchResult("Q57RS", 2, ("Ana", "Luis", "Mara", "Nico"), (40, 12), None, 2, 1765102500.0, 1765103100.0,
                      "", False)
    for r in (BAHKX_1, Q57RS_1, cut):
        await store.record_result(r)
    for code, match in (("BAHKX", 1), ("Q57RS", 2), ("Q57RS", 2), ("ZZZZZ", 1)):
        await store.forget_unfinished(code, match)
    assert await store.load_results() == [Q57RS_1, BAHKX_1]


async def test_beyond_its_bound_the_oldest_results_are_forgotten(store: Store) -> None:
    assert RESULTS_KEPT == 10_000
    for n in range(1, 6):
        await store.record_result(MatchResult("KQ7PX", n, ("A", "B", "C", "D"), (100 + n, n), "A", n,
                                              1000.0 * n, 1000.0 * n + 500, "", True), keep=3)
    assert [r.match for r in await store.load_results()] == [5, 4, 3]


async def test_a_schema_2_sqlite_file_gains_the_results_table(tmp_path: Path) -> None:
    """The migration: an older file has no dn_result; opened, it has one (user_version 3), and a
    read-only reader of an older file finds no result rather than failing."""
    path = tmp_path / "old.sqlite3"
    con = sqlite3.connect(path)
    con.executescript("CREATE TABLE dn_table (code TEXT PRIMARY KEY, meta BLOB NOT NULL, closed INTEGER NOT NULL"
                      " DEFAULT 0, created REAL NOT NULL, updated REAL NOT NULL); PRAGMA user_version=2;")
    assert read_results(con, 10) == []
    con.close()
    store = open_store(str(path))
    try:
        await store.record_result(Q57RS_1)
        assert await store.load_results() == [Q57RS_1]
    finally:
        await store.close()
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA user_version").fetchone() == (3,)
    assert read_results(con, 10) == [Q57RS_1]
    con.close()


async def test_s15_f3_the_store_chooses_and_pages_the_results(store: Store) -> None:
    """Operator s15 F3: ``/results`` read every kept result into the process to choose one page. Every store
    now chooses by table (code, or a part of the name, any case, accents too), by end time and pages them."""
    names = ("Salle Été", "Table 1", "")
    for n in range(1, 13):
        await store.record_result(MatchResult(f"C{n % 3}AAA", n, ("A", "B", "C", "D"), (100, n), "A", n,
                                              1000.0 * n, 1000.0 * n + 500, names[n % 3], n != 12))
    got = await store.load_results(limit=3, offset=2)
    assert [r.match for r in got] == [10, 9, 8]
    assert [r.match for r in await store.load_results(table="salle été", public=True)] == [9, 6, 3]
    assert [r.match for r in await store.load_results(table="ÉTÉ", offset=1, limit=2)] == [9, 6]
    assert [r.match for r in await store.load_results(table="c0aaa")] == [12, 9, 6, 3]
    assert [r.match for r in await store.load_results(table="%")] == []
    # phone s17 F14: accents ignored too ("cafe" finds "Café de Ana"), in every store alike
    assert [r.match for r in await store.load_results(table="SALLE ETE", public=True)] == [9, 6, 3]
    assert [r.match for r in await store.load_results(table="sallé")] == [12, 9, 6, 3]  # an accent typed: alike
    assert [r.match for r in await store.load_results(ended=(3500.0, 6500.0))] == [5, 4, 3]
    assert [r.match for r in await store.load_results(ended=(0.0, 0.0))] == []
    assert [r.match for r in await store.load_results(table="table", ended=(3500.0, 9000.0), public=True)] == [7, 4]
