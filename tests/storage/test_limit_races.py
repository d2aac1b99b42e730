"""Attacker F1: the tables-per-address limit holds against concurrent requests.

The server counted an address group's open tables and only then stored the new or reopened
table, so concurrent creates (10 of 10 at limit 3) and rejoins (13 of 13) all passed the
count. The store now counts and writes in one atomic step per creator (memory: no await
between; SQLite: one job of its one writer; PostgreSQL: a transaction holding the creator's
advisory lock), so exactly the limit succeed, within one process and across processes.
"""
from __future__ import annotations

import asyncio
import urllib.error
import urllib.request
from dataclasses import replace
from typing import Any

import pytest

from doublenine.server.addresses import MissLimiter
from doublenine.server.app import GameServer
from doublenine.server.config import ServerConfig
from doublenine.server.netbot import ServerRefused, TableClient
from doublenine.server.storage import Store, TooManyOpen, open_store

LIMIT = 3
ME = "creator-key-of-one-address-group"
OTHER = "creator-key-of-another-group"


async def _outcomes(calls: list[Any]) -> list[str]:
    """Run ``calls`` at once; each one's outcome: "ok", or the refusal's kind."""
    done = await asyncio.gather(*calls, return_exceptions=True)
    return sorted("ok" if r is None else type(r).__name__ for r in done)


async def test_concurrent_creates_from_one_creator_store_exactly_the_limit(store: Store) -> None:
    outcomes = await _outcomes([store.create_table(f"C{i}", b"m", ME, None, LIMIT) for i in range(10)])
    assert outcomes == ["TooManyOpen"] * 7 + ["ok"] * 3
    assert await store.count_open(ME) == 3
    assert len(await store.load_open()) == 3  # the refused ones stored nothing
    await store.create_table("X1", b"m", OTHER, None, LIMIT)  # another group has its own
    await store.create_table("X2", b"m", ME)  # no limit: the machine's own player
    assert await store.count_open(ME) == 4


async def test_concurrent_reopens_for_one_creator_reopen_exactly_the_limit(store: Store) -> None:
    for i in range(13):
        await store.create_table(f"R{i}", b"m", ME)
        await store.close_table(f"R{i}")
    await store.create_table("OPEN", b"m", ME)  # one open already: two places left
    outcomes = await _outcomes([store.reopen_table(f"R{i}", ME, LIMIT) for i in range(13)])
    assert outcomes == ["TooManyOpen"] * 11 + ["ok"] * 2
    assert await store.count_open(ME) == 3
    closed = [t.code for t in [await store.load(f"R{i}") for i in range(13)] if t is not None and t.closed]
    assert len(closed) == 11
    with pytest.raises(TooManyOpen) as refused:
        await store.reopen_table(closed[0], ME, LIMIT)
    assert refused.value.have == 3
    await store.reopen_table("OPEN", ME, LIMIT)  # an open table is not opened again: no refusal


async def test_a_refusal_by_the_limit_is_never_taken_for_a_code_that_exists(store: Store) -> None:
    """``TooManyOpen`` was a ``ValueError``, the store's "code exists" (and stale-epoch) refusal:
    any ``except ValueError`` around a create or reopen took the one for the other."""
    from types import SimpleNamespace

    from doublenine.server.storage.metered import MeteredStore

    metered = MeteredStore(store, SimpleNamespace(observe=lambda seconds: None))
    await metered.create_table("C1", b"m", ME, None, 1)
    with pytest.raises(TooManyOpen) as refused:
        await metered.create_table("C2", b"m", ME, None, 1)
    assert (isinstance(refused.value, ValueError), refused.value.have, metered.failing) == (False, 1, None)
    with pytest.raises(ValueError) as exists:
        await metered.create_table("C1", b"m", OTHER, None, 1)
    assert (str(exists.value), isinstance(exists.value, TooManyOpen)) == ("table C1 exists", False)
    await metered.close_table("C1")
    await metered.create_table("C3", b"m", ME, None, 1)
    with pytest.raises(TooManyOpen):
        await metered.reopen_table("C1", ME, 1)
    assert (metered.failing, await metered.count_open(ME)) == (None, 1)


