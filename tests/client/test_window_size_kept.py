"""New user s11 (F-sound-key-only, last item): the name and the language were remembered between starts,
the window's size was not (client.json had no size): a resized window came back at 1280x800. The size the
window had when it closed is kept (``Settings.window``) and the next start opens at it unless ``--size``
says otherwise; a size edited into the file is bounded like ``--size`` and never below the minimum."""
from __future__ import annotations

import argparse
from typing import Any

import pytest

from doublenine.client import config
from doublenine.client.config import Settings


@pytest.fixture(autouse=True)
def _config_in_tmp(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(config, "config_path", lambda: tmp_path / "client.json")


def _start(monkeypatch, argv: list[str], closed: tuple[int, int] | None) -> list[tuple[int, int]]:  # type: ignore[no-untyped-def]
    """Run ``play`` with a window stand-in that closes at ``closed`` px; returns the sizes it opened at."""
    from doublenine.client import app, cli

    opened: list[tuple[int, int]] = []

    class Window:
        def __init__(self, scene: Any, size: tuple[int, int], **k: Any) -> None:
            opened.append(size)
            self.closed_size = closed

        def run(self) -> int:
            return 0

    monkeypatch.setattr(app, "App", Window)
    parser = argparse.ArgumentParser()
    cli.add_arguments(parser)
    assert cli.run(parser.parse_args(["--start-screen", *argv])) == 0
    return opened


def test_the_first_start_opens_at_1280x800_and_keeps_the_size_it_closed_at(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    assert _start(monkeypatch, [], closed=(1500, 900)) == [(1280, 800)]
    assert config.load().window == "1500x900"
    assert _start(monkeypatch, [], closed=(1500, 900)) == [(1500, 900)]


def test_size_on_the_command_line_wins_and_is_kept_as_closed(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    config.save(Settings(window="1500x900"))
    assert _start(monkeypatch, ["--size", "1024x768"], closed=(1100, 700)) == [(1024, 768)]
    assert config.load().window == "1100x700"


def test_the_other_settings_survive_the_size(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    config.save(Settings(name="Zoé", lang="fr", resume_code="K959E", resume_token="tok"))
    _start(monkeypatch, [], closed=(900, 650))
    saved = config.load()
    assert (saved.name, saved.lang, saved.resume_code, saved.window) == ("Zoé", "fr", "K959E", "900x650")


@pytest.mark.parametrize("window", ["", "640x480", "799x600", "1280", "x800", "1280x800x2", "١٢٨٠x800",
                                    "99999x800", "-1280x800", " 1280x800"])
def test_a_saved_size_the_window_cannot_take_opens_the_default(window: str) -> None:
    assert config.saved_window(Settings(window=window), (800, 600), 16384) is None


def test_a_saved_size_is_read_back_exactly() -> None:
    assert config.saved_window(Settings(window="800x600"), (800, 600), 16384) == (800, 600)
    assert config.saved_window(Settings(window="1920x1080"), (800, 600), 16384) == (1920, 1080)


def test_a_saved_size_over_its_bound_is_left_out() -> None:
    """A size longer than the field's bound in the file is left out (the default applies)."""
    (config.config_path()).write_text('{"window": "123456789012x1"}', encoding="utf-8")
    assert config.load().window == ""
