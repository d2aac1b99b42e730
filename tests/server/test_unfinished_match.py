"""Organiser s16 F12 (session 17, item 2): the match being played at closing time (its table closed by hand or
for idleness, everybody gone, the server stopped) left no trace in the results. It is recorded as not finished:
its score so far, the hands finished, who played, no winner; on /results, its CSV and JSON, and in
``doublenine results``; a later end of the same match (a resumed table) replaces it."""
from __future__ import annotations

import json
import re
from typing import Any

from doublenine.server.resultscli import line_of
from doublenine.server.storage import open_store
from doublenine.shared.state import Phase

from .conftest import create, eventually, four_at_play, play_all, settle
from .test_web_pages import get

KEY = "k" * 24


async def _cut(server: Any) -> tuple[list[Any], Any]:
    """Four people at a table, its first hand played to its end and the second begun (attacker s17 F2: a match
    cut before a hand of it was finished leaves no row)."""
    clients, table = await four_at_play(server, seed=7, leads=3)
    await play_all(clients, stop=lambda c: len(table.state.finished) == 1 and table.state.phase is Phase.PLAY,
                   seed=7)
    await settle(clients, table)
    assert table.state.phase is Phase.PLAY and len(table.state.finished) == 1
    return clients, table


def _score(table: Any) -> tuple[int, int]:
    return table.state.scores[0], table.state.scores[1]


async def test_a_table_closed_by_hand_mid_match_records_it_not_finished(make_server: Any) -> None:
    server = await make_server(operator_key=KEY)
    clients, table = await _cut(server)
    code = table.code
    a, b = _score(table)
    table.meta.public = True  # listed, so /results shows it
    # the operator (the creator may not close a match others are playing once a hand is finished: attacker s17 F5)
    await clients[0].send({"type": "close_table", "code": code, "key": KEY})
    await eventually(lambda: code not in server.registry.tables)
    found = await server.registry.store.load_results(10, code=code)
    assert [(r.match, r.seats, r.scores, r.winner, r.hands, r.finished) for r in found] == \
        [(1, ("Ana", "P2", "P3", "P4"), (a, b), None, 1, False)]
    status, _, html = await get(server, "/results", lang="es")
    assert status == 200 and f'<li class="result unfinished" data-code="{code}" data-match="1">' in html
    assert re.search(r'<span class="outcome">Sin terminar · 1 mano · [^<]* UTC</span>', html), html
    status, _, text = await get(server, "/results.csv")
    row = text.lstrip("\ufeff").splitlines()[1].split(",")
    assert row[2:] == [code, "", "1", "Ana & P3", "P2 & P4", str(a), str(b), "", "1", "Ana", "P2", "P3", "P4", "no",
                       "4", ""]
    status, _, body = await get(server, "/results.json")
    assert [(r["finished"], r["winner"]) for r in json.loads(body)["results"]] == [(False, "")]
    assert line_of(found[0]).split("  ")[2:-1] == ["match 1", f"A: Ana & P3 {a} - B: P2 & P4 {b}", "not finished",
                                                   "1 hand"]
    status, _, html = await get(server, "/")  # the index's "Finished matches" lists finished ones only
    assert status == 200 and f'data-code="{code}" data-match="1"' not in html


async def test_everybody_gone_the_idle_close_records_it_not_finished(make_server: Any) -> None:
    server = await make_server(idle_timeout=0.05, solo_idle_timeout=0.05)
    clients, table = await _cut(server)
    code, score = table.code, _score(table)
    for c in clients:
        await c.close()
    await eventually(lambda: code not in server.registry.tables)
    found = await server.registry.store.load_results(10, code=code)
    assert [(r.scores, r.winner, r.hands, r.finished) for r in found] == [(score, None, 1, False)]


async def test_a_server_stopped_mid_match_records_it_and_its_end_after_a_resume_replaces_it(
        make_server: Any, tmp_path: Any) -> None:
    path = str(tmp_path / "club.sqlite3")
    store = open_store(path)
    server = await make_server(store=store)
    clients, table = await _cut(server)
    code, score = table.code, _score(table)
    for c in clients:
        await c.close()
    await server.stop()  # closes its store
    store = open_store(path)
    found = await store.load_results(10, code=code)
    assert [(r.match, r.scores, r.winner, r.finished) for r in found] == [(1, score, None, False)]
    again = await make_server(store=store)
    try:
        assert again.registry.tables[code].unfinished_result() == found[0]  # resumed where it was cut
        # attacker s17 F7: played on, it is no longer listed "Not finished" (its close would record it again)
        assert await store.load_results(10, code=code) == []
        from doublenine.server.storage.base import MatchResult

        done = MatchResult(code, 1, ("Ana", "P2", "P3", "P4"), (104, 12), "A", 3, found[0].started, found[0].ended + 60)
        await store.record_result(done)  # the match's end, as save_result stores it
        assert [(r.scores, r.winner, r.finished) for r in await store.load_results(10, code=code)] == \
            [((104, 12), "A", True)]
    finally:
        await again.stop()


async def test_attacker_s17_f2_a_match_cut_before_a_hand_ended_or_with_one_person_leaves_no_row(
        make_server: Any) -> None:
    """Attacker s17 F2: a public table closed as soon as its first hand was dealt gave a "Not finished 0-0" row in
    a quarter of a second, 4 a second from one address, named as it chose. No row for a match cut before a
    hand of it was finished, nor for one person against the computer (cut: a row costs a whole hand of two)."""
    server = await make_server(operator_key=KEY)
    clients, table = await four_at_play(server, seed=7, leads=3)
    code = table.code
    assert table.state.finished == () and table.unfinished_result() is None
    await clients[0].send({"type": "close_table", "code": code})
    await eventually(lambda: code not in server.registry.tables)
    assert await server.registry.store.load_results(10, code=code) == []
    host = await create(server, "hccc", sit=1, seed=7)
    solo = server.registry.tables[host.code]
    await play_all([host], stop=lambda c: len(solo.state.finished) == 1 and solo.state.phase is Phase.PLAY, seed=7)
    assert len(solo.state.finished) == 1 and solo.unfinished_result() is None  # one person: no row
