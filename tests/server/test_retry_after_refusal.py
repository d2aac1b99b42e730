"""A refusal that says when to come back (``data.retry_ms``) is sent again after that time, by every
client of ours: ``doublenine bot``'s join, rejoin and create (server/netbot.SeatKeeper) and the window's
connect, join and host (client/net.NetClient, which ``play`` starts with).

Soak s14 F-bot-restart: 17 bots restarted 3 s after their SIGTERM (which makes each ``leave``) all
exited at once, exit 2, "Too many actions at once: wait a moment (refused by the server: RATE_LIMITED)":
the server's 10 s seat wait after a ``leave`` from the same address (``data: {limit: "seats",
retry_ms: 2552}``) was never retried, and the sentence was the message rate's, not the real reason.
Kind: a client of ours that does not honour a server's "retry after". The table's seat clock is the
test's own (as tests/server/test_seat_churn.py), so the waits are exact.
"""
from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest

from doublenine.client.net import WAITING, NetClient, NetSession
from doublenine.client.panels import JOIN_WAITS, status_line
from doublenine.client.uistate import Ui
from doublenine.server import botcli
from doublenine.server.netbot import SeatKeeper, ServerRefused
from doublenine.shared import protocol as p
from doublenine.shared.failures import from_server_error
from doublenine.shared.reconnect import RETRY_AFTER_CAP, Backoff, refusal_wait, retry_refusal
from doublenine.shared.refusals import LIMITS, sentence_for

from .conftest import create
from .test_bot_new_match import _args

SEATS_SENTENCE = "A seat at this table was given up from your address less than 10 seconds ago: join again in a moment"


class Clock:
    def __init__(self) -> None:
        self.now = 500.0

    def __call__(self) -> float:
        return self.now


def test_a_refusal_saying_when_to_come_back_is_retried_after_that_time_bounded() -> None:
    assert refusal_wait({"limit": "seats", "retry_ms": 2552}) == 2.552  # the soak's case
    assert refusal_wait({"retry_ms": 0}) == 0.0 and refusal_wait({"retry_ms": 10**9}) == RETRY_AFTER_CAP == 300.0
    assert [refusal_wait(d) for d in (None, {}, {"retry_ms": -1}, {"retry_ms": True}, {"retry_ms": "5"},
                                      {"retry_ms": 2.5}, [("retry_ms", 5)])] == [None] * 7
    assert retry_refusal("RATE_LIMITED", False, {"limit": "seats", "retry_ms": 2552}) is True
    assert retry_refusal("RATE_LIMITED", False) is False  # the message rate: no time said, nothing retried
    assert retry_refusal("SEAT_TAKEN", False, None) is False and retry_refusal("TABLE_MOVING", False) is True


def test_the_seat_wait_is_said_as_itself_not_as_the_message_rate() -> None:
    data = {"limit": "seats", "retry_ms": 2552}
    assert sentence_for("RATE_LIMITED", data) == LIMITS["seats"] == SEATS_SENTENCE
    assert sentence_for("RATE_LIMITED", {"limit": "hints", "retry_ms": 2000}) == "Too many actions at once: wait a moment"
    failure = from_server_error("RATE_LIMITED", host="127.0.0.1", port=9, table="ABCDE", data=data)
    assert failure.text("en") == f"{SEATS_SENTENCE} (refused by the server at 127.0.0.1:9)"
    assert failure.text("fr") == ("Une place de cette table a été quittée depuis votre adresse il y a moins de "
                                  "10 secondes\u00a0: rejoignez-la dans un instant (refusé par le serveur à 127.0.0.1:9)")


