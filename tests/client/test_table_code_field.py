"""The start screen's table code field takes exactly what a code can be (shared/tablecode.py).

Kind: a field that accepts what the thing it names can never be (3 to 12 characters for codes the
server makes five long): a mistyped code went to the server and came back as "table closed".
What cannot be a code is said in the player's language before any network work.
"""
from __future__ import annotations

import pygame
import pytest

from doublenine.client import config
from doublenine.client.config import Settings
from doublenine.client.scenes.start import Launch, StartScene
from doublenine.shared.failures import Failure
from doublenine.shared.invite import code_rule


@pytest.fixture(autouse=True)
def _config_in_tmp(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(config, "config_path", lambda: tmp_path / "client.json")


def _scene(lang: str, got: list[Launch]) -> StartScene:
    scene = StartScene(Settings(name="Zoë", lang=lang, server="ws://127.0.0.1:8765/"),
                       lambda launch: got.append(launch) or "TABLE")
    scene.click_id("table")
    return scene


@pytest.mark.parametrize("lang", ["en", "fr", "pt", "de", "es"])
@pytest.mark.parametrize("typed", ["K7QP", "K7QPAB", "K7QP0", "ÄÖÜ12"])
def test_what_cannot_be_a_code_is_said_before_any_network_work(lang: str, typed: str) -> None:
    got: list[Launch] = []
    for button in ("join", "watch"):
        scene = _scene(lang, got)
        for ch in typed:
            scene.handle(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        assert scene.click_id(button) is None
        assert got == []  # the launcher (which connects) was never called
        expected = Failure("table.bad_code", {"code": typed, "expected": code_rule()}).text(lang)
        assert scene.form.message == expected and "5" in expected


def test_a_code_typed_on_a_full_width_layout_or_pasted_with_a_newline_joins(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    got: list[Launch] = []
    scene = _scene("en", got)
    for ch in "ｋ７－ｑｐａ":  # a full-width keyboard layout, with a dash between the halves
        scene.handle(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    scene.click_id("join")
    scene = _scene("en", got)
    monkeypatch.setattr("doublenine.client.scenes.start.paste_text", lambda: " k7 qpa\n")
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=pygame.KMOD_CTRL, unicode=""))
    scene.click_id("watch")
    assert [(g.mode, g.table) for g in got] == [("join", "K7QPA"), ("watch", "K7QPA")]
