"""``doublenine bot`` gives its seat up when it stops on purpose (D1, D7; docs/protocol.md ``leave``).

Left-alone finding of session 7: the bot closed its connection without ``leave`` once its
``--matches`` were played, after a refusal, or on Ctrl-C. The server kept the seat for its player's
return (D7: no timer, R29), so the new match the other seats asked for waited for that seat's
consent (D1): the other bots waited an hour per frame, then reconnected and waited again. Kind: a
client that ends for good holding a seat nobody can take back (it never keeps its token).
"""
from __future__ import annotations

import asyncio
import signal
import sys
from typing import Any

import pytest

from doublenine.server import botcli
from doublenine.shared import protocol as p
from doublenine.shared.seats import Seat
from doublenine.shared.state import Phase

from .conftest import connect, create, eventually, play_all, quiesce
from .test_bot_new_match import _args, _human_and_bot, _open


async def test_d1_d7_a_bot_done_with_its_matches_leaves_and_the_others_play_the_next_match(server: Any) -> None:
    """Seat 1 plays one match, seats 2-4 two: seat 1's seat goes to the computer, under its name until the
    match ends (organiser s16 F5: then a seat nobody holds shows its default name, "computer, free seat")."""
    watcher = await _open(server, ["human"] * 4)
    code = str(watcher.code)
    runs = [botcli._play(_args(server.url, code, seat, matches=1 if seat == 1 else 2)) for seat in (1, 2, 3, 4)]
    assert await asyncio.wait_for(asyncio.gather(*runs), 90) == [0, 0, 0, 0]
    table = server.registry.tables[code]
    assert (table.state.match, table.state.phase) == (2, Phase.MATCH_OVER)
    assert [table.slots[s].claimed for s in Seat] == [False] * 4  # every bot left at its end
    assert (table.slots[Seat.ONE].name, table.computer_plays(Seat.ONE)) == ("", True)


async def test_d1_a_bot_refused_a_new_match_keeps_its_seat_and_gives_it_up_when_stopped(server: Any) -> None:
    """Evening s16 F6: a refusal no longer ends the bot (it stays and accepts a new match asked later); a stop
    still gives the seat up, so the others' next match does not wait for it."""
    human, request, bot = await _human_and_bot(server)
    await human.send({"type": "consent", "request_id": request.id, "accept": False})
    await human.until(lambda m: isinstance(m, p.RequestClosed) and m.outcome == "refused")
    table = server.registry.tables[human.code]
    await asyncio.sleep(0.2)
    assert not bot.done() and table.slots[Seat.TWO].claimed is True and table.slots[Seat.TWO].conn is not None
    bot.cancel()
    with pytest.raises(asyncio.CancelledError):
        await asyncio.wait_for(bot, 30)
    assert (table.slots[Seat.TWO].claimed, table.slots[Seat.TWO].conn) == (False, None)
    update = await human.until(lambda m: isinstance(m, p.TableUpdate) and not m.table.seats[1].claimed, 10)
    assert update.table.seats[1].computer_plays is True


async def test_d7_a_seat_whose_connection_only_closed_is_kept_and_asked_once_back(server: Any) -> None:
    """A closed connection keeps its seat (D7, no timer: R29); a new match giving up the match is refused
    CONSENT_UNAVAILABLE meanwhile (league s17 F3: it used to wait for that seat, which could not answer),
    and asked of its player once back."""
    host = await create(server, "hhcc", sit=1, seed=5)
    other = await connect(server)
    await other.attach({"type": "join", "code": host.code, "seat": 2, "name": "Bo"})
    token = other.token
    table = server.registry.tables[host.code]
    # a new match once a play stands (NOTHING_TO_RESTART before: attacker s11 F4)
    await asyncio.wait_for(play_all([host, other], stop=lambda c: table.log.match_touched()), 30)
    await other.close()
    await eventually(lambda: table.slots[Seat.TWO].conn is None)
    await quiesce([host], table, {1, 2})
    await host.send({"type": "new_match", "expected_seq": host.seq, "intent_id": "n1"})
    err = await host.until(lambda m: isinstance(m, p.Error))
    assert (err.code, err.data) == ("CONSENT_UNAVAILABLE", {"seats": [2]})
    assert table.slots[Seat.TWO].claimed is True and table.request is None
    back = await connect(server)
    await back.attach({"type": "rejoin", "code": host.code, "token": token})
    await host.until(lambda m: isinstance(m, p.TableUpdate) and m.table.seats[1].connected)
    await host.send({"type": "new_match", "expected_seq": host.seq, "intent_id": "n2"})
    opened = await host.until(lambda m: isinstance(m, p.TableUpdate) and m.table.request is not None)
    assert (opened.table.request.action, opened.table.request.waiting) == ("new_match", (2,))


@pytest.mark.parametrize(("sig", "status", "line"), [(signal.SIGINT, 130, "doublenine bot: interrupted"),
                                                     (signal.SIGTERM, 143, "doublenine bot: terminated")])
async def test_d7_a_bot_stopped_by_ctrl_c_or_sigterm_gives_its_seat_up(server: Any, sig: int, status: int,
                                                                      line: str) -> None:
    host = await create(server, "hhhh", sit=1)
    table = server.registry.tables[host.code]
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "doublenine", "bot", "--server", server.url, "--table", host.code, "--seat", "3",
        "--name", "Robo", stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
    assert proc.stdout is not None
    first = await asyncio.wait_for(proc.stdout.readline(), 30)
    assert first.decode().strip() == f"doublenine bot: seat 3 at table {host.code}"
    assert table.slots[Seat.THREE].claimed is True
    proc.send_signal(sig)
    out, _ = await asyncio.wait_for(proc.communicate(), 30)
    assert (proc.returncode, out.decode().splitlines()) == (status, [line])
    assert (table.slots[Seat.THREE].claimed, table.slots[Seat.THREE].name) == (False, "")  # free again: not started
