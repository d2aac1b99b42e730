#!/usr/bin/env python3
"""A rolling restart behind the shipped nginx config, counted: how many answers nginx gave ``502``.

    .venv/bin/python bench/nginx_roll.py                     # the shipped config, the guide's loop
    .venv/bin/python bench/nginx_roll.py --upstream 'max_fails=1 fail_timeout=5s'   # the s13-s15 one

Operator s15 F2: the guide's loop (SIGTERM, start, wait for the process's own ``/healthz``, ``sleep 6``)
still gave every table ``502 no live upstreams`` (69 in one roll): nginx marks a process it could not
reach as failed (``max_fails=1``) and forgets it only when a request sent to it after ``fail_timeout``
*finishes*; a websocket upgrade does not finish for hours, so the restarted processes stayed "failed"
and the next stop left nginx none. Three ``doublenine serve`` processes (ports ``--ports``) on one
PostgreSQL (``$DOUBLENINE_TEST_PG``, wiped) behind the shipped ``deploy/nginx`` files (run from a
temporary folder, tests/deploy/nginxrun.py, TLS on loopback, ``--listen`` ports), ``--tables`` tables of
four network players (tests/deploy/fleet.py ``Player``: at ``/t/CODE``, each table from its own loopback
address, reconnecting with backoff and ``rejoin`` as the shipped clients do). After ``--warm`` s the
three processes are restarted one after the other as docs/operations.md "Upgrading with systemd" does
(``--pause`` s after each healthy one); ``--after`` s later everything stops. Prints nginx's answers
by status over the roll (its access log), the ``no live upstreams`` lines of its error log, and each
table's moves after the roll. Not a test: a figure for docs/operations.md.
"""
from __future__ import annotations

import argparse
import asyncio
import collections
import os
import random
import re
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from doublenine.shared.numbers import arg_float, arg_int

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from deploy.fleet import Player, Serve, TableWatch, create_table, join_seat  # noqa: E402
from deploy.nginxrun import MISSING, NGINX, OPENSSL, Nginx, prepare  # noqa: E402


