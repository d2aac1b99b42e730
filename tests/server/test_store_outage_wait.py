"""A client told to wait by a live server keeps waiting, whatever the outage's length (operator s17 F13).

The operator stopped PostgreSQL from 22:19:11 to 22:29:53 (642 s) with the three ``serve`` processes up: they
answered every rejoin ``TABLE_MOVING`` (``data.store`` "failing", a ``retry_ms``), which the bots said as "The
server cannot save moves right now ... trying again in 9.2 s". At 600 s every ``doublenine bot`` printed
"gave up: table 683HB unreachable for 600 s" and exited, and every window left its table, although the servers
had said "wait" the whole time. Kind: the one reconnection policy (shared/reconnect.Reconnector) counting a live
server's "wait" as a failure towards the 10-minute give-up; every client asks it: the window (client/net.NetClient)
and ``doublenine bot`` / netbot (server/netbot.SeatKeeper). The clocks here are the tests' own: no timed test.
"""
from __future__ import annotations

import asyncio
import queue
import random
from types import SimpleNamespace
from typing import Any

import pytest

from doublenine.client.net import STORE, NetClient
from doublenine.client.panels import OFFLINE, status_line
from doublenine.client.store import ClientState, Connection, Failed
from doublenine.client.uistate import Ui
from doublenine.server import netbot
from doublenine.server.netbot import GaveUp, SeatKeeper, ServerRefused
from doublenine.shared import protocol as p
from doublenine.shared.failures import Failure, from_server_error
from doublenine.shared.reconnect import Backoff, Reconnector, told_to_wait, told_to_wait_http
from doublenine.shared.refusals import STORE_FAILING

OUTAGE = 642.0
"""Seconds PostgreSQL was down (22:19:11 to 22:29:53): longer than the policy's 600 s give-up."""
MOVING = {"store": "failing", "retry_ms": 9200}
"""The refusal's data the processes answered every rejoin with during the outage (the bots' "9.2 s")."""


def test_f13_a_live_servers_wait_restarts_the_give_up_clock_a_silent_one_does_not() -> None:
    retry = Reconnector(Backoff(jitter=0.0), random.Random(0))
    waits = [retry.failed(t, 9.2, told_wait=True) for t in range(0, 700, 10)]  # 700 s of "wait", every 10 s
    assert waits[:7] == [9.2, 9.2, 9.2, 9.2, 9.2, 10.0, 10.0] and all(w == 10.0 for w in waits[5:])
    # the server stops answering (nothing listens): 600 s after its last "wait" (at 690 s), and not before
    assert retry.failed(1289.9) == 10.0 and retry.failed(1290.0) is None
    plain = Reconnector(Backoff(jitter=0.0), random.Random(0))  # never told to wait: 10 minutes, as before
    assert plain.failed(0.0) == 0.5 and plain.failed(599.9) == 1.0 and plain.failed(600.0) is None


