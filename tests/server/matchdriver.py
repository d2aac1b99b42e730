"""Drive a table of four network seats through whole matches, one decision at a time, in a
fixed order (issue 16.7): every frame the server sends on the way can then be checked.

The driver peeks at the server's state only to choose (a tied opening draw, R4; a redeal
demand when a seat holds five doubles, R10-R12) and to know who must act; the seats'
clients decide with what the protocol tells them.
"""
from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from typing import Any

from doublenine.server.netbot import TableClient
from doublenine.shared import protocol as p
from doublenine.shared.moves import DrawPick, Review
from doublenine.shared.rules import to_act
from doublenine.shared.state import Phase
from doublenine.shared.tiles import DOUBLE_NINE_SET


async def until_all(clients: list[TableClient], pred: Callable[[TableClient], bool], timeout: float = 10.0) -> None:
    """Receive on each client until ``pred(client)`` holds for it."""
    async def one(c: TableClient) -> None:
        while not pred(c):
            await c.next(timeout)

    await asyncio.wait_for(asyncio.gather(*(one(c) for c in clients)), timeout)


class Driver:
    """Four seated clients (index seat-1) and any watchers, at ``table`` on the server."""

    def __init__(self, seats: list[TableClient], watchers: list[TableClient], table: Any, seed: int) -> None:
        self.seats = seats
        self.watchers = watchers
        self.table = table
        self.rng = random.Random(seed)
        self.tied_draws = 0
        self.redeals = 0

    @property
    def everyone(self) -> list[TableClient]:
        return self.seats + self.watchers

    async def settle(self) -> None:
        await until_all(self.everyone, lambda c: c.seq == self.table.seq)

    async def decide(self, seat: int, decision: Any) -> str:
        """``seat`` sends ``decision``; wait until it is applied and everyone heard; its intent id."""
        c = self.seats[seat - 1]
        iid = await c.intent(decision)
        msg = await c.until(lambda m: isinstance(m, p.Update) or (isinstance(m, p.Error) and m.intent_id == iid))
        assert isinstance(msg, p.Update), msg
        await self.settle()
        return iid

    async def control(self, seat: int, kind: str) -> None:
        """``seat`` asks for undo/redo/restart/new_match; the other seats consent (D1)."""
        c = self.seats[seat - 1]
        seq = self.table.seq
        await c.send({"type": kind, "expected_seq": c.seq, "intent_id": f"{kind}{seq}"})
        await until_all(self.everyone, lambda x: x.table is not None and x.table.request is not None)
        rid = self.seats[0].table.request.id
        for other in self.seats:
            if other is not c:
                await other.send({"type": "consent", "request_id": rid, "accept": True})
        await until_all(self.everyone, lambda x: any(r.request_id == rid for r in x.closed_requests))
        assert self.table.seq == seq + 1 and all(r.outcome == "done" for r in c.closed_requests if r.request_id == rid)
        await self.settle()

    def _draw(self, seat: int) -> Any:
        state = self.table.log.state
        taken = {pos for _, pos in state.draw_picks}
        free = [i for i in range(55) if i not in taken]
        if self.tied_draws == 0 and state.match == 1:  # R4: force one tie, peeking at the hidden order
            pips = [DOUBLE_NINE_SET[state.draw_order[i]].pips for i in range(55)]
            if seat == 1:
                free = [i for i in free if sum(pips[j] == pips[i] for j in range(55)) > 1]
            else:
                mine = pips[state.draw_picks[0][1]]
                free = [i for i in free if pips[i] == mine]
        return DrawPick(self.seats[seat - 1].view.viewer, free[0])

    async def step(self) -> bool:
        """One decision of whoever must act; False once the match is over."""
        state = self.table.log.state
        if state.phase is Phase.MATCH_OVER:
            return False
        seat = min(int(s) for s in to_act(state))
        view = self.seats[seat - 1].view
        if state.phase is Phase.DRAW:
            before = len(state.draws)
            await self.decide(seat, self._draw(seat))
            after = self.table.log.state
            if len(after.draws) > before and after.draws[-1].tile_a.pips == after.draws[-1].tile_b.pips:
                self.tied_draws += 1
            return True
        options = view.legal_decisions()
        demand = [d for d in options if isinstance(d, Review) and d.demand_redeal]
        if demand:
            self.redeals += 1
            await self.decide(seat, demand[0])
            return True
        await self.decide(seat, options[int(self.rng.random() * len(options))])
        return True
