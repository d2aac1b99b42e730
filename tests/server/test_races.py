"""Cases from real reports against other game servers (issue 3 must-show)."""
from __future__ import annotations

import asyncio
import random
import threading

import msgpack

from doublenine.server.computer import Brain, random_legal
from doublenine.shared import protocol as p
from doublenine.shared.convert import intent_for
from doublenine.shared.events import replay
from doublenine.shared.state import Phase
from doublenine.shared.views import view_for

from .conftest import connect, create, join, play_all, quiesce, settle, spectate


def public_frames(client, after: int = -1) -> list:
    """The public part of every update after seq ``after``: what all connections share, in order."""
    out = []
    for frame in client.frames:
        raw = msgpack.unpackb(frame)
        if raw["type"] == "update" and raw["seq"] > after:
            patch = {k: v for k, v in (raw.get("patch") or {}).items() if k not in ("hand", "answered")}
            if raw.get("move") or patch or not raw.get("patch"):  # not a private-only update
                out.append((raw["seq"], raw.get("move"), patch))
    return out


def first_seq(client) -> int:
    return next(m.seq for m in map(p.decode_server, client.frames) if isinstance(m, p.Snapshot))


async def test_intent_sent_twice_is_applied_once(server) -> None:
    host = await create(server, "hccc", sit=1, seed=17)
    table = server.registry.tables[host.code]
    await asyncio.wait_for(play_all([host], stop=lambda c: c.view.phase is Phase.PLAY
                                    and c.view.turn == 1), 30)
    await settle([host], table)
    moves = len(table.state.hand.moves)
    intent = intent_for(host.view.legal_decisions()[0], host.seq, "dup-1")
    await host.send(intent)
    await host.send(intent)  # a double click
    await host.until(lambda m: isinstance(m, p.Error))
    assert host.errors[-1].code == "DUPLICATE" and host.errors[-1].intent_id == "dup-1"
    token = host.token
    await host.close()  # resent after a reconnect, before its answer arrived
    back = await connect(server)
    await back.attach({"type": "rejoin", "code": table.code, "token": token})
    await back.send(intent)
    err = await back.until(lambda m: isinstance(m, p.Error))
    assert err.code == "DUPLICATE"
    plays_by_1 = [m for m in table.state.hand.moves[moves:] if m.seat == 1]
    assert len(plays_by_1) == 1


async def test_human_play_or_undo_racing_computer_moves_is_serialized(server) -> None:
    host = await create(server, "hccc", sit=1, seed=23)
    watchers = [await spectate(server, host.code) for _ in range(2)]
    table = server.registry.tables[host.code]
    rng = random.Random(1)
    races = 0
    while races < 25 and table.state.phase is not Phase.MATCH_OVER:
        await settle([host], table)
        options = host.my_decisions()
        if not options:
            await host.next()
            continue
        await host.intent(rng.choice(options))
        if host.view.phase is not Phase.PLAY:
            await host.until(lambda m: isinstance(m, (p.Update, p.Error)))
        else:
            # fire an undo at the seq we would have after our move, racing the computers
            await host.send({"type": "undo", "expected_seq": host.seq + 1})
            races += 1
    everyone = [host, *watchers]
    await quiesce(everyone, table, humans={1})
    assert replay(table.log.events) == table.state
    start = max(first_seq(c) for c in everyone)
    shared = [public_frames(c, start) for c in everyone]
    assert len(shared[0]) >= races
    assert shared[0] == shared[1] == shared[2]  # every connection saw the same order
    assert host.view == view_for(table.state, 1)
    assert all(w.view == view_for(table.state, None) for w in watchers)
    assert {e.code for e in host.errors} <= {"STALE", "NOTHING_TO_UNDO", "NOT_YOUR_TURN", "WRONG_PHASE"}


async def test_a_slow_spectator_does_not_delay_or_reorder_the_players(make_server) -> None:
    server = await make_server()
    host = await create(server, "hhhh", sit=1, seed=31)
    others = [await join(server, host.code, seat=s) for s in (2, 3, 4)]
    slow = await spectate(server, host.code)
    table = server.registry.tables[host.code]
    conn = next(c for c, seat in table.subscribers.items() if seat is None)
    gate = asyncio.Event()
    real_send = conn.ws.send

    async def stuck_send(frame):  # this reader takes nothing until the players are done
        await gate.wait()
        await real_send(frame)

    conn.ws.send = stuck_send
    conn.ws.pause_writing()  # its socket is full too, so no frame goes out past the queue
    players = [host, *others]
    await asyncio.wait_for(play_all(players, stop=lambda c: len(c.view.finished) >= 2, seed=3), 30)
    assert len(conn._queue) > 20  # the spectator's frames wait in its own queue
    conn.ws.resume_writing()
    gate.set()
    await quiesce([slow, *players], table, humans={1, 2, 3, 4})
    assert slow.view == view_for(table.state, None)
    start = max(first_seq(slow), first_seq(host))
    assert public_frames(slow, start) == public_frames(host, start)


