"""Serving the coach (issue 14.2): "Review my hand" requests of a table, off the event loop.

A request names a finished hand; the asking seat gets the review of its own decisions only
(spectators none: they made no decisions, and a seat's review is its own business). The
match state is read without the table lock (states are immutable), the hand's decisions are
planned at once, and each decision is then measured in the coach's own worker (a spawned
process: ``Brain.in_coach``), one decision per job, so the event loop is never held and the
computer seats' worker threads are never taken (bench/coach.py measures it). Finished reviews are kept per table (:data:`KEEP` of them), keyed by the
finished hand itself, so asking again, from the ledger or after a reconnection, costs nothing.

Work a stranger can queue is bounded and dropped when nobody waits for it (attacker finding:
one seat undoing into a finished hand, replaying and reconnecting queued 53 reviews from one
address and held another address's review for minutes): one review being computed per seat
(across reconnections) and :data:`PER_GROUP` per address group over all tables (both
``COACH_PENDING``); a review whose askers have all disconnected, or whose table closed, is
cancelled at its next turn; the redeal answer (R10) is kept by what it depends on (the seat's
dealt hand, opener, scores, seed), not the moves, and is measured in turns of
:data:`.coachdeal.ANSWER_CHUNK` hands, each about one play decision's cost.
"""
from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from doublenine.shared.errors import ErrorCode
from doublenine.shared.protocol import pack
from doublenine.shared.seats import Seat
from doublenine.shared.tiles import DOUBLE_NINE_SET

from . import coach, coachdeal
from .addresses import site_group
from .budget import GroupBudget
from .logfmt import log_repeated

log = logging.getLogger("doublenine.server.coaching")

KEEP = 64
"""Reviews kept per table (a match has at most a few dozen hands, four seats each)."""

PER_GROUP = 4
"""Reviews being computed at once for one address group, over all the server's tables: the four
seats of one table behind one router; a fifth is refused ``COACH_PENDING``."""

TOTAL = 8
"""Reviews being computed at once over all address groups of the process; another is refused
``RATE_LIMITED`` with ``data: {limit: "coach", retry_ms:`` :data:`RETRY_MS` ``}`` (attacker s9 on
hints, the same kind here: per-group bounds alone let many cheap groups, IPv6 /64s, queue without
end in front of everyone's review)."""

RETRY_MS = 5000
"""``data.retry_ms`` of a review refused because :data:`TOTAL` are being computed."""


def coach_budget() -> GroupBudget:
    """Reviews being computed: :data:`PER_GROUP` per address group (more: ``COACH_PENDING``),
    :data:`TOTAL` over all groups (more: ``RATE_LIMITED``); the caps are read when checked."""
    return GroupBudget(lambda: PER_GROUP, lambda: TOTAL, ErrorCode.COACH_PENDING,
                       "{group} has {per_group} hand reviews being computed",
                       "{total} hand reviews are being computed; ask again later", "coach", RETRY_MS)


@dataclass(eq=False)
class _Running:
    """A review being computed: who waits for it, which seat and address group it counts against."""

    task: asyncio.Task[bytes]
    seat: Seat
    group: Any
    askers: set[Any] = field(default_factory=set)


