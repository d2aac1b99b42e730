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

from .conftest import eventually, four_at_play
from .test_web_pages import get

KEY = "k" * 24


async def _cut(server: Any) -> tuple[list[Any], Any]:
    clients, table = await four_at_play(server, seed=7, leads=3)
    assert table.state.phase is Phase.PLAY and table.state.finished == ()
    return clients, table


async def test_a_table_closed_by_hand_mid_match_records_it_not_finished(make_server: Any) -> None:
    server = await make_server(operator_key=KEY)
    clients, table = await _cut(server)
    code = table.code
    table.meta.public = True  # listed, so /results shows it
    await clients[0].send({"type": "close_table", "code": code})
    await eventually(lambda: code not in server.registry.tables)
    found = await server.registry.store.load_results(10, code=code)
    assert [(r.match, r.seats, r.scores, r.winner, r.hands, r.finished) for r in found] == \
        [(1, ("Ana", "P2", "P3", "P4"), (0, 0), None, 0, False)]
    status, _, html = await get(server, "/results", lang="es")
    assert status == 200 and f'<li class="result unfinished" data-code="{code}" data-match="1">' in html
    assert re.search(r'<span class="outcome">Sin terminar · 0 manos · [^<]* UTC</span>', html)
    status, _, text = await get(server, "/results.csv")
    row = text.lstrip("\ufeff").splitlines()[1].split(",")
    assert row[2:] == [code, "", "1", "Ana & P3", "P2 & P4", "0", "0", "", "0", "Ana", "P2", "P3", "P4", "no", "4", ""]
    status, _, body = await get(server, "/results.json")
    assert [(r["finished"], r["winner"]) for r in json.loads(body)["results"]] == [(False, "")]
    assert line_of(found[0]).split("  ")[2:-1] == ["match 1", "A: Ana & P3 0 - B: P2 & P4 0", "not finished", "0 hands"]
    status, _, html = await get(server, "/")  # the index's "Finished matches" lists finished ones only
    assert status == 200 and f'data-code="{code}" data-match="1"' not in html


async def test_everybody_gone_the_idle_close_records_it_not_finished(make_server: Any) -> None:
    server = await make_server(idle_timeout=0.05, solo_idle_timeout=0.05)
    clients, table = await _cut(server)
    code = table.code
    for c in clients:
        await c.close()
    await eventually(lambda: code not in server.registry.tables)
    found = await server.registry.store.load_results(10, code=code)
    assert [(r.scores, r.winner, r.hands, r.finished) for r in found] == [((0, 0), None, 0, False)]


async def test_a_server_stopped_mid_match_records_it_and_its_end_after_a_resume_replaces_it(
        make_server: Any, tmp_path: Any) -> None:
    path = str(tmp_path / "club.sqlite3")
    store = open_store(path)
    server = await make_server(store=store)
    clients, table = await _cut(server)
    code = table.code
    for c in clients:
        await c.close()
    await server.stop()  # closes its store
    store = open_store(path)
    found = await store.load_results(10, code=code)
    assert [(r.match, r.scores, r.winner, r.finished) for r in found] == [(1, (0, 0), None, False)]
    again = await make_server(store=store)
    try:
        assert again.registry.tables[code].unfinished_result() == found[0]  # resumed where it was cut
        from doublenine.server.storage.base import MatchResult

        done = MatchResult(code, 1, ("Ana", "P2", "P3", "P4"), (104, 12), "A", 3, found[0].started, found[0].ended + 60)
        await store.record_result(done)  # the match's end, as save_result stores it
        assert [(r.scores, r.winner, r.finished) for r in await store.load_results(10, code=code)] == \
            [((104, 12), "A", True)]
    finally:
        await again.stop()
