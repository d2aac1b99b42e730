"""Issue 3 item 6: every refusal has its stable code, goes to the sender only, and changes nothing."""
from __future__ import annotations

import asyncio

import msgpack
import pytest
from websockets.exceptions import ConnectionClosed

from doublenine.shared import protocol as p
from doublenine.shared.moves import End, Pass, Play
from doublenine.shared.seats import Seat
from doublenine.shared.tiles import DOUBLE_NINE_SET
from doublenine.shared.views import view_for

from .conftest import connect, create, four_at_play, join, settle, spectate


def frozen(table) -> tuple:
    return (len(table.log.events), table.seq, table.state)


async def refused(client, fields, code: str, raw: bool = False) -> p.Error:
    if raw:
        await client.send_raw(fields)
    else:
        await client.send(fields)
    err = await client.until(lambda m: isinstance(m, p.Error))
    assert err.code == code, err
    return err


@pytest.fixture
async def at_play(server):
    clients, table = await four_at_play(server, seed=13, leads=1)
    return clients, table


def _on_turn(clients, table):
    return clients[table.state.hand.turn - 1]


async def test_r15_d4_play_out_of_turn_is_not_your_turn(at_play) -> None:
    clients, table = at_play
    before = frozen(table)
    other = next(c for c in clients if c.seat != table.state.hand.turn)
    tile = sorted(other.view.hand)[0]
    await refused(other, p.PlayTile(tile=(tile.low, tile.high), end="left", expected_seq=other.seq),
                  "NOT_YOUR_TURN")
    assert frozen(table) == before


async def test_r15_tile_not_held(at_play) -> None:
    clients, table = at_play
    before = frozen(table)
    c = _on_turn(clients, table)
    held = {t for t in c.view.hand} | {x.tile for x in c.view.line}
    tile = next(t for t in DOUBLE_NINE_SET if t not in held)
    err = await refused(c, p.PlayTile(tile=(tile.high, tile.low), end="left", expected_seq=c.seq,
                                      intent_id="x1"), "TILE_NOT_HELD")
    assert err.intent_id == "x1"
    assert frozen(table) == before


async def test_r15_end_that_does_not_match(at_play) -> None:
    clients, table = at_play
    before = frozen(table)
    c = _on_turn(clients, table)
    left = c.view.ends[0]
    tile = next(t for t in sorted(c.view.hand) if not t.has(left))
    await refused(c, p.PlayTile(tile=(tile.low, tile.high), end="left", expected_seq=c.seq),
                  "TILE_DOES_NOT_FIT")
    assert frozen(table) == before


async def test_d4_pass_while_able_to_play_is_must_play(server) -> None:
    for seed in range(13, 40):
        clients, table = await four_at_play(server, seed=seed, leads=1)
        c = _on_turn(clients, table)
        if isinstance(c.view.legal_decisions()[0], Play):
            break
    before = frozen(table)
    await refused(c, p.PassTurn(expected_seq=c.seq), "MUST_PLAY")
    assert frozen(table) == before


async def test_unknown_table_seat_taken_table_full_and_bad_token(server) -> None:
    host = await create(server, "hhcc", sit=1)
    table = server.registry.tables[host.code]
    before = frozen(table)
    c = await connect(server)
    await refused(c, {"type": "join", "code": "ZZZZZ9", "name": "X"}, "UNKNOWN_TABLE")
    await refused(c, {"type": "join", "code": host.code, "seat": 1, "name": "X"}, "SEAT_TAKEN")
    await refused(c, {"type": "join", "code": host.code, "seat": 3, "name": "X"}, "SEAT_TAKEN")
    await refused(c, {"type": "rejoin", "code": host.code, "token": "not-a-token"}, "BAD_TOKEN")
    await c.attach({"type": "join", "code": host.code.lower(), "name": "Bo"})  # codes: any case
    assert c.seat == 2
    d = await connect(server)
    await refused(d, {"type": "join", "code": host.code, "name": "X"}, "TABLE_FULL")
    assert frozen(table) == before


