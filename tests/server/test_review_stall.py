"""Attacker s11 F5 (review_stall.py): a seated stranger who stays connected and never answers the
review (R10) held the table for good: ``nudge`` and ``hand_over`` of its seat were refused NOT_AWAITED,
``awaited`` being empty in the review. Who has answered is private, so in the review every seated
human counts as awaited alike: each may be nudged and, after the hand-over wait from the review's
start, handed over; the answers are the same whether or not that seat answered."""
from __future__ import annotations

import asyncio

from doublenine.shared import protocol as p
from doublenine.shared.moves import Review
from doublenine.shared.seats import Seat
from doublenine.shared.state import Phase

from .conftest import create, join, play_all, settle


async def _to_review(clients, table) -> None:
    await asyncio.wait_for(play_all(clients, stop=lambda c: c.view.phase is Phase.REVIEW), 30)
    await settle(clients, table)


async def _accept(c) -> None:
    await c.intent(Review(Seat(c.seat)))
    await c.until(lambda m: isinstance(m, (p.Update, p.Error)))


async def _answer(c, fields) -> p.Error | p.Nudged | p.TableUpdate:
    await c.send({**fields, "expected_seq": c.seq} if fields["type"] != "nudge" else fields)
    return await c.until(lambda m: isinstance(m, (p.Error, p.Nudged))
                         or (isinstance(m, p.TableUpdate) and (m.table.request is not None
                                                               or any(s.computer_plays and s.connected
                                                                      for s in m.table.seats))))


async def test_s11_f5_a_silent_stranger_in_the_review_is_nudged_and_handed_over_after_the_wait(make_server) -> None:
    server = await make_server(hand_over_wait=60.0)
    victim = await create(server, "hhcc", sit=1, seed=7)
    stranger = await join(server, victim.code, seat=2, name="S")
    table = server.registry.tables[victim.code]
    await _to_review([victim, stranger], table)
    await _accept(victim)  # the victim and the computers accept; the stranger stays silent
    nudged = await _answer(victim, {"type": "nudge", "seat": 2})
    assert isinstance(nudged, p.Nudged) and (nudged.by, nudged.seat) == (1, 2)
    err = await _answer(victim, {"type": "hand_over", "seat": 2})
    assert err.code == "HAND_OVER_TOO_SOON" and 55 < err.data["retry_after"] <= 60.0
    table.since -= 61  # the review began 61 s ago
    seq = table.seq
    await _answer(victim, {"type": "hand_over", "seat": 2})  # nobody else to ask: carried out at once
    await victim.until(lambda m: isinstance(m, p.Update) and m.seq > seq)  # the computer answered: play
    assert table.state.phase is not Phase.REVIEW and table.slots[Seat(2)].handed_over is True
    await stranger.send({"type": "back"})  # the decision owed is made: the seat is the stranger's again
    await stranger.until(lambda m: isinstance(m, p.TableUpdate) and not m.table.seats[1].computer_plays)


async def test_s11_f5_the_answers_say_nothing_of_who_has_answered(make_server) -> None:
    """R10: seat 3 answered, seat 2 did not; seat 1's nudge and hand_over of each get the same answers."""
    server = await make_server(hand_over_wait=60.0)
    host = await create(server, "hhhc", sit=1, seed=7)
    silent = await join(server, host.code, seat=2, name="S")
    done = await join(server, host.code, seat=3, name="D")
    table = server.registry.tables[host.code]
    await _to_review([host, silent, done], table)
    await _accept(done)
    assert Seat(3) in table.state.answered and Seat(2) not in table.state.answered
    assert table.waits_for() == {Seat(1), Seat(2), Seat(3)}
    said = []
    for seat in (2, 3):
        err = await _answer(host, {"type": "hand_over", "seat": seat})
        said.append((err.code, round(err.data["retry_after"])))
    assert said[0] == said[1] and said[0][0] == "HAND_OVER_TOO_SOON"
    table.since -= 61
    upd = await _answer(host, {"type": "hand_over", "seat": 3})  # the seat that answered: asked alike
    req = upd.table.request
    assert (req.action, req.target, req.waiting) == ("hand_over", 3, (2,))
    await host.send({"type": "cancel_request", "request_id": req.id})
    await host.until(lambda m: isinstance(m, p.RequestClosed))


async def test_s11_f5_a_silent_stranger_asked_for_a_new_match_is_handed_over_after_the_wait(make_server) -> None:
    """Same gap at MATCH_OVER (D1): a new match needed the silent stranger's consent and nothing could
    take it. The seats an open new_match request waits for are public (``request.waiting``): after the
    hand-over wait from the request's opening, once every other human asked for or accepted the new
    match, a silent one is handed over at once and the request goes on without it."""
    server = await make_server(hand_over_wait=60.0)
    host = await create(server, "hhhc", sit=1, seed=5)
    silent = await join(server, host.code, seat=2, name="S")
    friend = await join(server, host.code, seat=3, name="F")
    table = server.registry.tables[host.code]
    await asyncio.wait_for(play_all([host, silent, friend]), 120)
    await settle([host, silent, friend], table)
    assert table.state.phase is Phase.MATCH_OVER and table.waits_for() == frozenset()
    upd = await _answer(host, {"type": "new_match"})
    req = upd.table.request
    assert (req.action, req.waiting) == ("new_match", (2, 3)) and table.waits_for() == {2, 3}
    err = await _answer(host, {"type": "hand_over", "seat": 2})
    assert err.code == "HAND_OVER_TOO_SOON" and 55 < err.data["retry_after"] <= 60.0
    table.request.opened -= 61
    assert (await _answer(host, {"type": "hand_over", "seat": 2})).code == "REQUEST_PENDING"  # seat 3 has not agreed
    await friend.until(lambda m: friend.table.request is not None)
    await friend.send({"type": "consent", "request_id": req.id, "accept": True})
    await host.until(lambda m: isinstance(m, p.TableUpdate) and m.table.request is not None
                     and m.table.request.waiting == (2,))
    await host.send({"type": "hand_over", "seat": 2, "expected_seq": host.seq})
    closed = await host.until(lambda m: isinstance(m, p.RequestClosed))
    assert (closed.request_id, closed.action, closed.outcome) == (req.id, "new_match", "done")
    assert table.state.match == 2 and table.slots[Seat(2)].handed_over is True
    await silent.send({"type": "back"})  # the new match's seq moved on: the seat is its player's again
    await silent.until(lambda m: isinstance(m, p.TableUpdate) and not m.table.seats[1].computer_plays)
