"""s14 attack F8: a spectator pressed J just as "Hand 1 is over" came up: the ring went to East's card behind
the modal panel and the footer said "Enter: Take East's seat", while Enter pressed the panel's Continue.
Kind: focus and footer naming a control under a modal panel. While a modal panel with a button is up
(focus.holds_focus) the focus moves only among its buttons (Tab, arrows; J rings no seat card), the ring is
on one of them and the footer names the one Enter presses, even where a ring set before the panel came up
(J, Tab to Chat) is still remembered."""
from __future__ import annotations

import os
from dataclasses import replace

import pygame
import pytest
from client_helpers import StubSession, session_at

from doublenine.client.focus import focused, holds_focus
from doublenine.client.footer import key_help
from doublenine.client.input import Viewport
from doublenine.client.scenes.table import TableScene
from doublenine.client.sound import Sounds
from doublenine.client.store import ClientState
from doublenine.shared.rules import legal_decisions
from doublenine.shared.seats import Seat
from doublenine.shared.seatstate import SeatState
from doublenine.shared.state import Phase
from doublenine.shared.views import view_for


@pytest.fixture(scope="module")
def review() -> ClientState:
    """A spectator's state at a local table just after hand 1 ended (hand 2 in review), East and North free."""
    pygame.display.init()
    pygame.font.init()
    s = session_at(lambda st: st.phase is Phase.PLAY and st.hand.turn is Seat.ONE and len(st.hand.line) > 12)
    while not (len(s.state.view.finished) == 1 and s.state.view.phase is Phase.REVIEW):
        s.decide(legal_decisions(s.log.state, Seat.ONE)[0])
    free = (SeatState.COMPUTER, SeatState.OPEN, SeatState.OPEN, SeatState.COMPUTER)
    return replace(s.state, view=view_for(s.log.state, None), seat_states=free)


def _scene(state: ClientState) -> TableScene:
    scene = TableScene(StubSession(state), "en", sounds=Sounds(muted=True), motion=False)  # type: ignore[arg-type]
    scene.resize(Viewport((1280, 800), (1280, 800)))
    scene.sit = lambda seat: f"seated {seat}"  # type: ignore[method-assign]
    scene.update(0.0)
    scene.ui = replace(scene.ui, seen_finished=0)  # "Hand 1 is over" up, unread
    scene.update(0.1)
    scene._settle_focus()  # as update() does when the panel comes with the state: its focus from its default
    _frame(scene)
    return scene


def _frame(scene: TableScene, name: str = "") -> pygame.Surface:
    """One frame drawn (the input guard counts from what was drawn, client/seen.py); saved as ``name``.png
    under $DN_SHOTS to look at."""
    surface = pygame.Surface((1280, 800))
    scene.draw(surface)
    if name and os.environ.get("DN_SHOTS"):
        pygame.image.save(surface, os.path.join(os.environ["DN_SHOTS"], f"{name}.png"))
    return surface


def _key(scene: TableScene, k: int):  # type: ignore[no-untyped-def]
    for _ in range(2):  # drawn and seen for a second: never a repeat, never inside the input guard's half second
        scene._now += 1.0
        _frame(scene)
    change = scene.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    scene.handle(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))
    return change


def _footer(scene: TableScene) -> str:
    lay = scene.layout()
    return key_help(scene.shown(), lay.panel, scene.keys(), "en", focused(lay.panel, lay.buttons, scene.ui.button))


GOLD_RING = (244, 204, 96)


