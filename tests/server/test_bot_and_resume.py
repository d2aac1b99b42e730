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

from .conftest import connect, create, eventually, play_all, quiesce, settle


async def test_doublenine_bot_plays_a_seat_to_the_end_of_a_match(server) -> None:
    watcher = await connect(server)
    await watcher.attach({"type": "create_table", "sit": None, "seed": 9,
                          "seats": [{"kind": "human"}] + [{"kind": "computer", "level": "easy"}] * 3})
    table = server.registry.tables[watcher.code]
    assert table.meta.started is False and watcher.seed == 9  # D9: the creator is told its seed
    args = argparse.Namespace(server=server.url, table=watcher.code, seat=1, name="Robo",
                              level="easy", matches=1, pace=0.0)
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


async def test_doublenine_bot_says_in_one_line_when_the_host_ends_the_game(server) -> None:
    """Only a deliberate end (4010) stops the bot; a server stop (1001) is reconnected (issue 12)."""
    import sys

    from doublenine.shared.reconnect import ENDED

    host = await create(server, "hhhh", sit=1)
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "doublenine", "bot", "--server", server.url, "--table", host.code,
        "--seat", "3", stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    assert proc.stdout is not None
    first = await asyncio.wait_for(proc.stdout.readline(), 30)
    assert first.decode().startswith(f"doublenine bot: seat 3 at table {host.code}")
    await server.stop(ENDED, "the host ended the game")
    out, err = await asyncio.wait_for(proc.communicate(), 30)
    assert proc.returncode == 1
    assert err.decode().strip() == "doublenine bot: the server ended the game (the host ended the game)"  # stderr
    assert b"Traceback" not in err


async def test_applied_intent_ids_survive_a_restart_a_resend_is_duplicate(make_server) -> None:
    from doublenine.shared import protocol as p
    from doublenine.shared.convert import intent_for

    store = MemoryStore()
    first = await make_server(store=store)
    host = await create(first, "hccc", sit=1, seed=15)
    table = first.registry.tables[host.code]
    await asyncio.wait_for(play_all([host], stop=lambda c: c.view.phase is Phase.PLAY
                                    and any(m.seat == 1 for m in c.view.moves)), 30)
    await quiesce([host], table, {1})
    await host.send({"type": "undo", "expected_seq": table.seq, "intent_id": "u-1"})
    await eventually(lambda: "u-1" in table.applied[Seat.ONE])
    await quiesce([host], table, {1})  # the computers play on up to seat 1's turn
    await host.send(intent_for(host.view.legal_decisions()[0], host.seq, "p-1"))
    await eventually(lambda: "p-1" in table.applied[Seat.ONE])
    applied = dict(table.applied[Seat.ONE])
    await first.stop()
    second = await make_server(store=store)
    resumed = second.registry.tables[host.code]
    assert {k: resumed.applied[Seat.ONE][k] for k in ("u-1", "p-1")} == {k: applied[k] for k in ("u-1", "p-1")}
    back = await connect(second)
    await back.attach({"type": "rejoin", "code": host.code, "token": host.token})
    before = len(resumed.log.events)
    for iid, kind in (("u-1", "undo"), ("p-1", "pass")):
        await back.send({"type": kind, "expected_seq": resumed.seq, "intent_id": iid})
        err = await back.until(lambda m: isinstance(m, p.Error))
        assert (err.code, err.intent_id, err.data) == ("DUPLICATE", iid, {"seq": applied[iid]})
    assert not any(type(e.body).__name__ == "Undone" for e in resumed.log.events[before:])
