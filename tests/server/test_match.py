"""Whole matches over real sockets (issue 3 must-show)."""
from __future__ import annotations

import asyncio

from doublenine.server.netbot import match_over
from doublenine.shared import protocol as p
from doublenine.shared.state import Phase
from doublenine.shared.views import view_for

from .conftest import create, join, play_all, spectate


async def test_r19_four_network_clients_play_a_full_match_to_100(server) -> None:
    host = await create(server, "hhhh", sit=1, seed=11)
    others = [await join(server, host.code, seat=s, name=f"P{s}") for s in (2, 3, 4)]
    watcher = await spectate(server, host.code)
    players = [host, *others]
    await asyncio.wait_for(play_all(players, seed=1), 60)
    table = server.registry.tables[host.code]
    state = table.state
    assert state.phase is Phase.MATCH_OVER
    assert max(state.scores) >= 100
    for c in players:
        assert c.view == view_for(state, c.seat)
    await watcher.until(lambda m: watcher.seq == table.seq)
    assert watcher.view == view_for(state, None)
    assert watcher.view.winner is state.winner


async def test_one_network_human_and_three_computer_seats_finish_a_match(server) -> None:
    human = await create(server, "hccc", sit=1, seed=5)
    assert human.table.started is True
    assert [s.computer_plays for s in human.table.seats] == [False, True, True, True]
    await asyncio.wait_for(play_all([human], seed=2), 60)
    state = server.registry.tables[human.code].state
    assert state.phase is Phase.MATCH_OVER
    assert human.view == view_for(state, 1)


async def test_spectator_sees_no_hand_before_the_reveal_and_all_four_after(server) -> None:
    host = await create(server, "hccc", sit=1, seed=3)
    watcher = await spectate(server, host.code)
    await asyncio.wait_for(play_all([host], stop=lambda c: len(c.view.finished) >= 1), 30)
    table = server.registry.tables[host.code]
    await watcher.until(lambda m: watcher.seq == table.seq)
    for frame in watcher.frames:
        msg = p.decode_server(frame)
        if isinstance(msg, p.Snapshot):
            assert msg.view.hand == () and msg.view.viewer is None
        if isinstance(msg, p.Update) and msg.patch is not None:
            assert msg.patch.hand is None
    done = watcher.view.finished[0]
    assert done == table.state.finished[0]
    assert sum(len(h) for h in done.dealt) == 40

