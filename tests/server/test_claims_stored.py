"""Which window holds a seat survives a restart (s15, carried from s13: "seat claims live in the serving
process only; after a restart the first rejoin wins"). A player moved from a stuck window 1 to window 2;
the server restarted; window 1's link came back first: its rejoin took the seat, and window 2 (the one the
player was using) was closed 4002, "played from another window". The claims are stored with the seats, so
the restarted server refuses window 1 and keeps window 2's rejoins as its own."""
from __future__ import annotations


from doublenine.server.seating import CLAIM_GAP
from doublenine.server.storage import open_store
from doublenine.shared import protocol as p
from doublenine.shared.seats import Seat

from .conftest import claims_of, closed_with, connect, create




async def test_after_a_restart_the_window_taken_over_is_still_refused_and_the_new_one_keeps_the_seat(
        make_server, tmp_path) -> None:
    path = str(tmp_path / "t.sqlite3")
    first_server = await make_server(store=open_store(path))
    first = await create(first_server, "hccc", sit=1)
    code, token = first.code, first.token
    (old,) = claims_of(first)
    second = await connect(first_server)  # window 2: the player moved (window 1's link stuck)
    await second.attach({"type": "rejoin", "code": code, "token": token})
    (new,) = claims_of(second)
    assert new == old + 1
    await first_server.stop()

    store = open_store(path)
    restarted = await make_server(store=store)
    stale = await connect(restarted)  # window 1's link comes back first
    await stale.send({"type": "rejoin", "code": code, "token": token, "claim": old})
    assert await closed_with(stale) == 4002 and claims_of(stale) == []
    table = restarted.registry.tables[code]
    assert (table.slots[Seat.ONE].window_from, table.slots[Seat.ONE].conn) == (new, None)
    back = await connect(restarted)  # window 2's own rejoin: its seat, never taken over
    await back.attach({"type": "rejoin", "code": code, "token": token, "claim": new})
    assert back.seat == 1 and claims_of(back) == [new + CLAIM_GAP + 1]
    assert table.slots[Seat.ONE].window_from == new  # still window 2's: its next claims are its own
    again = await connect(restarted)
    await again.send({"type": "rejoin", "code": code, "token": token, "claim": old})
    assert await closed_with(again) == 4002
    await back.send({"type": "resync"})
    assert isinstance(await back.until(lambda m: isinstance(m, p.Snapshot)), p.Snapshot)  # still attached
    await store.close()


async def test_a_restart_never_gives_a_claim_a_window_may_hold_again(make_server, tmp_path) -> None:
    path = str(tmp_path / "t.sqlite3")
    first_server = await make_server(store=open_store(path))
    first = await create(first_server, "hccc", sit=1)
    code, token = first.code, first.token
    (mine,) = claims_of(first)
    await first_server.stop()
    store = open_store(path)
    restarted = await make_server(store=store)
    fresh = await connect(restarted)  # a new window (no claim): it takes the seat over
    await fresh.attach({"type": "rejoin", "code": code, "token": token})
    (taken,) = claims_of(fresh)
    assert taken == mine + CLAIM_GAP + 1
    late = await connect(restarted)  # the first window, back: taken over since, refused
    await late.send({"type": "rejoin", "code": code, "token": token, "claim": mine})
    assert await closed_with(late) == 4002
    await store.close()
