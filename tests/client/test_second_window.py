"""Issue 12 case 0: a second `doublenine play` window on the same game file joins the game
already running (it watches the first window's table) instead of starting a second server
on that SQLite file, which would resume the same table and play its computers twice."""
from __future__ import annotations

import time

import pytest

pytest.importorskip("doublenine.server.app")

from doublenine.client.launcher import make_launcher  # noqa: E402
from doublenine.client.scenes.start import Launch  # noqa: E402


def _wait_view(scene) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + 20
    while scene.session.state.view is None and time.monotonic() < deadline:
        scene.update(time.monotonic())
        time.sleep(0.01)


def test_a_second_window_on_the_same_game_file_watches_the_running_game(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from doublenine.client import config

    monkeypatch.setattr(config, "config_path", lambda: tmp_path / "client.json")
    db = str(tmp_path / "play.sqlite")
    first_box: dict = {}
    second_box: dict = {}
    first = make_launcher("en", first_box, db=db)(Launch("create", "Ana", "en", level="easy", resume=True))
    try:
        _wait_view(first)
        code = first.session.state.table
        assert code and config.load().resume_code == code
        second = make_launcher("en", second_box, db=db)(Launch("create", "Ana", "en", level="easy", resume=True))
        _wait_view(second)
        assert "server" not in second_box  # no second server on that file
        assert second.session.state.table == code  # the game already running
        assert second.session.state.view is not None and second.session.state.view.seat is None  # watching
        assert first_box["server"].server.registry.tables[code].slots[1].conn is not None  # seat 1 kept
        assert config.load().resume_code == code
        second.session.client.close()
    finally:
        first.session.client.close()
        first_box["server"].stop()
