"""s14 player F-n: at "Text size" 125 % in a 1920x1080 window the hand end's rows were 37 px high under 30 px
names: the row rules crossed "Team A" and "→ West", the held tiles shrank to thumbnails. Kind: a panel of seat
rows (the hand end, the opening draw's result) whose rows take what the larger text leaves instead of growing
with it; panels.fitted_rows lays such a panel out at the largest type whose rows hold a name over its team."""
from __future__ import annotations

import pygame
import pytest
from scenes_catalog import table_states

from doublenine.client.art import Art
from doublenine.client.layout import compute_layout, metrics, set_text_size
from doublenine.client.panels import row_need, small_font
from doublenine.client.render import render
from doublenine.client.typeset import measurer

pygame.display.init()
pygame.font.init()
STATES = {name: (state, ui) for name, state, ui in table_states() if name in ("reveal", "draw-result")}


@pytest.mark.parametrize("size", [(800, 600), (1248, 720), (1920, 1080), (2560, 1440)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("percent", [100, 125, 150, 200])
@pytest.mark.parametrize("name", ["reveal", "draw-result"])
def test_seat_rows_hold_the_name_over_the_team_at_every_text_size(name: str, percent: int,
                                                                  size: tuple[int, int]) -> None:
    set_text_size(percent)
    state, ui = STATES[name]
    lay = compute_layout(state, ui, size, "en")
    p = lay.panel
    assert p is not None and p.kind == ("reveal" if name == "reveal" else "drawn") and len(p.rows) in (2, 4)
    f = p.font or lay.font
    face = measurer()
    for row in p.rows:  # what render._reveal draws: the name above the row's middle, the team 2 px under it
        x, y, w, h = row.rect
        assert y + h // 2 - face.line_height(f, True) >= y, (row.seat, h, f)
        assert y + h // 2 + 2 + face.line_height(small_font(f)) <= y + h, (row.seat, h, f)
        assert h >= row_need(f)
        for sp in row.tiles:  # the tiles inside their row too, between its rules
            assert y <= sp.rect[1] and sp.rect[1] + sp.rect[3] <= y + h
    for a, b in zip(p.rows, p.rows[1:]):
        assert a.rect[1] + a.rect[3] <= b.rect[1]
    render(pygame.Surface(size), lay, state, ui, Art(), "en")  # drawn at its own type without error


def test_the_reported_case_125_percent_at_1920x1080() -> None:
    """The hand end at 125 % in 1920x1080 (table type 30 px, rows 37 px before): 27 px type, 65 px rows; since
    s16 access F12 (the panel takes more of the felt where its content came out smaller than at 100 %, 37 px
    tiles in 94 px rows): the table's 30 px type, 104 px rows."""
    set_text_size(125)
    state, ui = STATES["reveal"]
    lay = compute_layout(state, ui, (1920, 1080), "en")
    assert metrics((1920, 1080))[1] == lay.font == 30
    assert lay.panel is not None
    assert (lay.panel.font, [r.rect[3] for r in lay.panel.rows]) == (0, [104, 104, 104, 104])


def test_100_percent_keeps_the_tables_type() -> None:
    set_text_size(100)
    for name in STATES:
        state, ui = STATES[name]
        lay = compute_layout(state, ui, (1920, 1080), "en")
        assert lay.panel is not None and lay.panel.font == 0
