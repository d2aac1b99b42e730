"""R25 hints never crowd out the computer seats (attacker finding F1), counted in queue positions.

The worker threads are replaced by :class:`ManualExecutor`, a queue that runs a job only when the
test says so: what the tests count is the order of jobs in it, never a time.
"""
from __future__ import annotations

import asyncio
import random
from concurrent.futures import Executor, Future
from typing import Any

from doublenine.server.computer import HINTS_PER_GROUP, HINTS_WAITING_MAX, Brain, HintExpired, random_legal
from doublenine.shared import protocol as p
from doublenine.shared.errors import ErrorCode
from doublenine.shared.state import Phase

from .conftest import create, eventually, join, play_all, settle


class ManualExecutor(Executor):
    """Worker threads that run nothing by themselves: ``submit`` queues, :meth:`run_next` runs the
    oldest job on the caller's thread. ``kinds`` records every job submitted, in order."""

    def __init__(self) -> None:
        self.queue: list[tuple[Future[Any], Any, tuple[Any, ...], str]] = []
        self.kinds: list[str] = []

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        kind = str(args[1]) if len(args) > 1 else "other"  # Brain._safe(view, level, rng)
        self.queue.append((future, fn, args, kind))
        self.kinds.append(kind)
        return future

    def queued(self) -> list[str]:
        return [kind for *_, kind in self.queue]

    def run_next(self) -> str:
        future, fn, args, kind = self.queue.pop(0)
        future.set_running_or_notify_cancel()
        future.set_result(fn(*args))
        return kind

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        for future, *_ in self.queue:
            future.cancel()
        self.queue.clear()


async def turn() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


async def test_a_flood_of_hints_from_one_group_puts_at_most_one_hint_ahead_of_a_computer_seat() -> None:
    pool = ManualExecutor()
    brain = Brain(pool, lambda view, level, rng: level)
    always = lambda: True  # noqa: E731
    flood = [brain.start_hint(None, f"hint-A{i}", random.Random(i), "198.51.100.7", always)  # type: ignore[arg-type]
             for i in range(HINTS_PER_GROUP)]
    assert not brain.hint_allowed("198.51.100.7")  # the fifth is refused (HINT_PENDING at a table)
    assert brain.hint_allowed("203.0.113.9")
    other = [brain.start_hint(None, f"hint-B{i}", random.Random(i), "203.0.113.9", always)  # type: ignore[arg-type]
             for i in range(2)]
    await turn()
    assert pool.queued() == ["hint-A0"]  # one hint in the threads' queue, the others wait in the lane
    seat = asyncio.ensure_future(brain.choose(None, "seat-1", random.Random(0)))  # type: ignore[arg-type]
    await turn()
    assert pool.queued() == ["hint-A0", "seat-1"]  # the computer seat waits behind one hint, not six
    order = []
    while pool.queue:
        order.append(pool.run_next())
        await turn()
        if order == ["hint-A0", "seat-1", "hint-A1"]:  # another table's computer seat, mid-flood
            late = asyncio.ensure_future(brain.choose(None, "seat-2", random.Random(0)))  # type: ignore[arg-type]
            await turn()
            assert pool.queued() == ["hint-B0", "seat-2"]
    # round robin by address group (A0 took the free lane; A's waiting jobs came first): the
    # flooding group gets one turn per round, like the other
    assert order == ["hint-A0", "seat-1", "hint-A1", "hint-B0", "seat-2", "hint-A2", "hint-B1", "hint-A3"]
    assert await seat == "seat-1" and await late == "seat-2"
    assert [await h for h in flood] == ["hint-A0", "hint-A1", "hint-A2", "hint-A3"]
    assert [await h for h in other] == ["hint-B0", "hint-B1"]
    assert brain.hint_pending == {} and brain.hint_allowed("198.51.100.7")


async def test_a_hint_whose_position_is_gone_before_its_turn_is_never_computed() -> None:
    pool = ManualExecutor()
    brain = Brain(pool, lambda view, level, rng: level)
    wanted = {"first": True, "stale": True}
    first = brain.start_hint(None, "first", random.Random(0), "g", lambda: wanted["first"])  # type: ignore[arg-type]
    stale = brain.start_hint(None, "stale", random.Random(0), "g", lambda: wanted["stale"])  # type: ignore[arg-type]
    cancelled = brain.start_hint(None, "cancelled", random.Random(0), "g", lambda: True)  # type: ignore[arg-type]
    await turn()
    wanted["stale"] = False
    cancelled.cancel()
    await turn()
    assert pool.queued() == ["first"]
    pool.run_next()
    await turn()
    assert await first == "first" and await stale is None and cancelled.cancelled()
    assert pool.kinds == ["first"] and brain.hint_pending == {}


