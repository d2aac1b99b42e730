"""Run inside a private namespace (tests/lan/lan_netns.py): forged announcements (attacker s12 B1).

The namespace's loopback gets a second address, 10.9.9.9, standing for a stranger on the LAN: its
packets come from 10.9.9.9. A genuine host announces table X9P6Z (2 free seats) at 127.0.0.1 from
127.0.0.1; the stranger sends b1_forge_mdns.py's exact announcements (2 services, 36 tables each
with 4 free seats, host name "Hostie", at 127.0.0.1:9999) and, from 10.9.9.9 itself, 2 more such
services at its own address 10.9.9.9:9998, and one at a neighbour's 10.9.9.10:9997. Prints one JSON object: the browser's rows.
"""
from __future__ import annotations

import asyncio
import json
import random
import socket
import subprocess
import time
from typing import Any

from zeroconf import IPVersion, ServiceInfo, Zeroconf

from doublenine.client.discovery import TableBrowser
from doublenine.server.announce import AnnouncedTable, Announcer

LO = ["127.0.0.1"]
STRANGER = "10.9.9.9"
ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ"


def forge(zc: Zeroconf, n: int, host: str, addr: str, port: int, tag: str) -> list[ServiceInfo]:
    """b1_forge_mdns.py's services: ``n`` of them, 36 tables each with 4 free seats."""
    rng = random.Random(tag)
    infos = []
    for i in range(n):
        codes = ",".join("".join(rng.choice(ALPHABET) for _ in range(5)) + ":4" for _ in range(36))
        info = ServiceInfo("_doublenine._tcp.local.", f"{host} {tag}{i}._doublenine._tcp.local.",
                           addresses=[socket.inet_aton(addr)], port=port,
                           properties={"txtvers": "1", "proto": "2", "host": host, "tables": codes[:248]},
                           server=f"forged{tag}{i}.local.")
        zc.register_service(info, allow_name_change=True, ttl=120)
        infos.append(info)
    return infos


def rows(browser: TableBrowser) -> list[list[Any]]:
    return [[t.host_name, t.code, t.free_seats, t.address, t.port] for t in browser.tables()]


async def scenario() -> dict[str, Any]:
    added = subprocess.run(["ip", "addr", "add", f"{STRANGER}/32", "dev", "lo"], capture_output=True, text=True)
    assert added.returncode == 0, added.stderr
    out: dict[str, Any] = {}
    with TableBrowser(interfaces=LO) as browser:
        host = Announcer(40001, protocol=2, host_name="Hostie", addresses=LO, interfaces=LO)
        await host.start([AnnouncedTable("X9P6Z", 2)])
        stranger = await asyncio.to_thread(Zeroconf, interfaces=[STRANGER], ip_version=IPVersion.V4Only)
        await asyncio.to_thread(forge, stranger, 2, "Hostie", "127.0.0.1", 9999, "a")
        await asyncio.to_thread(forge, stranger, 2, "Hostie", STRANGER, 9998, "b")
        await asyncio.to_thread(forge, stranger, 1, "Hostie", "10.9.9.10", 9997, "c")  # a neighbour's address
        end = time.monotonic() + 40
        while time.monotonic() < end and (len(browser.tables()) < 13 or len(browser._by_service) < 6):
            await asyncio.sleep(0.2)
        await asyncio.sleep(3.0)  # anything late has come in by now
        out["rows"] = rows(browser)
        out["services"] = len(browser._by_service)
        await asyncio.to_thread(stranger.close)
        await host.stop()
    return out


if __name__ == "__main__":
    print(json.dumps(asyncio.run(scenario())))
