"""Sound has a visible control, which says its state and does what M does (issue 15.3).

The report: sound was reachable only by the M key (the footer's "M sound"); nothing on the screen showed
whether it was on. Kind: a setting of the table reachable by a key alone. A sound button at the right end
of the footer, beside the key help that names M, draws a speaker (crossed out when off), says "Sound: on ·
M key" under the pointer in the player's language, and toggles the same remembered setting as M; its press
says the new state as M's does. In the top bar it crowded the 800x600 bar (its words cut Spanish
"Reiniciar" to "Reini…"; as a speaker it still cost "con semilla" and the team names at three-digit scores).
"""
from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from client_helpers import my_turn_with_play, session_at
from robot import centre, click

from doublenine.client import config
from doublenine.client.art import Art
from doublenine.client.buttons import NO_SOUND_DEVICE, SOUND_OFF, SOUND_ON
from doublenine.client.footer import key_help
from doublenine.client.input import Viewport
from doublenine.client.layout import compute_layout
from doublenine.client.render import sound_tip
from doublenine.client.scenes.table import TableScene
from doublenine.client.store import ClientState
from doublenine.client.text import say, tr
from doublenine.client.uistate import Ui

TIPS = {"en": ("Sound: on · M key", "Sound: off · M key"),
        "fr": ("Son\u00a0: activé · touche M", "Son\u00a0: coupé · touche M"),
        "pt": ("Som: ligado · tecla M", "Som: desligado · tecla M"),
        "de": ("Ton: an · Taste M", "Ton: aus · Taste M"),
        "es": ("Sonido: activado · tecla M", "Sonido: desactivado · tecla M")}


@pytest.fixture(autouse=True)
def _config_in_tmp(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(config, "config_path", lambda: tmp_path / "client.json")


@pytest.fixture(scope="module")
def turn() -> ClientState:
    pygame.display.init()
    pygame.font.init()
    return replace(session_at(my_turn_with_play).state, table="K7QPA")


def _scene(turn: ClientState, lang: str = "en", size: tuple[int, int] = (800, 600)) -> TableScene:
    session = session_at(my_turn_with_play)
    session.state = turn
    scene = TableScene(session, lang)
    scene.resize(Viewport(size, size))
    scene.update(0.0)
    return scene


def _sound_button(scene: TableScene):  # type: ignore[no-untyped-def]
    return next(b for b in scene.layout().buttons if b.id == "sound")


def test_the_button_toggles_the_same_setting_as_m_and_says_its_state(turn) -> None:  # type: ignore[no-untyped-def]
    config.save(config.Settings(sound=True))
    scene = _scene(turn)
    assert _sound_button(scene).label == SOUND_ON and not scene.sounds.muted
    scene.handle(click(centre(_sound_button(scene).rect)))
    assert (scene.sounds.muted, config.load().sound, _sound_button(scene).label) == (True, False, SOUND_OFF)
    assert scene.toast is not None and scene.toast[0] == "Sound: off" and scene.toast_by == "sound"
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=0, unicode="m"))  # M: the same switch
    assert (scene.sounds.muted, config.load().sound, _sound_button(scene).label) == (False, True, SOUND_ON)
    assert scene.toast is not None and scene.toast[0] == "Sound: on"
    assert _scene(turn).sounds.muted is False and config.load().sound is True  # remembered either way
    config.save(config.Settings(sound=False))
    assert _sound_button(_scene(turn)).label == SOUND_OFF  # a new table says what was remembered


@pytest.mark.parametrize("lang", list(TIPS))
def test_under_the_pointer_it_says_its_state_and_its_key_in_each_language(turn, lang: str) -> None:  # type: ignore[no-untyped-def]
    for muted, said in zip((False, True), TIPS[lang]):
        ui = Ui(seen_finished=0, hover="sound", muted=muted)
        lay = compute_layout(turn, ui, (800, 600), lang)
        button = next(b for b in lay.buttons if b.id == "sound")
        assert tr(lang, "{state} · M key", state=say(lang, button.label, {})) == said
        surface = pygame.Surface((800, 600))
        box = sound_tip(surface, lay, Art(), lang, ui)
        assert box is not None and box[1] + box[3] <= button.rect[1] and box[0] + box[2] <= 800  # above it
    assert sound_tip(pygame.Surface((800, 600)), lay, Art(), lang, replace(ui, hover=None)) is None
    assert tr(lang, "M sound") in key_help(turn, None, "table", lang)  # the footer names the same key