async def test_two_stores_on_one_postgresql_count_as_one(pg_dsn: str) -> None:
    """Two pools stand for two server processes: the creator's advisory lock orders them."""
    first, second = open_store(pg_dsn), open_store(pg_dsn)
    try:
        await first.drop_all()  # type: ignore[attr-defined]
        stores = (first, second)
        outcomes = await _outcomes([stores[i % 2].create_table(f"P{i}", b"m", ME, None, LIMIT)
                                    for i in range(20)])
        assert outcomes == ["TooManyOpen"] * 17 + ["ok"] * 3
        codes = [t.code for t in await first.load_open()] + [f"Q{i}" for i in range(10)]
        for code in codes[3:]:
            await second.create_table(code, b"m", ME)
        for code in codes:
            await first.close_table(code)
        outcomes = await _outcomes([stores[i % 2].reopen_table(code, ME, LIMIT) for i, code in enumerate(codes)])
        assert outcomes == ["TooManyOpen"] * 10 + ["ok"] * 3
        assert await second.count_open(ME) == 3
    finally:
        await first.close()
        await second.close()


# ---------------------------------------------------------------- real servers, real sockets


def settings(db: str) -> ServerConfig:
    return ServerConfig(host="127.0.0.1", port=0, db=db, bot_delay=0.0, max_tables_per_address=LIMIT,
                        trust_proxy=True)


async def _attach(server: GameServer, fields: dict[str, Any]) -> TableClient | str:
    """A client attached with ``fields`` from one address group (by X-Forwarded-For), or the
    code it was refused with."""
    client = await TableClient.connect(server.url, additional_headers={"X-Forwarded-For": "203.0.113.7"})
    try:
        return await client.attach(fields)
    except ServerRefused as exc:
        await client.close()
        return str(exc.error.code)


CREATE = {"type": "create_table", "sit": 1, "name": "Ana", "seats": [{"kind": "human"}] * 4}


async def _race(servers: list[GameServer], requests: list[dict[str, Any]]) -> tuple[list[TableClient], list[str]]:
    """Send ``requests`` at once, spread over ``servers``: (the attached clients, the refusals)."""
    done = await asyncio.gather(*[_attach(servers[i % len(servers)], r) for i, r in enumerate(requests)])
    return [c for c in done if isinstance(c, TableClient)], [c for c in done if isinstance(c, str)]


async def _close_all(servers: list[GameServer], clients: list[TableClient]) -> None:
    """The players' windows close (seats kept, D7), then their tables close for idleness."""
    for client in clients:
        await client.close()
    for server in servers:
        for table in list(server.registry.tables.values()):
            await server.registry.close_table(table)


async def _creates_and_rejoins_hold_the_limit(servers: list[GameServer]) -> None:
    made, refused = await _race(servers, [CREATE] * 10)
    assert (len(made), refused) == (3, ["TOO_MANY_TABLES"] * 7)
    await _close_all(servers, made)
    more, refused = await _race(servers, [CREATE] * 3)  # 3 more, then closed: 6 closed tables
    assert (len(more), refused) == (3, [])
    await _close_all(servers, more)
    rejoins = [{"type": "rejoin", "code": c.code, "token": c.token} for c in made + more]
    back, refused = await _race(servers, rejoins)
    assert (len(back), refused) == (3, ["TOO_MANY_TABLES"] * 3)
    store = servers[0].store
    assert len(await store.load_open()) == 3
    _, refused = await _race(servers, [CREATE] * 2)
    assert refused == ["TOO_MANY_TABLES"] * 2
    for client in back:
        await client.close()


async def test_f1_concurrent_creates_and_rejoins_at_one_server(db: str) -> None:
    server = await GameServer(settings(db)).start()
    try:
        await _creates_and_rejoins_hold_the_limit([server])
    finally:
        await server.stop()


