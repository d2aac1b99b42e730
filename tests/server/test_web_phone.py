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

import asyncio
import random
import time
from typing import Any

from doublenine.server.storage.base import MatchResult
from doublenine.shared.moves import Pass

from .conftest import connect, four_at_play, random_player, seats, spectate, step
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


async def _shown(page: Any, selector: str) -> list[bool]:
    return [await e.is_visible() for e in await page.query_selector_all(selector)]


async def test_phone_s15_f4_a_phone_or_tablet_is_told_to_play_on_a_computer_and_can_pass_the_link_on(make_server: Any) -> None:
    """F4 (High): an invited friend on a phone saw a table waiting for players and not a word of how to take a
    seat; a 1024 px tablet got "Open in doublenine" and the pipx steps it cannot follow. Touch devices are told
    by what they are (a coarse pointer that cannot hover), not by their width."""
    async_playwright = _browser_or_skip()
    server = await make_server()
    c = await connect(server)
    waiting = await c.attach({"type": "create_table", "seats": seats(*"hhcc"), "sit": 1, "name": "Ana", "public": True})
    base = f"http://127.0.0.1:{server.port}"
    link = f"{base}/t/{waiting.code}"
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        try:
            for size in (PHONE, {"width": 1024, "height": 1366}):
                touch = await browser.new_context(viewport=size, is_mobile=True, has_touch=True, locale="en-US",
                                                  permissions=["clipboard-read", "clipboard-write"])
                page = await touch.new_page()
                await page.goto(link)
                await page.wait_for_selector("#conn.live", timeout=60_000)
                assert (await _shown(page, ".install"), await _shown(page, ".open-row")) == ([False], [False]), size
                assert await _shown(page, "details.on-phone[open]") == [True]
                said = await page.text_content("details.on-phone") or ""
                assert "doublenine is played in its program on a computer (Linux, with Python 3.11 or newer)." in said
                assert f"join table {waiting.code}." in said
                assert await page.text_content(".big-code") == waiting.code
                assert await page.input_value("input.link") == link
                button = page.locator("button.share-link")
                assert await button.is_visible() and await button.text_content() in ("Copy link", "Share the link")
                if await button.text_content() == "Copy link":
                    await button.click()
                    await page.wait_for_selector(".shared:text('Link copied')", timeout=5_000)
                    assert await page.evaluate("navigator.clipboard.readText()") == link
                await page.goto(base + "/")
                assert await _shown(page, ".create") == [False] and await _shown(page, ".install") == [False]
                assert await _shown(page, "section.on-phone") == [True]
                assert await page.input_value("section.on-phone input.link") == base + "/"
                await touch.close()
            desk = await browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US")
            page = await desk.new_page()
            await page.goto(link)
            await page.wait_for_selector("#conn.live", timeout=60_000)
            assert (await _shown(page, ".install"), await _shown(page, ".open-row")) == ([True], [True])
            assert await _shown(page, ".on-phone") == [False]
            await page.goto(base + "/")
            assert (await _shown(page, ".create"), await _shown(page, ".on-phone")) == ([True], [False])
            await desk.close()
        finally:
            await browser.close()


async def test_phone_s15_f19_the_limit_per_address_is_said_as_such_and_the_board_dimmed(make_server: Any) -> None:
    """F19: the 9th phone on one wifi (``--max-spectators-per-address`` 8) was told "This table already has as many
    spectators as it takes" (SPECTATORS_FULL's words for SPECTATORS_PER_ADDRESS), under a board that looked live."""
    async_playwright = _browser_or_skip()
    server = await make_server(max_spectators_per_address=1)
    c = await connect(server)
    joined = await c.attach({"type": "create_table", "seats": seats(*"hccc"), "sit": 1, "name": "Ana"})
    await spectate(server, joined.code)  # the address's one place taken
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        try:
            phone = await browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="en-US")
            page = await phone.new_page()
            await page.goto(f"http://127.0.0.1:{server.port}/t/{joined.code}")
            await page.wait_for_selector("#conn.stopped", timeout=30_000)
            assert await page.text_content("#status") == \
                "Too many people on your network are watching this table already. Try again in a minute."
            [board] = await _styles(page, "section.board")
            # phone s17 F10: greyed, not faded (faded to 0.45 its text fell to 2.4:1): its text keeps its contrast
            assert await page.evaluate("getComputedStyle(document.querySelector('section.board')).filter") == "grayscale(0.85)"
            assert await page.evaluate("getComputedStyle(document.querySelector('section.board')).opacity") == "1"
            assert board["width"] > 0
            await phone.close()
        finally:
            await browser.close()


