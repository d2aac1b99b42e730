#!/usr/bin/env python3
"""Server load benchmark (issue 7 item 5): not a test; prints figures for docs/performance.md.

    .venv/bin/python bench/load.py                       # the full run (about 3 minutes)
    .venv/bin/python bench/load.py --tables 50 --seconds 10 --saturation-tables 20   # a quick look

One ``doublenine serve`` subprocess on loopback (SQLite in a temp dir, so every move is
fsynced before it is announced). In one run:

1. encode: the server's outbound encoding of one move for all four seats (``frames_for``);
2. paced: N tables x 4 bot-style websocket clients, each table making R decisions per
   second: moves/s, errors, send-to-all-four-seats latency p50/p99, server CPU, and
   server resident memory per table (RSS with the tables open minus RSS before, / N);
3. the same N groups of four through a bare websockets fan-out server (bench/loadfloor.py)
   at the same pacing: the floor latency;
4. saturation: M tables with no pacing: moves/s and latency; and the bare floor likewise
   (messages delivered per second).
Clients and server share this machine's two cores; everything stays on 127.0.0.1.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from loadfloor import run_floor  # noqa: E402

from doublenine.shared.numbers import arg_float, arg_int  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
TICK = os.sysconf("SC_CLK_TCK")


# ---------------------------------------------------------------- the server process

class ServerProc:
    """A server subprocess with its CPU time and resident memory read from /proc."""

    def __init__(self, argv: list[str], port: int) -> None:
        self.port = port
        self.proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL, cwd=ROOT)

    def cpu(self) -> float:
        """Seconds of CPU (user + system) the server used so far."""
        fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / TICK

    def rss(self) -> int:
        """Resident memory in bytes."""
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
        raise RuntimeError("no VmRSS")

    def wait_ready(self, timeout: float = 30) -> None:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited with {self.proc.returncode}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("server did not start listening")

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def game_server(db: str) -> ServerProc:
    port = free_port()
    argv = [sys.executable, "-m", "doublenine", "serve", "--host", "127.0.0.1", "--port", str(port),
            "--db", db]  # INFO: one log line per move, as in production (to /dev/null here)
    helptext = subprocess.run([*argv[:4], "--help"], capture_output=True, text=True, cwd=ROOT).stdout
    for flag, value in (("--max-tables-per-address", "100000"), ("--max-connections-per-address", "0"), ("--rate", "1000"), ("--burst", "1000")):
        if flag in helptext:  # raise the per-address limits: every client here is 127.0.0.1
            argv += [flag, value]
    server = ServerProc(argv, port)
    server.wait_ready()
    return server


def floor_server() -> ServerProc:
    read, write = os.pipe()
    argv = [sys.executable, str(Path(__file__).with_name("loadfloor.py")), str(write)]
    proc = subprocess.Popen(argv, pass_fds=(write,), stdin=subprocess.DEVNULL, cwd=ROOT)
    os.close(write)
    with os.fdopen(read) as r:
        port = int(r.readline())
    server = ServerProc.__new__(ServerProc)
    server.port, server.proc = port, proc
    return server


# ---------------------------------------------------------------- runs

def pct(xs: list[float], q: float) -> float:
    """The q-quantile (0..1) of ``xs`` in milliseconds (nearest rank)."""
    if not xs:
        return float("nan")
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))] * 1000


async def run_game(server: ServerProc, tables: int, rate: float, seconds: float,
                   procs: int = 2) -> dict[str, Any]:
    """``tables`` tables for ``seconds`` at ``rate`` decisions/s each (0: unpaced), their
    clients spread over ``procs`` processes (one busy client loop must not add its queue to the latency)."""
    url = f"ws://127.0.0.1:{server.port}/"
    warmup = min(3.0, seconds / 5)
    rss0 = server.rss()
    shares = [tables // procs + (1 if i < tables % procs else 0) for i in range(procs)]
    workers = [await asyncio.create_subprocess_exec(
        sys.executable, __file__, "--worker", url, str(n), str(rate), str(warmup), str(seconds),
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, cwd=ROOT) for n in shares if n]
    for w in workers:
        assert w.stdout is not None
        line = await asyncio.wait_for(w.stdout.readline(), 300)
        if line.strip() != b"ready":
            raise RuntimeError(f"load worker failed: {line!r}")
    await asyncio.sleep(1.0)
    rss1 = server.rss()
    for w in workers:
        assert w.stdin is not None
        w.stdin.write(b"go\n")
        await w.stdin.drain()
    await asyncio.sleep(warmup)
    cpu0, t0 = server.cpu(), time.perf_counter()
    await asyncio.sleep(seconds)
    cpu1, t1 = server.cpu(), time.perf_counter()
    rss2 = server.rss()
    results = []
    for w in workers:
        out, _ = await w.communicate()
        results.append(json.loads(out.decode().strip().splitlines()[-1]))
    lat = [x for r in results for x in r["latencies"]]
    errors: dict[str, int] = {}
    for r in results:
        for k, v in r["errors"].items():
            errors[k] = errors.get(k, 0) + v
    return {
        "moves_s": sum(r["moves"] / r["elapsed"] for r in results), "p50": pct(lat, 0.5),
        "p99": pct(lat, 0.99), "samples": len(lat), "errors": sum(errors.values()),
        "cpu": (cpu1 - cpu0) / (t1 - t0), "client_cpu": sum(r["cpu"] for r in results),
        "cpu_us_move": (cpu1 - cpu0) / max(1, sum(r["moves"] for r in results)) * 1e6,
        "rss_table_kb": (max(rss1, rss2) - rss0) / tables / 1024,
        "rss_table_kb_at_open": (rss1 - rss0) / tables / 1024,
        "rss_mb": rss2 / 2**20, "matches": sum(r["matches"] for r in results), "error_codes": errors,
    }


async def run_bare(server: ServerProc, groups: int, rate: float, seconds: float) -> dict[str, float]:
    lat: list[float] = []
    interval = 1 / rate if rate else 0.0
    cpu0 = server.cpu()
    sent, elapsed = await run_floor(f"ws://127.0.0.1:{server.port}/", groups, interval, seconds, lat.append,
                                    spread=interval)
    cpu = (server.cpu() - cpu0) / elapsed  # includes connecting: an upper bound
    return {"moves_s": sent / elapsed, "msgs_s": 4 * sent / elapsed, "p50": pct(lat, 0.5),
            "p99": pct(lat, 0.99), "samples": len(lat), "cpu": cpu, "cpu_us_move": cpu / max(1e-9, sent / elapsed) * 1e6}


def bench_encode(repeat: int = 20000) -> float:
    """Microseconds to build the frames of one play for all four seats (``fanout.frames_for``)."""
    from doublenine.server.fanout import frames_for
    from doublenine.shared.events import MatchLog
    from doublenine.shared.moves import Play, Review
    from doublenine.shared.seats import SEATS
    from doublenine.shared.state import Phase
    from doublenine.shared.views import view_for

    log = MatchLog(seed=7)
    while not (log.state.phase is Phase.PLAY and len(log.state.hand.moves) >= 3):
        seat = next(s for s in SEATS if view_for(log.state, s).legal_decisions())
        options = view_for(log.state, seat).legal_decisions()
        log.submit(next((d for d in options if isinstance(d, Review) and not d.demand_redeal), options[0]))
    old = log.state
    seat = old.hand.turn
    move = next(d for d in view_for(old, seat).legal_decisions() if isinstance(d, Play))
    events = list(log.submit(move))
    new = log.state
    frames = frames_for(old, new, events, 99)
    assert all(frames.for_audience(s) is not None for s in SEATS)
    t0 = time.perf_counter()
    for _ in range(repeat):
        frames_for(old, new, events, 99)
    return (time.perf_counter() - t0) / repeat * 1e6


def show(name: str, r: dict[str, float]) -> None:
    parts = [f"{k}={v:.2f}" if isinstance(v, float) else f"{k}={v}" for k, v in r.items()]
    print(f"{name:<22} " + " ".join(parts), flush=True)


async def main_async(args: argparse.Namespace) -> None:
    print(f"encode one move for 4 seats: {bench_encode():.1f} us", flush=True)
    sync = os.environ.get("DOUBLENINE_SQLITE_SYNC", "full")
    print(f"store: {args.db}" + (f" (DOUBLENINE_SQLITE_SYNC={sync})" if args.db == "sqlite" else "")
          + f"; load average {os.getloadavg()[0]:.2f}", flush=True)
    with tempfile.TemporaryDirectory(prefix="doublenine-load-") as tmp:
        db = args.db if args.db != "sqlite" else str(Path(tmp) / "load.sqlite3")
        paced, sat = f"{args.tables}x{args.rate:g}/s", str(args.saturation_tables)
        if "paced" in args.parts:
            await game_run(f"game paced {paced}", db, args.tables, args.rate, args.seconds, args.client_procs)
            await bare_run(f"bare paced {paced}", args.tables, args.rate, args.seconds)
        if "saturated" in args.parts:
            await bare_run(f"bare saturated {sat}", args.saturation_tables, 0, args.saturation_seconds)
            await game_run(f"game saturated {sat}", db + "-sat" if args.db == "sqlite" else db,
                           args.saturation_tables, 0, args.saturation_seconds, args.client_procs)


async def game_run(name: str, db: str, tables: int, rate: float, seconds: float, procs: int) -> None:
    server = game_server(db)
    try:
        show(name, await run_game(server, tables, rate, seconds, procs))
    finally:
        server.stop()


async def bare_run(name: str, groups: int, rate: float, seconds: float) -> None:
    floor = floor_server()
    try:
        show(name, await run_bare(floor, groups, rate, seconds))
    finally:
        floor.stop()


def worker_main(argv: list[str]) -> int:
    """``load.py --worker URL TABLES RATE WARMUP SECONDS``: one client process (JSON on stdout)."""
    from loadgame import worker

    url, tables, rate, warmup, seconds = argv[0], int(argv[1]), float(argv[2]), float(argv[3]), float(argv[4])

    print(json.dumps(asyncio.run(worker(url, tables, rate, warmup, seconds))), flush=True)
    return 0


def main() -> int:
    if sys.argv[1:2] == ["--worker"]:
        return worker_main(sys.argv[2:])
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tables", type=arg_int(), default=500, help="paced tables (4 connections each)")
    ap.add_argument("--rate", type=arg_float(), default=2.0, help="decisions per second per paced table")
    ap.add_argument("--seconds", type=arg_float(), default=30.0, help="measured seconds of the paced run")
    ap.add_argument("--saturation-tables", type=arg_int(), default=100)
    ap.add_argument("--saturation-seconds", type=arg_float(), default=20.0)
    ap.add_argument("--client-procs", type=arg_int(), default=4,
                    help="client worker processes (several keep one busy client loop from adding its queue to the latency)")
    ap.add_argument("--parts", default="paced,saturated", help="which runs: paced, saturated or both")
    ap.add_argument("--db", default="sqlite", help="'sqlite' (a temp file), ':memory:' or a postgresql:// URL")
    args = ap.parse_args()
    try:
        import uvloop
        asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())
    except ImportError:
        pass
    asyncio.run(main_async(args))
    return 0


if __name__ == "__main__":
    sys.exit(main())
