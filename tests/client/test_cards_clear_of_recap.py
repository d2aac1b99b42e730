"""textsize s17 item 3 (access s16): at 800x600 a disconnected seat's card and the "I'm back" card lay over the recap of
the last moves ("Last moves", above one's own plate): (7, 367, 258, 70) over (8, 383, 147, 70) in Portuguese. Kind:
a card or message placed without a box the layout draws on the felt (waiting.obstacles: the recap is one of them,
so the wait cards, the toast and the notices keep clear of it)."""
from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from scenes_catalog import table_scene, table_states, waiting_state

from doublenine.client.layout import set_text_size
from doublenine.client.snake import overlaps
from doublenine.client.uistate import Ui
from doublenine.shared.seats import Seat

pygame.display.init()
pygame.font.init()
TURN = next(state for name, state, _ in table_states() if name == "own-turn")


def _cards(mode: str, lang: str, size: tuple[int, int], side: str = "") -> tuple[object, list]:  # type: ignore[type-arg]
    state = waiting_state(TURN, "wait" if mode == "away" else mode)
    if mode == "away":
        state = replace(state, away=frozenset({Seat.THREE}))
    scene = table_scene(replace(state, tracker=True), Ui(), lang, size, side, waited=True)
    lay = scene.layout()
    return lay, scene.talk.cards(scene.shown(), lay, scene.ui)


@pytest.mark.parametrize("mode", ["wait", "away", "back"])
@pytest.mark.parametrize("lang", ["en", "pt", "de"])
@pytest.mark.parametrize(("size", "percent", "side"), [((800, 600), 100, ""), ((800, 600), 100, "chat"),
                                                         ((1280, 800), 200, ""), ((2560, 1440), 200, "chat")])
def test_no_card_over_the_last_moves(mode: str, lang: str, size: tuple[int, int], percent: int, side: str) -> None:
    set_text_size(percent)
    lay, cards = _cards(mode, lang, size, side)
    assert lay.recap is not None and cards  # type: ignore[attr-defined]
    assert not any(overlaps(c.rect, lay.recap) for c in cards)  # type: ignore[attr-defined]


def test_the_reported_case() -> None:
    lay, cards = _cards("back", "pt", (800, 600))
    assert lay.recap == (8, 383, 147, 70)  # type: ignore[attr-defined]
    assert [c.rect for c in cards] == [(343, 129, 277, 105), (49, 311, 258, 70)]  # the wait card, "I'm back"
