"""Phone s15: the web pages on a phone, measured in a real browser (Debian's Chromium driven by Playwright, as
tests/server/test_web_browser.py; skipped without them outside CI).

- F2 (High) and F5, kind: shared class names leaking the table page's styles into the lists. ``li.result`` of a
  finished match took the felt's ``.result`` (bold, centred, gold) and each ``span.team`` of the lists the score
  card's ``.team`` box (dark background, 5 px border, padding, grid): on a 390 px phone a match's row was ~1000
  px tall with names one or two letters a line, and "/"'s team lines were boxes with the points wrapping.
- F18, kind: a name shown without a way to wrap: one 32-letter table name made "/" 803 px and the table page
  875 px wide at 390 px.
- F13: at 320 px the two score cards side by side broke names inside words: stacked.
"""
from __future__ import annotations

import time
from typing import Any

from doublenine.server.storage.base import MatchResult

from .conftest import connect, seats
from .test_web_browser import ARGS, CHROMIUM, _browser_or_skip

LONG = "W" * 32
"""The reported name: one word as long as a name may be."""
PHONE = {"width": 390, "height": 844}
SMALL = {"width": 320, "height": 568}

STYLES = """sel => Array.from(document.querySelectorAll(sel)).map(e => { const s = getComputedStyle(e), r = e.getBoundingClientRect();
  return {border: s.borderLeftWidth, background: s.backgroundColor, align: s.textAlign, weight: s.fontWeight,
          columns: s.gridTemplateColumns.split(' ').length, width: Math.round(r.width), height: Math.round(r.height),
          top: Math.round(r.top), right: Math.round(r.right)}; })"""


async def _long_named_table_and_results(server: Any) -> str:
    """A listed table named :data:`LONG` with long seat names, and two finished matches of it."""
    c = await connect(server)
    spec: dict[str, Any] = {"type": "create_table", "seats": seats(*"hccc"), "sit": 1, "name": LONG,
                            "public": True, "table_name": LONG}
    for i, name in enumerate(("محمد عبد الرحمن", "Maximiliano Fernández-García", "Bartholomew-Maximilian Schmidt"), 1):
        spec["seats"][i]["name"] = name
    joined = await c.attach(spec)
    now = time.time()
    for match, seated in ((1, (LONG, "computer:normal", "Maximiliano Fernández-García", "computer:normal")),
                          (2, ("Ana", "Bo", "Chloé", "Dmitri"))):
        await server.store.record_result(MatchResult(joined.code, match, seated, (104, 37), "A", 9, now - 900, now - 60 + match,
                                                     LONG, True))
    return str(joined.code)


async def _styles(page: Any, selector: str) -> list[dict[str, Any]]:
    return list(await page.evaluate(f"({STYLES})({selector!r})"))


async def _scroll_width(page: Any) -> int:
    return int(await page.evaluate("document.scrollingElement.scrollWidth"))


async def test_phone_s15_lists_and_names_fit_a_phone_without_the_table_pages_styles(make_server: Any) -> None:
    async_playwright = _browser_or_skip()
    server = await make_server()
    code = await _long_named_table_and_results(server)
    base = f"http://127.0.0.1:{server.port}"
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        try:
            phone = await browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="en-US")
            page = await phone.new_page()
            for path in ("/results", "/"):
                await page.goto(base + path)
                assert await _scroll_width(page) == 390, path  # F18: was 803 on "/"
                rows = await _styles(page, "ol.results li")
                assert len(rows) == 2 and {(r["align"], r["weight"], r["columns"]) for r in rows} == {("start", "400", 1)}
                # F2: no score-card box on a team of a finished match; its names as wide as the row lets them be
                teams = await _styles(page, "ol.results .team")
                assert {(t["border"], t["background"]) for t in teams} == {("0px", "rgba(0, 0, 0, 0)")}
                names = await _styles(page, "ol.results .members")
                assert min(n["width"] for n in names) >= 150, names  # was ~60 px: a letter or two a line
                assert max(r["height"] for r in rows) < 400, rows  # was ~1000 px for one match (305 with these names)
            # F5: "/"'s team lines: no box, label, names and points on one line, the points at the right
            teams = await _styles(page, "ul.tables .names .team")
            assert {(t["border"], t["background"]) for t in teams} == {("0px", "rgba(0, 0, 0, 0)")}
            points = await _styles(page, "ul.tables .names .team .points")
            assert [p["right"] for p in points] == [t["right"] for t in teams]
            labels = await _styles(page, "ul.tables .names .team .label")
            assert [abs(a["top"] - b["top"]) <= 4 for a, b in zip(labels, points)] == [True, True]
            await page.goto(f"{base}/t/{code}")
            await page.wait_for_selector("#conn.live", timeout=60_000)
            assert await _scroll_width(page) == 390  # F18: was 875 (the h1)
            await phone.close()
            small = await browser.new_context(viewport=SMALL, is_mobile=True, has_touch=True, locale="en-US")
            page = await small.new_page()
            await page.goto(f"{base}/t/{code}")
            await page.wait_for_selector("#conn.live", timeout=60_000)
            assert await _scroll_width(page) == 320
            # F13: the score cards stacked at 320 px, each as wide as the page's column
            [score] = await _styles(page, "section.score")
            cards = await _styles(page, "section.score .team")
            assert score["columns"] == 1 and [c["width"] for c in cards] == [score["width"]] * 2
            for path in ("/", "/results"):
                await page.goto(base + path)
                assert await _scroll_width(page) == 320, path
            await small.close()
        finally:
            await browser.close()
