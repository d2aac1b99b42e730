"""D1/D7: a seat whose request was refused or cancelled waits before asking again, whatever it asks
(attacker s10 F4 variant: re-asking ``new_match`` the moment it was refused put 78 consent prompts on
the other player's window in 10 s). The table's cooldown clock is the test's own."""
from __future__ import annotations

import asyncio

from doublenine.server.consent import REQUEST_COOLDOWN, REQUEST_COOLDOWN_MAX
from doublenine.shared import protocol as p

from .conftest import create, join, quiesce
from .test_consent import _request, two_humans_after_seat1_moved


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def _refused(asker, other) -> None:
    """``other`` refuses the request ``asker`` just opened; both hear it closed."""
    if asker.table.request is None:
        await asker.until(lambda m: isinstance(m, p.TableUpdate) and m.table.request is not None)
    req = asker.table.request
    await other.until(lambda m: other.table.request is not None and other.table.request.id == req.id)
    await other.send({"type": "consent", "request_id": req.id, "accept": False})
    await asker.until(lambda m: isinstance(m, p.RequestClosed) and m.request_id == req.id)


async def _refusal(c, fields) -> p.Error:
    await c.send({**fields, "expected_seq": c.seq})
    return await c.until(lambda m: isinstance(m, p.Error))


async def test_a_refused_seat_waits_before_asking_anything_again_and_the_wait_doubles(server) -> None:
    host, guest, table = await two_humans_after_seat1_moved(server)
    clock = table.cooldown.clock = Clock()
    await guest.send({"type": "new_match", "expected_seq": guest.seq})
    await _refused(guest, host)
    for kind in ("new_match", "restart"):  # every kind of request (undo, redo: test_consent has seat 1 ask)
        err = await _refusal(guest, {"type": kind})
        assert (err.code, err.data) == ("REQUEST_TOO_SOON", {"retry_ms": 5000})
    clock.now += 3.2
    assert (await _refusal(guest, {"type": "new_match"})).data == {"retry_ms": 1800}
    assert table.request is None
    clock.now += REQUEST_COOLDOWN - 3.2
    await _request(guest, {"type": "new_match"})  # the wait is over: asked again
    await _refused(guest, host)
    assert (await _refusal(guest, {"type": "new_match"})).data == {"retry_ms": 10000}  # twice as long
    clock.now += 10.0
    await guest.send({"type": "new_match", "expected_seq": guest.seq})
    await _refused(guest, host)
    assert (await _refusal(guest, {"type": "new_match"})).data == {"retry_ms": 20000}
    await _request(host, {"type": "restart"})  # the other seat asks as before: the wait is per seat


async def test_a_refused_hand_over_starts_the_wait_for_any_request_of_its_asker(server) -> None:
    host = await create(server, "hhhc", sit=1, seed=3)
    guest = await join(server, host.code, seat=2)
    away = await join(server, host.code, seat=3)
    table = server.registry.tables[host.code]
    clock = table.cooldown.clock = Clock()
    await away.close()
    await host.until(lambda m: isinstance(m, p.TableUpdate) and not m.table.seats[2].connected)
    await host.send({"type": "hand_over", "seat": 3, "expected_seq": host.seq})
    await _refused(host, guest)
    err = await _refusal(host, {"type": "hand_over", "seat": 3})
    assert (err.code, err.data) == ("REQUEST_TOO_SOON", {"retry_ms": 5000})
    clock.now += REQUEST_COOLDOWN
    await _request(host, {"type": "hand_over", "seat": 3})


