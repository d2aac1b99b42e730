"""A stored table's log is read back off the event loop, each past match forgotten as the next starts
(attacker s11 F4: a table of 20,000 matches read on the loop stalled every table of the process 9 s;
docs/performance.md "Reopening a table with a long history")."""
from __future__ import annotations

import threading
import time

from doublenine.server import storedlog
from doublenine.server.fanout import SeqCounter
from doublenine.server.table import PAST_KEPT
from doublenine.shared.codec import decode_rows, event_rows
from doublenine.shared.events import MatchLog
from doublenine.shared.moves import DrawPick
from doublenine.shared.seats import Seat

from .conftest import connect, create


def _long_log(matches: int) -> list[tuple[int, bytes]]:
    """The rows of a log of ``matches`` matches given up after the opening draw's first pick, each
    new match asked by an intent (seat 1, ``n<i>``)."""
    log = MatchLog(seed=11, clock=lambda: 5.0)
    rows = event_rows(log.events)
    for i in range(matches):
        rows += event_rows(log.submit(DrawPick(Seat.ONE, 0)), (1, f"d{i}"))
        rows += event_rows(log.new_match(), (1, f"n{i}"))
    return rows


def test_read_log_gives_what_the_whole_replay_gave() -> None:
    rows = _long_log(300)
    read = storedlog.read_log(11, rows, PAST_KEPT)
    whole = MatchLog(seed=11, clock=time.time, events=decode_rows(rows))  # as a table did before
    counter = SeqCounter(whole.events)
    whole.forget_past_matches(PAST_KEPT)
    assert read.rows == len(rows) == 901
    assert (read.log.offset, read.log.size, read.log.state.match) == (whole.offset, whole.size, 301) == (900, 901, 301)
    assert read.log.state == whole.state and read.log.events == whole.events
    assert [r.number for r in read.log.state.past] == [299, 300]
    assert read.log._rng.getstate() == whole._rng.getstate()  # the next shuffle is the same (R24)
    assert read.counter.seq == counter.seq == 600
    assert read.intents[-2:] == ((Seat.ONE, "d299", 599), (Seat.ONE, "n299", 600))
    assert len(read.intents) == 600 and read.last_at == 5.0


def test_a_long_log_folds_in_linear_time_not_quadratic(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The ``past`` of every match was copied at each new one: 20,000 matches took 9 s. Linear means a
    bounded amount kept at each new match: the fold forgets each earlier match as the next starts, so
    the state's ``past`` and the events kept never grow with the log. Counted, not timed (the stop's
    CI of 2026-12-07 at load 26: a 10x log took 46x the wall time of the small one under a 30x bound)."""
    from doublenine.shared.events import MatchLog
    kept: list[tuple[int, int]] = []
    real = MatchLog.forget_past_matches

    def spy(self, keep_past=None):  # type: ignore[no-untyped-def]
        dropped = real(self, keep_past)
        kept.append((len(self.state.past), len(self._bodies)))
        return dropped

    monkeypatch.setattr(MatchLog, "forget_past_matches", spy)
    read = storedlog.read_log(11, _long_log(5000), PAST_KEPT)
    assert len(read.log.state.past) == PAST_KEPT
    assert len(kept) == 5000  # once at each new match
    # after each: at most PAST_KEPT records, and no event of the matches before kept
    assert (max(p for p, _ in kept), max(e for _, e in kept)) == (PAST_KEPT, 0)


async def test_a_closed_table_reopened_by_its_player_is_read_in_a_worker_thread(make_server, monkeypatch) -> None:
    threads: list[str] = []
    real = storedlog.read_log

    def spy(*args):
        threads.append(threading.current_thread().name)
        return real(*args)

    monkeypatch.setattr(storedlog, "read_log", spy)
    server = await make_server()
    host = await create(server, "hccc", sit=1, seed=5)
    code, token = host.code, host.token
    table = server.registry.tables[code]
    seq = table.seq
    await host.close()
    await server.registry.close_table(table, "test")
    stored = await server.registry.store.load(code)
    assert stored.closed is True
    back = await connect(server)
    await back.attach({"type": "rejoin", "code": code, "token": token})
    assert back.seq == seq and server.registry.tables[code].seq == seq
    assert len(threads) == 1 and threads[0].startswith("doublenine-load") and threads[0] != "MainThread"
