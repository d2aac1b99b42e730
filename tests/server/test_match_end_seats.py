"""D7 with R28 at the match's end (organiser s16 F2): a seat handed over to the computer whose person went home
neither vetoes the next match of the three who stay nor keeps a newcomer out; over real sockets."""
from __future__ import annotations

import asyncio
import time

from doublenine.shared import protocol as p
from doublenine.shared.state import Phase
from doublenine.shared.seats import Seat

from doublenine.server.storage import open_store
from doublenine.shared.codec import decode_meta

from .conftest import connect, create, join, play_all, settle, spectate


async def _handed_over_then_over(make_server, long_gone: bool = True):  # type: ignore[no-untyped-def]
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
    if long_gone:  # away longer than D7's long wait (attacker s16 F1: never sooner)
        table.gone_since[Seat(4)] -= table.config.hand_over_long
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


async def test_s16_attacker_f1_a_seat_dropped_briefly_at_the_match_end_stays_its_players(make_server) -> None:  # type: ignore[no-untyped-def]
    """Attacker s16 F1 (D7): Vera's link drops at the match's end and Mallory hands her seat over at once; the seat
    is not given up within D7's long wait (180 s), so a stranger's ``join`` naming it is refused TABLE_FULL and
    Vera's window takes it back with her token. The three who stay still start a new match without her (F2)."""
    server = await make_server()
    host = await create(server, "hhhc", sit=1, seed=7, name="Mallory")
    vera = await join(server, host.code, seat=2, name="Vera")
    c = await join(server, host.code, seat=3, name="Carlos")
    table = server.registry.tables[host.code]
    await asyncio.wait_for(play_all([host, vera, c], seed=7), 60)
    await settle([host, vera, c], table)
    token = vera.token
    await vera.close()
    await host.until(lambda m: isinstance(m, p.TableUpdate) and not m.table.seats[1].connected)
    await host.send({"type": "hand_over", "seat": 2, "expected_seq": host.seq})
    req = (await host.until(lambda m: isinstance(m, p.TableUpdate) and m.table.request is not None)).table.request
    await c.until(lambda m: c.table.request is not None)
    await c.send({"type": "consent", "request_id": req.id, "accept": True})
    await host.until(lambda m: isinstance(m, p.TableUpdate) and m.table.seats[1].computer_plays)
    assert (table.slots[2].claimed, table.slots[2].handed_over, table.slots[2].name) == (True, True, "Vera")
    thief = await connect(server)
    try:
        await thief.attach({"type": "join", "code": table.code, "seat": 2, "name": "Vera"})
    except Exception as exc:  # noqa: BLE001 - the refusal is what is checked
        assert "TABLE_FULL" in str(exc)
    else:
        raise AssertionError("a stranger took the seat of a player away for seconds")
    back = await connect(server)
    await back.attach({"type": "rejoin", "code": table.code, "token": token})
    assert (back.seat, table.slots[2].name, table.slots[2].claimed) == (2, "Vera", True)


async def _given_up_after_the_end(make_server):  # type: ignore[no-untyped-def]
    """Hélène (seat 1, the creator) and Mallory (seat 2) with two computers; the match ends (its result stored),
    Hélène's window closes, Mallory hands her seat over and she stays away past D7's long wait: given up."""
    server = await make_server()
    helene = await create(server, "hhcc", sit=1, seed=7, name="Hélène")
    mallory = await join(server, helene.code, seat=2, name="Mallory")
    table = server.registry.tables[helene.code]
    await asyncio.wait_for(play_all([helene, mallory], seed=7), 60)
    await settle([helene, mallory], table)
    [stored] = await server.store.load_results()
    await helene.close()
    await mallory.until(lambda m: isinstance(m, p.TableUpdate) and not m.table.seats[0].connected)
    table.gone_since[Seat(1)] -= table.config.hand_over_long
    await mallory.send({"type": "hand_over", "seat": 1, "expected_seq": mallory.seq})  # nobody to ask: at once
    await mallory.until(lambda m: isinstance(m, p.TableUpdate) and not m.table.seats[0].claimed)
    return server, table, mallory, stored


