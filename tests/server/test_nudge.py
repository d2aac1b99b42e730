"""A player who walks away (issue 15 part 2) over real sockets: the nudge and its limit, the
wait shown from a server timestamp (R29: information only), and the D7 hand-over of a
connected idle seat by consent, taken back by acting."""
from __future__ import annotations

import asyncio
import time

from doublenine.server.storage import MemoryStore
from doublenine.shared import protocol as p
from doublenine.shared.chat import NUDGE_EVERY
from doublenine.shared.seats import Seat
from doublenine.shared.views import view_for

from doublenine.server.chat import awaited
from doublenine.shared.rules import to_act

from .conftest import connect, create, eventually, four_at_play, join, settle, spectate


async def _error(c) -> p.Error:
    return await c.until(lambda m: isinstance(m, p.Error))


async def test_a_waiting_player_nudges_the_seat_to_play_and_everyone_hears(server) -> None:
    clients, table = await four_at_play(server, seed=7)
    turn = int(table.state.hand.turn)
    nudger = clients[turn % 4]  # the next seat waits for ``turn``
    watcher = await spectate(server, table.code)
    await nudger.send({"type": "nudge", "seat": turn})
    for c in clients + [watcher]:
        got = await c.until(lambda m: isinstance(m, p.Nudged))
        assert (got.by, got.seat) == (turn % 4 + 1, turn)


async def test_one_nudge_per_table_every_30_seconds_whoever_sends_it(server) -> None:
    clients, table = await four_at_play(server, seed=7)
    turn = int(table.state.hand.turn)
    first, second = clients[turn % 4], clients[(turn + 1) % 4]
    await first.send({"type": "nudge", "seat": turn})
    await first.until(lambda m: isinstance(m, p.Nudged))
    for c in (first, second):
        await c.send({"type": "nudge", "seat": turn})
        err = await _error(c)
        assert err.code == "NUDGE_TOO_SOON" and 0 < err.data["retry_after"] <= NUDGE_EVERY
    table.chat.nudged_at -= NUDGE_EVERY  # 30 s later (the clock is not what is tested)
    await second.send({"type": "nudge", "seat": turn})
    got = await second.until(lambda m: isinstance(m, p.Nudged))
    assert (got.by, got.seat) == ((turn + 1) % 4 + 1, turn)


async def test_only_a_human_the_table_waits_for_can_be_nudged(server) -> None:
    clients, table = await four_at_play(server, seed=7)
    turn = int(table.state.hand.turn)
    other = turn % 4 + 1
    await clients[turn - 1].send({"type": "nudge", "seat": turn})  # oneself
    assert (await _error(clients[turn - 1])).code == "NOT_AWAITED"
    await clients[turn - 1].send({"type": "nudge", "seat": other})  # not the seat to play (R15)
    assert (await _error(clients[turn - 1])).code == "NOT_AWAITED"
    watcher = await spectate(server, table.code)
    await watcher.send({"type": "nudge", "seat": turn})
    assert (await _error(watcher)).code == "SPECTATOR_CANNOT_ACT"
    assert all(not c.nudges for c in clients)


async def test_the_wait_comes_from_the_servers_timestamp_and_survives_a_restart(make_server) -> None:
    store = MemoryStore()
    first = await make_server(store=store)
    clients, table = await four_at_play(first, seed=7)
    before = time.time()
    turn = int(table.state.hand.turn)
    mover = clients[turn - 1]
    await mover.intent(mover.view.legal_decisions()[0])
    await settle(clients, table)
    assert before <= table.since <= time.time() and table.since == table.log.events[-1].at
    table.since -= 83  # as if the seat to play had been away 83 s
    await clients[0].send({"type": "resync"})
    snap = await clients[0].until(lambda m: isinstance(m, p.Snapshot))
    assert 83 <= snap.waited < 90
    tokens = [c.token for c in clients]
    since = table.log.events[-1].at
    await first.stop()
    second = await make_server(store=store)
    assert second.registry.tables[table.code].since == since  # from the stored log, not the restart
    back = await connect(second)
    await back.attach({"type": "rejoin", "code": table.code, "token": tokens[0]})
    snap = next(m for m in map(p.decode_server, back.frames) if isinstance(m, p.Snapshot))
    assert abs(snap.waited - (time.time() - since)) < 5


