"""s13 netplayer F6: the window a player moved away from never takes the seat back from the newer one.

Kind: a stale session reclaiming what a newer one holds. Window 1's link is stuck, so it never sees the
4002 its server sent when the player's second window (same client.json: the same token, no claim) took
the seat; when its network returns it reconnects with the claim it was given (``joined.claim``), and
the server closes that rejoin 4002: window 1 says "played from another window", window 2 plays on. A real
in-process server; window 1's reconnect is a NetClient holding window 1's code, token and claim."""
from __future__ import annotations

import asyncio
import threading
import time

from sessionkit import pump_until

from doublenine.client.net import NetClient, NetSession
from doublenine.server.app import GameServer
from doublenine.server.config import ServerConfig
from doublenine.shared import protocol as p
from doublenine.shared.reconnect import Backoff

FAST = Backoff(first=0.05, cap=0.1)


def _seated(s) -> bool:  # type: ignore[no-untyped-def]
    return s.view is not None and s.view.seat is not None and s.connection == "connected"


def test_a_stuck_window_reconnecting_is_told_its_seat_is_played_elsewhere() -> None:
    loop = asyncio.new_event_loop()
    threading.Thread(target=loop.run_forever, daemon=True).start()
    config = ServerConfig(host="127.0.0.1", port=0, bot_delay=0.0, db=":memory:")
    server = asyncio.run_coroutine_threadsafe(GameServer(config).start(), loop).result(10)
    seats = (p.SeatSpec(kind="human"), *(p.SeatSpec(kind="computer", level="easy"),) * 3)
    first = NetSession(NetClient(server.url, p.CreateTable(seats=seats, sit=1, name="Ana"), backoff=FAST).start())
    sessions = [first]
    try:
        pump_until(first, _seated, 20)
        code, token, claim = first.client.code, first.client.token, first.client.claim
        assert code and token and claim is not None
        second = NetSession(NetClient(server.url, p.Rejoin(code=code, token=token), backoff=FAST).start())
        sessions.append(second)
        pump_until(second, _seated, 20)
        assert second.client.claim == claim + 1
        stuck = NetClient(server.url, p.Rejoin(code=code, token=token), backoff=FAST)
        stuck.code, stuck.token, stuck.claim = code, token, claim  # window 1, its link back ~40 s later
        late = NetSession(stuck.start())
        sessions.append(late)
        pump_until(late, lambda s: s.failure is not None, 20)
        assert late.state.failure.key == "seat.replaced" and late.state.view is None
        assert late.state.failure.text("en") == (
            f"Your seat at table {code} is now played from another window or device.")
        time.sleep(0.3)
        second.pump()
        assert second.state.failure is None and second.state.connection == "connected"
        assert server.registry.tables[code].slots[1].claim_held == claim + 1
    finally:
        for s in sessions:
            s.client.close()
        asyncio.run_coroutine_threadsafe(server.stop(), loop).result(10)
        loop.call_soon_threadsafe(loop.stop)


def test_seat_n_for_ones_own_seat_takes_it_back() -> None:
    """s13 netplayer F6: ``play --server URL --table CODE --seat 1`` by the player holding seat 1 there was
    refused "Table ... is full"; the seat held (client.json) is rejoined whatever number is typed."""
    from doublenine.client import config
    from doublenine.client.joining import held_rejoin

    config.save(config.hold_seat(config.load(), "ws://127.0.0.1:18702/", "6WMHZ", "k" * 22))
    for seat in (None, 1, 3):
        assert held_rejoin("ws://127.0.0.1:18702", "6wmhz", seat) == p.Rejoin(code="6WMHZ", token="k" * 22)
    assert held_rejoin("ws://127.0.0.1:18702", "OTHER", 1) is None
