"""s14 access F6: "Review my hand" marked the tile played and the expert's tile by bars of colour only (gold or
red, green), one yellowish family under protanopia and deuteranopia. Kind: a meaning told by colour alone. The
tile played keeps its bar under it; the expert's tile is framed: two shapes."""
from __future__ import annotations

import pygame

from doublenine.client.overlays.ledger import GAP, _Builder
from doublenine.client.overlays.paint import TILE_H, TILE_W
from doublenine.client.overlays.panel import Custom
from doublenine.client.overlays.review import GOOD, MISTAKE, _hand
from doublenine.client.overlays.text import Fonts
from doublenine.shared.i18n import translator
from doublenine.shared.tiles import Tile


def test_the_move_made_is_underlined_and_the_experts_framed() -> None:
    pygame.display.init()
    pygame.font.init()
    b = _Builder(Fonts(), translator("en"), 800)
    _hand(b, [Tile(1, 2), Tile(9, 9)], Tile(1, 2), Tile(9, 9), MISTAKE)
    rects = [tuple(i.rect) for i in b.items if isinstance(i, Custom)]
    second = TILE_W + GAP
    assert rects == [(0, 0, TILE_W, TILE_H), (0, TILE_H + 4, TILE_W, 4),
                     (second, 0, TILE_W, TILE_H), (second, 0, TILE_W, TILE_H)]
    surface = pygame.Surface((200, 60))
    surface.fill((0, 0, 0))
    frame = b.items[3]
    frame.paint(surface, pygame.Rect(10, 10, TILE_W, TILE_H))
    assert surface.get_at((10, 10 + TILE_H // 2))[:3] == GOOD  # its edge
    assert surface.get_at((10 + TILE_W // 2, 10 + TILE_H // 2))[:3] == (0, 0, 0)  # not a filled bar
