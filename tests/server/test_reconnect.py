"""D7: a seat survives any disconnect; the token brings back the same view (issue 3)."""
from __future__ import annotations

import asyncio

from websockets.exceptions import ConnectionClosed

from doublenine.shared import protocol as p
from doublenine.shared.seats import Seat
from doublenine.shared.state import Phase
from doublenine.shared.views import view_for

from .conftest import claims_of, closed_with, connect, create, eventually, four_at_play, play_all, quiesce, settle
from .conftest import join as join_seat


async def test_d7_reconnect_mid_hand_with_token_gets_the_same_view_and_carries_on(server) -> None:
    clients, table = await four_at_play(server, seed=21, leads=3)
    gone = clients[1]
    before = gone.view
    await gone.close()
    await eventually(lambda: table.slots[2].conn is None)
    assert table.table_wire()["seats"][1]["connected"] is False
    assert table.table_wire()["seats"][1]["claimed"] is True
    back = await connect(server)
    await back.attach({"type": "rejoin", "code": table.code, "token": gone.token})
    assert back.seat == 2
    assert back.view == before == view_for(table.state, 2)
    back.token = gone.token
    clients[1] = back
    await asyncio.wait_for(play_all(clients, stop=lambda c: len(c.view.finished) >= 1), 30)
    assert len(table.state.finished) >= 1


async def test_d7_reclaiming_a_seat_closes_the_older_connection_with_4002(server) -> None:
    host = await create(server, "hccc", sit=1)
    again = await connect(server)
    await again.attach({"type": "rejoin", "code": host.code, "token": host.token})
    try:
        await host.until(lambda m: False, timeout=5)
    except ConnectionClosed as exc:
        assert exc.rcvd is not None and exc.rcvd.code == 4002
    table = server.registry.tables[host.code]
    # the computers act on after the rejoin's snapshot until seat 1 is awaited (bot_delay 0): compare
    # once they stopped and this connection heard the rest, not the snapshot with a later state
    await quiesce([again], table, {1})
    assert again.view == view_for(table.state, 1)


async def test_disconnect_spanning_a_hand_end_gets_the_reveal_scores_and_next_hand(server) -> None:
    clients, table = await four_at_play(server, seed=5, leads=1)
    away = clients[3]
    token = away.token
    await away.close()
    await eventually(lambda: table.slots[4].conn is None)
    # seat 4 is away; D7: hand it to the computer by consent of the three others
    ask = clients[0]
    await ask.send({"type": "hand_over", "seat": 4, "expected_seq": ask.seq})
    req = await ask.until(lambda m: isinstance(m, p.TableUpdate) and m.table.request is not None)
    for c in clients[1:3]:
        await c.until(lambda m: c.table.request is not None)
        await c.send({"type": "consent", "request_id": req.table.request.id, "accept": True})
    await ask.until(lambda m: isinstance(m, p.RequestClosed))
    assert ask.closed_requests[-1].outcome == "done"
    finished = len(table.state.finished)
    await asyncio.wait_for(
        play_all(clients[:3], stop=lambda c: len(c.view.finished) > finished
                 and c.view.phase in (Phase.REVIEW, Phase.PLAY, Phase.MATCH_OVER)), 30)
    back = await connect(server)
    await back.attach({"type": "rejoin", "code": table.code, "token": token})
    assert back.view == view_for(table.state, 4)
    last = back.view.finished[finished]
    assert last == table.state.finished[finished]
    assert back.view.scores == table.state.scores == last.scores_after
    assert back.table.seats[3].computer_plays is False  # D7: the player took the seat back
    await settle([back], table)


async def test_d7_frames_from_a_connection_the_server_closed_are_ignored(server) -> None:
    host = await create(server, "hhhc", sit=1)
    table = server.registry.tables[host.code]
    ghost = table.slots[Seat.ONE].conn  # the server side of the host's connection
    again = await connect(server)
    await again.attach({"type": "rejoin", "code": host.code, "token": host.token})
    assert ghost.closed and table.slots[Seat.ONE].conn is not ghost  # replaced (4002)
    join = p.CLIENT_ADAPTER.validate_python({"type": "join", "code": host.code, "seat": 2, "name": "ghost"})
    await ghost.receive(p.encode(join))  # a frame still buffered from the old socket
    assert table.slots[Seat.TWO].claimed is False and ghost.table is None
    late = await join_seat(server, host.code, 2)
    assert late.seat == 2


