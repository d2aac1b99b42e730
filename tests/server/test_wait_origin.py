"""s14 player F-h: every window counts the opening draw's wait from the match's start, not the table's creation.

Kind: a wait figure from a stale origin. A spectator who opened as the host pressed Start now was told
"Waiting for Rita for 1:46" (the time since the table was created) while Zoë's window said 0:06: the
server's ``Table.since`` stayed at the creation until the first play. Two views of one table (a seat's
``resync`` and a spectator's) must be told the same wait.
"""
from __future__ import annotations

from doublenine.shared import protocol as p

from .conftest import create, join, spectate


async def _snapshot(c) -> p.Snapshot:  # type: ignore[no-untyped-def]
    await c.send({"type": "resync"})
    return await c.until(lambda m: isinstance(m, p.Snapshot))


async def test_f_h_the_reported_case_start_now_after_106_s_of_filling_up(server) -> None:
    rita = await create(server, "hhhh", sit=1, seed=7, name="Rita")
    zoe = await join(server, rita.code, seat=2, name="Zoë")
    table = server.registry.tables[rita.code]
    table.since -= 106  # the table was created 1:46 before Start now
    waited = (await _snapshot(rita)).waited
    assert 106 <= waited < 111  # before the start the lobby's time is what the server has
    await rita.send({"type": "start"})
    for c in (rita, zoe):
        await c.until(lambda m: isinstance(m, p.TableUpdate) and m.table.started)
    ana = await spectate(server, rita.code, name="Ana")
    watcher = next(m for m in map(p.decode_server, ana.frames) if isinstance(m, p.Snapshot))
    seated = await _snapshot(zoe)
    assert watcher.seq == seated.seq == 0  # nothing played: the opening draw is awaited
    assert 0 <= watcher.waited < 5 and 0 <= seated.waited < 5
    assert abs(watcher.waited - seated.waited) < 1


async def test_f_h_a_table_started_by_its_last_human_seat_taken_counts_from_then(server) -> None:
    rita = await create(server, "hhcc", sit=1, seed=7, name="Rita")
    table = server.registry.tables[rita.code]
    table.since -= 300  # five minutes waiting for the friend
    zoe = await join(server, rita.code, seat=2, name="Zoë")
    assert table.meta.started
    ana = await spectate(server, rita.code, name="Ana")
    watcher = next(m for m in map(p.decode_server, ana.frames) if isinstance(m, p.Snapshot))
    seated = await _snapshot(zoe)
    assert 0 <= watcher.waited < 5 and 0 <= seated.waited < 5