async def _hand_over(requester, target: int) -> p.RequestW:
    await requester.send({"type": "hand_over", "seat": target, "expected_seq": requester.seq})
    upd = await requester.until(lambda m: isinstance(m, p.TableUpdate) and m.table.request is not None)
    return upd.table.request


async def _all_consent(clients, req: p.RequestW) -> None:  # type: ignore[no-untyped-def]
    """Each client whose consent ``req`` waits for sees the request, then accepts it."""
    for c in clients:
        if c.seat in req.waiting:
            await c.until(lambda m, c=c: c.table.request is not None)
            await c.send({"type": "consent", "request_id": req.id, "accept": True})


async def test_d7_a_connected_idle_seat_is_handed_over_by_consent_and_taken_back_by_acting(server) -> None:
    clients, table = await four_at_play(server, seed=7)
    turn = int(table.state.hand.turn)
    idle = clients[turn - 1]
    others = [c for c in clients if c is not idle]
    req = await _hand_over(others[0], turn)
    assert (req.action, req.by, req.target) == ("hand_over", others[0].seat, turn)
    assert set(req.waiting) == {others[1].seat, others[2].seat}  # the same consent rules as D7
    await idle.until(lambda m: idle.table.request is not None)  # the idle player sees it too
    for c in others[1:]:
        await c.until(lambda m: c.table.request is not None)
        await c.send({"type": "consent", "request_id": req.id, "accept": True})
    closed = await idle.until(lambda m: isinstance(m, p.RequestClosed))
    assert closed.outcome == "done" and table.slots[Seat(turn)].handed_over is True
    await idle.until(lambda m: isinstance(m, p.Update))  # the computer played the idle seat's turn
    assert any(d.seat == turn for d in idle.view.moves)
    assert idle.table.seats[turn - 1].computer_plays and idle.table.seats[turn - 1].connected
    await idle.send({"type": "hint", "expected_seq": idle.seq})  # any intent of the player's: it is back
    await idle.until(lambda m: isinstance(m, p.TableUpdate) and not m.table.seats[turn - 1].computer_plays)
    assert table.slots[Seat(turn)].handed_over is False
    assert (await _error(idle)).code == "NOT_YOUR_TURN"  # the hint itself: the computer had played
    await idle.send({"type": "back"})
    assert (await _error(idle)).code == "NOT_HANDED_OVER"


async def test_d7_back_returns_the_seat_and_acting_cancels_an_open_request(make_server) -> None:
    server = await make_server(bot_delay=0.5)  # so "back" comes before the computer's turn
    clients, table = await four_at_play(server, seed=7)
    turn = int(table.state.hand.turn)
    idle = clients[turn - 1]
    others = [c for c in clients if c is not idle]
    req = await _hand_over(others[0], turn)
    await idle.until(lambda m: idle.table.request is not None)
    await idle.intent(idle.view.legal_decisions()[0])  # the player acts at its turn: no hand-over
    closed = await others[1].until(lambda m: isinstance(m, p.RequestClosed))
    assert (closed.request_id, closed.outcome, closed.seat) == (req.id, "cancelled", turn)
    await settle(clients, table)
    assert idle.view == view_for(table.state, turn) and table.slots[Seat(turn)].handed_over is False
    nxt = int(table.state.hand.turn)
    req = await _hand_over(clients[nxt % 4], nxt)
    await _all_consent(clients, req)
    away = clients[nxt - 1]  # the first request's close comes after the move that closed it: this one's
    await away.until(lambda m: isinstance(m, p.RequestClosed) and m.request_id == req.id)
    seq = table.seq
    await away.send({"type": "back"})  # before the computer's turn (bot_delay 0.5 s)
    await asyncio.sleep(0.2)
    assert (table.slots[Seat(nxt)].handed_over, table.seq, table.returning) == (True, seq, {Seat(nxt)})
    back = await away.until(lambda m: isinstance(m, p.TableUpdate) and not m.table.seats[nxt - 1].computer_plays)
    assert table.slots[Seat(nxt)].handed_over is False and table.returning == set()
    assert away.view.moves[-1].seat == nxt and away.seq == seq + 1  # the turn waited for, then the seat
    assert back.table.request is None and table.state.hand.turn != nxt


