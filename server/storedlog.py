"""A stored table's log read back for serving it again, off the event loop (attacker s11 F4).

Reading a stored log means decoding every row and folding every event (R24: every stored shuffle
consumes the table's generator as it did when it was drawn), so its cost grows with the table's whole
history. Done on the event loop it stalled every table of the process: a table of 20,000 matches
held the loop 9 s, one of 150,000 made the process stop answering. Here it is done in a worker thread
(:func:`read_log`, one of :data:`LOAD_THREADS` at a time), each earlier match forgotten as the next
one starts (``MatchLog(keep_past=...)``), so the loop only ever takes the result: the current match
and the last :data:`~.table.PAST_KEPT` records, whatever the history.
"""
from __future__ import annotations

import asyncio
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from doublenine.shared.codec import decode_rows, row_intents
from doublenine.shared.events import MatchLog
from doublenine.shared.seats import SEATS, Seat

from .fanout import SeqCounter

LOAD_THREADS = 2
"""Stored logs read at once (one worker thread each): a flood of rejoins of long tables queues here,
never more than this many threads contending with the event loop."""

_LOADS = ThreadPoolExecutor(max_workers=LOAD_THREADS, thread_name_prefix="doublenine-load")


@dataclass(frozen=True, slots=True)
class StoredLog:
    """A table's stored log, read: what a :class:`~.table.Table` needs of it, every past match folded."""

    log: MatchLog
    """The log from the current match's start on (earlier matches forgotten: stored only), a due
    shuffle settled but not stored yet."""
    rows: int
    """How many rows were stored (the log's events from here on are not stored yet)."""
    counter: SeqCounter
    """The wire ``seq`` counter fed every stored event (``fanout.SeqCounter``)."""
    intents: tuple[tuple[Seat, str, int], ...]
    """(seat, intent id, wire seq it was applied at) of every stored row that carries an intent, oldest
    first (DUPLICATE survives a restart)."""
    last_at: float | None
    """Unix seconds of the last stored event (None: no row)."""


def read_log(seed: int | None, rows: tuple[tuple[int, bytes], ...] | list[tuple[int, bytes]],
             keep_past: int) -> StoredLog:
    """Decode and fold ``rows`` (``(seq, payload)`` in seq order) of a table seeded ``seed``, keeping
    ``keep_past`` earlier matches' records; time and memory linear in the rows. Pure CPU work on its
    arguments only: safe in a worker thread. Raises ``codec.CodecError`` for a row that does not
    decode and ``ValueError`` for a gap in the seqs."""
    events = decode_rows(rows)
    log = MatchLog(seed=seed, clock=time.time, events=events, keep_past=keep_past)
    by_row = {row: (seat, iid) for row, seat, iid in row_intents(rows)}
    counter, intents = SeqCounter(), []
    for event in events:
        counter.feed(event)
        if event.seq in by_row:
            seat, iid = by_row[event.seq]
            if seat in SEATS:
                intents.append((Seat(seat), iid, counter.seq))
    return StoredLog(log, len(events), counter, tuple(intents), events[-1].at if events else None)


async def read_log_off_loop(seed: int | None, rows: tuple[tuple[int, bytes], ...], keep_past: int) -> StoredLog:
    """:func:`read_log` in one of the :data:`LOAD_THREADS` worker threads: the event loop serves every
    other table meanwhile, whatever the length of the log."""
    return await asyncio.get_running_loop().run_in_executor(_LOADS, read_log, seed, rows, keep_past)
