"""textsize s17 item 3 (access s16): the keyboard's gold focus ring on a hand tile that can be played lay on the tile's
cream ring (palette.PLAYABLE_RING), 1.39:1: the focused tile could not be told from the others that fit. Kind: a ring
drawn on a light band it cannot be told from. The ring now goes round the cream band with a dark line between
(focus.draw_ring's ``inside``): gold borders the dark line and the felt, each at least 3:1."""
from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from scenes_catalog import table_states

from doublenine.client.art import FELT_CENTRE, FELT_EDGE, GOLD, Art
from doublenine.client.layout import compute_layout, set_text_size
from doublenine.client.palette import PLAYABLE_EDGE, PLAYABLE_RING, luminance
from doublenine.client.render import render

pygame.display.init()
pygame.font.init()
TURN, UI = next((state, ui) for name, state, ui in table_states() if name == "own-turn")


def contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def _row_left_of_tile(size: tuple[int, int], percent: int, focused: bool) -> list[tuple[int, int, int]]:
    """The colours from 14 px left of the first playable tile to its left edge, at its middle height."""
    set_text_size(percent)
    first = compute_layout(TURN, UI, size, "en")
    i = next(k for k, h in enumerate(first.hand) if h.playable)
    ui = replace(UI, focus=i if focused else None, keyed=True)
    lay = compute_layout(TURN, ui, size, "en")
    surface = pygame.Surface(size)
    render(surface, lay, TURN, ui, Art(), "en")
    x, y, w, h = lay.hand[i].rect
    return [tuple(surface.get_at((px, y + h // 2)))[:3] for px in range(x - 14, x)]


@pytest.mark.parametrize(("size", "percent"), [((800, 600), 100), ((1280, 800), 200), ((2560, 1440), 200)])
def test_the_ring_on_a_playable_tile_holds_3_to_1(size: tuple[int, int], percent: int) -> None:
    row = _row_left_of_tile(size, percent, focused=True)
    gold = [i for i, c in enumerate(row) if c == GOLD]
    assert len(gold) == 2  # focus.RING_WIDTH
    inner, outer = row[gold[-1] + 1], row[gold[0] - 1]
    assert inner == PLAYABLE_EDGE and row[gold[-1] + 2] == PLAYABLE_RING  # gold, a dark line, then the cream band
    assert round(contrast(GOLD, inner), 2) == 11.01
    assert min(contrast(GOLD, felt) for felt in (FELT_CENTRE, FELT_EDGE)) >= 3.0
    assert outer not in (PLAYABLE_RING, PLAYABLE_EDGE)  # the felt outside it
    assert round(contrast(GOLD, PLAYABLE_RING), 2) == 1.39  # what it was drawn on before


def test_without_focus_no_gold() -> None:
    row = _row_left_of_tile((800, 600), 100, focused=False)
    assert GOLD not in row and PLAYABLE_RING in row