async def _to_seat_2(host, stranger, table) -> None:
    """Play seat 1 (and both review answers) until the table waits for seat 2's public decision."""
    for _ in range(200):
        await settle([host, stranger], table)
        if Seat(2) in awaited(table.state):  # its public decision (not the review: test_review_stall)
            return
        acting = [c for c in (host, stranger) if Seat(c.seat) in to_act(table.state)]
        for c in acting:
            # the table's state can move on (a computer's play) after settle while this client's view has not
            # caught up yet: a view with nothing to decide waits for the next round, not [0] of nothing
            decisions = c.view.legal_decisions()
            if not decisions:
                continue
            await c.intent(decisions[0])
            await c.until(lambda m: isinstance(m, (p.Update, p.Error, p.Snapshot)) or c.seq != table.seq)
        if not acting:
            await asyncio.sleep(0.05)
    raise AssertionError("the table never waited for seat 2")


async def test_d7_back_the_moment_a_seat_is_handed_over_lets_the_computer_make_the_decision_awaited(make_server) -> None:
    """Attacker s11 F1 (griefer_back.py): a stranger answered each hand-over of its seat with ``back``
    at once, cancelling the computer's turn, five times in 4 s: the table never moved. Now each
    hand-over moves the table by the decision awaited, and the seat is its player's again after it."""
    server = await make_server(bot_delay=0.3, hand_over_wait=0.0)
    host = await create(server, "hhcc", sit=1, seed=7)
    stranger = await join(server, host.code, seat=2, name="S")
    table = server.registry.tables[host.code]
    for n in range(3):
        await _to_seat_2(host, stranger, table)
        seq = table.seq
        await host.send({"type": "hand_over", "seat": 2, "expected_seq": host.seq})  # nobody to ask: at once
        await stranger.until(lambda m: isinstance(m, p.TableUpdate) and m.table.seats[1].computer_plays)
        await stranger.send({"type": "back"})
        await stranger.until(lambda m: isinstance(m, p.TableUpdate) and not m.table.seats[1].computer_plays)
        assert table.seq > seq and table.slots[Seat(2)].handed_over is False, n  # seat 2 decided
    assert table.cooldown.retry_ms(Seat(1)) == 0


async def test_d7_a_rejoin_the_moment_a_seat_is_handed_over_waits_for_the_decision_awaited(make_server) -> None:
    """Same kind as ``back``: a rejoin gave the seat back and cancelled the computer's turn."""
    server = await make_server(bot_delay=0.3)
    clients, table = await four_at_play(server, seed=7)
    turn = int(table.state.hand.turn)
    gone = clients[turn - 1]
    token = gone.token
    await gone.close()
    asker = clients[turn % 4]
    await asker.until(lambda m: isinstance(m, p.TableUpdate) and not m.table.seats[turn - 1].connected)
    req = await _hand_over(asker, turn)
    await _all_consent(clients, req)
    await asker.until(lambda m: isinstance(m, p.RequestClosed))
    seq = table.seq
    again = await connect(server)
    await again.attach({"type": "rejoin", "code": table.code, "token": token})
    assert again.table.seats[turn - 1].computer_plays is True and table.returning == {Seat(turn)}
    await again.until(lambda m: isinstance(m, p.TableUpdate) and not m.table.seats[turn - 1].computer_plays)
    assert again.seq == seq + 1 and again.view.moves[-1].seat == turn


async def test_d7_a_connected_seat_is_handed_over_only_after_its_decision_waited_a_minute(make_server) -> None:
    """Attacker finding: a stranger sent ``hand_over`` 0.05 s after the victim's turn began and, as
    the only other human, took the seat at once. The server itself enforces the wait."""
    server = await make_server(hand_over_wait=60.0)
    clients, table = await four_at_play(server, seed=7)
    turn = int(table.state.hand.turn)
    asker = clients[turn % 4]
    await asker.send({"type": "hand_over", "seat": turn, "expected_seq": asker.seq})
    err = await _error(asker)
    assert err.code == "HAND_OVER_TOO_SOON" and 55 < err.data["retry_after"] <= 60.0
    assert table.request is None and table.slots[Seat(turn)].handed_over is False
    table.since -= 61  # as if the seat to play had been away 61 s (the ``waited`` of snapshots)
    req = await _hand_over(asker, turn)
    assert (req.action, req.target) == ("hand_over", turn)


