"""What one site may keep playing at once (session 11, item 1): tables of computers only move at the
computers' pace for as long as anyone follows them; a stranger held 4,096 of them from the 512 /64s of
one /48 (each with a spectator or its creator's connection) and their frames took ~78% of a core.
At most ``max_playing_per_site`` such tables of one site (the creator's IPv4 address or IPv6 /48) play
at once: watching one more, or creating one of four computers, is refused ``TOO_MANY_PLAYING``; a
table that becomes one by a leave, with spectators watching, holds still until a place is free.
Kind: every way a table of computers only starts playing for someone (create, spectate, a web page,
a leave under spectators)."""
from __future__ import annotations

import asyncio
from typing import Any

import pytest

from doublenine.server.addresses import site_key
from doublenine.server.netbot import ServerRefused, TableClient

from .conftest import eventually, seats

SITE = "2001:db8:a:{:x}::7"
"""Addresses of the 512 /64s of one /48 (2001:db8:a::/48), as in the report."""
REFUSED = ("TOO_MANY_PLAYING", None)


async def _open(server: Any, address: str) -> TableClient:
    return await TableClient.connect(server.url, additional_headers={"X-Forwarded-For": address})


async def _create(server: Any, address: str, kinds: str = "cccc", sit: int | None = None) -> TableClient:
    client = await _open(server, address)
    return await client.attach({"type": "create_table", "seats": seats(*kinds), "seed": 3, "sit": sit})


async def _refusal(call: Any) -> tuple[str, Any]:
    with pytest.raises(ServerRefused) as refused:
        await call
    return refused.value.error.code, refused.value.error.data


async def _still(table: Any, seconds: float = 0.3) -> bool:
    seq = table.seq
    await asyncio.sleep(seconds)
    return table.seq == seq


async def test_a_48s_many_64s_keep_at_most_the_limit_of_computer_tables_playing(make_server) -> None:
    """The reported case at the scale of a test: three tables of four computers from three /64s of one
    /48, each watched by its creator's connection, play; a fourth from a fourth /64 is refused and
    nothing is created; another site is not held back; a place freed is taken again."""
    server = await make_server(trust_proxy=True, max_playing_per_site=3, bot_delay=0.05)
    site = site_key(SITE.format(1))
    held = [await _create(server, SITE.format(n)) for n in range(1, 4)]
    assert server.registry.playing.playing(site) == 3
    assert await _refusal(_create(server, SITE.format(0x1ff))) == REFUSED
    assert len(server.registry.tables) == 3  # refused before anything was stored
    other = await _create(server, "198.51.100.7")  # its own site's allowance
    assert server.registry.playing.playing(site_key("198.51.100.7")) == 1
    first = server.registry.tables[held[0].code]
    await held[0].close()  # nobody follows it: it stops and gives its place back
    await eventually(lambda: server.registry.playing.playing(site) == 2)
    await asyncio.sleep(0.1)  # a computer move being stored at the close lands
    assert await _still(first)
    watcher = await _open(server, "198.51.100.9")
    await watcher.attach({"type": "spectate", "code": first.code})  # anyone's watch makes it play again
    await eventually(lambda: server.registry.playing.playing(site) == 3)
    assert not await _still(first)
    stranger = await _open(server, SITE.format(0x1fe))
    assert await _refusal(stranger.attach({"type": "create_table", "seats": seats(*"cccc"), "sit": None})) == REFUSED
    for c in (*held[1:], other, watcher):
        await c.close()


async def test_watching_one_more_of_the_sites_computer_tables_is_refused(make_server) -> None:
    server = await make_server(trust_proxy=True, max_playing_per_site=2, bot_delay=0.05)
    site = site_key(SITE.format(1))
    first = await _create(server, SITE.format(1))
    left = await _create(server, SITE.format(3))
    unwatched = server.registry.tables[left.code]
    await left.close()
    await eventually(lambda: server.registry.playing.playing(site) == 1)
    second = await _create(server, SITE.format(2))
    person = await _create(server, SITE.format(4), kinds="hccc", sit=1)  # a person's table of the same site
    assert server.registry.playing.playing(site) == 2
    watcher = await _open(server, "203.0.113.5")  # a stranger to the site: it is the table's site that counts
    assert await _refusal(watcher.attach({"type": "spectate", "code": unwatched.code})) == REFUSED
    assert not unwatched.subscribers and await _still(unwatched)
    await watcher.attach({"type": "spectate", "code": person.code})  # a table with a person is never counted
    await watcher.send({"type": "leave"})
    await watcher.until(lambda m: getattr(m, "type", "") == "left")
    await watcher.attach({"type": "spectate", "code": first.code})  # one playing already: one more watcher
    assert server.registry.playing.playing(site) == 2
    for c in (first, second, person, watcher):
        await c.close()


async def test_a_table_that_becomes_computers_only_under_spectators_waits_for_a_place(make_server) -> None:
    """A leave is never refused: the table it leaves to the computers, watched, holds still while its
    site plays all it may, and plays on once one of the site's tables stops."""
    server = await make_server(trust_proxy=True, max_playing_per_site=1, bot_delay=0.05)
    site = site_key(SITE.format(1))
    playing = await _create(server, SITE.format(1))
    host = await _create(server, SITE.format(2), kinds="hccc", sit=1)
    table = server.registry.tables[host.code]
    watcher = await _open(server, "203.0.113.5")
    await watcher.attach({"type": "spectate", "code": host.code})
    await host.send({"type": "leave"})
    await eventually(lambda: table.computers_only())
    await asyncio.sleep(0.1)  # a computer move being stored when the seat was left lands
    assert server.registry.playing.playing(site) == 1 and not server.registry.playing.holds(table)
    assert await _still(table)
    await playing.close()
    await eventually(lambda: server.registry.playing.holds(table))
    assert not await _still(table)
    assert server.registry.playing.playing(site) == 1
    await watcher.close()


async def test_create_table_is_refused_too_many_playing_before_too_many_tables(make_server) -> None:
    """docs/protocol.md "Which refusal comes first": BAD_TABLE, TOO_MANY_PLAYING, TOO_MANY_TABLES."""
    server = await make_server(trust_proxy=True, max_playing_per_site=1, max_tables_per_address=1, bot_delay=0.05)
    first = await _create(server, SITE.format(1))
    again = await _open(server, SITE.format(1))
    four = {"type": "create_table", "seats": seats(*"cccc"), "sit": None}
    assert await _refusal(again.attach(four)) == REFUSED
    assert (await _refusal(again.attach({**four, "sit": 1})))[0] == "BAD_TABLE"
    assert (await _refusal(again.attach({**four, "seats": seats(*"hccc")})))[0] == "TOO_MANY_TABLES"
    await first.close()
