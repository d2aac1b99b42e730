"""New user N3, N5, N9, N10 (session 5): what a prompt lets through and what a spectator is shown.

N3: nothing is drawn over a modal prompt (the wait card sat over "Cannot continue", still counting).
N5: a key pressed for the screen before a prompt does not act on the prompt (Enter closed the hand's end).
N9: a spectator gets a spectator's words and no player-only buttons.
N10: a table that allows the tile tracker says so before play starts.
"""
from __future__ import annotations

import os
from dataclasses import replace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest
from scenes_catalog import table_states

from doublenine.client.art import Art
from doublenine.client.intents import Decide
from doublenine.client.layout import compute_layout
from doublenine.client.panels import TRACKER_ALLOWED, status_line
from doublenine.client.scenes.table import KEY_GUARD, TableScene
from doublenine.client.scenes.talk import TableTalk
from doublenine.client.sound import Sounds
from doublenine.client.store import ClientState
from doublenine.client.uistate import Ui
from doublenine.client.waiting import wait_card
from doublenine.shared.failures import Failure
from doublenine.shared.moves import Review
from doublenine.shared.seats import Seat
from doublenine.shared.state import Phase

from client_helpers import StubSession


@pytest.fixture(scope="module")
def states() -> dict:  # type: ignore[type-arg]
    return {name: (state, ui) for name, state, ui in table_states()}


def _scene(state: ClientState, ui: Ui) -> tuple[TableScene, StubSession]:
    session = StubSession(state)
    scene = TableScene(session, "en", Art(), sounds=Sounds(muted=True), motion=False)
    scene.ui = ui
    return scene, session


def _enter() -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, scancode=40, mod=0, unicode="\r")


def _press(scene: TableScene) -> None:
    """Enter pressed and let go (a KEYDOWN with no KEYUP after it is a key still held)."""
    scene.handle(_enter())
    scene.handle(pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, scancode=40, mod=0))


# ---------------------------------------------------------------- N3
def _spectator_waiting(states) -> ClientState:  # type: ignore[no-untyped-def]
    state, _ = states["spectator"]
    return replace(state, view=replace(state.view, turn=Seat.THREE), computers=frozenset())


def test_n3_no_wait_card_once_the_server_is_gone(states) -> None:  # type: ignore[no-untyped-def]
    waiting = _spectator_waiting(states)
    ui = Ui(seen_finished=len(waiting.view.finished))
    lay = compute_layout(waiting, ui, (1280, 800))
    assert wait_card(waiting, lay, 20.0, True, Ui(), "en") is not None  # the case: a spectator, Zoë's turn
    # the failure arrives while the connection status still says "connected" (s24spec.png)
    gone = replace(waiting, failure=Failure("host.stopped", {"host": "127.0.0.1", "port": 8765}))
    gone_lay = compute_layout(gone, ui, (1280, 800))
    assert gone_lay.panel is not None and gone_lay.panel.kind == "failure"
    assert wait_card(gone, gone_lay, 20.0, True, Ui(), "en") is None
    talk = TableTalk("en", Art(), remember=False)
    talk.update(gone, 100.0)
    assert talk.cards(gone, gone_lay, Ui()) == []
    assert talk.update(gone, 101.0) is False  # no clock ticking on: the window goes idle


def test_n3_no_card_over_any_modal_prompt(states) -> None:  # type: ignore[no-untyped-def]
    for name in ("reveal", "match-over"):
        state, ui = states[name]
        friends = replace(state, computers=frozenset(), view=replace(state.view, turn=Seat.TWO))
        lay = compute_layout(friends, ui, (1280, 800))
        assert lay.panel is not None and lay.panel.modal, name
        talk = TableTalk("en", Art(), remember=False)
        talk.update(friends, 0.0)
        talk.update(friends, 40.0)
        assert talk.cards(friends, lay, Ui()) == [], name