async def test_d8_spectator_cannot_act(at_play, server) -> None:
    clients, table = at_play
    watcher = await spectate(server, table.code)
    before = frozen(table)
    await refused(watcher, p.PassTurn(expected_seq=watcher.seq), "SPECTATOR_CANNOT_ACT")
    await refused(watcher, p.Undo(expected_seq=watcher.seq), "SPECTATOR_CANNOT_ACT")
    await refused(watcher, p.AskHint(expected_seq=watcher.seq), "SPECTATOR_CANNOT_ACT")
    assert frozen(table) == before


@pytest.mark.parametrize("frame, code", [
    (b"\xc1\xc1", "MALFORMED_FRAME"),
    (msgpack.packb([1, 2, 3]), "MALFORMED_FRAME"),
    ("a text frame", "MALFORMED_FRAME"),
    (msgpack.packb({"type": "fly", "to": "moon"}), "UNKNOWN_MESSAGE"),
    (msgpack.packb({"no": "type"}), "UNKNOWN_MESSAGE"),
    (msgpack.packb({"type": "play", "tile": [3, "5"], "end": "left", "expected_seq": 1}), "WRONG_TYPES"),
    (msgpack.packb({"type": "play", "tile": [3, 5], "end": "up", "expected_seq": 1}), "WRONG_TYPES"),
    (msgpack.packb({"type": "pass", "expected_seq": 1, "extra": 1}), "WRONG_TYPES"),
    (msgpack.packb({"type": "pass"}), "WRONG_TYPES"),
    (msgpack.packb({"type": "draw", "position": 99, "expected_seq": 0}), "WRONG_TYPES"),
])
async def test_bad_frames_get_their_code_and_the_match_carries_on(at_play, frame, code) -> None:
    clients, table = at_play
    before = frozen(table)
    c = _on_turn(clients, table)
    await refused(c, frame, code, raw=True)
    assert frozen(table) == before
    assert c.view == view_for(table.state, c.seat)
    await c.intent(c.view.legal_decisions()[0])  # the connection still plays
    await c.until(lambda m: isinstance(m, p.Update))
    assert table.seq == before[1] + 1


async def test_frame_above_max_size_closes_only_that_connection_1009(at_play, server) -> None:
    clients, table = at_play
    before = frozen(table)
    c = _on_turn(clients, table)
    await c.send_raw(b"\x00" * (server.config.max_size + 1))
    with pytest.raises(ConnectionClosed) as info:
        await c.until(lambda m: False, timeout=5)
    assert info.value.rcvd is not None and info.value.rcvd.code == 1009
    assert frozen(table) == before
    back = await connect(server)
    await back.attach({"type": "rejoin", "code": table.code, "token": c.token})
    assert back.view == view_for(table.state, back.seat)
    await back.intent(back.view.legal_decisions()[0])
    await back.until(lambda m: isinstance(m, p.Update))


async def test_stale_and_duplicate_intents(at_play) -> None:
    clients, table = at_play
    c = _on_turn(clients, table)
    move = c.view.legal_decisions()[0]
    await c.intent(move)  # intent id i<n>
    await c.until(lambda m: isinstance(m, p.Update))
    await settle(clients, table)
    before = frozen(table)
    err = await refused(c, p.PassTurn(expected_seq=c.seq - 1), "STALE")
    assert err.data == {"seq": table.seq}
    nxt = _on_turn(clients, table)
    fields = p.CLIENT_ADAPTER.validate_python(
        {**_intent_fields(nxt.view.legal_decisions()[0]), "expected_seq": nxt.seq, "intent_id": "dbl"})
    await nxt.send(fields)
    await nxt.send(fields)  # a double click: same id
    await nxt.until(lambda m: isinstance(m, p.Update))
    err = await nxt.until(lambda m: isinstance(m, p.Error))
    assert err.code == "DUPLICATE" and err.intent_id == "dbl"
    assert table.seq == before[1] + 1 and err.data == {"seq": table.seq}


def _intent_fields(decision) -> dict:
    if isinstance(decision, Pass):
        return {"type": "pass"}
    return {"type": "play", "tile": (decision.tile.low, decision.tile.high), "end": decision.end.value}


