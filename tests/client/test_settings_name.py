"""inputguard item 4: the player's name could be changed only in the start screen's field, not in Settings where a
player looks for it. Settings opened from the start screen has it first ("Your name", the field's own words),
cleaned and bounded by the start screen's own cleaning (clipboard.field_value: shared/cleantext.clean_text,
NAME_CHARS), saved at once as the start screen saves it, and the start screen's field says it on the way back."""
from __future__ import annotations

import os
from dataclasses import replace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest
from client_helpers import start_scene

from doublenine.client import config
from doublenine.client.config import NAME_CHARS, Settings
from doublenine.client.input import Viewport
from doublenine.client.scenes.base import Change
from doublenine.client.scenes.settings import SettingsScene, settings_layout
from doublenine.client.textfield import Caret

pytestmark = pytest.mark.usefixtures("config_in_tmp")
SIZE = (1280, 800)


def _opened(name: str = "Ana") -> tuple[object, SettingsScene]:
    start = start_scene(replace(Settings(), name=name), SIZE)
    change = start.click_id("settings")
    assert isinstance(change, Change) and change.kind == "push"
    scene = change.scene
    assert isinstance(scene, SettingsScene)
    scene.resize(Viewport(SIZE, SIZE))
    return start, scene


def _click(scene: SettingsScene, rect) -> None:  # type: ignore[no-untyped-def]
    x, y, w, h = rect
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x + w - 2, y + h // 2), button=1, touch=False))


def _text(scene: SettingsScene, text: str) -> None:
    scene.handle(pygame.event.Event(pygame.TEXTINPUT, text=text))


def _key(scene: SettingsScene, k: int, mod: int = 0) -> Change | None:
    return scene.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))


def test_the_name_is_changed_in_settings_cleaned_as_the_start_screen_cleans_it() -> None:
    start, scene = _opened("Ana")
    assert scene.name == "Ana" and scene.focus == "sounds"  # Enter and Space on the first control as before
    _click(scene, settings_layout(SIZE, False, True)["name"])
    assert scene.focus == "name"
    _text(scene, "\u200b Mar\u0131a\u0301 \n ")  # an invisible space, a mark, a line break: cleaned as typed
    assert scene.name == "Ana Marıá "  # one space kept at the end while typing (clipboard.field_value)
    assert config.load().name == "Ana Marıá" and start.form.name == "Ana Marıá "
    _text(scene, "x" * 80)  # bounded: NAME_CHARS, the protocol's
    assert len(scene.name) == NAME_CHARS == 32 and scene.name == ("Ana Marıá " + "x" * 80)[:32]
    assert config.load().name == scene.name and start.form.name == scene.name
    assert _key(scene, pygame.K_RETURN) is None and scene.focus == "sounds"  # Enter keeps it: the ring moves on
    assert _key(scene, pygame.K_ESCAPE) == Change("pop")


def test_backspace_and_the_caret_edit_the_name_and_emptying_it_keeps_the_default() -> None:
    start, scene = _opened("Bo")
    _key(scene, pygame.K_TAB, pygame.KMOD_SHIFT)  # Shift+Tab from the first control: the name's field
    assert scene.focus == "name"
    _key(scene, pygame.K_HOME)
    assert scene.caret == Caret(0)
    _text(scene, "Jo")
    assert scene.name == "JoBo"
    _key(scene, pygame.K_a, pygame.KMOD_CTRL)
    _key(scene, pygame.K_BACKSPACE)
    assert scene.name == "" and config.load().name == "" and start.form.name == ""


def test_settings_over_a_table_has_no_name_row() -> None:
    scene = SettingsScene("en", over_table=True, remember=False)
    assert scene.name is None and "name" not in scene.focusable()
    assert "name" not in settings_layout(SIZE)


@pytest.mark.parametrize("typed", [True, False])
def test_the_language_changed_in_settings_is_the_start_screens_and_a_default_name_follows_it(typed: bool) -> None:
    """s16 left alone: the language had its control on the start screen only (so a player at a table had to
    leave it). The card's "Language" row steps to the next language: the card speaks it at once, it is saved,
    the start screen's form speaks it on the way back, and a name never typed follows it as the form's own
    button makes it follow (new user s11 round 2 item 13); a typed name is kept."""
    start, scene = _opened("Ana" if typed else "Player")
    assert (scene.lang, scene.values.lang, start.form.lang) == ("en", "en", "en")
    assert scene.press("language") is None
    assert (scene.lang, scene.values.lang, start.form.lang, config.load().lang) == ("fr", "fr", "fr", "fr")
    assert (scene.name, start.form.name) == (("Ana", "Ana") if typed else ("Joueur", "Joueur"))
    assert scene.title() == "doublenine · Paramètres"
    for _ in range(4):  # fr, pt, de, es, then English again
        scene.press("language")
    assert (scene.lang, start.form.lang, config.load().lang) == ("en", "en", "en")
