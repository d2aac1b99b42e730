"""Issue 12: per-address limits hold for the processes on one PostgreSQL together (two real
servers): each counts the others' lock connections and allows its share of the table-code
misses of an address group, and the open tables an address group created are counted in
the store, whichever process created them."""
from __future__ import annotations

import asyncio
from dataclasses import replace

import pytest

from doublenine.server.addresses import MissLimiter
from doublenine.server.app import GameServer
from doublenine.server.storage import open_store
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


async def test_the_shared_bucket_takes_exactly_the_burst_for_two_stores_at_once_and_refunds(pg_dsn: str) -> None:
    """Attacker finding (code misses over processes): the check and the take are one statement in
    PostgreSQL, so 40 takes at once through two stores (two processes' pools) get exactly 20;
    a refund gives one back, never more than the burst; another group has its own bucket."""
    db = await wiped(pg_dsn)
    one, two = open_store(db), open_store(db)
    try:
        takes = [s.take_budget("code_misses", "203.0.113.9", 0.001, 20.0)  # type: ignore[attr-defined]
                 for s in (one, two) for _ in range(20)]
        waits = await asyncio.gather(*takes)
        assert sum(1 for w in waits if w == 0.0) == 20
        assert all(w > 900 for w in waits if w != 0.0)  # 0.001 a second: about 1000 s for one
        await one.refund_budget("code_misses", "203.0.113.9", 20.0)  # type: ignore[attr-defined]
        assert await two.take_budget("code_misses", "203.0.113.9", 0.001, 20.0) == 0.0  # type: ignore[attr-defined]
        assert await two.take_budget("code_misses", "203.0.113.9", 0.001, 20.0) > 0  # type: ignore[attr-defined]
        assert await one.take_budget("pages", "203.0.113.9", 0.001, 1.0) == 0.0  # type: ignore[attr-defined]
        assert await one.take_budget("code_misses", "198.51.100.1", 0.001, 1.0) == 0.0  # type: ignore[attr-defined]
    finally:
        await one.close()
        await two.close()


async def test_a_process_counts_its_own_share_while_the_shared_bucket_does_not_answer() -> None:
    class Down:
        async def take_budget(self, kind: str, group: str, rate: float, burst: float) -> float:
            raise OSError("postgres: connection refused")

        async def refund_budget(self, kind: str, group: str, burst: float) -> None:
            raise AssertionError("a token taken here is given back here")

    misses = MissLimiter(rate=0.001, burst=2, shared=Down(), kind="code_misses")
    first = await misses.reserve("a", 0.0)
    assert (first.taken, first.shared) == (True, False)
    await misses.give_back("a", first)
    assert [(await misses.reserve("a", 0.0)).taken for _ in range(3)] == [True, True, False]
