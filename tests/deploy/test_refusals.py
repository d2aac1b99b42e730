"""Attacker finding F1, kind: an application-level refusal counted by the proxy as a dead process.

The shipped nginx config retried a request answered ``503`` on the next process and counted the
``503`` as a failure (``max_fails=1 fail_timeout=5s``): while the store was slow, a few list pages
(``/?before=``, ``503`` after 2 s) marked every healthy process down, and nginx refused every
request, websockets to every table included, with ``502`` for 5 s. Three real ``doublenine serve``
processes on PostgreSQL behind the shipped config: with ``dn_table`` locked (a store that does not
answer), list pages are refused ``503`` once each by the process that got them, and meanwhile a
websocket to a table and ``/healthz`` through nginx still get in; nginx marked no process down.
Skips like tests/deploy/test_multiprocess.py where nginx, openssl or PostgreSQL is missing.
"""
from __future__ import annotations

import asyncio
import http.client
from pathlib import Path

import asyncpg  # type: ignore[import-untyped]
import pytest
from websockets.exceptions import InvalidStatus

from doublenine.server.netbot import TableClient

from .fleet import IN_CI, fleet
from .nginxrun import MISSING, NGINX, OPENSSL, client_tls
from .test_listing import create

pytestmark = pytest.mark.skipif((NGINX is None or OPENSSL is None) and not IN_CI, reason=MISSING)

CURSOR = "/?before=9999999999999999.ZZZZZ"
"""A page of ``/`` after the first: one store query, no cached answer (server/web/listing.py)."""
PAGERS = 4
"""List pages asked for at once during the stall ("a few people paging")."""


def get(https: int, path: str) -> tuple[int, str | None]:
    """(status, Retry-After) of one GET through nginx."""
    conn = http.client.HTTPSConnection("127.0.0.1", https, timeout=30, context=client_tls())
    try:
        conn.request("GET", path, headers={"Host": f"127.0.0.1:{https}"})
        answer = conn.getresponse()
        answer.read()
        return answer.status, answer.getheader("Retry-After")
    finally:
        conn.close()


async def websocket(https: int, code: str) -> int:
    """101 when the websocket to ``code`` opened through nginx, else the refusal's status."""
    try:
        client = await TableClient.connect(f"wss://127.0.0.1:{https}/t/{code}", ssl=client_tls(), open_timeout=10)
    except InvalidStatus as exc:
        return exc.response.status_code
    await client.ws.close()
    return 101


async def test_f1_list_pages_refused_by_a_slow_store_never_make_nginx_refuse_a_table(
        tmp_path: Path, pg: str) -> None:
    async with fleet(tmp_path, pg) as f:
        code = await create(f.ports[1], True, "Host")  # another table, on a process of its own
        assert await asyncio.to_thread(get, f.https, CURSOR) == (200, None)
        lock = await asyncpg.connect(pg)
        try:
            tx = lock.transaction()
            await tx.start()
            await lock.execute("LOCK TABLE dn_table IN ACCESS EXCLUSIVE MODE")  # the store stops answering
            pages = await asyncio.gather(*(asyncio.to_thread(get, f.https, CURSOR) for _ in range(PAGERS)))
            table = await websocket(f.https, code)  # old config: 502, every process marked down
            health = await asyncio.to_thread(get, f.https, "/healthz")
            # each page refused once by the process it reached (Retry-After: 2), the table still reached
            assert (pages, table, health) == ([(503, "2")] * PAGERS, 101, (200, None))
            await tx.rollback()  # the store answers again
        finally:
            await lock.close()
        assert await asyncio.to_thread(get, f.https, CURSOR) == (200, None)
        errors = (f.nginx_dir / "error.log").read_text()
        assert "temporarily disabled" not in errors and "no live upstreams" not in errors
