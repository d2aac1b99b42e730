"""Attacker finding F1 (session 5): the tables-per-address limit beaten by concurrent creates.

Three real ``doublenine serve`` processes on one PostgreSQL behind the shipped nginx config, the
default limit of 8: 40 ``create_table`` from one address at once got 39 tables, each process
counting before any had stored. The count and the insert are now one step in the store (the
address group's advisory lock): exactly 8 are created, 32 refused TOO_MANY_TABLES, whichever
process each reached. Skips like tests/deploy/test_multiprocess.py where nginx, openssl or
PostgreSQL is missing.
"""
from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from doublenine.server.netbot import ServerRefused, TableClient

from .fleet import IN_CI, fleet
from .nginxrun import MISSING, NGINX, OPENSSL, client_tls

pytestmark = pytest.mark.skipif((NGINX is None or OPENSSL is None) and not IN_CI, reason=MISSING)

ADDRESS = "127.0.0.6"
"""The one client address every create comes from (a loopback address of its own)."""


async def create(https: int) -> TableClient | str:
    """A four-person table created through nginx from :data:`ADDRESS`, or the refusal's code."""
    client = await TableClient.connect(f"wss://127.0.0.1:{https}/", ssl=client_tls(),
                                       local_addr=(ADDRESS, 0), open_timeout=20)
    try:
        return await client.attach({"type": "create_table", "sit": 1, "name": "Ana",
                                    "seats": [{"kind": "human"}] * 4})
    except ServerRefused as exc:
        await client.close()
        return str(exc.error.code)


async def test_f1_forty_concurrent_creates_from_one_address_get_exactly_the_limit(tmp_path: Path, pg: str) -> None:
    async with fleet(tmp_path, pg) as f:
        done = await asyncio.gather(*(create(f.https) for _ in range(40)))
        made = [c for c in done if isinstance(c, TableClient)]
        refused = sorted(c for c in done if isinstance(c, str))
        try:
            assert (len(made), refused) == (8, ["TOO_MANY_TABLES"] * 32)
            assert len({c.code for c in made}) == 8
        finally:
            for client in made:
                await client.close()
