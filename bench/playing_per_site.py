"""Tables a site keeps playing (session 11, item 1; docs/performance.md "Tables a site keeps playing").

A stranger held 4,096 tables of four computers from the 512 /64s of one IPv6 /48 (8 tables each,
every creating connection kept open, so each table kept playing for it) and the server spent ~78%
of a core on them. This bench runs ``doublenine serve`` twice, ``--max-playing-per-site 0`` (no
limit: before) and the default (8: after), each time:

1. a control table of four ``normal`` computers from 198.51.100.1, watched ``--secs`` alone (its
   moves and the gaps between them: the control latency);
2. ``--groups`` x ``--per`` tables of four ``--level`` computers from 2001:db8:77::/48, one /64 per group, each
   creating connection held open and read (refused ones closed; counted by code and ``data.limit``:
   ``TOO_MANY_TABLES playing_per_site`` is the site's cap, ``TOO_MANY_TABLES`` alone the open tables per address);
3. the control table watched ``--secs`` again under that load, with the server's CPU meanwhile.

Ratio: the control table's moves under load over its moves alone, in the same run (1.0: no
slowdown); the latency ratio is the median gap under load over the median gap alone. Not a test:
timings depend on the machine (tests/server/test_playing_per_site.py checks the counts).

    python bench/playing_per_site.py [--groups 512] [--per 8] [--secs 20]
"""
from __future__ import annotations

import argparse
import asyncio
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import msgpack
import websockets

from doublenine.shared.numbers import arg_float, arg_int

