"""``doublenine bot`` plays a seat over the network; a restarted server resumes its tables."""
from __future__ import annotations

import argparse
import asyncio

from doublenine.server import botcli
from doublenine.server.storage.base import MemoryStore
from doublenine.shared.rules import to_act
from doublenine.shared.seats import Seat
from doublenine.shared.state import Phase
from doublenine.shared.views import view_for

from .conftest import connect, create, play_all, settle


async def test_doublenine_bot_plays_a_seat_to_the_end_of_a_match(server) -> None:
    watcher = await connect(server)
    await watcher.attach({"type": "create_table", "sit": None, "seed": 9,
                          "seats": [{"kind": "human"}] + [{"kind": "computer", "level": "easy"}] * 3})
    table = server.registry.tables[watcher.code]
    assert table.meta.started is False and watcher.seed == 9  # D9: the creator is told its seed
    args = argparse.Namespace(server=server.url, table=watcher.code, seat=1, name="Robo",
                              level="easy", matches=1)
    assert await asyncio.wait_for(botcli._play(args), 60) == 0
    assert table.state.phase is Phase.MATCH_OVER
    assert table.slots[1].name == "Robo"


async def test_a_restarted_server_resumes_tables_and_seats_rejoin(make_server) -> None:
    store = MemoryStore()
    first = await make_server(store=store)
    host = await create(first, "hccc", sit=1, seed=15)
    table = first.registry.tables[host.code]
    await asyncio.wait_for(play_all([host], stop=lambda c: len(c.view.finished) >= 1
                                    and c.view.phase is Phase.PLAY), 30)
    token = host.token
    await first.stop()  # its computers may have moved on: the store holds every move made
    events = list(table.log.events)
    second = await make_server(store=store)
    resumed = second.registry.tables[host.code]
    assert resumed.log.events[:len(events)] == events  # nothing lost, nothing repeated
    back = await connect(second)
    await back.attach({"type": "rejoin", "code": host.code, "token": token})
    for _ in range(500):  # the computers play on until the match waits for seat 1 alone
        if to_act(resumed.state) == {Seat.ONE}:
            break
        await asyncio.sleep(0.01)
    await settle([back], resumed)
    assert back.view == view_for(resumed.state, 1) and back.seq == resumed.seq
    await asyncio.wait_for(play_all([back], stop=lambda c: len(c.view.finished) >= 2), 30)


async def test_doublenine_bot_says_in_one_line_when_the_server_stops(server) -> None:
    import sys

    host = await create(server, "hhhh", sit=1)
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "doublenine", "bot", "--server", server.url, "--table", host.code,
        "--seat", "3", stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    assert proc.stdout is not None
    first = await asyncio.wait_for(proc.stdout.readline(), 30)
    assert first.decode().startswith(f"doublenine bot: seat 3 at table {host.code}")
    await server.stop()
    out, err = await asyncio.wait_for(proc.communicate(), 30)
    assert proc.returncode == 1
    assert out.decode().strip().startswith(
        "doublenine bot: the server closed the connection (server shutting down")
    assert b"Traceback" not in err
