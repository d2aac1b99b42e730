"""D7: the remembered local table and seat token survive a normal start, so `play` comes back to it."""
from __future__ import annotations

import argparse
from typing import Any

import pytest

from doublenine.client import config
from doublenine.client.config import Settings


@pytest.fixture(autouse=True)
def _config_in_tmp(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(config, "config_path", lambda: tmp_path / "client.json")


def test_d7_a_normal_start_keeps_the_remembered_table_and_seat_token(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from doublenine.client import app, cli

    config.save(Settings(name="Ana", lang="en", resume_code="K959E", resume_token="tok"))

    class NoWindow:
        def __init__(self, *a: Any, **k: Any) -> None:
            pass

        def run(self) -> int:
            return 0

    monkeypatch.setattr(app, "App", NoWindow)
    parser = argparse.ArgumentParser()
    cli.add_arguments(parser)
    assert cli.run(parser.parse_args(["--start-screen", "--name", "Bea"])) == 0
    saved = config.load()
    assert (saved.name, saved.resume_code, saved.resume_token) == ("Bea", "K959E", "tok")


def test_d7_the_start_screen_keeps_the_remembered_table_too() -> None:
    from doublenine.client.scenes.start import StartScene

    config.save(Settings(name="Ana", resume_code="K959E", resume_token="tok"))
    scene = StartScene(config.load(), lambda launch: "TABLE")
    scene.click_id("create")
    assert (config.load().resume_code, config.load().resume_token) == ("K959E", "tok")
