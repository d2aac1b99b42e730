"""Esc on the start screen means back, and quits only when pressed again (new user s12 F14).

Esc, pressed to go back as in Settings, closed the program at once with no question. Now it leaves the
focused control first; with nothing focused it says "Press Esc again to quit" and only a second Esc quits.
Driven by key events only."""
from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from client_helpers import start_scene

from doublenine.client.config import Settings
from doublenine.client.scenes.start import QUIT_AGAIN, StartScene
from doublenine.client.text import tr

SIZE = (1280, 800)


pytestmark = pytest.mark.usefixtures("config_in_tmp")


def _scene() -> StartScene:
    return start_scene(Settings(), SIZE)


def _key(scene: StartScene, k: int):  # type: ignore[no-untyped-def]
    return scene.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))


def test_f14_esc_leaves_the_focused_control_then_asks_then_quits() -> None:
    scene = _scene()
    scene.form = replace(scene.form, focus="name")  # in a field, Esc leaves the typing first
    assert _key(scene, pygame.K_ESCAPE) is None and scene.form.focus is None and scene.form.message == ""
    assert _key(scene, pygame.K_ESCAPE) is None and scene.form.message == QUIT_AGAIN
    assert tr("fr", QUIT_AGAIN) == "Appuyez de nouveau sur Échap pour quitter"
    change = _key(scene, pygame.K_ESCAPE)
    assert change is not None and change.kind == "quit"


def test_the_question_goes_with_the_next_edit_and_a_lone_esc_never_quits() -> None:
    scene = _scene()
    scene.form = replace(scene.form, focus=None)
    assert _key(scene, pygame.K_ESCAPE) is None and scene.form.message == QUIT_AGAIN
    _key(scene, pygame.K_TAB)  # to the name field
    scene.handle(pygame.event.Event(pygame.TEXTINPUT, text="Z"))
    assert scene.form.message == ""
    _key(scene, pygame.K_ESCAPE)  # out of the field
    assert _key(scene, pygame.K_ESCAPE) is None and scene.form.message == QUIT_AGAIN


def test_s12r2_f11_with_the_ring_on_a_button_one_esc_asks_and_the_title_stays() -> None:
    """New user s12 round 2 F11: from the LAN list back to the start screen, the ring on "Back to your
    match"; the first Esc only took the ring away, silently, and the question then covered the logo."""
    from doublenine.client.art import GOLD
    from doublenine.client.scenes.startform import header
    from doublenine.client.layout import metrics

    scene = _scene()
    scene.form = replace(scene.form, focus="settings")  # a button, not a field
    assert _key(scene, pygame.K_ESCAPE) is None and (scene.form.focus, scene.form.message) == (None, QUIT_AGAIN)
    surface = pygame.Surface(SIZE)
    scene.draw(surface)
    _, title_y = header(SIZE)
    f = metrics(SIZE)[1]
    gold = sum(tuple(surface.get_at((x, y)))[:3] == GOLD for x in range(0, SIZE[0], 2)
               for y in range(title_y, title_y + 2 * f, 2))
    assert gold > 200  # "doublenine" in gold, drawn with the question under it
    change = _key(scene, pygame.K_ESCAPE)
    assert change is not None and change.kind == "quit"
