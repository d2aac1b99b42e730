"""The start screen shows a server and table code only once joining them worked (README; issue 11.6).

New user: after ``play --server URL --table CODE --seat 3`` was refused, the start screen behind the
table showed that server and code as if remembered. Now ``play`` fills them in only for
``--start-screen``; the start screen takes a server and code saved meanwhile (a join that worked) when
it shows again, and keeps what was typed in it.
"""
from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from doublenine.client import config
from doublenine.client.config import Settings
from doublenine.client.input import Viewport
from doublenine.client.scenes.start import StartScene

VP = Viewport((1280, 800), (1280, 800))


@pytest.fixture(autouse=True)
def _config_in_tmp(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(config, "config_path", lambda: tmp_path / "client.json")


def test_a_join_that_worked_shows_its_server_and_code_and_a_refused_one_does_not() -> None:
    config.save(Settings(server="ws://10.0.0.1:8765/", table="AAAAA"))
    scene = StartScene(config.load(), lambda launch: "T")
    scene.resize(VP)
    assert (scene.form.server, scene.form.table) == ("ws://10.0.0.1:8765/", "AAAAA")
    scene.resize(VP)  # a refused join saved nothing: the screen shows what it showed
    assert (scene.form.server, scene.form.table) == ("ws://10.0.0.1:8765/", "AAAAA")
    config.save(replace(config.load(), server="ws://127.0.0.1:8766/", table="GED6P"))  # joined: saved
    scene.resize(VP)
    assert (scene.form.server, scene.form.table) == ("ws://127.0.0.1:8766/", "GED6P")


def test_what_was_typed_stays() -> None:
    scene = StartScene(config.load(), lambda launch: "T")
    scene.resize(VP)
    scene.click_id("table")
    for ch in "K7QPA":
        scene.handle(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    config.save(replace(config.load(), server="ws://127.0.0.1:8766/", table="GED6P"))
    scene.resize(VP)
    assert (scene.form.server, scene.form.table) == ("", "K7QPA")