async def test_phone_s15_f6_the_list_changes_in_place_and_keeps_the_focused_row(make_server: Any) -> None:
    """F6: "/" replaced its whole <main> every 10 s: a focused row (keyboard, TalkBack, VoiceOver) was thrown
    away, focus back on the page (``before: Waiting room... | after 12s: BODY``). Now the rows that stay are the
    same elements; a table listed meanwhile (before them in the order) is put in its place."""
    async_playwright = _browser_or_skip()
    server = await make_server()
    names = {}
    for name in ("Mesa", "Zoe"):
        c = await connect(server)
        joined = await c.attach({"type": "create_table", "seats": seats(*"hhcc"), "sit": 1, "name": "Ana",
                                 "public": True, "table_name": name})
        names[name] = joined.code
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        try:
            phone = await browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="en-US")
            page = await phone.new_page()
            asked: list[str | None] = []
            page.on("request", lambda r: asked.append(r.headers.get("if-none-match")) if r.url.endswith("/") else None)
            await page.goto(f"http://127.0.0.1:{server.port}/")
            await page.focus(f'a[href="/t/{names["Zoe"]}"]')
            c = await connect(server)
            first = await c.attach({"type": "create_table", "seats": seats(*"hhcc"), "sit": 1, "name": "Bo",
                                    "public": True, "table_name": "Abbey"})
            await page.wait_for_selector(f'a[href="/t/{first.code}"]', timeout=20_000)  # the refresh came
            rows = await page.eval_on_selector_all("ul.tables li a", "els => els.map(e => e.getAttribute('href'))")
            assert rows == [f"/t/{first.code}", f"/t/{names['Mesa']}", f"/t/{names['Zoe']}"]
            assert await page.evaluate("document.activeElement.getAttribute('href')") == f"/t/{names['Zoe']}"
            assert asked[0] is None and asked[1] == '"0"'  # the load, then a conditional refresh
            await phone.close()
        finally:
            await browser.close()


async def test_phone_s15_f7_a_screen_reader_is_told_each_play_and_the_headings_are_in_order(make_server: Any) -> None:
    """F7: the only live region said "Dmitri to play", "Zoë to play"... about once a second and never what was
    played; headings went h1 -> h3 (seats) -> h2 (line); a seat heading read "AAna"; the end badges bare numbers.
    A hand of four persons (random players), each play said as it comes, with the line's ends after it."""
    async_playwright = _browser_or_skip()
    server = await make_server()
    clients, table = await four_at_play(server, seed=7)
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        try:
            phone = await browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="en-US")
            page = await phone.new_page()
            await page.goto(f"http://127.0.0.1:{server.port}/t/{table.code}")
            await page.wait_for_selector("#conn.live", timeout=60_000)
            heads = await page.evaluate("Array.from(document.querySelectorAll('h1,h2,h3,h4,h5,h6')).map(h => h.tagName)")
            assert heads[0] == "H1" and set(heads[1:]) == {"H2"}
            badges = await page.eval_on_selector_all(".seat .team-badge", "els => els.map(e => e.getAttribute('aria-label'))")
            assert sorted(badges) == ["Team A", "Team A", "Team B", "Team B"]
            assert await page.get_attribute("p.status", "aria-live") is None  # "NAME to play" is not read out each turn
            await page.evaluate("""() => { window.__said = []; const said = document.getElementById('said');
                new MutationObserver(() => window.__said.push(said.textContent)).observe(said, {childList: true, characterData: true, subtree: true}); }""")
            turn = table.state.hand.turn
            mover = clients[turn - 1]
            rng = random.Random(3)
            await step(mover, random_player(mover.view, rng), clients, table)
            hand = table.state.hand
            name = {1: "South", 2: "P2", 3: "P3", 4: "P4"}[turn]
            last = hand.moves[-1]
            if isinstance(last, Pass):
                expected = f"{name} passed"
            else:
                placed = hand.line[-1]
                side = "" if len(hand.line) == 1 else f" on the {placed.end.value}"
                expected = f"{name} played {placed.left}-{placed.right}{side}, open ends {hand.ends[0]} and {hand.ends[1]}"
            deadline = time.monotonic() + 10
            while expected not in await page.evaluate("window.__said"):
                assert time.monotonic() < deadline, (expected, await page.evaluate("window.__said"))
                await asyncio.sleep(0.05)
            ends = await page.eval_on_selector_all("#line .open-end", "els => els.map(e => e.textContent)")
            assert ends == [f"left end {hand.ends[0]}", f"right end {hand.ends[1]}"]
            await phone.close()
        finally:
            await browser.close()