@pytest.mark.parametrize("lang", list(TIPS))
def test_at_800x600_it_sits_at_the_footers_end_clear_of_the_key_help_and_the_top_bar_is_unchanged(
        turn, lang: str) -> None:  # type: ignore[no-untyped-def]
    from doublenine.client.buttons import TOP_BUTTONS
    from doublenine.client.footer import footer_rows
    from doublenine.client.typeset import measurer
    lay = compute_layout(turn, Ui(seen_finished=0), (800, 600), lang)
    assert [b.id for b in lay.buttons if b.rect[1] < lay.top_bar[3]] == [bid for bid, _ in TOP_BUTTONS]
    sound = next(b for b in lay.buttons if b.id == "sound")
    x, y, w, h = sound.rect
    hx, hy, hw, hh = lay.help_rect
    assert x + w == 800 - hx and x > hx + hw and hy <= y and y + h <= hy + hh and w <= 2 * h  # the footer's end
    for row, (rx, ry, rw, rh) in zip(lay.help, footer_rows(lay.help_rect, len(lay.help), lay.small)):
        half = measurer().measure(row, lay.small)[0] // 2
        assert rx + rw // 2 + half < x, (lang, row)  # every row of the key help ends left of it
    assert not any(b.id != "sound" and b.rect[0] < x + w and x < b.rect[0] + b.rect[2]
                   and b.rect[1] < y + h and y < b.rect[1] + b.rect[3] for b in lay.buttons)


def test_a_spectator_has_the_button_too(turn) -> None:  # type: ignore[no-untyped-def]
    from dataclasses import fields

    from doublenine.shared.views import SpectatorView
    view = turn.view
    watching = replace(turn, view=SpectatorView(**{f.name: getattr(view, f.name) for f in fields(SpectatorView)}))
    lay = compute_layout(watching, Ui(seen_finished=0), (800, 600), "en")
    assert [b.id for b in lay.buttons] == ["leave", "ledger", "rules", "copylink", "sound"]  # s14: Copy link


def test_with_no_sound_device_the_button_says_off_as_the_message_does(turn, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from doublenine.client import sound
    monkeypatch.setattr(sound, "audio_present", lambda *a, **k: False)
    config.save(config.Settings(sound=True))
    scene = _scene(turn, "de")
    scene.handle(click(centre(_sound_button(scene).rect)))
    assert scene.toast is not None and scene.toast[0] == "Kein Audiogerät gefunden: Ton ist aus"
    assert _sound_button(scene).label == NO_SOUND_DEVICE and config.load().sound is True  # the setting kept


NO_DEVICE_TIPS = {"en": "No sound device: sound is off · M key",
                  "fr": "Aucun périphérique audio\u00a0: le son est coupé · touche M",
                  "pt": "Nenhum dispositivo de som: o som está desligado · tecla M",
                  "de": "Kein Audiogerät gefunden: Ton ist aus · Taste M",
                  "es": "No hay dispositivo de sonido: el sonido está desactivado · tecla M"}


@pytest.mark.parametrize("lang", list(NO_DEVICE_TIPS))
def test_s11_round2_with_no_sound_device_the_first_frame_says_off_and_why(turn, monkeypatch, lang: str) -> None:  # type: ignore[no-untyped-def]
    """New user s11 round 2 item 10: the speaker said "Sound: on" on a machine with no audio device until
    first clicked. From the first frame it is crossed out and its tooltip says why; client.json untouched."""
    from doublenine.client import sound
    monkeypatch.setattr(sound, "audio_present", lambda *a, **k: False)
    config.save(config.Settings(sound=True))
    before = config.config_path().read_bytes()
    scene = _scene(turn, lang)
    button = _sound_button(scene)
    assert (button.label, scene.ui.muted, scene.ui.no_sound) == (NO_SOUND_DEVICE, True, True)
    assert tr(lang, "{state} · M key", state=tr(lang, button.label)) == NO_DEVICE_TIPS[lang]
    lay = compute_layout(turn, replace(scene.ui, hover="sound"), (800, 600), lang)
    assert sound_tip(pygame.Surface((800, 600)), lay, Art(), lang, replace(scene.ui, hover="sound")) is not None
    drawn, crossed = pygame.Surface((40, 20)), pygame.Surface((40, 20))  # the speaker drawn crossed out
    from doublenine.client.render import draw_button
    draw_button(drawn, Art(), replace(button, rect=(0, 0, 40, 20)), 12, lang, False)
    draw_button(crossed, Art(), replace(button, rect=(0, 0, 40, 20), label=SOUND_OFF), 12, lang, False)
    assert pygame.image.tobytes(drawn, "RGB") == pygame.image.tobytes(crossed, "RGB")
    assert config.config_path().read_bytes() == before and scene.sounds.muted is False


def test_with_a_sound_device_the_first_frame_says_on(turn, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from doublenine.client import sound
    monkeypatch.setattr(sound.Sounds, "available", lambda self: True)
    config.save(config.Settings(sound=True))
    scene = _scene(turn)
    assert (_sound_button(scene).label, scene.ui.muted, scene.ui.no_sound) == (SOUND_ON, False, False)
