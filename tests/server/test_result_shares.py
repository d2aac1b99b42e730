"""A finished match's result says how many of its hands each person decided in, where not all (organiser s16
F4): Mesa 1's match 21 was credited to "Ana & Carlos" and "Bea", who left inside its first hand, the computer
playing the other hands."""
from __future__ import annotations

import asyncio

from doublenine.server.table import decided_share
from doublenine.shared import protocol as p
from doublenine.shared.state import Phase

from .conftest import create, eventually, join, play_all, settle, spectate


def test_s16_f4_a_share_is_said_only_when_not_every_hand() -> None:
    assert decided_share("Ana", 1, 4) == "Ana (1/4)"
    assert decided_share("Ana", 4, 4) == "Ana"
    assert decided_share("Ana", -1, 4) == "Ana (?/4)"  # stored before the counts: not known, said (league s17 F4)
    assert decided_share("Ana", 0, 4) == "Ana (0/4)"  # the opening draw only: no hand of it
    assert decided_share("Ana", 10001, 20000) == "Ana (9999/9999)"


async def test_s16_f4_mesa_1_match_21_three_left_in_its_first_hand(server) -> None:  # type: ignore[no-untyped-def]
    ana = await create(server, "hhhc", sit=1, seed=7, name="Ana")  # Diego had left: the computer's seat
    bea = await join(server, ana.code, seat=2, name="Bea")
    carlos = await join(server, ana.code, seat=3, name="Carlos")
    table = server.registry.tables[ana.code]
    watcher = await spectate(server, ana.code)  # Tío Pepe, watching to the end
    people = [ana, bea, carlos]
    await asyncio.wait_for(play_all(people, stop=lambda c: c.view.phase is Phase.PLAY, seed=7), 30)
    await settle(people, table)
    for c in people:  # SIGTERM: the bots leave, the documented way to give a seat up
        await c.send({"type": "leave"})
        await c.until(lambda m: isinstance(m, p.LeftTable))
    await eventually(lambda: table.state.phase is Phase.MATCH_OVER, 60)
    assert len(table.state.finished) == 7  # this seed's match: 7 hands (the organiser's had 4)
    assert table.result_names() == ("Ana (1/7)", "Bea (1/7)", "Carlos (1/7)", "computer:easy")
    assert watcher.code == table.code
