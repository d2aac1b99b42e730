"""The client processes of bench/load.py and bench/multiproc.py, kept for the whole run
(issue 12 load figures).

The same processes drive the floor and the game (or three servers and one), one run after
the other (ABAB...), so both are measured with the same clients under the same machine load;
each runs its tables or groups in one bench/wsloop.py loop. Each process reads one
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
SATURATED = 0.9
"""A process that wanted this much CPU (cores; ran plus waited for a CPU) is what limits the run."""


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of process ``pid`` so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def sched(pid: int) -> dict[int, tuple[float, float]]:
    """For each thread of process ``pid``: the seconds it ran on a CPU and waited, runnable,
    for one (/proc/PID/task/TID/schedstat); empty once the process is gone."""
    out = {}
    try:
        tids = [int(t) for t in os.listdir(f"/proc/{pid}/task")]
    except OSError:
        return {}
    for tid in tids:
        try:
            ran, waited, _ = Path(f"/proc/{pid}/task/{tid}/schedstat").read_text().split()
        except (OSError, ValueError):
            continue
        out[tid] = (int(ran) / 1e9, int(waited) / 1e9)
    return out


def had_work(pid: int, before: dict[int, tuple[float, float]], after: dict[int, tuple[float, float]],
             wall: float) -> tuple[float, float, float]:
    """(ran, waited, main) of process ``pid``'s threads over ``wall`` seconds, in cores: CPU
    time, time runnable but waiting for a CPU (all threads), and the main thread's (the event
    loop's) ran plus waited. Ran plus waited is the CPU the process wanted: near 1 or more, it
    always had work and is what saturated, whatever share of a core a busy machine gave it. A
    thread that sleeps (on the GIL, an fsync, its sockets) counts in neither."""
    delta = {t: (r - before.get(t, (0.0, 0.0))[0], w - before.get(t, (0.0, 0.0))[1]) for t, (r, w) in after.items()}
    ran, waited = sum(d[0] for d in delta.values()), sum(d[1] for d in delta.values())
    return ran / wall, waited / wall, sum(delta.get(pid, (0.0, 0.0))) / wall


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

    async def run(self, mode: str, url: str, server_pids: list[int], tables: int, rate: float,
                  seconds: float) -> dict[str, Any]:
        """One run of ``mode`` against the server at ``url`` (its processes ``server_pids``):
        the figures of the clients together, the servers' CPU and the clients' over the same
        measured ``seconds`` (after a warm-up), and which side saturated (:func:`verdict`)."""
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
        pids = [*server_pids, *(p.pid for p, _ in busy)]
        cpu0, sched0, t0 = [cpu_seconds(p) for p in pids], [sched(p) for p in pids], time.perf_counter()
        load0 = os.getloadavg()[0]
        await asyncio.sleep(seconds)
        cpu1, sched1, t1 = [cpu_seconds(p) for p in pids], [sched(p) for p in pids], time.perf_counter()
        results = [json.loads(await self._hear(p, 120)) for p, _ in busy]
        lat = [x for r in results for x in r["latencies"]]
        errors: dict[str, int] = {}
        for r in results:
            for k, v in r["errors"].items():
                errors[k] = errors.get(k, 0) + v
        moves = sum(r["moves"] / r["elapsed"] for r in results)
        wall, k = t1 - t0, len(server_pids)
        cpu = [(b - a) / wall for a, b in zip(cpu0, cpu1)]
        ran, waited, main = zip(*(had_work(p, a, b, wall) for p, a, b in zip(pids, sched0, sched1)))
        busiest = max(range(k), key=lambda i: ran[i] + waited[i])
        client = max(range(k, len(pids)), key=lambda i: ran[i] + waited[i])
        server_cpu, client_cpu = sum(cpu[:k]), sum(cpu[k:])
        return {"moves_s": moves, "p50": pct(lat, 0.5), "p99": pct(lat, 0.99), "samples": len(lat),
                "errors": sum(errors.values()), "cpu": server_cpu, "client_cpu": client_cpu,
                "ratio": client_cpu / max(1e-9, server_cpu),
                "cpu_us_move": server_cpu / max(1e-9, moves) * 1e6,
                "client_us_move": client_cpu / max(1e-9, moves) * 1e6,
                "server_ran": ran[busiest], "server_waited": waited[busiest], "server_loop": main[busiest],
                "client_ran": ran[client], "client_waited": waited[client],
                "load": (load0 + os.getloadavg()[0]) / 2,
                "matches": sum(r["matches"] for r in results), "error_codes": errors}

    async def close(self) -> None:
        for proc in self.procs:
            assert proc.stdin is not None
            proc.stdin.close()
        for proc in self.procs:
            await proc.wait()


def verdict(r: dict[str, Any]) -> str:
    """Which side saturated in run ``r``. A process that wanted 0.9 core or more (its threads
    ran, or waited runnable for a CPU, :func:`had_work`) is saturated. When no process did, the
    server waited (for its store's fsync, or for the clients' next intents).
    A WARNING when the clients used more CPU than the server: that run measures the clients."""
    s = r["server_ran"] + r["server_waited"]
    c = r["client_ran"] + r["client_waited"]
    server = (f"server wanted {s:.2f} core (ran {r['server_ran']:.2f}, waited {r['server_waited']:.2f} for a CPU; "
              f"its event loop {r['server_loop']:.2f})")
    client = f"busiest client wanted {c:.2f} (ran {r['client_ran']:.2f}, waited {r['client_waited']:.2f})"
    if s >= SATURATED and s >= c:
        side = f"SERVER-BOUND: {server}; {client}"
    elif c >= SATURATED:
        side = f"CLIENT-BOUND: {client}; {server}"
    else:
        side = f"neither saturated: {server}; {client}"
    warn = ""
    if r["client_cpu"] > r["cpu"]:
        warn = (f"\n  WARNING: the clients used more CPU ({r['client_cpu']:.2f} core) than the server "
                f"({r['cpu']:.2f}): this run measures the clients, not the server")
    return f"  clients/server CPU {r['ratio']:.2f} ({r['client_us_move']:.0f} vs {r['cpu_us_move']:.0f} us per move); {side}{warn}"


def pool_main() -> int:
    """``load.py --pool``: run commands from stdin until it closes (see the module doc)."""
    import asyncio
    import gc

    from loadfloor import floor_play, open_groups
    from loadplay import Stats, open_tables, play
    from wsloop import Engine

    while line := sys.stdin.readline():
        if not line.strip():
            continue
        cmd = json.loads(line)
        interval = 1 / cmd["rate"] if cmd["rate"] else 0.0
        engine = Engine()
        if cmd["mode"] == "game":
            stats = Stats()
            tables = asyncio.run(open_tables(cmd["url"], engine, stats, cmd["tables"], interval))
        else:
            latencies: list[float] = []
            groups = asyncio.run(open_groups(cmd["url"], engine, cmd["tables"], cmd["base"], interval,
                                             latencies.append))
        gc.collect()
        gc.freeze()  # what set-up built stays: no collection scans it while measuring
        print("ready", flush=True)
        sys.stdin.readline()  # go
        if cmd["mode"] == "game":
            result = play(engine, tables, stats, interval, cmd["warmup"], cmd["seconds"])
        else:
            result = floor_play(engine, groups, latencies, interval, cmd["warmup"], cmd["seconds"])
        engine.close()
        gc.unfreeze()
        print(json.dumps(result), flush=True)
    return 0
