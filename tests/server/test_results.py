"""Club s14 kind 1 (F4, F4b, F5, F14): a finished match is a durable record.

A real server and a real match played to its end: the store keeps its result (names, score, winner,
hands, times); ``/`` keeps listing the finished table and shows the result under "Finished matches";
``/results`` and its CSV and JSON downloads carry it; once the table closes, ``/t/CODE`` says it is
closed and shows it instead of a 404; the log says "match over", not "solo"."""
from __future__ import annotations

import asyncio
import json
import logging
import random
from typing import Any

import pytest

from doublenine.server.netbot import play_seat
from doublenine.server.storage import MatchResult
from doublenine.server.web import pages
from doublenine.shared.state import Phase

from .conftest import connect, eventually, random_player, seats
from .test_web_pages import get

NAMES = ("Ana", "Carlos", "Pablo", "Dora")
RECORDED = ("Ana", "computer:easy", "computer:easy", "computer:easy")
"""How the result names the seats of :func:`_finished`: Ana made seat 1's decisions, the computers the others'
(attacker s14 F7: a result names the persons who made a seat's decisions, else the computer by its level, kept
as data: translator s15 F32)."""


async def _finished(server: Any, public: bool = True) -> tuple[Any, Any]:
    """A table of Ana (seat 1, playing at random) and three computers, played to the match's end."""
    c = await connect(server)
    spec: dict[str, Any] = {"type": "create_table", "seats": seats(*"hccc"), "seed": 11, "sit": 1, "name": "Ana",
                            "public": public, "table_name": "Table 1"}  # club s14 F1: the name goes along
    for i, name in enumerate(NAMES[1:], start=1):
        spec["seats"][i]["name"] = name
    await c.attach(spec)
    over = lambda cl: cl.view is not None and cl.view.phase is Phase.MATCH_OVER  # noqa: E731
    await asyncio.wait_for(play_seat(c, random_player, random.Random(5), over), 120)
    table = server.registry.tables[c.code]
    await eventually(lambda: table.result_stored == 1, 10)
    return c, table


async def test_a_finished_match_is_kept_listed_and_downloadable(make_server: Any, caplog: pytest.LogCaptureFixture) -> None:
    server = await make_server(solo_idle_timeout=0.3, idle_timeout=30.0)
    c, table = await _finished(server)
    state = table.state
    [kept] = await server.store.load_results()
    events = table.log.events
    assert kept == MatchResult(c.code, 1, RECORDED, state.scores, state.winner.value, len(state.finished),
                               events[0].at, events[-1].at, "Table 1", True)
    assert kept.hands >= 1 and max(kept.scores) >= 100  # R18: to 100
    # F4b: the finished table stays on the projector page, its result said; and it is under "Finished matches"
    status, _, body = await get(server, "/")
    assert status == 200 and f'<a href="/t/{c.code}"><span class="code"><span class="tname">Table 1</span>{c.code}</span>' in body
    assert f"Team {kept.winner} wins the match!" in body
    # league s17 F5: Ana and three computers: a match of one person, told apart (class "solo")
    assert "<h2>Finished matches</h2>" in body and f'<li class="result solo" data-code="{c.code}" data-match="1">' in body
    assert " · One person with the computer · " in body
    assert ('<span class="members"><bdi>Ana</bdi> &amp; <span class="kind">computer · Easy</span></span> '
            f'<span class="points">{kept.scores[0]}</span>') in body
    # F5: /results and its downloads
    status, _, body = await get(server, "/results")
    assert status == 200 and 'href="/results.csv"' in body and f'data-code="{c.code}"' in body
    status, headers, text = await get(server, "/results.csv")
    assert (status, headers["Content-Type"], headers["Content-Disposition"]) == (
        200, "text/csv; charset=utf-8", 'attachment; filename="doublenine-results.csv"')
    # organiser s16 F8: a byte-order mark first (Excel's double click reads UTF-8 then: "Hélène", not "HÃ©lÃ¨ne")
    assert text == "\ufeff" + pages.results_csv([kept])
    winner = kept.winner
    assert text.splitlines()[1].split(",")[2:11] == [c.code, "Table 1", "1", "Ana & computer · Easy",
                                                      "computer · Easy & computer · Easy",
                                                      str(kept.scores[0]), str(kept.scores[1]), winner,
                                                      str(kept.hands)]
    assert text.splitlines()[1].split(",")[-3:] == ["yes", "1", ""]  # finished, persons, bot_seats (league s17 F5)
    status, _, text = await get(server, "/results.json")
    assert status == 200 and json.loads(text)["results"][0]["team_b"] == "computer · Easy & computer · Easy"
    assert json.loads(text)["results"][0]["players"] == [
        {"seat": 1, "team": "A", "name": "Ana", "hands": kept.hands, "of": kept.hands, "program": False}]
    # F4: the table closes a moment after its last person goes; its page says so, with the result
    with caplog.at_level(logging.INFO, logger="doublenine"):
        await c.close()
        await eventually(lambda: c.code not in server.registry.tables, 10)
    assert f"table {c.code} closed (match over, nobody connected for 0.3 s)" in caplog.text  # F14: not "solo"
    status, _, body = await get(server, f"/t/{c.code.lower()}")
    # phone s15 F17: named as the list named it ("Table WTBBJ is closed" for the listed "Café Bar")
    assert status == 200 and f'<h1><span class="tname">Table 1</span> · Table {c.code} is closed</h1>' in body
    assert f"<title>Table 1 · Table {c.code} is closed</title>" in body
    assert f'<li class="result solo" data-code="{c.code}" data-match="1">' in body
    status, _, body = await get(server, "/")
    assert f'<a href="/t/{c.code}"><span class="code">' not in body  # closed: no longer an open table
    assert f'data-code="{c.code}" data-match="1"' in body  # but its result stays


