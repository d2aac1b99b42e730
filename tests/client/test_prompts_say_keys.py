"""Prompts that fit the keyboard (new user s12 F4, F5, F6, F19).

F4: a tile chosen by its digit, the status line said "Click a lit end or the ghost tile to play". F5: no
tile fitting, a gold Pass (gold is Enter on every prompt) that Enter did not press. F6: "press L or R",
the ghosts not tagged L and R. F19: the long play keys under "West to play", where Enter and P did nothing.
Driven by key events only; the exact status line, footer and intent are checked."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from dataclasses import replace

import pygame
from client_helpers import StubSession
from scenes_catalog import table_scene, table_states

from doublenine.client.intents import Decide
from doublenine.client.layout import legal_ends
from doublenine.client.panels import status_line
from doublenine.client.typeset import watch
from doublenine.client.scenes.table import KEY_GUARD
from doublenine.client.uistate import Ui
from doublenine.shared.moves import End, Pass
from doublenine.shared.seats import Seat
from doublenine.shared.state import Placed
from doublenine.shared.tiles import Tile

pygame.display.init()
pygame.font.init()
SIZE = (1280, 800)
STATES = {name: (state, ui) for name, state, ui in table_states()}
PLAY = "1-9, 0 or two pips: choose a tile · arrows: move · H hint · U undo · M sound · C chat · S settings"
"""No P while a tile fits, no Y with nothing to redo, and with nothing lifted no L/R, Enter or Esc: only keys that
act (inputguard item 2; s14 left alone: "Esc: cancel" with nothing to cancel)."""


def _crafted(hand: set[Tile]):  # type: ignore[no-untyped-def]
    """Seat 1 to play ``hand`` against open ends 3 and 8 (as test_input.crafted)."""
    state, _ = STATES["own-turn"]
    line = (Placed(Tile(3, 8), Seat.FOUR, End.LEFT, 3, 8),)
    return replace(state, view=replace(state.view, hand=frozenset(hand), line=line, ends=(3, 8), turn=Seat.ONE))


def _scene(state):  # type: ignore[no-untyped-def]
    scene = table_scene(state, Ui(seen_finished=len(state.view.finished)), "en", SIZE)
    scene.session = StubSession(state)
    return scene


def _key(scene, k: int) -> None:  # type: ignore[no-untyped-def]
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=k, scancode=0, mod=0, unicode=""))
    scene.handle(pygame.event.Event(pygame.KEYUP, key=k, scancode=0, mod=0, unicode=""))


def _status(scene) -> str:  # type: ignore[no-untyped-def]
    return status_line(scene.shown(), scene.ui, "en")[0]


def test_f4_a_tile_chosen_by_its_digit_is_played_by_enter_and_the_status_line_says_so() -> None:
    scene = _scene(_crafted({Tile(0, 1), Tile(3, 4), Tile(5, 6)}))  # sorted: 0-1, 3-4, 5-6
    _key(scene, pygame.K_2)
    assert scene.ui.selected == Tile(3, 4) and _status(scene) == "Enter: play it · Esc: cancel"
    scene.ui = replace(scene.ui, keyed=False)  # the same tile lifted by a click: the mouse's words
    assert _status(scene) == "Click a lit end or the ghost tile to play, elsewhere to cancel"


def test_f6_a_tile_fitting_both_ends_has_its_ghosts_tagged_l_and_r() -> None:
    scene = _scene(_crafted({Tile(3, 8), Tile(0, 1)}))  # 3-8 fits both the 3 and the 8
    _key(scene, pygame.K_2)
    assert set(legal_ends(scene.shown().view, Tile(3, 8))) == {End.LEFT, End.RIGHT}
    assert _status(scene) == "It fits both ends: press L or R, or click an end"
    with watch() as seen:
        scene.draw(pygame.Surface(SIZE))
    assert {"L", "R"} <= {d.text for d in seen}
    _key(scene, pygame.K_r)
    assert scene.ui.end is End.RIGHT
    assert _status(scene) == "Enter: play it at the lit end · L or R: the other end · Esc: cancel"
    with watch() as seen:
        scene.draw(pygame.Surface(SIZE))
    assert {"R ↵", "L"} <= {d.text for d in seen}


def test_f5_enter_passes_when_no_tile_fits_and_the_footer_says_so() -> None:
    scene = _scene(_crafted({Tile(0, 1), Tile(5, 6)}))
    assert _status(scene) == "No tile fits: you must pass"
    assert " · ".join(scene.layout().help) == "Enter: Pass · P pass · U undo · M sound · C chat · S settings"
    scene.draw(pygame.Surface(SIZE))  # the gold Pass read before Enter presses it (client.seen)
    scene.update(KEY_GUARD + 0.05)
    _key(scene, pygame.K_RETURN)
    assert scene.session.sent == [Decide(Pass(Seat.ONE))]


def test_f19_off_the_players_move_the_footer_names_only_the_keys_that_act() -> None:
    state, _ = STATES["own-turn"]
    scene = _scene(replace(state, view=replace(state.view, turn=Seat.TWO)))
    assert " · ".join(scene.layout().help) == "U undo · M sound · C chat · S settings · F1: the rules, at these keys"
    scene = _scene(state)
    assert " · ".join(scene.layout().help) == PLAY
