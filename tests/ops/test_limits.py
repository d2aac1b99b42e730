"""Issue 7 item 2: each limit answers with a clear error and logs one ``limit`` line.

Real servers on 127.0.0.1 port 0 (in this process), real websocket clients.
"""
from __future__ import annotations

import asyncio
import logging
import urllib.request
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from doublenine.server.addresses import creator_key
from doublenine.server.app import GameServer
from doublenine.server.config import ServerConfig
from doublenine.server.netbot import ServerRefused, TableClient
from doublenine.shared import protocol as p

HUMANS = [{"kind": "human"}] * 4


@pytest.fixture
async def make_server() -> AsyncIterator[Callable[..., Any]]:
    started: list[GameServer] = []

    async def make(**overrides: Any) -> GameServer:
        base: dict[str, Any] = dict(host="127.0.0.1", port=0, bot_delay=0.0, db=":memory:")
        server = await GameServer(ServerConfig(**{**base, **overrides})).start()
        started.append(server)
        return server

    yield make
    for s in started:
        if not s.stopping:
            await s.stop()


def limit_lines(caplog: pytest.LogCaptureFixture, name: str) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.getMessage() == "limit" and r.dn_fields["limit"] == name]


def metric(server: GameServer, line_start: str) -> str:
    text = server.registry.metrics.render().decode()
    return next(line for line in text.splitlines() if line.startswith(line_start))


async def test_rate_limit_refuses_with_rate_limited_and_logs(make_server: Any, caplog: Any) -> None:
    server = await make_server(rate=1.0, burst=3.0)
    c = await TableClient.connect(server.url)  # hello: 1 of the burst of 3
    caplog.set_level(logging.INFO, "doublenine")
    for _ in range(4):
        await c.send({"type": "resync"})
    errors = [await c.next() for _ in range(4)]
    codes = [e.code for e in errors]
    assert codes == ["NOT_AT_TABLE", "NOT_AT_TABLE", "RATE_LIMITED", "RATE_LIMITED"]
    assert errors[2].detail == "more than 1 messages per second"
    lines = limit_lines(caplog, "rate")
    assert len(lines) == 1  # logged once a second at most, counted every time
    assert lines[0].dn_fields["code"] == "RATE_LIMITED" and lines[0].dn_fields["peer"] == "127.0.0.1"
    assert metric(server, 'doublenine_limits_total{limit="rate"}') == 'doublenine_limits_total{limit="rate"} 2.0'
    await c.close()


async def test_max_tables_per_address_refuses_with_too_many_tables(make_server: Any, caplog: Any) -> None:
    server = await make_server(max_tables_per_address=2)
    caplog.set_level(logging.INFO, "doublenine")
    made = [await (await TableClient.connect(server.url)).attach({"type": "create_table", "seats": HUMANS,
                                                                   "sit": 1}) for _ in range(2)]
    third = await TableClient.connect(server.url)
    with pytest.raises(ServerRefused) as refused:
        await third.attach({"type": "create_table", "seats": HUMANS, "sit": 1})
    assert refused.value.error.code == "TOO_MANY_TABLES"
    assert refused.value.error.detail == "127.0.0.1 has 2 open tables"
    assert len(server.registry.tables) == 2
    line = limit_lines(caplog, "tables_per_address")[0]
    assert line.dn_fields["type"] == "create_table" and line.levelno == logging.WARNING
    for c in [*made, third]:
        await c.close()


async def test_a_create_counts_its_address_tables_once_in_the_store_atomic_step(make_server: Any,
                                                                                monkeypatch: Any) -> None:
    """A create counted the address's open tables twice (an early read, then the store's count
    with the insert, the one that holds against concurrent creates): one count now, the
    refusal unchanged."""
    server = await make_server(max_tables_per_address=2)
    store = server.registry.store.inner  # the MemoryStore behind the metering
    counted: list[str] = []
    count = store._count
    monkeypatch.setattr(store, "_count", lambda creator: counted.append(creator) or count(creator))
    made = [await (await TableClient.connect(server.url)).attach({"type": "create_table", "seats": HUMANS,
                                                                   "sit": 1}) for _ in range(2)]
    third = await TableClient.connect(server.url)
    with pytest.raises(ServerRefused) as refused:
        await third.attach({"type": "create_table", "seats": HUMANS, "sit": 1})
    assert (refused.value.error.code, refused.value.error.detail) == ("TOO_MANY_TABLES", "127.0.0.1 has 2 open tables")
    assert counted == [creator_key("127.0.0.1")] * 3  # one count per create
    for c in [*made, third]:
        await c.close()