VERSION = 2


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Client:
    """One websocket from ``address`` (``X-Forwarded-For``), said hello."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws

    @classmethod
    async def open(cls, url: str, address: str) -> Client:
        ws = await websockets.connect(url, additional_headers={"X-Forwarded-For": address},
                                      max_queue=None, ping_interval=None)
        c = cls(ws)
        await c.send({"type": "hello", "protocol_version": VERSION, "client": "bench"})
        await c.until(("welcome",))
        return c

    async def send(self, msg: dict[str, Any]) -> None:
        await self.ws.send(msgpack.packb(msg, use_bin_type=True))

    async def recv(self, timeout: float) -> dict[str, Any]:
        return msgpack.unpackb(await asyncio.wait_for(self.ws.recv(), timeout), raw=False)  # type: ignore[no-any-return]

    async def until(self, types: tuple[str, ...], timeout: float = 60.0) -> dict[str, Any]:
        while True:
            m = await self.recv(timeout)
            if m.get("type") in types:
                return m


def _computers(level: str) -> list[dict[str, str]]:
    return [{"kind": "computer", "level": level}] * 4


async def _watch(url: str, code: str, secs: float) -> tuple[int, float]:
    """Watch ``code`` for ``secs``: (moves seen, median seconds between them)."""
    c = await Client.open(url, "198.51.100.99")
    await c.send({"type": "spectate", "code": code})
    await c.until(("snapshot",))
    stamps = [time.monotonic()]
    end = stamps[0] + secs
    while (left := end - time.monotonic()) > 0:
        try:
            m = await c.recv(left)
        except asyncio.TimeoutError:
            break
        if m.get("type") == "update":
            stamps.append(time.monotonic())
    await c.ws.close()
    gaps = [b - a for a, b in zip(stamps, stamps[1:])]
    return len(gaps), statistics.median(gaps) if gaps else float("inf")


async def _drain(c: Client, count: list[int]) -> None:
    try:
        async for _ in c.ws:
            count[0] += 1
    except websockets.ConnectionClosed:
        pass


async def _scenario(url: str, pid: int, args: argparse.Namespace) -> dict[str, Any]:
    owner = await Client.open(url, "198.51.100.1")
    await owner.send({"type": "create_table", "seats": _computers("normal"), "sit": None, "seed": 5})
    code = (await owner.until(("joined",)))["code"]
    base_moves, base_gap = await _watch(url, code, args.secs)
    held: list[Client] = []
    refused: dict[str, int] = {}
    frames = [0]
    drains = []
    started = time.monotonic()
    for g in range(args.groups):
        for i in range(args.per):
            c = await Client.open(url, f"2001:db8:77:{g:x}::{i + 1:x}")
            await c.send({"type": "create_table", "seats": _computers(args.level), "sit": None})
            m = await c.until(("joined", "error"))
            if m["type"] == "joined":
                held.append(c)
                drains.append(asyncio.ensure_future(_drain(c, frames)))
            else:
                why = f'{m["code"]} {(m.get("data") or {}).get("limit", "")}'.strip()  # playing_per_site
                refused[why] = refused.get(why, 0) + 1
                await c.ws.close()
    took = time.monotonic() - started
    cpu0, t0, frames0 = _cpu_seconds(pid), time.monotonic(), frames[0]
    load_moves, load_gap = await _watch(url, code, args.secs)
    cpu = (_cpu_seconds(pid) - cpu0) / (time.monotonic() - t0)
    got = frames[0] - frames0
    for c in held:
        await c.ws.close()
    for d in drains:
        d.cancel()
    await owner.ws.close()
    return {"held": len(held), "refused": refused, "create_s": took, "base": (base_moves, base_gap),
            "load": (load_moves, load_gap), "cpu": cpu, "frames": got,
            "ratio": load_moves / max(1, base_moves), "latency": load_gap / base_gap}


async def _run(limit: int, args: argparse.Namespace) -> dict[str, Any]:
    port = _free_port()
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, DOUBLENINE_SQLITE_SYNC="NORMAL", HOME=tmp, XDG_DATA_HOME=tmp,
                   XDG_CONFIG_HOME=tmp, XDG_STATE_HOME=tmp)
        proc = subprocess.Popen([sys.executable, "-m", "doublenine", "serve", "--port", str(port),
                                 "--db", str(Path(tmp) / "bench.sqlite3"), "--trust-proxy",
                                 "--max-connections-per-address", "0", "--log-level", "WARNING",
                                 "--max-playing-per-site", str(limit)], env=env)
        try:
            url = f"ws://127.0.0.1:{port}/"
            for _ in range(200):
                try:
                    with socket.create_connection(("127.0.0.1", port), 0.1):
                        break
                except OSError:
                    await asyncio.sleep(0.1)
            return await _scenario(url, proc.pid, args)
        finally:
            proc.terminate()
            proc.wait(30)


def _line(name: str, r: dict[str, Any], args: argparse.Namespace) -> str:
    return (f"| {name} | {r['held']} held, refused {r['refused'] or '{}'} ({r['create_s']:.0f} s) | "
            f"{r['base'][0]}, {r['base'][1]:.2f} s | {r['load'][0]}, {r['load'][1]:.2f} s | "
            f"{r['cpu'] * 100:.0f}% | {r['frames']:,} | {r['ratio']:.2f} | {r['latency']:.2f} |")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--groups", type=arg_int(1, 65536), default=512, help="/64s of the one /48")
    ap.add_argument("--per", type=arg_int(1, 64), default=8, help="tables of four computers per /64")
    ap.add_argument("--secs", type=arg_float(1, 3600), default=20.0, help="seconds the control table is watched, each time")
    ap.add_argument("--limits", default="0,8", help="--max-playing-per-site values to run (0: no limit)")
    ap.add_argument("--level", default="normal", help="the attacker's computers' level (the report's: normal)")
    args = ap.parse_args()
    print(f"{args.groups} /64s x {args.per} tables of four {args.level} computers; control watched "
          f"{args.secs:g} s alone, then under load; load average {os.getloadavg()[0]:.1f}")
    print("| --max-playing-per-site | attacker's tables | control alone: moves, median gap | "
          "under load: moves, median gap | server CPU under load | frames to the attacker | "
          "ratio (moves) | latency ratio |")
    print("|---|---|---|---|---|---|---|---|")
    for limit in (int(x) for x in args.limits.split(",")):
        print(_line(str(limit), asyncio.run(_run(limit, args)), args), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
