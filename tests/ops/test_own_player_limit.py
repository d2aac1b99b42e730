"""New user: after 8 tables the player could no longer start a game on their own computer.

The embedded server of ``play`` applied the public limit of open tables per address to its own
player's loopback window. Its own player is now unlimited (ServerConfig.own_player_unlimited);
a stranger's address on the same hosted server is still limited.
"""
from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from doublenine.client.embedded import EmbeddedServer
from doublenine.server.addresses import is_loopback
from doublenine.server.connection import Connection
from doublenine.server.netbot import ServerRefused, TableClient
from doublenine.server.table import Refused
from doublenine.shared import protocol as p

SOLO = [{"kind": "human"}, {"kind": "computer", "level": "easy"},
        {"kind": "computer", "level": "easy"}, {"kind": "computer", "level": "easy"}]


class _Socket:
    """Only what Connection reads at construction: the peer's address."""

    def __init__(self, address: str) -> None:
        self.remote_address = (address, 40000)


async def test_the_embedded_servers_own_player_creates_a_tenth_table(tmp_path: Path) -> None:
    host = EmbeddedServer(str(tmp_path / "game.sqlite3"), bot_delay=0.0)
    url = host.start()
    try:
        assert host.server.config.max_tables_per_address == 8
        codes = []
        for _ in range(10):  # each left open in the game file, as Create table, Host and --seed do
            c = await TableClient.connect(url)
            codes.append(await c.attach({"type": "create_table", "seats": SOLO, "sit": 1}))
            await c.close()
        assert len(set(codes)) == 10
    finally:
        host.stop()


async def test_a_stranger_on_a_hosted_server_is_still_limited(tmp_path: Path) -> None:
    host = EmbeddedServer(str(tmp_path / "game.sqlite3"), bot_delay=0.0, host="0.0.0.0")
    host.start()
    try:
        registry = host.server.registry
        stranger = Connection(_Socket("192.168.1.20"), registry)
        own = Connection(_Socket("127.0.0.1"), registry)
        assert (stranger.own_player, own.own_player) == (False, True)
        spec = p.CreateTable.model_validate({"type": "create_table", "seats": SOLO, "sit": 1})

        async def create(c: Connection) -> Any:
            fut = asyncio.run_coroutine_threadsafe(
                registry.create(spec, c.group, limited=not c.own_player), host.loop)
            return fut.result(10)

        for _ in range(8):
            await create(stranger)
        with pytest.raises(Refused) as refused:
            await create(stranger)
        assert refused.value.code == "TOO_MANY_TABLES"
        assert refused.value.message == "192.168.1.20 has 8 open tables"
        await create(own)  # the host's own window still creates
    finally:
        host.stop()


async def test_a_public_server_limits_its_loopback_too(tmp_path: Path) -> None:
    from doublenine.server.app import GameServer
    from doublenine.server.config import ServerConfig

    server = await GameServer(ServerConfig(host="127.0.0.1", port=0, bot_delay=0.0, db=":memory:",
                                           max_tables_per_address=1)).start()
    try:
        first = await TableClient.connect(server.url)
        await first.attach({"type": "create_table", "seats": SOLO, "sit": 1})
        second = await TableClient.connect(server.url)
        with pytest.raises(ServerRefused) as refused:
            await second.attach({"type": "create_table", "seats": SOLO, "sit": 1})
        assert refused.value.error.code == "TOO_MANY_TABLES"
        await first.close()
        await second.close()
    finally:
        await server.stop()


def test_is_loopback() -> None:
    assert [is_loopback(a) for a in ("127.0.0.1", "127.9.9.9", "::1", "::ffff:127.0.0.1", "[::1]",
                                     "192.168.1.20", "::ffff:10.0.0.1", "fe80::1%eth0", "?", "")] == \
        [True, True, True, True, True, False, False, False, False, False]
