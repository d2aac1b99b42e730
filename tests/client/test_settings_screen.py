"""Every player setting has a control in the window (kind: a setting reachable only by editing client.json or
by a key): the start screen's "Settings" opens sound, volume, tile movement and pip colours, each control
saying its state and changing exactly its own setting in client.json, at once, and in the running window."""
from __future__ import annotations

import itertools
import json
from dataclasses import asdict, replace

import pygame
import pytest
from robot import centre, click
from test_prompts import Fixed

from doublenine.client import config
from doublenine.client.input import Viewport
from doublenine.client.scenes.settings import CONTROLS, SettingsScene, Values, buttons, percent, settings_layout
from doublenine.client.scenes.start import StartScene, start_layout
from doublenine.client.scenes.table import TableScene
from doublenine.client.store import ClientState
from doublenine.shared.views import view_for

from enginekit import S4, in_play

SIZE = (800, 600)
OTHERS = config.Settings(name="Zoë", lang="de", server="ws://192.168.1.20:8765", table="K7QPA",
                         resume_code="HHZAS", resume_token="t0k3n", resume_score="19-0", muted=("Ñandú",),
                         chat_seen=("HHZAS 7",))
"""A client.json holding more than the four settings: none of it may change when a setting does."""


@pytest.fixture(autouse=True)
def _config_in_tmp(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(config, "config_path", lambda: tmp_path / "client.json")


def _key(key: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="")


def _open(size: tuple[int, int] = SIZE) -> tuple[StartScene, SettingsScene]:
    """The start screen over the saved settings, and the settings screen its "Settings" button pushed."""
    start = StartScene(config.load(), lambda launch: None)
    start.resize(Viewport(size, size))
    change = start.handle(click(centre(start_layout(size)["settings"])))
    assert change is not None and change.kind == "push" and isinstance(change.scene, SettingsScene)
    change.scene.resize(Viewport(size, size))
    return start, change.scene


def _labels(scene: SettingsScene) -> dict[str, str]:
    return {b.id: b.label for b in buttons(scene.values)}


def _table() -> TableScene:
    """A table opened now, as the launcher opens one (its settings read from client.json)."""
    return TableScene(Fixed(ClientState(view=view_for(in_play(), S4), seq=1, table="ABCDE")))


def test_each_control_changes_exactly_its_setting_in_the_file_and_the_window() -> None:
    config.save(OTHERS)
    start, scene = _open()
    lay = settings_layout(SIZE, named=True)  # from the start screen: the name's row first (inputguard item 4)
    assert _labels(scene)["sounds"] == "On" and percent(scene.values.volume, "en") == "60%"
    steps = [("sounds", {"sound": False}, ("sounds", "Off")), ("volume_up", {"volume": 0.7}, None),
             ("volume_down", {"volume": 0.6}, None), ("volume_down", {"volume": 0.5}, None),
             ("motion", {"motion": False}, ("motion", "Tiles appear at once")),
             ("pips", {"pip_colours": False}, ("pips", "All pips dark")),
             ("sounds", {"sound": True}, ("sounds", "On"))]
    expected = asdict(OTHERS)
    for cid, change, label in steps:
        assert scene.handle(click(centre(lay[cid]))) is None
        expected.update(change)
        assert asdict(config.load()) == expected, cid  # that setting, to that value, and nothing else
        if label is not None:
            assert _labels(scene)[label[0]] == label[1]
    assert (percent(0.5, "en"), percent(0.5, "fr"), percent(0.5, "de")) == ("50%", "50\u00a0%", "50\u00a0%")
    assert start.art.pip_colours is False  # the window's own tiles (the start screen's title) at once
    table = _table()
    assert (table.sounds.muted, table.sounds.volume, table.motion, table.art.pip_colours) == (False, 0.5, False, False)
    scene.handle(click(centre(lay["sounds"])))
    assert _table().sounds.muted is True
    assert scene.handle(click(centre(lay["back"]))).kind == "pop"  # type: ignore[union-attr]


def test_volume_steps_stay_exact_and_within_bounds() -> None:
    _, scene = _open()
    lay = settings_layout(SIZE, named=True)
    seen = []
    for _ in range(6):
        scene.handle(click(centre(lay["volume_up"])))
        seen.append(config.load().volume)
    assert seen == [0.7, 0.8, 0.9, 1.0, 1.0, 1.0]
    assert [b.enabled for b in buttons(scene.values) if b.id.startswith("volume")] == [True, False]
    for _ in range(12):
        scene.handle(click(centre(lay["volume_down"])))
    assert config.load().volume == 0.0 and scene.values.volume == 0.0
    assert json.loads(config.config_path().read_text())["volume"] == 0.0


def test_the_keyboard_reaches_every_control_from_the_start_screen() -> None:
    config.save(OTHERS)
    start = StartScene(config.load(), lambda launch: None)
    start.resize(Viewport(SIZE, SIZE))
    assert start.form.focus == "resume"  # a kept match: Back to your match first (s12 F14), then round to the name
    start.handle(_key(pygame.K_TAB))
    assert start.form.focus == "name"
    start.handle(_key(pygame.K_TAB))  # Language, then Settings beside it (reading order: scenes/startform.TAB_ORDER)
    assert start.handle(_key(pygame.K_TAB)) is None and start.form.focus == "settings"
    change = start.handle(_key(pygame.K_RETURN))
    assert change is not None and isinstance(change.scene, SettingsScene)
    scene = change.scene
    order = [scene.focus]
    for _ in range(len(CONTROLS) + 1):  # the name's field too, reached after Back (its first focus: Sound)
        scene.handle(_key(pygame.K_TAB))
        order.append(scene.focus)
    assert order == list(CONTROLS) + ["name", CONTROLS[0]]
    scene.handle(_key(pygame.K_TAB, pygame.KMOD_SHIFT))
    assert scene.focus == "name"
    scene.focus = "sounds"
    scene.handle(_key(pygame.K_RETURN))
    assert config.load().sound is False
    scene.handle(_key(pygame.K_TAB))
    scene.handle(_key(pygame.K_RIGHT))
    scene.handle(_key(pygame.K_RIGHT))
    scene.handle(_key(pygame.K_LEFT))
    assert config.load().volume == 0.7
    scene.focus = "motion"
    scene.handle(_key(pygame.K_SPACE))
    scene.focus = "pips"
    scene.handle(_key(pygame.K_KP_ENTER))
    assert asdict(config.load()) == dict(asdict(OTHERS), sound=False, volume=0.7, motion=False, pip_colours=False)
    assert scene.handle(_key(pygame.K_ESCAPE)).kind == "pop"  # type: ignore[union-attr]
    start.handle(_key(pygame.K_TAB))  # past Settings, the first seat's choice under it
    assert start.form.focus == "kind0"


@pytest.mark.parametrize("raw", ['{"sound": null, "volume": "loud", "motion": "no", "pip_colours": 0}',
                                 '{"sound": "off", "volume": [0.2], "motion": 0, "pip_colours": "false"}'])
def test_bad_values_in_the_file_show_and_keep_the_defaults(raw: str) -> None:
    config.config_path().write_text(raw)
    _, scene = _open()
    assert scene.values == Values(sound=True, volume=0.6, motion=True, pips=True)
    assert [b.label for b in buttons(scene.values)][0] == "On"
    scene.handle(click(centre(settings_layout(SIZE, named=True)["motion"])))  # that one saved, the rest as read
    saved = config.load()
    assert (saved.sound, saved.volume, saved.motion, saved.pip_colours) == (True, 0.6, False, True)


def test_autoplay_changes_the_window_and_saves_nothing() -> None:
    scene = SettingsScene("en", remember=False)
    scene.resize(Viewport(SIZE, SIZE))
    scene.press("pips")
    assert scene.values.pips is False and scene.art.pip_colours is False
    assert not config.config_path().exists()


@pytest.mark.parametrize("named", [False, True])
@pytest.mark.parametrize("size", [(800, 600), (1000, 700), (1280, 800), (1920, 1080)])
def test_controls_inside_the_window_without_overlap(size: tuple[int, int], named: bool) -> None:
    lay = settings_layout(size, named=named)
    card = lay["card"]
    for k, r in lay.items():
        assert card[0] <= r[0] and card[1] <= r[1] and r[0] + r[2] <= card[0] + card[2] \
            and r[1] + r[3] <= card[1] + card[3] <= size[1], (k, r, size)
    parts = {k: r for k, r in lay.items() if k != "card"}
    for (ka, a), (kb, b) in itertools.combinations(parts.items(), 2):
        assert not (a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]), (ka, kb)


