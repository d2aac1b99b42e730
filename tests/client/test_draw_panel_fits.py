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
