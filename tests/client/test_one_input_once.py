"""One input acts once (kind: an input acting twice, on the prompt its own action brought up; new user
after N5: "Pressing Enter to play a tile also closes 'Hand N is over'"), and a table already gone asks no
confirmation before going (kind: a confirmation asked where nothing can be lost)."""
from __future__ import annotations

import os
from dataclasses import replace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest
from robot import centre
from scenes_catalog import table_states

from doublenine.client.art import Art
from doublenine.client.scenes.base import Change
from doublenine.client.scenes.table import KEY_GUARD, TableScene
from doublenine.client.sound import Sounds
from doublenine.client.store import ClientState
from doublenine.client.uistate import Ui
from doublenine.shared.failures import Failure
from doublenine.shared.seats import Seat

from client_helpers import StubSession


@pytest.fixture(scope="module")
def states() -> dict:  # type: ignore[type-arg]
    return {name: (state, ui) for name, state, ui in table_states()}


def _shown(state: ClientState, ui: Ui, now: float) -> TableScene:
    """A scene whose prompt was first drawn at ``now``."""
    scene = TableScene(StubSession(state), "en", Art(), sounds=Sounds(muted=True), motion=False)
    scene.ui = ui
    scene.update(now)
    scene.draw(pygame.Surface((1280, 800)))
    return scene


def _key(t: int, k: int = pygame.K_RETURN) -> pygame.event.Event:
    return pygame.event.Event(t, key=k, scancode=40, mod=0, unicode="\r")


def _click(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False)


def test_r22_a_click_as_the_hand_ends_does_not_close_the_hand_end(states) -> None:  # type: ignore[no-untyped-def]
    state, ui = states["reveal"]
    scene = _shown(state, ui, 100.0)
    panel = scene.layout().panel
    assert panel.kind == "reveal"
    primary = next(b for b in panel.buttons if b.primary)
    scene.update(100.0 + KEY_GUARD - 0.05)
    scene.handle(_click(centre(primary.rect)))  # the second click of a double click that played the last tile
    assert scene.ui.seen_finished == 0 and scene.layout().panel.kind == "reveal"
    scene.update(100.0 + KEY_GUARD + 0.05)
    scene.handle(_click(centre(primary.rect)))  # clicked again at once: not read yet (client.seen)
    assert scene.ui.seen_finished == 0
    scene.update(100.0 + 2 * KEY_GUARD + 0.1)
    scene.handle(_click(centre(primary.rect)))  # read, then clicked
    assert scene.ui.seen_finished == 1


def test_r22_a_tap_as_the_hand_ends_does_not_close_the_hand_end(states) -> None:  # type: ignore[no-untyped-def]
    state, ui = states["reveal"]
    scene = _shown(state, ui, 100.0)
    x, y = centre(next(b for b in scene.layout().panel.buttons if b.primary).rect)
    tap = pygame.event.Event(pygame.FINGERDOWN, x=x / 1280, y=y / 800, touch_id=1, finger_id=1)
    scene.update(100.1)
    scene.handle(tap)
    assert scene.ui.seen_finished == 0
    scene.update(100.1 + KEY_GUARD + 0.05)  # read since the tap refused
    scene.handle(tap)
    assert scene.ui.seen_finished == 1


def test_r22_a_held_enter_does_not_close_the_hand_end_it_brought_up(states) -> None:  # type: ignore[no-untyped-def]
    state, ui = states["reveal"]
    scene = _shown(states["own-turn"][0], ui, 99.0)
    assert scene.layout().panel is None
    scene.update(99.5)
    scene.handle(_key(pygame.KEYDOWN))  # Enter goes down on the last tile (no prompt yet)
    scene.session.state = state  # the hand ends on that move
    scene.update(99.6)
    scene.draw(pygame.Surface((1280, 800)))
    t = 99.6
    while t < 99.6 + 2 * KEY_GUARD:  # still held: SDL repeats it (with pygame.key.set_repeat)
        t += 0.05
        scene.update(t)
        scene.handle(_key(pygame.KEYDOWN))
    assert scene.ui.seen_finished == 0 and scene.layout().panel.kind == "reveal"
    scene.handle(_key(pygame.KEYUP))
    scene.handle(_key(pygame.KEYDOWN))  # let go and pressed again at once: Enter hammered, not read
    assert scene.ui.seen_finished == 0
    scene.handle(_key(pygame.KEYUP))
    scene.update(t + KEY_GUARD + 0.05)
    scene.handle(_key(pygame.KEYDOWN))  # read, then pressed again: "Next hand"
    assert scene.ui.seen_finished == 1


def test_r22_a_key_whose_release_went_elsewhere_acts_when_pressed_again(states) -> None:  # type: ignore[no-untyped-def]
    state, ui = states["reveal"]
    scene = _shown(states["own-turn"][0], ui, 10.0)
    scene.handle(_key(pygame.KEYDOWN))  # its KEYUP went to another window or scene
    scene.session.state = state
    scene.update(10.1)
    scene.draw(pygame.Surface((1280, 800)))
    scene.update(13.0)  # a press seconds later is a new press, not a repeat
    scene.handle(_key(pygame.KEYDOWN))
    assert scene.ui.seen_finished == 1


def test_a_click_on_the_top_bar_still_acts_while_a_prompt_is_fresh(states) -> None:  # type: ignore[no-untyped-def]
    state, ui = states["reveal"]
    scene = _shown(state, ui, 100.0)
    rules = next(b for b in scene.layout().buttons if b.id == "rules")
    scene.update(100.1)
    scene.handle(_click(centre(rules.rect)))
    assert scene.ui.overlay == "rules"


def _gone(states, key: str):  # type: ignore[no-untyped-def]
    """A seated player's table with a friend at it, after the host stopped the game."""
    state, _ = states["own-turn"]
    return replace(state, table="CZDP3", humans=frozenset({Seat.ONE, Seat.THREE}), free=frozenset(),
                   failure=Failure(key, {"host": "127.0.0.1", "port": 8765, "code": "CZDP3"}))


@pytest.mark.parametrize("key", ["host.stopped", "table.closed"])
def test_d7_back_to_the_start_screen_goes_at_once_when_the_table_is_gone(states, key: str) -> None:  # type: ignore[no-untyped-def]
    gone = _gone(states, key)
    scene = _shown(gone, Ui(seen_finished=len(gone.view.finished)), 50.0)
    panel = scene.layout().panel
    assert panel.kind == "failure" and panel.title[0] == "Cannot continue at this table"
    scene.update(50.0 + KEY_GUARD + 0.1)
    change = scene.handle(_click(centre(panel.buttons[0].rect)))
    assert change == Change("pop") and scene.toast is None
    leave = next(b for b in scene.layout().buttons if b.id == "leave")  # the top bar's Leave: the same
    scene2 = _shown(gone, Ui(seen_finished=len(gone.view.finished)), 50.0)
    assert scene2.handle(_click(centre(leave.rect))) == Change("pop")


def test_d7_leave_with_friends_playing_on_still_warns_first(states) -> None:  # type: ignore[no-untyped-def]
    state = replace(_gone(states, "host.stopped"), failure=None)
    scene = _shown(state, Ui(seen_finished=len(state.view.finished)), 50.0)
    leave = next(b for b in scene.layout().buttons if b.id == "leave")
    assert scene.handle(_click(centre(leave.rect))) is None and scene.toast is not None