def healthy(port: int) -> bool:
    """The process's own ``/healthz`` says 200 (the guide's ``curl -fs``)."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as answer:
            return bool(answer.status == 200)
    except OSError:
        return False


async def roll(servers: list[Serve], pause: float, log: list[str]) -> None:
    """docs/operations.md "Upgrading with systemd", one process at a time."""
    for s in servers:
        log.append(f"{time.strftime('%T')} stopping {s.port}")
        await asyncio.to_thread(s.terminate)
        await asyncio.to_thread(s.start)
        deadline = time.monotonic() + 120
        while not await asyncio.to_thread(healthy, s.port):
            if time.monotonic() > deadline:
                raise RuntimeError(f"{s.port} never healthy")
            await asyncio.sleep(1)
        log.append(f"{time.strftime('%T')} healthy {s.port}")
        await asyncio.sleep(pause)


async def main_async(args: argparse.Namespace, tmp: Path) -> int:
    from doublenine.server.storage.postgres import PostgresStore

    dsn = os.environ.get("DOUBLENINE_TEST_PG")
    if not dsn:
        print("set DOUBLENINE_TEST_PG to a PostgreSQL DSN (python3 tests/storage/pgcluster.py start)", file=sys.stderr)
        return 2
    wipe = PostgresStore(dsn)
    await wipe.drop_all()
    await wipe.close()
    servers = [Serve(port, dsn, tmp / f"serve-{port}.log") for port in args.ports]
    conf, https, _ = prepare(tmp, "doublenine.conf", list(args.ports), listen=tuple(args.listen))
    if args.upstream is not None:  # another upstream setting to compare with
        main = tmp / "doublenine.conf"
        main.write_text(re.sub(r"(server 127\.0\.0\.1:\d+)[^;]*;", rf"\1 {args.upstream};", main.read_text()))
    print(re.findall(r"^\s*server 127.*$", (tmp / "doublenine.conf").read_text(), re.M)[0].strip(), flush=True)
    conf.write_text(conf.read_text().replace(f"error_log {tmp}/error.log;", f"error_log {tmp}/error.log warn;"))
    proxy: Nginx | None = None
    try:
        for s in servers:
            s.start()
        proxy = Nginx(tmp, conf, https)
        base = f"wss://127.0.0.1:{https}"
        rng = random.Random(args.seed)
        players: list[Player] = []
        for t in range(args.tables):
            address = f"127.0.0.{10 + t}"
            code, token = await create_table(base, address, seed=t + 1)
            watch = TableWatch(code, address)
            tokens = [token] + [await join_seat(base, address, code, seat) for seat in (2, 3, 4)]
            players += [Player(base, watch, seat, tok, args.think, random.Random(rng.random()))
                        for seat, tok in zip((1, 2, 3, 4), tokens)]
        end = time.monotonic() + args.warm + 600
        running = [asyncio.create_task(p.run(end)) for p in players]
        await asyncio.sleep(args.warm)
        access = tmp / "access.log"
        before = len(access.read_text().splitlines())
        started = time.monotonic()
        seqs = {p.watch.code: p.watch.max_seq for p in players}
        steps: list[str] = []
        await roll(servers, args.pause, steps)
        rolled = time.monotonic() - started
        await asyncio.sleep(args.after)
        for task in running:
            task.cancel()
        ended = await asyncio.gather(*running, return_exceptions=True)
        failed = collections.Counter(type(e).__name__ + (f" {e.error.code}" if hasattr(e, "error") else "")
                                     for e in ended if isinstance(e, Exception))
        over = sorted({p.watch.code for p in players if p.done})
        lines = access.read_text().splitlines()[before:]
        statuses = collections.Counter(line.split('"')[2].split()[0] for line in lines if line.count('"') >= 2)
        errors = (tmp / "error.log").read_text().splitlines()
        no_live = sum("no live upstreams" in line for line in errors)
        disabled = sum("upstream server temporarily disabled" in line for line in errors)
        refused = sum("connect() failed" in line for line in errors)
        moved = {p.watch.code: p.watch.max_seq - seqs[p.watch.code] for p in players}
        print("\n".join(steps))
        print(f"roll {rolled:.1f} s (pause {args.pause:g} s), {args.tables} tables, load {os.getloadavg()[0]:.1f}: "
              f"nginx answers {dict(sorted(statuses.items()))}, 502: {statuses.get('502', 0)}, "
              f"'no live upstreams' lines: {no_live}; connections refused {refused}, processes marked down "
              f"{disabled} times; moves per table during and after the roll: "
              f"{sorted(moved.values())}; matches over: {over or 'none'}; players stopped by an error: "
              f"{dict(failed) or 'none'}", flush=True)
        if args.keep is not None:
            args.keep.mkdir(parents=True, exist_ok=True)
            for name in ("access.log", "error.log", *(f"serve-{port}.log" for port in args.ports)):
                (args.keep / name).write_bytes((tmp / name).read_bytes())
        return 0
    finally:
        if proxy is not None:
            proxy.stop()
        for s in servers:
            s.stop_quietly()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ports", type=arg_int(1, 65535), nargs=3, default=[19601, 19602, 19603], help="the three processes' ports")
    parser.add_argument("--listen", type=arg_int(1, 65535), nargs=2, default=[19690, 19691], help="nginx's https and http ports")
    parser.add_argument("--tables", type=arg_int(1, 1000), default=6)
    parser.add_argument("--think", type=arg_float(0.0, 3600.0), default=0.3, help="seconds a player thinks before each decision")
    parser.add_argument("--warm", type=arg_float(0.0, 3600.0), default=8.0, help="seconds of play before the roll")
    parser.add_argument("--pause", type=arg_float(0.0, 3600.0), default=6.0, help="seconds after each healthy process (the guide's)")
    parser.add_argument("--after", type=arg_float(0.0, 3600.0), default=10.0, help="seconds of play after the roll")
    parser.add_argument("--upstream", default=None, help="the upstream servers' parameters instead of the shipped ones")
    parser.add_argument("--seed", type=arg_int(0), default=15)
    parser.add_argument("--keep", type=Path, default=None, help="a folder to copy nginx's and the processes' logs into")
    args = parser.parse_args()
    if NGINX is None or OPENSSL is None:
        print(MISSING, file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="dn-roll-") as tmp:
        return asyncio.run(main_async(args, Path(tmp)))


if __name__ == "__main__":
    raise SystemExit(main())