async def test_a_private_tables_result_is_kept_but_shown_only_on_its_own_page(make_server: Any) -> None:
    server = await make_server(solo_idle_timeout=0.3, idle_timeout=30.0)
    c, _ = await _finished(server, public=False)
    [kept] = await server.store.load_results()
    assert kept.public is False
    assert await server.store.load_results(public=True) == []
    status, _, body = await get(server, "/results")
    # new user s14: "No match has finished on this server yet." was false here (this unlisted table's was)
    assert status == 200 and c.code not in body and '<p class="empty">No match at a listed table has finished yet.</p>' in body
    status, _, body = await get(server, "/")
    assert status == 200 and c.code not in body and '<p class="empty">No match at a listed table has finished yet.</p>' in body
    status, _, body = await get(server, f"/results?table={c.code}")
    assert status == 200 and '<p class="empty">No finished match of a listed table fits this choice.</p>' in body
    await c.close()
    await eventually(lambda: c.code not in server.registry.tables, 10)
    status, _, body = await get(server, f"/t/{c.code}")
    assert status == 200 and f'data-code="{c.code}" data-match="1"' in body


def test_a_name_a_spreadsheet_would_run_is_written_as_text() -> None:
    r = MatchResult("KQ7PX", 2, ("=HYPERLINK(1)", "@x", "+1", "-2"), (101, 40), "A", 5, 0.0, 3600.0, "Table 1", True)
    assert pages.results_csv([r]).splitlines() == [
        "ended_utc,started_utc,code,table_name,match,team_a,team_b,score_a,score_b,winner,hands,seat1,seat2,seat3,seat4,"
        "finished,persons,bot_seats",
        "1970-01-01T01:00:00Z,1970-01-01T00:00:00Z,KQ7PX,Table 1,2,'=HYPERLINK(1) & +1,'@x & -2,101,40,A,5,"
        "'=HYPERLINK(1),'@x,'+1,'-2,yes,4,"]


