"""Attacker s14 F5 and F6: names that spell the window's or the pages' own words, and table names that were
only cleaned, never distinct. One rule for seats, spectators and tables (server/names.py: own_name,
distinct_name; table_name adds the pages' words and their "Table CODE" form)."""
from __future__ import annotations

from typing import Any

from doublenine.server.names import own_name, table_name
from doublenine.server.web.pages import listing_key

from .conftest import connect, create, seats, spectate
from .test_web_pages import get


def test_f6_the_reported_case_table_names_are_distinct_and_never_the_pages_own() -> None:
    """table_names.py: kept as given were "Table 1" twice, "TABLE 1", "Tab1e 1", Cyrillic "Тable 1",
    "Table 1 (you)", "South", "Finished matches" and "Table HZE9K" (another table's heading)."""
    kept = ["Table 1"]
    for typed, expected in (("Table 1", "Table 1 2"), ("TABLE 1", "TABLE 1 3"), ("Tab1e 1", "Tab1e 1 4"),
                            ("Тable 1", "Тable 1 5"), ("Table 1 (you)", "Table 1 6"), ("South", ""),
                            ("Finished matches", ""), ("Table HZE9K", ""), ("Mesa PQR7X", ""), ("Table 7", "Table 7"),
                            ("Club night", "Club night")):
        got = table_name(typed, kept)
        assert got == expected, typed
        kept.append(got)


def test_organiser_s16_f7_club_table_names_that_cannot_be_a_code_are_kept() -> None:
    """Organiser s16 F7: "Mesa Final", "Mesa Verde", "Table Rouge", "Mesa 10001" and "Mesa Cinco" were stored
    without a name (any five letters or digits after "Mesa"/"Table"/"Tisch" were taken for a code). A code is
    five capitals and digits of an alphabet without I, L, O, U, 0 and 1, as the pages show it: only that form,
    look-alikes included, still reads as another table's heading."""
    typed = ["Mesa Final", "Mesa final", "Mesa Verde", "Mesa Roble", "Mesa Pinos", "Mesa Norte", "Table Final",
             "Table Verte", "Table Rouge", "Tisch Alpha", "Mesa 10001", "Mesa Cinco", "Mesa Azul", "Mesa 5",
             "Table hze9k"]
    assert [table_name(t, []) for t in typed] == typed
    assert [table_name(t, []) for t in ("Table HZE9K", "TableHZE9K", "Table \uff28\u0396E9\u039a", "Mesa VERDE",
                                        "Tisch H Z E 9 K", "Mesa PQR7X", "Mesa HZE9K!", "Tábla HZE9K")] == [""] * 7 + ["Tábla HZE9K"]


def test_attacker_s16_f2_punctuation_and_small_capitals_beside_a_code_still_read_as_its_heading() -> None:
    """Attacker s16 F2 (heading_lookalike.py): beside the club's open table T7HW7, "Table T7HW7.", "Table: T7HW7",
    "«Table T7HW7»", "Table \u1d1b7\u029c\u1d217" (small capitals) and "Mesa #T7HW7" were kept and listed on
    "/" and the projector; a dot or small capitals are not seen at a glance. Lower case stays a name."""
    assert [table_name(t, []) for t in ("Table T7HW7.", "Table: T7HW7", "«Table T7HW7»", "Table \u1d1b7\u029c\u1d217",
                                        "Mesa #T7HW7", "Table t7hw7", "Club: Mesa 1", "Mesa Verde")] == \
        ["", "", "", "", "", "Table t7hw7", "Club: Mesa 1", "Mesa Verde"]


def test_f6_a_bang_or_a_zero_does_not_top_the_projector_page() -> None:
    order = sorted([("Table 1", "AAAAA"), ("!", "BBBBB"), ("0", "CCCCC"), ("!Zed", "DDDDD"), ("", "EEEEE"),
                    ("Table 2", "FFFFF")], key=lambda nc: listing_key(*nc))
    assert [n for n, _ in order] == ["Table 1", "Table 2", "!Zed", "!", "0", ""]


def test_f5_the_reported_case_names_spelling_the_windows_words_are_not_kept() -> None:
    """badge_names.py: seat 1 named "Team B", seat 2 "computer, free seat", seat 3 "Expert"; French too."""
    assert [own_name(n) for n in ("Team B", "computer, free seat", "Expert", "Équipe A", "ordinateur",
                                  "computer stands in", "disconnected", "Ana")] == ["", "", "", "", "", "", "", "Ana"]


async def test_f5_f6_through_the_server_seats_spectators_and_tables_follow_the_rule(server: Any) -> None:
    c = await connect(server)
    await c.attach({"type": "create_table", "seats": seats(*"hhhh"), "sit": 1, "name": "Team B", "public": True,
                    "table_name": "Table 1"})
    other = await connect(server)
    await other.attach({"type": "create_table", "seats": seats(*"hhhh"), "sit": 1, "name": "Expert",
                        "public": True, "table_name": "Tab1e 1"})
    assert (server.registry.tables[c.code].meta.name, server.registry.tables[other.code].meta.name) == \
        ("Table 1", "Tab1e 1 2")
    assert (server.registry.tables[c.code].slots[1].name, server.registry.tables[other.code].slots[1].name) == ("", "")
    watcher = await spectate(server, c.code, name="computer, free seat")
    assert [getattr(conn, "watch_name", None) for conn, s in server.registry.tables[c.code].subscribers.items()
            if s is None] == [""]
    status, _, body = await get(server, "/")
    assert status == 200 and '<span class="tname">Tab1e 1 2</span>' in body and '<span class="tname">Table 1</span>' in body
    await watcher.close()


