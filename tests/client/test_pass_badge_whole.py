"""A seat's "passed" badge is never cut inside its meaning (R15; s13 player F11: the spectator, pt at
1024x700, read "passou: sem 4 ne… 7" under Leste and "passou: sem 4 n… 7" above Hanna's card).

Kind: a badge elided to its plate's width. Every badge, every seat, five languages, four window sizes: the
whole text at a type no smaller than the floor, inside the window."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest
from scenes_catalog import table_states

from doublenine.client.art import Art
from doublenine.client.layout import compute_layout
from doublenine.client.render import PASSED_ONE, PASSED_TWO, passed_badge, passed_badge_height
from doublenine.client.store import localized
from doublenine.client.text import tr
from doublenine.client.typeset import MIN_SIZE

SIZES = ((800, 600), (1024, 700), (1280, 800), (1920, 1080))


@pytest.fixture(scope="module")
def spectator():  # type: ignore[no-untyped-def]
    return next((state, ui) for name, state, ui in table_states() if name == "spectator")


def test_the_reported_case_is_whole(spectator) -> None:  # type: ignore[no-untyped-def]
    pygame.display.init()
    pygame.font.init()
    art, (state, ui) = Art(), spectator
    said = tr("pt", PASSED_TWO, a=4, b=7)
    assert said == "passou: sem 4 nem 7"
    lay = compute_layout(localized(state, "pt"), ui, (1024, 700), "pt")
    for spot in lay.seats:
        size, (x, y, w, h) = passed_badge(art, said, lay.small, spot.plate, spot.side, 1024)
        assert art.type.measure(said, size, True)[0] <= w - lay.small // 2, spot.side
        assert size >= max(MIN_SIZE, round(lay.small * 0.8))


@pytest.mark.parametrize("lang", ("en", "fr", "pt", "de", "es"))
@pytest.mark.parametrize("size", SIZES)
def test_every_badge_is_whole_inside_the_window(spectator, lang: str, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    pygame.display.init()
    pygame.font.init()
    art, (state, ui) = Art(), spectator
    lay = compute_layout(localized(state, lang), ui, size, lang)
    texts = [tr(lang, "passed"), tr(lang, PASSED_ONE, a=8)] + \
        [tr(lang, PASSED_TWO, a=a, b=b) for a in range(10) for b in range(a + 1, 10)]
    for spot in lay.seats:
        for said in texts:
            px, (x, y, w, h) = passed_badge(art, said, lay.small, spot.plate, spot.side, size[0])
            assert art.type.measure(said, px, True)[0] <= w - lay.small // 2, (lang, size, spot.side, said)
            assert px >= max(MIN_SIZE, round(lay.small * 0.8)) and 0 <= x and x + w <= size[0]
            assert h + 3 <= passed_badge_height(art, lay.small)  # the room the layout keeps for it
