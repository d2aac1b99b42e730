"""D1 and D7 consent flows over real sockets (issue 3 item 5)."""
from __future__ import annotations

import asyncio

from doublenine.server.netbot import TableClient
from doublenine.shared import protocol as p
from doublenine.shared.events import Undone
from doublenine.shared.moves import Pass, Play
from doublenine.shared.seats import Seat
from doublenine.shared.state import Phase
from doublenine.shared.views import view_for
from doublenine.shared.wire import EffectW, RequestW

from .conftest import connect, create, join, play_all, quiesce, settle


async def two_humans_after_seat1_moved(server, seed: int = 4):
    host = await create(server, "hhcc", sit=1, seed=seed)
    guest = await join(server, host.code, seat=2, name="Bea")
    table = server.registry.tables[host.code]

    def seat1_moved(c) -> bool:
        return c.view.phase is Phase.PLAY and any(m.seat == 1 for m in c.view.moves)

    await asyncio.wait_for(play_all([host, guest], stop=seat1_moved, seed=seed), 30)
    await asyncio.sleep(0.05)
    await settle([host, guest], table)
    return host, guest, table


async def _request(c, fields) -> p.TableUpdate:
    await c.send({**fields, "expected_seq": c.seq})
    return await c.until(lambda m: isinstance(m, p.TableUpdate) and m.table.request is not None)


async def test_d1_undo_needs_the_other_humans_consent_then_acts(server) -> None:
    host, guest, table = await two_humans_after_seat1_moved(server)
    target = table.log.undo_target(Seat.ONE)
    upd = await _request(host, {"type": "undo"})
    req = upd.table.request
    assert (req.action, req.by, req.waiting) == ("undo", 1, (2,))
    assert upd.table.paused is True  # computers wait while a request is open
    await guest.until(lambda m: guest.table.request is not None)
    await guest.send({"type": "consent", "request_id": req.id, "accept": True})
    closed = await host.until(lambda m: isinstance(m, p.RequestClosed))
    assert (closed.outcome, closed.action) == ("done", "undo")
    await settle([host, guest], table)
    undo = [e for e in table.log.events if isinstance(e.body, Undone)]
    assert len(undo) == 1 and undo[0].body.to_seq == target
    assert table.state.hand.turn == Seat.ONE  # R27: back to seat 1's decision
    assert host.view == view_for(table.state, 1) and guest.view == view_for(table.state, 2)
    assert host.table.request is None and host.table.can_redo is True


async def test_d1_a_refusal_ends_the_request_and_changes_nothing(server) -> None:
    host, guest, table = await two_humans_after_seat1_moved(server, seed=8)
    before = (len(table.log.events), table.state)
    req = (await _request(host, {"type": "restart"})).table.request
    await guest.until(lambda m: guest.table.request is not None)
    await guest.send({"type": "consent", "request_id": req.id, "accept": False})
    closed = await host.until(lambda m: isinstance(m, p.RequestClosed))
    assert (closed.outcome, closed.seat) == ("refused", 2)
    await asyncio.sleep(0.05)
    assert table.request is None
    assert table.log.events[:before[0]] == table.log.events[:before[0]]
    assert not any(type(e.body).__name__ == "Restarted" for e in table.log.events)


async def test_d1_requester_cancels_and_consent_errors(server) -> None:
    host, guest, table = await two_humans_after_seat1_moved(server, seed=9)
    req = (await _request(host, {"type": "new_match"})).table.request
    await guest.until(lambda m: guest.table.request is not None)
    await host.send({"type": "undo", "expected_seq": host.seq})
    assert (await host.until(lambda m: isinstance(m, p.Error))).code == "REQUEST_PENDING"
    await host.send({"type": "consent", "request_id": req.id, "accept": True})
    assert (await host.until(lambda m: isinstance(m, p.Error))).code == "NOT_ASKED"
    await guest.send({"type": "cancel_request", "request_id": req.id})
    assert (await guest.until(lambda m: isinstance(m, p.Error))).code == "NOT_REQUESTER"
    await guest.send({"type": "consent", "request_id": req.id + 5, "accept": True})
    assert (await guest.until(lambda m: isinstance(m, p.Error))).code == "NO_SUCH_REQUEST"
    await host.send({"type": "cancel_request", "request_id": req.id})
    closed = await guest.until(lambda m: isinstance(m, p.RequestClosed))
    assert (closed.outcome, closed.action, closed.seat) == ("cancelled", "new_match", 1)
    assert table.state.match == 1


