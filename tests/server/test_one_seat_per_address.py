"""Attacker s12 round 2 N2: on a hosted server one address holds at most one seat of a table before its start.

The host made South/East/North human and West a computer ("Host for friends" with 2 friends). A stranger
joined twice from ONE address with the host's name, took both seats kept for the friends ("Hostie 2",
"Hostie 3") and the table started by itself: no ``start`` frame, so 43be66e's creator rule never applied,
and the real friend was refused ``TABLE_FULL table TRGZ2 has no free seat``. Kind: a limit on one person's
share of a table that one person multiplied by connecting twice. A hosted server (``one_seat_per_address``,
client/embedded.py) refuses the second seat ``TOO_MANY_CONNECTIONS`` with ``data.limit``
"seats_per_address" (a version-2 code); loopback (the host's own machine) is not counted; a public server
keeps letting a family behind one NAT address take two seats.
"""
from __future__ import annotations

from typing import Any

import pytest

from doublenine.server.netbot import ServerRefused, TableClient

from .conftest import seats

HOST_FOR_FRIENDS = "hhhc"
"""South, East, North human, West a computer: the reported table."""


async def _open(server: Any, address: str) -> TableClient:
    return await TableClient.connect(server.url, additional_headers={"X-Forwarded-For": address})


async def _join(server: Any, address: str, code: str, name: str) -> TableClient:
    return await (await _open(server, address)).attach({"type": "join", "code": code, "name": name})


async def _host(server: Any) -> TableClient:
    host = await TableClient.connect(server.url)  # the hosting window: loopback
    return await host.attach({"type": "create_table", "seats": seats(*HOST_FOR_FRIENDS), "seed": None,
                              "sit": 1, "name": "Hostie"})


async def test_n2_the_reported_case_a_stranger_takes_one_kept_seat_and_the_friend_the_other(make_server) -> None:
    server = await make_server(trust_proxy=True, one_seat_per_address=True)
    host = await _host(server)
    stranger = await _join(server, "192.168.1.66", host.code, "Hostie")
    assert stranger.seat == 2
    with pytest.raises(ServerRefused) as refused:
        await _join(server, "192.168.1.66", host.code, "Hostie")  # was: joined 3, and the table started
    error = refused.value.error
    assert (error.code, error.data) == ("TOO_MANY_CONNECTIONS", {"limit": "seats_per_address"})
    assert error.detail == (f"your address holds a seat of table {host.code} already: "
                            "one seat per address before the start")
    table = server.registry.tables[host.code]
    assert table.meta.started is False
    assert [sl.claimed for sl in table.slots.values()] == [True, True, False, False]
    friend = await _join(server, "192.168.1.22", host.code, "RealFriend")  # was: TABLE_FULL
    assert friend.seat == 3
    assert table.meta.started is True


async def test_a_seat_held_by_a_disconnected_stranger_still_counts(make_server) -> None:
    server = await make_server(trust_proxy=True, one_seat_per_address=True)
    host = await _host(server)
    stranger = await _join(server, "192.168.1.66", host.code, "Hostie")
    await stranger.close()
    with pytest.raises(ServerRefused) as refused:
        await _join(server, "192.168.1.66", host.code, "Hostie")
    assert refused.value.error.code == "TOO_MANY_CONNECTIONS"


async def test_the_hosts_own_machine_takes_two_seats(make_server) -> None:
    server = await make_server(trust_proxy=True, one_seat_per_address=True)
    host = await _host(server)
    second = await (await TableClient.connect(server.url)).attach({"type": "join", "code": host.code, "name": "Kid"})
    assert second.seat == 2


async def test_a_seat_given_up_frees_the_address(make_server) -> None:
    server = await make_server(trust_proxy=True, one_seat_per_address=True)
    host = await _host(server)
    stranger = await _join(server, "192.168.1.66", host.code, "Hostie")
    table = server.registry.tables[host.code]
    assert [sl.holder for sl in table.slots.values()] == [None, "192.168.1.66", None, None]
    await stranger.send({"type": "leave"})
    await stranger.until(lambda m: type(m).__name__ == "LeftTable")
    assert [sl.claimed for sl in table.slots.values()] == [True, False, False, False]
    with pytest.raises(ServerRefused) as refused:  # the leave's own 10 s wait, no longer this limit
        await _join(server, "192.168.1.66", host.code, "Hostie")
    assert (refused.value.error.code, refused.value.error.data["limit"]) == ("RATE_LIMITED", "seats")


async def test_a_public_server_lets_one_nat_address_take_two_seats(make_server) -> None:
    server = await make_server(trust_proxy=True)  # one_seat_per_address off: `doublenine serve`
    host = await _host(server)
    first = await _join(server, "203.0.113.9", host.code, "Mum")
    second = await _join(server, "203.0.113.9", host.code, "Kid")
    assert (first.seat, second.seat) == (2, 3)
    assert server.registry.tables[host.code].meta.started is True


async def test_n2_the_reported_addresses_one_lan_ipv6_64(make_server) -> None:
    """The report's own addresses: the stranger fd00:a77::66 and the friend fd00:a77::22 share the LAN's /64,
    each counted by its own address (addresses.on_lan, attacker s12 round 2 N1)."""
    server = await make_server(trust_proxy=True, one_seat_per_address=True)
    host = await _host(server)
    assert (await _join(server, "fd00:a77::66", host.code, "Hostie")).seat == 2
    with pytest.raises(ServerRefused) as refused:
        await _join(server, "fd00:a77::66", host.code, "Hostie")
    assert refused.value.error.data == {"limit": "seats_per_address"}
    assert (await _join(server, "fd00:a77::22", host.code, "RealFriend")).seat == 3
    assert server.registry.tables[host.code].meta.started is True