async def test_max_tables_counts_the_forwarded_address_behind_a_proxy(make_server: Any) -> None:
    server = await make_server(max_tables_per_address=1, trust_proxy=True)
    for n, addr in enumerate(("203.0.113.9", "198.51.100.7")):
        c = await TableClient.connect(server.url, additional_headers={"X-Forwarded-For": f"10.9.9.9, {addr}"})
        await c.attach({"type": "create_table", "seats": HUMANS, "sit": 1})
        await c.close()
    counts = [await server.registry.store.count_open(creator_key(a)) for a in ("203.0.113.9", "198.51.100.7", "10.9.9.9")]
    assert counts == [1, 1, 0]  # the client's address, never the proxy's


async def test_frame_over_the_limit_closes_1009_and_logs(make_server: Any, caplog: Any) -> None:
    server = await make_server(max_size=1024)
    caplog.set_level(logging.INFO, "doublenine")
    c = await TableClient.connect(server.url)
    await c.send_raw(b"\x80" * 2000)
    with pytest.raises(ConnectionClosed) as closed:
        await c.next()
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
    for _ in range(50):
        if limit_lines(caplog, "frame_size"):
            break
        await asyncio.sleep(0.02)
    assert limit_lines(caplog, "frame_size")[0].dn_fields["code"] == 1009


async def test_connection_without_a_table_is_closed_1008_when_idle(make_server: Any, caplog: Any) -> None:
    server = await make_server(connection_idle=0.2)
    caplog.set_level(logging.INFO, "doublenine")
    async with connect(server.url, compression=None) as ws:  # not even a hello
        with pytest.raises(ConnectionClosed) as closed:
            await asyncio.wait_for(ws.recv(), 10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
    assert closed.value.rcvd.reason == "idle: no table joined within 0.2 s"
    assert limit_lines(caplog, "idle")[0].dn_fields["peer"] == "127.0.0.1"


async def test_a_seated_player_is_never_idle_timed_out(make_server: Any) -> None:
    server = await make_server(connection_idle=0.2)
    c = await TableClient.connect(server.url)
    await c.attach({"type": "create_table", "seats": HUMANS, "sit": 1})
    await asyncio.sleep(0.6)  # R29: no timers once at a table
    await c.send({"type": "resync"})
    assert isinstance(await c.until(lambda m: isinstance(m, p.Snapshot)), p.Snapshot)
    await c.close()


async def test_metrics_endpoint_serves_prometheus_text(make_server: Any) -> None:
    server = await make_server()
    c = await TableClient.connect(server.url)
    await c.attach({"type": "create_table", "seats": HUMANS, "sit": 1})

    def fetch() -> tuple[str, str]:
        with urllib.request.urlopen(f"http://127.0.0.1:{server.port}/metrics", timeout=10) as r:  # noqa: S310
            return r.headers["Content-Type"], r.read().decode()

    ctype, text = await asyncio.to_thread(fetch)
    assert ctype == "text/plain; version=0.0.4; charset=utf-8"
    lines = text.splitlines()
    assert "doublenine_connections 1.0" in lines and "doublenine_tables 1.0" in lines
    assert "doublenine_tables_created_total 1.0" in lines
    await c.close()


async def test_metrics_count_moves_of_people_and_computers_and_time_the_store(make_server: Any) -> None:
    import random

    from doublenine.server.computer import _fallback
    from doublenine.server.netbot import play_seat
    from doublenine.shared.state import Phase

    server = await make_server()
    c = await TableClient.connect(server.url)
    await c.attach({"type": "create_table", "sit": 1, "seed": 4,
                    "seats": [{"kind": "human"}] + [{"kind": "computer", "level": "easy"}] * 3})
    await play_seat(c, lambda v, r: _fallback(v, "easy", r), random.Random(1),
                    stop=lambda cl: cl.view.phase is Phase.PLAY and len(cl.view.moves) >= 5)
    table = server.registry.tables[str(c.code)]
    for _ in range(500):  # the computers play on until seat 1's turn; then nothing is in flight
        if table._bot is None and table.state.hand.turn == 1:
            break
        await asyncio.sleep(0.01)
    values = {}
    for line in server.registry.metrics.render().decode().splitlines():
        if not line.startswith("#"):
            name, value = line.rsplit(" ", 1)
            values[name] = float(value)
    assert values['doublenine_moves_total{kind="play"}'] + values.get('doublenine_moves_total{kind="pass"}', 0) >= 5
    moves = sum(v for k, v in values.items() if k.startswith("doublenine_moves_total"))
    assert moves == sum(1 for e in table.log.events if type(e.body).__name__ == "Decided")
    assert values["doublenine_computer_seconds_count"] >= 3
    assert values["doublenine_store_append_seconds_count"] >= moves
    assert values["doublenine_decision_seconds_count"] >= 1
    await c.close()