async def test_s16_attacker_f8_undo_of_a_finished_match_waits_for_the_seat_given_up(make_server) -> None:  # type: ignore[no-untyped-def]
    """Attacker s16 F8 (D1, D6, R27): once Hélène's seat is given up at the match's end, Mallory's undo would
    reopen the last hand alone and rewrite the stored result that names her: refused CONSENT_UNAVAILABLE."""
    server, table, mallory, stored = await _given_up_after_the_end(make_server)
    assert table.state.phase is Phase.MATCH_OVER
    await mallory.send({"type": "undo", "expected_seq": table.seq, "intent_id": "u"})
    err = await mallory.until(lambda m: isinstance(m, p.Error))
    assert (err.code, err.data) == ("CONSENT_UNAVAILABLE", {"seats": [1]})
    assert table.state.phase is Phase.MATCH_OVER
    assert await server.store.load_results() == [stored]


async def test_s16_attacker_f8_a_newcomer_in_the_given_up_seat_does_not_consent_for_its_player(make_server) -> None:  # type: ignore[no-untyped-def]
    """The same kind: a friend who takes the given-up seat after the match is not the person the result names,
    so Mallory's undo is still refused; a new match (F2) is not concerned."""
    server, table, mallory, stored = await _given_up_after_the_end(make_server)
    friend = await join(server, table.code, seat=1, name="Eve")
    await settle([mallory, friend], table)
    await mallory.send({"type": "undo", "expected_seq": table.seq, "intent_id": "u"})
    err = await mallory.until(lambda m: isinstance(m, p.Error))
    assert (err.code, err.data) == ("CONSENT_UNAVAILABLE", {"seats": [1]})
    assert await server.store.load_results() == [stored]
    await mallory.send({"type": "new_match", "expected_seq": table.seq, "intent_id": "nm"})
    upd = await mallory.until(lambda m: isinstance(m, (p.Error, p.TableUpdate)) and (
        isinstance(m, p.Error) or m.table.request is not None))
    assert isinstance(upd, p.TableUpdate), upd
    assert (upd.table.request.action, upd.table.request.waiting) == ("new_match", (1,))


async def _vera_handed_over_at_the_end(server):  # type: ignore[no-untyped-def]
    """Mallory (seat 1), Vera (seat 2), Carlos (seat 3) and a computer finish a match; Vera's window closes and
    Mallory hands her seat over (Carlos consents): within D7's long wait it stays hers."""
    host = await create(server, "hhhc", sit=1, seed=7, name="Mallory")
    vera = await join(server, host.code, seat=2, name="Vera")
    c = await join(server, host.code, seat=3, name="Carlos")
    table = server.registry.tables[host.code]
    await asyncio.wait_for(play_all([host, vera, c], seed=7), 60)
    await settle([host, vera, c], table)
    token = vera.token
    await vera.close()
    await host.until(lambda m: isinstance(m, p.TableUpdate) and not m.table.seats[1].connected)
    await host.send({"type": "hand_over", "seat": 2, "expected_seq": host.seq})
    req = (await host.until(lambda m: isinstance(m, p.TableUpdate) and m.table.request is not None)).table.request
    await c.until(lambda m: c.table.request is not None)
    await c.send({"type": "consent", "request_id": req.id, "accept": True})
    await host.until(lambda m: isinstance(m, p.TableUpdate) and m.table.seats[1].computer_plays)
    return table, host, c, token