async def test_f1_concurrent_creates_and_rejoins_across_two_servers_on_one_postgresql(pg_dsn: str) -> None:
    store = open_store(pg_dsn)
    await store.drop_all()  # type: ignore[attr-defined]
    await store.close()
    a = await GameServer(settings(pg_dsn)).start()
    b = await GameServer(replace(settings(pg_dsn))).start()
    try:
        await _creates_and_rejoins_hold_the_limit([a, b])
    finally:
        await a.stop()
        await b.stop()


async def test_f1_kind_concurrent_unknown_codes_from_one_address_are_bounded_by_the_burst(db: str) -> None:
    """Table-code misses (issue 12 case 7) were checked before the store lookup and charged after
    it: 20 guesses in flight at once all passed a budget of 5. Now each takes its miss first."""
    config = replace(settings(db), code_miss_burst=5, code_miss_rate=0.001)
    server = await GameServer(config).start()
    try:
        spectates = [{"type": "spectate", "code": f"ZZZ{i:02d}"} for i in range(20)]
        _, refused = await _race([server], spectates)
        assert sorted(refused) == ["RATE_LIMITED"] * 15 + ["UNKNOWN_TABLE"] * 5
        made, refused = await _race([server], [CREATE])  # a create is no lookup: never charged
        assert (len(made), refused) == (1, [])
        rejoin = {"type": "rejoin", "code": made[0].code, "token": made[0].token}
        await made[0].close()
        _, refused = await _race([server], [rejoin])  # no miss left: refused before the lookup
        assert refused == ["RATE_LIMITED"]
    finally:
        await server.stop()


def test_a_lookup_that_finds_its_table_gives_its_miss_back() -> None:
    misses = MissLimiter(rate=0.001, burst=2)
    assert misses.take("a", 0.0) and misses.take("a", 0.0) and not misses.take("a", 0.0)
    misses.refund("a")
    assert misses.take("a", 0.0) and not misses.take("a", 0.0)
    misses.refund("a")
    misses.refund("a")
    misses.refund("a")  # never more than the burst
    assert misses.take("a", 0.0) and misses.take("a", 0.0) and not misses.take("a", 0.0)


async def test_f1_kind_concurrent_table_pages_of_unknown_codes_are_bounded_by_the_burst(db: str) -> None:
    """The same for ``/t/CODE`` pages: 20 at once from one address, 5 misses allowed."""
    config = replace(settings(db), code_miss_burst=5, code_miss_rate=0.001)
    server = await GameServer(config).start()

    def get(code: str) -> int:
        request = urllib.request.Request(f"http://127.0.0.1:{server.port}/t/{code}",
                                         headers={"X-Forwarded-For": "203.0.113.7"})
        try:
            with urllib.request.urlopen(request, timeout=20) as answer:
                return int(answer.status)
        except urllib.error.HTTPError as exc:
            return int(exc.code)

    try:
        statuses = await asyncio.gather(*[asyncio.to_thread(get, f"ZZZ{i:02d}") for i in range(20)])
        assert sorted(statuses) == [404] * 5 + [429] * 15
    finally:
        await server.stop()