def _ringed(surface: pygame.Surface, rect: tuple[int, int, int, int]) -> bool:
    """The gold focus ring is drawn round ``rect`` (focus.ring_rect: 3 px out, 2 px wide): its left edge's
    middle pixel."""
    x, y, w, h = rect
    return tuple(surface.get_at((x - 3, y + h // 2)))[:3] == GOLD_RING


def test_j_rings_no_seat_card_behind_a_hand_end(review) -> None:  # type: ignore[no-untyped-def]
    scene = _scene(review)
    assert holds_focus(scene.layout().panel) and scene.layout().panel.kind == "reveal"
    assert _key(scene, pygame.K_j) is None and scene.ui.button is None
    assert _footer(scene) == "Enter: Continue"


@pytest.mark.parametrize("ring", ["other:sit:2", "other:chat"])  # what J put there before this fix; or Tab
def test_a_ring_left_behind_the_panel_is_not_named_and_enter_presses_continue(review, ring) -> None:  # type: ignore[no-untyped-def]
    scene = _scene(review)
    scene.ui = replace(scene.ui, button=ring)
    assert _footer(scene) == "Enter: Continue"  # the report: "Enter: Take East's seat"
    surface = _frame(scene, f"f8_{ring.replace(':', '_')}")
    panel = scene.layout().panel
    east = next(sp.plate for sp in scene.layout().seats if sp.seat is Seat.TWO)
    assert (_ringed(surface, panel.buttons[0].rect), _ringed(surface, east)) == (True, False)
    _key(scene, pygame.K_RETURN)
    assert (scene.ui.seen_finished, scene.layout().panel) == (1, None)  # Continue, not the seat


def test_tab_and_the_arrows_stay_on_the_panels_buttons(review) -> None:  # type: ignore[no-untyped-def]
    scene = _scene(review)
    visited = []
    for k in (pygame.K_TAB, pygame.K_TAB, pygame.K_TAB, pygame.K_RIGHT, pygame.K_LEFT):
        _key(scene, k)
        visited.append(scene.ui.button)
    assert visited == ["look", "continue", "look", "continue", "look"]
    assert _footer(scene) == "Enter: See the line"


def test_without_the_panel_j_still_rings_the_seat(review) -> None:  # type: ignore[no-untyped-def]
    scene = _scene(review)
    _key(scene, pygame.K_RETURN)  # Continue: the panel read
    assert scene.layout().panel is None
    _key(scene, pygame.K_j)
    assert (scene.ui.button, _footer(scene)) == ("other:sit:2", "Tab: another button · Enter: Take Zoë's seat")


def _click(scene: TableScene, pos: tuple[int, int]):  # type: ignore[no-untyped-def]
    for _ in range(2):  # seen for a second: never inside the input guard's half second (client/seen.py)
        scene._now += 1.0
        _frame(scene)
    return scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False))


def test_s14_a_click_on_a_free_seats_card_takes_no_seat_behind_a_hand_end(review) -> None:  # type: ignore[no-untyped-def]
    """s14 left alone: a spectator's click on East's free card took the seat under "Hand 1 is over" (J and Tab
    could not reach it there). Kind: a click path past a modal panel (scenes.table.TableScene.clicks_held,
    input.click): the panel holds every click on the table behind it; once read, the click takes the seat."""
    scene = _scene(review)
    east = next(sp.plate for sp in scene.layout().seats if sp.seat is Seat.TWO)
    centre = (east[0] + east[2] // 2, east[1] + east[3] // 2)
    assert scene.layout().panel.kind == "reveal" and not pygame.Rect(scene.layout().panel.rect).collidepoint(centre)
    assert _click(scene, centre) is None
    assert scene.press_other("other:sit:2", replace(scene.layout(), others=scene.others())) is None  # nor by its ring
    _key(scene, pygame.K_RETURN)  # Continue: the panel read
    change = _click(scene, centre)
    assert scene.layout().panel is None and (change.kind, change.scene) == ("replace", "seated 2")


def test_s14_a_click_on_a_tile_or_an_end_acts_not_behind_a_modal_request() -> None:
    """The same kind for a seat: under a modal prompt (here "Restart this hand?", the restart question) a click
    on a hand tile lifted it and a click on its lit end played it, while no key reached the hand (input.passes_prompt)."""
    from client_helpers import my_turn_with_play

    from doublenine.client.input import click
    from doublenine.client.layout import compute_layout
    from doublenine.client.uistate import Ui
    s = session_at(my_turn_with_play)
    state = s.state
    tile = next(t for t in state.view.hand if any(getattr(m, "tile", None) == t for m in state.view.legal_moves()))
    asked = Ui(seen_finished=len(state.view.finished), confirm=("restart", state.view.match, state.view.hand_number))
    lay = compute_layout(state, asked, (1280, 800))
    assert lay.panel is not None and lay.panel.modal and lay.panel.kind == "confirm"
    spot = next(h.rect for h in lay.hand if h.tile == tile)
    at = (spot[0] + spot[2] // 2, spot[1] + spot[3] - 4)
    assert not pygame.Rect(lay.panel.rect).collidepoint(at)
    assert click(at, lay, state, asked).ui == asked  # nothing lifted, the question still up
    free = Ui(seen_finished=len(state.view.finished))
    lifted = click(at, compute_layout(state, free, (1280, 800)), state, free).ui
    assert lifted.selected == tile  # without the question the same click lifts it