def test_each_control_says_its_state_in_words_in_the_language() -> None:
    """draw_button draws a button with id "sound" as the footer's speaker (no words): this row says "Off"."""
    from doublenine.client.art import Art
    from doublenine.client.scenes.settings import draw_settings
    from doublenine.client.typeset import watch
    pygame.font.init()
    with watch() as seen:
        draw_settings(pygame.Surface(SIZE), Art(), Values(sound=False, volume=0.3, motion=False, pips=False), "fr", None)
    texts = {d.text for d in seen}
    assert {"Coupé", "30\u00a0%", "Les pièces apparaissent aussitôt", "Tous les points foncés", "Retour"} <= texts


@pytest.mark.parametrize("named", [False, True])
@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
def test_nu_s14_the_pip_sample_tile_sits_in_the_pip_colours_row(size, named: bool) -> None:  # type: ignore[no-untyped-def]
    """New user s14 (shots/24_settings.png): the pip-colour preview tile sat in the Window row, the last
    row, where it was put when Pip colours was last. It ends the Pip colours caption's column, in that
    row's band, right of its caption and left of its button, in no other row."""
    from doublenine.client.scenes.settings import rows, settings_layout
    lay = settings_layout(size, named=named)
    i = next(n for n, (_, ids) in enumerate(rows(named)) if ids == ("pips",))
    sx, sy, sw, sh = lay["sample"]
    rx, ry, rw, rh = lay[f"row{i}"]
    assert (sy, sh) == (ry, rh) and sy == lay["pips"][1]
    assert rx + rw < sx and sx + sw <= lay["pips"][0]
    others = [lay[f"row{n}"] for n in range(len(rows(named))) if n != i]
    assert all(not (oy <= sy < oy + oh) for _, oy, _, oh in others)