class CoachDesk:
    """One table's reviews: being computed or done, shared by everyone asking for the same one."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.reviews: OrderedDict[tuple[Any, ...], asyncio.Future[bytes]] = OrderedDict()
        self.running: dict[tuple[Any, ...], _Running] = {}
        self.answers: OrderedDict[tuple[Any, ...], asyncio.Task[coach.CoachRow]] = OrderedDict()
        self._answer_users: dict[tuple[Any, ...], int] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    def ask(self, conn: Any, seat: Seat, match: int, number: int) -> None:
        """Start (or reuse) the review of ``seat`` in hand ``number`` of ``match`` and send it to
        ``conn`` when ready. Refuses COACH_PENDING while this connection waits for one, while
        ``seat`` has another review being computed, or while ``conn``'s address group has
        :data:`PER_GROUP` being computed; RATE_LIMITED (``data.retry_ms``) while :data:`TOTAL`
        are being computed over all groups; NO_SUCH_HAND for a hand not finished or no longer in the ledger."""
        from .table import Refused
        if getattr(conn, "coaching", False):
            raise Refused(ErrorCode.COACH_PENDING, "a hand review for this connection is being computed")
        state = self.table.log.state
        try:
            h, rows, jobs = coach.plan_review(state, match, number, seat, self.table.meta.seed,
                                              self.table.config.hint_level)
        except LookupError as exc:
            raise Refused(ErrorCode.NO_SUCH_HAND, str(exc)) from None
        key = (match, number, int(seat), h.moves, h.dealt)  # an undone and replayed hand is another
        job = self.reviews.get(key)
        if key in self.running:
            self.running[key].askers.add(conn)  # the same review: wait for it, no new work
        elif job is None or not job.done() or job.cancelled() or job.exception() is not None:
            job = self._start(conn, seat, key, h, rows, jobs)
        self.reviews.move_to_end(key)
        conn.coaching = True
        task = asyncio.get_running_loop().create_task(self._deliver(conn, job))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _start(self, conn: Any, seat: Seat, key: tuple[Any, ...], h: Any, rows: list[coach.CoachRow],
               jobs: list[coach.Job]) -> asyncio.Task[bytes]:
        from .table import Refused
        if any(r.seat == seat for r in self.running.values()):
            raise Refused(ErrorCode.COACH_PENDING, f"seat {int(seat)} has a hand review being computed")
        group = getattr(conn, "group", None)
        budget = self.table.brain.coach_budget
        refusal = budget.refusal(group)
        if refusal is not None:
            raise Refused(*refusal)
        answer = coach.plan_answer(h, seat, self.table.meta.seed)  # kept five doubles or more: keep vs redeal
        task = asyncio.get_running_loop().create_task(
            self._compute(key[0], key[1], seat, rows, jobs, group, answer))
        self.running[key] = _Running(task, seat, group, {conn})
        budget.take(group)
        task.add_done_callback(lambda t: self._finished(key, t))
        self.reviews[key] = task
        while len(self.reviews) > KEEP:
            self.reviews.popitem(last=False)
        return task

    def _finished(self, key: tuple[Any, ...], task: asyncio.Task[bytes]) -> None:
        run = self.running.get(key)
        if run is not None and run.task is task:
            del self.running[key]
            self.table.brain.coach_budget.release(run.group)
        if (task.cancelled() or task.exception() is not None) and self.reviews.get(key) is task:
            del self.reviews[key]  # nothing to keep: asked again, it is computed again

    def drop(self, conn: Any) -> None:
        """``conn`` closed: a review nobody else waits for is cancelled (its worker turn in progress,
        at most one decision or one answer chunk, finishes; no further turn is taken)."""
        for run in list(self.running.values()):
            run.askers.discard(conn)
            if not run.askers:
                run.task.cancel()

    def close(self) -> None:
        """The table closed: every review being computed is cancelled."""
        for run in list(self.running.values()):
            run.task.cancel()

    async def _compute(self, match: int, number: int, seat: Seat, rows: list[coach.CoachRow],
                       jobs: list[coach.Job], group: Any = None, answer: coach.AnswerJob | None = None) -> bytes:
        brain = self.table.brain
        if answer is not None:  # the redeal answer: 3,000 hands played out, in chunks
            rows.append(await self._answer(answer, group))
        for at, view, move, rng, hint in jobs:  # one decision per job: the loop runs in between
            async with brain.coach_turns.turn(site_group(group)):  # fair between address groups (attacker finding)
                rows.append(await brain.in_coach(coach.review_decision, at, view, move, rng, None, hint))
        return pack({"type": "coach", "match": match, "hand": number, "seat": int(seat),
                     "threshold": coach.THRESHOLD, "rows": [coach.row_wire(r) for r in coach.ordered(rows)]})

    async def _answer(self, answer: coach.AnswerJob, group: Any) -> coach.CoachRow:
        """The acceptance's row, shared by every review of the same deal (undone and replayed
        hands have other moves but the same answer); cancelled when no review waits for it."""
        h, seat, rng, settings = answer
        key = (h.match, h.number, int(seat), h.dealt_masks[seat - 1], h.opener, h.scores_before, settings)
        task = self.answers.get(key)
        if task is None or (task.done() and (task.cancelled() or task.exception() is not None)):
            task = asyncio.get_running_loop().create_task(self._measure_answer(answer, group))
            self.answers[key] = task
            while len(self.answers) > KEEP:
                self.answers.popitem(last=False)
        self._answer_users[key] = self._answer_users.get(key, 0) + 1
        try:
            return await asyncio.shield(task)
        finally:
            self._answer_users[key] -= 1
            if not self._answer_users[key]:
                del self._answer_users[key]
                if not task.done():  # nobody waits for it any more
                    task.cancel()
                    if self.answers.get(key) is task:
                        del self.answers[key]

    async def _measure_answer(self, answer: coach.AnswerJob, group: Any) -> coach.CoachRow:
        """:func:`.coach.review_answer`'s row, exactly, measured one :data:`.coachdeal.ANSWER_CHUNK` per turn."""
        h, seat, rng, settings = answer
        brain = self.table.brain
        hand = h.dealt_masks[seat - 1]
        keep: list[float] = []
        fresh: list[float] = []
        others = coachdeal.others_of(hand)
        for n in coachdeal.chunks(settings.worlds):
            async with brain.coach_turns.turn(site_group(group)):
                values, rng, others = await brain.in_coach(coachdeal.keep_chunk, seat, hand, h.opener,
                                                           h.scores_before, rng, others, n, settings.level)
            keep += values
        order = list(range(len(DOUBLE_NINE_SET)))
        for n in coachdeal.chunks(settings.deals):
            async with brain.coach_turns.turn(site_group(group)):
                values, rng, order = await brain.in_coach(coachdeal.redeal_chunk, seat, h.opener,
                                                          h.scores_before, rng, order, n, settings.level)
            fresh += values
        found = coachdeal.choice(seat, coachdeal.estimate(keep), coachdeal.estimate(fresh))
        return coach.answer_review_row(*found)

    async def _deliver(self, conn: Any, job: asyncio.Future[bytes]) -> None:
        try:
            frame = await asyncio.shield(job)
        except Exception:
            log_repeated(log, logging.ERROR, "hand review failed", "table %s: a hand review failed", self.table.code,
                         exc_info=True)
            conn.error(ErrorCode.INTERNAL, "the hand review could not be computed")
        else:
            conn.send(frame)
        finally:
            conn.coaching = False


__all__ = ["CoachDesk", "KEEP", "PER_GROUP", "RETRY_MS", "TOTAL", "coach_budget"]
