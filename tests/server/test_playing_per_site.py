"""What one site may keep playing at once (session 11, item 1): tables of computers only move at the
computers' pace for as long as anyone follows them; a stranger held 4,096 of them from the 512 /64s of
one /48 (each with a spectator or its creator's connection) and their frames took ~78% of a core.
At most ``max_playing_per_site`` such tables of one site (the creator's IPv4 address or IPv6 /48) play
at once: watching one more is refused ``SPECTATORS_FULL``, creating one of four computers
``TOO_MANY_TABLES``, both with ``data: {limit: "playing_per_site"}`` (protocol version 2's own codes: a
code of its own, ``TOO_MANY_PLAYING``, was skipped by version-2 clients built before it, which then
waited for ever); a table that becomes one by a leave, with spectators watching, holds still until a
place is free.
Kind: every way a table of computers only starts playing for someone (create, spectate, a web page,
a leave under spectators)."""
from __future__ import annotations

import asyncio
from typing import Any

import pytest
from schemacheck import plain, validator

from doublenine.client.net import NetClient
from doublenine.server.addresses import site_key
from doublenine.server.netbot import ServerRefused, TableClient
from doublenine.shared import protocol as p

from .conftest import eventually, seats

SITE = "2001:db8:a:{:x}::7"
"""Addresses of the 512 /64s of one /48 (2001:db8:a::/48), as in the report."""
CREATE_REFUSED = ("TOO_MANY_TABLES", {"limit": "playing_per_site"})
"""A ``create_table`` of four computers beyond the cap: version 2's "close one first"."""
WATCH_REFUSED = ("SPECTATORS_FULL", {"limit": "playing_per_site"})
"""A ``spectate`` beyond the cap: version 2's "no place now" (the web page waits a minute)."""


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
    assert await _refusal(_create(server, SITE.format(0x1ff))) == CREATE_REFUSED
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
    assert await _refusal(stranger.attach({"type": "create_table", "seats": seats(*"cccc"), "sit": None})) \
        == CREATE_REFUSED
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
    assert await _refusal(watcher.attach({"type": "spectate", "code": unwatched.code})) == WATCH_REFUSED
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


async def test_create_table_is_refused_for_playing_tables_before_open_tables(make_server) -> None:
    """docs/protocol.md "Which refusal comes first": BAD_TABLE, then TOO_MANY_TABLES for the site's
    playing tables (``data.limit``), then TOO_MANY_TABLES for the group's open tables (no ``data``)."""
    server = await make_server(trust_proxy=True, max_playing_per_site=1, max_tables_per_address=1, bot_delay=0.05)
    first = await _create(server, SITE.format(1))
    again = await _open(server, SITE.format(1))
    four = {"type": "create_table", "seats": seats(*"cccc"), "sit": None}
    assert await _refusal(again.attach(four)) == CREATE_REFUSED
    assert (await _refusal(again.attach({**four, "sit": 1})))[0] == "BAD_TABLE"
    assert await _refusal(again.attach({**four, "seats": seats(*"hccc")})) == ("TOO_MANY_TABLES", None)
    await first.close()



def _metric(server: Any, line: str) -> float:
    text = server.registry.metrics.render().decode()
    found = [ln for ln in text.splitlines() if ln.startswith(line + " ")]
    return float(found[0].split()[-1]) if found else 0.0


async def _one_playing_one_not(server: Any) -> tuple[TableClient, Any]:
    """The site's first table of four computers playing (its creator's connection follows it) and a
    second one nobody follows, at a limit of 1: the second may not play now."""
    left = await _create(server, SITE.format(2))
    unwatched = server.registry.tables[left.code]
    await left.close()
    await eventually(lambda: server.registry.playing.playing(site_key(SITE.format(1))) == 0)
    first = await _create(server, SITE.format(1))
    assert server.registry.playing.playing(site_key(SITE.format(1))) == 1
    return first, unwatched


async def test_the_caps_refusals_are_counted_under_their_own_limit_not_their_codes(make_server) -> None:
    """docs/operations.md "Limits": the codes are shared with the open tables and the spectator
    places, the ``limit`` label of ``doublenine_limits_total`` is not."""
    server = await make_server(trust_proxy=True, max_playing_per_site=1, max_tables_per_address=1, bot_delay=0.05)
    first, unwatched = await _one_playing_one_not(server)
    again = await _open(server, SITE.format(1))
    four = {"type": "create_table", "seats": seats(*"cccc"), "sit": None}
    assert await _refusal(again.attach(four)) == CREATE_REFUSED
    assert await _refusal(again.attach({**four, "seats": seats(*"hccc")})) == ("TOO_MANY_TABLES", None)
    assert await _refusal(again.attach({"type": "spectate", "code": unwatched.code})) == WATCH_REFUSED
    assert [_metric(server, f'doublenine_limits_total{{limit="{name}"}}')
            for name in ("playing_per_site", "tables_per_address", "spectators")] == [2.0, 1.0, 0.0]
    assert [_metric(server, f'doublenine_errors_total{{code="{code}"}}')
            for code in ("TOO_MANY_TABLES", "SPECTATORS_FULL")] == [2.0, 1.0]
    for c in (first, again):
        await c.close()


async def test_spectate_is_refused_for_the_places_before_the_playing_tables(make_server) -> None:
    """docs/protocol.md "Which refusal comes first": for ``spectate`` the places, then the site's
    playing tables; both SPECTATORS_FULL, told apart by ``data``."""
    server = await make_server(trust_proxy=True, max_playing_per_site=1, max_spectators=0, bot_delay=0.05)
    first, unwatched = await _one_playing_one_not(server)
    assert server.registry.playing.refusal(unwatched) is not None  # the cap applies as well
    watcher = await _open(server, "203.0.113.5")
    assert await _refusal(watcher.attach({"type": "spectate", "code": unwatched.code})) == ("SPECTATORS_FULL", None)
    for c in (first, watcher):
        await c.close()


async def test_a_version_2_window_reads_the_caps_refusals_and_says_them(make_server) -> None:
    """The kind: a refusal a version-2 client cannot read leaves it waiting for ever (the window and
    ``doublenine bot`` skipped ``TOO_MANY_PLAYING`` as off their schema). The cap's refusals are valid
    in the committed version-2 schema, decoded by the clients' own decoder (``TableClient`` is
    ``doublenine bot``'s), and the window says each in the player's language."""
    server = await make_server(trust_proxy=True, max_playing_per_site=1, bot_delay=0.05)
    first, unwatched = await _one_playing_one_not(server)
    again = await _open(server, SITE.format(3))
    errors = []
    for attach in ({"type": "create_table", "seats": seats(*"cccc"), "sit": None},
                   {"type": "spectate", "code": unwatched.code}):
        with pytest.raises(ServerRefused) as refused:
            await again.attach(attach)
        errors.append(refused.value.error)
    frames = [p.pack({"type": "error", "code": str(e.code), "detail": e.detail, "data": e.data}) for e in errors]
    assert [validator("ServerMessage").is_valid(plain(f)) for f in frames] == [True, True]
    window = NetClient("ws://127.0.0.1:9/", p.Spectate(code=unwatched.code))
    said = [window._failure_of(e) for e in errors]
    assert [f.key for f in said] == ["net.refused", "net.refused"]
    assert [f.text("fr") for f in said] == [
        "Trop de tables depuis votre adresse\u00a0: fermez-en une d’abord (refusé par le serveur à 127.0.0.1:9)",
        "Cette table a déjà tous les spectateurs permis (refusé par le serveur à 127.0.0.1:9)"]
    for c in (first, again):
        await c.close()
