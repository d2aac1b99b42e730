"""Computer turns against actions still being stored, and against a store that fails (R23, R26)."""
from __future__ import annotations

import asyncio
import dataclasses
import logging
from typing import Any

import pytest

from doublenine.server import actions
from doublenine.server.storage.base import MemoryStore
from doublenine.shared import protocol as p
from doublenine.shared.seats import Seat
from doublenine.shared.state import Phase

from .conftest import create, eventually, join, play_all, quiesce


class GatedStore(MemoryStore):
    """A MemoryStore whose appends can be held (``gate``) or made to fail (``fail``)."""

    gate: asyncio.Event | None = None
    fail: bool = False

    async def append(self, code: str, rows: list[tuple[int, bytes]], epoch: int | None = None) -> None:
        if self.gate is not None:
            await self.gate.wait()
        if self.fail:
            raise OSError("disk full")
        await super().append(code, rows, epoch)


async def test_a_computer_never_reads_a_log_another_action_is_still_storing(make_server, caplog) -> None:
    caplog.set_level(logging.ERROR)
    store = GatedStore()
    server = await make_server(store=store)
    host = await create(server, "hccc", sit=1, seed=5)
    table = server.registry.tables[host.code]
    await asyncio.wait_for(play_all([host], stop=lambda c: c.view.phase is Phase.PLAY
                                    and any(m.seat == 1 for m in c.view.moves)), 30)
    await quiesce([host], table, {1})
    table.config = dataclasses.replace(table.config, bot_delay=1.0)  # seat 2 waits a second to act
    await host.intent(host.view.legal_decisions()[0])
    await eventually(lambda: table._bot is not None)
    bot = table._bot
    store.gate = asyncio.Event()  # the undo below is held while it is being stored
    undo = asyncio.ensure_future(actions.control(table, Seat.ONE, p.Undo(expected_seq=table.seq)))
    await eventually(lambda: bot.done() or bool(getattr(table.lock, "_waiters", None)), 5)
    assert not bot.done()  # it waits for the undo to be stored, instead of reading the log
    store.gate.set()
    await asyncio.wait_for(undo, 10)
    await quiesce([host], table, {1})
    assert not [r for r in caplog.records if "computer turn failed" in r.getMessage()]
    assert table.state.hand.turn == Seat.ONE


async def test_a_failed_store_of_a_consented_action_fails_the_request_and_rearms_the_computers(
        make_server) -> None:
    store = GatedStore()
    server = await make_server(store=store)
    host = await create(server, "hhcc", sit=1, seed=4)
    guest = await join(server, host.code, seat=2, name="Bea")
    table = server.registry.tables[host.code]

    def seat2_to_play(c: Any) -> bool:
        return c.view.phase is Phase.PLAY and c.view.turn == 2 and any(m.seat == 1 for m in c.view.moves)

    await asyncio.wait_for(play_all([host, guest], stop=lambda c: seat2_to_play(host)), 30)
    await quiesce([host, guest], table, {1, 2})
    if table.state.hand.turn != Seat.TWO:
        pytest.skip("this seed did not reach seat 2's turn with seat 1 to undo")
    table.config = dataclasses.replace(table.config, bot_delay=5.0)
    await guest.intent(guest.view.legal_decisions()[0])  # seat 3 (a computer) is due next
    await eventually(lambda: table._bot is not None)
    await actions.control(table, Seat.ONE, p.Undo(expected_seq=table.seq))  # opens a request: paused
    assert table.request is not None and table._bot is None
    store.fail = True
    with pytest.raises(actions.Refused) as refused:
        await actions.consent(table, Seat.TWO, table.request.id, True)
    assert refused.value.code == "INTERNAL"
    closed = await host.until(lambda m: isinstance(m, p.RequestClosed))
    assert (closed.outcome, closed.action) == ("failed", "undo")
    assert table.request is None and table._bot is not None  # seat 3 plays on
