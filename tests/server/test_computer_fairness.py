"""Computer seats share the worker threads fairly by address group, and a table nobody follows
waits (attacker s10 F3: 512 tables of four computers from 64 IPv6 /64s, left at once, each played a
whole match, and another table's first computer move came after 31 s instead of 0.85 s).

The worker threads are :class:`ManualExecutor` (test_hint_fairness): what is counted is the order of
jobs in their queue, never a time.
"""
from __future__ import annotations

import asyncio
import random
from collections.abc import Hashable
from typing import Any

from doublenine.server.addresses import address_group, site_group, site_key
from doublenine.server.computer import Brain, random_legal
from doublenine.shared.state import Phase

from .conftest import create, eventually, spectate
from .test_hint_fairness import ManualExecutor, turn


async def test_one_groups_many_tables_take_one_turn_per_round_in_the_threads() -> None:
    """Eight tables of group A have a decision due, then one table of group B: B's decision enters
    the threads after two of A's (the one computing and A's turn already due), not after all eight."""
    pool = ManualExecutor()
    brain = Brain(pool, lambda view, level, rng: level)
    flood = [asyncio.ensure_future(brain.choose(None, f"A{i}", random.Random(i), "2001:db8:77::/64"))  # type: ignore[arg-type]
             for i in range(8)]
    await turn()
    victim = asyncio.ensure_future(brain.choose(None, "B0", random.Random(0), "198.51.100.2"))  # type: ignore[arg-type]
    await turn()
    assert pool.queued() == ["A0"]  # one decision in the threads at a time; the rest wait in the lane
    order = []
    while pool.queue:
        order.append(pool.run_next())
        await turn()
    assert order == ["A0", "A1", "B0", "A2", "A3", "A4", "A5", "A6", "A7"]
    assert await victim == "B0" and [await f for f in flood] == [f"A{i}" for i in range(8)]


def test_the_lanes_key_is_an_ipv6_addresses_48_and_anything_else_as_it_is() -> None:
    assert site_group("2001:db8:77:1ff::/64") == site_group("2001:db8:77:1ff::5") == "2001:db8:77::/48"
    assert site_group("2001:db8:77::/64") == "2001:db8:77::/48"
    assert site_group("::ffff:203.0.113.9") == site_group("203.0.113.9") == "203.0.113.9"
    assert site_group("2001:db8::/32") == "2001:db8::/32"  # already wider: as it is
    assert [site_group(g) for g in ("CODE5", None, "g")] == ["CODE5", None, "g"]


async def _lane_order(brain: Brain, pool: ManualExecutor, start: Any) -> list[str]:
    """Eight jobs from eight /64s of 2001:db8:77::/48 (attacker s10 round 2: 512 /64s of one /55),
    then one of 198.51.100.2: the order they enter the threads (``start(name, group)`` asks one)."""
    flood = [start(f"A{i}", f"2001:db8:77:{i:x}::/64") for i in range(8)]
    await turn()
    victim = start("B0", "198.51.100.2")
    await turn()
    order = []
    while pool.queue:
        order.append(pool.run_next())
        await turn()
    assert await victim == "B0" and [await f for f in flood] == [f"A{i}" for i in range(8)]
    return order


async def test_many_64s_of_one_48_take_one_computer_turn_per_round() -> None:
    """By /64 each of the eight took its own turn first: B0 entered after all eight (0.24x pace
    with 512 /64s); by /48 it enters after two, as one group's eight tables do."""
    pool = ManualExecutor()
    brain = Brain(pool, lambda view, level, rng: level)
    order = await _lane_order(brain, pool, lambda name, group: asyncio.ensure_future(
        brain.choose(None, name, random.Random(0), group)))  # type: ignore[arg-type]
    assert order == ["A0", "A1", "B0", "A2", "A3", "A4", "A5", "A6", "A7"]


