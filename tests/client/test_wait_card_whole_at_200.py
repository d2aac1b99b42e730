"""access s16 F13 (c), textsize s17 item 3: at 2560x1440 200 % with the chat open the wait card's second button read
"Let the computer play for Z…". Every typical name (scenes_catalog.NAMES) is drawn whole on every button and line of
the wait card there, the chat open or not, as at 800x600 and 1280x800 (a 32-character name may be cut)."""
from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from scenes_catalog import NAMES, table_scene, table_states, waiting_state

from doublenine.client.layout import set_text_size
from doublenine.client.typeset import watch
from doublenine.client.uistate import Ui

pygame.display.init()
pygame.font.init()
TURN = next(state for name, state, _ in table_states() if name == "own-turn")


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize(("size", "percent", "side"), [((2560, 1440), 200, "chat"), ((2560, 1440), 200, ""),
                                                         ((1280, 800), 200, "chat"), ((800, 600), 100, "chat")])
def test_the_wait_cards_words_whole(name: str, size: tuple[int, int], percent: int, side: str) -> None:
    set_text_size(percent)
    state = waiting_state(TURN, "wait")
    state = replace(state, names=(state.names[0], state.names[1], name, state.names[3]))
    scene = table_scene(state, Ui(), "en", size, side, waited=True)
    card = scene.talk.cards(scene.shown(), scene.layout(), scene.ui)
    assert len(card) == 1 and [b.id for b in card[0].buttons] == ["nudge:3", "handover:3"]
    with watch() as seen:
        scene.draw(pygame.Surface(size))
    said = [d for d in seen if name in d.text and ("computer" in d.text or "Nudge" in d.text or "Waiting" in d.text)]
    assert len(said) == 3 and not any(d.shortened for d in said), said
