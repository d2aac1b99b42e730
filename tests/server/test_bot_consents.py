"""s13 netplayer F5: a hand-over request never waits on ``doublenine bot`` seats.

Kind: a consent asked of a program that never answers. Two seats played by ``doublenine bot`` (its
``play_seat``) were asked whether the computer may play for a disconnected player, never answered, and
the request waited until the protocol's 180 s point. A computer player waits for nobody: it accepts."""
from __future__ import annotations

import asyncio
import random

from doublenine.server.computer import random_legal
from doublenine.server.netbot import play_seat
from doublenine.shared import protocol as p

from .conftest import create, eventually, join


async def test_bot_seats_accept_a_hand_over_at_once(server) -> None:  # type: ignore[no-untyped-def]
    host = await create(server, "hhhh", sit=1, seed=3, name="Direct")
    wifi = await join(server, host.code, seat=2, name="Wifi")
    bots = [await join(server, host.code, seat=s, name=f"Bot{s}") for s in (3, 4)]
    table = server.registry.tables[host.code]
    running = [asyncio.create_task(play_seat(b, lambda v, r: random_legal(v, r), random.Random(s), lambda c: False,
                                             timeout=60)) for s, b in enumerate(bots)]
    try:
        await wifi.close()  # Wifi's link is gone
        await host.until(lambda m: isinstance(m, p.TableUpdate) and not m.table.seats[1].connected)
        await host.send({"type": "hand_over", "seat": 2, "expected_seq": host.seq})
        opened = await host.until(lambda m: isinstance(m, p.TableUpdate) and m.table.request is not None)
        assert opened.table.request.waiting == (3, 4)
        closed = await host.until(lambda m: isinstance(m, p.RequestClosed), timeout=5)
        assert (closed.action, closed.outcome) == ("hand_over", "done")
        await eventually(lambda: table.slots[2].handed_over)
        assert all(not t.done() for t in running)  # the bots play on (no refusal ended them)
    finally:
        for t in running:
            t.cancel()
        await asyncio.gather(*running, return_exceptions=True)
