"""Attacker s9: ``serve --host ::`` listened on IPv6 only (asyncio sets IPV6_V6ONLY), while --help
said ":: to accept other machines", so IPv4 friends could not join. ``::`` now takes both."""
from __future__ import annotations

import socket

import pytest
from websockets.asyncio.client import connect

from doublenine.server.app import dual_stack_socket


def _ipv6_loopback() -> bool:
    if not socket.has_ipv6:
        return False
    try:
        with socket.socket(socket.AF_INET6, socket.SOCK_STREAM) as s:
            s.bind(("::1", 0))
    except OSError:
        return False
    probe = dual_stack_socket(0)
    if probe is None:
        return False
    probe.close()
    return True


@pytest.mark.skipif(not _ipv6_loopback(), reason="no IPv6 (or no dual-stack sockets) on this machine")
async def test_s9_host_double_colon_accepts_ipv4_and_ipv6(make_server) -> None:
    server = await make_server(host="::", port=0)
    peers = []
    for host in ("127.0.0.1", "[::1]"):  # both families connect (the handshake is answered)
        async with connect(f"ws://{host}:{server.port}/") as ws:
            peers.append(ws.local_address[0])
    assert peers == ["127.0.0.1", "::1"]  # both families were accepted
    assert [s.family for s in server.server.sockets] == [socket.AF_INET6]