async def test_a_reader_too_slow_is_disconnected_1013_and_the_match_goes_on(make_server) -> None:
    server = await make_server(max_queue=10)
    host = await create(server, "hccc", sit=1, seed=32)
    slow = await spectate(server, host.code)
    table = server.registry.tables[host.code]
    conn = next(c for c, seat in table.subscribers.items() if seat is None)
    never = asyncio.Event()

    async def stuck_send(frame):
        await never.wait()

    conn.ws.send = stuck_send
    conn.ws.pause_writing()  # its socket is full too, so no frame goes out past the queue
    await asyncio.wait_for(play_all([host], stop=lambda c: len(c.view.finished) >= 1), 30)
    assert conn.closed and conn._close_with[0] == 1013
    never.set()


async def test_a_computer_thinking_hard_never_stalls_other_tables(make_server) -> None:
    release = threading.Event()
    thinking = threading.Event()

    def decide(view, level, rng):
        if level == "heaviest":  # table A's computers think "forever"
            thinking.set()
            assert release.wait(30), "never released"
        return random_legal(view, level, rng)

    server = await make_server(brain=Brain(None, decide=decide))
    slow_host = await server_table(server, "heaviest")
    for _ in range(500):
        if thinking.is_set():
            break
        await asyncio.sleep(0.01)
    assert thinking.is_set()
    host = await create(server, "hhhh", sit=1, seed=8)
    others = [await join(server, host.code, seat=s) for s in (2, 3, 4)]
    pong = await host.ws.ping()
    await asyncio.wait_for(pong, 5)  # pings flow
    await asyncio.wait_for(play_all([host, *others], stop=lambda c: len(c.view.finished) >= 1), 30)
    assert not release.is_set()  # table B finished a hand while table A's computer was still thinking
    release.set()
    await slow_host.close()


async def server_table(server, level: str):
    c = await connect(server)
    return await c.attach({"type": "create_table", "sit": None, "seed": 1,
                           "seats": [{"kind": "computer", "level": level}] * 4})


async def test_r26_d2_computers_wait_while_a_human_has_the_rules_open(server) -> None:
    host = await create(server, "hhcc", sit=1, seed=6)
    guest = await join(server, host.code, seat=2)
    table = server.registry.tables[host.code]
    await guest.send({"type": "panel", "open": True})
    await host.until(lambda m: isinstance(m, p.TableUpdate) and m.table.paused)
    assert host.table.panels == (2,)
    await asyncio.wait_for(play_all([host, guest], stop=lambda c: c.view.phase is Phase.REVIEW
                                    and c.view.answered), 30)
    await settle([host, guest], table)
    await asyncio.sleep(0.1)
    assert table.state.answered == {1, 2}  # seats 3 and 4 (computers) wait (R26, D2)
    await guest.send({"type": "panel", "open": False})
    await host.until(lambda m: isinstance(m, p.Update) and host.view.phase is Phase.PLAY)
    assert table.state.phase is Phase.PLAY


async def test_r25_hint_goes_to_the_asking_seat_only(server) -> None:
    host = await create(server, "hhcc", sit=1, seed=10)
    guest = await join(server, host.code, seat=2)
    table = server.registry.tables[host.code]
    await asyncio.wait_for(play_all([host, guest], stop=lambda c: c.view.phase is Phase.PLAY), 30)
    for _ in range(500):  # the computers (seats 3, 4) play on until a human's turn
        if table.state.phase is Phase.PLAY and table.state.hand.turn in (1, 2):
            break
        await asyncio.sleep(0.01)
    await settle([host, guest], table)
    asker = host if table.state.hand.turn == 1 else guest
    other = guest if asker is host else host
    seq = table.seq
    await asker.send({"type": "hint", "expected_seq": asker.seq})
    hint = await asker.until(lambda m: isinstance(m, p.HintReply))
    assert hint.seq == seq and table.seq == seq  # a preview: nothing was played (R25)
    assert hint.decision.seat == asker.seat
    assert hint.decision.kind in ("play", "pass")
    await other.send({"type": "resync"})
    await other.until(lambda m: isinstance(m, p.Snapshot))
    assert not any(isinstance(p.decode_server(f), p.HintReply) for f in other.frames)


async def test_r3_both_drawers_pick_at_once_and_neither_is_refused_as_stale(server) -> None:
    host = await create(server, "hhcc", sit=1, seed=5)
    guest = await join(server, host.code, seat=2)  # every human seat taken: the match starts

    def drawing(c):
        return c.view is not None and c.table.started and c.view.phase is Phase.DRAW

    for c in (host, guest):
        if not drawing(c):
            await c.until(lambda m, c=c: drawing(c))
    assert host.seq == guest.seq
    seq = host.seq
    await asyncio.gather(host.send(p.DrawTile(position=4, expected_seq=seq)),
                         guest.send(p.DrawTile(position=9, expected_seq=seq)))
    await host.until(lambda m: len(host.view.draws) == 1)
    table = server.registry.tables[host.code]
    assert [e.code for e in host.errors + guest.errors] == []
    assert len(table.state.draws) == 1
