"""Issue 12: per-address limits hold for the processes on one PostgreSQL together (two real
servers): each counts the others' lock connections and allows its share of the table-code
misses of an address group, and the open tables an address group created are counted in
the store, whichever process created them."""
from __future__ import annotations

from dataclasses import replace

import pytest

from doublenine.server.app import GameServer
from doublenine.server.netbot import ServerRefused, TableClient

from .test_takeover import server_config, wiped


async def test_each_process_counts_the_processes_on_the_store_and_allows_its_share_of_misses(pg_dsn: str) -> None:
    db = await wiped(pg_dsn)
    a = await GameServer(server_config(db)).start()
    b = await GameServer(server_config(db)).start()
    try:
        assert await a.registry.ownership.count_processes() == 2
        assert await b.registry.ownership.count_processes() == 2
        misses = a.registry.misses  # the default budget: 20 at once, 1 a second
        allowed = 0
        while misses.allowed("203.0.113.9", 0.0):
            misses.missed("203.0.113.9", 0.0)
            allowed += 1
        assert allowed == 10 and misses.retry_after("203.0.113.9", 0.0) == 2.0
    finally:
        await b.stop()
    try:
        assert await a.registry.ownership.count_processes() == 1  # B's lock connection is gone
        assert a.registry.misses.allowed("198.51.100.1", 0.0)
    finally:
        await a.stop()


async def test_the_tables_per_address_limit_counts_the_tables_created_at_every_process(pg_dsn: str) -> None:
    db = await wiped(pg_dsn)
    config = replace(server_config(db), max_tables_per_address=2, trust_proxy=True)
    a = await GameServer(config).start()
    b = await GameServer(config).start()

    async def create(server: GameServer, address: str) -> TableClient:
        client = await TableClient.connect(server.url, additional_headers={"X-Forwarded-For": address})
        await client.attach({"type": "create_table", "sit": 1, "seats": [{"kind": "human"}] * 4})
        return client

    try:
        made = [await create(a, "2001:db8:5:6::1"), await create(b, "2001:db8:5:6::2")]  # one /64
        for server in (a, b):
            with pytest.raises(ServerRefused) as refused:
                await create(server, "2001:db8:5:6:7::9")
            assert refused.value.error.code == "TOO_MANY_TABLES"
            assert refused.value.error.detail == "2001:db8:5:6::/64 has 2 open tables"
        made.append(await create(b, "2001:db8:5:7::1"))  # another /64 has its own
        table = a.registry.tables[str(made[0].code)]
        await a.registry.close_table(table)  # one closes: that group may create one again
        made.append(await create(b, "2001:db8:5:6::3"))
        for client in made:
            await client.close()
    finally:
        await a.stop()
        await b.stop()
