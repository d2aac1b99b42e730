"""R3: the opening draw's face-down tiles keep a readable size whatever lies under the panel (s12).

Reported: on a re-hosted table with the invite card open, the 55 tiles were drawn 5 x 10 px at 800x600
(Hide gave them back their size). Kind: a tile layout given what is left after panels, with no minimum;
now the grid takes more columns and fewer rows in a low panel (panels.draw_grid), and the room kept under
the prompt for the card gives way before a tile goes under panels.draw_tile_min."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest
from test_no_overlap import _host

from doublenine.client.panels import draw_grid, draw_tile_min
from doublenine.client.snake import overlaps
from doublenine.shared.views import DRAW_POSITIONS


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)], ids=str)
def test_the_draw_keeps_readable_tiles_with_the_invite_card_open(size: tuple[int, int]) -> None:
    pygame.init()
    host, scene = _host(size, started=True)
    host.shown = True  # the host pressed "Invite friends" at the opening draw
    lay = scene.layout()
    assert lay.panel is not None and lay.panel.kind == "draw" and len(lay.panel.cells) == DRAW_POSITIONS
    least = draw_tile_min(lay.font)
    assert all(r[2] >= least and r[3] == 2 * r[2] for _, r in lay.panel.cells), (least, lay.panel.cells[0])
    panel = pygame.Rect(lay.panel.rect)
    assert all(panel.contains(pygame.Rect(r)) for _, r in lay.panel.cells)
    card = host.layout()["card"]
    assert not overlaps(card, lay.panel.rect), (card, lay.panel.rect)
    assert not [s.seat for s in lay.seats if overlaps(card, s.plate)]


def test_the_reported_case_800x600() -> None:
    """The exact sizes: 10 x 20 px tiles (draw_tile_min) in two rows (5 x 10 px in five rows before). It was
    11 x 22 in three; s14 player F-i keeps the row of the "B marks where Team B drew" line from the start of
    a running draw (the grid jumped under a click when it came), which costs the grid that row here."""
    pygame.init()
    host, scene = _host((800, 600), started=True)
    host.shown = True
    cells = scene.layout().panel.cells
    assert draw_tile_min(scene.layout().font) == 10  # the smallest readable size, not below it
    assert cells[0][1][2:] == (10, 20) and len({r[1] for _, r in cells}) == 2


def test_the_grid_is_11_by_5_while_its_tiles_are_readable_and_reshapes_below() -> None:
    assert draw_grid(400, 300, 14) == (11, 5, 24)
    assert draw_grid(532, 40, 14) == (28, 2, 8)  # no shape keeps 10 px there: the largest tiles
    assert draw_grid(532, 60, 14) == (28, 2, 12)
    assert draw_tile_min(14) == 10 and draw_tile_min(24) == 18