async def test_f1_kind_two_creates_at_once_never_pick_one_code(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Table code allocation: a picked code was free only once its table was registered, after
    the claim and the store lookup were awaited; two creates drawing one code both took it and the
    second's failure dropped the first's table. The random draw here repeats its first code."""
    import secrets
    from types import SimpleNamespace

    from doublenine.server import registry as registry_module

    draws = iter("AAAAA" "AAAAA" "BBBBB" "CCCCC")
    monkeypatch.setattr(registry_module, "secrets",
                        SimpleNamespace(choice=lambda alphabet: next(draws), randbits=secrets.randbits))
    server = await GameServer(settings(db)).start()
    try:
        made, refused = await _race([server], [CREATE, CREATE])
        assert (sorted(str(c.code) for c in made), refused) == (["AAAAA", "BBBBB"], [])
        assert sorted(server.registry.tables) == ["AAAAA", "BBBBB"]
        assert sorted(t.code for t in await server.store.load_open()) == ["AAAAA", "BBBBB"]
        for client in made:
            await client.close()
    finally:
        await server.stop()


# ---------------------------------------------------------------- rejoins sharing one load

ANA, BO = "203.0.113.7", "198.51.100.9"
"""Two address groups (X-Forwarded-For) whose people share one table."""


async def _client_at(server: GameServer, address: str, fields: dict[str, Any]) -> TableClient:
    client = await TableClient.connect(server.url, additional_headers={"X-Forwarded-For": address})
    return await client.attach(fields)


async def _closed_table_of_two(server: GameServer) -> tuple[str, str, str]:
    """A table of Ana (seat 1) and Bo (seat 2), closed for idleness: (its code, Ana's token, Bo's)."""
    ana = await _client_at(server, ANA, {**CREATE, "seats": [{"kind": "human"}] * 2 + [{"kind": "computer"}] * 2})
    bo = await _client_at(server, BO, {"type": "join", "code": ana.code, "seat": 2, "name": "Bo"})
    await _close_all([server], [ana, bo])
    stored = await server.store.load(str(ana.code))
    assert stored is not None and stored.closed
    return str(ana.code), str(ana.token), str(bo.token)


async def _rejoins(server: GameServer, code: str, *callers: tuple[str | None, str]) -> list[str]:
    """``find_or_load`` of ``code`` by each (token, address group) at once, the first one first:
    "ok" for a served table, else the refusal's code."""
    from doublenine.server.table import Refused

    done = await asyncio.gather(*[server.registry.find_or_load(code, token=token, address=group)
                                  for token, group in callers], return_exceptions=True)
    assert all(isinstance(r, Refused) or r is server.registry.tables[code] for r in done)
    return ["ok" if not isinstance(r, Refused) else str(r.code) for r in done]


async def test_f1_kind_concurrent_rejoins_of_one_table_are_each_counted_for_their_own_address(db: str) -> None:
    """Concurrent rejoins of one closed table shared the first one's load, so the first caller's
    address decided for all: Bo (no open table) was refused TOO_MANY_TABLES because Ana had 3, and
    a spectate by code was told Ana's address group instead of UNKNOWN_TABLE."""
    from doublenine.server.addresses import creator_key

    server = await GameServer(settings(db)).start()
    try:
        code, ana_token, bo_token = await _closed_table_of_two(server)
        full = [await _client_at(server, ANA, CREATE) for _ in range(LIMIT)]  # Ana at the limit
        callers = [(ana_token, ANA), (None, "192.0.2.1"), (bo_token, BO)]  # the second a spectate by code
        assert await _rejoins(server, code, *callers) == ["TOO_MANY_TABLES", "UNKNOWN_TABLE", "ok"]
        stored = await server.store.load(code)
        assert stored is not None and not stored.closed  # reopened once, counted for Bo's group
        assert (await server.store.count_open(creator_key(ANA)), await server.store.count_open(creator_key(BO))) == (3, 1)
        for client in full:
            await client.close()
    finally:
        await server.stop()


async def test_f1_kind_a_rejoin_sharing_a_tokenless_lookup_of_a_closed_table_reopens_it(db: str) -> None:
    """The first lookup (a spectate by code: no token) decided for a rejoin at the same moment:
    the closed table stayed UNKNOWN_TABLE for the player holding a seat token too."""
    server = await GameServer(settings(db)).start()
    try:
        code, _, bo_token = await _closed_table_of_two(server)
        assert await _rejoins(server, code, (None, ANA), (bo_token, BO)) == ["UNKNOWN_TABLE", "ok"]
        stored = await server.store.load(code)
        assert stored is not None and not stored.closed
    finally:
        await server.stop()
