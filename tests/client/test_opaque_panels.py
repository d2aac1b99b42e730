"""A prompt is read on a plate the table does not show through (new user: "{name} is disconnected" and
"Cannot continue at this table" let the line of play's pips show between their words).

Kind: a panel with text drawn translucent over the line of play or the hands. Every table situation of
the catalog with a prompt (client/panels.py) is drawn twice, over the line of play and with the line
taken away: inside the prompt, away from its rounded corners, the two pictures are the same pixel for
pixel. The connection-lost banner, which also lies over the line, the same.
"""
from __future__ import annotations

import os
from dataclasses import replace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest
from scenes_catalog import table_states

from doublenine.client.art import Art
from doublenine.client.layout import compute_layout
from doublenine.client.render import render

pygame.display.init()
pygame.font.init()
STATES = table_states()
WITH_PANEL = ("away", "failure", "consent", "review", "lobby-free", "draw-mine", "draw-result", "reveal", "match-over")


def _inside(surface: pygame.Surface, rect: tuple[int, int, int, int], inset: int) -> bytes:
    x, y, w, h = rect
    return pygame.image.tobytes(surface.subsurface((x + inset, y + inset, w - 2 * inset, h - 2 * inset)), "RGB")


def _drawn(state, ui, size, lang):  # type: ignore[no-untyped-def]
    lay = compute_layout(state, ui, size, lang)
    surface = pygame.Surface(size)
    render(surface, lay, state, ui, Art(), lang)
    return lay, surface


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)], ids=str)
@pytest.mark.parametrize("name", WITH_PANEL)
def test_the_line_of_play_does_not_show_through_a_prompt(name: str, size: tuple[int, int]) -> None:
    state, ui = next((s, u) for n, s, u in STATES if n == name)
    lay, over = _drawn(state, ui, size, "fr")
    assert lay.panel is not None
    bare = replace(state, view=replace(state.view, line=()))
    bare_lay, under = _drawn(bare, ui, size, "fr")
    assert bare_lay.panel is not None
    if bare_lay.panel.rect != lay.panel.rect:  # a prompt that moved clear of the line (layout.clear_of_line)
        from doublenine.client.layout import ABOUT_THE_LINE
        assert not lay.panel.modal or lay.panel.kind in ABOUT_THE_LINE  # a request about the line (s13 player F7)
        under = pygame.Surface(size)  # the same layout, the line taken off it
        render(under, replace(lay, line=replace(lay.line, spots=()), marks=(), ends={}, ghosts={}, last=None),
               bare, ui, Art(), "fr")
    assert _inside(over, lay.panel.rect, lay.font) == _inside(under, lay.panel.rect, lay.font)


def test_the_line_of_play_does_not_show_through_the_connection_lost_banner() -> None:
    state, ui = next((s, u) for n, s, u in STATES if n == "lost")
    lay, over = _drawn(state, ui, (800, 600), "en")
    assert lay.banner is not None
    bare = replace(state, view=replace(state.view, line=()))
    _, under = _drawn(bare, ui, (800, 600), "en")
    assert _inside(over, lay.banner, lay.banner[3] // 2) == _inside(under, lay.banner, lay.banner[3] // 2)


@pytest.mark.parametrize("urgent", [False, True])
def test_a_wait_card_hides_what_lies_under_it(urgent: bool) -> None:
    """The wait cards by a seat's plate (client/waiting.py) may lie over tiles too."""
    from doublenine.client.waiting import Card, draw_card
    card = Card((40, 40, 220, 70), ("Waiting for {name}", {"name": "Zoë"}), (), urgent)
    drawn = []
    for under in ((255, 255, 255), (0, 0, 0)):
        surface = pygame.Surface((300, 150))
        surface.fill(under)
        draw_card(surface, card, Art(), "en", 16, None)
        drawn.append(_inside(surface, card.rect, 8))
    assert drawn[0] == drawn[1]
