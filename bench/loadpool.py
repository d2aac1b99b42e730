"""The client processes of bench/load.py, kept for the whole run (issue 12 load figures).

The same processes drive the floor and the game, one run after the other (ABAB...), so the
two are measured with the same clients under the same machine load. Each process reads one
command per line on stdin (JSON: ``mode`` "game" or "floor", ``url``, ``tables``, ``rate``,
``warmup``, ``seconds``, ``base``), opens its share of tables or groups, says ``ready``,
starts on ``go`` and answers one JSON line of figures (moves, elapsed, latencies, errors,
matches, its own CPU), then waits for the next command.
"""
from __future__ import annotations

import asyncio
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

TICK = os.sysconf("SC_CLK_TCK")
LOAD = Path(__file__).with_name("load.py")


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of process ``pid`` so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def pct(xs: list[float], q: float) -> float:
    """The q-quantile (0..1) of ``xs`` in milliseconds (nearest rank)."""
    if not xs:
        return float("nan")
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))] * 1000


class ClientPool:
    """``procs`` long-lived client processes (``load.py --pool``)."""

    def __init__(self, procs: list[asyncio.subprocess.Process]) -> None:
        self.procs = procs

    @classmethod
    async def start(cls, n: int) -> ClientPool:
        procs = [await asyncio.create_subprocess_exec(
            sys.executable, str(LOAD), "--pool", stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE, cwd=LOAD.parents[1], limit=2**28) for _ in range(n)]  # a line holds every latency
        return cls(procs)

    async def _say(self, proc: asyncio.subprocess.Process, line: str) -> None:
        assert proc.stdin is not None
        proc.stdin.write(line.encode() + b"\n")
        await proc.stdin.drain()

    async def _hear(self, proc: asyncio.subprocess.Process, timeout: float) -> str:
        assert proc.stdout is not None
        line = await asyncio.wait_for(proc.stdout.readline(), timeout)
        if not line:
            raise RuntimeError(f"load client {proc.pid} exited ({await proc.wait()})")
        return line.decode().strip()

    async def run(self, mode: str, url: str, server_pid: int, tables: int, rate: float,
                  seconds: float) -> dict[str, Any]:
        """One run of ``mode`` against the server at ``url`` (process ``server_pid``): the
        figures of the clients together, the server's CPU and the clients' over the same
        measured ``seconds`` (after a warm-up)."""
        warmup = min(3.0, seconds / 5)
        shares = [tables // len(self.procs) + (1 if i < tables % len(self.procs) else 0)
                  for i in range(len(self.procs))]
        busy = [(p, n) for p, n in zip(self.procs, shares) if n]
        base = 0
        for proc, n in busy:
            await self._say(proc, json.dumps({"mode": mode, "url": url, "tables": n, "rate": rate,
                                              "warmup": warmup, "seconds": seconds, "base": base}))
            base += n
        for proc, _ in busy:
            if (said := await self._hear(proc, 300)) != "ready":
                raise RuntimeError(f"load client {proc.pid}: {said}")
        await asyncio.sleep(0.5)
        for proc, _ in busy:
            await self._say(proc, "go")
        await asyncio.sleep(warmup)
        s0, c0, t0 = cpu_seconds(server_pid), sum(cpu_seconds(p.pid) for p, _ in busy), time.perf_counter()
        await asyncio.sleep(seconds)
        s1, c1, t1 = cpu_seconds(server_pid), sum(cpu_seconds(p.pid) for p, _ in busy), time.perf_counter()
        results = [json.loads(await self._hear(p, 120)) for p, _ in busy]
        lat = [x for r in results for x in r["latencies"]]
        errors: dict[str, int] = {}
        for r in results:
            for k, v in r["errors"].items():
                errors[k] = errors.get(k, 0) + v
        moves = sum(r["moves"] / r["elapsed"] for r in results)
        server_cpu, client_cpu = (s1 - s0) / (t1 - t0), (c1 - c0) / (t1 - t0)
        return {"moves_s": moves, "p50": pct(lat, 0.5), "p99": pct(lat, 0.99), "samples": len(lat),
                "errors": sum(errors.values()), "cpu": server_cpu, "client_cpu": client_cpu,
                "cpu_us_move": server_cpu / max(1e-9, moves) * 1e6,
                "client_us_move": client_cpu / max(1e-9, moves) * 1e6,
                "matches": sum(r["matches"] for r in results), "error_codes": errors}

    async def close(self) -> None:
        for proc in self.procs:
            assert proc.stdin is not None
            proc.stdin.close()
        for proc in self.procs:
            await proc.wait()


def pool_main() -> int:
    """``load.py --pool``: run commands from stdin until it closes (see the module doc)."""
    from loadfloor import floor_worker
    from loadgame import worker

    while line := sys.stdin.readline():
        if not line.strip():
            continue
        cmd = json.loads(line)
        args = (cmd["url"], cmd["tables"], cmd["rate"], cmd["warmup"], cmd["seconds"])
        if cmd["mode"] == "game":
            result = asyncio.run(worker(*args))
        else:
            result = asyncio.run(floor_worker(*args, base=cmd["base"]))
        print(json.dumps(result), flush=True)
    return 0
