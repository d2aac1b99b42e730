"""Polish s12 item 15 (F20): at 1920x1080 the opening draw kept 11 x 5 small face-down tiles (37 x 74 px) in
a sea of felt. Kind: a panel that leaves its room unused. The grid takes fewer, longer rows wherever that
makes the tiles a quarter larger or more (panels.draw_grid)."""
from __future__ import annotations

import pytest
from scenes_catalog import table_scene

from doublenine.client.panels import draw_grid


@pytest.mark.parametrize(("size", "cell", "cols"), [((800, 600), (26, 52), 19), ((1024, 768), (39, 78), 14),
                                                    ((1920, 1080), (62, 124), 19)], ids=str)
def test_the_draw_grows_with_the_window(states, size, cell, cols) -> None:  # type: ignore[no-untyped-def]
    state, ui = states["draw-mine"]
    lay = table_scene(state, ui, "en", size).layout()
    cells = [r for _, r in lay.panel.cells]
    assert cells[0][2:] == cell
    assert len({r[1] for r in cells}) == -(-55 // cols)  # rows
    assert all(lay.panel.rect[0] <= r[0] and r[0] + r[2] <= lay.panel.rect[0] + lay.panel.rect[2] for r in cells)


def test_a_square_room_keeps_eleven_columns() -> None:
    assert draw_grid(600, 600, 16) == (11, 5, 43)