async def test_handshake_required_and_protocol_version(server) -> None:
    from doublenine.server.netbot import TableClient
    from websockets.asyncio.client import connect as ws_connect

    ws = await ws_connect(server.url)
    c = TableClient(ws)
    await c.send({"type": "spectate", "code": "ABCDE"})
    assert (await c.next()).code == "HANDSHAKE_REQUIRED"
    await c.send({"type": "hello", "protocol_version": 99})
    err = await c.next()
    assert err.code == "PROTOCOL_VERSION" and err.data == {"server": p.PROTOCOL_VERSION, "client": 99}
    with pytest.raises(ConnectionClosed) as info:
        await c.next()
    assert info.value.rcvd.code == 4001


async def test_not_at_table_not_started_already_at_table(server) -> None:
    c = await connect(server)
    await refused(c, p.PassTurn(expected_seq=0), "NOT_AT_TABLE")
    host = await create(server, "hhhh", sit=1)
    await refused(host, p.DrawTile(position=3, expected_seq=host.seq), "NOT_STARTED")
    await refused(host, {"type": "spectate", "code": host.code}, "ALREADY_AT_TABLE")
    await refused(c, {"type": "create_table", "seats": [{"kind": "computer"}] * 4, "sit": 1},
                  "BAD_TABLE")
    await host.send({"type": "start"})
    await host.until(lambda m: isinstance(m, p.TableUpdate) and m.table.started)
    assert [(s.kind, s.computer_plays) for s in host.table.seats] == \
        [("human", False)] + [("human", True)] * 3  # club s14 F17: free for a person, the computer plays them
    await refused(host, {"type": "start"}, "ALREADY_STARTED")


async def test_engine_refusals_pass_through_with_their_rule_codes(at_play) -> None:
    clients, table = at_play
    before = frozen(table)
    c = _on_turn(clients, table)
    await refused(c, p.NominateOpener(opener=1, expected_seq=c.seq), "WRONG_PHASE")
    await refused(c, p.ReviewHand(demand_redeal=True, expected_seq=c.seq), "WRONG_PHASE")
    await refused(c, p.DrawTile(position=0, expected_seq=c.seq), "WRONG_PHASE")
    await refused(c, p.Redo(expected_seq=c.seq), "NOTHING_TO_REDO")
    assert frozen(table) == before


async def test_a_failing_store_refuses_the_move_and_nothing_is_played(at_play) -> None:
    clients, table = at_play
    before = frozen(table)
    c = _on_turn(clients, table)
    real = table.store.append
    calls = []

    async def broken(code, rows, epoch=None):
        calls.append(code)
        raise OSError("disk full")

    table.store.append = broken
    await refused(c, p.CLIENT_ADAPTER.validate_python(
        {"type": "pass", "expected_seq": c.seq} if isinstance(c.view.legal_decisions()[0], Pass)
        else {"type": "play", "tile": (c.view.legal_decisions()[0].tile.low, c.view.legal_decisions()[0].tile.high),
              "end": c.view.legal_decisions()[0].end.value, "expected_seq": c.seq}), "INTERNAL")
    assert calls and frozen(table) == before  # nobody heard of it, the log took it back
    table.store.append = real
    await c.intent(c.view.legal_decisions()[0])
    await c.until(lambda m: isinstance(m, p.Update))
    assert table.seq == before[1] + 1


async def test_frame_errors_and_rate_limits_echo_the_intent_id_they_dropped(make_server) -> None:
    server = await make_server(rate=0.001, burst=4.0)
    host = await create(server, "hhcc", sit=1)  # hello and create_table used 2 of the 4
    await host.send_raw(msgpack.packb({"type": "play", "tile": [3, "5"], "end": "left", "expected_seq": 0,
                                       "intent_id": "bad-1"}))
    err = await host.until(lambda m: isinstance(m, p.Error))
    assert (err.code, err.intent_id) == ("WRONG_TYPES", "bad-1")
    await host.send_raw(msgpack.packb({"type": "pass", "expected_seq": 0, "intent_id": "x" * 65}))
    err = await host.until(lambda m: isinstance(m, p.Error))
    assert (err.code, err.intent_id) == ("WRONG_TYPES", None)  # not a valid id: nothing to echo
    await host.send({"type": "pass", "expected_seq": 0, "intent_id": "late-1"})
    err = await host.until(lambda m: isinstance(m, p.Error))
    assert (err.code, err.intent_id) == ("RATE_LIMITED", "late-1")
