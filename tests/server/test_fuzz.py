"""Issue 3: random and malformed frames sent to a live server in mid-match (hypothesis).

The server answers each with an error (or, for a frame above the size limit or a
hello of another version, closes only that connection), and the other seats
finish the hand.
"""
from __future__ import annotations

import asyncio
from typing import Any

import msgpack
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.asyncio.client import connect as ws_connect
from websockets.exceptions import ConnectionClosed

from doublenine.server.app import GameServer
from doublenine.server.netbot import ServerRefused
from doublenine.shared import protocol as p

from .conftest import config, connect, four_at_play, play_all

TYPES = ["hello", "create_table", "join", "rejoin", "spectate", "leave", "resync", "start", "panel",
         "draw", "nominate", "review", "play", "pass", "hint", "undo", "redo", "restart",
         "new_match", "hand_over", "consent", "cancel_request", "welcome", "snapshot", "bogus"]

scalars = st.one_of(st.none(), st.booleans(), st.integers(-2**63, 2**64 - 1), st.floats(allow_nan=True),
                    st.text(max_size=12), st.binary(max_size=12))
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=6), st.dictionaries(st.text(max_size=10), inner, max_size=6)), max_leaves=25)
shaped = st.builds(lambda t, extra: msgpack.packb({"type": t, **extra}),
                   st.sampled_from(TYPES),
                   st.dictionaries(st.sampled_from(["tile", "end", "expected_seq", "intent_id", "seat",
                                                    "code", "token", "position", "opener", "open",
                                                    "request_id", "accept", "seats", "name", "x"]),
                                   values, max_size=5))
frames = st.one_of(
    st.binary(max_size=300),
    values.map(lambda v: msgpack.packb(v)),
    shaped,
    st.integers(1, 120_000).map(lambda n: msgpack.packb([0] * n)),          # huge lists
    st.integers(1, 3000).map(lambda d: b"\x91" * d + b"\xc0"),               # deep nesting
    st.text(max_size=50),                                                    # text frames
)


async def _scenario(batch: list[Any]) -> None:
    server = await GameServer(config(idle_timeout=60.0)).start()
    try:
        clients, table = await four_at_play(server, seed=len(batch), leads=1)
        done_before = len(table.state.finished)
        token = clients[0].token
        await clients[0].close()
        ws = await ws_connect(server.url, max_size=None)
        await ws.send(p.encode(p.Hello(protocol_version=p.PROTOCOL_VERSION)))
        await ws.send(p.encode(p.Rejoin(code=table.code, token=token)))
        closed_code = None
        try:
            for frame in batch:
                await ws.send(frame)
            await ws.send(msgpack.packb({"type": "sentinel"}))
            while True:
                msg = p.decode_server(await asyncio.wait_for(ws.recv(), 10))  # valid messages only
                if isinstance(msg, p.Error) and msg.code == "UNKNOWN_MESSAGE" and "sentinel" in msg.detail:
                    break
        except ConnectionClosed as exc:
            closed_code = exc.rcvd.code if exc.rcvd else None
        assert closed_code in (None, 1009, 4001)
        await ws.close()
        for _ in range(500):  # until the server has run the attacker's cleanup
            if len(server.registry.connections) == 3:
                break
            await asyncio.sleep(0.01)
        others = clients[1:]
        if any(table.slots[s].claimed and table.slots[s].conn is None for s in table.slots):
            try:
                back = await connect(server)
                await back.attach({"type": "rejoin", "code": table.code, "token": token})
                others.append(back)
            except ServerRefused:  # the fuzzer left the seat: the computer plays it
                pass
        if table.request is not None:
            table.request = None  # a fuzzed undo request would wait for consent from bots' seats
            table.rearm()
        for c in others:
            await c.send({"type": "resync"})
            await c.until(lambda m: isinstance(m, p.Snapshot))
        await asyncio.wait_for(play_all(others, stop=lambda c: len(c.view.finished) > done_before
                                        or c.view.phase.value == "match_over"), 30)
        assert len(table.state.finished) > done_before
    finally:
        await server.stop()


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(frames, min_size=1, max_size=12))
def test_random_and_malformed_frames_mid_match(batch: list[Any]) -> None:
    asyncio.run(_scenario(batch))
