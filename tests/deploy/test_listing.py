"""Issue 12: with several ``doublenine serve`` processes on one PostgreSQL, the web page ``/`` of
every process lists the public tables of all of them (read from the store), never a private
one, and ``/t/CODE`` through the shipped nginx config shows any table, whichever process
created it. Three real processes, real nginx; skips like tests/deploy/test_multiprocess.py
where nginx, openssl or PostgreSQL is missing (CI has them).
"""
from __future__ import annotations

import asyncio
import ssl
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from doublenine.server.netbot import TableClient

from .fleet import IN_CI, fleet
from .nginxrun import MISSING, NGINX, OPENSSL

pytestmark = pytest.mark.skipif((NGINX is None or OPENSSL is None) and not IN_CI, reason=MISSING)
LISTING_TTL = 2.0
"""server/web/listing.py: how long a process reuses the store's answer for ``/``."""


def get(url: str) -> tuple[int, str]:
    """A plain GET (no certificate check: the throwaway one); status and text."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.check_hostname, context.verify_mode = False, ssl.CERT_NONE
    try:
        with urllib.request.urlopen(url, timeout=10, context=context) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


async def create(port: int, public: bool, name: str) -> str:
    """A table of four human seats (nothing moves) created on the process at ``port``."""
    client = await TableClient.connect(f"ws://127.0.0.1:{port}/")
    try:
        await client.attach({"type": "create_table", "sit": 1, "name": name, "public": public,
                             "seats": [{"kind": "human"}] * 4})
        return str(client.code)
    finally:
        await client.close()


def listed(html: str) -> set[str]:
    return {part.split('"', 1)[0] for part in html.split('<a href="/t/')[1:]}


async def test_issue_12_every_process_lists_every_public_table_and_nginx_shows_any_table(
        tmp_path: Path, pg: str) -> None:
    async with fleet(tmp_path, pg) as f:
        ports, https = f.ports, f.https
        assert all(listed(get(f"http://127.0.0.1:{port}/")[1]) == set() for port in ports)  # caches filled
        public = [await create(port, True, f"Player{i}") for i, port in enumerate(ports)]
        private = await create(ports[0], False, "Hidden")
        await asyncio.sleep(LISTING_TTL + 0.2)  # each process read the store before these existed
        for port in ports:  # each process holds one of them and lists all three
            status, html = await asyncio.to_thread(get, f"http://127.0.0.1:{port}/")
            assert status == 200 and listed(html) == set(public), port
            assert private not in html
        for i, code in enumerate(public):  # names and free seats come from the stored record
            _, html = await asyncio.to_thread(get, f"http://127.0.0.1:{ports[(i + 1) % 3]}/")
            row = html.split(f'href="/t/{code}"', 1)[1].split("</li>", 1)[0]
            # a free seat is said free, not named by its default name (new-user finding 4)
            # by team since d286e95 (club s14 F6), the count as "seats for a person" (club s14 F17)
            assert f'Team A</span> <span class="members"><bdi>Player{i}</bdi> &amp; <bdi>free seat</bdi></span> <span' in row and "3 seats for a person" in row
            assert 'Team B</span> <span class="members"><bdi>free seat</bdi> &amp; <bdi>free seat</bdi></span> <span' in row
            assert row.count('<span class="points">0</span>') == 2
        status, html = await asyncio.to_thread(get, f"https://127.0.0.1:{https}/")
        assert status == 200 and listed(html) == set(public)
        for code in public + [private, public[1].lower()]:  # any table's page, through nginx
            status, html = await asyncio.to_thread(get, f"https://127.0.0.1:{https}/t/{code}")
            assert status == 200 and f'data-code="{code.upper()}"' in html, code
        status, _ = await asyncio.to_thread(get, f"https://127.0.0.1:{https}/t/ZZZZZ")
        assert status == 404


async def test_pages_of_the_list_through_nginx_hold_every_table_of_every_process_once(
        tmp_path: Path, pg: str) -> None:
    """120 public tables created over three processes, ``/`` followed through nginx by its Older
    links (each request may reach any process): the newest 50, the next 50, the last 20, exactly,
    while new tables arrive at every process between the pages."""
    import re

    flags = ("--max-tables-per-address", "1000", "--page-burst", "1000")
    async with fleet(tmp_path, pg, extra=flags) as f:
        ports, https = f.ports, f.https
        made = [await create(ports[i % 3], True, f"Player{i}") for i in range(120)]
        newest_first = made[::-1]
        await asyncio.sleep(LISTING_TTL + 0.2)  # the first page is each process's answer of the last 2 s
        pages, path = [], "/"
        for n in range(3):
            status, html = await asyncio.to_thread(get, f"https://127.0.0.1:{https}{path}")
            assert status == 200, path
            pages.append([part.split('"', 1)[0] for part in html.split('<a href="/t/')[1:]])
            for port in ports:  # new tables at every process before the next page
                await create(port, True, f"New{n}")
            older = re.search(r'<a class="older" href="([^"]*)"', html)
            path = older.group(1) if older else ""
        # club s14 F1: each page holds the newest tables first, shown by code (these have no name)
        assert pages == [sorted(newest_first[:50]), sorted(newest_first[50:100]), sorted(newest_first[100:])]
        assert path == ""  # the last page has no Older link
