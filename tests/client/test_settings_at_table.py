"""The settings are reachable from the table (left alone last session: sound, volume, tile movement and pip
colours only from the start screen; kind: a setting reachable from one screen only). S opens the start
screen's own settings card (scenes/settings.SettingsScene, one implementation) over the table; each change
is used by the table at once and saved to client.json as on the start screen; Back or Esc closes it."""
from __future__ import annotations

import json
from dataclasses import asdict

import pygame
import pytest
from robot import centre, click
from scenes_catalog import table_scene, table_states

from doublenine.client import config
from doublenine.client.layout import text_size
from doublenine.client.footer import HELP_SETTINGS
from doublenine.client.scenes.settings import USED_AT_ONCE, SettingsScene, Values, settings_layout
from doublenine.client.text import tr

pygame.display.init()
pygame.font.init()
STATES = {name: (state, ui) for name, state, ui in table_states()}
SAVED = config.Settings(name="Zoë", lang="de", sound=True, volume=0.6, motion=True, pip_colours=True)


@pytest.fixture(autouse=True)
def _config_in_tmp(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(config, "config_path", lambda: tmp_path / "client.json")
    config.save(SAVED)


def _key(scene, k: int, mod: int = 0) -> None:  # type: ignore[no-untyped-def]
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    scene.handle(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))


def _table(size: tuple[int, int] = (800, 600), lang: str = "en"):  # type: ignore[no-untyped-def]
    state, ui = STATES["own-turn"]
    scene = table_scene(state, ui, lang, size)
    scene.sounds.available = lambda: True  # type: ignore[method-assign]  # as on a machine that can play
    return scene


def test_s_opens_the_card_over_the_table_and_each_change_is_used_and_saved_at_once() -> None:
    scene = _table()
    assert scene.settings is None and not scene.sounds.muted and scene.motion and scene.art.pip_colours
    _key(scene, pygame.K_s)
    card = scene.settings
    assert isinstance(card, SettingsScene) and card.over_table and card.focus == "sounds"
    assert card.values == Values(sound=True, volume=0.6, motion=True, pips=True)  # what the table uses now
    assert scene.keys() == "settings" and scene.layout().help == (tr("en", HELP_SETTINGS),)
    _key(scene, pygame.K_RETURN)  # Sound: off
    assert scene.sounds.muted and scene.ui.muted and config.load().sound is False
    _key(scene, pygame.K_TAB)
    _key(scene, pygame.K_TAB)  # volume +
    _key(scene, pygame.K_SPACE)
    assert scene.sounds.volume == 0.7 and config.load().volume == 0.7
    _key(scene, pygame.K_TAB)
    _key(scene, pygame.K_RETURN)  # tiles appear at once
    assert scene.motion is False and config.load().motion is False
    _key(scene, pygame.K_TAB)
    _key(scene, pygame.K_RETURN)  # all pips dark
    assert scene.art.pip_colours is False and config.load().pip_colours is False
    assert asdict(config.load()) == dict(asdict(SAVED), sound=False, volume=0.7, motion=False, pip_colours=False)
    _key(scene, pygame.K_TAB)
    _key(scene, pygame.K_RETURN)  # s14 access F2: text size 125 %, the table laid out again at once
    assert (text_size(), config.load().text_size, scene.settings.values.text) == (125, 125, 125)
    assert scene.layout().font == 14  # an 800x600 table has no room for more (layout.zoom): as it was
    _key(scene, pygame.K_TAB)
    assert scene.settings.focus == "language"
    _key(scene, pygame.K_RETURN)  # s16 left alone: the language changed at the table, without leaving it
    assert (scene.lang, scene.talk.lang, scene.tracker.lang, scene.settings.lang, config.load().lang) == ("fr",) * 5
    assert scene.layout().help == (tr("fr", HELP_SETTINGS),) and scene.title() == _table(lang="fr").title()
    _key(scene, pygame.K_TAB)
    assert scene.settings.focus == "screen"
    _key(scene, pygame.K_TAB)
    assert scene.settings.focus == "back"
    _key(scene, pygame.K_RETURN)
    assert scene.settings is None and scene.keys() == "table"
    french = _table(lang="fr")  # the table speaks French as one opened in French does
    assert scene.layout().help == french.layout().help and scene.layout().help != _table().layout().help


def test_the_card_takes_every_key_and_esc_gives_the_table_back() -> None:
    scene = _table()
    _key(scene, pygame.K_s)
    _key(scene, pygame.K_1)  # not a tile chosen under the card
    _key(scene, pygame.K_m)  # nor the sound toggled by its key
    assert scene.ui.selected is None and scene.ui.focus is None and not scene.sounds.muted
    _key(scene, pygame.K_ESCAPE)
    assert scene.settings is None
    _key(scene, pygame.K_1)
    assert scene.ui.focus == 0  # the table's keys again


def test_a_click_on_a_control_of_the_card_changes_it() -> None:
    scene = _table((1280, 800))
    _key(scene, pygame.K_s)
    lay = settings_layout((1280, 800))
    scene.handle(click(centre(lay["volume_down"])))
    assert scene.sounds.volume == 0.5 and json.loads(config.config_path().read_text())["volume"] == 0.5
    scene.handle(click(centre(lay["back"])))
    assert scene.settings is None


def test_autoplay_saves_nothing_from_the_card() -> None:
    scene = _table()
    scene.keep_finished = False  # launcher: --autoplay writes nothing of the player's
    _key(scene, pygame.K_s)
    _key(scene, pygame.K_RETURN)
    assert scene.sounds.muted and config.load() == SAVED


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_card_says_its_changes_are_used_at_once_and_is_drawn_over_the_table(lang: str) -> None:
    scene = _table((800, 600), lang)
    _key(scene, pygame.K_s)
    surface = pygame.Surface((800, 600))
    scene.draw(surface)
    x, y, w, h = settings_layout((800, 600))["card"]
    assert tuple(surface.get_at((x + w // 2, y + 1)))[:3] == (214, 172, 96)  # the card's gold edge, on top
    assert tr(lang, USED_AT_ONCE) != tr(lang, "Each change is saved at once and used at your next table.")
