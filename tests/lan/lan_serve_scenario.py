"""Run inside a private namespace (tests/lan/lan_netns.py): ``doublenine serve --announce``
seen live by the LAN browser as tables open, seats fill, and the server stops.

Prints one JSON object with what the browser listed after each step.
"""
from __future__ import annotations

import asyncio
import json
import signal
import sys
import time
from typing import Any

from doublenine.client.discovery import TableBrowser
from doublenine.server.netbot import TableClient

SEATS = [{"kind": "human"}, {"kind": "human"}, {"kind": "computer", "level": "easy"},
         {"kind": "computer", "level": "easy"}]


async def until(browser: TableBrowser, pred: Any, deadline: float = 20.0) -> list[list[Any]]:
    end = time.monotonic() + deadline
    while True:
        rows = [[t.code, t.free_seats, t.address, t.port] for t in browser.tables()]
        if pred(rows) or time.monotonic() > end:
            return rows
        await asyncio.sleep(0.1)


async def scenario() -> dict[str, Any]:
    serve = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "doublenine", "serve", "--host", "127.0.0.1", "--port", "0", "--announce",
        "--db", ":memory:", "--bot-delay", "0", stdout=asyncio.subprocess.PIPE)
    assert serve.stdout is not None
    line = (await asyncio.wait_for(serve.stdout.readline(), 30)).decode()
    url = line.split("serving on ", 1)[1].split()[0]
    port = int(url.rstrip("/").rsplit(":", 1)[1])
    out: dict[str, Any] = {"port": port}
    with TableBrowser(interfaces=["127.0.0.1"]) as browser:
        host = await TableClient.connect(url)
        await host.attach({"type": "create_table", "seats": SEATS, "sit": 1, "name": "Ana"})
        out["code"] = host.code
        out["opened"] = await until(browser, lambda rows: rows != [])
        friend = await TableClient.connect(url)
        await friend.attach({"type": "join", "code": host.code, "name": "Bo"})
        out["seat_taken"] = await until(browser, lambda rows: rows and rows[0][1] == 0)
        await friend.close()
        await host.close()
        serve.send_signal(signal.SIGTERM)
        out["exit"] = await asyncio.wait_for(serve.wait(), 30)
        out["stopped"] = await until(browser, lambda rows: rows == [])
    return out


if __name__ == "__main__":
    print(json.dumps(asyncio.run(scenario())))