async def test_d1_only_human_undoes_at_once(server) -> None:
    host = await create(server, "hccc", sit=1, seed=12)
    table = server.registry.tables[host.code]
    await asyncio.wait_for(play_all(
        [host], stop=lambda c: c.view.phase is Phase.PLAY and any(m.seat == 1 for m in c.view.moves)), 30)
    for _ in range(500):  # the computers answer until seat 1 is to play again
        if table.state.phase is Phase.PLAY and table.state.hand.turn == Seat.ONE:
            break
        await asyncio.sleep(0.01)
    await settle([host], table)
    assert table.state.hand.turn == Seat.ONE
    host.errors.clear()
    await host.send({"type": "undo", "expected_seq": host.seq})
    await host.until(lambda m: isinstance(m, (p.Update, p.Error)))
    assert host.errors == []
    await settle([host], table)
    assert not any(x.seat == 1 for x in host.view.moves)
    assert host.view == view_for(table.state, 1)


async def test_d7_hand_over_a_disconnected_seat_and_take_it_back(server) -> None:
    host = await create(server, "hhhc", sit=1, seed=2)
    b = await join(server, host.code, seat=2, name="B")
    c = await join(server, host.code, seat=3, name="C")
    table = server.registry.tables[host.code]
    await host.send({"type": "hand_over", "seat": 3, "expected_seq": host.seq})  # connected, not awaited (R3)
    assert (await host.until(lambda m: isinstance(m, p.Error))).code == "NOT_AWAITED"
    await host.send({"type": "hand_over", "seat": 1, "expected_seq": host.seq})  # one's own seat
    assert (await host.until(lambda m: isinstance(m, p.Error))).code == "NOT_DISCONNECTED"
    token = b.token
    await b.close()
    await host.until(lambda m: isinstance(m, p.TableUpdate) and not m.table.seats[1].connected)
    upd = await _request(host, {"type": "hand_over", "seat": 2})
    assert upd.table.request.waiting == (3,) and upd.table.request.target == 2
    await c.until(lambda m: c.table.request is not None)
    await c.send({"type": "consent", "request_id": upd.table.request.id, "accept": True})
    await host.until(lambda m: isinstance(m, p.TableUpdate) and m.table.seats[1].computer_plays)
    # the computer now plays seat 2: the two remaining humans can finish a hand
    await asyncio.wait_for(play_all([host, c], stop=lambda x: len(x.view.finished) >= 1), 30)
    back = await connect(server)
    await back.attach({"type": "rejoin", "code": table.code, "token": token})
    assert back.table.seats[1].computer_plays is False and back.table.seats[1].connected is True
    assert table.slots[Seat.TWO].handed_over is False
    assert back.view == view_for(table.state, 2)


