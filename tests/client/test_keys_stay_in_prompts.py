"""A modal prompt keeps the keys it does not use: none reaches the hand or the line behind it.

New user s12 F16 (the reported case): "Restart this hand?" up on the player's turn, ``9`` closed it and
lifted tile 9, Enter then played it; ``Left`` did the same. Kind: keys getting past a question. Every
modal prompt of the table is driven here with key events only (input.passes_prompt): under a question
only its own keys act; under a hand's end, the draw's result, the nomination and the match's end the
hand keys are kept too, and only the top bar's Undo and Redo shortcuts act beside them."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from dataclasses import replace

import pygame
import pytest
from client_helpers import live_table
from scenes_catalog import table_scene, table_states

from doublenine.client.input import key
from doublenine.client.intents import Decide
from doublenine.client.scenes.table import TableScene
from doublenine.shared.moves import Nominate
from doublenine.shared.rules import to_act
from doublenine.shared.seats import Seat
from doublenine.shared.state import Phase

pygame.display.init()
pygame.font.init()
STATES = {name: (state, ui) for name, state, ui in table_states()}
SIZE = (800, 600)
HAND_KEYS = (*(pygame.K_0 + i for i in range(10)), pygame.K_KP_9, pygame.K_l, pygame.K_r, pygame.K_p, pygame.K_h,
             pygame.K_UP, pygame.K_DOWN, pygame.K_x)
"""Keys of the hand (positions, ends, pass, hint) and keys nothing uses: none may act under a modal prompt."""


def _key(scene: TableScene, k: int, at: float) -> None:
    """A key pressed and released in the window once the frame as shown was drawn and read (KEY_GUARD)."""
    scene.draw(pygame.Surface(SIZE))
    scene.update(at)
    scene.draw(pygame.Surface(SIZE))
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=k, scancode=0, mod=0, unicode=""))
    scene.handle(pygame.event.Event(pygame.KEYUP, key=k, scancode=0, mod=0, unicode=""))


def _my_turn(state) -> bool:  # type: ignore[no-untyped-def]
    return state.phase is Phase.PLAY and state.hand.turn is Seat.ONE and len(state.hand.line) >= 2


def test_f16_a_digit_then_enter_under_the_restart_question_keeps_playing_and_plays_nothing() -> None:
    """The reported case, in the window: Restart asked (Tab to it, Enter), then 9 and Enter."""
    scene, session = live_table(_my_turn, 11, SIZE)
    line = len(session.log.state.hand.line)
    _key(scene, pygame.K_TAB, 101.0)
    _key(scene, pygame.K_RETURN, 101.1)  # Restart: its question
    assert scene.layout().panel.kind == "confirm"
    _key(scene, pygame.K_9, 102.0)
    assert scene.layout().panel.kind == "confirm" and scene.ui.selected is None and scene.ui.focus is None
    _key(scene, pygame.K_LEFT, 102.5)  # in the question the arrow moves its focus, never a hand tile
    assert scene.ui.button == "confirm:restart" and scene.ui.selected is None and scene.ui.focus is None
    _key(scene, pygame.K_RIGHT, 102.8)
    _key(scene, pygame.K_RETURN, 103.0)  # Enter: Keep playing
    state = session.log.state
    assert scene.layout().panel is None and (state.phase, len(state.hand.line), state.hand.turn) == \
        (Phase.PLAY, line, Seat.ONE)  # nothing played, nothing restarted: still this seat's turn


MODAL = [name for name, (state, ui) in STATES.items()
         if (p := table_scene(state, ui, "en", SIZE).layout().panel) is not None and p.modal]


def test_every_modal_prompt_of_the_catalog_is_checked() -> None:
    assert MODAL == ["draw-result", "consent", "asking", "confirm-restart", "failure", "reveal", "match-over"]


@pytest.mark.parametrize("name", MODAL)
def test_no_hand_key_acts_under_a_modal_prompt(name: str) -> None:
    state, ui = STATES[name]
    scene = table_scene(state, ui, "en", SIZE)
    panel = scene.layout().panel
    for k in HAND_KEYS:
        action = key(k, "", scene.layout(), scene.shown(), scene.ui, 0, 0)
        assert (action.ui, action.intent, action.command) == (scene.ui, None, None), pygame.key.name(k)
    assert scene.layout().panel == panel


@pytest.mark.parametrize("name", ["consent", "asking", "confirm-restart"])
def test_under_a_question_the_top_bar_shortcuts_wait_too(name: str) -> None:
    state, ui = STATES[name]
    scene = table_scene(replace(state, can_undo=True, can_redo=True), ui, "en", SIZE)
    for k in (pygame.K_u, pygame.K_y):
        action = key(k, "", scene.layout(), scene.shown(), scene.ui, 0, 0)
        assert (action.ui, action.intent, action.command) == (scene.ui, None, None)


def test_at_the_match_end_u_still_asks_to_reopen_it() -> None:
    """Undo and Redo are the top bar's, live beside a hand's or the match's end (D6): they pass."""
    state, ui = STATES["match-over"]
    scene = table_scene(replace(state, can_undo=True), ui, "en", SIZE)
    view = scene.shown().view
    action = key(pygame.K_u, "", scene.layout(), scene.shown(), scene.ui, 0, 0)
    assert action.ui.confirm == ("undo_end", view.match, view.hand_number) and action.intent is None


def test_under_the_hand_end_a_lifted_tile_is_never_played_by_enter() -> None:
    """Enter under a modal prompt is the prompt's: a tile lifted before it came (a click) stays unplayed."""
    state, ui = STATES["reveal"]
    tile = sorted(state.view.hand)[0] if hasattr(state.view, "hand") and state.view.hand else None
    scene = table_scene(state, replace(ui, selected=tile), "en", SIZE)
    action = key(pygame.K_RETURN, "", scene.layout(), scene.shown(), scene.ui, 0, 0)
    assert action.intent is None and action.ui.seen_finished == 1  # Continue, nothing played


def test_r6_the_nomination_keeps_the_hand_keys_and_its_arrows_choose_the_partner() -> None:
    scene, session = live_table(lambda s: s.phase is Phase.NOMINATE and Seat.ONE in to_act(s), 3, SIZE)
    scene.ui = replace(scene.ui, seen_draw=None)
    scene.update(100.5)
    assert scene.layout().panel.kind == "nominate"
    for k in HAND_KEYS:
        action = key(k, "", scene.layout(), scene.shown(), scene.ui, 0, 0)
        assert (action.ui, action.intent) == (scene.ui, None), pygame.key.name(k)
    _key(scene, pygame.K_RIGHT, 101.0)
    assert scene.ui.button == "nominate:3"
    action = key(pygame.K_RETURN, "", scene.layout(), scene.shown(), scene.ui, 0, 0)
    assert action.intent == Decide(Nominate(Seat.ONE, Seat.THREE))
