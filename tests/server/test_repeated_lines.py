"""A log line a fault repeats per event or per second is said once a minute, the next with ``repeats=N``
(s12 note: while the store failed, the computer players retried and logged "computer move refused"
once a second per table). Every such line goes through one limiter, ``logfmt.log_repeated``, as the
``limit`` lines and other libraries' lines do."""
from __future__ import annotations

import asyncio
import logging
import threading

import pytest

from doublenine.server import logfmt
from doublenine.server.logfmt import FIELDS_ATTR, Repeats, log_repeated

from .conftest import create
from .test_store_faults import FailingStore


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_log_repeated_says_a_key_once_a_minute_then_the_count_held_back(caplog) -> None:
    caplog.set_level(logging.INFO, "doublenine")
    clock = Clock()
    repeats = Repeats(clock=clock)
    log = logging.getLogger("doublenine.server.test")
    said = [log_repeated(log, logging.ERROR, "k", "table %s: broke", f"T{i}", repeats=repeats, seq=i)
            for i in range(5)]
    said.append(log_repeated(log, logging.ERROR, "other", "another kind", repeats=repeats))
    clock.now += 60.0
    said.append(log_repeated(log, logging.ERROR, "k", "table %s: broke", "T9", repeats=repeats, seq=9))
    assert said == [True, False, False, False, False, True, True]
    assert [(r.getMessage(), getattr(r, FIELDS_ATTR, None)) for r in caplog.records] == [
        ("table T0: broke", {"seq": 0}), ("another kind", None), ("table T9: broke", {"seq": 9, "repeats": 4})]


def test_clear_waits_for_a_due_under_way_in_another_thread() -> None:
    """``clear`` took no lock while ``due`` (said from computer players' worker threads too) did: a
    ``clear`` landing inside a ``due`` emptied the dict under it. Here ``clear`` is called from another
    thread while ``due('a')`` reads its clock, inside its lock: it waits until that ``due`` is done."""
    waiting: list[bool] = []

    class ClearingClock(Clock):
        def __call__(self) -> float:
            if not waiting:
                other = threading.Thread(target=repeats.clear)
                other.start()
                other.join(0.2)
                waiting.append(other.is_alive())
                threads.append(other)
            return self.now

    threads: list[threading.Thread] = []
    clock = Clock()
    repeats = Repeats(every=60.0, clock=clock)
    assert repeats.due("a") == 0
    repeats.clock = ClearingClock()
    assert repeats.due("a") is None  # held back: the clear came after it (the old code: 0, cleared inside it)
    threads[0].join(5)
    assert (waiting, threads[0].is_alive()) == ([True], False)
    assert repeats.due("a") == 0  # and then forgot it: said at once


async def test_a_computer_retrying_while_the_store_fails_says_so_once_a_minute(make_server, caplog,
                                                                               monkeypatch) -> None:
    caplog.set_level(logging.INFO, "doublenine")
    clock = Clock()
    monkeypatch.setattr(logfmt, "REPEATED", Repeats(clock=clock))
    store = FailingStore()
    server = await make_server(store=store)
    player = await create(server, "cccc", sit=None)  # four computers playing while it watches
    try:
        store.broken = True
        metered = server.registry.store
        for _ in range(200):  # a retry a second (table._bot_move): the first refusals
            if metered.failed_writes >= 3:
                break
            await asyncio.sleep(0.1)
        held = metered.failed_writes - 1  # read and the clock moved with no other task between
        clock.now += 60.0
        for _ in range(100):
            if metered.failed_writes > held + 1:
                break
            await asyncio.sleep(0.1)
    finally:
        store.broken = False
        await player.close()
    refused = [(r.levelname, getattr(r, FIELDS_ATTR, None)) for r in caplog.records
               if "computer move refused" in r.getMessage()]
    assert held >= 2
    assert refused == [("ERROR", None), ("ERROR", {"repeats": held})]