async def test_d7_a_disconnected_seat_needs_no_wait(make_server) -> None:
    server = await make_server(hand_over_wait=60.0)
    clients, table = await four_at_play(server, seed=7)
    turn = int(table.state.hand.turn)
    gone = clients[turn - 1]
    await gone.close()
    asker = clients[turn % 4]
    await asker.until(lambda m: isinstance(m, p.TableUpdate) and not m.table.seats[turn - 1].connected)
    req = await _hand_over(asker, turn)
    assert (req.action, req.target) == ("hand_over", turn) and table.since > time.time() - 30


async def test_d7_a_connected_seat_the_table_is_not_waiting_for_is_not_handed_over(server) -> None:
    clients, table = await four_at_play(server, seed=7)
    turn = int(table.state.hand.turn)
    waiting = turn % 4 + 1
    await clients[turn - 1].send({"type": "hand_over", "seat": waiting, "expected_seq": clients[turn - 1].seq})
    assert (await _error(clients[turn - 1])).code == "NOT_AWAITED"
    assert table.request is None


async def test_d7_an_idle_seat_handed_over_stays_so_across_a_restart_until_its_player_returns(make_server) -> None:
    store = MemoryStore()
    first = await make_server(store=store, bot_delay=5.0)  # the computer does not move before the restart
    clients, table = await four_at_play(first, seed=7)
    turn = int(table.state.hand.turn)
    idle = clients[turn - 1]
    req = await _hand_over(clients[turn % 4], turn)
    await _all_consent(clients, req)
    await idle.until(lambda m: isinstance(m, p.RequestClosed))
    token = idle.token
    await first.stop()
    second = await make_server(store=store)
    resumed = second.registry.tables[table.code]
    assert resumed.slots[Seat(turn)].handed_over is True  # stored like any hand-over (D7)
    watcher = await spectate(second, table.code)  # a table nobody is attached to waits (attacker s10 F3)
    for _ in range(500):  # the computer plays the idle seat's turn after the restart
        if resumed.state.hand.turn != turn:
            break
        await asyncio.sleep(0.01)
    assert resumed.state.hand.turn != turn
    back = await connect(second)
    await back.attach({"type": "rejoin", "code": table.code, "token": token})
    assert back.table.seats[turn - 1].computer_plays is False and resumed.slots[Seat(turn)].handed_over is False


async def test_d7_the_targets_back_leaves_an_open_hand_over_request_which_carried_out_waits_for_the_decision(
        make_server) -> None:
    """Attacker s11 round 2 F3 (griefer_cancel.py: seat 2 answered each hand-over request about it with
    ``back``, cancelling it at 60.8 s, 61.4 s, 62.0 s; the friend's consent then got NO_SUCH_REQUEST and
    the table never moved). The target's ``back`` or hint leaves the request open; carried out, the
    computer makes the decision awaited and then the seat is its player's again."""
    server = await make_server(bot_delay=0.3, hand_over_wait=0.0)
    clients, table = await four_at_play(server, seed=7)
    turn = int(table.state.hand.turn)
    target = clients[turn - 1]
    others = [c for c in clients if c is not target]
    req = await _hand_over(others[0], turn)
    await target.until(lambda m: target.table.request is not None)
    await target.send({"type": "back"})
    await target.until(lambda m: isinstance(m, p.TableUpdate))
    await target.send({"type": "hint", "expected_seq": target.seq})
    await target.until(lambda m: isinstance(m, (p.HintReply, p.Error)))
    seq = table.seq
    assert (table.request is not None and table.request.id, table.back_asked, table.slots[Seat(turn)].handed_over) \
        == (req.id, {Seat(turn)}, False)
    assert not any(isinstance(m, p.RequestClosed) for m in map(p.decode_server, target.frames))
    await _all_consent(clients, req)
    closed = await others[1].until(lambda m: isinstance(m, p.RequestClosed))
    assert (closed.request_id, closed.outcome) == (req.id, "done")
    back = await target.until(lambda m: isinstance(m, p.TableUpdate) and not m.table.seats[turn - 1].computer_plays
                              and target.seq > seq)
    assert target.seq == seq + 1 and target.view.moves[-1].seat == turn  # the decision awaited, by the computer
    assert (table.slots[Seat(turn)].handed_over, table.returning, table.back_asked) == (False, set(), set())
    assert back.table.request is None