async def test_d7_a_valid_token_reopens_a_table_closed_for_idleness(make_server) -> None:
    from doublenine.server.netbot import ServerRefused
    from doublenine.server.storage.base import MemoryStore

    store = MemoryStore()
    server = await make_server(store=store, idle_timeout=0.05)
    host = await create(server, "hccc", sit=1, seed=21)
    code, token = host.code, host.token
    before = list(server.registry.tables[code].log.events)
    await host.close()
    await eventually(lambda: code not in server.registry.tables and store.tables[code].closed)
    for fields in ({"type": "spectate", "code": code}, {"type": "join", "code": code, "seat": 1, "name": "X"},
                   {"type": "rejoin", "code": code, "token": "not-a-seat-token"}):
        other = await connect(server)
        try:
            await other.attach(fields)
            raise AssertionError("attached to a closed table")
        except ServerRefused as refused:
            assert refused.error.code == "UNKNOWN_TABLE"
    back = await connect(server)
    await back.attach({"type": "rejoin", "code": code, "token": token})
    table = server.registry.tables[code]
    assert back.seat == 1 and store.tables[code].closed is False
    assert table.log.events[:len(before)] == before
    await settle([back], table)
    assert back.view == view_for(table.state, 1)




async def test_d7_a_stale_window_never_takes_the_seat_back_from_a_newer_one(server) -> None:
    """s13 netplayer F6: window 1's link stuck (it never sees its 4002), the player moves to window 2 (same
    token, no claim: a new window); window 1 reconnecting later presents its old claim and is closed 4002,
    the seat staying with window 2. Kind: a stale session reclaiming what a newer one holds."""
    first = await create(server, "hccc", sit=1)
    table = server.registry.tables[first.code]
    (old,) = claims_of(first)
    assert old is not None and table.slots[Seat.ONE].claim_held == old
    second = await connect(server)  # window 2, started from the same client.json
    await second.attach({"type": "rejoin", "code": first.code, "token": first.token})
    (new,) = claims_of(second)
    assert new == old + 1 and table.slots[Seat.ONE].window_from == new
    assert await closed_with(first) == 4002
    stale = await connect(server)  # window 1's reconnect after its link came back
    await stale.send({"type": "rejoin", "code": first.code, "token": first.token, "claim": old})
    assert await closed_with(stale) == 4002
    assert claims_of(stale) == [] and table.slots[Seat.ONE].conn is not None
    assert table.slots[Seat.ONE].claim_held == new  # nothing changed: window 2 still plays the seat
    await second.send({"type": "resync"})
    assert isinstance(await second.until(lambda m: isinstance(m, p.Snapshot)), p.Snapshot)  # still attached
    again = await connect(server)  # window 2's own reconnect (its old connection not yet seen gone)
    await again.attach({"type": "rejoin", "code": first.code, "token": first.token, "claim": new})
    assert claims_of(again) == [new + 1] and table.slots[Seat.ONE].window_from == new
    assert await closed_with(second) == 4002


async def test_d7_a_rejoin_whose_joined_was_lost_still_comes_back(server) -> None:
    """A window's own rejoin whose ``joined`` never reached it presents its older claim: not taken over."""
    first = await create(server, "hccc", sit=1)
    table = server.registry.tables[first.code]
    (mine,) = claims_of(first)
    lost = await connect(server)
    await lost.attach({"type": "rejoin", "code": first.code, "token": first.token, "claim": mine})
    await lost.close()  # its joined "lost": the window still knows only ``mine``
    back = await connect(server)
    await back.attach({"type": "rejoin", "code": first.code, "token": first.token, "claim": mine})
    assert back.seat == 1 and table.slots[Seat.ONE].conn is not None
    assert (table.slots[Seat.ONE].window_from, table.slots[Seat.ONE].claim_held) == (mine, mine + 2)
    twice = await connect(server)  # its joined lost again: still its own window's claim
    await back.close()
    await twice.attach({"type": "rejoin", "code": first.code, "token": first.token, "claim": mine})
    assert twice.seat == 1 and claims_of(twice) == [mine + 3]


async def test_d7_a_stale_claim_never_takes_the_seat_back_however_many_take_overs_since(server) -> None:
    """Attacker s13 F3: after 9 take-overs (claimless rejoins: new windows) the first window's claim took the
    seat back (the taken-over claims kept were the newest 8). Kind: a bounded list standing for a rule."""
    first = await create(server, "hccc", sit=1)
    table = server.registry.tables[first.code]
    (old,) = claims_of(first)
    window = first
    for _ in range(9):
        newer = await connect(server)
        await newer.attach({"type": "rejoin", "code": first.code, "token": first.token})
        assert await closed_with(window) == 4002
        window = newer
    (newest,) = claims_of(window)
    assert (newest, table.slots[Seat.ONE].window_from) == (old + 9, old + 9)
    stale = await connect(server)
    await stale.send({"type": "rejoin", "code": first.code, "token": first.token, "claim": old})
    assert await closed_with(stale) == 4002
    assert claims_of(stale) == [] and table.slots[Seat.ONE].claim_held == old + 9  # window 10 still plays it
