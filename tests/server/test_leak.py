"""Issue 3 leak test (R21, R22, D8, D9): over 200+ random full hands with four network seats
and a spectator, decode every frame each connection received and check what it names."""
from __future__ import annotations

import asyncio
from typing import Any

import msgpack

from doublenine.server.table import Table
from doublenine.shared import protocol as p
from doublenine.shared.convert import view_from_wire
from doublenine.shared.events import Shuffled
from doublenine.shared.state import Deal, Phase
from doublenine.shared.tiles import Tile

from .conftest import create, join, play_all, spectate

HANDS = 200


def _t(w: Any) -> Tile:
    return Tile(w[0], w[1])


def live_tiles(msg: dict[str, Any]) -> tuple[set[Tile], set[Tile]]:
    """(tiles in the own-hand field, tiles in the line/moves fields) of one decoded frame."""
    body = msg.get("view") or msg.get("patch") or {}
    hand = {_t(t) for t in body.get("hand") or ()}
    line: set[Tile] = set()
    for key in ("line", "line_add"):
        line |= {_t(x["tile"]) for x in body.get(key) or ()}
    for key in ("moves", "moves_add"):
        line |= {_t(d["tile"]) for d in body.get(key) or () if d.get("tile") is not None}
    if msg.get("move") and msg["move"].get("tile") is not None:
        line.add(_t(msg["move"]["tile"]))
    return hand, line


def all_ints(value: Any) -> list[int]:
    if isinstance(value, bool):
        return []
    if isinstance(value, int):
        return [value]
    if isinstance(value, dict):
        return [i for v in value.values() for i in all_ints(v)]
    if isinstance(value, (list, tuple)):
        return [i for v in value for i in all_ints(v)]
    return []


def check_connection(frames: list[bytes], seat: int | None, history: dict[int, Any],
                     table: Table, deals: list[Deal]) -> int:
    seed = table.meta.seed
    seed_bytes = msgpack.packb(seed)
    checked = 0
    seq = None
    for frame in frames:
        assert seed_bytes not in frame and str(seed).encode() not in frame  # D9
        raw = msgpack.unpackb(frame)
        assert seed not in all_ints(raw)
        msg = p.decode_server(frame)  # every frame is a valid server message
        if isinstance(msg, (p.Snapshot, p.Update)):
            seq = msg.seq
        if not isinstance(msg, (p.Snapshot, p.Update)):
            continue
        state = history[seq]
        hand, line = live_tiles(raw)
        on_line = {x.tile for x in state.hand.line} if state.hand is not None else set()
        if seat is None:
            assert hand == set(), "a spectator never receives a hand (D8)"
        elif state.phase is Phase.REVIEW:
            assert hand <= state.deal.hands[seat - 1]
        elif state.phase is Phase.PLAY:
            assert hand <= state.deal.hands[seat - 1]
        else:
            assert hand == set()
        assert line <= on_line | {x.tile for f in state.finished for x in f.line}
        body = raw.get("view") or raw.get("patch") or {}
        for key in ("finished", "finished_add"):
            for f in body.get(key) or ():
                record = next(r for r in state.finished if (r.match, r.number) == (f["match"], f["number"]))
                named = {_t(t) for h in f["dealt"] + f["left"] for t in h}
                assert named == {t for h in record.dealt for t in h}  # R22: exactly the dealt hands
                assert any(named == set().union(*d.hands) for d in deals)  # never an unused tile
        for key in ("redeals", "redeals_add"):
            for r in body.get(key) or ():
                shown = {_t(t) for t in r["doubles"]}
                assert all(t.is_double for t in shown)
                assert any(shown <= d.hands[r["seat"] - 1] for d in deals)  # R11: only those doubles
        checked += 1
    return checked


async def test_r21_r22_d8_d9_no_frame_leaks_over_200_random_hands(server, monkeypatch) -> None:
    histories: dict[str, dict[int, Any]] = {}
    original = Table.commit

    async def spy(self: Table, old: Any, events: Any, table_changed: bool = False, intent: Any = None) -> None:
        await original(self, old, events, table_changed, intent)
        histories.setdefault(self.code, {})[self.seq] = self.log.state

    monkeypatch.setattr(Table, "commit", spy)
    hands = frames = 0
    match = 0
    while hands < HANDS:
        match += 1
        host = await create(server, "hhhh", sit=1, seed=None)
        players = [host] + [await join(server, host.code, seat=s) for s in (2, 3, 4)]
        watcher = await spectate(server, host.code)
        table = server.registry.tables[host.code]
        histories.setdefault(table.code, {})[0] = table.log.state if table.seq == 0 else None
        assert host.seed is None and not host.table.seeded
        await asyncio.wait_for(play_all(players, seed=match), 60)
        await watcher.until(lambda m: watcher.seq == table.seq and watcher.view.phase is Phase.MATCH_OVER)
        deals = [Deal.from_order(e.body.order) for e in table.log.events if isinstance(e.body, Shuffled)]
        history = histories[table.code]
        if history.get(0) is None:
            history[0] = table.log.state
        for c in (*players, watcher):
            frames += check_connection(c.frames, c.seat, history, table, deals)
            await c.close()
        hands += len(table.state.finished)
        assert view_from_wire(p.decode_server(table.snapshot_frame(None))).finished == table.state.finished
    assert hands >= HANDS and frames > 1000
