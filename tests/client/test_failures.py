"""What the player sees when a table cannot be reached, joined or kept: never "Connecting..." forever."""
from __future__ import annotations

import socket
import threading
import time
from typing import Any

import pytest
from ports import free_port
from robot import centre, click

from doublenine.client import config
from doublenine.client.layout import compute_layout
from doublenine.client.net import NetClient, NetSession
from doublenine.shared.reconnect import Backoff
from doublenine.client.scenes.table import KEY_GUARD, TableScene
from doublenine.client.uistate import Ui
from doublenine.shared import protocol as p

pytest.importorskip("doublenine.server.app")

from doublenine.client.embedded import EmbeddedServer  # noqa: E402


@pytest.fixture(autouse=True)
def _config_in_tmp(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(config, "config_path", lambda: tmp_path / "client.json")


@pytest.fixture()
def server(tmp_path):  # type: ignore[no-untyped-def]
    srv = EmbeddedServer(db=str(tmp_path / "t.sqlite"), bot_delay=0.0)
    srv.start()
    yield srv
    srv.stop()


def _settle(session: NetSession, done: Any, timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and not done(session.state):
        session.pump()
        time.sleep(0.01)


def _open_table(url: str, kinds: tuple[str, ...] = ("human", "computer", "computer", "computer")) -> NetSession:
    seats = tuple(p.SeatSpec(kind=k, level="easy") for k in kinds)
    session = NetSession(NetClient(url, p.CreateTable(seats=seats, sit=1, name="Ana")).start())
    _settle(session, lambda s: s.view is not None)
    assert session.state.view is not None
    return session


def _failure_of(url: str, attach: p.Model, **kw: Any) -> Any:
    session = NetSession(NetClient(url, attach, backoff=Backoff(first=0.05, cap=0.05), **kw).start())
    _settle(session, lambda s: s.failure is not None)
    session.close(leave=False)
    return session.state


def test_unknown_table_says_so_instead_of_connecting_forever(server) -> None:  # type: ignore[no-untyped-def]
    state = _failure_of(server.url, p.Join(code="ZZZZ", name="Bo"))
    assert state.failure.key == "table.closed" and state.failure.params["code"] == "ZZZZ"
    assert "ZZZZ" in state.failure.text("fr")


def test_taken_seat_and_full_table_are_told(server) -> None:  # type: ignore[no-untyped-def]
    """A taken seat is "choose another seat" only while another seat is free; on a full table, a seat
    asked by number is "full" too (new user: ``--seat 3`` on a full table was told to choose another)."""
    open_one = _open_table(server.url, ("human", "human", "computer", "computer"))
    taken = _failure_of(server.url, p.Join(code=open_one.state.table, seat=1, name="Bo"))
    computer = _failure_of(server.url, p.Join(code=open_one.state.table, seat=3, name="Bo"))
    open_one.close()
    host = _open_table(server.url)
    code = host.state.table
    full = _failure_of(server.url, p.Join(code=code, name="Bo"))
    full_by_seat = [_failure_of(server.url, p.Join(code=code, seat=n, name="Bo")) for n in (1, 3)]
    host.close()
    assert (taken.failure.key, taken.failure.params["seat"]) == ("seat.taken", 1)
    assert (computer.failure.key, computer.failure.params["seat"]) == ("seat.taken", 3)
    assert full.failure.key == "table.full"
    assert [s.failure.key for s in full_by_seat] == ["table.full", "table.full"]
    assert "people" not in full.failure.text("en")  # three computers: "taken by people" would be false


def test_unreachable_server_is_told_at_once() -> None:
    port = free_port()  # reserved (tests/ports.py): nothing listens there, nor will meanwhile
    state = _failure_of(f"ws://127.0.0.1:{port}/", p.Join(code="ABCD", name="Bo"))
    assert state.failure.key == "net.unreachable" and state.failure.params["port"] == port


def test_a_silent_server_times_out() -> None:
    from websockets.sync.server import serve

    def silent(ws: Any) -> None:
        ws.recv()
        ws.send(p.encode(p.Welcome(protocol_version=p.PROTOCOL_VERSION)))
        ws.recv()
        time.sleep(3)  # never answers the join

    srv = serve(silent, "127.0.0.1", 0)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    try:
        state = _failure_of(f"ws://127.0.0.1:{srv.socket.getsockname()[1]}/", p.Join(code="ABCD"), open_timeout=0.5)
    finally:
        srv.shutdown()
    assert state.failure.key == "net.unreachable"


def test_failure_panel_offers_the_way_back_to_the_start_screen(server) -> None:  # type: ignore[no-untyped-def]
    from doublenine.client.input import Viewport

    scene = TableScene(NetSession(NetClient(server.url, p.Join(code="ZZZZ")).start()), "de")
    scene.resize(Viewport((800, 600), (800, 600)))
    _settle(scene.session, lambda s: s.failure is not None)
    lay = compute_layout(scene.session.state, Ui(), (800, 600))
    assert lay.panel is not None and lay.panel.kind == "failure" and lay.banner is None
    assert [b.id for b in lay.panel.buttons] == ["leave"]
    import pygame
    scene.draw(pygame.Surface((800, 600)))  # seen, then read (a click on a prompt not read yet is not for it)
    scene.update(KEY_GUARD + 0.1)
    change = scene.handle(click(centre(lay.panel.buttons[0].rect)))
    assert change is not None and change.kind == "pop"
    scene.close()


def test_host_stopping_the_server_tells_the_friends_at_once(tmp_path) -> None:  # type: ignore[no-untyped-def]
    srv = EmbeddedServer(db=str(tmp_path / "h.sqlite"), bot_delay=0.0)
    srv.start()
    host = _open_table(srv.url, ("human", "human", "computer", "computer"))
    friend = NetSession(NetClient(srv.url, p.Join(code=host.state.table, name="Bo"), backoff=Backoff(first=5.0, cap=5.0, jitter=0.0)).start())
    _settle(friend, lambda s: s.view is not None)
    srv.stop()
    _settle(friend, lambda s: s.failure is not None, timeout=4.0)  # within one 5 s back-off: at once on 1001
    friend.close(leave=False)
    host.close(leave=False)
    assert friend.state.failure is not None and friend.state.failure.key == "host.stopped"
