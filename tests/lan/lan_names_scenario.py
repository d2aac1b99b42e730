"""Run inside a private namespace (tests/lan/lan_netns.py): hosts named ``Александра Константиновна``
(25 characters, 49 UTF-8 bytes) and ``Ana\\n`` (ends in a newline) host tables over real mDNS;
a browser finds both (issue 16.5: the DNS-SD instance name was cut by characters and refused).

Prints one JSON object: what each host's announcement became and what the browser listed.
"""
from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from doublenine.client.discovery import TableBrowser
from doublenine.client.hosting import Hosting
from doublenine.server.netbot import TableClient

LO = ["127.0.0.1"]
NAMES = ["Александра Константиновна", "Ana\n"]


def host(name: str) -> tuple[Hosting, str]:
    hosting = Hosting(None, port=0, bind="127.0.0.1", bot_delay=0.0, host_name=name).start()

    async def create() -> str:
        c = await TableClient.connect(hosting.local_url)
        seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "computer", "level": "easy"},
                 {"kind": "computer", "level": "easy"}]
        await c.attach({"type": "create_table", "seats": seats, "sit": 1, "name": name})
        return str(c.code)
    return hosting, asyncio.run_coroutine_threadsafe(create(), hosting.embedded.loop).result(20)  # type: ignore[arg-type]


def main() -> dict[str, Any]:
    hosts = [host(name) for name in NAMES]
    with TableBrowser(interfaces=LO) as browser:
        end = time.monotonic() + 25
        while time.monotonic() < end and (len(browser.tables()) < 2 or
                                          any(h.embedded.announce_status == "starting" for h, _ in hosts)):
            time.sleep(0.1)
        listed = sorted([t.host_name, t.code == hosts[0][1], t.code == hosts[1][1], t.service]
                        for t in browser.tables())
    status = [[h.embedded.announce_status, h.embedded.announce_failure, h.announced] for h, _ in hosts]
    for h, _ in hosts:
        h.stop()
    return {"listed": listed, "status": status}


if __name__ == "__main__":
    print(json.dumps(main(), ensure_ascii=False), flush=True)
