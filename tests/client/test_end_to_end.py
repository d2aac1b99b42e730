"""End to end: the real client, fed synthetic mouse input, plays a hand against an embedded server."""
from __future__ import annotations

import time

import pytest

pytest.importorskip("doublenine.server.app")

from robot import next_clicks  # noqa: E402

from doublenine.client.app import App  # noqa: E402
from doublenine.client.launcher import make_launcher  # noqa: E402
from doublenine.client.embedded import EmbeddedServer  # noqa: E402
from doublenine.client.scenes.start import Launch  # noqa: E402


def test_client_plays_a_full_hand_against_three_computers_to_the_reveal(tmp_path) -> None:  # type: ignore[no-untyped-def]
    server = EmbeddedServer(db=str(tmp_path / "play.sqlite"), bot_delay=0.0)
    server.start()
    try:
        launcher = make_launcher("en", {"server": server})
        scene = launcher(Launch("create", "José", "en", seed=11, level="easy"))
        app = App(scene, (1280, 800))
        deadline = time.monotonic() + 45
        acted = 0
        while time.monotonic() < deadline:
            lay = scene.layout()
            if lay.panel is not None and lay.panel.kind == "reveal":
                break
            events = next_clicks(scene)
            acted += len(events)
            app.step(events)
            time.sleep(0.005 if events else 0.02)
        lay = scene.layout()
        assert lay.panel is not None and lay.panel.kind == "reveal", scene.session.state
        view = scene.session.state.view
        assert len(view.finished) == 1 and len(lay.panel.rows) == 4
        assert acted >= 3  # draw, nominate or review, plays: all through synthetic clicks
        app.apply(app.stack and __import__("doublenine.client.scenes.base", fromlist=["Change"]).Change("quit"))
    finally:
        server.stop()


def test_next_start_comes_back_to_the_local_table_with_its_seat_token(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from doublenine.client import config

    monkeypatch.setattr(config, "config_path", lambda: tmp_path / "client.json")
    server = EmbeddedServer(db=str(tmp_path / "play.sqlite"), bot_delay=0.0)
    server.start()
    try:
        launcher = make_launcher("en", {"server": server})
        codes = []
        for _ in range(3):
            scene = launcher(Launch("create", "José", "en", level="easy", resume=True))
            deadline = time.monotonic() + 20
            while scene.session.state.view is None and time.monotonic() < deadline:
                scene.update(time.monotonic())
                time.sleep(0.01)
            codes.append(scene.session.state.table)
            scene.session.client.close()  # the window closes without leaving: the seat stays ours
        saved = config.load()
        assert codes[0] and codes == [codes[0]] * 3 and saved.resume_code == codes[0] and saved.resume_token
        config.save(replace_settings(saved, resume_token="not-a-token"))
        scene = launcher(Launch("create", "José", "en", level="easy", resume=True))
        deadline = time.monotonic() + 20
        while scene.session.state.view is None and time.monotonic() < deadline:
            scene.update(time.monotonic())
            time.sleep(0.01)
        assert scene.session.state.view is not None and scene.session.state.table != codes[0]  # a new table
        scene.session.client.close()
    finally:
        server.stop()


def replace_settings(settings, **changes):  # type: ignore[no-untyped-def]
    from dataclasses import replace
    return replace(settings, **changes)


def test_an_unfinished_local_match_survives_a_restart_of_the_embedded_server(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from doublenine.client import config

    monkeypatch.setattr(config, "config_path", lambda: tmp_path / "client.json")
    codes, lines = [], []
    for _ in range(2):
        server = EmbeddedServer(db=str(tmp_path / "play.sqlite"), bot_delay=0.0)
        server.start()
        try:
            scene = make_launcher("en", {"server": server})(Launch("create", "José", "en", level="easy", resume=True))
            app = App(scene, (1280, 800))
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:
                view = scene.session.state.view
                if view is not None and len(view.line) >= 2:
                    break
                app.step(next_clicks(scene))
                time.sleep(0.01)
            codes.append(scene.session.state.table)
            lines.append(scene.session.state.view.line)
            scene.session.client.close()
        finally:
            server.stop()
    assert codes[0] == codes[1]
    assert lines[1][:len(lines[0])] == lines[0]  # the same hand goes on
