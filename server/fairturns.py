"""Turns at one shared worker, taken fairly by groups (attacker finding: one address with six
tables kept the coach's single worker busy and a review at another table took 8.8x longer).

A job waits for its turn with ``async with turns.turn(group):``; one holder at a time; when the
holder is done the next turn goes to the group after it in the round, so a group with many jobs
waiting gets one turn per round, like a group with one. Used for the three lanes of
:class:`.computer.Brain`: computer seats' decisions, hints and the coach (:mod:`.coaching`); their
groups are sites (:func:`.addresses.site_group`: an IPv4 address, an IPv6 /48).
"""
from __future__ import annotations

import asyncio
from collections import OrderedDict, deque
from collections.abc import AsyncIterator, Hashable
from contextlib import asynccontextmanager


class FairTurns:
    """One holder at a time; waiting groups served round robin, each group's jobs in order.

    A group whose jobs come one after another (a review's decisions: nothing of it waits while its
    turn runs) keeps its place at the end of the round when its turn ends, for the job it asks
    next; without that place it went behind the others' next jobs and a group with several jobs
    waiting took two turns per round (attacker finding).
    """

    def __init__(self) -> None:
        self._waiting: OrderedDict[Hashable, deque[asyncio.Future[None]]] = OrderedDict()
        self._busy = False
        self._holder: Hashable = None

    def waiting(self, group: Hashable) -> int:
        """Jobs of ``group`` waiting for a turn (not counting one holding it)."""
        return sum(1 for f in self._waiting.get(group, ()) if not f.done())

    @asynccontextmanager
    async def turn(self, group: Hashable) -> AsyncIterator[None]:
        """Wait for ``group``'s turn, hold it for the block, then hand it on."""
        if self._busy or any(self._waiting.values()):
            fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            self._waiting.setdefault(group, deque()).append(fut)
            try:
                await fut
            except asyncio.CancelledError:
                if fut.done() and not fut.cancelled():  # handed the turn while being cancelled
                    self._holder = group
                    self._hand_on()
                raise
        else:
            self._waiting.clear()  # only kept places: nobody waits
            self._busy = True
        self._holder = group
        try:
            yield
        finally:
            self._hand_on()

    def _hand_on(self) -> None:
        if self._waiting and self._holder not in self._waiting:
            self._waiting[self._holder] = deque()  # its place in the round for its next job
        while self._waiting:
            group, queue = next(iter(self._waiting.items()))
            if not queue:  # a kept place not taken: the round goes on
                del self._waiting[group]
                continue
            fut = queue.popleft()
            if queue:
                self._waiting.move_to_end(group)  # its next job waits for the others' turns
            else:
                del self._waiting[group]
            if not fut.done():  # a cancelled waiter is skipped
                fut.set_result(None)
                return
        self._busy = False


__all__ = ["FairTurns"]
