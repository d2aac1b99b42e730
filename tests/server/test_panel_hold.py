"""R26/D2 with D7: a seat whose open rules or ledger holds the computers is a seat the table waits
for (attacker s10 F4: one ``panel{open:true}`` from a stranger froze a table for good; nudging or
handing that seat over was refused NOT_AWAITED, so the only way out was to leave)."""
from __future__ import annotations

import asyncio
import dataclasses
import time

from doublenine.shared import protocol as p
from doublenine.shared.state import Phase

from .conftest import create, join, play_all, settle


async def _error(c) -> p.Error:
    return await c.until(lambda m: isinstance(m, p.Error))


async def _held_in_review(server):
    """Seats 1 (host) and 2 (guest) human, 3 and 4 computers; the guest opens the rules at once,
    both humans answer the review: the computers' answers are held by the guest's panel."""
    host = await create(server, "hhcc", sit=1, seed=6)
    guest = await join(server, host.code, seat=2)
    table = server.registry.tables[host.code]
    await guest.send({"type": "panel", "open": True})
    await host.until(lambda m: isinstance(m, p.TableUpdate) and m.table.paused)
    await asyncio.wait_for(play_all([host, guest], stop=lambda c: c.view.phase is Phase.REVIEW
                                    and c.view.answered), 30)
    await settle([host, guest], table)
    return host, guest, table


async def test_a_seat_whose_open_panel_holds_the_review_is_awaited_nudged_and_handed_over(server) -> None:
    host, guest, table = await _held_in_review(server)
    seq = table.seq
    assert table.state.answered == {1, 2} and table.holding() == {2}
    assert host.table.holding == (2,) and host.table.panels == (2,)  # told with the panel (review: R10)
    await host.send({"type": "nudge", "seat": 2})
    got = await guest.until(lambda m: isinstance(m, p.Nudged))
    assert (got.by, got.seat) == (1, 2)
    await host.send({"type": "hand_over", "seat": 2, "expected_seq": host.seq})
    frame = await host.until(lambda m: isinstance(m, p.TableUpdate) and m.table.seats[1].computer_plays)
    assert frame.table.holding == () and frame.table.panels == (2,) and not frame.table.paused
    await host.until(lambda m: isinstance(m, p.Update))  # the computers answer: the hand goes on
    assert table.seq > seq


async def test_a_panel_holds_a_computers_turn_in_play_and_the_table_says_so(server) -> None:
    host = await create(server, "hhcc", sit=1, seed=10)
    guest = await join(server, host.code, seat=2)
    table = server.registry.tables[host.code]
    await asyncio.wait_for(play_all([host, guest], stop=lambda c: c.view.phase is Phase.PLAY
                                    and c.view.turn == 2), 30)
    await settle([host, guest], table)
    await guest.send({"type": "panel", "open": True})
    await host.until(lambda m: isinstance(m, p.TableUpdate) and m.table.panels == (2,))
    assert host.table.holding == () and table.holding() == frozenset()  # seat 2 is to play itself
    await host.send({"type": "nudge", "seat": 3})  # a computer's seat: never
    assert (await _error(host)).code == "NOT_AWAITED"
    await host.send({"type": "panel", "open": True})  # the host reads too, while a human is to play
    await guest.until(lambda m: isinstance(m, p.TableUpdate) and m.table.panels == (1, 2))
    await guest.send({"type": "nudge", "seat": 1})
    assert (await _error(guest)).code == "NOT_AWAITED" and guest.table.holding == ()
    await host.send({"type": "panel", "open": False})
    await guest.until(lambda m: isinstance(m, p.TableUpdate) and m.table.panels == (2,))
    await guest.intent(guest.view.legal_decisions()[0])
    frame = await host.until(lambda m: isinstance(m, p.TableUpdate) and m.table.holding == (2,))
    assert frame.table.paused and table.state.hand.turn == 3
    seq = table.seq
    await host.send({"type": "nudge", "seat": 2})
    assert (await guest.until(lambda m: isinstance(m, p.Nudged))).seat == 2
    await host.send({"type": "hand_over", "seat": 2, "expected_seq": host.seq})
    await host.until(lambda m: isinstance(m, p.Update))  # seat 3, a computer, plays
    assert table.seq > seq