async def test_a_hint_cancelled_while_computed_keeps_the_lane_until_its_thread_is_done() -> None:
    pool = ManualExecutor()
    brain = Brain(pool, lambda view, level, rng: level)
    running = brain.start_hint(None, "running", random.Random(0), "g", lambda: True)  # type: ignore[arg-type]
    after = brain.start_hint(None, "after", random.Random(0), "h", lambda: True)  # type: ignore[arg-type]
    await turn()
    running.cancel()
    await turn()
    assert pool.queued() == ["running"]  # the next hint does not enter the threads beside it
    pool.run_next()
    await turn()
    assert running.cancelled() and pool.queued() == ["after"]
    pool.run_next()
    assert await after == "after"


async def test_thirty_address_groups_fill_the_total_cap_and_no_more() -> None:
    """Attacker s9: 30 groups x 4 waiting hints, none ever dropped, held everyone's hint 1-4 s (the
    attackers' own 15 s); the queue had no total bound. Now 12 over all groups, then refused."""
    pool = ManualExecutor()
    brain = Brain(pool, lambda view, level, rng: level)
    started = 0
    for g in range(30):
        for i in range(HINTS_PER_GROUP):
            if brain.hints_full():
                break
            assert brain.hint_allowed(f"2001:db8:{g}::/64")
            brain.start_hint(None, f"h{g}.{i}", random.Random(0), f"2001:db8:{g}::/64", lambda: True)  # type: ignore[arg-type]
            started += 1
    assert started == HINTS_WAITING_MAX == 12
    assert brain.hints_full() and brain.hint_allowed("198.51.100.7")  # the group may, the whole lane may not
    await turn()
    pool.run_next()
    await turn()
    assert not brain.hints_full() and sum(brain.hint_pending.values()) == 11
    while pool.queue:  # the rest run, one at a time
        pool.run_next()
        await turn()
    assert len(pool.kinds) == 12 and brain.hint_pending == {}


async def test_a_hint_that_waits_too_long_for_its_turn_is_dropped_uncomputed() -> None:
    pool = ManualExecutor()
    brain = Brain(pool, lambda view, level, rng: level)
    brain.hint_max_wait = 0.02  # the lane is held by a job the test never runs: the wait is certain
    holder = brain.start_hint(None, "holder", random.Random(0), "g", lambda: True)  # type: ignore[arg-type]
    late = brain.start_hint(None, "late", random.Random(0), "h", lambda: True)  # type: ignore[arg-type]
    after = brain.start_hint(None, "after", random.Random(0), "h", lambda: True)  # type: ignore[arg-type]
    # 0.02 s, or later on a loaded machine; the budget is given back a loop turn after each task ends
    await eventually(lambda: late.done() and after.done() and brain.hint_pending == {"g": 1})
    assert late.done() and isinstance(late.exception(), HintExpired)
    assert after.done() and isinstance(after.exception(), HintExpired)
    assert pool.queued() == ["holder"] and brain.hint_pending == {"g": 1}
    brain.hint_max_wait = 10.0
    fresh = brain.start_hint(None, "fresh", random.Random(0), "h", lambda: True)  # type: ignore[arg-type]
    pool.run_next()
    await turn()
    assert await holder == "holder" and pool.queued() == ["fresh"]  # the dropped ones left the lane
    pool.run_next()
    assert await fresh == "fresh" and pool.kinds == ["holder", "fresh"] and brain.hint_pending == {}


async def _review_table(server: Any, seed: int) -> tuple[list[Any], Any]:
    host = await create(server, "hhhh", sit=1, seed=seed)
    clients = [host] + [await join(server, host.code, seat=s) for s in (2, 3, 4)]
    table = server.registry.tables[host.code]
    await asyncio.wait_for(play_all(clients, stop=lambda c: c.view.phase is Phase.REVIEW), 30)
    await settle(clients, table)
    return clients, table