async def test_a_match_ended_again_after_an_undo_is_stored_again(make_server: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """R27 after the match's end: the stored record is replaced by the match's new end, not kept stale."""
    server = await make_server()
    c = await connect(server)
    await c.attach({"type": "create_table", "seats": seats(*"hccc"), "sit": 1, "name": "Ana"})
    table = server.registry.tables[c.code]
    first = MatchResult(c.code, 1, NAMES, (101, 40), "A", 6, 10.0, 20.0)
    again = MatchResult(c.code, 1, NAMES, (99, 103), "B", 7, 10.0, 30.0)
    for shown in (first, None, again):  # over, undone (not over), over again
        monkeypatch.setattr(table, "result", lambda shown=shown: shown)
        await table.save_result()
    assert await server.store.load_results() == [again]


def test_each_empty_results_list_says_only_what_it_shows() -> None:
    """New user s14: the empty list's sentence is true of what the list shows (kind: a page claiming more)."""
    from doublenine.shared.i18n import translator
    en, fr = translator("en"), translator("fr")
    none = '<p class="empty">No match at a listed table has finished yet.</p>'
    assert none in pages.results_page(en, [])
    assert '<p class="empty">No finished match of a listed table fits this choice.</p>' in \
        pages.results_page(en, [], pages.ResultsQuery(date="2026-12-07"))
    assert '<p class="empty">No finished match of a listed table fits this choice.</p>' in \
        pages.results_page(en, [], pages.ResultsQuery(page=2))
    assert '<p class="empty">The server keeps no finished match of this table.</p>' in pages.closed_page(en, "5XJE9", [])
    assert '<p class="empty">Aucune partie d’une table affichée n’est encore terminée.</p>' in pages.results_page(fr, [])


PRIVATE_SAID = {
    "en": "This table was not listed: its matches are shown only here, to whoever has its code.",
    "fr": "Cette table n’était pas affichée\u00a0: ses parties ne sont montrées qu’ici, à qui a son code.",
    "pt": "Esta mesa não estava na lista: as partidas dela aparecem só aqui, para quem tem o código.",
    "de": "Dieser Tisch war nicht aufgeführt: Seine Partien werden nur hier gezeigt, allen, die seinen Code haben.",
    "es": "Esta mesa no estaba en la lista: sus partidas solo se muestran aquí, a quien tenga su código.",
}


async def test_s15_a_closed_private_tables_matches_are_its_code_holders_and_the_page_says_so(make_server: Any) -> None:
    """Session 15 (s14 note: a closed private table's results are visible to anyone with its code). The
    decision (docs/operations.md "Finished matches"): the code is a private table's key after it closes as
    it was while it was open (anyone with it could watch the match live: its players and those they gave it
    to), so its own page shows its matches, and says who sees them; no list page nor download shows them,
    and a code tried through the pages costs a code miss as a spectate does."""
    server = await make_server(solo_idle_timeout=0.3, idle_timeout=30.0, trust_proxy=True,
                               code_miss_rate=0.01, code_miss_burst=3)
    c, _ = await _finished(server, public=False)
    await c.close()
    await eventually(lambda: c.code not in server.registry.tables, 10)
    for n, (lang, said) in enumerate(PRIVATE_SAID.items()):  # each a player of its own address
        status, _, body = await get(server, f"/t/{c.code}", lang, **{"X-Forwarded-For": f"198.51.100.{n + 1}"})
        assert status == 200 and f'<p class="hint private">{said}</p>' in body, lang
        assert "Ana" in body and f'data-code="{c.code}" data-match="1"' in body
    for path in ("/results.csv", "/results.json", f"/results.json?table={c.code}", "/"):
        status, _, body = await get(server, path)
        assert status == 200 and c.code not in body and "Ana" not in body, path
    other = "Z" + c.code[1:] if c.code[0] != "Z" else "Y" + c.code[1:]
    tried = [await get(server, f"/t/{other}", **{"X-Forwarded-For": "203.0.113.9"}) for _ in range(4)]
    assert [s for s, _, _ in tried] == [404, 404, 404, 429] and not any("Ana" in b for _, _, b in tried)
    status, _, body = await get(server, f"/t/{c.code}", **{"X-Forwarded-For": "203.0.113.9"})
    assert status == 429 and "Ana" not in body


async def test_s15_a_closed_listed_tables_page_says_nothing_of_a_code(make_server: Any) -> None:
    server = await make_server(solo_idle_timeout=0.3, idle_timeout=30.0)
    c, _ = await _finished(server, public=True)
    await c.close()
    await eventually(lambda: c.code not in server.registry.tables, 10)
    status, _, body = await get(server, f"/t/{c.code}")
    assert status == 200 and 'class="hint private"' not in body and f'data-code="{c.code}" data-match="1"' in body
