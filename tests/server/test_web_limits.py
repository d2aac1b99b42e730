"""Attacker finding: the work one plain HTTP page costs, and how many pages one address gets.

``/`` once built the record of every public table this process serves on each request and
kept 50 (work growing with what others created), and nothing limited how often one address
asked. Now one ``/`` builds at most LISTED_MAX records whatever the number of tables, and
pages (``/``, ``/t/CODE``, 404s) are limited per address group (IPv6 by its /64) with a
``429`` that says so, while another address is served and ``/healthz`` and ``/static/``
still answer.
"""
from __future__ import annotations

import asyncio
import http.client
from types import SimpleNamespace
from typing import Any

from doublenine.server.storage import MemoryStore
from doublenine.server.web import listing
from doublenine.server.web.listing import LISTED_MAX, PublicTables
from doublenine.server.web.pages import TableInfo

from .conftest import connect, seats


async def raw_get(port: int, path: str, source: str = "127.0.0.1", **headers: str) -> tuple[int, dict[str, str], str]:
    """GET ``path`` from the loopback address ``source``: status, headers, body."""
    def fetch() -> tuple[int, dict[str, str], str]:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10, source_address=(source, 0))
        try:
            conn.request("GET", path, headers=headers)
            r = conn.getresponse()
            return r.status, dict(r.getheaders()), r.read().decode(errors="replace")
        finally:
            conn.close()

    return await asyncio.to_thread(fetch)


def live_table(code: str, created_at: float, public: bool = True) -> Any:
    """Just what choosing the shown tables reads of a live table."""
    return SimpleNamespace(code=code, meta=SimpleNamespace(created_at=created_at),
                           listing=lambda: (public, (0, 0)))


async def test_one_index_builds_records_only_for_the_tables_shown(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    built: list[str] = []

    def counted(table: Any) -> TableInfo:
        built.append(table.code)
        return TableInfo(table.code, (), (0, 0), False)

    monkeypatch.setattr(listing, "table_info", counted)
    tables = {f"T{i:04d}": live_table(f"T{i:04d}", float(i), public=i % 7 != 0) for i in range(1000)}
    registry = SimpleNamespace(store=MemoryStore(), tables=tables, ownership=SimpleNamespace(exclusive=True))
    page = PublicTables(registry)
    infos = await page.tables()
    newest = [f"T{i:04d}" for i in range(999, -1, -1) if i % 7 != 0][:LISTED_MAX]
    assert [i.code for i in infos] == newest
    assert sorted(built) == sorted(newest) and page.built == LISTED_MAX  # 50 records, not 857
    await page.tables()
    assert page.built == 2 * LISTED_MAX  # each request: the shown tables only, each as it is now


async def test_index_of_a_real_server_with_more_public_tables_than_shown(make_server) -> None:  # type: ignore[no-untyped-def]
    server = await make_server()
    clients = []
    for _ in range(LISTED_MAX + 10):
        c = await connect(server)
        await c.attach({"type": "create_table", "seats": seats(*"hhhh"), "seed": 3, "sit": 1, "name": "Ana",
                        "public": True})
        clients.append(c)
    status, _, body = await raw_get(server.port, "/")
    assert status == 200 and body.count('href="/t/') == LISTED_MAX
    assert server.site.public.built == LISTED_MAX
    for c in clients:
        await c.close()


async def test_a_flood_of_pages_from_one_address_gets_429_while_another_is_served(make_server) -> None:  # type: ignore[no-untyped-def]
    server = await make_server(page_rate=0.01, page_burst=5.0)
    answers = [(await raw_get(server.port, path))[0] for path in ("/", "/", "/t/NOSUCH", "/nowhere", "/")]
    assert answers == [200, 200, 404, 404, 200]
    status, headers, body = await raw_get(server.port, "/", **{"Accept-Language": "fr"})
    assert status == 429 and int(headers["Retry-After"]) >= 1
    assert "Trop de demandes depuis votre adresse" in body and headers["Content-Security-Policy"].startswith("default-src")
    assert (await raw_get(server.port, "/t/ANY"))[0] == 429
    assert (await raw_get(server.port, "/", source="127.0.0.2"))[0] == 200  # another address: served
    assert (await raw_get(server.port, "/healthz"))[0] == 200  # health checks are never refused
    assert (await raw_get(server.port, "/static/page.css"))[0] == 200


async def test_page_limit_counts_an_ipv6_address_by_its_64(make_server) -> None:  # type: ignore[no-untyped-def]
    server = await make_server(page_rate=0.01, page_burst=2.0, trust_proxy=True)

    async def status(client: str) -> int:
        return (await raw_get(server.port, "/", **{"X-Forwarded-For": client}))[0]

    assert [await status("2001:db8:1:2::7"), await status("2001:db8:1:2::8")] == [200, 200]
    assert await status("2001:db8:1:2:ffff::1") == 429  # the same /64
    assert await status("2001:db8:1:3::1") == 200  # the next /64
