"""s16 access F1: on the commonest laptop screens (1024x768, 1366x768 full screen, 1280x688: a 1366x768 laptop's
window) every "Text size" drew the same 14-17 px type and 12-13 px small type. Kind: a setting the screen could
give in part, given not at all. From 125 % such a window now draws the 800x600 window's type scaled to its own
size (layout.proven: 18 and 15 px at 1024x768): as test_text_fit.py at 100 %, every scene and overlay, in
every language, draws no text cut or below the readable size there."""
from __future__ import annotations

import pygame
import pytest
from scenes_catalog import painters

from doublenine.client.layout import metrics, set_text_size
from doublenine.client.text import LANGUAGES
from doublenine.client.typeset import MIN_SIZE, watch

SMALL = ((1024, 768), (1280, 688), (1366, 768))


@pytest.fixture(scope="module")
def catalog() -> list:  # type: ignore[type-arg]
    pygame.display.init()
    pygame.font.init()
    return painters()


@pytest.mark.parametrize(("size", "plain", "larger"), [
    ((1024, 768), (14, 12), (18, 15)), ((1280, 688), (15, 12), (16, 14)), ((1366, 768), (17, 13), (18, 15)),
    ((1280, 800), (18, 14), (19, 16)), ((800, 600), (14, 12), (14, 12)),
])
def test_a_larger_text_size_gives_larger_type_on_small_screens(size: tuple[int, int], plain: tuple[int, int],
                                                               larger: tuple[int, int]) -> None:
    set_text_size(100)
    assert metrics(size)[1:] == plain
    set_text_size(200)
    assert metrics(size)[1:] == larger
    set_text_size(125)
    assert metrics(size)[1:] == (larger if size != (1280, 800) else (19, 15))


@pytest.mark.parametrize("size", SMALL, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_text_is_cut_or_tiny_at_200_percent(catalog: list, lang: str, size: tuple[int, int]) -> None:  # type: ignore[type-arg]
    set_text_size(200)
    surface = pygame.Surface(size)
    bad = []
    for name, paint in catalog:
        with watch() as seen:
            paint(surface, lang)
        bad += [(name, d.text, d.requested, d.size, d.width, d.drawn_width) for d in seen
                if d.shortened or (d.size < MIN_SIZE and d.text.strip())]
    assert bad == []
