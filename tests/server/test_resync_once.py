"""Attacker s11 F8: ``resync`` turned 15 bytes into an 18 KB snapshot (24 spectators sending it 20
times a second drew 8.3 MB/s). A connection's ``resync`` is answered with a snapshot once per state it
may see (table, ``seq``, its own review answer); a repeated one is refused ``RATE_LIMITED`` with
``data: {limit: "resync", seq}``, which the shipped clients take as nothing to show or wait for."""
from __future__ import annotations

from doublenine.client.store import ClientState, reduce
from doublenine.shared import protocol as p
from doublenine.shared.badframes import resync_refused

from .conftest import create, join, spectate


async def test_a_repeated_resync_is_refused_until_the_table_moves(server) -> None:
    host = await create(server, "hhcc", sit=1, seed=7)
    await join(server, host.code, seat=2)  # R3: the opening draw waits for seats 1 and 2, both people
    table = server.registry.tables[host.code]
    watcher = await spectate(server, host.code)
    watcher.keep_frames = True
    seq = table.seq
    await watcher.send({"type": "resync"})
    first = await watcher.until(lambda m: isinstance(m, (p.Snapshot, p.Error)))
    assert isinstance(first, p.Snapshot) and first.seq == seq  # the first at this seq: answered
    for _ in range(10):
        await watcher.send({"type": "resync"})
        err = await watcher.until(lambda m: isinstance(m, (p.Snapshot, p.Error)))
        assert (err.type, err.code, err.data) == ("error", "RATE_LIMITED", {"limit": "resync", "seq": seq})
        assert resync_refused(err) and len(p.pack(err.model_dump(exclude_none=True))) < 120
    pick = host.view.legal_decisions()[0]  # R3: the host draws; the table moves
    await host.intent(pick)
    await watcher.until(lambda m: isinstance(m, p.Update) and m.seq > seq)
    await watcher.send({"type": "resync"})
    again = await watcher.until(lambda m: isinstance(m, (p.Snapshot, p.Error)))
    assert isinstance(again, p.Snapshot) and again.seq == table.seq > seq


def test_the_window_shows_nothing_for_a_refused_repeated_resync() -> None:
    state = ClientState()
    err = p.Error(code="RATE_LIMITED", detail="the snapshot of seq 4 was sent already",
                  data={"limit": "resync", "seq": 4})
    assert reduce(state, err) is state
    busy = reduce(state, p.Error(code="RATE_LIMITED", detail="", data=None))
    assert busy.error == "RATE_LIMITED"  # any other RATE_LIMITED is said as before