def test_organiser_s16_a_names_end_punctuation_and_its_marks_do_not_make_a_second_name() -> None:
    """Organiser s16 (item 4, session 17): "Mesa 1." was listed beside "Mesa 1" as another table. The end's
    sentence punctuation is cut ("Mesa 1." is "Mesa 1"), and two table names are compared without their
    punctuation and symbols, so the second "Mesa 1" of any spelling gets the suffix a second one gets."""
    kept = ["Mesa 1"]
    for typed, expected in (("Mesa 1.", "Mesa 1 2"), ("Mesa-1", "Mesa-1 3"), ("MESA·1!", "MESA·1 4"),
                            ("Mesa 1?!", "Mesa 1 5"), ("Mesa 2.", "Mesa 2"), ("Mesa (pública)", "Mesa (pública)"),
                            ("Mesa (publica)", "Mesa (publica) 2"), ("Mesa 12", "Mesa 12"), ("...", "...")):
        got = table_name(typed, kept)
        assert got == expected, typed
        kept.append(got)


async def test_organiser_s16_a_name_of_tonights_closed_table_is_not_given_to_a_new_one(make_server: Any) -> None:
    """Organiser s16 (item 4): "Mesa 1" closed and a new "Mesa 1" made the same night gave the evening's results
    two different tables of one name. A name stays taken 12 hours after its listed table's last finished match
    (registry.NAME_EVENING), whoever's table it was; an older one is free again, and a private table's match takes
    no name (attacker s17 F3: a stranger's private tables, closed after a deal, took a club's names for 12 hours)."""
    import time

    from doublenine.server.registry import NAME_EVENING
    from doublenine.server.storage.base import MatchResult

    server = await make_server()
    store = server.registry.store
    now = time.time()
    for code, name, ended, listed in (("AAAAA", "Mesa 1", now - 600, True), ("BBBBB", "Mesa 2", now - NAME_EVENING - 60, True),
                                      ("CCCCC", "Mesa 3", now - 600, False)):
        await store.record_result(MatchResult(code, 1, ("Ana", "Bo", "Cy", "Di"), (101, 40), "A", 4, ended - 900,
                                              ended, name, listed))
    made = []
    for typed, public in (("Mesa 1", True), ("Mesa 2", True), ("Mesa 1.", False), ("Mesa 2", False), ("Mesa 3", True)):
        c = await connect(server)
        await c.attach({"type": "create_table", "seats": seats(*"hccc"), "sit": 1, "public": public,
                        "table_name": typed})
        made.append(server.registry.tables[c.code].meta.name)
    assert made == ["Mesa 1 2", "Mesa 2", "Mesa 1 3", "Mesa 2 2", "Mesa 3"]


async def test_league_s17_f1_last_weeks_finished_table_resumed_does_not_take_tonights_name(
        make_server: Any, monkeypatch: Any) -> None:
    """League s17 F1: "Mesa 7" (NS9AY) finished, its server stopped with it still open and started again a week
    later: resumed, it made this week's "Mesa 7" "Mesa 7 2" in the results. An open table whose match is over and
    ended more than NAME_EVENING ago (here: any, NAME_EVENING -1) no longer takes its name; one being played does."""
    import asyncio
    import random

    from doublenine.server import registry
    from doublenine.server.netbot import match_over, play_seat
    from doublenine.shared.state import Phase

    from .conftest import random_player

    server = await make_server()
    made = []
    for name, kinds in (("Mesa 7", "hccc"), ("Mesa 8", "hhcc")):
        c = await connect(server)
        await c.attach({"type": "create_table", "seats": seats(*kinds), "sit": 1, "seed": 3, "public": True,
                        "table_name": name})
        made.append(c)
    old = server.registry.tables[made[0].code]
    await asyncio.wait_for(play_seat(made[0], random_player, random.Random(5), match_over), 120)
    assert old.log.state.phase is Phase.MATCH_OVER and old.meta.name == "Mesa 7"
    monkeypatch.setattr(registry, "NAME_EVENING", -1.0)  # its match ended "more than an evening ago"
    names = []
    for typed in ("Mesa 7", "Mesa 8"):
        c = await connect(server)
        await c.attach({"type": "create_table", "seats": seats(*"hccc"), "sit": 1, "public": True,
                        "table_name": typed})
        names.append(server.registry.tables[c.code].meta.name)
    assert names == ["Mesa 7", "Mesa 8 2"]  # Mesa 8 waits for its second person: tonight's, open


async def test_attacker_s17_f8_creates_read_the_evenings_names_once_in_a_while_not_each_time(make_server: Any) -> None:
    """Attacker s17 F8: every create_table with a name read up to 1,000 stored results, refused creates too (three
    addresses at their table limit made every create 3 s). The names are read once per NAMES_FRESH seconds for
    every create of the process; a listed table closed meanwhile keeps its name taken at once."""
    from doublenine.server.registry import NAMES_FRESH

    server = await make_server()
    store = server.registry.store
    reads = []
    load = store.load_results

    async def counted(*args: Any, **kwargs: Any) -> Any:
        reads.append(kwargs.get("public"))
        return await load(*args, **kwargs)

    store.load_results = counted
    made = []
    for typed in ("Mesa 1", "Mesa 2", "Mesa 3", "Mesa 4", "Mesa 5"):
        c = await connect(server)
        await c.attach({"type": "create_table", "seats": seats(*"hccc"), "sit": 1, "public": True, "table_name": typed})
        made.append(server.registry.tables[c.code])
    assert reads == [True] and NAMES_FRESH == 10.0  # one read, of the listed tables' results
    await server.registry.close_table(made[0], "test")
    c = await connect(server)
    await c.attach({"type": "create_table", "seats": seats(*"hccc"), "sit": 1, "public": True, "table_name": "Mesa 1"})
    assert server.registry.tables[c.code].meta.name == "Mesa 1 2" and reads == [True]
