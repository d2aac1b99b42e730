"""The opening draw's panel fits its instruction (R3; new user: Spanish "...el total más alto sale" wrapped
onto a second row crowding the tile grid; kind: a box sized for the English text)."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pytest
from scenes_catalog import table_states

from doublenine.client.art import Art


@pytest.fixture(scope="module")
def states() -> dict:  # type: ignore[type-arg]
    return {name: (state, ui) for name, state, ui in table_states()}


@pytest.mark.parametrize("lang", ("en", "fr", "pt", "de", "es"))
def test_r3_the_draw_instruction_is_one_row_at_1280x800(states, lang: str) -> None:
    """New user: the Spanish instruction "...el total más alto sale" wrapped onto a second row crowding the
    grid (kind: a box sized for the English text). Where the felt is wide enough it is one row, and the grid
    stays below it."""
    from doublenine.client.layout import compute_layout
    from doublenine.client.render import say

    state, ui = states["draw-mine"]
    lay = compute_layout(state, ui, (1280, 800), lang)
    panel = lay.panel
    assert panel.kind == "draw"
    art, f = Art(), lay.font
    text, args = panel.lines[0]
    assert len(art.type.wrap(say(lang, text, args), f, panel.rect[2] - 2 * f)) == 1, lang
    assert min(r[1] for _, r in panel.cells) >= panel.rect[1] + round(1.35 * f) + f


@pytest.mark.parametrize("lang", ("en", "fr", "pt", "de", "es"))
def test_r3_a_taken_cell_s_letter_is_explained(states, lang: str) -> None:
    """New user: "an unexplained blue 'B' tile" in the grid: the cell team B drew from, marked with its letter
    (render._draw_cells). The panel says what the letter means, on its own row above the grid."""
    from dataclasses import replace

    from doublenine.client.layout import compute_layout
    from doublenine.client.panels import DRAW_MARK
    from doublenine.client.render import say
    from doublenine.shared.seats import Seat

    state, ui = states["draw-mine"]
    taken = replace(state, view=replace(state.view, draw_taken=((Seat.TWO, 17),)))
    assert compute_layout(state, ui, (1280, 800), lang).panel.lines[1:] == ()
    for size in ((1280, 800), (800, 600)):
        lay = compute_layout(taken, ui, size, lang)
        panel, f, art = lay.panel, lay.font, Art()
        assert panel.lines[1] == (DRAW_MARK, {"team": "B"}) and panel.taken == (17,)
        rows = sum(len(art.type.wrap(say(lang, t, a), f, panel.rect[2] - 2 * f)) for t, a in panel.lines)
        assert rows == 2, (lang, size)  # the instruction and the legend, one row each, above the grid


@pytest.mark.parametrize("lang", ("en", "es"))
@pytest.mark.parametrize("size", ((1248, 720), (800, 600), (1280, 800)))
def test_s14_f_i_the_grid_stays_put_when_the_other_team_draws(states, lang: str, size: tuple[int, int]) -> None:
    """s14 player F-i: the grid moved 20 px down as "B marks where Team B drew" appeared (Zoë drew while Rita
    clicked a face-down tile: the click was lost). Kind: a line that appears with a change moving what the
    pointer aims at. The second row is kept from the start, so every other cell stays where it was."""
    from dataclasses import replace

    from doublenine.client.layout import compute_layout
    from doublenine.shared.seats import Seat

    state, ui = states["draw-mine"]
    taken = replace(state, view=replace(state.view, draw_taken=((Seat.TWO, 17),)))
    before, after = compute_layout(state, ui, size, lang).panel, compute_layout(taken, ui, size, lang).panel
    assert (before.lines[1:], len(after.lines)) == ((), 2)
    assert (after.rect, after.cells) == (before.rect, before.cells)
