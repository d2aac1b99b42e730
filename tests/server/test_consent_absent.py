"""D1/D7 with an absent person (league s17 F3): a person who is not connected is never a voter whose
silence holds a request. Reported: table "Prueba" ME9TN, four people; seats 2 (Uma) and 3 (Vera) gone right
after sitting (review of hand 1); Tomas (seat 1) asked to hand seat 2 to the computer, Walt (seat 4)
accepted, and the request then waited for Vera (``waiting=(3,)``) for good: the hand-over of seat 3 was
refused REQUEST_PENDING, and the two people present could only leave. Kind: a consent asked of someone who
cannot answer (every request: hand-over, undo, redo, restart, new match; and a person asked who goes while
a request is open)."""
from __future__ import annotations

from doublenine.server.consent import absent, askable
from doublenine.shared import protocol as p
from doublenine.shared.seats import Seat
from doublenine.shared.state import Phase

from .conftest import create, four_at_play, join, play_all, settle


async def _four_in_review(server):  # type: ignore[no-untyped-def]
    tomas = await create(server, "hhhh", sit=1, seed=7, name="Tomas")
    uma = await join(server, tomas.code, seat=2, name="Uma")
    vera = await join(server, tomas.code, seat=3, name="Vera")
    walt = await join(server, tomas.code, seat=4, name="Walt")
    table = server.registry.tables[tomas.code]
    clients = [tomas, uma, vera, walt]
    await play_all(clients, stop=lambda c: c.view.phase is Phase.REVIEW, seed=7)
    await settle(clients, table)
    return table, tomas, uma, vera, walt


async def _gone(c, watcher, seat: int) -> None:  # type: ignore[no-untyped-def]
    await c.close()
    await watcher.until(lambda m: isinstance(m, p.TableUpdate) and not m.table.seats[seat - 1].connected)


async def test_d7_two_gone_from_one_table_are_handed_over_by_the_two_present(make_server) -> None:
    table, tomas, uma, vera, walt = await _four_in_review(await make_server())
    assert table.log.state.phase is Phase.REVIEW
    await _gone(uma, tomas, 2)
    await _gone(vera, tomas, 3)
    assert askable(table.slots, Seat.ONE, Seat.TWO) == {Seat.FOUR}  # was {3, 4}: Vera, gone, was asked
    await tomas.send({"type": "hand_over", "seat": 2, "expected_seq": tomas.seq})
    upd = await tomas.until(lambda m: isinstance(m, p.TableUpdate) and m.table.request is not None)
    assert (upd.table.request.action, upd.table.request.target, upd.table.request.waiting) == ("hand_over", 2, (4,))
    await walt.until(lambda m: walt.table.request is not None)
    await walt.send({"type": "consent", "request_id": upd.table.request.id, "accept": True})
    closed = await tomas.until(lambda m: isinstance(m, p.RequestClosed))
    assert (closed.action, closed.outcome) == ("hand_over", "done")
    await walt.send({"type": "hand_over", "seat": 3, "expected_seq": walt.seq})  # never REQUEST_PENDING now
    upd = await walt.until(lambda m: isinstance(m, p.TableUpdate) and m.table.request is not None)
    assert (upd.table.request.target, upd.table.request.waiting) == (3, (1,))
    await tomas.until(lambda m: tomas.table.request is not None)
    await tomas.send({"type": "consent", "request_id": upd.table.request.id, "accept": True})
    await tomas.until(lambda m: isinstance(m, p.RequestClosed) and m.outcome == "done")
    assert table.slots[Seat.TWO].handed_over and table.slots[Seat.THREE].handed_over
    assert table.reviewing() == {Seat.ONE, Seat.FOUR}  # the review waits for the two present only


async def test_d1_an_undo_is_refused_at_once_while_a_person_is_not_connected(make_server) -> None:
    clients, table = await four_at_play(await make_server(), seed=7)
    mover = clients[(int(table.state.hand.turn) + 2) % 4]  # the seat that made the lead
    other = next(c for c in clients if c is not mover)
    await _gone(other, mover, other.seat)
    assert absent(table.slots, Seat(mover.seat)) == {Seat(other.seat)}
    await mover.send({"type": "undo", "expected_seq": mover.seq})
    err = await mover.until(lambda m: isinstance(m, p.Error))
    assert (err.code, err.data) == ("CONSENT_UNAVAILABLE", {"seats": [other.seat]})
    assert table.request is None


async def test_d1_an_asked_person_who_goes_cancels_an_undo_instead_of_holding_it(make_server) -> None:
    clients, table = await four_at_play(await make_server(), seed=7)
    mover = clients[(int(table.state.hand.turn) + 2) % 4]
    await mover.send({"type": "undo", "expected_seq": mover.seq})
    upd = await mover.until(lambda m: isinstance(m, p.TableUpdate) and m.table.request is not None)
    other = next(c for c in clients if c.seat in upd.table.request.waiting)
    await other.close()
    closed = await mover.until(lambda m: isinstance(m, p.RequestClosed))
    assert (closed.action, closed.outcome, closed.seat) == ("undo", "cancelled", other.seat)
    assert table.request is None and table.cooldown.retry_ms(Seat(mover.seat)) == 0


async def test_d7_an_asked_person_who_goes_no_longer_holds_a_hand_over(make_server) -> None:
    table, tomas, uma, vera, walt = await _four_in_review(await make_server())
    await _gone(uma, tomas, 2)
    await tomas.send({"type": "hand_over", "seat": 2, "expected_seq": tomas.seq})
    upd = await tomas.until(lambda m: isinstance(m, p.TableUpdate) and m.table.request is not None)
    assert upd.table.request.waiting == (3, 4)
    await walt.until(lambda m: walt.table.request is not None)
    await walt.send({"type": "consent", "request_id": upd.table.request.id, "accept": True})
    await tomas.until(lambda m: isinstance(m, p.TableUpdate) and m.table.request is not None
                      and m.table.request.waiting == (3,))
    await vera.close()  # the last one asked goes: carried out with the consent of those there
    closed = await tomas.until(lambda m: isinstance(m, p.RequestClosed))
    assert (closed.action, closed.outcome) == ("hand_over", "done")
    assert table.slots[Seat.TWO].handed_over is True
