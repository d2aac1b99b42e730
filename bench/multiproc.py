#!/usr/bin/env python3
"""Multi-process load figure (issue 12): three ``doublenine serve`` processes behind nginx on one
PostgreSQL, against one process behind the same nginx config, in one run, interleaved.

    nice -n 10 .venv/bin/python bench/multiproc.py                  # about 3 minutes
    .venv/bin/python bench/multiproc.py --tables 20 --seconds 5 --rounds 1   # a quick look

Not a test; prints figures for docs/performance.md. PostgreSQL: ``$DOUBLENINE_TEST_PG``, else a
throwaway cluster (tests/storage/pgcluster.py). nginx: the shipped deploy/nginx config run
from a temporary folder (tests/deploy/nginxrun.py) with TLS on loopback; "one process" is the
same config with its three ``server`` lines pointing at one process. Clients: bench/loadgame.py
worker processes (create at ``/``, play at ``/t/CODE``), unpaced (saturation) and paced.
Each round runs three-then-one (ABAB...) so both see the same machine load; the figures
are per run, then the ratio of the medians. The per-address limits are raised (every
bench client is 127.0.0.1): nginx's ``limit_conn`` in the copy, the servers' flags.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from deploy.fleet import Serve  # noqa: E402
from deploy.nginxrun import MISSING, NGINX, OPENSSL, Nginx, free_port, prepare  # noqa: E402

from doublenine.shared.numbers import arg_float, arg_int  # noqa: E402

TICK = os.sysconf("SC_CLK_TCK")
LIMITS = ("--max-tables-per-address", "100000", "--max-connections-per-address", "0",
          "--rate", "1000", "--burst", "1000")


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of process ``pid`` so far (0 if it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICK


def pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))] * 1000 if s else float("nan")


async def run(url: str, pids: list[int], tables: int, rate: float, seconds: float, procs: int) -> dict[str, Any]:
    """``tables`` loadgame tables against ``url`` for ``seconds``; server CPU summed over ``pids``."""
    warmup = min(3.0, seconds / 5)
    shares = [tables // procs + (1 if i < tables % procs else 0) for i in range(procs)]
    workers = [await asyncio.create_subprocess_exec(
        sys.executable, str(ROOT / "bench/load.py"), "--worker", url, str(n), str(rate), str(warmup), str(seconds),
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, cwd=ROOT) for n in shares if n]
    for w in workers:
        assert w.stdout is not None
        line = await asyncio.wait_for(w.stdout.readline(), 300)
        if line.strip() != b"ready":
            raise RuntimeError(f"load worker failed: {line!r}")
    for w in workers:
        assert w.stdin is not None
        w.stdin.write(b"go\n")
        await w.stdin.drain()
    await asyncio.sleep(warmup)
    cpu0, t0 = sum(cpu_seconds(p) for p in pids), time.perf_counter()
    await asyncio.sleep(seconds)
    cpu1, t1 = sum(cpu_seconds(p) for p in pids), time.perf_counter()
    results = [json.loads((await w.communicate())[0].decode().strip().splitlines()[-1]) for w in workers]
    lat = [x for r in results for x in r["latencies"]]
    moves = sum(r["moves"] / r["elapsed"] for r in results)
    return {"moves_s": moves, "p50": pct(lat, 0.5), "p99": pct(lat, 0.99),
            "errors": sum(sum(r["errors"].values()) for r in results),
            "server_cpu": (cpu1 - cpu0) / (t1 - t0), "client_cpu": sum(r["cpu"] for r in results),
            "us_move": (cpu1 - cpu0) / max(1.0, moves * (t1 - t0)) * 1e6}


def show(name: str, r: dict[str, Any]) -> None:
    print(f"{name:<28} moves/s {r['moves_s']:8.1f}  p50 {r['p50']:6.2f} ms  p99 {r['p99']:7.2f} ms  "
          f"errors {r['errors']}  server CPU {r['server_cpu']:.2f} core ({r['us_move']:.0f} us/move)  "
          f"client CPU {r['client_cpu']:.2f} core", flush=True)
    if r["client_cpu"] > r["server_cpu"]:
        print(f"  warning: the clients used more CPU ({r['client_cpu']:.2f}) than the servers "
              f"({r['server_cpu']:.2f}): this run measures the clients too", flush=True)


async def main_async(args: argparse.Namespace, tmp: Path, dsn: str) -> None:
    from doublenine.server.storage.postgres import PostgresStore

    wipe = PostgresStore(dsn)
    await wipe.drop_all()
    await wipe.close()
    ports = [free_port() for _ in range(3)]
    servers = [Serve(port, dsn, tmp / f"serve-{port}.log", extra=LIMITS) for port in ports]
    proxies: list[Nginx] = []
    try:
        for s in servers:
            s.start()
        urls = {}
        for name, upstreams in (("three", ports), ("one", [ports[0]] * 3)):
            folder = tmp / f"nginx-{name}"
            folder.mkdir()
            conf, https, _ = prepare(folder, "doublenine.conf", upstreams,
                                     connections=8 * max(args.tables, args.paced) + 256)
            site = folder / "site.inc"
            site.write_text(site.read_text().replace("limit_conn dn_per_addr 64;", "limit_conn dn_per_addr 60000;"))
            proxies.append(Nginx(folder, conf, https))
            urls[name] = f"wss://127.0.0.1:{https}/"
        pids = [s.proc.pid for s in servers if s.proc is not None]
        print(f"PostgreSQL {dsn.split('?')[0]}...; load average {os.getloadavg()[0]:.2f}; "
              f"{args.tables} unpaced tables, {args.paced} tables at {args.rate:g}/s; "
              f"{args.seconds:g} s per run, {args.rounds} rounds", flush=True)
        figures: dict[tuple[str, str], list[dict[str, Any]]] = {}
        for rnd in range(args.rounds):
            for kind, tables, rate in (("saturation", args.tables, 0.0), ("paced", args.paced, args.rate)):
                if not tables:
                    continue
                for name in ("three", "one"):
                    r = await run(urls[name], pids, tables, rate, args.seconds, args.client_procs)
                    figures.setdefault((kind, name), []).append(r)
                    show(f"{kind} {name} process{'es' if name == 'three' else ''} #{rnd + 1}", r)
        for kind in ("saturation", "paced"):
            if (kind, "three") not in figures:
                continue
            med = {n: {k: statistics.median(r[k] for r in figures[(kind, n)])
                       for k in ("moves_s", "p50", "p99", "server_cpu")} for n in ("three", "one")}
            print(f"{kind}: three/one moves/s {med['three']['moves_s'] / med['one']['moves_s']:.2f}x "
                  f"({med['three']['moves_s']:.0f} vs {med['one']['moves_s']:.0f}); p99 "
                  f"{med['three']['p99']:.1f} vs {med['one']['p99']:.1f} ms; server CPU "
                  f"{med['three']['server_cpu']:.2f} vs {med['one']['server_cpu']:.2f} core", flush=True)
    finally:
        for proxy in proxies:
            proxy.stop()
        for s in servers:
            s.stop_quietly()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tables", type=arg_int(), default=60, help="unpaced tables per run (saturation)")
    ap.add_argument("--paced", type=arg_int(), default=200, help="paced tables per run (0: none)")
    ap.add_argument("--rate", type=arg_float(), default=2.0, help="decisions per second per paced table")
    ap.add_argument("--seconds", type=arg_float(), default=15.0, help="measured seconds per run")
    ap.add_argument("--rounds", type=arg_int(), default=2, help="rounds of three-then-one")
    ap.add_argument("--client-procs", type=arg_int(), default=4, help="client worker processes")
    args = ap.parse_args()
    if NGINX is None or OPENSSL is None:
        print(f"bench/multiproc.py: {MISSING}", file=sys.stderr)
        return 2
    root = None
    dsn = os.environ.get("DOUBLENINE_TEST_PG", "")
    if not dsn:
        from storage import pgcluster

        root, dsn = pgcluster.start()
    try:
        with tempfile.TemporaryDirectory(prefix="dn-multiproc-") as tmp:
            asyncio.run(main_async(args, Path(tmp), dsn))
    finally:
        if root is not None:
            from storage import pgcluster

            pgcluster.stop(root)
    return 0


if __name__ == "__main__":
    sys.exit(main())