async def test_s14_a_bot_restarted_right_after_its_stop_waits_out_the_seat_wait_and_sits(
        server: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The soak's case: bot 1 stops (its ``leave``), the same command at once is refused with
    ``retry_ms`` 2500, says so and sits 2.5 s later (before: exit 2, "Too many actions at once")."""
    host = await create(server, "hhhh", sit=2)
    table = server.registry.tables[host.code]
    clock = table.seat_clock = Clock()
    said: list[str] = []
    monkeypatch.setattr(botcli, "say", lambda text, error=False: said.append(text))
    first = asyncio.ensure_future(botcli._play(_args(server.url, host.code, 1, matches=0)))
    for _ in range(500):
        if said:
            break
        await asyncio.sleep(0.02)
    assert said == [f"seat 1 at table {host.code}"]
    first.cancel()  # SIGTERM's way (botcli.stop_on_sigterm): the seat is given up on the way out
    with pytest.raises(asyncio.CancelledError):
        await first
    assert table.seats_left == {"127.0.0.1": 500.0}
    clock.now = 507.5  # 2.5 s of the 10 s left

    def heard(text: str, error: bool = False) -> None:
        said.append(text)
        clock.now = 510.0  # the wait is over when the bot comes back

    monkeypatch.setattr(botcli, "say", heard)
    second = asyncio.ensure_future(botcli._play(_args(server.url, host.code, 1, matches=0)))
    try:
        for _ in range(500):
            if len(said) >= 3:
                break
            await asyncio.sleep(0.02)
    finally:
        second.cancel()
        with pytest.raises(asyncio.CancelledError):
            await second
    assert said[1:] == [f"{SEATS_SENTENCE} (RATE_LIMITED): trying again in 2.5 s", f"seat 1 at table {host.code}"]


async def test_a_keeper_that_is_never_let_in_gives_up_naming_the_real_reason(server: Any) -> None:
    """Bounded: a seat wait that never ends (the clock stands still) gives up after the policy's time;
    its cause is the last refusal, which ``doublenine bot`` says by its sentence."""
    host = await create(server, "hhhh", sit=2)
    table = server.registry.tables[host.code]
    table.seat_clock = Clock()
    table.seat_given_up("127.0.0.1")
    said: list[str] = []
    keeper = SeatKeeper(server.url, {"type": "join", "code": host.code, "seat": 1, "name": "B"}, say=said.append,
                        policy=Backoff(give_up_after=0.0))
    from doublenine.server.netbot import GaveUp
    with pytest.raises(GaveUp) as gave_up:
        await keeper.run(lambda c: c.seat)
    cause = gave_up.value.__cause__
    assert isinstance(cause, ServerRefused) and (cause.error.code, cause.error.data) == (
        "RATE_LIMITED", {"limit": "seats", "retry_ms": 10000})
    assert said == []


def test_the_window_joining_right_after_a_leave_waits_says_so_and_sits() -> None:
    """client/net.NetClient (``play --server --table``, the start screen's join): the same refusal, retried
    after ``retry_ms``; meanwhile the status line says the wait, never a lost connection's banner."""
    from doublenine.client.embedded import EmbeddedServer
    from sessionkit import pump_until  # type: ignore[import-not-found]

    server = EmbeddedServer(":memory:", bot_delay=60.0)
    url = server.start()
    seats = tuple(p.SeatSpec(kind=k) for k in ("human", "human", "computer", "computer"))
    host = NetSession(NetClient(url, p.CreateTable(seats=seats, sit=1, name="Ana")).start())
    guest = None
    try:
        pump_until(host, lambda s: s.view is not None and s.table != "", 30)
        code = host.state.table
        table = server.server.registry.tables[code]
        clock = Clock()
        table.seat_clock = clock
        table.seat_given_up("127.0.0.1")  # a seat of it given up from here a moment ago
        clock.now = 508.5  # 1.5 s of the wait left
        guest = NetSession(NetClient(url, p.Join(code=code, seat=2, name="Bo")).start())
        seen: list[tuple[str, str]] = []

        def waiting(s: Any) -> bool:
            seen.append((s.connection, s.lost_why))
            return s.lost_why == WAITING

        pump_until(guest, waiting, 30)
        assert guest.state.connection == "connecting" and guest.state.failure is None
        assert status_line(guest.state, Ui(), "en") == (JOIN_WAITS, {})
        threading.Timer(0.0, lambda: setattr(clock, "now", 510.0)).start()
        pump_until(guest, lambda s: s.view is not None and s.view.seat == 2, 30)
        assert guest.state.failure is None and ("lost", "") not in seen
    finally:
        for s in (guest, host):
            if s is not None:
                s.client.close()
        server.stop()


def test_plays_check_of_the_table_waits_out_a_refusal_saying_when_and_names_the_reason(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``play --server --table`` / ``--join`` checks the table (a spectate) before the window opens
    (client/joining.check_arrival): a refusal with ``retry_ms`` there is waited out too, said, bounded
    (SILENT_TRIES checks in all), and the last one's failure names the real reason."""
    from doublenine.client import joining
    from doublenine.shared.i18n import translator
    from doublenine.shared.invite import parse_invite

    class Ws:
        def recv(self, timeout: float) -> bytes:
            return p.encode(p.Error(code="RATE_LIMITED", detail="x", data={"limit": "code_misses", "retry_ms": 20}))

    invite = parse_invite("ws://127.0.0.1:9/t/KQ7PM")
    with pytest.raises(joining.CheckFailed) as refused:
        joining._expect(Ws(), invite, 1.0, p.PROTOCOL_VERSION, p.Joined)
    assert refused.value.wait == 0.02
    assert refused.value.failure.text("en") == ("Too many table codes from your address named no table: wait a "
                                                "moment (refused by the server at 127.0.0.1:9)")
    checks: list[int] = []

    def check_table(invite: Any, **_: Any) -> Any:
        checks.append(1)
        if len(checks) < 3:
            raise joining.CheckFailed(refused.value.failure, wait=0.02)
        return joining.TableInfo("KQ7PM", 2)

    monkeypatch.setattr(joining, "check_table", check_table)
    said: list[str] = []
    info = joining.check_arrival(invite, kept=False, say=lambda m, a: said.append(translator("en").gettext(m, **a)))
    assert (info, said) == (joining.TableInfo("KQ7PM", 2), [
        "The table at 127.0.0.1:9 asks to wait 0.0 s: trying again (2 of 3)",
        "The table at 127.0.0.1:9 asks to wait 0.0 s: trying again (3 of 3)"])
    checks.clear()
    monkeypatch.setattr(joining, "check_table", lambda invite, **_: (checks.append(1), (_ for _ in ()).throw(
        joining.CheckFailed(refused.value.failure, wait=0.02)))[1])
    with pytest.raises(joining.CheckFailed) as last:
        joining.check_arrival(invite, kept=False)
    assert len(checks) == 3 and last.value.failure is refused.value.failure


def test_s16_a_window_come_to_watch_a_table_full_of_spectators_says_so_and_watches_once_let_in(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Stream s16 F3: ``play --spectate`` (or a stream's link) to a table that has all the spectators it
    takes printed one stderr line and exited, no window. The window now opens (client/cli, joining.
    watch_anyway), says what the table's web page says and asks again every minute
    (shared/reconnect.WATCH_RETRY, shortened here), and watches once a place is free."""
    from dataclasses import replace

    from doublenine.client import joining
    from doublenine.client.embedded import EmbeddedServer
    from doublenine.client.net import FULL
    from doublenine.client.panels import WATCH_FULL
    from doublenine.shared import reconnect
    from sessionkit import pump_until  # type: ignore[import-not-found]

    assert reconnect.watch_retry("SPECTATORS_FULL", True) == 60.0 and reconnect.watch_retry("SPECTATORS_FULL", False) is None
    assert joining.watch_anyway(joining.CheckFailed(from_server_error("SPECTATORS_FULL", host="h", port=1),
                                                    code="SPECTATORS_FULL"), True)
    assert not joining.watch_anyway(joining.CheckFailed(from_server_error("UNKNOWN_TABLE", host="h", port=1),
                                                        code="UNKNOWN_TABLE"), True)
    monkeypatch.setattr(reconnect, "WATCH_RETRY", 0.2)
    server = EmbeddedServer(":memory:", bot_delay=60.0)
    url = server.start()
    seats = tuple(p.SeatSpec(kind=k) for k in ("human", "computer", "computer", "computer"))
    host = NetSession(NetClient(url, p.CreateTable(seats=seats, sit=1, name="Ana")).start())
    viewer = None
    try:
        pump_until(host, lambda s: s.view is not None and s.table != "", 30)
        code = host.state.table
        table = server.server.registry.tables[code]
        table.config = replace(table.config, max_spectators=0)  # takes no spectator now
        viewer = NetSession(NetClient(url, p.Spectate(code=code)).start())
        pump_until(viewer, lambda s: s.lost_why == FULL, 30)
        assert viewer.state.connection == "connecting" and viewer.state.failure is None
        assert status_line(viewer.state, Ui(), "en") == (WATCH_FULL, {})
        assert WATCH_FULL == "This table already has as many spectators as it takes. Try again in a minute."
        table.config = replace(table.config, max_spectators=32)  # a place comes free
        pump_until(viewer, lambda s: s.view is not None and s.view.seat is None, 30)
        assert viewer.state.failure is None
    finally:
        for s in (viewer, host):
            if s is not None:
                s.client.close()
        server.stop()
