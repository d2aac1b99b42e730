"""Polish s12 item 15 (F14/F20): the start screen showed up to three gold buttons at once (Create table, Join
table with both its fields empty, Back to your match), and a join refusal stayed on the screen after a visit
to Settings. Kinds: more than one default on a screen, a control that cannot act drawn as one that can, and
a message kept after its screen was left."""
from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from doublenine.client.art import Art
from doublenine.client.config import Settings
from doublenine.client.scenes import startdraw
from doublenine.client.scenes.start import StartScene
from doublenine.client.scenes.startform import Form, start_default

SIZES = [(800, 600), (1024, 768), (1920, 1080)]


def _buttons(form: Form, size: tuple[int, int], monkeypatch) -> dict[str, tuple[bool, bool]]:  # type: ignore[no-untyped-def]
    """id -> (gold, enabled) of every button the start screen draws for ``form``."""
    drawn = {}
    real = startdraw.draw_button
    monkeypatch.setattr(startdraw, "draw_button",
                        lambda surface, art, b, *a, **k: (drawn.__setitem__(b.id, (b.primary, b.enabled)),
                                                          real(surface, art, b, *a, **k)))
    pygame.display.init()
    pygame.font.init()
    startdraw.draw_start(pygame.Surface(size), Art(), form, size)
    return drawn


@pytest.mark.parametrize("size", SIZES, ids=str)
def test_empty_fields_leave_create_the_one_gold_button(monkeypatch, size) -> None:  # type: ignore[no-untyped-def]
    drawn = _buttons(Form(name="Ana"), size, monkeypatch)
    assert [b for b, (gold, _) in drawn.items() if gold] == ["create"]
    assert drawn["join"] == (False, False) and drawn["watch"] == (False, False)  # cannot act: not gold, disabled


@pytest.mark.parametrize("size", SIZES, ids=str)
def test_both_fields_filled_make_join_the_gold_one(monkeypatch, size) -> None:  # type: ignore[no-untyped-def]
    form = Form(name="Ana", server="ws://192.168.1.20:8765", table="K7QPA")
    drawn = _buttons(form, size, monkeypatch)
    assert [b for b, (gold, _) in drawn.items() if gold] == ["join"]
    assert drawn["join"] == (True, True) and drawn["watch"] == (False, True)
    assert start_default(replace(form, table="  ")) == "create"  # one field blank: Join cannot act yet


@pytest.mark.parametrize("size", SIZES, ids=str)
def test_a_kept_match_makes_back_to_it_the_one_gold_button(monkeypatch, size) -> None:  # type: ignore[no-untyped-def]
    form = Form(name="Ana", resume="19-0", resume_code="YMS8E", server="ws://192.168.1.20:8765", table="K7QPA")
    drawn = _buttons(form, size, monkeypatch)
    assert [b for b, (gold, _) in drawn.items() if gold] == ["resume"]


def test_a_refusal_goes_when_the_screen_changes() -> None:
    pygame.display.init()
    pygame.font.init()
    scene = StartScene(Settings(name="Ana", lang="en"), lambda launch: None, remember=False)
    scene.click_id("join")
    assert scene.form.message == "Enter the server address and the table code"
    change = scene.click_id("settings")
    assert change is not None and change.kind == "push"
    assert scene.form.message == ""