def test_n3_no_toast_over_a_modal_prompt(states) -> None:  # type: ignore[no-untyped-def]
    state, ui = states["reveal"]
    scene, _ = _scene(state, ui)
    scene.update(1.0)
    scene.toast = ("Sound off", 10.0)
    plain = pygame.Surface((1280, 800))
    scene.toast = None
    scene.draw(plain)
    told = pygame.Surface((1280, 800))
    scene.toast = ("Sound off", 10.0)
    scene.draw(told)
    # said beside the prompt, never over it (new user s10 item 3: a message hidden by it was never seen)
    panel = pygame.Rect(scene.layout().panel.rect)
    assert pygame.image.tobytes(told.subsurface(panel), "RGB") == pygame.image.tobytes(plain.subsurface(panel), "RGB")
    assert pygame.image.tobytes(told, "RGB") != pygame.image.tobytes(plain, "RGB")
    scene.ui = replace(ui, seen_finished=ui.seen_finished + 1)  # the panel closed: now the message shows
    scene.draw(told)
    scene.toast = None
    scene.draw(plain)
    assert pygame.image.tobytes(told, "RGB") != pygame.image.tobytes(plain, "RGB")


# ---------------------------------------------------------------- N5
def test_n5_enter_as_the_hand_ends_does_not_close_the_hand_end(states) -> None:  # type: ignore[no-untyped-def]
    state, ui = states["reveal"]
    scene, _ = _scene(state, ui)
    scene.update(100.0)
    assert scene.layout().panel.kind == "reveal"
    _press(scene)  # pressed before the panel was ever drawn
    assert scene.ui.seen_finished == 0
    scene.draw(pygame.Surface((1280, 800)))
    scene.update(100.0 + KEY_GUARD - 0.05)
    _press(scene)  # just after it showed: meant for the hand's last tile
    assert scene.ui.seen_finished == 0 and scene.layout().panel.kind == "reveal"
    scene.update(100.0 + KEY_GUARD + 0.05)
    _press(scene)  # pressed again at once: still not read (client.seen: a refused press starts the guard again)
    assert scene.ui.seen_finished == 0
    scene.update(100.0 + 2 * KEY_GUARD + 0.1)
    _press(scene)  # read, then Enter: "Next hand"
    assert scene.ui.seen_finished == 1


def test_n5_enter_as_the_redeal_question_appears_does_not_accept_the_hand(states) -> None:  # type: ignore[no-untyped-def]
    state, ui = states["review"]
    assert state.view.phase is Phase.REVIEW
    scene, session = _scene(state, ui)
    scene.update(5.0)
    assert scene.layout().panel.kind == "review"
    scene.draw(pygame.Surface((1280, 800)))
    _press(scene)
    assert session.sent == []
    scene.update(5.0 + KEY_GUARD)
    _press(scene)
    assert session.sent == [Decide(Review(Seat.ONE, False))]


# ---------------------------------------------------------------- N9
def test_n9_spectator_wording_while_the_players_look_at_their_hands(states) -> None:  # type: ignore[no-untyped-def]
    state, ui = states["review"]
    seated = replace(state, view=replace(state.view, answered=True))
    assert status_line(seated, ui, "en") == ("Waiting for the others to look at their hands", {})
    spectator = replace(state, view=view_for_spectator(state))
    assert status_line(spectator, ui, "en") == ("Waiting for the players to look at their hands", {})
    lay = compute_layout(spectator, ui, (1280, 800))
    assert [b.id for b in lay.buttons] == ["leave", "ledger", "rules", "copylink", "sound"]  # sound: the footer's end; s14: Copy link


def view_for_spectator(state: ClientState):  # type: ignore[no-untyped-def]
    """The spectator's view of the same moment (D8): the seat's view minus the hand."""
    from doublenine.shared.views import SpectatorView
    fields = {f: getattr(state.view, f) for f in SpectatorView.__dataclass_fields__ if hasattr(state.view, f)}
    return SpectatorView(**fields)


# ---------------------------------------------------------------- N10
def test_n10_the_waiting_panel_says_the_tracker_is_allowed(states) -> None:  # type: ignore[no-untyped-def]
    state, ui = states["lobby"]
    lay = compute_layout(state, ui, (1280, 800))
    assert (TRACKER_ALLOWED, {}) not in lay.panel.lines
    allowed = compute_layout(replace(state, tracker=True), ui, (1280, 800))
    assert allowed.panel.kind == "lobby"
    assert allowed.panel.lines[-1] == ("Tile tracker allowed for everyone once play starts", {})
    assert status_line(replace(state, tracker=True), ui, "en") == ("", {})  # said once, in the panel


def test_n10_the_opening_draw_says_the_tracker_is_allowed(states) -> None:  # type: ignore[no-untyped-def]
    state, ui = states["draw-mine"]
    assert state.view.phase is Phase.DRAW
    assert status_line(state, ui, "en") == ("", {})
    assert status_line(replace(state, tracker=True), ui, "en") == (TRACKER_ALLOWED, {})
