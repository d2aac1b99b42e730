"""R10: review answers are private; a hidden answer never makes another seat's intent stale."""
from __future__ import annotations

import asyncio

import pytest

from doublenine.shared import protocol as p
from doublenine.shared.state import Phase

from .conftest import create, join, play_all, settle


async def test_r10_an_accept_is_heard_only_by_its_seat_and_makes_nobody_stale(server) -> None:
    host = await create(server, "hhhh", sit=1, seed=77)
    clients = [host] + [await join(server, host.code, seat=s) for s in (2, 3, 4)]
    table = server.registry.tables[host.code]
    await asyncio.wait_for(play_all(clients, stop=lambda c: c.view.phase is Phase.REVIEW), 30)
    await settle(clients, table)
    assert not any(c.view.may_demand_redeal for c in clients)  # seed 77: plain accepts only
    seq = table.seq
    heard = [len(c.frames) for c in clients]
    for i, c in enumerate(clients[:3]):
        await c.send({"type": "review", "expected_seq": seq, "intent_id": f"r{i}"})  # all decided at seq
        own = await c.until(lambda m: isinstance(m, (p.Update, p.Error)))
        assert isinstance(own, p.Update) and own.seq == seq and own.patch.answered is True
        assert table.seq == seq  # private: the seq did not move
    await asyncio.sleep(0.05)
    for i, c in enumerate(clients):
        others = [p.decode_server(f) for f in c.frames[heard[i]:]]
        assert len(others) == (1 if i < 3 else 0), others  # nobody heard of the others' answers
    last = clients[3]
    await last.send({"type": "review", "expected_seq": seq, "intent_id": "r3"})
    await last.until(lambda m: isinstance(m, p.Update))
    await settle(clients, table)
    assert table.seq == seq + 1 and table.state.phase is Phase.PLAY  # the fourth accept is public
    assert all(c.view.phase is Phase.PLAY for c in clients)


async def test_r10_another_seats_private_accept_changes_nothing_a_seat_is_served(make_server) -> None:
    """Attacker finding F3: the hint cache was keyed by log position, so after another seat's
    private accept the same hint was computed again (a slow answer told of the accept), and the
    snapshot views were dropped at every commit (a slower resync). Both are keyed by ``seq`` and
    the seat's own answer now."""
    from doublenine.server.computer import Brain, random_legal
    from doublenine.shared.seats import Seat

    asked: list[int] = []

    def decide(view, level, rng):
        asked.append(int(view.viewer))
        return random_legal(view, level, rng)

    server = await make_server(brain=Brain(None, decide))
    host = await create(server, "hhhh", sit=1, seed=77)
    clients = [host] + [await join(server, host.code, seat=s) for s in (2, 3, 4)]
    table = server.registry.tables[host.code]
    await asyncio.wait_for(play_all(clients, stop=lambda c: c.view.phase is Phase.REVIEW), 30)
    await settle(clients, table)
    await host.send({"type": "hint", "expected_seq": host.seq})
    first = await host.until(lambda m: isinstance(m, p.HintReply))
    await host.send({"type": "resync"})
    await host.until(lambda m: isinstance(m, p.Snapshot))
    encoded = table._snapshot_views[Seat.ONE]
    size = table.log.size
    await clients[2].intent(clients[2].view.legal_decisions()[0])  # seat 3 accepts: private
    await clients[2].until(lambda m: isinstance(m, p.Update))
    assert table.log.size == size + 1 and table.seq == first.seq
    await host.send({"type": "hint", "expected_seq": host.seq})
    again = await host.until(lambda m: isinstance(m, p.HintReply))
    assert again == first and asked == [1]  # from the cache: not computed again
    await host.send({"type": "resync"})  # what seat 1 sees is as at its last resync: not answered again
    with pytest.raises(asyncio.TimeoutError):  # (attacker s11 F8), whatever seat 3 answered (R10)
        await host.until(lambda m: isinstance(m, p.Snapshot), 0.3)
    assert table._snapshot_views[Seat.ONE] is encoded  # not encoded again
    await clients[0].intent(clients[0].view.legal_decisions()[0])  # seat 1's own accept: its view changed
    await clients[0].until(lambda m: isinstance(m, p.Update))
    await host.send({"type": "resync"})
    snap = await host.until(lambda m: isinstance(m, p.Snapshot))
    assert snap.view.answered is True and table._snapshot_views[Seat.ONE] is not encoded


async def test_r10_another_seats_private_accept_does_not_restart_a_computers_countdown(make_server) -> None:
    """Same kind as F3: every commit re-armed the computer seats, so a human's private accept
    cancelled the computer's pending review answer and began its ``bot_delay`` again: the review's
    public end came later by when that human answered. The turn due (seat, seq) goes on now."""
    server = await make_server(bot_delay=600.0)  # the computer's answer stays pending for the test
    host = await create(server, "hhcc", sit=1, seed=77)
    second = await join(server, host.code, seat=2)
    await host.send({"type": "start"})
    await host.until(lambda m: isinstance(m, p.TableUpdate) and m.table.started)
    table = server.registry.tables[host.code]
    await asyncio.wait_for(play_all([host, second], stop=lambda c: c.view.phase is Phase.REVIEW), 30)
    await settle([host, second], table)
    pending = table._bot
    assert pending is not None and table._bot_for == (3, table.seq)
    await second.intent(second.view.legal_decisions()[0])  # seat 2 accepts: private
    own = await second.until(lambda m: isinstance(m, p.Update))
    assert own.patch.answered is True and table.seq == own.seq
    await asyncio.sleep(0)
    assert table._bot is pending and not pending.done()  # still counting down, not begun again
