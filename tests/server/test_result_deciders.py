"""Attacker s14 F7: a match's result names, per seat, the persons who made its decisions (else the computer,
by its level), never a name that only sat at the seat. Kind: a record crediting a person who made no decision."""
from __future__ import annotations

import asyncio
import random

from doublenine.server.netbot import play_seat
from doublenine.shared import protocol as p
from doublenine.shared.state import Phase

from .conftest import create, eventually, join, random_player


async def test_f7_the_reported_case_a_stranger_who_sat_and_left_is_not_on_the_result(server) -> None:
    """name_in_result.py: Ana's public table; a stranger sat at seat 2 as "Vandal WAS HERE" and left at once,
    the computer played seat 2 to the end and the record said "B: Vandal WAS HERE & West". Now seat 2 is
    the computer's, by level, as seats 3 and 4 that nobody took."""
    ana = await create(server, "hhhh", sit=1, seed=11, name="Ana")
    await ana.send({"type": "start"})
    await ana.until(lambda m: isinstance(m, p.TableUpdate) and m.table.started)
    table = server.registry.tables[ana.code]
    assert table.state.phase is Phase.DRAW  # Ana has not drawn: no hand is dealt, a join sits at once (F1)
    vandal = await join(server, ana.code, seat=2, name="Vandal WAS HERE")
    assert vandal.view.viewer == 2
    await vandal.send({"type": "leave"})
    await vandal.until(lambda m: isinstance(m, p.LeftTable))
    assert table.slots[2].display_name == "Vandal WAS HERE"  # the seat keeps the name (docs/protocol.md leave)
    over = lambda c: c.view is not None and c.view.phase is Phase.MATCH_OVER  # noqa: E731
    await asyncio.wait_for(play_seat(ana, random_player, random.Random(5), over), 120)
    await eventually(lambda: table.result_stored == 1, 10)
    [kept] = await server.store.load_results()
    assert kept.seats == ("Ana", "computer:easy", "computer:easy", "computer:easy")
    assert [sl.deciders for _, sl in sorted(table.slots.items())] == [("Ana",), (), (), ()]


async def test_f7_two_persons_at_one_seat_are_both_named_and_a_new_match_starts_afresh(server) -> None:
    """Bo plays seat 2's opening pick (R3) and leaves, Cy takes the seat later: seat 2 is "Bo / Cy" only if
    both decided; the names of match 1 are not those of match 2."""
    from doublenine.server.seating import DECIDERS_KEPT
    ana = await create(server, "hhhh", sit=1, seed=11, name="Ana")
    table = server.registry.tables[ana.code]
    table.meta.started = True
    await table.decided_by(2)  # as Table.decide does after a person's decision is stored
    table.slots[2].name = "Cy"
    await table.decided_by(2)
    await table.decided_by(2)
    assert table.result_names()[:2] == ("computer:easy", "East / Cy") and DECIDERS_KEPT == 4
    for sl in table.slots.values():
        sl.deciders_match = 0  # names of another match: not this one's, started afresh
    await table.decided_by(3)
    assert table.result_names() == ("computer:easy", "computer:easy", "North", "computer:easy")
    from doublenine.server.seating import TableMeta
    from doublenine.shared.codec import decode_meta
    stored = TableMeta.from_record(decode_meta((await server.store.load(ana.code, rows=False)).meta))
    assert [(sl.deciders_match, sl.deciders) for _, sl in sorted(stored.slots.items())] == \
        [(0, ()), (0, ("East", "Cy")), (1, ("North",)), (0, ())]


async def test_s16_f5_a_review_answer_alone_names_nobody_and_who_plays_most_is_kept(server) -> None:  # type: ignore[no-untyped-def]
    """Attacker s16 F5 (deciders_fill.py): strangers who sat down mid-match, only accepted a review at seat 3
    and left were named
    "Zed0 / Zed1" as Vera's partner while the computer played every tile; with four such, the person who then
    played the seat was not named at all. A review answer alone names nobody; a fifth person takes the place
    of the one who decided in the fewest hands."""
    vera = await create(server, "hhhh", sit=1, seed=11, name="Vera")
    table = server.registry.tables[vera.code]
    table.meta.started = True
    table.slots[3].sat_after = (1, 1)  # each sat down between hands of the match (join, or at the next deal)
    for i in range(2):
        table.slots[3].name = f"Zed{i}"
        await table.decided_by(3, i + 1, review=True)  # as Table.decide after a review answer
    assert table.result_names()[2] == "computer:easy" and table.slots[3].deciders == ()
    for i in range(4):  # four passers-by who each played one hand (hands 1..4)
        table.slots[3].name = f"Zed{i}"
        await table.decided_by(3, i + 1)
    table.slots[3].name = "Pablo"
    for hand in (5, 6, 7):
        await table.decided_by(3, hand, review=True)
        await table.decided_by(3, hand)
    assert table.slots[3].deciders == ("Zed1", "Zed2", "Zed3", "Pablo")
    assert table.slots[3].decided_hands == (1, 1, 1, 3)
