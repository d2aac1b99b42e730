"""Crowds at one table and from one address (issue 7 limits): spectators and connections."""
from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from websockets.asyncio.client import connect as ws_connect
from websockets.exceptions import ConnectionClosed

from doublenine.server.netbot import ServerRefused, TableClient
from doublenine.shared import protocol as p

from .conftest import connect, create, eventually, seats, spectate


async def test_spectator_joins_and_leaves_are_coalesced_into_one_table_frame(make_server) -> None:
    server = await make_server(spectator_notice=3600.0)  # the notice never fires on its own here
    host = await create(server, "hhcc", sit=1)  # not started: nothing else moves
    table = server.registry.tables[host.code]
    host.frames.clear()
    watchers = [await spectate(server, host.code) for _ in range(5)]
    await watchers[0].send({"type": "leave"})
    await watchers[0].until(lambda m: isinstance(m, p.LeftTable))
    for c in [host, *watchers[1:]]:  # a resync is answered after every frame queued before it
        c.frames.clear()
        await c.send({"type": "resync"})
        snap = await c.until(lambda m: isinstance(m, p.Snapshot))
        assert snap.table.spectators == 4
        assert [p.decode_server(f).type for f in c.frames] == ["snapshot"]  # no table frame per spectator
    table._notice_fired()  # the interval ends: one table frame each, with the count
    for c in [host, *watchers[1:]]:
        upd = await c.until(lambda m: isinstance(m, p.TableUpdate))
        assert upd.table.spectators == 4


async def test_a_table_takes_at_most_max_spectators(make_server) -> None:
    server = await make_server(max_spectators=2, trust_proxy=True)
    host = await create(server, "hccc", sit=1)

    async def watch(addr: str) -> TableClient:
        c = await TableClient.connect(server.url, additional_headers={"X-Forwarded-For": addr})
        return await c.attach({"type": "spectate", "code": host.code})

    await watch("198.51.100.1")
    await watch("198.51.100.2")
    with pytest.raises(ServerRefused) as refused:
        await watch("198.51.100.3")
    assert refused.value.error.code == "SPECTATORS_FULL"


async def public_table_to_watch(server: Any) -> tuple[TableClient, Callable[[str], Awaitable[str]]]:
    """A public table of one player and three computers created from 198.51.100.1 (through the
    proxy header), and ``watch(addr)``: spectate it from ``addr``, giving "joined" or the refusal's code."""

    async def open_(addr: str) -> TableClient:
        return await TableClient.connect(server.url, additional_headers={"X-Forwarded-For": addr})

    host = await (await open_("198.51.100.1")).attach(
        {"type": "create_table", "seats": seats("h", "c", "c", "c"), "seed": 7, "sit": 1, "public": True})

    async def watch(addr: str) -> str:
        c = await open_(addr)
        try:
            await c.attach({"type": "spectate", "code": host.code})
        except ServerRefused as exc:
            await c.close()
            return exc.error.code
        return "joined"
    return host, watch


async def test_a_few_groups_cannot_take_every_place_and_the_players_own_page_always_gets_in(make_server) -> None:
    """Attacker s10 F6 (spectator_fill.py): four IPv6 /64s x 8 spectators took all 32 places; a real
    viewer and the table's own web page got SPECTATORS_FULL. Default caps: 32 places, 8 per group."""
    server = await make_server(trust_proxy=True, max_spectators=32, max_spectators_per_address=8)
    host, watch = await public_table_to_watch(server)
    got = [await watch(f"2001:db8:55:{g:x}::{i + 1:x}") for g in range(4) for i in range(8)]
    assert got.count("joined") == 24  # 3 groups x 8; the 4th /64 is of a /48 watching: 8 places kept
    assert set(got) == {"joined", "SPECTATORS_PER_ADDRESS"}
    assert await watch("203.0.113.50") == "joined"  # a real viewer finds a place
    assert [await watch(f"2001:db8:{0x66 + g:x}::1") for g in range(8)] == ["joined"] * 7 + ["SPECTATORS_FULL"]
    assert await watch("198.51.100.1") == "joined"  # the player's own web page, the table full
    table = server.registry.tables[host.code]
    assert sum(1 for s in table.subscribers.values() if s is None) == 33


async def test_the_64s_of_one_48_cannot_take_the_places_kept_for_newcomers(make_server) -> None:
    """Attacker s10 round 2 (spectator_fill2.py): 11 IPv6 /64s of one /48, 3 x 8 and then 8 x 1, took
    all 32 places (each new /64 took one kept place). The kept places are asked of the /48 now."""
    server = await make_server(trust_proxy=True, max_spectators=32, max_spectators_per_address=8)
    host, watch = await public_table_to_watch(server)
    got = [await watch(f"2001:db8:56:{g:x}::{i + 1:x}") for g in range(3) for i in range(8)]
    got += [await watch(f"2001:db8:56:{g:x}::1") for g in range(3, 11)]
    assert got == ["joined"] * 24 + ["SPECTATORS_PER_ADDRESS"] * 8
    assert [await watch(f"203.0.113.{50 + n}") for n in range(9)] == ["joined"] * 8 + ["SPECTATORS_FULL"]
    assert await watch("198.51.100.1") == "joined"  # the player's own web page


async def test_one_address_group_takes_at_most_its_share_of_the_spectator_places(make_server) -> None:
    """Attacker finding: 32 idle spectators from one address took every place of a table, its own
    web page's included. IPv6 addresses of one /64 are one group (server/addresses.py)."""
    server = await make_server(max_spectators=6, max_spectators_per_address=2, trust_proxy=True)
    host = await create(server, "hccc", sit=1)

    async def watch(addr: str) -> TableClient:
        c = await TableClient.connect(server.url, additional_headers={"X-Forwarded-For": addr})
        return await c.attach({"type": "spectate", "code": host.code})

    await watch("2001:db8:1:1::1")
    await watch("2001:db8:1:1::2")
    with pytest.raises(ServerRefused) as refused:
        await watch("2001:db8:1:1:ffff::3")  # the same /64
    assert refused.value.error.code == "SPECTATORS_PER_ADDRESS"
    await watch("2001:db8:1:2::1")  # another group still finds a place
    text = server.registry.metrics.render().decode()
    assert 'doublenine_limits_total{limit="spectators_per_address"} 1.0' in text


async def test_one_address_has_at_most_max_connections(make_server) -> None:
    server = await make_server(max_connections_per_address=3)
    open_ = [await connect(server) for _ in range(3)]
    ws = await ws_connect(server.url, compression=None)
    err = p.decode_server(await ws.recv())
    assert (err.type, err.code) == ("error", "TOO_MANY_CONNECTIONS")
    with pytest.raises(ConnectionClosed):
        await ws.recv()
    assert ws.close_code == 1008
    await open_[0].close()
    await eventually(lambda: server.registry.per_address.get("127.0.0.1") == 2)  # its slot is free again
    again = await connect(server)
    assert again.seq == -1 and server.registry.per_address["127.0.0.1"] == 3
