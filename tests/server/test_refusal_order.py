"""docs/protocol.md as a client writer reads it (tester's findings, session 10): which refusal a message
gets when several apply, a second `hello`, and `seq` along one attachment, not one connection.

Kind (finding 10): an intent decided on an old view not called STALE. Every intent was checked
DUPLICATE, then STALE, then by its own rules, but an opening-draw pick skipped the staleness check in
every phase (it commutes only within the draw, R3), so a stale `draw` during the play got WRONG_PHASE.
"""
from __future__ import annotations

import pytest
from schemacheck import plain
from websockets.exceptions import ConnectionClosed

from doublenine.shared import protocol as p
from doublenine.shared.convert import intent_for
from doublenine.shared.state import Phase

from .conftest import connect, create, four_at_play, quiesce


async def _refusal(c, fields: dict) -> tuple[str, dict | None]:  # type: ignore[no-untyped-def,type-arg]
    await c.send_raw(p.pack(fields))
    err = await c.until(lambda m: isinstance(m, p.Error))
    return err.code, err.data


async def test_duplicate_then_stale_then_the_rules(server) -> None:
    clients, table = await four_at_play(server, leads=1)
    turn = table.state.hand.turn
    mover, waiter = clients[turn - 1], clients[turn % 4]
    old = table.seq - 1
    held = [[t.low, t.high] for t in mover.view.hand]
    not_held = next([a, b] for a in range(10) for b in range(a, 10) if [a, b] not in held)
    play = {"type": "play", "tile": not_held, "end": "left"}
    assert await _refusal(waiter, {**play, "expected_seq": old}) == ("STALE", {"seq": table.seq})
    assert (await _refusal(waiter, {**play, "expected_seq": table.seq}))[0] == "NOT_YOUR_TURN"
    assert (await _refusal(mover, {**play, "expected_seq": old}))[0] == "STALE"
    assert (await _refusal(mover, {**play, "expected_seq": table.seq}))[0] == "TILE_NOT_HELD"
    nominate = {"type": "nominate", "opener": 1}
    assert (await _refusal(clients[0], {**nominate, "expected_seq": old}))[0] == "STALE"
    assert (await _refusal(clients[0], {**nominate, "expected_seq": table.seq}))[0] == "WRONG_PHASE"
    # the reported case: a draw on an old view once the opening draw is over is STALE (was WRONG_PHASE)
    draw = {"type": "draw", "position": 3}
    assert await _refusal(clients[0], {**draw, "expected_seq": old}) == ("STALE", {"seq": table.seq})
    assert (await _refusal(clients[0], {**draw, "expected_seq": table.seq}))[0] == "WRONG_PHASE"
    # DUPLICATE before STALE: an applied intent sent again on its (now old) view
    move = mover.view.legal_decisions()[0]
    sent = intent_for(move, table.seq, "once").model_dump(mode="json", exclude_none=True)
    await mover.send_raw(p.pack(sent))
    await mover.until(lambda m: isinstance(m, p.Update) and m.seq == sent["expected_seq"] + 1)
    assert await _refusal(mover, sent) == ("DUPLICATE", {"seq": sent["expected_seq"] + 1})
    assert table.seq > sent["expected_seq"]  # it was stale too


async def test_a_pick_during_the_draw_is_taken_whatever_its_expected_seq(server) -> None:
    host = await create(server, "hhcc", sit=1)
    await host.send({"type": "start"})
    await host.until(lambda m: isinstance(m, p.TableUpdate) and m.table.started)
    table = server.registry.tables[host.code]
    await quiesce([host], table, {1})  # seat 2's computer has picked
    assert table.state.phase is Phase.DRAW and table.seq == 1
    taken = {pos for _, pos in host.view.draw_taken}
    await host.send_raw(p.pack({"type": "draw", "position": next(i for i in range(55) if i not in taken),
                                "expected_seq": table.seq + 7}))
    upd = await host.until(lambda m: isinstance(m, (p.Update, p.Error)))
    assert isinstance(upd, p.Update), upd  # R3: picks commute within the draw


async def test_a_second_hello_is_answered_and_changes_nothing(server) -> None:
    host = await create(server, "hccc", sit=1, client="netbot")
    assert host.table.seats[0].program is True  # this test client's hello says "netbot"
    await host.send({"type": "hello", "protocol_version": p.PROTOCOL_VERSION, "client": "someone else"})
    welcome = await host.until(lambda m: isinstance(m, p.Welcome))
    assert welcome.protocol_version == p.PROTOCOL_VERSION
    await host.send({"type": "resync"})
    snap = await host.until(lambda m: isinstance(m, p.Snapshot))
    assert (snap.view.viewer, snap.table.seats[0].program) == (1, True)  # the first hello's client stays


async def test_a_hello_of_another_version_closes_even_a_seated_connection(server) -> None:
    host = await create(server, "hccc", sit=1)
    code, token = host.code, host.token
    await host.send_raw(p.pack({"type": "hello", "protocol_version": 1}))
    err = await host.until(lambda m: isinstance(m, p.Error))
    assert (err.code, err.data) == ("PROTOCOL_VERSION", {"server": p.PROTOCOL_VERSION, "client": 1})
    with pytest.raises(ConnectionClosed) as closed:
        await host.next(5)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4001
    back = await connect(server)
    await back.attach({"type": "rejoin", "code": code, "token": token})
    assert back.seat == 1  # the seat stayed held (D7)


async def test_seq_never_decreases_along_one_attachment_only(server) -> None:
    clients, table = await four_at_play(server, leads=3)
    watcher = clients[0]
    assert watcher.seq == table.seq > 0
    seen = watcher.seq  # the left seat is the computer's from now on (it may play on: seq grows past it)
    await watcher.send({"type": "leave"})
    await watcher.until(lambda m: isinstance(m, p.LeftTable))
    other = await create(server, "hhhh", sit=None)  # nobody seated: it stays at seq 0
    await watcher.send({"type": "spectate", "code": other.code})
    snap = await watcher.until(lambda m: isinstance(m, p.Snapshot))
    frames = [f for f in map(plain, watcher.frames) if f["type"] in ("snapshot", "update")]
    seqs = [f["seq"] for f in frames]
    assert (snap.seq, seqs[-1]) == (0, 0) and seen <= max(seqs) <= table.seq  # lower on the new attachment