def test_f13_which_answers_are_a_live_servers_wait() -> None:
    assert told_to_wait("TABLE_MOVING", MOVING) and told_to_wait("TABLE_MOVING") and told_to_wait("SHUTTING_DOWN")
    assert told_to_wait("RATE_LIMITED", {"limit": "code_misses", "retry_ms": 1000})
    # a table gone for good answers UNKNOWN_TABLE, a fault INTERNAL: retried, but within the 10 minutes
    assert not told_to_wait("UNKNOWN_TABLE") and not told_to_wait("INTERNAL", {"store": "failing"})

    def refused(status: int, retry_after: str | None) -> Exception:
        exc = Exception("refused")
        headers = {} if retry_after is None else {"Retry-After": retry_after}
        exc.response = SimpleNamespace(status_code=status, headers=headers)  # type: ignore[attr-defined]
        return exc

    assert told_to_wait_http(refused(503, "2")) and told_to_wait_http(refused(429, "1"))
    # a proxy whose backend is gone (502, 504) or a 503 that says no time is no server asking to wait
    assert [told_to_wait_http(e) for e in (refused(502, "2"), refused(504, "2"), refused(503, None),
                                           ConnectionRefusedError(), None)] == [False] * 5


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def test_f13_a_bot_told_to_wait_for_642_s_waits_and_comes_back_to_its_seat(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The reported case for ``doublenine bot``: refused TABLE_MOVING (store failing, retry_ms 9200) for the
    outage's 642 s, it waits, saying so every time, and sits again when the store is back (before: GaveUp at 600 s)."""
    clock, slept, real_sleep = Clock(), [], asyncio.sleep
    said: list[str] = []
    keeper = SeatKeeper("ws://127.0.0.1:9/", {"type": "join", "code": "683HB", "seat": 1}, say=said.append,
                        policy=Backoff(jitter=0.0), rng=random.Random(0))
    keeper.code, keeper.token = "683HB", "t" * 32
    outage_ends = clock.now + OUTAGE
    client = SimpleNamespace(seat=1, code="683HB", token="t" * 32)

    async def attach() -> Any:
        if clock.now < outage_ends:
            raise ServerRefused(p.Error(code="TABLE_MOVING", detail="store failing", data=MOVING))
        return client

    async def sleep(seconds: float) -> None:
        slept.append(seconds)
        clock.now += seconds
        await real_sleep(0)

    monkeypatch.setattr(keeper, "_attach", attach)
    monkeypatch.setattr(netbot.asyncio, "sleep", sleep)
    loop = asyncio.get_running_loop()
    monkeypatch.setattr(loop, "time", clock)

    async def body(c: Any) -> str:
        return "seated"

    assert await keeper.run(body) == "seated"
    assert len(slept) == 65 and sum(slept) == pytest.approx(646.0) and max(slept) == 10.0
    assert said[0] == ("The server cannot save moves right now: play goes on as soon as it can (TABLE_MOVING): "
                       "trying again in 9.2 s") and len(said) == 65


async def test_f13_a_bot_whose_server_says_nothing_still_gives_up_after_600_s(monkeypatch: pytest.MonkeyPatch) -> None:
    """Bounded: a server that is gone (nothing listens) is given up after the policy's 10 minutes, as before."""
    clock, real_sleep = Clock(), asyncio.sleep
    keeper = SeatKeeper("ws://127.0.0.1:9/", {"type": "join", "code": "683HB", "seat": 1},
                        policy=Backoff(jitter=0.0), rng=random.Random(0))
    keeper.code, keeper.token = "683HB", "t" * 32

    async def attach() -> Any:
        raise ConnectionRefusedError(111, "Connection refused")

    async def sleep(seconds: float) -> None:
        clock.now += seconds
        await real_sleep(0)

    monkeypatch.setattr(keeper, "_attach", attach)
    monkeypatch.setattr(netbot.asyncio, "sleep", sleep)
    monkeypatch.setattr(asyncio.get_running_loop(), "time", clock)
    with pytest.raises(GaveUp) as gave_up:
        await keeper.run(lambda c: c)
    assert str(gave_up.value) == "table 683HB unreachable for 600 s" and clock.now == 1000.0 + 605.5


class Stop:
    """The window's stop event on the test's clock: ``wait(delay)`` moves the clock on and drains the inbox."""

    def __init__(self, clock: Clock, net: NetClient, seen: list[Any]) -> None:
        self.clock, self.net, self.seen, self.done = clock, net, seen, False

    def is_set(self) -> bool:
        return self.done

    def set(self) -> None:
        self.done = True

    def wait(self, seconds: float | None = None) -> bool:
        self.clock.now += seconds or 0.0
        while True:
            try:
                self.seen.append(self.net.inbox.get_nowait())
            except queue.Empty:
                return self.done


def test_f13_the_window_told_to_wait_for_642_s_keeps_its_seat_and_says_the_store_is_down(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The reported case for the window: its rejoin refused TABLE_MOVING (store failing) for 642 s; it never
    fails, its status line says the server cannot save moves now (not "Connection lost: nothing can be
    played..."), and it is at its table again when the store is back."""
    from doublenine.client import net as netmod

    clock, seen = Clock(), []
    net = NetClient("ws://127.0.0.1:9/", p.Join(code="683HB", seat=1, name="Ana"),
                    backoff=Backoff(jitter=0.0))
    net.code, net.token = "683HB", "t" * 32
    net._retry = Reconnector(Backoff(jitter=0.0), random.Random(0))
    stop = Stop(clock, net, seen)
    net._stop = stop  # type: ignore[assignment]
    monkeypatch.setattr(netmod.time, "monotonic", clock)
    outage_ends, sessions = clock.now + OUTAGE, []

    def session() -> Failure | None:
        sessions.append(clock.now)
        if clock.now < outage_ends:
            raise netmod.Refused(from_server_error("TABLE_MOVING", host="127.0.0.1", port=9, table="683HB", data=MOVING),
                                 "TABLE_MOVING", MOVING)
        stop.set()  # back at the table: the test ends here
        return None

    monkeypatch.setattr(net, "_session", session)
    net._connect_loop()
    stop.wait(0)
    assert not any(isinstance(m, Failed) for m in seen) and len(sessions) == 66
    assert Connection("lost", STORE) in seen
    state = ClientState(connection="lost", lost_why=STORE, view=SimpleNamespace(seat=1))  # type: ignore[arg-type]
    assert status_line(state, Ui(), "en") == (STORE_FAILING, {})
    assert status_line(ClientState(connection="lost", view=SimpleNamespace(seat=1)), Ui(), "en") == (OFFLINE, {})
