"""An earlier match's record names who played it (``MatchRecordW.players``), not who sits now (organiser s16 F10):
Marta's window named Ulises and herself, who sat down during match 2, as match 1's losers, in its ledger and its
match export; the server's result said "computer · Expert & computer · Expert"."""
from __future__ import annotations

import asyncio

from doublenine.server.storage import open_store
from doublenine.shared import protocol as p
from doublenine.shared.state import Phase

from .conftest import connect, create, eventually, join, play_all, settle

MATCH_1 = ("Paco", "computer:easy", "Rosa", "computer:easy")
"""Mesa 4 (8AADD) match 1 as its result names it: Paco and Rosa, and the computer on seats 2 and 4 (Tomás sat,
started and left before deciding anything; seat 4 was free)."""


async def _mesa4(server):  # type: ignore[no-untyped-def]
    paco = await create(server, "hhhh", sit=1, seed=7, name="Paco")
    rosa = await join(server, paco.code, seat=3, name="Rosa")
    table = server.registry.tables[paco.code]
    await paco.send({"type": "start"})
    await paco.until(lambda m: isinstance(m, p.TableUpdate) and m.table.started)
    await asyncio.wait_for(play_all([paco, rosa], seed=7), 60)
    await settle([paco, rosa], table)
    assert table.result_names() == MATCH_1
    await paco.send({"type": "new_match", "expected_seq": table.seq, "intent_id": "nm"})
    req = (await paco.until(lambda m: isinstance(m, p.TableUpdate) and m.table.request is not None)).table.request
    await rosa.until(lambda m: rosa.table.request is not None)
    await rosa.send({"type": "consent", "request_id": req.id, "accept": True})
    await paco.until(lambda m: isinstance(m, p.RequestClosed))
    await settle([paco, rosa], table)
    return table, paco, rosa


async def test_s16_f10_match_1_names_who_played_it_in_past_add_and_in_a_latecomers_snapshot(server) -> None:  # type: ignore[no-untyped-def]
    table, paco, rosa = await _mesa4(server)
    assert table.state.match == 2
    assert [m.players for m in paco.view.past] == [MATCH_1]  # past_add, to those at the table
    marta = await join(server, table.code, seat=4, name="Marta")  # sits down during match 2
    assert [m.players for m in marta.view.past] == [MATCH_1]  # her snapshot: not "Ulises · Marta"
    assert marta.view.past[0].scores == table.state.past[0].scores


async def test_s16_f10_a_resumed_table_names_its_earlier_matches_from_its_stored_results(make_server, tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = str(tmp_path / "club.sqlite3")
    first = await make_server(store=open_store(path))
    table, paco, rosa = await _mesa4(first)
    code, token = table.code, paco.token
    await first.stop()
    second = await make_server(store=open_store(path))
    back = await connect(second)
    await back.attach({"type": "rejoin", "code": code, "token": token})
    await eventually(lambda: back.view is not None and back.view.phase is not Phase.MATCH_OVER)
    assert [m.players for m in back.view.past] == [MATCH_1]  # from the store's result of match 1
