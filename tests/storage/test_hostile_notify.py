"""Attacker F2 and F3: every LISTEN channel's payload is anyone's (any session on the database can
NOTIFY), so it is checked and bounded before any work, and every lock taken is released on every
path. Real servers on one PostgreSQL, the NOTIFYs sent from a plain connection as an attacker would.

F2: 5,000 hostile ``dn_orphaned`` payloads made a create take 7.8 s (each was claimed on the one
lock connection), 100,000 ran the processes out of lock memory, and a variant of a live code
(``k7-qpa``) was claimed under its own lock key, loaded as the live table and never released.
F3: a table handed over with nobody taking it (a ``dn_handover`` from anyone, or an asker that
gave up with TABLE_MOVING) stayed open, listed and unserved; it is now named for adoption.
"""
from __future__ import annotations

import logging
import os
import random
import time
from dataclasses import replace

import asyncpg  # type: ignore[import-untyped]
import pytest

from doublenine.server import moving, registry
from doublenine.server.app import GameServer
from doublenine.server.storage.pglocks import LOCK_NAME, held_key, lock_key, note_code
from doublenine.server.table import Refused
from doublenine.shared.errors import ErrorCode
from doublenine.shared.tablecode import CODE_ALPHABET, clean_code

from .test_scale_down import make, until
from .test_takeover import server_config, wiped


def test_note_code_takes_only_a_code_in_its_exact_form() -> None:
    assert note_code("K7QPA") == ("K7QPA", False)
    assert note_code("K7QPA connected", "connected") == ("K7QPA", True)
    assert note_code("K7QPA", "connected") == ("K7QPA", False)
    for bad in ("k7qpa", "K7-QPA", "K7_QPA", " K7QPA", "K7QPA ", "K7QP", "K7QPAA", "K70PA",
                "K7QPA connected", "Ｋ7QPA", "", "3fa9c2e41b", "K7QPA" * 1000, None, b"K7QPA"):
        assert note_code(bad) is None, bad
    for bad in ("K7QPA connectedx", "K7QPA Connected", "K7QPA  connected", "k7qpa connected"):
        assert note_code(bad, "connected") is None, bad


def variants(code: str, count: int, rng: random.Random) -> list[str]:
    """``count`` distinct spellings of ``code`` that clean to it (dashes, underscores, spaces, case)."""
    found: set[str] = set()
    while len(found) < count:
        text = "".join(ch.lower() if rng.random() < 0.5 else ch for ch in code)
        for _ in range(rng.randint(1, 3)):
            at = rng.randint(0, len(text))
            text = text[:at] + rng.choice("-_ ") + text[at:]
        if text != code:
            found.add(text)
    assert all(clean_code(v) == code for v in found)
    return sorted(found)


async def locks_of(con: asyncpg.Connection, pid: int) -> set[int]:
    """The advisory lock keys the lock connection of server process ``pid`` holds (the servers of
    these tests run in this process: ``os.getpid()``)."""
    rows = await con.fetch("SELECT l.classid::bigint AS hi, l.objid::bigint AS lo FROM pg_locks l"
                           " JOIN pg_stat_activity a ON a.pid = l.pid WHERE l.locktype = 'advisory'"
                           " AND l.objsubid = 1 AND a.application_name = $1", f"{LOCK_NAME}{pid}")
    return {held_key(r["hi"], r["lo"]) for r in rows}


async def notify(con: asyncpg.Connection, channel: str, payloads: list[str]) -> None:
    await con.fetchval("SELECT count(pg_notify($1, x)) FROM unnest($2::text[]) x", channel, payloads)


async def test_a_flood_of_hostile_orphan_names_is_bounded_and_leaks_no_lock(pg_dsn: str) -> None:
    rng = random.Random(7)
    db = await wiped(pg_dsn)
    a = await GameServer(replace(server_config(db), idle_timeout=1800.0)).start()
    con = await asyncpg.connect(pg_dsn)
    try:
        host = await make(a, "hhhh")
        live = str(host.code)
        junk = ["%032x" % rng.getrandbits(128) for _ in range(2_000)]
        spelled = variants(live, 200, rng)
        codes = ["".join(rng.choice(CODE_ALPHABET) for _ in range(5)) for _ in range(3_000)]
        await notify(con, "dn_orphaned", junk + [f"{v} connected" if i % 2 else v for i, v in enumerate(spelled)]
                     + codes)
        ownership = a.registry.ownership

        async def all_delivered() -> bool:
            pending = len(a.registry._adoptions) + len(a.registry._adopting)
            assert pending <= registry.MAX_PENDING_ADOPTIONS
            return ownership.ignored == len(junk) + len(spelled)

        await until(all_delivered)
        started = time.monotonic()
        other = await make(a, "hhhh")  # old code: 7.8 s behind 5,000 claims
        assert time.monotonic() - started < 1.0

        async def settled() -> bool:
            pending = len(a.registry._adoptions) + len(a.registry._adopting)
            assert pending <= registry.MAX_PENDING_ADOPTIONS
            return pending == 0 and not a.registry._tasks

        await until(settled, timeout=20)
        tables = {live, str(other.code)}
        assert set(a.registry.tables) == tables and ownership.held == tables
        assert await locks_of(con, os.getpid()) == {lock_key(c) for c in tables}  # old code: 200 variant locks more
        await host.close()
        await other.close()
    finally:
        await con.close()
        await a.stop()


