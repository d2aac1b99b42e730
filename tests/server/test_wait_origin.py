"""s14 player F-h: every window counts the opening draw's wait from the match's start, not the table's creation.

Kind: a wait figure from a stale origin. A spectator who opened as the host pressed Start now was told
"Waiting for Rita for 1:46" (the time since the table was created) while Zoë's window said 0:06: the
server's ``Table.since`` stayed at the creation until the first play. Two views of one table (a seat's
``resync`` and a spectator's) must be told the same wait.
"""
from __future__ import annotations

from doublenine.shared import protocol as p

from .conftest import connect, create, join, spectate


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



async def test_s15_a_server_restarted_before_the_first_play_counts_the_draws_wait_from_the_restart(
        make_server, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Session 15 (s14 note): a table created 5 minutes before its start, its server restarted before the
    first play, said the opening draw had been awaited 5 minutes: a rebuilt table counted from its stored
    log's last event, the creation (the start is no event). It counts from the restart now; a table with a
    move since keeps counting from that move, as before (the restart keeps the wait's clock)."""
    import time

    from doublenine.server.storage import MemoryStore

    real, offset = time.time, [300.0]
    monkeypatch.setattr(time, "time", lambda: real() - offset[0])
    store = MemoryStore()
    first = await make_server(store=store)
    rita = await create(first, "hhhh", sit=1, seed=7, name="Rita")  # created 5:00 ago
    zoe = await join(first, rita.code, seat=2, name="Zoë")
    offset[0] = 60.0
    await rita.send({"type": "start"})  # started 1:00 ago
    await rita.until(lambda m: isinstance(m, p.TableUpdate) and m.table.started)
    offset[0] = 0.0
    await first.stop()
    second = await make_server(store=store)
    resumed = second.registry.tables[rita.code]
    assert resumed.seq == 0 and 0 <= real() - resumed.since < 5  # was 300: from the creation
    watcher = await spectate(second, rita.code, name="Ana")
    snap = next(m for m in map(p.decode_server, watcher.frames) if isinstance(m, p.Snapshot))
    assert 0 <= snap.waited < 5
    # one pick of the draw made 40 s before the next restart: counted from that pick, restart or not
    offset[0] = 40.0
    back = await (await connect(second)).attach({"type": "rejoin", "code": rita.code, "token": rita.token})
    await back.send({"type": "draw", "position": 0, "expected_seq": 0})
    await back.until(lambda m: isinstance(m, p.Update))
    offset[0] = 0.0
    await second.stop()
    third = await make_server(store=store)
    assert 39 <= real() - third.registry.tables[rita.code].since < 45
    del zoe
