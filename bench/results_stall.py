#!/usr/bin/env python3
"""How long ``/results`` holds a process's event loop with the store at its cap (operator s15 F3).

    DOUBLENINE_TEST_PG=postgresql://... .venv/bin/python bench/results_stall.py

One ``doublenine serve`` (port ``--port``) on PostgreSQL (``$DOUBLENINE_TEST_PG``, wiped) whose
``dn_result`` is filled with ``RESULTS_KEPT`` (10,000) public results; a thread asks its ``/healthz``
every 20 ms (the loop's latency as a player's frame would see it) while another asks ``/results`` pages
and downloads (a date, a name, page 50, page 100, a CSV) every 0.3 s for ``--seconds``. Prints the
``/healthz`` latencies with and without the ``/results`` load and each ``/results`` request's time. The
operator measured, before the fix, ``/results`` 1.4-2.6 s and ``/healthz`` max 1.82 s at load ~30.
Not a test: a figure for docs/performance.md.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

from doublenine.shared.numbers import arg_float, arg_int

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from deploy.fleet import Serve  # noqa: E402

FILL = """INSERT INTO dn_result(code, match_no, name, seat1, seat2, seat3, seat4, score_a, score_b, winner, hands,
 started, ended, public, site)
 SELECT 'T' || lpad((n % 400)::text, 4, '0'), n / 400 + 1, 'Room ' || (n % 400), 'Ana', 'Bo', 'Cy', 'Di', 101, 40,
  'A', 5, now() - (n || ' minutes')::interval - interval '10 minutes', now() - (n || ' minutes')::interval, TRUE,
  's' || (n % 5)
 FROM generate_series(0, $1 - 1) AS n"""
PAGES = ["/results", "/results?date={day}", "/results?table=room+7", "/results?page=50", "/results?page=100",
         "/results.csv?page=3", "/results?table=%25"]


def timed(url: str) -> float:
    start = time.perf_counter()
    with urllib.request.urlopen(url, timeout=30) as answer:
        answer.read()
    return time.perf_counter() - start


def poll(base: str, stop: threading.Event, out: list[float]) -> None:
    while not stop.is_set():
        out.append(timed(base + "/healthz"))
        time.sleep(0.02)


def quantiles(xs: list[float]) -> str:
    xs = sorted(xs)
    p95 = xs[int(0.95 * (len(xs) - 1))]
    return f"n {len(xs)} p50 {1000 * statistics.median(xs):.1f} ms p95 {1000 * p95:.1f} ms max {1000 * xs[-1]:.1f} ms"


async def fill(dsn: str, rows: int) -> None:
    import asyncpg  # type: ignore[import-untyped]

    con = await asyncpg.connect(dsn)
    try:
        await con.execute(FILL, rows)
    finally:
        await con.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=arg_int(1, 65535), default=19610)
    parser.add_argument("--seconds", type=arg_float(0.0, 3600.0), default=15.0)
    args = parser.parse_args()
    dsn = os.environ.get("DOUBLENINE_TEST_PG")
    if not dsn:
        print("set DOUBLENINE_TEST_PG (python3 tests/storage/pgcluster.py start)", file=sys.stderr)
        return 2
    from doublenine.server.storage.base import RESULTS_KEPT
    from doublenine.server.storage.postgres import PostgresStore

    async def wipe() -> None:
        store = PostgresStore(dsn)
        await store.drop_all()
        await store.close()

    asyncio.run(wipe())
    with tempfile.TemporaryDirectory(prefix="dn-results-") as tmp:
        server = Serve(args.port, dsn, Path(tmp) / "serve.log", extra=("--page-rate", "1000", "--page-burst", "1000"))
        server.start()
        try:
            asyncio.run(fill(dsn, RESULTS_KEPT))
            base = f"http://127.0.0.1:{args.port}"
            quiet: list[float] = []
            stop = threading.Event()
            poller = threading.Thread(target=poll, args=(base, stop, quiet))
            poller.start()
            time.sleep(args.seconds / 3)
            stop.set()
            poller.join()
            busy: list[float] = []
            stop = threading.Event()
            poller = threading.Thread(target=poll, args=(base, stop, busy))
            poller.start()
            day = time.strftime("%Y-%m-%d", time.gmtime(time.time() - 86400))
            pages: dict[str, list[float]] = {p: [] for p in PAGES}
            end = time.monotonic() + args.seconds
            while time.monotonic() < end:
                for p in PAGES:
                    pages[p].append(timed(base + p.format(day=day)))
                    time.sleep(0.3)
            stop.set()
            poller.join()
            print(f"load {os.getloadavg()[0]:.1f}; {RESULTS_KEPT} results stored")
            print(f"/healthz quiet:          {quantiles(quiet)}")
            print(f"/healthz with /results:  {quantiles(busy)}")
            for p, times in pages.items():
                print(f"{p:<24} {quantiles(times)}")
        finally:
            server.stop_quietly()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
