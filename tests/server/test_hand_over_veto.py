"""D7 past the long wait (attacker s12 D2, d2_veto.py 200): one seated stranger refused every
hand-over of a silent player (seat "Afk") for 200 s and more, and each refusal doubled the ASKER's
wait (5, 10, 20, 40, 60 s), so the table stayed at the silent seat's turn for good. Now another
seat's refusal of a hand-over makes its asker wait 5 s flat, and once the table has waited
``hand_over_long`` (180 s) for a seat, a hand-over of it needs nobody's consent and settles an open
request about it. The consent clock is the test's own; ``table.since`` moved back stands for the wait."""
from __future__ import annotations

from doublenine.server.config import ServerConfig
from doublenine.server.consent import REQUEST_COOLDOWN
from doublenine.shared import protocol as p
from doublenine.shared.seats import Seat

from .conftest import eventually, four_at_play
from .test_request_cooldown import Clock, _refusal


async def _opened(asker, target: int) -> p.RequestW:
    await asker.send({"type": "hand_over", "seat": target, "expected_seq": asker.seq})
    upd = await asker.until(lambda m: isinstance(m, p.TableUpdate) and m.table.request is not None
                            and m.table.request.by == asker.seat)
    return upd.table.request


async def _refuse(refuser, asker, req: p.RequestW) -> None:
    await refuser.until(lambda m: refuser.table.request is not None and refuser.table.request.id == req.id)
    await refuser.send({"type": "consent", "request_id": req.id, "accept": False})
    closed = await asker.until(lambda m: isinstance(m, p.RequestClosed) and m.request_id == req.id)
    assert (closed.outcome, closed.seat) == ("refused", refuser.seat)


async def _roles(make_server):  # type: ignore[no-untyped-def]
    server = await make_server(hand_over_wait=60.0)
    clients, table = await four_at_play(server, seed=7)
    afk = int(table.state.hand.turn)
    hana, grief, hugo = (clients[(afk + i - 1) % 4] for i in (1, 2, 3))
    clock = table.cooldown.clock = Clock()
    return table, afk, hana, grief, hugo, clock


def test_the_long_wait_is_three_minutes() -> None:
    assert ServerConfig().hand_over_long == 180.0 and ServerConfig().hand_over_wait == 60.0


async def test_a_seat_silent_200_s_with_a_refusing_seat_is_handed_over_at_the_next_ask(make_server) -> None:
    table, afk, hana, grief, hugo, clock = await _roles(make_server)
    table.since -= 62  # the reported run: the first asks at 62 s
    for asker in (hana, hugo, hana, hugo):
        req = await _opened(asker, afk)
        assert set(req.waiting) == {grief.seat, (hugo if asker is hana else hana).seat}
        await _refuse(grief, asker, req)
        err = await _refusal(asker, {"type": "hand_over", "seat": afk})
        assert (err.code, err.data) == ("REQUEST_TOO_SOON", {"retry_ms": 5000})  # never 10000, 20000...
        clock.now += REQUEST_COOLDOWN
    assert table.slots[Seat(afk)].handed_over is False and int(table.state.hand.turn) == afk
    table.since -= 200 - 62  # silent 200 s: past hand_over_long, nobody is asked
    await hana.send({"type": "hand_over", "seat": afk, "expected_seq": hana.seq})
    upd = await hana.until(lambda m: isinstance(m, p.TableUpdate) and m.table.seats[afk - 1].computer_plays)
    assert upd.table.request is None and table.slots[Seat(afk)].handed_over is True
    seq = table.seq
    await eventually(lambda: table.seq > seq)  # the computer makes Afk's decision: the table moves on
    assert table.log.events[-1].body.decision.seat == afk


async def test_before_the_long_wait_a_refusal_still_ends_the_hand_over(make_server) -> None:
    table, afk, hana, grief, hugo, clock = await _roles(make_server)
    table.since -= 179  # one second short of hand_over_long: D7's consent holds
    req = await _opened(hana, afk)
    await _refuse(grief, hana, req)
    assert table.slots[Seat(afk)].handed_over is False


async def test_past_the_long_wait_an_open_hand_over_nobody_answers_is_carried_out(make_server) -> None:
    table, afk, hana, grief, hugo, clock = await _roles(make_server)
    table.since -= 100
    req = await _opened(hana, afk)  # Grief neither accepts nor refuses: the request stays open
    table.since -= 100  # 200 s now
    await hugo.send({"type": "hand_over", "seat": afk, "expected_seq": hugo.seq})
    closed = await hugo.until(lambda m: isinstance(m, p.RequestClosed) and m.request_id == req.id)
    assert (closed.outcome, closed.action) == ("done", "hand_over")
    assert table.slots[Seat(afk)].handed_over is True and table.request is None


async def test_past_the_long_wait_an_undo_that_waits_for_the_silent_seat_no_longer_holds_it(make_server) -> None:
    table, afk, hana, grief, hugo, clock = await _roles(make_server)
    mover = hugo  # the seat that made the lead, just before Afk
    assert mover.seat == (afk + 2) % 4 + 1
    await mover.send({"type": "undo", "expected_seq": mover.seq})
    upd = await mover.until(lambda m: isinstance(m, p.TableUpdate) and m.table.request is not None)
    req = upd.table.request
    assert afk in req.waiting
    table.since -= 61
    asker = hana
    await asker.send({"type": "hand_over", "seat": afk, "expected_seq": asker.seq})
    assert (await asker.until(lambda m: isinstance(m, p.Error))).code == "REQUEST_PENDING"  # before: as it was
    table.since -= 200
    await asker.send({"type": "hand_over", "seat": afk, "expected_seq": asker.seq})
    closed = await asker.until(lambda m: isinstance(m, p.RequestClosed) and m.request_id == req.id)
    assert (closed.outcome, closed.seat, closed.action) == ("cancelled", afk, "undo")
    await asker.until(lambda m: isinstance(m, p.TableUpdate) and m.table.seats[afk - 1].computer_plays)
    assert table.slots[Seat(afk)].handed_over is True
    assert table.cooldown.retry_ms(mover.seat) == 0  # closed by the silent seat: no wait for its asker