async def test_a_request_cancelled_by_its_asker_starts_the_wait_and_one_carried_out_ends_the_run(server) -> None:
    host, guest, table = await two_humans_after_seat1_moved(server, seed=8)
    clock = table.cooldown.clock = Clock()
    req = (await _request(guest, {"type": "new_match"})).table.request
    await guest.send({"type": "cancel_request", "request_id": req.id})
    await guest.until(lambda m: isinstance(m, p.RequestClosed))
    assert (await _refusal(guest, {"type": "restart"})).data == {"retry_ms": 5000}
    clock.now += REQUEST_COOLDOWN
    req = (await _request(guest, {"type": "restart"})).table.request
    await host.until(lambda m: host.table.request is not None)
    await host.send({"type": "consent", "request_id": req.id, "accept": True})
    closed = await guest.until(lambda m: isinstance(m, p.RequestClosed))
    assert closed.outcome == "done"
    assert table.cooldown.retry_ms(2) == 0
    clock.now += REQUEST_COOLDOWN_MAX * 3
    await quiesce([host, guest], table, {1, 2})  # the restarted hand: the computers play to a human
    await guest.send({"type": "new_match", "expected_seq": guest.seq})
    await _refused(guest, host)
    assert (await _refusal(guest, {"type": "new_match"})).data == {"retry_ms": 5000}  # a new run


async def test_re_asking_the_moment_it_is_refused_prompts_the_other_player_once(server) -> None:
    """The attacker's repro (request_spam.py), for 1.5 s instead of 10: one prompt, not dozens."""
    host, guest, table = await two_humans_after_seat1_moved(server, seed=11)
    prompts = 0
    loop = asyncio.get_running_loop()
    end = loop.time() + 1.5

    async def griefer() -> None:
        while loop.time() < end:
            await guest.send({"type": "new_match", "expected_seq": table.seq})
            await asyncio.sleep(0.06)

    async def victim() -> None:
        nonlocal prompts
        seen = set()
        while loop.time() < end + 0.3:
            try:
                m = await host.next(0.2)
            except asyncio.TimeoutError:
                continue
            r = host.table.request if isinstance(m, p.TableUpdate) else None
            if r is not None and 1 in r.waiting and r.id not in seen:
                seen.add(r.id)
                prompts += 1
                await host.send({"type": "consent", "request_id": r.id, "accept": False})

    await asyncio.gather(griefer(), victim())
    assert prompts == 1


async def test_a_hand_over_its_target_answers_with_back_stays_open_and_starts_no_wait(make_server) -> None:
    """Attacker s11 F1 (griefer_cancel.py): the stranger at seat 2 answered each hand-over asked of it
    with ``back``; the asker then waited 4.4 s, 9.4 s, 19.4 s as if it had been refused. Round 2 F3:
    that ``back`` cancelled every request before the third player's consent landed (NO_SUCH_REQUEST),
    so the stranger never drew. Now the request stays open, is carried out on the consent, the
    computer makes seat 2's opening pick, and the seat is its player's again; the asker waits for
    nothing."""
    server = await make_server(hand_over_wait=0.0)
    host = await create(server, "hhhc", sit=1, seed=3)
    stranger = await join(server, host.code, seat=2)
    third = await join(server, host.code, seat=3)
    table = server.registry.tables[host.code]
    table.cooldown.clock = Clock()
    seq = table.seq  # the opening draw waits for seats 1 and 2 (R3)
    req = (await _request(host, {"type": "hand_over", "seat": 2})).table.request
    await stranger.until(lambda m: stranger.table.request is not None)
    await stranger.send({"type": "back"})
    await stranger.until(lambda m: isinstance(m, p.TableUpdate))  # back's answer: a table frame
    await asyncio.sleep(0.1)
    assert (table.request is not None and table.request.id, table.back_asked) == (req.id, {2})
    await third.until(lambda m: third.table.request is not None)
    await third.send({"type": "consent", "request_id": req.id, "accept": True})
    closed = await host.until(lambda m: isinstance(m, p.RequestClosed))
    assert (closed.request_id, closed.outcome) == (req.id, "done")
    await stranger.until(lambda m: isinstance(m, p.TableUpdate) and not m.table.seats[1].computer_plays
                         and stranger.seq > seq)
    assert (table.seq, table.slots[2].handed_over, table.back_asked) == (seq + 1, False, set())
    assert table.cooldown.retry_ms(1) == 0
    await third.close()