async def test_a_claim_that_loads_a_table_under_another_code_is_released(pg_dsn: str) -> None:
    """Kind of F2: a claim is released on every path, here a load that found the live table its
    variant cleans to (any caller of the load, not only a NOTIFY)."""
    db = await wiped(pg_dsn)
    a = await GameServer(server_config(db)).start()
    try:
        host = await make(a, "hhhh")
        live = str(host.code)
        variant = live[:2].lower() + "-" + live[2:]
        assert await a.registry._claim_and_adopt(variant) is a.registry.tables[live]
        assert a.registry.ownership.held == {live}
        await host.close()
    finally:
        await a.stop()


async def test_a_table_handed_over_with_nobody_asking_is_adopted(
        pg_dsn: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """F3: ``NOTIFY dn_handover`` from any session (five times over) hands the table over once,
    and a live process serves it again ADOPT_CONNECTED_AFTER later: locked, listed by a server."""
    monkeypatch.setattr(moving, "ADOPT_CONNECTED_AFTER", 1.0)
    caplog.set_level(logging.INFO, logger="doublenine.server")
    db = await wiped(pg_dsn)
    a, b = await GameServer(server_config(db)).start(), await GameServer(server_config(db)).start()
    con = await asyncpg.connect(pg_dsn)
    try:
        host = await make(a, "hhhh")
        code = str(host.code)
        await host.close()

        async def nobody_at_a() -> bool:
            return not a.registry.tables[code].subscribers

        await until(nobody_at_a)
        for _ in range(5):  # one NOTIFY a statement: PostgreSQL folds equal ones of one transaction
            await notify(con, "dn_handover", [code])
        await notify(con, "dn_handover", ["k7-qpa", code.lower(), "x" * 7000])

        async def handed_over() -> bool:
            return code not in a.registry.tables and code not in a.registry.ownership.held

        await until(handed_over)
        assert await a.store.unowned_open() == [code]  # nobody serves it for now ...

        async def adopted() -> bool:
            return code in set(a.registry.tables) | set(b.registry.tables)

        await until(adopted)  # ... and 1 s later somebody does (old code: nobody, ever)
        assert await a.store.unowned_open() == []
        assert a.registry.ownership.ignored == 3
        assert caplog.text.count(f"table {code} handed over") == 1
    finally:
        await con.close()
        await a.stop()
        await b.stop()


async def test_a_claim_is_released_when_the_store_fails_after_it(pg_dsn: str) -> None:
    """Kind of F2 (every lock taken is released on every path): a create whose check of its new
    code failed in the store, and an idle close whose store write failed, kept the table's
    advisory lock until the process restarted (nobody else could ever take that table)."""
    db = await wiped(pg_dsn)
    a = await GameServer(server_config(db)).start()
    con = await asyncpg.connect(pg_dsn)
    store = a.registry.store

    async def broken(*args: object, **kwargs: object) -> None:
        raise OSError("store down (test)")

    try:
        host = await make(a, "hhhh")
        table = a.registry.tables[str(host.code)]
        await host.close()
        store.close_table = broken  # type: ignore[method-assign]
        with pytest.raises(OSError):
            await a.registry.close_table(table)
        store.load = broken  # type: ignore[method-assign]
        with pytest.raises(Refused) as refused:  # a refusal, not the connection's end (attacker s10 F7)
            await a.registry._claim_new_code()
        assert (refused.value.code, refused.value.data) == (ErrorCode.INTERNAL, {"store": "failing", "retry_ms": 2000})
        assert a.registry.ownership.held == set() and a.registry.tables == {}
        assert await locks_of(con, os.getpid()) == set()
    finally:
        await con.close()
        del store.close_table, store.load
        await a.stop()


async def test_the_owner_hands_a_table_over_at_most_the_burst_however_often_notified(
        pg_dsn: str, caplog: pytest.LogCaptureFixture) -> None:
    """Re-check finding: ``NOTIFY dn_handover`` from any session moved a table (closing its players
    4003) every time, ten times in 0.1 s, since only askers took from the hand-over budget. The owner
    counts what it gives too: HANDOVER_BURST hand-overs, then the asks are left unanswered."""
    import asyncio

    caplog.set_level(logging.INFO, logger="doublenine.server")
    db = await wiped(pg_dsn)
    a = await GameServer(server_config(db)).start()
    con = await asyncpg.connect(pg_dsn)
    try:
        host = await make(a, "hhhh")
        code = str(host.code)
        await host.close()
        for _ in range(int(registry.HANDOVER_BURST) + 3):
            if code not in a.registry.tables:
                await a.registry.find_or_load(code)  # served here again (as a player's rejoin would)
            await notify(con, "dn_handover", [code])

            async def answered() -> bool:
                return code not in a.registry.tables or "not handed over" in caplog.text

            await until(answered)
            await asyncio.sleep(0.2)
        assert caplog.text.count(f"table {code} handed over") == int(registry.HANDOVER_BURST)
        assert f"table {code} not handed over" in caplog.text
        assert code in a.registry.tables  # the last asks found it still served here
    finally:
        await con.close()
        await a.stop()