async def test_hints_beyond_the_address_groups_limit_are_refused_and_stale_ones_are_dropped(make_server) -> None:
    pool = ManualExecutor()
    server = await make_server(brain=Brain(pool, lambda view, level, rng: random_legal(view, "easy", rng)))
    first, table1 = await _review_table(server, 77)
    second, _ = await _review_table(server, 78)
    for i, c in enumerate(first):  # four hints from this address group: one queued, three in the lane
        await c.send({"type": "hint", "expected_seq": c.seq, "intent_id": f"h{i}"})
    await eventually(lambda: server.brain.hint_pending.get("127.0.0.1") == HINTS_PER_GROUP)  # all four arrived
    assert len(pool.queue) == 1 and server.brain.hint_pending == {"127.0.0.1": HINTS_PER_GROUP}
    await second[0].send({"type": "hint", "expected_seq": second[0].seq, "intent_id": "h5"})
    refused = await second[0].until(lambda m: isinstance(m, p.Error))
    assert (refused.code, refused.intent_id) == ("HINT_PENDING", "h5")
    seq = table1.seq
    for c in first:  # every seat answers the review before its hint is computed: seq moves on
        await c.intent(c.view.legal_decisions()[0])
    await settle(first, table1)
    assert table1.seq == seq + 1
    await asyncio.sleep(0.05)
    assert len(pool.queue) == 1  # the three waiting were dropped; the one in the threads finishes
    pool.run_next()
    await eventually(lambda: server.brain.hint_pending == {})  # the lane is free again
    await asyncio.sleep(0.05)
    assert pool.queue == [] and len(pool.kinds) == 1  # no stale hint was computed
    assert server.brain.hint_pending == {}
    assert not any(isinstance(p.decode_server(f), p.HintReply) for c in first for f in c.frames)
    await second[0].send({"type": "hint", "expected_seq": second[0].seq, "intent_id": "h6"})
    await eventually(lambda: len(pool.queue) >= 1)
    assert len(pool.queue) == 1
    pool.run_next()
    reply = await second[0].until(lambda m: isinstance(m, p.HintReply))
    assert reply.seq == second[0].seq
    await settle(first, table1)
    mover = first[table1.state.hand.turn - 1]  # its stale hint was dropped: it is not pending
    await mover.send({"type": "hint", "expected_seq": mover.seq, "intent_id": "h7"})
    await eventually(lambda: len(pool.queue) >= 1)
    assert len(pool.queue) == 1 and not mover.errors
    pool.run_next()
    reply = await mover.until(lambda m: isinstance(m, p.HintReply))
    assert reply.seq == table1.seq


async def test_a_hint_dropped_for_waiting_too_long_is_answered_and_asked_again_is_computed(make_server) -> None:
    """The 3 s drop answers RATE_LIMITED (limit hints, retry_ms) on the asker's connection, and the
    same seat asking again at the same seq gets a hint: the dropped job was kept as the seat's hint
    for that seq, so every later ask at that turn was answered the same error at once."""
    pool = ManualExecutor()
    server = await make_server(brain=Brain(pool, lambda view, level, rng: random_legal(view, "easy", rng)))
    server.brain.hint_max_wait = 0.3
    first, table = await _review_table(server, 79)
    await first[0].send({"type": "hint", "expected_seq": first[0].seq, "intent_id": "h0"})  # holds the lane
    await eventually(lambda: len(pool.queue) >= 1)
    assert len(pool.queue) == 1
    seq = table.seq
    await first[1].send({"type": "hint", "expected_seq": first[1].seq, "intent_id": "h1"})
    dropped = await first[1].until(lambda m: isinstance(m, p.Error))
    assert (dropped.code, dropped.intent_id, dropped.data) == ("RATE_LIMITED", "h1", {"limit": "hints", "retry_ms": 2000})
    pool.run_next()
    reply = await first[0].until(lambda m: isinstance(m, p.HintReply))
    assert reply.seq == seq == table.seq
    await first[1].send({"type": "hint", "expected_seq": first[1].seq, "intent_id": "h2"})
    await eventually(lambda: len(pool.queue) >= 1)
    assert len(pool.queue) == 1 and [e.intent_id for e in first[1].errors] == ["h1"]
    pool.run_next()
    again = await first[1].until(lambda m: isinstance(m, p.HintReply))
    assert again.seq == seq


async def test_a_group_with_no_hint_waiting_is_never_refused_for_groups_filling_the_total() -> None:
    """Attacker s13 F5: 3-4 groups keeping 4 hints each filled the 12 first-come and a third of another
    player's hints were refused RATE_LIMITED. Now the site holding the most gives up its newest waiting
    hint (told RATE_LIMITED, as one that waited too long) to a site holding fewer."""
    pool = ManualExecutor()
    brain = Brain(pool, lambda view, level, rng: level)
    flood = [f"2001:db8:{g}::/64" for g in range(3)]
    jobs = {g: [brain.start_hint(None, f"{g}.{i}", random.Random(0), g, lambda: True)  # type: ignore[arg-type]
                for i in range(HINTS_PER_GROUP)] for g in flood}
    await turn()
    assert brain.hints_full() and pool.queued() == [f"{flood[0]}.0"]
    assert brain.hint_refusal(flood[0]).code == ErrorCode.HINT_PENDING  # its own cap first
    assert brain.hint_refusal("198.51.100.7") is None  # the honest player: admitted
    honest = brain.start_hint(None, "honest", random.Random(0), "198.51.100.7", lambda: True)  # type: ignore[arg-type]
    await eventually(lambda: jobs[flood[0]][3].done())
    assert isinstance(jobs[flood[0]][3].exception(), HintExpired)  # the most holding site's newest waiting one
    await turn()
    assert brain.hint_pending == {flood[0]: 3, flood[1]: 4, flood[2]: 4, "198.51.100.7": 1}
    assert brain.hint_refusal(flood[0]).code == ErrorCode.RATE_LIMITED  # 3 + 1 is not fewer than 4
    while pool.queue:
        pool.run_next()
        await turn()
    assert await honest == "honest" and brain.hint_pending == {}
