"""Run inside a private namespace (tests/lan/lan_netns.py): announce, browse, update, withdraw.

Prints one JSON object: the tables the browser listed after each step.
Everything is restricted to 127.0.0.1 as well, in case the namespace were shared.
"""
from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from doublenine.client.discovery import TableBrowser
from doublenine.server.announce import AnnouncedTable, Announcer

LO = ["127.0.0.1"]


async def wait_for(browser: TableBrowser, want: int, deadline: float = 20.0) -> list[list[Any]]:
    """Poll until the list holds ``want`` tables or the deadline passes; return its rows."""
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        rows = [[t.host_name, t.code, t.free_seats, t.address, t.port, t.protocol] for t in browser.tables()]
        if len(rows) == want:
            return rows
        await asyncio.sleep(0.1)
    return rows


async def scenario() -> dict[str, Any]:
    out: dict[str, Any] = {}
    with TableBrowser(interfaces=LO) as browser:
        alpha = Announcer(40001, protocol=1, host_name="alpha", addresses=LO, interfaces=LO)
        beta = Announcer(40002, protocol=1, host_name="beta", addresses=LO, interfaces=LO)
        await alpha.start([AnnouncedTable("KQ7PM", 3)])
        await beta.start([AnnouncedTable("AB2CD", 1), AnnouncedTable("XY3ZK", 4)])
        out["both"] = await wait_for(browser, 3)
        await alpha.update([AnnouncedTable("KQ7PM", 2)])
        end = time.monotonic() + 20
        while time.monotonic() < end and not any(t.code == "KQ7PM" and t.free_seats == 2 for t in browser.tables()):
            await asyncio.sleep(0.1)
        out["seat_taken"] = await wait_for(browser, 3)
        version = browser.version
        await beta.stop()
        out["beta_stopped"] = await wait_for(browser, 1)
        out["version_moved"] = browser.version > version
        await alpha.stop()
        out["all_stopped"] = await wait_for(browser, 0)
    return out


if __name__ == "__main__":
    print(json.dumps(asyncio.run(scenario())))
