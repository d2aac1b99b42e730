#!/usr/bin/env python3
"""Multi-process load figure (issue 12): three ``doublenine serve`` processes behind nginx on one
PostgreSQL, against one process behind the same nginx config, in one run, interleaved.

    nice -n 10 timeout 1500 .venv/bin/python bench/multiproc.py     # about 3 minutes
    .venv/bin/python bench/multiproc.py --tables 20 --seconds 5 --rounds 1   # a quick look

Not a test; prints figures for docs/performance.md. PostgreSQL: ``$DOUBLENINE_TEST_PG``, else a
throwaway cluster (tests/storage/pgcluster.py). nginx: the shipped deploy/nginx config run
from a temporary folder (tests/deploy/nginxrun.py) with TLS on loopback; "one process" is the
same config with its three ``server`` lines pointing at one process. Clients: the cheap
protocol clients of bench/load.py (bench/loadplay.py on bench/wsloop.py, TLS through
``ssl.MemoryBIO``), in the same client processes for every run (bench/loadpool.py): create at
``/``, play at ``/t/CODE``, unpaced (saturation) and paced. Each run prints its clients/server
CPU ratio and which side saturated (a WARNING when the clients used more CPU than the serve
processes). Each round runs three-then-one (ABAB...) so both see the same machine load; the
figures are per run, then the ratio of the medians. The per-address limits are raised (every
bench client is 127.0.0.1): nginx's ``limit_conn`` and ``limit_req`` burst in the copy, the servers' flags.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from deploy.fleet import Serve  # noqa: E402
from deploy.nginxrun import MISSING, NGINX, OPENSSL, Nginx, free_port, prepare  # noqa: E402

from loadpool import ClientPool, verdict  # noqa: E402

from doublenine.shared.numbers import arg_float, arg_int  # noqa: E402

LIMITS = ("--max-tables-per-address", "100000", "--max-connections-per-address", "0",
          "--rate", "1000", "--burst", "1000", "--read-rate", "0", "--read-bytes", "0")


def show(name: str, r: dict[str, Any]) -> None:
    print(f"{name:<28} moves/s {r['moves_s']:8.1f}  p50 {r['p50']:6.2f} ms  p99 {r['p99']:7.2f} ms  "
          f"errors {r['errors']}  server CPU {r['cpu']:.2f} core ({r['cpu_us_move']:.0f} us/move)  "
          f"client CPU {r['client_cpu']:.2f} core ({r['client_us_move']:.0f} us/move)", flush=True)
    print(verdict(r), flush=True)


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
            text = site.read_text().replace("limit_conn dn_per_addr 64;", "limit_conn dn_per_addr 60000;")
            site.write_text(text.replace("zone=dn_req_per_addr burst=80 ", "zone=dn_req_per_addr burst=1000000 "))
            proxies.append(Nginx(folder, conf, https))
            urls[name] = f"wss://127.0.0.1:{https}/"
        pids = [s.proc.pid for s in servers if s.proc is not None]
        print(f"PostgreSQL {dsn.split('?')[0]}...; load average {os.getloadavg()[0]:.2f}; "
              f"{args.tables} unpaced tables, {args.paced} tables at {args.rate:g}/s; "
              f"{args.seconds:g} s per run, {args.rounds} rounds", flush=True)
        figures: dict[tuple[str, str], list[dict[str, Any]]] = {}
        pool = await ClientPool.start(args.client_procs)
        try:
            await rounds(args, pool, urls, pids, figures)
        finally:
            await pool.close()
        for kind in ("saturation", "paced"):
            if (kind, "three") not in figures:
                continue
            med = {n: {k: statistics.median(r[k] for r in figures[(kind, n)])
                       for k in ("moves_s", "p50", "p99", "cpu", "ratio")} for n in ("three", "one")}
            print(f"{kind}: three/one moves/s {med['three']['moves_s'] / med['one']['moves_s']:.2f}x "
                  f"({med['three']['moves_s']:.0f} vs {med['one']['moves_s']:.0f}); p99 "
                  f"{med['three']['p99']:.1f} vs {med['one']['p99']:.1f} ms; server CPU "
                  f"{med['three']['cpu']:.2f} vs {med['one']['cpu']:.2f} core; clients/server CPU "
                  f"{med['three']['ratio']:.2f} vs {med['one']['ratio']:.2f}", flush=True)
    finally:
        for proxy in proxies:
            proxy.stop()
        for s in servers:
            s.stop_quietly()


async def rounds(args: argparse.Namespace, pool: ClientPool, urls: dict[str, str], pids: list[int],
                 figures: dict[tuple[str, str], list[dict[str, Any]]]) -> None:
    """Three-then-one (ABAB...), unpaced then paced, ``args.rounds`` times, the same clients."""
    for rnd in range(args.rounds):
        for kind, tables, rate in (("saturation", args.tables, 0.0), ("paced", args.paced, args.rate)):
            if not tables:
                continue
            for name in ("three", "one"):
                # "one": nginx sends every table to the first process, so only its CPU counts
                r = await pool.run("game", urls[name], pids if name == "three" else pids[:1], tables, rate,
                                   args.seconds)
                figures.setdefault((kind, name), []).append(r)
                show(f"{kind} {name} process{'es' if name == 'three' else ''} #{rnd + 1}", r)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tables", type=arg_int(), default=60, help="unpaced tables per run (saturation)")
    ap.add_argument("--paced", type=arg_int(), default=200, help="paced tables per run (0: none)")
    ap.add_argument("--rate", type=arg_float(), default=2.0, help="decisions per second per paced table")
    ap.add_argument("--seconds", type=arg_float(), default=15.0, help="measured seconds per run")
    ap.add_argument("--rounds", type=arg_int(), default=2, help="rounds of three-then-one")
    ap.add_argument("--client-procs", type=arg_int(1), default=2, help="client processes (kept for the whole run)")
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
