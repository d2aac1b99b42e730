"""Garbage collection for a server whose heap is large and mostly long-lived (issue 7 load).

Every table keeps its whole match (frozen states, events, tuples) in memory, so the
heap grows to millions of objects that never die. CPython's full collections scan all
of them: with 500 tables that stalled the event loop for 100-250 ms every few seconds,
which every table felt as a late move (docs/performance.md, "Server load"). The cure
is the one Instagram described for its servers: move the objects that survived into
the permanent generation (``gc.freeze``), so collections only scan what is young.

``run_gc_policy`` does that every ``interval`` seconds, after a young collection so
fresh cyclic garbage is freed first, and a full collection (``gc.unfreeze`` +
``gc.collect``) every ``full_every`` seconds, so cyclic garbage that aged into the
frozen set is still reclaimed, rarely.
"""
from __future__ import annotations

import asyncio
import gc
import logging
import time

from .logfmt import log_event

log = logging.getLogger("doublenine.server.gc")


def freeze_survivors() -> None:
    """Collect everything not yet frozen, then exempt every surviving object from future scans.

    A full ``gc.collect()`` scans only the objects made since the last freeze (the frozen ones
    are skipped), so it costs about what a young collection does; collecting only the young
    generations used to freeze the cyclic garbage that had reached the old one, where it
    stayed until the hourly full collection: server memory grew with every decision (issue 12)."""
    gc.collect()
    gc.freeze()


async def run_gc_policy(interval: float = 5.0, full_every: float = 3600.0) -> None:
    """Run until cancelled: freeze survivors every ``interval`` s, a full collection every ``full_every`` s."""
    last_full = time.monotonic()
    freeze_survivors()
    while True:
        await asyncio.sleep(interval)
        if time.monotonic() - last_full >= full_every:
            start = time.perf_counter()
            gc.unfreeze()
            freed = gc.collect()
            last_full = time.monotonic()
            log_event(log, logging.INFO, "gc_full", freed=freed, ms=round((time.perf_counter() - start) * 1000, 1))
        freeze_survivors()
