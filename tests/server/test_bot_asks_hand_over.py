"""Club s14 F7: a table of ``doublenine bot`` seats asks for the hand-over of a player whose window closed.

Q57RS: Luis, Mara and Nico were ``doublenine bot`` seats, Ana's window was closed on her turn; the table
stood still for good: only seated humans may ask to let the computer play a seat (D7), the organiser only
watched, and the bots never asked. Kind: a wait nobody at the table can end. Within D7 the bot now asks
after :data:`~doublenine.server.netbot.HAND_OVER_AFTER` seconds (here 0.3 s) of one wait for a
disconnected player; the other bots consent, so the computer plays Ana's seat until she is back.
"""
from __future__ import annotations

import asyncio
import random

from doublenine.server.netbot import HAND_OVER_AFTER, absent_awaited, play_seat
from doublenine.shared import protocol as p

from .conftest import create, eventually, join, random_player


def _bots(bots, after):  # type: ignore[no-untyped-def]
    return [asyncio.create_task(play_seat(b, random_player, random.Random(i), lambda c: False,
                                          timeout=60, hand_over_after=after)) for i, b in enumerate(bots)]


async def _stop(running) -> None:  # type: ignore[no-untyped-def]
    for t in running:
        t.cancel()
    await asyncio.gather(*running, return_exceptions=True)


async def test_the_reported_case_three_bots_hand_ana_over_and_play_on(server) -> None:  # type: ignore[no-untyped-def]
    ana = await create(server, "hhhh", sit=1, seed=3, name="Ana")
    bots = [await join(server, ana.code, seat=s, name=n) for s, n in ((2, "Luis"), (3, "Mara"), (4, "Nico"))]
    table = server.registry.tables[ana.code]
    assert table.meta.started  # every seat taken: the opening draw waits for seat 1, Ana (R3)
    await ana.close()  # her window is closed
    await eventually(lambda: table.slots[1].conn is None)
    running = _bots(bots, 0.3)
    try:
        await eventually(lambda: table.slots[1].handed_over, seconds=10)
        assert table.slots[1].token_hash is not None  # still Ana's seat: she takes it back on rejoining (D7)
        await eventually(lambda: table.seq > 2, seconds=10)  # the match goes on
        assert all(not t.done() for t in running)
    finally:
        await _stop(running)


async def test_no_ask_before_the_wait_nor_for_a_connected_player(server) -> None:  # type: ignore[no-untyped-def]
    ana = await create(server, "hhhh", sit=1, seed=3, name="Ana")
    bots = [await join(server, ana.code, seat=s, name=n) for s, n in ((2, "Luis"), (3, "Mara"), (4, "Nico"))]
    table = server.registry.tables[ana.code]
    await bots[0].until(lambda m: isinstance(m, p.TableUpdate) and m.table.started)  # every seat taken
    assert absent_awaited(bots[0]) is None  # Ana is connected: the table waits for her turn, nobody asks
    running = _bots(bots, 30.0)
    try:
        await ana.close()
        await eventually(lambda: bots[2].table is not None and not bots[2].table.seats[0].connected)
        assert absent_awaited(bots[2]) == 1
        await asyncio.sleep(0.5)
        assert (table.request, table.slots[1].handed_over) == (None, False)  # 30 s not reached: nobody asked
    finally:
        await _stop(running)
    assert HAND_OVER_AFTER == 60.0
