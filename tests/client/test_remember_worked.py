"""Issue 11.6: only what worked is remembered -- a server address and a table code are saved once the
server answered ``joined``, never when they were only typed (a dead server was prefilled next time and
"Create table" tried it)."""
from __future__ import annotations

import argparse
import time
from dataclasses import replace
from typing import Any

import pytest
from client_helpers import my_turn_with_play, session_at
from fake_server import SlowServer
from ports import free_port

from doublenine.client import config
from doublenine.client.launcher import make_launcher
from doublenine.client.config import Settings
from doublenine.client.scenes.start import Launch, StartScene


@pytest.fixture(autouse=True)
def _config_in_tmp(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(config, "config_path", lambda: tmp_path / "client.json")


def _dead_url() -> str:
    port = free_port()  # a loopback port nobody listens on, nor will meanwhile (tests/ports.py)
    return f"ws://127.0.0.1:{port}/"


def _wait(done: Any, seconds: float = 10.0) -> bool:
    end = time.monotonic() + seconds
    while not done() and time.monotonic() < end:
        time.sleep(0.02)
    return bool(done())


def test_issue11_6_a_server_that_never_answered_is_not_remembered() -> None:
    config.save(Settings(name="Ana", server="ws://good.example:8765/", table="K7QPA"))
    scene = StartScene(config.load(), make_launcher("en", {}))
    scene.form = replace(scene.form, server=_dead_url(), table="ZZZZZ")
    change = scene.click_id("join")
    table = change.scene if change is not None else None
    try:
        if table is not None:  # the connection fails (and is retried) in the background
            _wait(lambda: table.session.pump() and table.session.state.failure is not None, 1.5)
            assert table.session.state.view is None
    finally:
        if table is not None:
            table.close()
    saved = config.load()
    assert (saved.server, saved.table, saved.name) == ("ws://good.example:8765/", "K7QPA", "Ana")


def test_issue11_6_server_and_table_are_saved_once_joined() -> None:
    log = session_at(my_turn_with_play).log
    with SlowServer(log, 0.0) as server:
        scene = make_launcher("en", {})(Launch("join", "Ana", "en", server.url, "SNAKE"))
        try:
            assert _wait(lambda: config.load().table == "SNAKE")
            assert config.load().server == server.url
        finally:
            scene.close()


def test_issue11_6_the_command_line_does_not_save_an_untried_server(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from doublenine.client import app, cli

    config.save(Settings(name="Ana", server="ws://good.example:8765/", table="K7QPA"))
    shown: list[Any] = []

    class NoWindow:
        def __init__(self, scene: Any, *a: Any, **k: Any) -> None:
            shown.append(scene)

        def run(self) -> int:
            return 0

    monkeypatch.setattr(app, "App", NoWindow)
    parser = argparse.ArgumentParser()
    cli.add_arguments(parser)
    assert cli.run(parser.parse_args(["--start-screen", "--name", "Bea", "--server", _dead_url(),
                                      "--table", "ZZZZZ"])) == 0
    saved = config.load()
    assert (saved.name, saved.server, saved.table) == ("Bea", "ws://good.example:8765/", "K7QPA")
    assert shown[0].form.table == "ZZZZZ"  # shown for this run, not remembered


def test_a_join_by_invite_remembers_the_servers_base_address_not_the_tables_path() -> None:
    """New user: after joining by invite the start screen showed ``ws://127.0.0.1:8781/t/2NBT3`` as the
    server address and "Create table" would have used it. Saved, shown and loaded: the base URL only."""
    from doublenine.shared.invite import server_base
    log = session_at(my_turn_with_play).log
    with SlowServer(log, 0.0) as server:
        base = server.url.rstrip("/") + "/"
        scene = make_launcher("en", {})(Launch("join", "Ana", "en", base + "t/SNAKE", "SNAKE"))
        try:
            assert _wait(lambda: config.load().table == "SNAKE")
            assert config.load().server == base
        finally:
            scene.close()
    config.save(Settings(server="ws://127.0.0.1:8781/t/2NBT3"))  # a file written before this fix
    assert StartScene(config.load(), make_launcher("en", {})).form.server == "ws://127.0.0.1:8781/"
    assert server_base("wss://proxy.example/doublenine/") == "wss://proxy.example/doublenine/"
