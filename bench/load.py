#!/usr/bin/env python3
"""Server load benchmark (issues 7 and 12): not a test; prints figures for docs/performance.md.

    nice -n 10 timeout 1500 .venv/bin/python bench/load.py     # the full run (about 4 minutes)
    .venv/bin/python bench/load.py --tables 50 --seconds 10 --saturation-tables 20 --rounds 1   # a quick look

In one run:

1. encode: the server's outbound encoding of one move for all four seats (``frames_for``);
2. paced: N tables x 4 protocol clients (bench/loadplay.py), each table making R decisions
   per second, against one ``doublenine serve`` subprocess (SQLite in a temp dir, so every
   move is fsynced before it is announced); and the same N groups of four through a bare
   websockets fan-out server (bench/loadfloor.py) at the same pacing: the floor;
3. saturated: M tables, and M floor groups, with no pacing.
Floor and game run with the SAME client processes (bench/loadpool.py, started once), one
after the other, ``--rounds`` times each (floor, game, floor, game...), so both see the same
clients and the same machine load. The clients are built to cost clearly less CPU than the
servers (bench/wsloop.py: one epoll loop per process, no asyncio or pydantic while measuring).
Each run prints moves/s, latency from sending a decision to its update at all four seats
(p50/p99), errors, the server's CPU and the clients' over the same seconds (per move, and
their ratio), which side saturated (the main thread of a process that had work, running or
waiting for a CPU, 90% of the time), a WARNING when the clients used more CPU than the
server (that run measures the clients), and for the game the server's resident memory per
table; then the medians and game/floor ratios. Everything stays on 127.0.0.1.
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
from typing import Any
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from loadpool import ClientPool, pool_main, verdict  # noqa: E402

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
    for flag, value in (("--max-tables-per-address", "100000"), ("--max-connections-per-address", "0"), ("--rate", "1000"), ("--burst", "1000"),
                        ("--read-rate", "0"), ("--read-bytes", "0")):
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


def show(name: str, r: dict[str, Any]) -> None:
    """One run's figures, then its CPU ratio and the side that saturated (``loadpool.verdict``)."""
    extra = f"  matches {r['matches']}  RSS/table {r['rss_table_kb']:.0f} KB" if "rss_table_kb" in r else ""
    print(f"{name:<22} moves/s {r['moves_s']:7.0f}  p50 {r['p50']:6.2f} ms  p99 {r['p99']:7.2f} ms  "
          f"errors {r['errors']}{' ' + str(r['error_codes']) if r['errors'] else ''}  server CPU {r['cpu']:.2f} core  "
          f"clients {r['client_cpu']:.2f} core  load {r['load']:.1f}{extra}", flush=True)
    print(verdict(r), flush=True)


async def main_async(args: argparse.Namespace) -> None:
    from doublenine.shared.cleantext import for_terminal  # --db and the variable echoed, escaped (attacker F7)

    print(f"encode one move for 4 seats: {bench_encode():.1f} us", flush=True)
    sync = os.environ.get("DOUBLENINE_SQLITE_SYNC", "full")
    print(f"store: {for_terminal(args.db)}" + (f" (DOUBLENINE_SQLITE_SYNC={for_terminal(sync)})" if args.db == "sqlite" else "")
          + f"; {args.client_procs} client processes for floor and game alike; load average "
          f"{os.getloadavg()[0]:.2f}", flush=True)
    pool = await ClientPool.start(args.client_procs)
    try:
        with tempfile.TemporaryDirectory(prefix="doublenine-load-") as tmp:
            if "paced" in args.parts:
                await interleaved(pool, f"paced {args.tables}x{args.rate:g}/s", args, tmp, args.tables,
                                  args.rate, args.seconds)
            if "saturated" in args.parts:
                await interleaved(pool, f"saturated {args.saturation_tables}", args, tmp,
                                  args.saturation_tables, 0.0, args.saturation_seconds)
    finally:
        await pool.close()


async def interleaved(pool: ClientPool, name: str, args: argparse.Namespace, tmp: str, tables: int,
                      rate: float, seconds: float) -> None:
    """Floor, game, floor, game... (``args.rounds`` each) with the same client processes; each
    run printed as it ends (with its clients/server CPU ratio and the side that saturated),
    then the medians and the game/floor ratios."""
    runs: dict[str, list[dict[str, Any]]] = {"floor": [], "game": []}
    for n in range(args.rounds):
        for mode in ("floor", "game"):
            if mode == "floor":
                server = floor_server()
            else:
                db = args.db if args.db != "sqlite" else str(Path(tmp) / f"load-{name[:3]}-{n}.sqlite3")
                server = game_server(db)
            try:
                rss0 = server.rss()
                r = await pool.run(mode, f"ws://127.0.0.1:{server.port}/", [server.proc.pid], tables, rate, seconds)
                if mode == "game":
                    r["rss_table_kb"] = (server.rss() - rss0) / tables / 1024
            finally:
                server.stop()
            runs[mode].append(r)
            show(f"{mode} {name} #{n + 1}", r)
    keys = ("moves_s", "p50", "p99", "cpu", "client_cpu", "cpu_us_move", "client_us_move", "ratio")
    med = {m: {k: statistics.median(r[k] for r in rs) for k in keys} for m, rs in runs.items()}
    g, f = med["game"], med["floor"]
    print(f"{name}: medians of {args.rounds} runs each, game against floor: moves/s {g['moves_s']:.0f} vs "
          f"{f['moves_s']:.0f} ({g['moves_s'] / f['moves_s']:.2f}x), p50 {g['p50']:.2f} vs {f['p50']:.2f} ms "
          f"({g['p50'] / f['p50']:.1f}x), p99 {g['p99']:.2f} vs {f['p99']:.2f} ms ({g['p99'] / f['p99']:.1f}x), "
          f"server CPU per move {g['cpu_us_move']:.0f} vs {f['cpu_us_move']:.0f} us "
          f"({g['cpu_us_move'] / f['cpu_us_move']:.1f}x); server CPU {g['cpu']:.2f} vs {f['cpu']:.2f} core; "
          f"clients per move {g['client_us_move']:.0f} vs {f['client_us_move']:.0f} us; clients/server CPU: "
          f"game {g['ratio']:.2f}, floor {f['ratio']:.2f}", flush=True)


def main() -> int:
    if sys.argv[1:2] == ["--pool"]:  # a long-lived client process of this run
        return pool_main()
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tables", type=arg_int(), default=500, help="paced tables (4 connections each)")
    ap.add_argument("--rate", type=arg_float(), default=2.0, help="decisions per second per paced table")
    ap.add_argument("--seconds", type=arg_float(), default=30.0, help="measured seconds of the paced run")
    ap.add_argument("--saturation-tables", type=arg_int(), default=100)
    ap.add_argument("--saturation-seconds", type=arg_float(), default=20.0)
    ap.add_argument("--client-procs", type=arg_int(1), default=2,
                    help="client processes, kept for the whole run (two: one busy client loop does not add its queue to the latency)")
    ap.add_argument("--parts", default="paced,saturated", help="which runs: paced, saturated or both")
    ap.add_argument("--rounds", type=arg_int(1), default=2,
                    help="floor and game runs of each part, interleaved (floor, game, floor, game...)")
    ap.add_argument("--db", default="sqlite", help="'sqlite' (a temp file), ':memory:' or a postgresql:// URL")
    args = ap.parse_args()
    asyncio.run(main_async(args))
    return 0


if __name__ == "__main__":
    sys.exit(main())
