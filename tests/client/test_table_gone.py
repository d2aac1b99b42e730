"""A reconnecting window gives up, in words, once its table is truly gone (new-user finding 1).

Friends of a host that never comes back with the table must not show "reconnecting…" forever:
shared/reconnect.py retries a seated client's ``UNKNOWN_TABLE`` (a failover may be under way)
only for ``Backoff.give_up_after`` (10 minutes; docs/protocol.md "Reconnecting"), then the window
says the table is closed. Here the host comes back on the same port without the table (its
store was in memory) and the policy's minutes are shortened to 1.5 s.
"""
from __future__ import annotations

import asyncio

from doublenine.client.embedded import EmbeddedServer
from doublenine.client.net import NetClient, NetSession
from doublenine.shared import protocol as p
from doublenine.shared.reconnect import SHUTTING_DOWN, Backoff

from sessionkit import pump_until


def test_a_seated_window_gives_up_with_table_closed_once_the_table_is_gone() -> None:
    first = EmbeddedServer(":memory:", bot_delay=0.0)
    first.start()
    port = first.server.port
    seats = tuple(p.SeatSpec(kind=k) for k in ("human", "human", "computer", "computer"))
    host = NetSession(NetClient(first.url, p.CreateTable(seats=seats, sit=1, name="Host")).start())
    pump_until(host, lambda s: bool(s.table))
    code = host.state.table
    ana = NetSession(NetClient(first.url, p.Join(code=code, name="Ana"),
                               backoff=Backoff(first=0.05, cap=0.2, give_up_after=1.5)).start())
    pump_until(ana, lambda s: s.connection == "connected" and s.view is not None and s.view.seat is not None)
    asyncio.run_coroutine_threadsafe(first.server.stop(SHUTTING_DOWN, "gone"), first.loop).result(10)
    first.stop()
    again = EmbeddedServer(":memory:", bot_delay=0.0, port=port)  # the host is back, without the table
    again.start()
    try:
        pump_until(ana, lambda s: s.connection == "lost")
        assert ana.state.failure is None  # at first: waited out, a failover may be under way
        pump_until(ana, lambda s: s.failure is not None)
        assert ana.state.failure.key == "table.closed"
        assert ana.state.failure.params["code"] == code
    finally:
        again.stop()
        host.client.close()
