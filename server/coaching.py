"""Serving the coach (issue 14.2): "Review my hand" requests of a table, off the event loop.

A request names a finished hand; the asking seat gets the review of its own decisions only
(spectators none: they made no decisions, and a seat's review is its own business). The
match state is read without the table lock (states are immutable), the hand's decisions are
planned at once, and each decision is then measured in the coach's own worker (a spawned
process: ``Brain.in_coach``), one decision per job, so the event loop is never held and the
computer seats' worker threads are never taken (bench/coach.py measures it). Finished reviews are kept per table (:data:`KEEP` of them), keyed by the
finished hand itself, so asking again, from the ledger or after a reconnection, costs nothing.
"""
from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from typing import Any

from doublenine.shared.errors import ErrorCode
from doublenine.shared.protocol import pack
from doublenine.shared.seats import Seat

from . import coach

log = logging.getLogger("doublenine.server.coaching")

KEEP = 64
"""Reviews kept per table (a match has at most a few dozen hands, four seats each)."""


class CoachDesk:
    """One table's reviews: being computed or done, shared by everyone asking for the same one."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.reviews: OrderedDict[tuple[Any, ...], asyncio.Future[bytes]] = OrderedDict()
        self._tasks: set[asyncio.Task[None]] = set()

    def ask(self, conn: Any, seat: Seat, match: int, number: int) -> None:
        """Start (or reuse) the review of ``seat`` in hand ``number`` of ``match`` and send it to
        ``conn`` when ready. Refuses COACH_PENDING while this connection waits for one, and
        NO_SUCH_HAND for a hand not finished or no longer in the ledger."""
        from .table import Refused
        if getattr(conn, "coaching", False):
            raise Refused(ErrorCode.COACH_PENDING, "a hand review for this connection is being computed")
        state = self.table.log.state
        try:
            h, rows, jobs = coach.plan_review(state, match, number, seat, self.table.meta.seed)
        except LookupError as exc:
            raise Refused(ErrorCode.NO_SUCH_HAND, str(exc)) from None
        answer = coach.plan_answer(h, seat, self.table.meta.seed)  # kept five doubles or more: keep vs redeal
        key = (match, number, int(seat), h.moves, h.dealt)  # an undone and replayed hand is another
        job = self.reviews.get(key)
        if job is None or (job.done() and job.exception() is not None):
            group = getattr(conn, "group", None)
            job = asyncio.ensure_future(self._compute(match, number, seat, rows, jobs, group, answer))
            self.reviews[key] = job
            while len(self.reviews) > KEEP:
                self.reviews.popitem(last=False)
        self.reviews.move_to_end(key)
        conn.coaching = True
        task = asyncio.get_running_loop().create_task(self._deliver(conn, job))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _compute(self, match: int, number: int, seat: Seat, rows: list[coach.CoachRow],
                       jobs: list[coach.Job], group: Any = None, answer: coach.AnswerJob | None = None) -> bytes:
        brain = self.table.brain
        if answer is not None:  # the redeal answer: about 2,000 hands played out, one job
            async with brain.coach_turns.turn(group):
                rows.append(await brain.in_coach(coach.review_answer, *answer))
        for at, view, move, rng in jobs:  # one decision per job: the loop runs in between
            async with brain.coach_turns.turn(group):  # fair between address groups (attacker finding)
                rows.append(await brain.in_coach(coach.review_decision, at, view, move, rng))
        return pack({"type": "coach", "match": match, "hand": number, "seat": int(seat),
                     "threshold": coach.THRESHOLD, "rows": [coach.row_wire(r) for r in coach.ordered(rows)]})

    async def _deliver(self, conn: Any, job: asyncio.Future[bytes]) -> None:
        try:
            frame = await asyncio.shield(job)
        except Exception:
            log.exception("table %s: a hand review failed", self.table.code)
            conn.error(ErrorCode.INTERNAL, "the hand review could not be computed")
        else:
            conn.send(frame)
        finally:
            conn.coaching = False


__all__ = ["CoachDesk", "KEEP"]
