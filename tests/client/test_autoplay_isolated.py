"""``play --autoplay`` (the install check) never touches the player's game (new-user finding 3).

The kind: a check run sharing the player's state. Run before a real ``play`` it once created and
remembered a match (the next real start opened at hand 2); with a game window open it watched that
window's table and ignored ``--seed``. It must play its own table, from its own store, and remember
nothing: the settings file and the default match file are left exactly as they were.
"""
from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from doublenine.cli import main
from doublenine.client import config
from doublenine.client.embedded import EmbeddedServer, default_db


def _autoplay(capsys: pytest.CaptureFixture[str], *extra: str) -> dict[str, object]:
    capsys.readouterr()
    assert main(["play", "--autoplay", "--seed", "3", "--size", "800x600", *extra]) == 0
    return json.loads(capsys.readouterr().out.strip().splitlines()[-1])


pytestmark = pytest.mark.usefixtures("own_folders")  # tests/conftest.py


def test_autoplay_leaves_settings_and_match_file_alone(capsys: pytest.CaptureFixture[str]) -> None:
    config.save(replace(config.Settings(), name="Ana", lang="es"))
    before = config.config_path().read_bytes()
    out = _autoplay(capsys)
    assert out["autoplay"] == "hand over" and out["seat"] == 1
    assert config.config_path().read_bytes() == before  # no resume code, no table, no name written
    assert not Path(default_db()).exists()  # never the player's match store


def test_autoplay_from_the_start_screen_saves_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    config.save(replace(config.Settings(), name="Ana", lang="es"))
    before = config.config_path().read_bytes()
    out = _autoplay(capsys, "--start-screen")
    assert out["autoplay"] == "hand over" and out["seat"] == 1
    assert config.config_path().read_bytes() == before


def test_autoplay_plays_its_own_table_while_a_window_holds_the_match(capsys: pytest.CaptureFixture[str]) -> None:
    import time

    from doublenine.client.launcher import make_launcher
    from doublenine.client.scenes.start import Launch

    window = EmbeddedServer(default_db(), bot_delay=0.0)  # a game window is open on the default file
    window.start()
    try:
        make_launcher("en", {"server": window})(Launch("create", "Ana", "en", seed=5))
        deadline = time.monotonic() + 20
        while not config.load().resume_code and time.monotonic() < deadline:
            time.sleep(0.05)
        code = config.load().resume_code
        assert code  # the window's match is remembered, as a real window's is
        out = _autoplay(capsys)
        assert out["autoplay"] == "hand over" and out["seat"] == 1 and out["table"] != code
        assert config.load().resume_code == code
    finally:
        window.stop()
