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

from doublenine.server.addresses import address_group
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
    assert set(brain.groups) == {"127.0.0.1"}
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

