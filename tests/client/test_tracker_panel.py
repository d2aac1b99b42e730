"""Issue 14.3: the tile tracker panel, offered where the table allows it, from this window's own view."""
from __future__ import annotations

from dataclasses import replace

import pygame
from scenes_catalog import _Still, table_states

from doublenine.client.input import Viewport
from doublenine.client.scenes.table import TableScene
from doublenine.client.tracking import offered
from doublenine.client.typeset import watch
from doublenine.shared.state import Phase
from doublenine.shared.tracker import track


def _own_turn():  # type: ignore[no-untyped-def]
    return next(state for name, state, _ in table_states() if name == "own-turn")


def _scene(state, size=(1280, 800)) -> TableScene:  # type: ignore[no-untyped-def]
    scene = TableScene(_Still(state))  # type: ignore[arg-type]
    scene.talk.remember = False
    scene.resize(Viewport(size, size))
    return scene


def _key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def test_issue14_tracker_is_offered_only_where_the_table_allows_it_and_in_play() -> None:
    state = _own_turn()
    assert state.view.phase is Phase.PLAY
    assert not offered(state)
    scene = _scene(state)
    scene.handle(_key(pygame.K_t))
    assert scene.tracker.open is False and scene._tracker_layout().toggle is None
    allowed = replace(state, tracker=True)
    assert offered(allowed)
    assert not offered(replace(allowed, view=replace(allowed.view, phase=Phase.REVIEW)))


def test_issue14_t_and_the_button_open_it_and_it_shares_the_right_strip_with_the_chat() -> None:
    scene = _scene(replace(_own_turn(), tracker=True))
    width_closed = scene.layout().size[0]
    scene.handle(_key(pygame.K_t))
    assert scene.tracker.open and scene.layout().size[0] < width_closed  # the table makes room
    x, y, w, h = scene._tracker_layout().toggle
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x + w // 2, y + h // 2), button=1, touch=False))
    assert not scene.tracker.open
    scene.handle(_key(pygame.K_t))
    scene.handle(_key(pygame.K_c))  # the chat opens: the tracker closes
    assert scene.talk.cui.open and not scene.tracker.open
    scene.talk.cui = replace(scene.talk.cui, focused=False)
    scene.handle(_key(pygame.K_t))  # and the other way round
    assert scene.tracker.open and not scene.talk.cui.open


def test_the_open_tracker_has_a_close_button_like_the_chat_panel() -> None:
    """New user: the Tile tracker panel had no "×", unlike the chat panel. It sits where the chat's does
    (top right of the panel), a click on it closes the panel, and it covers nothing else of the panel."""
    scene = _scene(replace(_own_turn(), tracker=True))
    scene.handle(_key(pygame.K_t))
    lay = scene._tracker_layout()
    scene.talk.cui = replace(scene.talk.cui, open=True)
    chat_close = scene.talk.chat_layout(scene.vp.pixels, scene.shown(), scene.layout()).close
    scene.talk.cui = replace(scene.talk.cui, open=False)
    assert lay.close == chat_close and lay.close is not None
    assert not pygame.Rect(lay.close).colliderect(pygame.Rect(lay.toggle))
    x, y, w, h = lay.close
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x + w // 2, y + h // 2), button=1, touch=False))
    assert not scene.tracker.open


def test_issue14_the_panel_shows_the_counts_of_this_seats_own_view() -> None:
    state = replace(_own_turn(), tracker=True)
    scene = _scene(state)
    scene.tracker.open = True
    counts = track(state.view).unseen_by_number
    with watch() as seen:
        scene.draw(pygame.Surface((1280, 800)))
    texts = [d.text for d in seen]
    assert [t for t in texts if t.startswith("×") and t != "×"] == [f"×{n}" for n in counts]
    assert texts.count("×") == 1  # the panel's close button, as the chat panel's
    assert "Not seen by you yet" in texts and "Tile tracker" in texts