async def test_many_64s_of_one_48_take_one_hint_turn_per_round_and_are_budgeted_by_64() -> None:
    pool = ManualExecutor()
    brain = Brain(pool, lambda view, level, rng: level)
    order = await _lane_order(brain, pool, lambda name, group: brain.start_hint(
        None, name, random.Random(0), group, lambda: True))  # type: ignore[arg-type]
    assert order == ["A0", "A1", "B0", "A2", "A3", "A4", "A5", "A6", "A7"]


async def test_a_reviews_coach_turns_are_its_askers_48(make_server) -> None:
    """Each decision of a review waits for the turn of its asker's /48 in the coach's lane."""
    from .test_coach_frames import _first_hand, _review_turns
    server = await make_server()
    host, table = await _first_hand(server)
    asker = next(sl.conn for sl in table.slots.values() if sl.conn is not None)
    asker.group = "2001:db8:77:5::/64"  # as a client of that /64 counts
    groups, jobs, _ = await _review_turns(server, host, table)
    assert groups == ["2001:db8:77::/48"] * len(jobs) and jobs
    assert server.brain.coach_budget.counts == {}  # released as the /64 it was counted as


async def test_a_decision_cancelled_while_computed_keeps_the_lane_until_its_thread_is_done() -> None:
    pool = ManualExecutor()
    brain = Brain(pool, lambda view, level, rng: level)
    running = asyncio.ensure_future(brain.choose(None, "running", random.Random(0), "g"))  # type: ignore[arg-type]
    after = asyncio.ensure_future(brain.choose(None, "after", random.Random(0), "h"))  # type: ignore[arg-type]
    await turn()
    running.cancel()
    await turn()
    assert pool.queued() == ["running"]  # a table that moved on: the next decision waits for the thread
    pool.run_next()
    await turn()
    assert running.cancelled() and pool.queued() == ["after"]
    pool.run_next()
    assert await after == "after"


class GroupsSeen(Brain):
    """A brain that records the lane group of every computer decision asked."""

    def __init__(self) -> None:
        super().__init__(None, lambda view, level, rng: random_legal(view, "easy", rng))
        self.groups: list[Hashable] = []

    async def choose(self, view: Any, level: str, rng: random.Random, *group: Hashable) -> Any:
        self.groups.append(group[0] if group else None)
        return await super().choose(view, level, rng, *group)


async def test_a_tables_computer_turns_are_its_creators_address_group(make_server) -> None:
    brain = GroupsSeen()
    server = await make_server(brain=brain)
    watcher = await create(server, "cccc", sit=None, seed=3)  # the creator watches
    table = server.registry.tables[watcher.code]
    await eventually(lambda: len(brain.groups) >= 6)
    assert table.group == address_group("127.0.0.1") == "127.0.0.1"
    assert table.meta.site == site_key("127.0.0.1") == "88d01d59c10dcc090c7f8dd22ab2367c"
    assert set(brain.groups) == {table.meta.site}
    await watcher.close()


async def test_a_table_nobody_is_attached_to_waits_until_someone_attaches(make_server) -> None:
    """Four computers, created with ``sit: null`` and left at once: nothing is computed for nobody;
    a spectator (a web page watching is one) attaching lets them play on."""
    brain = GroupsSeen()
    server = await make_server(brain=brain)
    creator = await create(server, "cccc", sit=None, seed=5)
    table = server.registry.tables[creator.code]
    await creator.close()
    await eventually(lambda: not table.subscribers and table._bot is None)
    await asyncio.sleep(0.05)  # a decision in its thread at the close lands or is dropped
    seq, asked = table.seq, len(brain.groups)
    await asyncio.sleep(0.3)
    assert (table.seq, len(brain.groups)) == (seq, asked)
    assert table.state.phase is not Phase.MATCH_OVER
    watcher = await spectate(server, table.code)
    await eventually(lambda: table.seq > seq + 3)
    await watcher.close()
    await eventually(lambda: table._bot is None)

