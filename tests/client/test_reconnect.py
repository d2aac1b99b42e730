"""Clients never give up on a table that still exists (issue 12): a real ``doublenine serve``
process killed with SIGKILL mid-hand, stopped (1001), or replaced by one that does not have
the table yet (UNKNOWN_TABLE during a failover); the real window says "reconnecting", keeps
the table drawn with Leave available, and comes back into the match with its seat token."""
from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from ports import free_port
from robot import next_clicks

from doublenine.client import config
from doublenine.client.app import App
from doublenine.client.net import NetClient, NetSession
from doublenine.client.scenes.table import TableScene
from doublenine.shared import protocol as p
from doublenine.shared.reconnect import Backoff
from doublenine.shared.state import Phase

pytest.importorskip("doublenine.server.app")

FAST = Backoff(first=0.1, cap=0.4)


@pytest.fixture(autouse=True)
def _config_in_tmp(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(config, "config_path", lambda: tmp_path / "client.json")



class Serve:
    """``doublenine serve`` on a fixed loopback port (so a restart is found at the same address)."""

    def __init__(self, db: Path, port: int) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "doublenine", "serve", "--port", str(port), "--db", str(db),
             "--bot-delay", "0.05"], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
            stderr=open(db.with_suffix(".log"), "ab"))  # noqa: SIM115 - the child keeps it
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline().decode()
        assert "serving on" in line, db.with_suffix(".log").read_text()

    def end(self, sig: int) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
            self.proc.wait(20)


def _scene(url: str) -> tuple[TableScene, App]:
    seats = (p.SeatSpec(kind="human"),) + (p.SeatSpec(kind="computer", level="easy"),) * 3
    client = NetClient(url, p.CreateTable(seats=seats, sit=1, name="Ana", seed=5), backoff=FAST).start()
    scene = TableScene(NetSession(client), "en")
    return scene, App(scene, (1024, 700))


def _run(app: App, scene: TableScene, until: Any, timeout: float, play: bool = True) -> list[Any]:
    """Step the window like a person (clicking when it is their turn) until ``until(state)``;
    returns every state seen."""
    seen = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        events = next_clicks(scene) if play and scene.session.state.connection == "connected" else []
        app.step(events)
        seen.append(scene.session.state)
        if until(scene.session.state):
            break
        time.sleep(0.01)
    return seen


def _mid_hand(state: Any) -> bool:
    view = state.view
    return view is not None and view.phase is Phase.PLAY and len(view.line) >= 3


def test_kill_9_mid_hand_shows_reconnecting_then_the_window_comes_back_into_the_match(tmp_path) -> None:  # type: ignore[no-untyped-def]
    port, db = free_port(), tmp_path / "s.sqlite"
    server = Serve(db, port)
    scene, app = _scene(f"ws://127.0.0.1:{port}/")
    try:
        _run(app, scene, _mid_hand, 60)
        before = scene.session.state
        assert _mid_hand(before), before
        token, hand = scene.session.client.token, before.view.hand  # type: ignore[union-attr]
        server.end(signal.SIGKILL)
        seen = _run(app, scene, lambda s: False, 4.0, play=False)  # longer than the old 0.3 s give-up
        lost = seen[-1]
        assert lost.connection == "lost" and lost.failure is None and lost.view is not None
        assert lost.lost_why == ""  # no close: a lost link, not a restart said by the server
        lay = scene.layout()
        assert lay.banner is not None and (lay.panel is None or lay.panel.kind != "failure")
        assert any(b.id == "leave" and b.enabled for b in lay.buttons), "a way to leave while reconnecting"
        server = Serve(db, port)
        back = _run(app, scene, lambda s: s.connection == "connected" and s.seq >= before.seq, 20, play=False)[-1]
        assert back.connection == "connected" and back.failure is None
        assert back.view is not None and back.view.seat == before.view.seat and back.seq >= before.seq
        assert back.view.hand <= hand and scene.session.client.token == token
        _run(app, scene, lambda s: s.seq >= before.seq + 4, 30)  # and the match goes on from the window
        assert scene.session.state.seq >= before.seq + 4
    finally:
        scene.session.close(leave=False)
        server.end(signal.SIGKILL)


def test_a_stop_and_a_failover_window_are_waited_out_and_only_the_host_closing_ends_the_game(tmp_path) -> None:  # type: ignore[no-untyped-def]
    port, db = free_port(), tmp_path / "s.sqlite"
    server = Serve(db, port)
    scene, app = _scene(f"ws://127.0.0.1:{port}/")
    try:
        _run(app, scene, lambda s: s.view is not None and s.seq >= 2, 30)
        seq = scene.session.state.seq
        server.end(signal.SIGTERM)  # 1001: a rolling restart, not the end of the game
        server = Serve(tmp_path / "other.sqlite", port)  # a process without the table: UNKNOWN_TABLE
        seen = _run(app, scene, lambda s: False, 3.0, play=False)
        assert all(s.failure is None for s in seen) and seen[-1].connection == "lost"
        assert seen[-1].lost_why == "restart"  # 1001 "server shutting down": the banner says it restarts
        server.end(signal.SIGTERM)
        server = Serve(db, port)  # the table's own store again: the seat comes back
        back = _run(app, scene, lambda s: s.connection == "connected", 20, play=False)[-1]
        assert back.connection == "connected" and back.failure is None and back.seq >= seq
    finally:
        scene.session.close(leave=False)
        server.end(signal.SIGKILL)


def test_the_moved_close_code_is_a_reconnect_and_4010_ends_the_game() -> None:
    from fake_server import ClosingServer

    from doublenine.shared.reconnect import ENDED, MOVED

    with ClosingServer([MOVED, ENDED]) as server:
        net = NetSession(NetClient(server.url, p.Join(code="SNAKE", name="José"), backoff=FAST).start())
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and net.state.failure is None:
            net.pump()
            time.sleep(0.01)
        net.client.close()
    assert [type(a).__name__ for a in server.attaches] == ["Join", "Rejoin"]
    assert net.state.failure is not None and net.state.failure.key == "host.stopped"


def test_a_restart_is_told_apart_from_an_idle_tables_close() -> None:
    from doublenine.client.net import restarting

    assert restarting(1012, "") and restarting(1001, "server shutting down, reconnect")
    assert not restarting(1001, "table closed") and not restarting(None, None) and not restarting(1011, "")
