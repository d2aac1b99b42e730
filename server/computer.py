"""Computer decisions for seats and hints, from a SeatView only (R23, R25, R24).

Uses ``doublenine.server.bots.decide`` (issue 4) when it is importable, else a
small random legal player. Decisions run in worker threads so a computer seat
that thinks hard never stalls the event loop (other tables keep moving).

Hints share those threads with the computer seats but never queue ahead of them (attacker
finding: one address asking hints from 32 seats queued 32 expert jobs first-come in front of every
other table's computer seats). A hint enters the threads only through one lane
(:attr:`Brain.hint_turns`, a :class:`.FairTurns`: one hint at a time, taken round robin by address
group), so at any moment at most one hint is in the threads or their queue and a computer seat's
move waits behind at most that one, whoever asks; at most :data:`HINTS_PER_GROUP` hints wait per
address group over all tables (more: ``HINT_PENDING``) and :data:`HINTS_WAITING_MAX` over all groups
together (more: ``RATE_LIMITED``; attacker finding: 30 address groups each keeping 4 hints waiting held
another player's hint 1-4 s and their own up to 15 s, and address groups are cheap: IPv6 /64s), a
hint that has waited :attr:`Brain.hint_max_wait` seconds for its turn is dropped with
:class:`HintExpired` (its asker is told to ask again), and a hint whose point of the match is gone
before its turn is dropped without being computed (:meth:`Brain.start_hint`).

Computer seats' decisions enter the threads the same way (attacker finding s10 F3: 512 tables of four
computers created from 64 IPv6 /64s queued their decisions first-come in front of every other table's,
and another table's first computer move came after 31 s instead of 0.85 s): through one lane
(:attr:`Brain.seat_turns`, a :class:`.FairTurns`), one decision at a time, taken round robin by the
site that created the table, stored with it (``Table.turn_group``: a digest of the creator's
:func:`.addresses.site_group`, kept over a restart; never a spectator's). One group's 500 tables share one group's turn, so a table of another group waits
behind at most one decision per other group with work waiting, never behind all of their tables.
The three lanes (computer seats, hints, the coach) take turns by :func:`.addresses.site_group`, which
is the address group but an IPv6 /48 for IPv6 (attacker s10 round 2: 512 /64s of one /55 holding 8
four-computer tables each took 512 turns a round and another table played at 0.24x its pace; /64s
are cheap, a /48 is an ISP customer's whole allocation). The budgets, which refuse, still count /64s.
One at a time loses nothing: the players are pure Python, and the interpreter lock runs one thread
at a time anyway; a hint (its own lane) may run beside it in the second thread.
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import threading
from collections.abc import Callable, Hashable
from concurrent.futures import BrokenExecutor, Executor
from typing import Any

from doublenine.shared.errors import ErrorCode
from doublenine.shared.moves import Decision, Review
from doublenine.shared.views import SeatView

from .bots.workers import sigint_blocked, worker_setup
from .addresses import site_group
from .budget import GroupBudget, Refusal
from .logfmt import log_repeated
from .fairturns import FairTurns

log = logging.getLogger("doublenine.server.computer")

HINTS_PER_GROUP = 4
"""Hints waiting or being computed at once for one address group, over all the server's tables
(the four seats of one table behind one router); another is refused ``HINT_PENDING`` (R25)."""

HINTS_WAITING_MAX = 12
"""Hints waiting or being computed at once over all address groups and tables of the process; another
is refused ``RATE_LIMITED`` with ``data.retry_ms`` :data:`HINT_RETRY_MS` (a hint is a courtesy: it is
refused at once rather than queued behind everyone's)."""

HINT_MAX_WAIT = 3.0
"""Seconds a hint may wait for its turn in the lane before it is dropped (:class:`HintExpired`)."""

HINT_RETRY_MS = 2000
"""``data.retry_ms`` of a hint refused or dropped because the lane is full or slow."""


def hint_budget() -> GroupBudget:
    """Hints waiting or being computed: :data:`HINTS_PER_GROUP` per address group (more:
    ``HINT_PENDING``), :data:`HINTS_WAITING_MAX` over all groups (more: ``RATE_LIMITED``)."""
    return GroupBudget(lambda: HINTS_PER_GROUP, lambda: HINTS_WAITING_MAX, ErrorCode.HINT_PENDING,
                       "{group} has hints being computed at other seats",
                       "{total} hints are waiting; ask again later", "hints", HINT_RETRY_MS)


class HintExpired(Exception):
    """A hint waited longer than :attr:`Brain.hint_max_wait` for its turn and was dropped uncomputed."""


def random_legal(view: SeatView, level: str, rng: random.Random) -> Decision:
    """A random legal decision; R12: always demands a redeal when eligible."""
    options = view.legal_decisions()
    if not options:
        raise ValueError(f"seat {int(view.viewer)} has no decision to make")
    if isinstance(options[0], Review):
        return Review(view.viewer, view.may_demand_redeal)
    return options[rng.randrange(len(options))]


def load_decide() -> Callable[[SeatView, str, random.Random], Decision]:
    """``bots.decide`` (issue 4) when importable, else :func:`random_legal`."""
    try:
        from doublenine.server.bots import decide
    except ImportError:  # the computer-player package is optional at this layer
        return random_legal
    return decide  # type: ignore[no-any-return]


class Brain:
    """Runs the computer player for one server: ``decide`` is swappable (tests)."""

    def __init__(self, executor: Executor | None,
                 decide: Callable[[SeatView, str, random.Random], Decision] | None = None) -> None:
        self.executor = executor
        self.decide = decide or load_decide()
        self.coach_turns = FairTurns()
        """Turns at the coach's worker, round robin by the asker's address group's /48
        (:func:`.addresses.site_group`), so one address
        asking many reviews cannot starve another's (``CoachDesk``)."""
        from .coaching import coach_budget  # the coach, and so the bots, only when a Brain is made
        self.coach_budget = coach_budget()
        """Reviews being computed per address group over all tables (``coaching.PER_GROUP``,
        ``coaching.TOTAL``)."""
        self.seat_turns = FairTurns()
        """The one lane by which computer seats' decisions enter the worker threads: one at a time,
        round robin by the site that created the table (``Table.turn_group``: its creator's /48,
        :func:`.addresses.site_group`, as a stored digest), so tables created from many groups slow another group's table by one
        decision per /48, not one per table or per /64."""
        self.hint_turns = FairTurns()
        """The one lane by which hints enter the worker threads: one hint at a time, round robin by
        the asker's address group's /48 (:func:`.addresses.site_group`), so a computer seat's move
        waits behind one hint at most."""
        self.hint_budget = hint_budget()
        """Hints waiting or being computed per address group (:data:`HINTS_PER_GROUP`, and
        :data:`HINTS_WAITING_MAX` all together)."""
        self.hint_max_wait = HINT_MAX_WAIT
        """Seconds a hint waits for its turn at most (tests shorten it)."""
        self._hint_waiting: dict[Hashable, list[asyncio.Timeout]] = {}
        """Per site (:func:`.addresses.site_group`), the wait of each hint not yet in the lane, oldest
        first (:meth:`hint_refusal` ends the newest of the site holding the most early)."""
        self.coach_executor: Executor | None = None
        """Issue 14.2: the coach's own single worker, made on first use (reviews queue there and
        never take the computer seats' workers)."""

    async def in_coach(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Run ``fn(*args)`` (picklable) in the coach's worker, off the event loop.

        The worker is a separate process where it can be (a review is seconds of pure Python: in a
        thread it would take the interpreter lock from the event loop; bench/coach.py measures
        both), else -- a frozen build, or a process that cannot start -- a thread."""
        loop = asyncio.get_running_loop()
        if self.coach_executor is None:
            self.coach_executor = _coach_worker()
        try:
            return await loop.run_in_executor(self.coach_executor, fn, *args)
        except BrokenExecutor:
            log.warning("the coach's worker process stopped; reviews go on in a thread")
            self.coach_executor = _coach_worker(thread=True)
            return await loop.run_in_executor(self.coach_executor, fn, *args)

    def close(self) -> None:
        """Stop the coach's worker (pending reviews are dropped, one under way too): its process is ended and
        the pool's own thread has finished before this returns (within :data:`COACH_CLOSE_WAIT` s).

        Kind fixed: a file descriptor closed by one thread while another writes to it, at shutdown (new user
        s12 F14: "Exception ignored in: <module 'threading'> ... concurrent/futures/process.py ...
        OSError: [Errno 9] Bad file descriptor" on every quit after a coach review). ``shutdown(wait=False)``
        left the pool's manager thread closing its wake-up pipe while the interpreter's exit hook
        (concurrent.futures.process._python_exit, which takes no lock) wrote to it: the write found the
        descriptor closed under it. Once the thread has ended its pipe is marked closed and the hook skips it."""
        executor, self.coach_executor = self.coach_executor, None
        if executor is None:
            return
        manager = getattr(executor, "_executor_manager_thread", None)  # ProcessPoolExecutor's own thread
        processes = list((getattr(executor, "_processes", None) or {}).values())
        executor.shutdown(wait=False, cancel_futures=True)
        for process in processes:  # a review under way: seconds of work nobody waits for any more
            with contextlib.suppress(Exception):
                process.terminate()
        if manager is not None and manager is not threading.current_thread():
            manager.join(COACH_CLOSE_WAIT)

    async def choose(self, view: SeatView, level: str, rng: random.Random, group: Hashable = None) -> Decision:
        """R23: a decision for ``view.viewer`` from its view alone, off the event loop, at the next
        turn of ``group``'s /48 (``group``: the table's ``turn_group``, or an address group;
        :func:`.addresses.site_group`, which leaves a digest as it is)
        in :attr:`seat_turns`.

        Cancelled while waiting, it leaves the lane at once; cancelled while computing, it keeps
        the lane until its thread is done (so no second decision enters the threads meanwhile)."""
        loop = asyncio.get_running_loop()
        async with self.seat_turns.turn(site_group(group)):
            return await _in_thread(loop.run_in_executor(self.executor, self._safe, view, level, rng))

    @property
    def coach_pending(self) -> dict[Hashable, int]:
        """Reviews being computed per address group (``coach_budget.counts``; ``{}`` when none)."""
        return self.coach_budget.counts

    @property
    def hint_pending(self) -> dict[Hashable, int]:
        """Hints waiting or being computed per address group (``hint_budget.counts``; ``{}`` when none)."""
        return self.hint_budget.counts

    def hint_allowed(self, group: Hashable) -> bool:
        """Whether ``group`` may start another hint now (fewer than :data:`HINTS_PER_GROUP` pending)."""
        return self.hint_budget.room_for(group)

    def hints_full(self) -> bool:
        """Whether :data:`HINTS_WAITING_MAX` hints wait or are computed over all groups (refuse another)."""
        return self.hint_budget.full()

    def hint_refusal(self, group: Hashable) -> Refusal | None:
        """None when ``group`` may start a hint now (then call :meth:`start_hint`); else the refusal
        (``hint_budget.refusal``). While :data:`HINTS_WAITING_MAX` hints wait, a site (its /48 for IPv6)
        holding fewer than the site holding the most, even with this one, still gets its hint: the most
        holding site's newest hint not yet in the lane is dropped for it (its asker told
        ``RATE_LIMITED``, ask again, as :class:`HintExpired`). So the total is shared fairly by site,
        never first-come (attacker s13 F5: 4 addresses keeping 4 hints each had a third of another
        player's hints refused)."""
        refusal = self.hint_budget.refusal(group)
        if refusal is None or refusal.code != ErrorCode.RATE_LIMITED:
            return refusal
        sites: dict[Hashable, int] = {}
        for held, count in self.hint_budget.counts.items():
            sites[site_group(held)] = sites.get(site_group(held), 0) + count
        hog = max(sites, key=sites.__getitem__)
        waiting = self._hint_waiting.get(hog)
        if sites.get(site_group(group), 0) + 1 >= sites[hog] or not waiting:
            return refusal
        waiting.pop().reschedule(asyncio.get_running_loop().time())  # ends at once: HintExpired
        return None

    def start_hint(self, view: SeatView, level: str, rng: random.Random, group: Hashable,
                   wanted: Callable[[], bool]) -> asyncio.Task[Decision | None]:
        """R25: a task computing a hint for ``view`` at the lane's next turn for ``group``.

        Counted in :attr:`hint_budget` by ``group`` (its /64) from now until the task ends (check
        ``hint_budget.refusal`` first). When its turn comes and ``wanted()`` is false (the position it
        was asked at is gone) it ends with None and nothing is computed; after :attr:`hint_max_wait`
        seconds without its turn it leaves the lane and raises :class:`HintExpired`; cancelled while
        waiting, it leaves the lane at once; cancelled while computing, it keeps the lane until the
        thread is done (so no second hint enters the threads meanwhile). Must be called from the
        event loop."""
        task = asyncio.get_running_loop().create_task(self._hint(view, level, rng, group, wanted))
        self.hint_budget.take(group)
        task.add_done_callback(lambda _: self.hint_budget.release(group))
        return task

    async def _hint(self, view: SeatView, level: str, rng: random.Random, group: Hashable,
                    wanted: Callable[[], bool]) -> Decision | None:
        loop = asyncio.get_running_loop()
        site = site_group(group)
        lane = self.hint_turns.turn(site)  # turns by /48, the budget by /64
        waits = self._hint_waiting.setdefault(site, [])
        wait = asyncio.timeout(self.hint_max_wait)
        waits.append(wait)
        try:  # cancelled while waiting, the lane hands on a turn given meanwhile (FairTurns.turn)
            async with wait:
                await lane.__aenter__()
        except TimeoutError:
            raise HintExpired(f"waited {self.hint_max_wait} s for the hint lane") from None
        finally:
            if wait in waits:
                waits.remove(wait)
            if not waits and self._hint_waiting.get(site) is waits:
                del self._hint_waiting[site]
        async with contextlib.AsyncExitStack() as stack:
            stack.push_async_exit(lane)
            if not wanted():
                return None
            return await _in_thread(loop.run_in_executor(self.executor, self._safe, view, level, rng))

    def _safe(self, view: SeatView, level: str, rng: random.Random) -> Decision:
        try:
            return self.decide(view, level, rng)
        except ValueError:
            raise
        except Exception:  # a faulty level must not stop the table: log it, fall back, legally
            log_repeated(log, logging.ERROR, f"computer level failed\x00{level}",
                         "computer level %s failed for seat %d; playing a random legal decision", level,
                         int(view.viewer), exc_info=True)
            return random_legal(view, level, rng)


async def _in_thread(work: asyncio.Future[Decision]) -> Decision:
    """The result of ``work`` (a job in the worker threads); cancelled, it waits for the thread to
    finish before the cancel goes on, so the lane its caller holds is held till then."""
    try:
        return await asyncio.shield(work)
    except asyncio.CancelledError:
        with contextlib.suppress(BaseException):
            await asyncio.wait([work])  # the thread finishes; the lane is held till then
        raise


COACH_CLOSE_WAIT = 5.0
"""Seconds :meth:`Brain.close` waits at most for the coach's pool thread to end (its process is ended first:
it takes milliseconds)."""


def _coach_worker(thread: bool = False) -> Executor:
    """One worker for the coach: a spawned process unless ``thread`` or a frozen build (whose
    executable is not a Python that can be spawned)."""
    import sys
    from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
    if thread or getattr(sys, "frozen", False):
        return ThreadPoolExecutor(1, thread_name_prefix="coach")
    import multiprocessing
    with sigint_blocked():  # the worker starts now, inheriting the mask: Ctrl-C in the terminal
        # reaches the whole process group, and the worker printed "Process SpawnProcess-1: Traceback
        # ... KeyboardInterrupt" (attacker F8); this server alone stops (Brain.close ends the worker)
        worker = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"),
                                     initializer=worker_setup)
        worker.submit(int)  # spawns the process (lazily started otherwise, outside the mask)
    return worker


_fallback = random_legal  # an older name, used by tests


def decision_rng(seed: int, position: int, purpose: str = "seat") -> random.Random:
    """R24: the generator of the decision at log ``position``: same seed, same log, same moves."""
    return random.Random(f"{seed}:{position}:{purpose}")


def hint_rng(seed: Any, view: Any) -> random.Random:
    """R24, R25: the generator of the hint for ``view`` (a ``SeatView``), from the table's seed and
    the position the seat sees (match, hand, moves made so far, seat), never the log position. The
    coach re-derives it for a decision of a finished hand and so reports the very move the hint gave there
    beside its own measured best (:func:`.coach.review_decision`)."""
    return random.Random(f"{seed}:{view.match}:{view.hand_number}:{len(view.moves)}:hint{int(view.viewer)}")


__all__: list[Any] = ["Brain", "HINT_MAX_WAIT", "HINT_RETRY_MS", "HINTS_PER_GROUP", "HINTS_WAITING_MAX", "HintExpired", "decision_rng", "hint_budget", "hint_rng", "load_decide",
                     "random_legal"]
