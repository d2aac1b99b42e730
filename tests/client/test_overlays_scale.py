"""s14 access F3/F4: the Rules, Ledger and Review overlays kept fixed 14-17 px text and 42x22 px tiles while
the table's text grew with the window (17 px rules body beside 40-49 px seat names at 3840x2160). Kind: text or
tiles sized in fixed pixels where the rest scales. The overlays now take the table's scale
(``overlay_scale(metrics(size)[1])``: 1 up to 1280x800, 32/18 at 2560x1440, 49/18 at 3840x2160) for every
size and gap, laid out in base px and drawn sharp at the scaled size."""
from __future__ import annotations

import sys
from pathlib import Path

import pygame
import pytest

from doublenine.client.layout import metrics
from doublenine.client.overlays.ledger import LedgerOverlay
from doublenine.client.overlays.paint import TILE_H, TILE_W
from doublenine.client.overlays.panel import Custom, Text
from doublenine.client.overlays.rules import BODY_SIZE, RulesOverlay
from doublenine.client.overlays.text import overlay_scale
from doublenine.client.typeset import watch

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ledger"))
from ledger_matches import played_log  # noqa: E402

from doublenine.shared.views import view_for  # noqa: E402


@pytest.fixture(autouse=True)
def _screen():  # type: ignore[no-untyped-def]
    pygame.display.init()
    pygame.font.init()
    yield pygame.display.set_mode((64, 64))
    pygame.display.quit()


def _rect(size: tuple[int, int]) -> pygame.Rect:
    w, h = size
    return pygame.Rect(w // 12, h // 14, w - w // 6, h - h // 7)


@pytest.mark.parametrize(("size", "scale"), [((800, 600), 1.0), ((1280, 800), 1.0), ((1366, 705), 1.0),
                                             ((2560, 1440), 32 / 18), ((3840, 2160), 49 / 18)])
def test_the_overlays_scale_is_the_tables(size: tuple[int, int], scale: float) -> None:
    assert overlay_scale(metrics(size)[1]) == pytest.approx(scale)


@pytest.mark.parametrize(("size", "body_px", "title_px"), [((1280, 800), 17, 22), ((2560, 1440), 30, 39),
                                                          ((3840, 2160), 46, 60)])
def test_the_rules_text_is_drawn_at_the_tables_scale(size: tuple[int, int], body_px: int, title_px: int) -> None:
    surface = pygame.Surface(size)
    rules = RulesOverlay("en", _rect(size), scale=overlay_scale(metrics(size)[1]))
    with watch() as seen:
        rules.draw(surface)
    body = [d for d in seen if d.text.startswith("Four players form two teams")]
    assert body and {d.size for d in body} == {body_px}
    assert [d.size for d in seen if d.text == rules.title()] == [title_px]
    assert rules.fonts.px(BODY_SIZE) == body_px


def test_the_ledger_tiles_and_rows_grow_with_the_table() -> None:
    """At 2560x1440 a ledger tile is 75x39 px (42x22 at 1280x800), its rows' text 25 px (14)."""
    view = view_for(played_log(3).state, 1)
    small, large = (LedgerOverlay(view, "en", _rect(s), scale=overlay_scale(metrics(s)[1]))
                    for s in ((1280, 800), (2560, 1440)))
    tiles = [large.on_screen(i.rect) for i in large.laid_out(large.body_rect().w) if isinstance(i, Custom)
             and i.rect.size == (TILE_W, TILE_H)]
    assert tiles and {t.size for t in tiles} == {(75, 39)}
    assert [small.on_screen(i.rect).size for i in small.laid_out(small.body_rect().w)
            if isinstance(i, Custom) and i.rect.size == (TILE_W, TILE_H)][:1] == [(42, 22)]
    surface = pygame.Surface((2560, 1440))
    with watch() as seen:
        large.draw(surface)
    sizes = {d.text: d.size for d in seen}
    rows = [i for i in large.laid_out(large.body_rect().w) if isinstance(i, Text) and i.size == 14]
    assert any(sizes.get(i.text) == 25 for i in rows)


def test_a_resize_keeps_the_place_read() -> None:
    """The scroll follows the scale: the line at the top of the view stays there."""
    rules = RulesOverlay("en", _rect((1280, 800)), scale=1.0)
    rules.jump(3)
    top = rules.current_section()
    rules.set_rect(_rect((2560, 1440)), 32 / 18)
    assert rules.current_section() == top
