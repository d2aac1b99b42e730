"""R24 and D9 at the table: a seed replays the same match; only its setter is told it."""
from __future__ import annotations

import asyncio

from doublenine.shared import protocol as p
from doublenine.shared.state import Phase

from .conftest import connect, create, join, spectate


async def _computer_match(server, seed: int):
    c = await connect(server)
    await c.attach({"type": "create_table", "sit": None, "seed": seed, "seats": [
        {"kind": "computer", "level": level} for level in ("easy", "normal", "heaviest", "normal")]})
    table = server.registry.tables[c.code]
    await c.until(lambda m: c.view.phase is Phase.MATCH_OVER, timeout=60)
    return [e.body for e in table.log.events]


async def test_r24_same_seed_same_draws_deals_and_computer_moves(server) -> None:
    first, second = await asyncio.gather(_computer_match(server, 2024), _computer_match(server, 2024))
    assert len(first) > 50
    assert first == second
    other = await _computer_match(server, 2025)
    assert other[:1] != first[:1]  # another seed deals another opening draw


async def test_d9_the_seed_goes_only_to_whoever_set_it(server) -> None:
    host = await create(server, "hhcc", sit=1, seed=123456789)
    guest = await join(server, host.code, seat=2)
    watcher = await spectate(server, host.code)
    assert host.seed == 123456789
    assert guest.seed is None and watcher.seed is None
    assert host.table.seeded and guest.table.seeded and watcher.table.seeded  # everyone knows it is seeded
    for c in (guest, watcher):
        assert not any(b"123456789" in f or (123456789).to_bytes(4, "big") in f for f in c.frames)
    again = await connect(server)
    await again.attach({"type": "rejoin", "code": host.code, "token": host.token})
    assert again.seed == 123456789  # the setter, back on its seat
    unseeded = await create(server, "hccc", sit=1, seed=None)
    assert unseeded.seed is None and unseeded.table.seeded is False
    joined = [p.decode_server(f) for f in unseeded.frames if p.decode_server(f).type == "joined"]
    assert joined[0].seed is None


async def test_d9_a_stranger_on_the_creators_old_seat_never_gets_the_seed(server) -> None:
    host = await create(server, "hhcc", sit=1, seed=123456789012345)
    await host.send({"type": "leave"})
    await host.until(lambda m: isinstance(m, p.LeftTable))
    server.registry.tables[host.code].seats_left.clear()  # another person of the same address (test_seat_churn)
    stranger = await join(server, host.code, seat=1, name="Stranger")
    assert stranger.seed is None
    again = await connect(server)
    await again.attach({"type": "rejoin", "code": host.code, "token": stranger.token})
    assert again.seat == 1 and again.seed is None  # D9: the seed goes only to whoever set it
    for c in (stranger, again):
        assert not any((123456789012345).to_bytes(8, "big") in f for f in c.frames)