SMALL_TARGETS = """() => Array.from(document.querySelectorAll('a, button, input, summary')).filter(e => e.offsetParent !== null)
  .map(e => [e.tagName + '.' + e.className, Math.round(e.getBoundingClientRect().height)]).filter(x => x[1] < 44)"""


async def test_phone_s15_f9_f10_targets_are_large_enough_and_landscape_shows_the_board(make_server: Any) -> None:
    """F10: the brand link was 32 px tall, the results' code links 19, the filter's fields 21-24, "All results"
    19; F9: a phone in landscape (844x390) showed no part of the game in its first screen."""
    async_playwright = _browser_or_skip()
    server = await make_server()
    code = await _long_named_table_and_results(server)
    base = f"http://127.0.0.1:{server.port}"
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        try:
            phone = await browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="en-US")
            page = await phone.new_page()
            for path in ("/", "/results", f"/t/{code}"):
                await page.goto(base + path)
                assert await page.evaluate(SMALL_TARGETS) == [], path
            await phone.close()
            flat = await browser.new_context(viewport={"width": 844, "height": 390}, is_mobile=True, has_touch=True,
                                             locale="en-US")
            page = await flat.new_page()
            await page.goto(f"{base}/t/{code}")
            await page.wait_for_selector("#conn.live", timeout=60_000)
            [north] = await _styles(page, "#seat-3")
            assert north["top"] < 390 - 80, north  # was at the bottom edge: the seats start in the first screen
            await flat.close()
        finally:
            await browser.close()


async def test_organiser_s16_f13_results_print_dark_on_white_without_the_controls(make_server: Any) -> None:
    """Organiser s16 F13: /results printed (for a club's notice board) came out as dark felt with gold text,
    its filter form and download links on top, one match a 40-px card. Printed now: white, black, no form, no
    downloads, no header, each match one compact row that is never cut across two pages."""
    async_playwright = _browser_or_skip()
    server = await make_server()
    await _long_named_table_and_results(server)
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        try:
            page = await (await browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US")).new_page()
            await page.goto(f"http://127.0.0.1:{server.port}/results")
            assert await page.is_visible("form.filter") and await page.is_visible(".downloads")
            await page.emulate_media(media="print")
            got = await page.evaluate("""() => {
                const css = (sel, prop) => getComputedStyle(document.querySelector(sel))[prop];
                return [css('body', 'backgroundColor'), css('body', 'color'), css('form.filter', 'display'),
                        css('.downloads', 'display'), css('header.top', 'display'),
                        css('ol.results li', 'breakInside'), css('ol.results li', 'backgroundColor')]; }""")
            assert got == ["rgb(255, 255, 255)", "rgb(0, 0, 0)", "none", "none", "none", "avoid", "rgba(0, 0, 0, 0)"]
        finally:
            await browser.close()
