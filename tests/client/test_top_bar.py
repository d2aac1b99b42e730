"""New user: the top bar said "hand 1" while the opener of hand 2 was being chosen, and with the chat open
"hand N" dropped off it. The hand shown is the one played or about to be; the table code and the hand
always stay (the team names give way to letters first; the text-fit test checks nothing is cut)."""
from __future__ import annotations

import os
from dataclasses import replace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest
from scenes_catalog import painters, table_states

from doublenine.client.art import Art
from doublenine.client.layout import compute_layout
from doublenine.client.render import render
from doublenine.client.typeset import watch
from doublenine.shared.state import Phase


@pytest.fixture(scope="module")
def states() -> dict:  # type: ignore[type-arg]
    pygame.display.init()
    pygame.font.init()
    return {name: (state, ui) for name, state, ui in table_states()}


def _top_texts(paint, size: tuple[int, int], lang: str = "en") -> list[str]:  # type: ignore[no-untyped-def]
    surface = pygame.Surface(size)
    with watch() as seen:
        paint(surface, lang)
    tops = [d.text for d in seen if "K7QPA" in d.text]
    return tops[-1:]  # the one drawn last is the one shown (an older top bar drew each try to measure it)


def test_choosing_the_opener_of_the_next_hand_shows_that_hand(states) -> None:  # type: ignore[no-untyped-def]
    state, _ = states["reveal"]  # hand 1 finished: the entitled team names the opener of hand 2 (R6)
    state = replace(state, view=replace(state.view, phase=Phase.NOMINATE, hand_number=1))
    ui = replace(states["reveal"][1], seen_finished=len(state.view.finished))  # the reveal was dismissed
    lay = compute_layout(state, ui, (1280, 800))
    assert lay.panel is None or lay.panel.kind != "reveal"

    def paint(surface, lang):  # type: ignore[no-untyped-def]
        render(surface, lay, state, ui, Art(), lang)
    assert "hand 2" in _top_texts(paint, (1280, 800))[0]


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)], ids=str)
@pytest.mark.parametrize("lang, word", [("en", "hand"), ("de", "Runde")])
def test_the_hand_stays_on_the_top_bar_with_the_chat_open(states, size, lang, word) -> None:  # type: ignore[no-untyped-def]
    n = states["own-turn"][0].view.hand_number
    paint = dict(painters())["table/chat"]
    texts = _top_texts(paint, size, lang)
    assert f"{word} {n}" in texts[0]
