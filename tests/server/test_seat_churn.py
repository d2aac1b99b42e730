"""Attacker s11 F9: a stranger's join and leave in a loop (join_churn.py) renamed seat 2 ten times a
second on every screen at a table waiting for players. A site (IPv4 address, IPv6 /48) that gave up a
seat of a table takes no seat of it for ``SEAT_AGAIN_WAIT`` seconds: ``RATE_LIMITED`` with
``data: {limit: "seats", retry_ms}``. The table's seat clock is the test's own."""
from __future__ import annotations

import pytest

from doublenine.server.netbot import ServerRefused
from doublenine.server.table import SEAT_AGAIN_WAIT
from doublenine.shared import protocol as p

from .conftest import connect, create, join


class Clock:
    def __init__(self) -> None:
        self.now = 500.0

    def __call__(self) -> float:
        return self.now


async def _leave(c) -> None:
    await c.send({"type": "leave"})
    await c.until(lambda m: isinstance(m, p.LeftTable))


async def test_a_site_that_gave_up_a_seat_takes_none_of_that_table_for_ten_seconds(server) -> None:
    host = await create(server, "hhhc", sit=1)  # seats 2 and 3 free: the table waits for players
    table = server.registry.tables[host.code]
    clock = table.seat_clock = Clock()
    stranger = await join(server, host.code, seat=2, name="N1")
    await _leave(stranger)
    for seat in (2, 3, None):  # any seat of the table, from any connection of the site
        with pytest.raises(ServerRefused) as refused:
            await join(server, host.code, seat=seat, name="N2")
        err = refused.value.error
        assert (err.code, err.data) == ("RATE_LIMITED", {"limit": "seats", "retry_ms": 10000})
    clock.now += 7.25
    late = await connect(server)
    await late.send({"type": "join", "code": host.code, "seat": 2, "name": "N2"})
    err = await late.until(lambda m: isinstance(m, p.Error))
    assert err.data == {"limit": "seats", "retry_ms": 2750}
    assert [s.name for s in host.table.seats][1] == "East" and table.slots[2].claimed is False
    clock.now += SEAT_AGAIN_WAIT - 7.25
    again = await join(server, host.code, seat=2, name="N3")
    assert again.seat == 2 and table.seats_left == {"127.0.0.1": 500.0}
    other = await create(server, "hhcc", sit=1)  # another table: the wait is per table
    assert (await join(server, other.code, seat=2, name="N4")).seat == 2


async def test_the_sites_that_gave_up_a_seat_are_forgotten_once_their_wait_is_over(server) -> None:
    host = await create(server, "hhhh", sit=1)
    table = server.registry.tables[host.code]
    clock = table.seat_clock = Clock()
    for n in range(3):
        table.seat_given_up(f"198.51.100.{n}")
        clock.now += 4.0
    assert sorted(table.seats_left) == ["198.51.100.0", "198.51.100.1", "198.51.100.2"]
    table.seat_given_up("2001:db8:7::/48")  # 12 s after the first, 8 s after the second
    assert sorted(table.seats_left) == ["198.51.100.1", "198.51.100.2", "2001:db8:7::/48"]
    assert table.seat_again_ms("198.51.100.1") == 2000 and table.seat_again_ms("198.51.100.0") == 0
