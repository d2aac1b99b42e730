"""R26/D2 over real sockets: computer seats wait while a human has the rules or the
ledger open, and carry on once it is closed (issue 6 must-show; C's server).

"No move" is checked without timing: the server's computer player is wrapped
so the test sees every decision it is asked for. After the human's own move the
test does twenty round trips with the server (each a Resync answered by a
Snapshot): while paused, no computer decision is asked for and the log stays
put; the last test shows an unpaused computer is asked at once (``bot_delay=0``).
"""
from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import pytest

from doublenine.server.app import GameServer
from doublenine.server.computer import Brain
from doublenine.server.config import ServerConfig
from doublenine.server.netbot import TableClient
from doublenine.shared.badframes import resync_refused
from doublenine.shared import protocol as p
from doublenine.shared.moves import DrawPick
from doublenine.shared.state import Phase

ROUND_TRIPS = 20


class SpyBrain(Brain):
    """The real computer player, counting the decisions it is asked for."""

    def __init__(self) -> None:
        super().__init__(None)
        self.asked: list[int] = []

    async def choose(self, view: Any, level: str, rng: Any, group: Any = None) -> Any:
        self.asked.append(int(view.viewer))
        return await super().choose(view, level, rng, group)


@pytest.fixture
async def server() -> AsyncIterator[GameServer]:
    cfg = ServerConfig(host="127.0.0.1", port=0, bot_delay=0.0, idle_timeout=30.0, rate=1e5,
                       burst=1e5, max_tables_per_address=1000)
    srv = await GameServer(cfg, brain=SpyBrain()).start()
    yield srv
    if not srv.stopping:
        await srv.stop()


async def _create(server: GameServer, kinds: str, seed: int = 5) -> TableClient:
    seats = [{"kind": "human" if k == "h" else "computer", "level": "easy"} for k in kinds]
    c = await TableClient.connect(server.url)
    return await c.attach({"type": "create_table", "seats": seats, "seed": seed, "sit": 1, "name": "Ana"})


async def _join(server: GameServer, code: str, seat: int) -> TableClient:
    c = await TableClient.connect(server.url)
    return await c.attach({"type": "join", "code": code, "seat": seat, "name": f"P{seat}"})


async def _panel(c: TableClient, is_open: bool, paused: bool) -> None:
    await c.send({"type": "panel", "open": is_open})
    await c.until(lambda m: isinstance(m, p.TableUpdate) and m.table.paused is paused)


async def _round_trips(c: TableClient) -> None:
    for _ in range(ROUND_TRIPS):
        await c.send({"type": "resync"})
        await c.until(lambda m: isinstance(m, p.Snapshot) or resync_refused(m))  # a round trip either way


async def _settle(c: TableClient, table: Any) -> None:
    """Wait until the computers have nothing left to do before the human's turn."""
    await c.until(lambda m: c.my_decisions() != () and c.seq == table.seq, timeout=20)


async def _human_draws(c: TableClient) -> None:
    pick = next(d for d in c.my_decisions() if isinstance(d, DrawPick))
    await c.intent(pick)
    await c.until(lambda m: isinstance(m, p.Update))


async def test_r26_computers_wait_while_the_ledger_is_open_and_resume_after(server) -> None:
    human = await _create(server, "hccc")
    table = server.registry.tables[human.code]
    await _settle(human, table)
    assert table.state.phase is Phase.DRAW  # seat 2 (computer) has drawn, seat 1 has not
    await _panel(human, True, paused=True)
    await _human_draws(human)  # the human may still act; the computers now have work
    before, asked = len(table.log.events), len(server.brain.asked)
    await _round_trips(human)
    assert (len(table.log.events), len(server.brain.asked)) == (before, asked) and table.paused
    assert human.view is not None and human.view.phase is not Phase.PLAY
    await _panel(human, False, paused=False)
    await human.until(lambda m: human.view.phase is Phase.PLAY or human.my_decisions() != (), timeout=20)
    assert len(table.log.events) > before


async def _sync(c: TableClient, table: Any) -> None:
    if c.seq != table.seq:
        await c.until(lambda m: c.seq == table.seq)


async def _humans_act(clients: list[TableClient], table: Any) -> None:
    """Let the humans make every decision open to them (the computers are paused)."""
    for _ in range(8):
        for c in clients:
            await _sync(c, table)
        acting = [c for c in clients if c.my_decisions()]
        if not acting:
            return
        await acting[0].intent(acting[0].my_decisions()[0])
        await acting[0].until(lambda m: isinstance(m, (p.Update, p.Error)))


async def test_d2_any_seated_human_with_a_panel_open_keeps_the_computers_waiting(server) -> None:
    ana = await _create(server, "hcch")
    table = server.registry.tables[ana.code]
    bo = await _join(server, ana.code, 4)
    await _panel(ana, True, paused=True)
    await bo.send({"type": "panel", "open": True})
    await bo.until(lambda m: isinstance(m, p.TableUpdate) and m.table.panels == (1, 4))
    await _panel(ana, False, paused=True)  # Bo still reads: still paused (D2)
    await _humans_act([ana, bo], table)
    before, asked = len(table.log.events), len(server.brain.asked)
    await _round_trips(ana)
    assert (len(table.log.events), len(server.brain.asked)) == (before, asked) and table.paused
    assert table.state.phase is not Phase.PLAY or table.state.hand.turn not in (1, 4)
    await _panel(bo, False, paused=False)
    await ana.until(lambda m: len(table.log.events) > before, timeout=20)


async def test_round_trips_do_see_an_unpaused_computer_move(server) -> None:
    """The control for the two tests above: without a panel the same wait shows a move."""
    human = await _create(server, "hccc")
    table = server.registry.tables[human.code]
    await _settle(human, table)
    asked = len(server.brain.asked)
    await _human_draws(human)
    await _round_trips(human)
    assert len(server.brain.asked) > asked  # asked within the same round trips
