"""``/`` in pages, on a real server over HTTP: a player follows the Older/Newer links.

120 public tables: page 1 lists the newest 50, page 2 the next 50, page 3 the last 20,
whatever tables are created between the pages; names stay escaped; the links are in
the browser's language. A cursor that is not one of this list's gets ``400`` with
``X-Doublenine-Error: BAD_CURSOR`` and a page saying so, never a ``500``; cursor pages
count against the address's page budget like any page.
"""
from __future__ import annotations

import asyncio
import html
import re
import socket
from typing import Any

from .conftest import connect, seats
from .test_web_limits import raw_get

LINK = re.compile(r'<a class="(newer|older)" href="([^"]*)">([^<]*)</a>')


async def create(server: Any, name: str) -> str:
    c = await connect(server)
    try:
        await c.attach({"type": "create_table", "seats": seats(*"hhhh"), "seed": 3, "sit": 1, "name": name,
                        "public": True})
        return str(c.code)
    finally:
        await c.close()


def listed(body: str) -> list[str]:
    return re.findall(r'<li class="listed" data-code="[A-Z0-9]+"><a href="/t/([A-Z0-9]+)">', body)


def links(body: str) -> dict[str, tuple[str, str]]:
    """{"older"|"newer": (href, label)} of a page."""
    return {kind: (html.unescape(href), label) for kind, href, label in LINK.findall(body)}


async def test_a_player_follows_older_links_through_120_tables_while_new_ones_arrive(make_server) -> None:  # type: ignore[no-untyped-def]
    server = await make_server()
    made = [await create(server, "<b>Zoé \"co\"<b>" if i == 40 else f"P{i}") for i in range(120)]
    newest_first = made[::-1]
    # club s14 F1: the pages hold the tables newest first, each page shown by name, then code (these have none)
    page = lambda codes: sorted(codes)  # noqa: E731
    status, _, body = await raw_get(server.port, "/")
    assert status == 200 and listed(body) == page(newest_first[:50])
    assert set(links(body)) == {"older"} and links(body)["older"][1] == "Older tables"
    pages = [listed(body)]
    for n in range(2):
        for j in range(4):  # tables created between two pages
            await create(server, f"New{n}{j}")
        status, _, body = await raw_get(server.port, links(body)["older"][0], **{"Accept-Language": "fr"})
        assert status == 200
        pages.append(listed(body))
    assert pages == [page(newest_first[:50]), page(newest_first[50:100]), page(newest_first[100:])]
    assert set(links(body)) == {"newer"} and links(body)["newer"][1] == "Tables plus récentes"  # the last page
    status, _, body = await raw_get(server.port, links(body)["newer"][0])  # back: page 2 exactly
    assert status == 200 and listed(body) == page(newest_first[50:100])
    assert "&lt;b&gt;Zoé &quot;co&quot;&lt;b&gt;" in body and "<b>Zoé" not in body  # no "/" nor "&" in names (s16 F4)  # table 40: page 2


BAD = ["/?before=", "/?before=abc", "/?before=-1.AAAAA", "/?before=99999999999999999.AAAAA",
       "/?before=" + "9" * 400 + ".A", "/?after=1.%C3%A9", "/?before=%FF.A", "/?before=1.A&before=2.B",
       "/?before=1.A&after=2.B", "/?after=1.abcde", "/?before=%D9%A1%D9%A2.AAAAA"]


async def test_bad_cursors_get_400_bad_cursor_in_the_browsers_language(make_server) -> None:  # type: ignore[no-untyped-def]
    server = await make_server()
    await create(server, "Ana")
    for path in BAD:
        status, headers, body = await raw_get(server.port, path, **{"Accept-Language": "de"})
        assert (status, headers.get("X-Doublenine-Error")) == (400, "BAD_CURSOR"), path
        assert "Dieser Link zur Liste der Tische ist ungültig" in body and 'data-error="BAD_CURSOR"' in body
        assert headers["Content-Security-Policy"].startswith("default-src 'none'")
    raw = await asyncio.to_thread(_raw_request, server.port, "GET /?before=\u00e9.\u00c9 HTTP/1.1\r\nHost: x\r\n\r\n")
    # raw non-ASCII (a browser percent-encodes it): refused at the edge with a 400 that says so, not dropped
    assert raw.split(b"\r\n", 1)[0] == b"HTTP/1.1 400 Bad Request" and raw.endswith(b"percent-encode the address (RFC 3986).\n")
    assert (await raw_get(server.port, "/"))[0] == 200  # and the server goes on


def _raw_request(port: int, text: str) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
        conn.sendall(text.encode("utf-8"))
        out = b""
        while chunk := conn.recv(65536):
            out += chunk
        return out


async def test_cursor_pages_count_against_the_page_budget(make_server) -> None:  # type: ignore[no-untyped-def]
    server = await make_server(page_rate=0.01, page_burst=3.0)
    answers = [(await raw_get(server.port, path))[0] for path in ("/?before=5.A", "/?after=1.B", "/?before=x", "/")]
    assert answers == [200, 200, 400, 429]
    assert (await raw_get(server.port, "/?before=5.A", source="127.0.0.2"))[0] == 200


async def test_f9_a_hand_made_cursor_page_shows_no_link_to_an_empty_page(make_server) -> None:  # type: ignore[no-untyped-def]
    """``/?after=0.A`` (nobody's link: older than every table) lists the oldest tables; its Older
    link led to an empty page. A link is shown only when a table is on its side."""
    server = await make_server()
    made = [await create(server, f"P{i}") for i in range(3)]
    status, _, body = await raw_get(server.port, "/?after=0.A")
    assert (status, listed(body), links(body)) == (200, sorted(made), {})  # club s14 F1: shown by code
    status, _, body = await raw_get(server.port, "/?before=9999999999999999.ZZZZZ")
    assert (status, listed(body), links(body)) == (200, sorted(made), {})
