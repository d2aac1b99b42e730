"""A seat given up (``leave``) is nobody's: its last person's name never counts against a newcomer (organiser s16
F9) and is not shown once its match is over (F5a, F6); the lists say such a seat is the computer's, free."""
from __future__ import annotations

import asyncio

from doublenine.server.actions import watcher_name
from doublenine.server.names import distinct_names
from doublenine.server.seating import TableMeta
from doublenine.server.table import SEAT_AGAIN_WAIT
from doublenine.server.web.pages import SeatInfo, _listed_name
from doublenine.shared import protocol as p
from doublenine.shared.i18n import translator
from doublenine.shared.state import Phase

from .conftest import create, join, play_all, settle


async def _mesa3(server):  # type: ignore[no-untyped-def]
    """Mesa 3 (6K84S): Inés seat 1, João 2, Julián 3, Zoë 4, a hand in play."""
    ines = await create(server, "hhhh", sit=1, seed=7, name="Inés")
    others = [await join(server, ines.code, seat=s, name=n) for s, n in ((2, "João"), (3, "Julián"), (4, "Zoë"))]
    table = server.registry.tables[ines.code]
    await asyncio.wait_for(play_all([ines, *others], stop=lambda c: c.view.phase is Phase.PLAY, seed=7), 30)
    await settle([ines, *others], table)
    return table, ines, others


async def _leave(client) -> None:  # type: ignore[no-untyped-def]
    await client.send({"type": "leave"})
    await client.until(lambda m: isinstance(m, p.LeftTable))


async def test_s16_f9_ines_back_at_the_table_she_left_is_ines_not_ines_2(server) -> None:  # type: ignore[no-untyped-def]
    table, ines, (joao, julian, zoe) = await _mesa3(server)
    await _leave(ines)  # round 2 elsewhere: seat 1 played by the computer, still called "Inés" in this match
    assert (table.slots[1].claimed, table.slots[1].name) == (False, "Inés")
    assert (watcher_name(table, "Inés"), watcher_name(table, "Julián")) == ("Inés", "Julián 2")  # watching, too
    await _leave(joao)
    later = table.seat_clock() + SEAT_AGAIN_WAIT
    table.seat_clock = lambda: later  # she comes back minutes later
    back = await join(server, table.code, seat=2, name="Inés")  # was "Inés 2" in every window and the results
    assert back.seat == 2
    assert table.slots[2].next_name == "Inés"  # mid-hand: hers from the next deal (R21/D8)
    assert table.slots[1].name == ""  # the given-up seat yields the name: its default, "South"


def test_s16_f9_a_restart_keeps_the_name_with_the_person_not_the_given_up_seat() -> None:
    """TableMeta.from_record made names distinct in seat order: after a restart Inés (seat 2) became "Inés 2"
    again against seat 1's old name."""
    assert distinct_names({1: "Inés", 2: "Inés", 3: "Julián", 4: "Zoë"}, held=(2, 3, 4)) == \
        {1: "", 2: "Inés", 3: "Julián", 4: "Zoë"}
    assert distinct_names({1: "Inés", 2: "Inés"}) == {1: "Inés", 2: "Inés 2", 3: "", 4: ""}  # all held: as before
    seat = {"kind": "human", "level": "expert", "handed_over": False}
    record = {"code": "6K84S", "seed": 1, "seeded": False, "language": "es", "creator_seat": None,
              "started": True, "created_at": 0.0,
              "seats": [seat | {"name": "Inés", "token_hash": None}, seat | {"name": "Inés", "token_hash": "ab"},
                        seat | {"name": "Julián", "token_hash": "cd"}, seat | {"name": "Zoë", "token_hash": "ef"}]}
    meta = TableMeta.from_record(record)
    assert [meta.slots[s].name for s in (1, 2, 3, 4)] == ["", "Inés", "Julián", "Zoë"]


async def test_s16_f5_a_seat_given_up_shows_no_leavers_name_once_its_match_is_over(server) -> None:  # type: ignore[no-untyped-def]
    """Diego left Mesa 1 during match 14; match 21's open row still read "Bea & Diego" on the projector."""
    host = await create(server, "hhcc", sit=1, seed=7, name="Bea")
    diego = await join(server, host.code, seat=2, name="Diego")
    table = server.registry.tables[host.code]
    await asyncio.wait_for(play_all([host, diego], stop=lambda c: c.view.phase is Phase.PLAY, seed=7), 30)
    await _leave(diego)
    assert table.slots[2].name == "Diego"  # the match he played in goes on under his name
    await asyncio.wait_for(play_all([host], seed=7), 60)
    await settle([host], table)
    assert (table.state.phase, table.slots[2].name) == (Phase.MATCH_OVER, "Diego")  # to the end of his match
    assert table.result_names()[1] == "Diego (1/5)"  # he decided in hand 1 of 5 (F4)
    await host.send({"type": "new_match", "expected_seq": table.seq, "intent_id": "nm"})
    await host.until(lambda m: isinstance(m, p.TableUpdate) and m.table.seats[1].name == "East")
    assert (table.state.match, table.slots[2].name) == (2, "")  # a match nobody played at his seat
    assert table.players_of(1)[1] == "Diego (1/5)"  # match 1's record still names him (MatchRecordW.players, F10)


def test_s16_f6_the_lists_say_a_seat_nobody_holds_is_the_computers() -> None:
    t = translator("es")
    said = t.gettext("computer, free seat")
    assert _listed_name(t, SeatInfo(4, "West", "open")) == f'<span class="kind">{said}</span>'
    assert _listed_name(t, SeatInfo(4, "Diego", "open")) == f'<bdi>Diego</bdi> <span class="kind">{said}</span>'
    assert _listed_name(t, SeatInfo(4, "Diego", "player")) == "<bdi>Diego</bdi>"
