"""Scale-down (attacker finding, session 7), with real processes: one of three ``doublenine serve``
on one PostgreSQL behind the shipped nginx stops cleanly (SIGTERM) with a solo table nobody is at
(one person, three computers) and a table waiting for friends. Before, both stayed open in the
store with no process serving them: the solo one listed on ``/``, counted against its creator and
never closed until someone looked its code up. Now a live process adopts both at once: the solo one
closes ``--solo-idle-timeout`` later and its person's ``rejoin`` opens it again (D7); the other is
served (``/healthz`` tables of the live processes) and still listed. A process that dies
(``kill -9``) names nothing: the live ones see one process fewer (counted every 5 s), find the
open tables whose lock nobody holds and adopt them 30 s later (``ADOPT_CONNECTED_AFTER``: its
players may reconnect to another process first). Skips like
tests/deploy/test_multiprocess.py where nginx, openssl or PostgreSQL is missing (CI has them).
"""
from __future__ import annotations

import asyncio
import json
import urllib.request
from pathlib import Path

import pytest

from doublenine.server.netbot import TableClient
from doublenine.server.storage.postgres import PostgresStore

from .fleet import IN_CI, fleet
from .nginxrun import MISSING, NGINX, OPENSSL, client_tls

pytestmark = pytest.mark.skipif((NGINX is None or OPENSSL is None) and not IN_CI, reason=MISSING)

SOLO = 4.0
"""``--solo-idle-timeout`` of the three processes."""


def health(port: int) -> dict[str, int | str]:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=10) as answer:
        return dict(json.loads(answer.read()))


async def make(port: int, kinds: str) -> TableClient:
    seats = [{"kind": "human" if k == "h" else "computer", "level": "easy"} for k in kinds]
    client = await TableClient.connect(f"ws://127.0.0.1:{port}/")
    await client.attach({"type": "create_table", "sit": 1, "name": "Ana", "seats": seats, "public": True})
    if "c" in kinds:  # solo: its match started
        await client.until(lambda m: bool(client.my_decisions()), timeout=30)
    return client


async def nobody_at(port: int) -> None:
    """Wait until the process at ``port`` has no connection (the clients' closes arrived)."""
    for _ in range(200):
        if health(port)["connections"] == 0:
            return
        await asyncio.sleep(0.02)
    raise AssertionError("still connected")


async def adopted(pg: str, codes: tuple[str, str], ports: list[int], within: float) -> None:
    """Wait at most ``within`` s until the solo table ``codes[0]`` is closed and the other is served by
    one of ``ports``; then it alone is listed."""
    store = PostgresStore(pg)
    try:
        for _ in range(int(within / 0.1)):
            stored = await store.load(codes[0])
            served = sum(int(health(port)["tables"]) for port in ports)
            if stored is not None and stored.closed and served == 1:
                break
            await asyncio.sleep(0.1)
        assert stored is not None and stored.closed, "the solo table was left open"
        assert served == 1
        assert [t.code for t in await store.load_listed(50)] == [codes[1]]
    finally:
        await store.close()


async def test_a_stopped_process_leaves_no_table_open_that_nobody_serves(tmp_path: Path, pg: str) -> None:
    async with fleet(tmp_path, pg, extra=("--solo-idle-timeout", str(SOLO))) as f:
        first, rest = f.ports[0], f.ports[1:]
        solo, waiting = await make(first, "hccc"), await make(first, "hhhh")
        codes = (str(solo.code), str(waiting.code))
        await solo.close()
        await waiting.close()
        await nobody_at(first)  # before the solo table's timeout
        before = health(first)
        assert (before["tables"], before["connections"]) == (2, 0)
        assert await asyncio.to_thread(f.servers[0].terminate) == 0
        await adopted(pg, codes, rest, SOLO + 10)
        back = await TableClient.connect(f"wss://127.0.0.1:{f.https}/t/{codes[0]}", ssl=client_tls())
        await back.attach({"type": "rejoin", "code": codes[0], "token": solo.token})
        assert back.seat == 1
        await back.close()


async def test_a_killed_process_leaves_no_table_open_that_nobody_serves(tmp_path: Path, pg: str) -> None:
    async with fleet(tmp_path, pg, extra=("--solo-idle-timeout", str(SOLO))) as f:
        await asyncio.sleep(6)  # every process has counted the three (every 5 s)
        first, rest = f.ports[0], f.ports[1:]
        solo, waiting = await make(first, "hccc"), await make(first, "hhhh")
        codes = (str(solo.code), str(waiting.code))
        await solo.close()
        await waiting.close()
        await nobody_at(first)
        await asyncio.to_thread(f.servers[0].kill)
        await asyncio.sleep(20)
        assert sum(int(health(port)["tables"]) for port in rest) == 0  # not before the 30 s
        await adopted(pg, codes, rest, 5 + 30 + SOLO + 10 - 20)
        back = await TableClient.connect(f"wss://127.0.0.1:{f.https}/t/{codes[0]}", ssl=client_tls())
        await back.attach({"type": "rejoin", "code": codes[0], "token": solo.token})
        assert back.seat == 1
        await back.close()