async def test_d7_a_hand_over_request_outlives_the_seats_rejoin_and_then_waits_for_the_decision(server) -> None:
    """Attacker s11 round 2 F3, same kind as ``back``: the target's return cancelled the request before
    the others' consent landed (a present player reconnecting stalled the table for good). The
    request stays open; carried out, the computer makes seat 2's opening pick, then the seat is back."""
    host = await create(server, "hhhc", sit=1, seed=2)
    b = await join(server, host.code, seat=2, name="B")
    c = await join(server, host.code, seat=3, name="C")
    table = server.registry.tables[host.code]
    token = b.token
    await b.close()
    await host.until(lambda m: isinstance(m, p.TableUpdate) and not m.table.seats[1].connected)
    seq = table.seq
    req = (await _request(host, {"type": "hand_over", "seat": 2})).table.request
    back = await TableClient.connect(server.url, hello_client="doublenine-pygame")  # a person (club s14 F10)
    await back.attach({"type": "rejoin", "code": host.code, "token": token})
    assert (table.request is not None and table.request.id, table.back_asked) == (req.id, {2})
    await c.until(lambda m: c.table.request is not None)
    await c.send({"type": "consent", "request_id": req.id, "accept": True})
    closed = await c.until(lambda m: isinstance(m, p.RequestClosed))
    assert (closed.request_id, closed.outcome) == (req.id, "done")
    await back.until(lambda m: isinstance(m, p.TableUpdate) and not m.table.seats[1].computer_plays and back.seq > seq)
    assert (table.seq, table.slots[2].handed_over, table.back_asked) == (seq + 1, False, set())


async def test_d1_d7_a_handed_over_human_still_counts_undo_is_refused_while_away(server) -> None:
    host, guest, table = await two_humans_after_seat1_moved(server, seed=4)
    token = guest.token
    await guest.close()
    await host.until(lambda m: isinstance(m, p.TableUpdate) and not m.table.seats[1].connected)
    await host.send({"type": "hand_over", "seat": 2, "expected_seq": host.seq})  # nobody else to ask
    await host.until(lambda m: isinstance(m, p.TableUpdate) and m.table.seats[1].computer_plays)
    await quiesce([host], table, {1})  # the computers play up to seat 1's turn
    before = len(table.log.events)
    for action in ("undo", "restart", "new_match"):
        await host.send({"type": action, "expected_seq": table.seq, "intent_id": f"x-{action}"})
        err = await host.until(lambda m: isinstance(m, p.Error))
        assert (err.code, err.intent_id, err.data) == ("CONSENT_UNAVAILABLE", f"x-{action}", {"seats": [2]})
    assert table.request is None
    assert not any(type(e.body).__name__ in ("Undone", "Restarted", "MatchStarted")
                   for e in table.log.events[before:])
    back = await connect(server)  # the player returns: the ordinary D1 request reaches it again
    await back.attach({"type": "rejoin", "code": table.code, "token": token})
    await host.until(lambda m: isinstance(m, p.TableUpdate) and m.table.seats[1].connected)
    await asyncio.sleep(0.05)
    await settle([host, back], table)
    if table.log.undo_target(Seat.ONE) is not None:
        upd = await _request(host, {"type": "undo"})
        assert upd.table.request.waiting == (2,)


async def test_d7_a_request_whose_asked_seat_goes_is_cancelled_and_the_hand_over_goes_through(server) -> None:
    """League s17 F3: the restart asked of Bea no longer waits for her once she is gone (it waited for good,
    and a hand-over of her seat was refused REQUEST_PENDING meanwhile); it is cancelled by her seat."""
    host, guest, table = await two_humans_after_seat1_moved(server, seed=8)
    req = (await _request(host, {"type": "restart"})).table.request
    await guest.close()
    closed = await host.until(lambda m: isinstance(m, p.RequestClosed))
    assert (closed.request_id, closed.action, closed.outcome, closed.seat) == (req.id, "restart", "cancelled", 2)
    await host.send({"type": "hand_over", "seat": 2, "expected_seq": host.seq})
    await host.until(lambda m: isinstance(m, p.TableUpdate) and m.table.seats[1].computer_plays)
    assert table.slots[Seat.TWO].handed_over is True and table.request is None


