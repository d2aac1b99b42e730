"""Attacker s12 A2/A5: strangers' floods before and after the websocket upgrade, and what they write.

Half-open HTTP handshakes were bounded per address by nothing (the 64-connection cap counts upgraded
websockets): 2 x 9,500 of them held 8,621 descriptors of a hosting window. Now each address group has at
most ``max_handshakes_per_address`` under way (server/edge.Handshakes), in the hosted and the public
server alike (both are GameServer). And the ``limit`` warnings were one line per connection per second
reading just "limit" in a host's terminal (9,418 lines): now one line a minute per limit and site, the
next with ``repeats=N``, saying the limit, the site and why (connection.note_limit).
"""
from __future__ import annotations

import asyncio
import logging

from websockets.asyncio.client import connect as ws_connect

from doublenine.server import edge
from doublenine.server.config import ServerConfig
from doublenine.server.connection import note_limit
from doublenine.server.edge import Handshakes
from doublenine.server.logfmt import FIELDS_ATTR, Repeats


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def _limits(caplog) -> list[dict]:  # type: ignore[no-untyped-def]
    return [dict(getattr(r, FIELDS_ATTR)) for r in caplog.records if r.getMessage() == "limit"]


def test_a5_the_reported_flood_of_limit_lines_is_one_line_a_minute_per_limit_and_site(caplog) -> None:
    caplog.set_level(logging.WARNING, "doublenine")
    clock = Clock()
    repeats = Repeats(clock=clock)
    for i in range(9418):  # the host's terminal: 9,418 lines in the reported run
        clock.now = i * 0.005
        note_limit(repeats, "slow_reader", "192.0.2.101", "more than 1048576 bytes unread", code=1013)
    note_limit(repeats, "slow_reader", "192.0.2.109", "more than 1048576 bytes unread", code=1013)
    note_limit(repeats, "handshakes", "192.0.2.101", "64 connections of this address are opening already")
    clock.now = 60.0
    note_limit(repeats, "slow_reader", "192.0.2.101", "more than 1048576 bytes unread", code=1013)
    assert _limits(caplog) == [
        {"limit": "slow_reader", "site": "192.0.2.101", "code": 1013, "detail": "more than 1048576 bytes unread"},
        {"limit": "slow_reader", "site": "192.0.2.109", "code": 1013, "detail": "more than 1048576 bytes unread"},
        {"limit": "handshakes", "site": "192.0.2.101", "detail": "64 connections of this address are opening already"},
        {"limit": "slow_reader", "site": "192.0.2.101", "code": 1013, "detail": "more than 1048576 bytes unread",
         "repeats": 9417},
    ]


def test_ipv6_handshakes_count_by_64_and_limit_lines_say_the_64_they_count(caplog) -> None:
    caplog.set_level(logging.WARNING, "doublenine")
    gate = Handshakes(2, ServerConfig())
    assert gate.enter("2001:db8:1:2::7") == (True, "2001:db8:1:2::/64")
    assert gate.enter("2001:db8:1:2::8") == (True, "2001:db8:1:2::/64")
    assert gate.enter("2001:db8:1:2::9") == (False, None)  # the /64's two are under way
    assert gate.enter("2001:db8:1:3::9") == (True, "2001:db8:1:3::/64")
    repeats = Repeats(clock=Clock())
    note_limit(repeats, "handshakes", "2001:db8:1:2::/64", "full")
    note_limit(repeats, "handshakes", "2001:db8:1:3::/64", "full")  # the same site: held back
    # attacker s12 round 2 N1: the line said site=.../48 for a limit counting by /64
    assert _limits(caplog) == [{"limit": "handshakes", "site": "2001:db8:1:2::/64", "detail": "full"}]


def test_a2_handshakes_under_way_are_counted_per_address_group() -> None:
    refused: list[str] = []
    gate = Handshakes(64, ServerConfig(), refused.append)
    assert ServerConfig().max_handshakes_per_address == 64
    assert all(gate.enter("192.0.2.101") == (True, "192.0.2.101") for _ in range(64))
    assert gate.enter("192.0.2.101") == (False, None) and refused == ["192.0.2.101"]
    assert gate.enter("192.0.2.102") == (True, "192.0.2.102")  # another address is not held back
    gate.leave("192.0.2.101")
    assert gate.enter("192.0.2.101") == (True, "192.0.2.101")
    assert gate.enter("127.0.0.1") == (True, None)  # this machine is not counted
    behind = Handshakes(64, ServerConfig(trust_proxy=True, proxy_from=("10.0.0.0/8",)))
    assert all(behind.enter("10.0.0.5") == (True, None) for _ in range(100))  # the proxy: told apart later
    assert Handshakes(0, ServerConfig()).enter("192.0.2.101") == (True, None)  # 0: no limit


async def _half_open(port: int) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    r, w = await asyncio.open_connection("127.0.0.1", port)
    w.write(b"GET / HTTP/1.1\r\nHost: x\r\n")  # never finished
    await w.drain()
    return r, w


async def test_a2_a_server_closes_a_connection_beyond_the_cap_at_once(make_server, monkeypatch, caplog) -> None:
    caplog.set_level(logging.WARNING, "doublenine")
    monkeypatch.setattr(edge, "is_loopback", lambda address: False)  # loopback counted, as a LAN address is
    server = await make_server(max_handshakes_per_address=3)
    held = [await _half_open(server.port) for _ in range(3)]
    await asyncio.sleep(0.1)
    assert dict(server.handshakes.pending) == {"127.0.0.1": 3}
    r, w = await _half_open(server.port)
    assert await asyncio.wait_for(r.read(), 5) == b""  # closed without an answer
    w.close()
    for _, writer in held[:1]:
        writer.close()
    await asyncio.sleep(0.1)
    assert dict(server.handshakes.pending) == {"127.0.0.1": 2}
    async with ws_connect(server.url) as ws:  # a whole handshake goes through, then stops counting
        await ws.ping()
        assert dict(server.handshakes.pending) == {"127.0.0.1": 2}
    for _, writer in held[1:]:
        writer.close()
    await asyncio.sleep(0.1)
    assert dict(server.handshakes.pending) == {}
    assert [f["limit"] for f in _limits(caplog)] == ["handshakes"]
    assert server.registry.metrics.limits.labels(limit="handshakes")._value.get() == 1.0




def test_a5_a_window_process_says_the_limit_whole_once_not_the_bare_event() -> None:
    import subprocess
    import sys
    code = ("from doublenine.server.logfmt import window_logging, Repeats\n"
            "from doublenine.server.connection import note_limit\n"
            "print(window_logging(), window_logging())\n"
            "r = Repeats()\n"
            "for _ in range(9418):\n"
            "    note_limit(r, 'slow_reader', '192.0.2.101', 'more than 1048576 bytes unread', code=1013)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    lines = out.stderr.splitlines()
    assert out.stdout == "True False\n" and len(lines) == 1
    assert lines[0].split(" ", 1)[1] == \
        'WARNING limit limit=slow_reader site=192.0.2.101 code=1013 detail="more than 1048576 bytes unread"'
