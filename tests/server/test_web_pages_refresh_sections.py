"""Phone s17 F13: ``/`` left open on a phone keeps the same sections as a reload when its list changes shape.

Kind: children paired by position in /static/board.js's in-place refresh. When the list's ``<ul>`` and its
"Older tables" ``<nav>`` became one "No table is listed" line (the tables closed), or the first page gained its
nav (the 51st table), every later section shifted one place: the phone block ("Start a table") was there twice
and the install help (or the computer's "Start a table") was gone until a reload. Sections are paired by their
id or class now. Run in Chromium with the page's own script, the two pages served as the server makes them."""
from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

from doublenine.server.web import pages
from doublenine.server.web.words import words

from .test_web_browser import ARGS, CHROMIUM, _browser_or_skip

STATIC = Path(pages.__file__).parent / "static"
URL = "http://doublenine.test/"


def _tables(n: int) -> list[pages.TableInfo]:
    return [pages.TableInfo(f"T{i:04d}", tuple(pages.SeatInfo(s, "", "computer") for s in range(1, 5)), (0, 0), True,
                            name=f"Mesa {i}") for i in range(n)]


def _page(tables: int, older: str | None) -> str:
    html = pages.index_page(words("en"), _tables(tables), "127.0.0.1:8765", older=older, finished=[],
                            link=URL)
    return html.replace(f'data-refresh="{pages.BOARD_REFRESH_S}"', 'data-refresh="2"')


async def _sections_after_refresh(first: str, then: str) -> list[str]:
    async_playwright = _browser_or_skip()
    served = [first, then]

    async def route(r: Any) -> None:
        path = r.request.url[len(URL) - 1:]
        if path.startswith("/static/"):
            await r.fulfill(body=(STATIC / path[len("/static/"):]).read_bytes(),
                            content_type="text/javascript" if path.endswith(".js") else "text/css")
        else:
            body = served.pop(0) if len(served) > 1 else served[0]  # the first read, then the changed page
            await r.fulfill(body=body, content_type="text/html")

    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        page = await browser.new_page(viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True)
        await page.route("**/*", route)
        await page.goto(URL)
        shape = "els => els.map(e => e.tagName + '.' + e.className)"
        before = await page.eval_on_selector_all("#board > *", shape)
        deadline = time.monotonic() + 30
        while (now := await page.eval_on_selector_all("#board > *", shape)) == before:
            assert time.monotonic() < deadline, "the page never read itself again"
            await asyncio.sleep(0.1)
        await asyncio.sleep(0.3)
        now = await page.eval_on_selector_all("#board > *", shape)
        await browser.close()
    return now



async def test_phone_s17_f13_an_older_page_whose_tables_closed_equals_a_reload() -> None:
    got = await _sections_after_refresh(_page(3, "before=abc"), _page(0, None))
    assert got == ["SECTION.head", "P.empty", "SECTION.finished", "SECTION.create", "SECTION.on-phone", "SECTION.install"]


async def test_phone_s17_f13_the_51st_table_adds_the_nav_and_loses_no_section() -> None:
    got = await _sections_after_refresh(_page(2, None), _page(3, "before=abc"))
    assert got == ["SECTION.head", "UL.tables", "NAV.pages", "SECTION.finished", "SECTION.create", "SECTION.on-phone",
                   "SECTION.install"]
