"""What a league organiser reads in the results (league s17 F4, F5, F6): a match's record says who played it.

F6: ``doublenine bot --table 7SDYR --seat 2 --name Ana`` stood in for Ana and the results said "Ana & Hugo",
exactly as a match she played herself; now "Ana (bot)", ``bot_seats`` "2" and ``players[].program``.
F5: Carla's window left at last week's finished table played a match against three computers that read like a
league match (Z5DZ8 "Mesa 2"); now it says "one person with the computer" (``persons`` 1, class ``solo``).
F4: DP9FR "Mesa 1" begun on a release that counted nothing credited Hugo (a late joiner) with all 6 hands and
read "(22:57-21:59)" over a week; now "Hugo (?/6)" and both days. Kind: a record that drops what the server knew
of who played (a program, how many persons, an unknown count, the days spanned)."""
from __future__ import annotations

import asyncio
import json
import random
from typing import Any

from doublenine.server.netbot import match_over, play_seat
from doublenine.server.resultscli import line_of
from doublenine.server.seating import SeatSlot
from doublenine.server.storage.base import MatchResult, SeatPlayer, seat_players
from doublenine.server.table import decided_share
from doublenine.server.web import pages
from doublenine.shared.i18n import translator
from doublenine.shared.seats import Seat

from .conftest import create, eventually, join, random_player


async def test_f6_a_bot_standing_in_for_ana_is_marked_in_every_result(make_server: Any) -> None:
    server = await make_server()
    hugo = await create(server, "hhcc", sit=1, seed=11, name="Hugo")
    ana = await join(server, hugo.code, seat=2, name="Ana", client="netbot")  # doublenine bot --name Ana
    table = server.registry.tables[hugo.code]
    await asyncio.wait_for(asyncio.gather(*(play_seat(c, random_player, random.Random(i), match_over, 60)
                                            for i, c in enumerate((hugo, ana)))), 120)
    await eventually(lambda: table.result_stored == 1, 10)
    [kept] = await server.store.load_results()
    assert kept.seats[:2] == ("Hugo", "Ana (bot)")
    assert (kept.persons, kept.program_seats) == (1, (2,))
    row = pages.results_csv([kept]).splitlines()[1].split(",")
    assert row[5:7] == ["Hugo & computer · Easy", "Ana (bot) & computer · Easy"] and row[-2:] == ["1", "2"]
    players = json.loads(pages.results_json([kept]))["results"][0]["players"]
    assert [(x["seat"], x["name"], x["program"]) for x in players] == [(1, "Hugo", False), (2, "Ana", True)]
    assert "B: Ana (bot) & computer · Easy" in line_of(kept)


def test_f6_the_mark_survives_a_restart_and_a_record_before_it_reads_no_program() -> None:
    slot = SeatSlot(Seat.TWO, deciders=("Ana",), deciders_match=1, decided_hands=(3,), decided_last=(3,),
                    decided_program=(True,))
    assert SeatSlot.from_record(Seat.TWO, slot.record()).decided_program == (True,)
    old = slot.record()
    del old["decided_program"]  # stored by session 16
    assert SeatSlot.from_record(Seat.TWO, old).decided_program == (False,)


Z5DZ8 = MatchResult("Z5DZ8", 2, ("computer:normal", "Carla", "computer:normal", "computer:normal"), (95, 105), "B", 5,
                    1796079654.0, 1796680801.0, "Mesa 2", True)
"""The reported row: 2026-11-30T23:00:54Z to 2026-12-07T22:00:01Z, Carla and three computers, 95-105, B, 5 hands."""


def test_f5_a_match_of_one_person_and_three_computers_is_told_apart() -> None:
    assert Z5DZ8.persons == 1
    assert pages.results_csv([Z5DZ8]).splitlines()[1] == (
        "2026-12-07T22:00:01Z,2026-11-30T23:00:54Z,Z5DZ8,Mesa 2,2,computer · Normal & computer · Normal,"
        "Carla & computer · Normal,95,105,B,5,computer · Normal,Carla,computer · Normal,computer · Normal,yes,1,")
    assert line_of(Z5DZ8) == ('2026-12-07 22:00 UTC  Z5DZ8 "Mesa 2"  match 2  A: computer · Normal & computer · Normal '
                              '95 - B: Carla & computer · Normal 105  B wins  5 hands  one person with the computer  '
                              '(2026-11-30 23:00 - 2026-12-07 22:00)')
    html = pages.results_list(translator("es"), [Z5DZ8])
    assert '<li class="result solo" data-code="Z5DZ8" data-match="2">' in html and "Una persona con la computadora" in html


def test_f4_a_late_joiner_of_a_match_begun_before_the_counts_is_not_credited_with_every_hand() -> None:
    assert decided_share("Hugo", -1, 6) == "Hugo (?/6)"
    dp9fr = MatchResult("DP9FR", 1, ("Ana (?/6)", "Inés (?/6)", "Elena (?/6)", "Hugo (?/6)"), (61, 119), "B", 6,
                        1796079420.0, 1796680740.0, "Mesa 1", True)  # 2026-11-30 22:57 - 2026-12-07 21:59 UTC
    assert dp9fr.players(4) == (SeatPlayer("Hugo", None, 6),)
    assert line_of(dp9fr).endswith("A: Ana (?/6) & Elena (?/6) 61 - B: Inés (?/6) & Hugo (?/6) 119  B wins  6 hands  "
                                   "(2026-11-30 22:57 - 2026-12-07 21:59)")


def test_the_seats_text_is_read_back_exactly() -> None:
    assert seat_players("Bruno", 6) == (SeatPlayer("Bruno", 6, 6),)
    assert seat_players("José (1/6) / JOSÉ (3/6)", 6) == (SeatPlayer("José", 1, 6), SeatPlayer("JOSÉ", 3, 6))
    assert seat_players("Ana (bot) (1/2)", 2) == (SeatPlayer("Ana", 1, 2, True),)
    assert seat_players("computer:easy", 6) == () and seat_players("computer · Normal", 6) == ()


async def test_f7_results_csv_of_players_totals_over_a_range(make_server: Any) -> None:
    from doublenine.server.standings import standings, standings_csv

    from .test_web_pages import get

    server = await make_server()
    e2 = MatchResult("DP9FR", 1, ("Ana", "Jose", "Bruno", "Carla"), (61, 119), "B", 6, 1796066000.0,
                     1796074800.0, "Mesa 1", True)  # 2026-11-30
    e3 = MatchResult("STNJW", 1, ("Diego", "Bruno", "Elena", "José (1/6) / JOSÉ (3/6)"), (40, 106), "B", 6,
                     1796670000.0, 1796678400.0, "Mesa 6", True)  # 2026-12-07
    for r in (e2, e3):
        await server.store.record_result(r)
    status, headers, text = await get(server, "/results.csv?players=1&from=2026-11-30&to=2026-12-07")
    assert (status, headers["Content-Disposition"]) == (200, 'attachment; filename="doublenine-players.csv"')
    assert text == "\ufeff" + standings_csv(standings([e3, e2]))
    assert text.splitlines()[1] == "José,2,2,0,225,101,0,José / JOSÉ / Jose"
    status, _, html = await get(server, "/results?players=1&from=2026-12-01")
    assert status == 200 and '<span class="pname">Bruno</span>' in html and '<span class="pname">Carla</span>' not in html
