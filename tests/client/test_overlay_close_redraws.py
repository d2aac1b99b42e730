"""Every overlay close redraws what was under it, and a side panel shows only the hand in play.

New user (session 9, items 4 and 12): with the tile tracker open, after Ledger -> Review my hand ->
Close the right ~345 px kept a frozen copy of the Review panel (149); at "Choose the opener" the
tracker still showed the last hand's "East has no 0 2 5" (146). Both were one kind: the table kept
a strip for the tracker while the tracker, offered only in play, painted nothing there, so the strip
kept whatever had been drawn last.
"""
from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from client_helpers import session_at
from scenes_catalog import table_scene

from doublenine.client.scenes.table import BACKDROP
from doublenine.client.uistate import Ui
from doublenine.shared.moves import Pass
from doublenine.shared.state import Phase

SIZE = (1280, 800)
GARBAGE = (255, 0, 255)


def _states():  # type: ignore[no-untyped-def]
    """(name, state): a hand in play after a pass (the tracker has facts), then the next hand's nomination."""
    s = session_at(lambda x: x.phase is Phase.PLAY and any(isinstance(m, Pass) for m in x.hand.moves), seed=11)
    play = replace(s.state, tracker=True, table="B668Q")
    s = session_at(lambda x: len(x.finished) >= 1 and x.phase is not Phase.PLAY, seed=11)
    between = replace(s.state, tracker=True, table="B668Q")
    return [("play", play), ("between", between)]


STATES = _states()


def _scene(state, side: str):  # type: ignore[no-untyped-def]
    ui = Ui(seen_finished=len(state.view.finished))
    return table_scene(state, ui, "en", SIZE, side)


def _frame(scene) -> pygame.Surface:  # type: ignore[no-untyped-def]
    surface = pygame.Surface(SIZE)
    surface.fill(GARBAGE)
    scene.draw(surface)
    return surface


@pytest.mark.parametrize("name,state", STATES)
@pytest.mark.parametrize("side", ["", "chat", "tracker"])
@pytest.mark.parametrize("overlay", ["rules", "ledger", "review"])
def test_every_overlay_close_redraws_what_was_under_it(name: str, state, side: str, overlay: str) -> None:  # type: ignore[no-untyped-def]
    fresh = _frame(_scene(state, side))
    scene = _scene(state, side)
    surface = pygame.Surface(SIZE)
    if overlay == "review":
        scene._open_overlay("ledger")
        scene._open_review(state.view.match, max(1, len(state.view.finished)))
    else:
        scene._open_overlay(overlay)
    scene.draw(surface)
    assert scene.overlay is not None
    while scene.overlay is not None:  # Escape until the table is back (the review closes onto the ledger)
        scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    scene.draw(surface)
    assert pygame.image.tobytes(surface, "RGB") == pygame.image.tobytes(fresh, "RGB")


@pytest.mark.parametrize("name,state", STATES)
@pytest.mark.parametrize("side", ["", "chat", "tracker"])
def test_every_pixel_of_the_window_is_painted_each_frame(name: str, state, side: str) -> None:  # type: ignore[no-untyped-def]
    surface = _frame(_scene(state, side))
    colours = {tuple(surface.get_at((x, y)))[:3] for x in range(0, SIZE[0], 7) for y in range(0, SIZE[1], 7)}
    assert GARBAGE not in colours


def test_item12_between_hands_the_tracker_shows_nothing_of_the_last_hand() -> None:
    """146: at the next hand's nomination the open tracker takes no room and paints nothing (it returns
    with the next hand's play); in play it shows this hand's facts (the pass)."""
    play = dict(STATES)["play"]
    scene = _scene(play, "tracker")
    assert scene.side_shown() and scene._tracker_layout().panel is not None
    assert scene.layout().size[0] < SIZE[0]
    between = dict(STATES)["between"]
    assert between.view.phase is not Phase.PLAY
    scene = _scene(between, "tracker")
    assert scene.tracker.open and not scene.side_shown()
    assert scene.layout().size == SIZE and scene._tracker_layout().panel is None
    surface = _frame(scene)
    strip = {tuple(surface.get_at((x, y)))[:3] for x in range(940, SIZE[0], 5) for y in range(40, 700, 5)}
    assert BACKDROP not in strip and GARBAGE not in strip  # the felt runs to the window's edge