async def test_s9_an_undo_request_says_it_takes_back_a_finished_hand_and_its_points(server) -> None:
    """New user s9 item 1: after hand 1 ended, "Bob asks to undo" took back Ana's domino and her team's
    points without a word. The request carries what accepting does (RequestW.effect): the plays and passes
    taken back, the hand whose end and points go with them, the scores after; a redo, the same forward."""
    host = await create(server, "hhcc", sit=1, seed=4)
    guest = await join(server, host.code, seat=2, name="Bea")
    table = server.registry.tables[host.code]
    await asyncio.wait_for(play_all([host, guest], stop=lambda c: len(c.view.finished) >= 1, seed=4), 60)
    await asyncio.sleep(0.05)
    await settle([host, guest], table)
    fh = table.state.finished[0]
    last = max(i for i, m in enumerate(fh.moves) if m.seat == Seat.TWO and isinstance(m, Play))  # R27: never a pass
    assert table.state.phase in (Phase.NOMINATE, Phase.REVIEW)  # the next hand has no play yet
    later = 0
    req = (await _request(guest, {"type": "undo"})).table.request
    passes = sum(1 for m in fh.moves[last:] if isinstance(m, Pass))  # counted apart (s9 new user 2: "3 plays and passes")
    assert req.effect == EffectW(moves=len(fh.moves) - last + later, passes=passes, hands=(1,), scores=fh.scores_before)
    assert req.effect.moves >= 1 and fh.points > 0 and fh.scores_before == (0, 0)
    await host.until(lambda m: host.table.request is not None)
    assert host.table.request.effect == req.effect  # the asked seat reads the same
    await host.send({"type": "consent", "request_id": req.id, "accept": True})
    await guest.until(lambda m: isinstance(m, p.RequestClosed))
    await settle([host, guest], table)
    assert table.state.finished == () and table.state.scores == (0, 0)  # D6: the hand and its points went
    redo = (await _request(guest, {"type": "redo"})).table.request
    assert redo.effect == EffectW(moves=req.effect.moves, passes=passes, hands=(1,), scores=fh.scores_after)
    restart_or_new = RequestW(id=9, action="new_match", by=1, waiting=(2,))
    assert restart_or_new.effect is None  # optional: only undo and redo carry it


def _around_close(c) -> list[tuple[str, object]]:  # type: ignore[no-untyped-def]
    """The frames from the request's last showing to the frame after its request_closed, as (type, what):
    an update's cause, a table frame's request id, request_closed's outcome."""
    from schemacheck import plain

    frames = [plain(f) for f in c.frames]
    end = next(i for i, f in enumerate(frames) if f["type"] == "request_closed")
    start = max(i for i, f in enumerate(frames[:end]) if f["type"] == "table" and f["table"]["request"])
    what = {"update": lambda f: f.get("cause"), "table": lambda f: (f["table"]["request"] or {}).get("id"),
            "request_closed": lambda f: f["outcome"]}
    return [(f["type"], what.get(f["type"], lambda f: None)(f)) for f in frames[start + 1:end + 2]]


async def test_request_closed_comes_where_protocol_md_says(server) -> None:
    """Tester's finding (session 10): the page said of `done` "its update (with cause) came just before",
    but a `table` frame comes between them. The orders as protocol.md now states them, per outcome."""
    host, guest, table = await two_humans_after_seat1_moved(server)
    req = (await _request(host, {"type": "undo"})).table.request
    await guest.until(lambda m: guest.table.request is not None)
    await guest.send({"type": "consent", "request_id": req.id, "accept": True})
    await host.until(lambda m: isinstance(m, p.RequestClosed))
    assert _around_close(host) == [("update", "undo"), ("table", None), ("request_closed", "done")]
    host.frames.clear()
    req = (await _request(host, {"type": "restart"})).table.request
    await guest.until(lambda m: guest.table.request is not None and guest.table.request.id == req.id)
    await guest.send({"type": "consent", "request_id": req.id, "accept": False})
    await host.until(lambda m: isinstance(m, p.RequestClosed))
    await host.until(lambda m: isinstance(m, p.TableUpdate))
    assert _around_close(host) == [("request_closed", "refused"), ("table", None)]
