"""Enter on the start screen presses the focused control, and the first focus is the most likely action:
"Back to your match" when one is offered (new user s12 F14: after Leave, Enter created a new table and the
player's match became an "earlier match"). Driven by key events only."""
from __future__ import annotations

import pygame
import pytest
from client_helpers import start_scene

from doublenine.client import config
from doublenine.client.config import Settings
from doublenine.client.input import Viewport
from doublenine.client.scenes.start import Launch, StartScene

SIZE = (1280, 800)
KEPT = Settings(resume_code="YPSHK", resume_token="ty", resume_score="19-0")


pytestmark = pytest.mark.usefixtures("config_in_tmp")


def _scene(saved: Settings, got: list[Launch]) -> StartScene:
    return start_scene(saved, SIZE, got)


def _key(scene: StartScene, k: int, mod: int = 0):  # type: ignore[no-untyped-def]
    return scene.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))


def test_f14_the_first_enter_goes_back_to_the_kept_match() -> None:
    got: list[Launch] = []
    scene = _scene(KEPT, got)
    assert scene.form.focus == "resume"
    change = _key(scene, pygame.K_RETURN)
    assert change is not None and change.kind == "push" and [g.resume for g in got] == [True]


def test_with_no_match_kept_the_name_field_has_the_focus_and_enter_creates() -> None:
    got: list[Launch] = []
    scene = _scene(Settings(), got)
    assert scene.form.focus == "name"
    _key(scene, pygame.K_RETURN)
    assert [g.resume for g in got] == [False]


def test_a_match_kept_by_the_table_just_left_takes_the_focus_and_a_window_resize_does_not() -> None:
    got: list[Launch] = []
    scene = _scene(Settings(), got)
    _key(scene, pygame.K_TAB)
    assert scene.form.focus != "resume"
    config.save(KEPT)  # the table above kept its match (Leave, D7)
    scene.resize(Viewport(SIZE, SIZE))
    assert scene.form.focus == "resume"
    _key(scene, pygame.K_TAB, pygame.KMOD_SHIFT)
    before = scene.form.focus
    scene.resize(Viewport((1024, 768), (1024, 768)))
    assert scene.form.focus == before != "resume"


def test_enter_with_no_focus_is_the_likely_action_too() -> None:
    got: list[Launch] = []
    scene = _scene(KEPT, got)
    _key(scene, pygame.K_ESCAPE)  # back out of the focused button
    assert scene.form.focus is None
    _key(scene, pygame.K_RETURN)
    assert [g.resume for g in got] == [True]
