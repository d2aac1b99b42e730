"""Screenshots of the table page (issue 13.3) for the README, from a real server and browser.

    .venv/bin/python docs/web_screenshots.py [OUT_DIR]     # default docs/screenshots/

Starts a server on a free loopback port, creates a seeded table of four computers
(listed on ``/``), opens its page in Debian's Chromium through Playwright (never a
downloaded browser) at phone (390x844) and desktop (1280x800) widths, and saves:
``web-table-desktop.png`` and ``web-table-phone.png`` (a hand in play),
``web-reveal-desktop.png`` and ``web-reveal-phone.png`` (a hand revealed), and
``web-index-desktop.png`` (the list of public tables). The computers are held still
while a picture is taken, so both widths show the same moment.
"""
from __future__ import annotations

import asyncio
import dataclasses
import sys
import tempfile
from pathlib import Path
from typing import Any

from doublenine.server.app import GameServer
from doublenine.server.config import ServerConfig
from doublenine.server.netbot import TableClient
from doublenine.shared.state import Phase

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
NAMES = ("Ana", "Bruno", "Chloé", "Dmitri")


async def _until(check: Any, timeout: float = 60.0) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not check():
        if loop.time() > end:
            raise TimeoutError("the table did not get there in time")
        await asyncio.sleep(0.02)


async def _shoot(ctx: Any, url: str, out: Path, name: str, full: bool = False) -> None:
    for kind, (w, h) in SIZES.items():
        page = await ctx.new_page()
        await page.set_viewport_size({"width": w, "height": h})
        await page.goto(url)
        if "/t/" in url:  # a selector, not a function: the page's CSP forbids eval, rightly
            await page.wait_for_selector("#conn.live")
        await asyncio.sleep(0.3)
        await page.screenshot(path=str(out / f"web-{name}-{kind}.png"), full_page=full)
        await page.close()


async def main(out: Path) -> None:
    from playwright.async_api import async_playwright

    out.mkdir(parents=True, exist_ok=True)
    server = await GameServer(ServerConfig(port=0, bot_delay=0.25)).start()
    try:
        creator = await TableClient.connect(server.url)
        seats = [{"kind": "computer", "level": "strong", "name": n} for n in NAMES]
        joined = await creator.attach({"type": "create_table", "seats": seats, "seed": 2026,
                                       "sit": None, "public": True})
        await creator.close()
        table = server.registry.tables[joined.code]
        url = f"http://127.0.0.1:{server.port}/t/{joined.code}"
        hold = dataclasses.replace(table.config, bot_delay=600.0)
        go = table.config
        async with async_playwright() as pw:
            profile = tempfile.TemporaryDirectory(prefix="dn-shots-")  # a fresh --user-data-dir, removed after
            ctx = await pw.chromium.launch_persistent_context(
                profile.name, executable_path=CHROMIUM, headless=True, args=ARGS,
                locale="en-US", device_scale_factor=1)
            try:
                state = lambda: table.log.state  # noqa: E731
                await _until(lambda: state().phase is Phase.PLAY and state().hand is not None
                             and len(state().hand.line) >= 9)
                table.config = hold
                await asyncio.sleep(0.6)  # the action already waiting goes first
                await _shoot(ctx, url, out, "table")
                await _shoot(ctx, f"http://127.0.0.1:{server.port}/", out, "index")
                table.config = go
                table.rearm()  # the computer waiting 600 s starts again now
                await _until(lambda: len(state().finished) >= 1)
                table.config = hold
                await asyncio.sleep(0.6)  # the action already waiting goes first
                await _shoot(ctx, url, out, "reveal")
            finally:
                await ctx.close()
                profile.cleanup()
    finally:
        await server.stop()
    (out / "web-index-phone.png").unlink(missing_ok=True)  # the README shows the desktop one
    print(f"web screenshots in {out}")


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent / "screenshots"))
