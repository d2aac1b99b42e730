"""Phone s15 F15/F6/F11: many phones behind one address (a café's wifi) keep "/" open.

F15: 24 clients reading "/" every 10 s (2.4 pages/s) against ``--page-rate 2 --page-burst 30`` got 24 of 216
answers ``429``, and the 25th phone's table link "Too many requests". A refresh now asks with ``If-None-Match``
and is answered from the server's copy of that page, ``304`` when unchanged, without counting
(server/web/delivery.py). F6/F11: nothing was compressed and every refresh sent the whole page. The ``429`` page
now loads itself again after its ``Retry-After``.
"""
from __future__ import annotations

import asyncio
import gzip
import http.client
from typing import Any

from doublenine.server.web import pages
from doublenine.server.web.delivery import BOARD_FRESH, GZIP_MIN, etag_of
from doublenine.server.web.words import words

from .test_web_limits import raw_get
from .test_web_pages import create


async def test_phone_s15_f15_refreshes_of_the_list_do_not_use_up_the_page_budget(make_server: Any) -> None:
    server = await make_server(page_rate=0.01, page_burst=3.0)
    await create(server, True)
    status, headers, body = await raw_get(server.port, "/")  # counted: 1 of 3
    etag = headers["ETag"]
    assert status == 200 and etag == etag_of(body.encode()) and etag.startswith('W/"') and BOARD_FRESH == 5.0
    # 60 refreshes as board.js makes them (24 phones, one minute's worth at once): none counted
    answers = [(await raw_get(server.port, "/", **{"If-None-Match": etag}))[0] for _ in range(50)]
    answers += [(await raw_get(server.port, "/", **{"If-None-Match": '"0"'}))[0] for _ in range(10)]  # a first read
    assert answers == [304] * 50 + [200] * 10
    host = await create(server, None, kinds="hhcc")
    assert (await raw_get(server.port, f"/t/{host.code}"))[0] == 200  # the friend's table link: counted, 2 of 3
    assert (await raw_get(server.port, "/"))[0] == 200  # a plain load is counted as ever: 3 of 3
    status, headers, body = await raw_get(server.port, "/", **{"Accept-Language": "de"})
    # 1 page per 100 s: the next in 100 s less what the bucket refilled while the test ran (0.01 a second: a
    # loaded machine's 1.2 s made it 99, mid-session run s17)
    wait = int(headers["Retry-After"])
    assert status == 429 and 95 <= wait <= 100
    assert f'<meta http-equiv="refresh" content="{wait}">' in body
    assert (f'<p class="retry" data-retry="{wait}" data-text="Diese Seite lädt sich in {{seconds}} s von selbst neu.">'
            f"Diese Seite lädt sich in {wait} s von selbst neu.</p>") in body
    assert '<a class="open" href="">Seite neu laden</a>' in body and '<script src="/static/page.js"></script>' in body
    # a refresh of a page whose copy is not kept (another language) is counted: refused now
    assert (await raw_get(server.port, "/", **{"If-None-Match": etag, "Accept-Language": "fr"}))[0] == 429


def test_phone_s15_f15_the_429_page_without_a_wait_is_as_before() -> None:
    html = pages.too_many_page(words("en"))
    assert "refresh" not in html and "page.js" not in html and "Too many requests from your address" in html


async def test_phone_s15_f11_text_is_gzipped_when_asked_and_only_then(make_server: Any) -> None:
    server = await make_server()
    await create(server, True)

    def fetched(path: str, headers: dict[str, str]) -> tuple[dict[str, str], bytes]:
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        try:
            conn.request("GET", path, headers=headers)
            r = conn.getresponse()
            return dict(r.getheaders()), r.read()
        finally:
            conn.close()

    async def fetch(path: str, **headers: str) -> tuple[dict[str, str], bytes]:
        return await asyncio.to_thread(fetched, path, headers)

    for path in ("/", "/static/table.js", "/static/page.css"):
        plain_headers, plain = await fetch(path)
        assert "Content-Encoding" not in plain_headers and len(plain) >= GZIP_MIN
        headers, packed = await fetch(path, **{"Accept-Encoding": "gzip, deflate, br"})
        assert headers["Content-Encoding"] == "gzip" and "Accept-Encoding" in headers["Vary"]
        assert int(headers["Content-Length"]) == len(packed) < len(plain) // 2
        if path == "/":
            assert headers["ETag"] == plain_headers["ETag"] and headers["Vary"] == "Accept-Language, Accept-Encoding"
        else:
            assert gzip.decompress(packed) == plain
        headers, _ = await fetch(path, **{"Accept-Encoding": "gzip;q=0, identity"})
        assert "Content-Encoding" not in headers
    headers, body = await fetch("/static/icon.png", **{"Accept-Encoding": "gzip"})
    assert "Content-Encoding" not in headers  # not text: as it is


async def test_phone_s15_f16_previews_robots_and_the_icons_browsers_ask_for(make_server: Any) -> None:
    """F16: a table link pasted in a chat had no preview, "/" was titled "doublenine" only, /robots.txt,
    /favicon.ico and /apple-touch-icon.png answered a 404 page counted against the page budget, and a table's
    page could be indexed. F11: the pages showed a 45 KB icon at 32 px."""
    server = await make_server(page_rate=0.01, page_burst=2.0)
    host = await create(server, True, kinds="hhcc")
    _, _, html = await raw_get(server.port, f"/t/{host.code}")  # counted: 1 of 2
    assert ('<meta name="description" content="Waiting for players · 1 seat for a person">\n'
            '<meta property="og:type" content="website">\n'
            f'<meta property="og:title" content="Table {host.code}">\n'
            '<meta property="og:description" content="Waiting for players · 1 seat for a person">\n'
            f'<meta property="og:image" content="http://127.0.0.1:{server.port}/apple-touch-icon.png">\n'
            '<meta name="robots" content="noindex, nofollow">\n'
            f'<title>Table {host.code} · doublenine</title>') in html
    _, _, html = await raw_get(server.port, "/")  # counted: 2 of 2
    assert "<title>Open tables on this server · doublenine</title>" in html and 'name="robots"' not in html
    assert '<link rel="icon" type="image/png" href="/static/icon-64.png">' in html
    for path, kind in (("/robots.txt", "text/plain; charset=utf-8"), ("/favicon.ico", "image/png"),
                       ("/apple-touch-icon.png", "image/png"), ("/static/icon-64.png", "image/png")):
        status, headers, body = await raw_get(server.port, path)  # never counted: served with the budget spent
        assert (status, headers["Content-Type"]) == (200, kind), path
    assert (await raw_get(server.port, "/robots.txt"))[2] == "User-agent: *\nDisallow: /t/\n"
    assert int((await raw_get(server.port, "/favicon.ico"))[1]["Content-Length"]) < 4096
    assert (await raw_get(server.port, "/"))[0] == 429  # the budget was spent: the files above were not counted
