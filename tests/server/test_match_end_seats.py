"""D7 with R28 at the match's end (organiser s16 F2): a seat handed over to the computer whose person went home
neither vetoes the next match of the three who stay nor keeps a newcomer out; over real sockets."""
from __future__ import annotations

import asyncio

from doublenine.shared import protocol as p
from doublenine.shared.state import Phase

from .conftest import connect, create, join, play_all, settle


async def _handed_over_then_over(make_server):  # type: ignore[no-untyped-def]
    """The reported table (Mesa 2, FQ58J): Elena, Fernando, Gabriel stay, Hélène (seat 4) closes her window in
    the match; her seat is handed over (D7) and the computer plays it to the match's end."""
    server = await make_server()
    host = await create(server, "hhhh", sit=1, seed=7, name="Elena")
    b = await join(server, host.code, seat=2, name="Fernando")
    c = await join(server, host.code, seat=3, name="Gabriel")
    helene = await join(server, host.code, seat=4, name="Hélène")
    table = server.registry.tables[host.code]
    token = helene.token
    await play_all([host, b, c, helene], stop=lambda cl: cl.view.phase is Phase.PLAY, seed=7)
    await helene.close()
    await host.until(lambda m: isinstance(m, p.TableUpdate) and not m.table.seats[3].connected)
    await host.send({"type": "hand_over", "seat": 4, "expected_seq": host.seq})
    req = (await host.until(lambda m: isinstance(m, p.TableUpdate) and m.table.request is not None)).table.request
    for other in (b, c):  # D7: by consent of the other humans
        await other.until(lambda m: other.table.request is not None)
        await other.send({"type": "consent", "request_id": req.id, "accept": True})
    await host.until(lambda m: isinstance(m, p.TableUpdate) and m.table.seats[3].computer_plays)
    await asyncio.wait_for(play_all([host, b, c], seed=7), 60)
    await settle([host, b, c], table)
    return server, table, [host, b, c], token


async def test_s16_f2_a_seat_handed_over_at_the_match_end_is_free_and_asks_nobody(make_server) -> None:  # type: ignore[no-untyped-def]
    server, table, (host, b, c), token = await _handed_over_then_over(make_server)
    assert table.state.phase is Phase.MATCH_OVER
    assert (table.slots[4].claimed, table.slots[4].name) == (False, "Hélène")  # the match over was hers
    await host.until(lambda m: not host.table.seats[3].claimed)
    seat4 = host.table.seats[3]  # given up for Hélène, who was away when the match ended: "computer, free seat"
    assert (seat4.claimed, seat4.computer_plays, seat4.name) == (False, True, "Hélène")
    assert table.result_names()[3] == "Hélène (1/3)"  # the match she played is still hers (one hand of 3: F4)
    await host.send({"type": "new_match", "expected_seq": table.seq, "intent_id": "nm"})
    upd = await host.until(lambda m: isinstance(m, (p.Error, p.TableUpdate)) and (
        isinstance(m, p.Error) or m.table.request is not None))
    assert isinstance(upd, p.TableUpdate), upd  # was CONSENT_UNAVAILABLE, data {seats: [4]}
    assert (upd.table.request.action, upd.table.request.waiting) == ("new_match", (2, 3))
    ines = await join(server, table.code, seat=4, name="Inés")  # was TABLE_FULL
    assert (ines.seat, table.slots[4].name, table.slots[4].claimed) == (4, "Inés", True)
    back = await connect(server)  # Hélène's window back: her seat is no longer hers
    try:
        await back.attach({"type": "rejoin", "code": table.code, "token": token})
    except Exception as exc:  # noqa: BLE001 - the refusal is what is checked
        assert "BAD_TOKEN" in str(exc)
    else:
        raise AssertionError("the given-up seat was taken back")


async def test_s16_f2_a_connected_seat_handed_over_plays_on_in_the_new_match(make_server) -> None:  # type: ignore[no-untyped-def]
    """The same kind, its person present but silent (attacker s11 F5): at match over a new match undoes nothing
    of theirs, so it is not refused CONSENT_UNAVAILABLE; the seat stays theirs and the computer plays it on."""
    server = await make_server()
    host = await create(server, "hhhc", sit=1, seed=7, name="Ana")
    b = await join(server, host.code, seat=2, name="Bea")
    c = await join(server, host.code, seat=3, name="Carlos")
    table = server.registry.tables[host.code]
    await asyncio.wait_for(play_all([host, b, c], seed=7), 60)
    await settle([host, b, c], table)
    async with table.lock:  # handed over while connected (as after 180 s of silence)
        table.slots[3].handed_over = True
    await host.send({"type": "new_match", "expected_seq": table.seq, "intent_id": "nm"})
    upd = await host.until(lambda m: isinstance(m, (p.Error, p.TableUpdate)) and (
        isinstance(m, p.Error) or m.table.request is not None))
    assert isinstance(upd, p.TableUpdate), upd
    assert upd.table.request.waiting == (2,)
    await b.until(lambda m: b.table.request is not None)
    await b.send({"type": "consent", "request_id": upd.table.request.id, "accept": True})
    await host.until(lambda m: isinstance(m, p.RequestClosed))
    await settle([host, b], table)
    assert (table.state.match, table.slots[3].claimed, table.slots[3].handed_over) == (2, True, True)


async def test_s16_f2_undo_at_the_match_end_still_waits_for_a_handed_over_player(make_server) -> None:  # type: ignore[no-untyped-def]
    """D1/D6 unchanged: an undo at match over reopens the last hand, so a handed-over player's consent is needed."""
    server = await make_server()
    host = await create(server, "hhcc", sit=1, seed=7, name="Ana")
    b = await join(server, host.code, seat=2, name="Bea")
    table = server.registry.tables[host.code]
    await asyncio.wait_for(play_all([host, b], seed=7), 60)
    await settle([host, b], table)
    async with table.lock:
        table.slots[2].handed_over = True  # connected: not given up
    await host.send({"type": "undo", "expected_seq": table.seq, "intent_id": "u"})
    err = await host.until(lambda m: isinstance(m, p.Error))
    assert (err.code, err.data) == ("CONSENT_UNAVAILABLE", {"seats": [2]})
