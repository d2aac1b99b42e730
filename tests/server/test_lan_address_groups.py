"""Attacker s12 round 2 N1: a LAN's IPv6 peers are counted one address each, never by the /64 they share.

A hosted table listens on IPv6 (66cc51d); three "machines" of one LAN /64, fd00:a77::{1,22,66}: the stranger
fd00:a77::66 held 64 idle websockets (or 64 half-open handshakes), and the friend fd00:a77::22 was refused all 5
times (``1008 too many connections from this address``, ``fd00:a77::/64 has 64 open connections``), the log
saying ``site=fd00:a77::/48`` for a limit counting by /64. Kind: grouping addresses by a prefix that is right
for the internet (one provider line) but wrong on a LAN (every device). ULA, link-local and loopback peers
count by their own address (``/128``) on every server; on a hosted server (``lan_per_address``) also a global
address in the /64 of the host's address it reached; global addresses keep /64 (caps) and /48 (sites).
"""
from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest
from websockets.asyncio.client import connect as ws_connect

from doublenine.server.addresses import address_group, group_of, site_group
from doublenine.server.config import ServerConfig
from doublenine.server.connection import note_limit
from doublenine.server.edge import Handshakes
from doublenine.server.logfmt import FIELDS_ATTR, Repeats
from doublenine.server.netbot import TableClient

STRANGER, FRIEND = "fd00:a77::66", "fd00:a77::22"
"""The reported LAN: two machines of fd00:a77::/64."""

GROUPS = [
    ("fd00:a77::66", None, "fd00:a77::66/128", "fd00:a77::66/128"),
    ("fd00:a77::22", None, "fd00:a77::22/128", "fd00:a77::22/128"),
    ("fe80::5%eth0", None, "fe80::5/128", "fe80::5/128"),
    ("::1", None, "::1/128", "::1/128"),
    ("192.168.1.66", None, "192.168.1.66", "192.168.1.66"),
    ("::ffff:10.0.0.7", None, "10.0.0.7", "10.0.0.7"),
    ("2001:db8:1:2::7", None, "2001:db8:1:2::/64", "2001:db8:1::/48"),  # the internet: as before
    ("2001:db8:1:2::7", "2001:db8:1:2::1", "2001:db8:1:2::7/128", "2001:db8:1:2::7/128"),  # on the host's link
    ("2001:db8:1:3::7", "2001:db8:1:2::1", "2001:db8:1:3::/64", "2001:db8:1::/48"),  # another /64: not on it
]


@pytest.mark.parametrize(("address", "local", "group", "site"), GROUPS)
def test_groups_and_sites(address: str, local: str | None, group: str, site: str) -> None:
    assert address_group(address, local) == group
    assert site_group(group) == site


def test_the_host_s_link_is_asked_only_on_a_hosted_server_never_behind_a_proxy() -> None:
    assert group_of("2001:db8:1:2::7", "2001:db8:1:2::1", ServerConfig()) == "2001:db8:1:2::/64"
    assert group_of("2001:db8:1:2::7", "2001:db8:1:2::1", ServerConfig(lan_per_address=True)) == "2001:db8:1:2::7/128"
    assert group_of("2001:db8:1:2::7", "2001:db8:1:2::1",
                    ServerConfig(lan_per_address=True, trust_proxy=True)) == "2001:db8:1:2::/64"


def test_n1_half_open_handshakes_of_one_lan_machine_leave_the_friend_in() -> None:
    gate = Handshakes(64, ServerConfig())
    assert all(gate.enter(STRANGER, "fd00:a77::1") == (True, "fd00:a77::66/128") for _ in range(64))
    assert gate.enter(STRANGER, "fd00:a77::1") == (False, None)
    assert [gate.enter(FRIEND, "fd00:a77::1") for _ in range(5)] == [(True, "fd00:a77::22/128")] * 5  # was: closed 5/5


def test_the_limit_line_says_the_group_it_counted(caplog) -> None:  # type: ignore[no-untyped-def]
    caplog.set_level(logging.WARNING, "doublenine")
    note_limit(Repeats(), "connections_per_address", "fd00:a77::66/128", "fd00:a77::66/128 has 64 open connections")
    lines = [dict(getattr(r, FIELDS_ATTR)) for r in caplog.records if r.getMessage() == "limit"]
    assert lines == [{"limit": "connections_per_address", "site": "fd00:a77::66/128",  # was: fd00:a77::/48
                      "detail": "fd00:a77::66/128 has 64 open connections"}]


async def test_n1_the_reported_case_64_websockets_of_the_stranger_and_the_friend_connects_5_of_5(make_server) -> None:
    server = await make_server(trust_proxy=True, max_connections_per_address=64)

    async def hello(address: str) -> Any:
        return await TableClient.connect(server.url, additional_headers={"X-Forwarded-For": address})

    held = [await hello(STRANGER) for _ in range(64)]
    friends = [await hello(FRIEND) for _ in range(5)]  # was: 5/5 "1008 too many connections from this address"
    assert len(friends) == 5
    async with ws_connect(server.url, additional_headers={"X-Forwarded-For": STRANGER}) as ws:  # the 65th
        await asyncio.wait_for(ws.wait_closed(), 5)
        assert ws.close_code == 1008
    for c in held + friends:
        await c.close()
