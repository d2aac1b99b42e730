"""Attacker s12 E1: what a hosted server exposes and where it listens.

Hosting listened on 0.0.0.0 only while README documents IPv6 invites (``doublenine://[fd00::5]:8765/KQ7PA``):
an IPv6 invite to a hosted table was refused. Now it listens on ``::`` with IPv4 accepted too (dual stack)
where the system allows it. And ``/healthz`` gave any stranger the host's counts
(``{"status": "ok", "tables": 3, "connections": 5}``); the counts are for loopback, as ``/metrics``.
"""
from __future__ import annotations

import asyncio
import json
import socket
from collections.abc import Iterator

import pytest

from doublenine.cli import installed_version
from doublenine.client.hosting import Hosting, all_interfaces
from doublenine.server.netbot import TableClient


def _dual_stack() -> bool:
    try:
        with socket.socket(socket.AF_INET6, socket.SOCK_STREAM) as s:
            s.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
            s.bind(("::1", 0))
    except OSError:
        return False
    return True


needs_ipv6 = pytest.mark.skipif(not _dual_stack(), reason="no IPv6 loopback here")


@pytest.fixture
def hosting() -> Iterator[Hosting]:
    host = Hosting(":memory:", port=0, announce=False, bot_delay=0.0, addresses=["127.0.0.1"]).start()
    yield host
    host.stop()


@needs_ipv6
async def test_e1_a_hosted_table_is_reached_by_ipv6_and_ipv4(hosting: Hosting) -> None:
    assert all_interfaces() == "::" and hosting.bind == "::"
    assert [s.getsockname()[0] for s in hosting.embedded.server.server.sockets] == ["::"]
    me = await TableClient.connect(f"ws://[::1]:{hosting.port}/")  # an IPv6 invite's way in
    seats = [{"kind": k, "level": "easy"} for k in ("human", "human", "computer", "computer")]
    await me.attach({"type": "create_table", "seats": seats, "sit": 1, "name": "Hostie"})
    friend = await TableClient.connect(hosting.local_url)  # ws://127.0.0.1:PORT/: IPv4 still served
    await friend.attach({"type": "join", "code": me.code, "name": "Friend"})
    assert friend.seat == 2
    await friend.close()
    await me.close()


async def _health(host: str, port: int) -> dict:
    reader, writer = await asyncio.open_connection(host, port)
    writer.write(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
    await writer.drain()
    head = await reader.readuntil(b"\r\n\r\n")
    length = int(next(line.split(b":")[1] for line in head.split(b"\r\n") if line.lower().startswith(b"content-length")))
    body = json.loads(await reader.readexactly(length))
    writer.close()
    return body


def _lan_address() -> str | None:
    from doublenine.server.announce import machine_addresses
    return next((a for a in machine_addresses() if ":" not in a), None)


async def test_e1_healthz_counts_are_for_this_machine_only(hosting: Hosting) -> None:
    assert await _health("127.0.0.1", hosting.port) == {"status": "ok", "tables": 0, "connections": 0,
                                                                    "version": installed_version()}
    lan = _lan_address()
    if lan is None:
        pytest.skip("no LAN address here")
    assert await _health(lan, hosting.port) == {"status": "ok"}  # was: the host's table and connection counts
