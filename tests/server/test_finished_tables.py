"""Operator s11 finding 15: ``doublenine bot`` left after its one match without a word, and a finished
match nobody was at stayed open 30 minutes, holding a place of its creator's 8 tables.

Now the bot says why it leaves (``--matches 0``: it plays on until stopped), and a table whose match is
over closes ``solo_idle_timeout`` after its last connection goes, like a solo table: with nobody there
no new match can be agreed (D1) and a finished table is never reopened. A table waiting for friends
keeps the idle timeout (they have its code). A real server, four real bots, exact lines and counts.
"""
from __future__ import annotations

import argparse
import asyncio
import logging
import random
from typing import Any

import pytest

from doublenine.server import botcli
from doublenine.server.addresses import creator_key
from doublenine.server.netbot import play_seat
from doublenine.shared.state import Phase

from .conftest import connect, create, eventually, random_player
from .test_bot_new_match import _args, _open

ME = creator_key("127.0.0.1")


async def test_s11_15_the_bot_says_why_it_leaves(make_server: Any, capsys: pytest.CaptureFixture[str]) -> None:
    server = await make_server()
    watcher = await _open(server, ["human"] * 4)
    code = str(watcher.code)
    runs = [botcli._play(_args(server.url, code, seat, matches=1)) for seat in (1, 2, 3, 4)]
    assert await asyncio.wait_for(asyncio.gather(*runs), 120) == [0, 0, 0, 0]
    done = sorted(ln for ln in capsys.readouterr().out.splitlines() if "done:" in ln)
    assert done == [f"doublenine bot: done: the match is over and --matches 1 is reached; seat {s} at table {code} "
                    "given up" for s in (1, 2, 3, 4)]


async def test_s11_15_a_finished_match_nobody_is_at_closes_soon_and_stops_counting(
        make_server: Any, caplog: pytest.LogCaptureFixture) -> None:
    """Four people play the match out and close their windows (seats kept, D7: not a solo table)."""
    server = await make_server(solo_idle_timeout=0.3, idle_timeout=30.0)
    host = await create(server, "hhhh", sit=1, seed=11)
    players = [host]
    for seat in (2, 3, 4):
        other = await connect(server)
        await other.attach({"type": "join", "code": host.code, "seat": seat, "name": f"P{seat}"})
        players.append(other)
    over = lambda c: c.view is not None and c.view.phase is Phase.MATCH_OVER  # noqa: E731
    await asyncio.wait_for(asyncio.gather(*(play_seat(c, random_player, random.Random(c.seat), over)
                                            for c in players)), 120)
    table = server.registry.tables[host.code]
    assert (table.state.phase, table.is_solo(), table.is_finished(), table.idle_delay()) == (
        Phase.MATCH_OVER, False, True, 0.3)
    assert await server.store.count_open(ME) == 1
    with caplog.at_level(logging.INFO, logger="doublenine"):
        for c in players:
            await c.close()
        await eventually(lambda: host.code not in server.registry.tables, 10)
    assert await server.store.count_open(ME) == 0
    assert f"table {host.code} closed (match over, nobody connected for 0.3 s)" in caplog.text


async def test_s11_15_a_table_waiting_for_friends_keeps_the_idle_timeout(make_server: Any) -> None:
    server = await make_server(solo_idle_timeout=0.3, idle_timeout=30.0)
    host = await create(server, "hhhh", sit=1)
    table = server.registry.tables[host.code]
    assert (table.meta.started, table.is_finished(), table.idle_delay()) == (False, False, 30.0)


def test_s11_15_bot_matches_zero_means_until_stopped_and_help_says_the_default() -> None:
    parser = argparse.ArgumentParser()
    botcli.add_arguments(parser)
    base = ["--server", "127.0.0.1:8765", "--table", "KQ7PX"]
    assert (parser.parse_args(base).matches, parser.parse_args([*base, "--matches", "0"]).matches) == (1, 0)
    matches = next(a for a in parser._actions if "--matches" in a.option_strings)
    assert matches.help == ("matches to play before giving the seat up and exiting (default 1: one match, "
                            "then a line saying so; 0: a new match after each one, until stopped)")
