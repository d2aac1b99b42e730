"""R28/D1: what a ``new_match`` may add to a table's stored log (attacker s11 F4: a solo table carried
out 327 new matches in 20 s, even at seq 0, each two stored rows that a restart replays).

A match not over starts again only once one of its plays or passes stands (``NOTHING_TO_RESTART``
before), and a table gives up at most ``NEW_MATCH_BURST`` such matches at once, then one each
``NEW_MATCH_EVERY`` seconds (``REQUEST_TOO_SOON`` with ``data.retry_ms``); a match played to its end is
never counted. Undo, redo and restart have their own pace (``CONTROL_BURST``, ``CONTROL_EVERY``). The
table's pace clocks are the test's own."""
from __future__ import annotations

import asyncio

from doublenine.server.consent import NEW_MATCH_BURST, NEW_MATCH_EVERY, NewMatchPace
from doublenine.shared import protocol as p
from doublenine.shared.seats import Seat

from .conftest import create, eventually, play_all
from .test_consent import two_humans_after_seat1_moved


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def _new_match(c, table) -> p.Update | p.Error:
    """``c`` asks for a new match at the table's seq; the new match's update or the refusal (asked
    again after ``STALE``: the computers play on meanwhile)."""
    while True:
        await c.send({"type": "new_match", "expected_seq": table.seq})
        got = await c.until(lambda m: isinstance(m, p.Error) or (isinstance(m, p.Update) and m.cause == "new_match"))
        if not (isinstance(got, p.Error) and got.code == "STALE"):
            return got


async def _rows(server, code: str) -> int:
    stored = await server.registry.store.load(code)
    assert stored is not None
    return len(stored.rows)


async def _touched(host, table) -> None:
    """Play until a play of the current match stands (the computers and ``host``'s seat)."""
    await asyncio.wait_for(play_all([host], stop=lambda c: table.log.match_touched()), 30)
    while host.seq < table.seq:
        await host.next()


async def test_a_new_match_of_an_untouched_match_is_refused_and_stores_nothing(server) -> None:
    host = await create(server, "hccc", sit=1, seed=3)
    table = server.registry.tables[host.code]
    assert table.state.match == 1
    before = await _rows(server, host.code)
    for _ in range(3):
        err = await _new_match(host, table)
        assert isinstance(err, p.Error) and err.code == "NOTHING_TO_RESTART"
    assert (table.state.match, await _rows(server, host.code)) == (1, before)


async def test_a_solo_table_gives_up_three_matches_at_once_then_one_each_20_s(server) -> None:
    host = await create(server, "hccc", sit=1, seed=3)
    table = server.registry.tables[host.code]
    clock = table.new_matches.clock = Clock()
    for n in range(NEW_MATCH_BURST):
        await _touched(host, table)
        assert isinstance(await _new_match(host, table), p.Update)
        assert table.state.match == n + 2
    await _touched(host, table)
    err = await _new_match(host, table)
    assert isinstance(err, p.Error) and (err.code, err.data) == ("REQUEST_TOO_SOON", {"retry_ms": 20000})
    clock.now += 5.0
    err = await _new_match(host, table)
    assert isinstance(err, p.Error) and (err.code, err.data) == ("REQUEST_TOO_SOON", {"retry_ms": 15000})
    assert table.state.match == 4
    clock.now += 15.0
    assert isinstance(await _new_match(host, table), p.Update)
    assert table.state.match == 5


async def test_a_match_played_to_its_end_starts_again_whatever_the_pace(server) -> None:
    host = await create(server, "hccc", sit=1, seed=3)
    table = server.registry.tables[host.code]
    table.new_matches = NewMatchPace(clock=Clock())
    for _ in range(NEW_MATCH_BURST):
        table.new_matches.spend()
    assert table.new_matches.retry_ms() == 20000
    await asyncio.wait_for(play_all([host]), 60)
    assert isinstance(await _new_match(host, table), p.Update)
    assert (table.state.match, table.new_matches.retry_ms()) == (2, 20000)  # not counted


async def test_the_pace_refuses_before_a_consent_request_opens(server) -> None:
    host, guest, table = await two_humans_after_seat1_moved(server)
    table.new_matches = NewMatchPace(clock=Clock())
    for _ in range(NEW_MATCH_BURST):
        table.new_matches.spend()
    err = await _new_match(host, table)
    assert isinstance(err, p.Error) and (err.code, err.data) == ("REQUEST_TOO_SOON", {"retry_ms": 20000})
    assert table.request is None and table.state.match == 1


async def test_undo_and_redo_at_a_solo_table_are_paced_twenty_at_once_then_one_a_second(server) -> None:
    """The same kind: an undo and a redo, again and again, each carried out at once, grew the log by a
    row each as fast as the messages went (the undos' own pace, shared by restart)."""
    from doublenine.server.consent import CONTROL_BURST

    host = await create(server, "hccc", sit=1, seed=3)
    table = server.registry.tables[host.code]
    clock = table.undos.clock = Clock()
    await asyncio.wait_for(play_all([host], stop=lambda c: table.log.undo_target(Seat.ONE) is not None), 30)
    await host.send({"type": "panel", "open": True})  # R26: the computers wait, so a redo stays possible
    await eventually(lambda: table.paused)
    before = await _rows(server, host.code)

    async def control(kind: str) -> p.Update | p.Error:
        while True:
            await host.send({"type": kind, "expected_seq": table.seq})
            got = await host.until(lambda m: isinstance(m, p.Error) or (isinstance(m, p.Update) and m.cause == kind))
            if not (isinstance(got, p.Error) and got.code == "STALE"):
                return got

    table.undos._tokens = float(CONTROL_BURST)
    for n in range(CONTROL_BURST):
        got = await control("redo" if n % 2 else "undo")
        assert isinstance(got, p.Update), got
    err = await control("undo")
    assert isinstance(err, p.Error) and (err.code, err.data) == ("REQUEST_TOO_SOON", {"retry_ms": 1000})
    err = await control("restart")
    assert isinstance(err, p.Error) and (err.code, err.data) == ("REQUEST_TOO_SOON", {"retry_ms": 1000})
    stored = await _rows(server, host.code)
    assert stored - before == CONTROL_BURST  # one row each (no shuffle: the hand in play throughout)
    clock.now += 0.5
    err = await control("undo")
    assert isinstance(err, p.Error) and (err.code, err.data) == ("REQUEST_TOO_SOON", {"retry_ms": 500})
    assert await _rows(server, host.code) == stored  # nothing stored while paced
    clock.now += 0.5
    assert isinstance(await control("undo"), p.Update)
