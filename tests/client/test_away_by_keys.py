"""A disconnected partner never leaves a keyboard player stuck (D7; new user s12 F15, F22).

F15: with North disconnected, "North is disconnected · [Let the computer play for North]" took the place of
the player's own "Choose the opener": the ▲ pointed at the player, the status line said the hidden
question's hint, the button was not gold, Enter and the footer did nothing. F22: after the computer took
the seat, "I'm back" had no key and the footer was empty. Driven here by key events only."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from dataclasses import replace

import pygame
from client_helpers import StubSession, session_at
from scenes_catalog import table_scene, table_states

from doublenine.client.input import key
from doublenine.client.intents import Back, Decide, HandOver
from doublenine.client.panels import draw_key
from doublenine.client.uistate import Ui
from doublenine.shared.moves import Nominate
from doublenine.shared.rules import to_act
from doublenine.shared.seats import Seat
from doublenine.shared.state import Phase

pygame.display.init()
pygame.font.init()
SIZE = (1280, 800)
STATES = {name: (state, ui) for name, state, ui in table_states()}
PLAY_KEYS = ("1-9, 0 or two pips: choose a tile · arrows: move · H hint · "
             "U undo · M sound · C chat · S settings")  # no P while a tile fits, no Y: nothing to redo (05d08dc)
"""Nothing lifted: no L/R, Enter or Esc, which act only on a lifted tile (s14 left alone)."""


def _press(scene, k: int):  # type: ignore[no-untyped-def]
    action = key(k, "", scene.layout(), scene.shown(), scene.ui, 0, 0)
    scene.ui = action.ui
    return action


def _footer(scene) -> str:  # type: ignore[no-untyped-def]
    return " · ".join(scene.layout().help)


def _partners_turn():  # type: ignore[no-untyped-def]
    """The catalog's own turn, the partner's turn instead (computers play at once in a local session)."""
    state, _ = STATES["own-turn"]
    return replace(state, view=replace(state.view, turn=Seat.THREE))


def test_f15_the_partners_absence_never_hides_the_players_own_choice_of_opener() -> None:
    state = session_at(lambda s: s.phase is Phase.NOMINATE and Seat.ONE in to_act(s), 3).state
    state = replace(state, away=frozenset({Seat.THREE}))
    ui = Ui(seen_finished=len(state.view.finished), seen_draw=draw_key(state.view))
    scene = table_scene(state, ui, "en", SIZE)
    panel = scene.layout().panel
    assert panel.kind == "nominate" and _footer(scene) == "Tab: another button · Enter: I lead"
    _press(scene, pygame.K_RIGHT)
    assert _press(scene, pygame.K_RETURN).intent == Decide(Nominate(Seat.ONE, Seat.THREE))  # the partner leads


def test_r10_the_partners_absence_never_hides_the_players_own_review() -> None:
    state, ui = STATES["review"]
    scene = table_scene(replace(state, away=frozenset({Seat.THREE})), ui, "en", SIZE)
    assert scene.layout().panel.kind == "review" and _footer(scene) == "Tab: another button · Enter: Accept the hand"


def test_f15_while_the_table_waits_for_the_disconnected_partner_tab_then_enter_hands_the_seat_over() -> None:
    """Evening s16 F1: the hand-over was this panel's Enter default, and a habitual Enter handed a friend's seat
    over 2 s after his 45 s network drop was noticed. Enter alone now does nothing; Tab reaches the button (F15:
    never stuck) and the footer says so."""
    state = _partners_turn()
    state = replace(state, away=frozenset({Seat.THREE}))
    scene = table_scene(state, Ui(seen_finished=len(state.view.finished)), "en", SIZE)
    panel = scene.layout().panel
    assert panel.kind == "away" and [(b.id, b.primary) for b in panel.buttons] == [("handover:3", False)]
    assert _footer(scene) == "Tab, then Enter: let the computer play (Enter alone does not)"
    assert _press(scene, pygame.K_RETURN).intent is None
    for _ in range(12):
        if scene.ui.button == "handover:3":
            break
        _press(scene, pygame.K_TAB)
    assert scene.ui.button == "handover:3"
    assert _press(scene, pygame.K_RETURN).intent == HandOver(3)


def test_on_the_players_own_turn_enter_and_the_footer_stay_the_hands() -> None:
    state, ui = STATES["away"]  # own turn, North disconnected: the panel says so, Tab reaches its button
    scene = table_scene(state, ui, "en", SIZE)
    panel = scene.layout().panel
    assert panel.kind == "away" and [(b.id, b.primary) for b in panel.buttons] == [("handover:3", False)]
    assert _footer(scene) == PLAY_KEYS
    assert _press(scene, pygame.K_RETURN).intent is None  # nothing lifted: Enter hands nobody over


def test_f22_enter_says_im_back_where_no_prompt_takes_it_and_the_footer_says_so() -> None:
    state = _partners_turn()
    state = replace(state, playing_for_me=True)
    scene = table_scene(state, Ui(seen_finished=len(state.view.finished)), "en", SIZE)
    assert scene.layout().panel is None and _footer(scene) == "Enter: I'm back"
    assert _press(scene, pygame.K_RETURN).intent == Back()
    assert _press(scene, pygame.K_SPACE).intent == Back()


def test_f22_a_prompts_enter_comes_first_and_a_question_is_never_answered_by_im_back() -> None:
    state, ui = STATES["reveal"]
    scene = table_scene(replace(state, playing_for_me=True), ui, "en", SIZE)
    assert _footer(scene) == "Tab: another button · Enter: Continue · V: see the line"
    action = _press(scene, pygame.K_RETURN)
    assert action.intent is None and action.ui.seen_finished == 1  # Continue first
    state, ui = STATES["consent"]
    scene = table_scene(replace(state, handing_me_over=True), ui, "en", SIZE)
    assert _press(scene, pygame.K_RETURN).intent is None
    assert _footer(scene) == "Tab: choose Accept or Refuse, then Enter (Enter alone does not answer)"


def test_f22_the_wait_cards_nudge_and_hand_over_are_reached_by_tab_and_pressed_by_enter() -> None:
    from scenes_catalog import waiting_state

    from doublenine.client.focus import ring_rect
    from doublenine.client.intents import Nudge
    state, ui = STATES["own-turn"]
    scene = table_scene(waiting_state(state, "wait"), ui, "en", SIZE, waited=True)
    scene.session = StubSession(scene.session.state)
    (card,) = scene.talk.cards(scene.shown(), scene.layout(), scene.ui)
    assert [b.id for b in card.buttons] == ["nudge:3", "handover:3"]
    for _ in range(20):  # Tab round the table's buttons until the card's first
        _key(scene, pygame.K_TAB)
        if scene.ui.button == "nudge:3":
            break
    assert scene.ui.button == "nudge:3"
    surface = pygame.Surface(SIZE)
    scene.draw(surface)
    x, y, w, h = ring_rect(card.buttons[0].rect)
    assert tuple(surface.get_at((x + w // 2, y)))[:3] == (244, 204, 96)  # the ring round Nudge
    scene.update(101.0)  # the card read before Enter presses its button (client.seen; waited=True: clock 100.0)
    _key(scene, pygame.K_RETURN)
    _key(scene, pygame.K_TAB)
    assert scene.ui.button == "handover:3"
    _key(scene, pygame.K_SPACE)
    assert scene.session.sent == [Nudge(3), HandOver(3)]


def _key(scene, k: int) -> None:  # type: ignore[no-untyped-def]
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=k, scancode=0, mod=0, unicode=""))
    scene.handle(pygame.event.Event(pygame.KEYUP, key=k, scancode=0, mod=0, unicode=""))
