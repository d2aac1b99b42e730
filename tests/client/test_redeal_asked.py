"""R10/R11: a redeal demand shows the player's doubles to everyone, so it is asked first, the safe choice the
default (new user s12 F21: one click on "Demand a redeal" showed six doubles to the table at once).
Driven by key events (and one click) only."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
from scenes_catalog import table_scene, table_states

from doublenine.client.input import button, key
from doublenine.client.intents import Decide
from doublenine.client.text import say
from doublenine.shared.moves import Review
from doublenine.shared.seats import Seat

pygame.display.init()
pygame.font.init()
SIZE = (800, 600)
STATES = {name: (state, ui) for name, state, ui in table_states()}


def _press(scene, k: int, mod: int = 0):  # type: ignore[no-untyped-def]
    action = key(k, "", scene.layout(), scene.shown(), scene.ui, 0, mod)
    scene.ui = action.ui
    return action


def _scene():  # type: ignore[no-untyped-def]
    state, ui = STATES["review"]
    scene = table_scene(state, ui, "en", SIZE)
    assert scene.shown().view.may_demand_redeal
    return scene


def test_f21_the_redeal_button_asks_first_and_says_which_doubles_everyone_will_see() -> None:
    scene = _scene()
    action = button("redeal", scene.layout(), scene.shown(), scene.ui)
    assert action.intent is None
    scene.ui = action.ui
    panel = scene.layout().panel
    doubles = " ".join(str(t) for t in sorted(t for t in scene.shown().view.hand if t.is_double))
    assert panel.kind == "confirm" and panel.title == ("Demand a redeal?", {})
    assert [say("en", m, a) for m, a in panel.body] == [
        f"All 55 tiles are dealt again, and everyone at the table sees your doubles: {doubles}"]
    assert [(b.id, b.label, b.primary) for b in panel.buttons] == [
        ("confirm:redeal", "Demand a redeal", False), ("confirm_no", "Keep this hand", True)]
    assert " · ".join(scene.layout().help) == "Tab: another button · Enter: Keep this hand"


def test_enter_keeps_the_hand_and_the_review_is_back() -> None:
    scene = _scene()
    _press(scene, pygame.K_TAB)
    _press(scene, pygame.K_RETURN)  # Demand a redeal: asked
    assert scene.layout().panel.kind == "confirm"
    action = _press(scene, pygame.K_RETURN)  # the default: Keep this hand
    assert action.intent is None and scene.ui.confirm is None and scene.layout().panel.kind == "review"


def test_only_the_confirming_button_demands_it() -> None:
    scene = _scene()
    _press(scene, pygame.K_TAB)
    _press(scene, pygame.K_SPACE)
    assert _press(scene, pygame.K_1).intent is None and scene.layout().panel.kind == "confirm"  # a question
    _press(scene, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert _press(scene, pygame.K_SPACE).intent == Decide(Review(Seat.ONE, True))