async def test_the_minute_before_a_hand_over_counts_from_the_hold_and_toggling_does_not_restart_it(server) -> None:
    host, guest, table = await _held_in_review(server)
    table.config = dataclasses.replace(table.config, hand_over_wait=60.0, bot_delay=30.0)
    await host.send({"type": "hand_over", "seat": 2, "expected_seq": host.seq})
    err = await _error(host)
    assert err.code == "HAND_OVER_TOO_SOON" and 55 < err.data["retry_after"] <= 60
    table.since -= 61  # as if the review, held by the panel opened before it began, had waited 61 s
    since, seq = table.since, table.seq
    await guest.send({"type": "panel", "open": False})  # closed and opened again at the same seq
    await guest.send({"type": "panel", "open": True})
    await host.until(lambda m: isinstance(m, p.TableUpdate) and m.table.holding == (2,))
    assert table.slots[2].panel_since == (seq, since) and table.seq == seq
    await host.send({"type": "hand_over", "seat": 2, "expected_seq": host.seq})
    await host.until(lambda m: isinstance(m, p.TableUpdate) and m.table.seats[1].computer_plays)
    assert time.time() - table.held_since(2) > 60



async def _three_humans_held(make_server, third: str):
    """Seat 1 at 198.51.100.1, seat 2 at 2001:db8:9:1::2 and seat 3 at ``third``, seat 4 a computer
    (``X-Forwarded-For``); seat 2 opens the rules at once and all answer the review: seat 2's panel
    holds the computer's answer (attacker s10 round 2, panel_two_seats.py)."""
    from doublenine.server.netbot import TableClient

    from .conftest import seats
    server = await make_server(trust_proxy=True)

    async def at(addr: str, frame: dict) -> TableClient:
        c = await TableClient.connect(server.url, additional_headers={"X-Forwarded-For": addr})
        return await c.attach(frame)
    host = await at("198.51.100.1", {"type": "create_table", "seats": seats("h", "h", "h", "c"), "seed": 6,
                                     "sit": 1, "name": "Ana"})
    two = await at("2001:db8:9:1::2", {"type": "join", "code": host.code, "seat": 2, "name": "G2"})
    three = await at(third, {"type": "join", "code": host.code, "seat": 3, "name": "G3"})
    table = server.registry.tables[host.code]
    await two.send({"type": "panel", "open": True})
    await host.until(lambda m: isinstance(m, p.TableUpdate) and m.table.paused)
    everyone = [host, two, three]
    await asyncio.wait_for(play_all(everyone, stop=lambda c: c.view.phase is Phase.REVIEW and c.view.answered), 30)
    await settle(everyone, table)
    assert table.holding() == {2}
    return host, two, three, table


async def test_the_held_seats_own_side_is_not_asked_to_consent_to_its_hand_over(make_server) -> None:
    """D7 "by consent of the other humans": seat 3, held from seat 2's /48 (another /64 of it), is not
    another human. Before, the request asked seat 3, the stranger refused, the asker got
    REQUEST_TOO_SOON and the table stayed held; now the hand-over needs nobody else and is done."""
    host, two, three, table = await _three_humans_held(make_server, "2001:db8:9:2::3")
    seq = table.seq
    await host.send({"type": "hand_over", "seat": 2, "expected_seq": host.seq})
    frame = await host.until(lambda m: isinstance(m, p.TableUpdate) and m.table.seats[1].computer_plays)
    assert frame.table.request is None and frame.table.holding == () and not frame.table.paused
    await host.until(lambda m: isinstance(m, p.Update))  # the computers answer: the hand goes on
    assert table.seq > seq and table.request is None


async def test_another_48s_seat_is_still_asked_and_a_disconnected_seat_keeps_its_side(make_server) -> None:
    host, two, three, table = await _three_humans_held(make_server, "2001:db8:a:1::3")
    await host.send({"type": "hand_over", "seat": 2, "expected_seq": host.seq})
    await host.until(lambda m: isinstance(m, p.TableUpdate) and m.table.request is not None)
    assert (table.request.action, table.request.target, table.request.waiting) == ("hand_over", 2, {3})
    await host.send({"type": "cancel_request", "request_id": table.request.id})
    await host.until(lambda m: isinstance(m, p.RequestClosed))
    await two.close()  # gone: its side is remembered (a rejoin from elsewhere sets it again)
    await host.until(lambda m: isinstance(m, p.TableUpdate) and not m.table.seats[1].connected)
    assert table.slots[2].side == "2001:db8:9::/48" and table.slots[3].side == "2001:db8:a::/48"
    assert table.slots[1].side == "198.51.100.1"