async def test_s17_a_seat_away_at_the_match_end_is_given_up_on_time_by_the_tables_timer(make_server) -> None:  # type: ignore[no-untyped-def]
    """Session 17 (D7 with R28; kind: a deadline checked only when something else happens): Vera's seat, away at
    the match's end, was given up only by the next change of seats or move, so the table, its page and the lists
    showed it held by her until someone acted. Now the table's own timer gives it up when her 180 s are over,
    stores it and tells everyone, while nobody does anything."""
    server = await make_server()
    table, host, c, _token = await _vera_handed_over_at_the_end(server)
    assert (table.slots[2].claimed, table.slots[2].handed_over) == (True, True)
    assert table._give_up_at == table.gone_since[Seat(2)] + 180.0  # armed for her long wait's end
    seq = table.seq
    table.gone_since[Seat(2)] = time.time() - 300  # away five minutes: her 180 s are over
    table.watch_give_up()  # (the timer follows the clock it is given: moved to now)
    upd = await host.until(lambda m: isinstance(m, p.TableUpdate) and not m.table.seats[1].claimed)
    seat2 = upd.table.seats[1]
    assert (seat2.claimed, seat2.computer_plays, seat2.connected, seat2.name) == (False, True, False, "Vera")
    await c.until(lambda m: isinstance(m, p.TableUpdate) and not m.table.seats[1].claimed)  # everyone told
    assert table.seq == seq  # nobody moved, nobody sat down: the timer alone
    assert (table.slots[2].token_hash, table.slots[2].handed_over) == (None, False)
    stored = await server.store.load(table.code, rows=False)
    record = decode_meta(stored.meta)["seats"][1]
    assert (record["token_hash"], record["handed_over"], record["name"]) == (None, False, "Vera")
    assert (table._give_up, table._give_up_at) == (None, None)  # nothing left to wait for
    back = await connect(server)  # her window comes back: told why (was "that token holds no seat", which the
    await back.send({"type": "rejoin", "code": table.code, "token": _token})  # window said as a closed table)
    err = await back.until(lambda m: isinstance(m, p.Error))
    assert (err.code, err.data) == ("BAD_TOKEN", {"given_up": 2, "away": 300})
    assert record["given_up"][1] == 300  # stored: a restart still tells her


async def test_s17_the_give_up_timer_is_cancelled_when_the_player_comes_back(make_server) -> None:  # type: ignore[no-untyped-def]
    """Her rejoin within the 180 s takes the seat back (attacker s16 F1) and leaves no timer behind that would
    give it up later; leaving the table, the timer goes with it."""
    server = await make_server()
    table, host, c, token = await _vera_handed_over_at_the_end(server)
    assert table._give_up is not None
    back = await connect(server)
    await back.attach({"type": "rejoin", "code": table.code, "token": token})
    assert (back.seat, table.slots[2].claimed) == (2, True)
    assert (table._give_up, table._give_up_at) == (None, None)
    await back.close()  # away again: her seat is hers (no longer handed over), so nothing is due
    await host.until(lambda m: isinstance(m, p.TableUpdate) and not m.table.seats[1].connected)
    assert (table.slots[2].handed_over, table._give_up, table._give_up_at) == (False, None, None)


async def test_s17_the_give_up_timer_goes_with_the_table(make_server) -> None:  # type: ignore[no-untyped-def]
    """A table that closes (idle, moved, the server's stop) leaves no timer behind to write its seats."""
    server = await make_server()
    table, host, c, token = await _vera_handed_over_at_the_end(server)
    assert table._give_up is not None
    await table.close()
    assert table._give_up is None
    table.watch_give_up()  # a late call after the close arms nothing
    assert table._give_up is None


async def test_s17_after_a_restart_the_stored_seat_and_the_timer_agree(make_server, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Across a restart the stored record keeps Vera's seat hers (token, handed over) until her wait is over,
    counted from the restart (the server cannot know how long she was away before it); the resumed table arms
    its timer for then, and once it fires the store holds the seat given up."""
    path = str(tmp_path / "t.sqlite3")
    first = await make_server(store=open_store(path))
    table, host, c, token = await _vera_handed_over_at_the_end(first)
    code = table.code
    await first.stop()
    store = open_store(path)
    restarted = await make_server(store=store)
    again = restarted.registry.tables[code]
    assert (again.slots[2].claimed, again.slots[2].handed_over) == (True, True)  # as stored
    assert again._give_up_at == again.gone_since[Seat(2)] + 180.0  # armed at the resume
    watcher = await spectate(restarted, code)
    again.gone_since[Seat(2)] -= again.config.hand_over_long
    again.watch_give_up()
    await watcher.until(lambda m: isinstance(m, p.TableUpdate) and not m.table.seats[1].claimed)
    record = decode_meta((await store.load(code, rows=False)).meta)["seats"][1]
    assert (record["token_hash"], record["handed_over"]) == (None, False)
    await store.close()
