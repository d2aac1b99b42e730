"""Polish s12 item 15 (F20/F21): the digit under a hand tile stayed gold (the keyboard's place in the hand) on
the next hand's "Look at your new hand" panel, where no key plays a tile. Kind: a focus shown where no key acts
on it. The digit is gold only on this seat's turn."""
from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from doublenine.client.art import GOLD, Art
from doublenine.client.layout import compute_layout
from doublenine.client.render import DIM_INK, render


class _Seen(Art):
    """Art that notes every text drawn with its colour."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[tuple[str, tuple[int, ...]]] = []

    def text(self, text, size, colour, *a, **k):  # type: ignore[no-untyped-def,override]
        self.seen.append((text, tuple(colour)))
        return super().text(text, size, colour, *a, **k)


def _digit_colours(state, ui, size):  # type: ignore[no-untyped-def]
    """(digit, colour) of each hand tile's number as drawn."""
    lay = compute_layout(state, ui, size, "en")
    art = _Seen()
    render(pygame.Surface(size), lay, state, ui, art, "en")
    digits = [str(h.number % 10) for h in lay.hand]
    return [(t, c) for t, c in art.seen if t in digits][-len(digits):]


@pytest.mark.parametrize("size", [(800, 600), (1024, 768), (1920, 1080)], ids=str)
def test_the_new_hands_panel_lights_no_digit(states, size) -> None:  # type: ignore[no-untyped-def]
    state, ui = states["review"]
    drawn = _digit_colours(state, replace(ui, focus=0), size)
    assert drawn and {c for _, c in drawn} == {DIM_INK}  # a focus kept from a key press: not lit


@pytest.mark.parametrize("size", [(800, 600), (1024, 768), (1920, 1080)], ids=str)
def test_on_its_turn_the_focused_digit_is_lit(own_turn, size) -> None:  # type: ignore[no-untyped-def]
    state, ui = own_turn
    drawn = _digit_colours(state, replace(ui, focus=0), size)
    assert [t for t, c in drawn if c == tuple(GOLD)] == ["1"]
