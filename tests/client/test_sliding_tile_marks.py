"""New user s10 item 6: an empty outlined square beside an open-end number during computer plays. The
end's outline (render._ends) was drawn where the tile just played would land while the tile itself still
slid in from its player's plate (TableScene._moving). Kind: a mark of a tile drawn at its final place
while it moves; the outline now slides with the tile (the soft light of the last tile already waited)."""
from __future__ import annotations

import pygame
import pytest
from scenes_catalog import table_states

from doublenine.client import render as render_mod
from doublenine.client.art import Art
from doublenine.client.layout import compute_layout
from doublenine.shared.moves import End


@pytest.fixture(scope="module")
def passed():  # type: ignore[no-untyped-def]
    pygame.display.init()
    pygame.font.init()
    return {name: (s, u) for name, s, u in table_states()}["someone-passed"]


def _outlines(monkeypatch, lay, state, ui, moving):  # type: ignore[no-untyped-def]
    """The thin white outlines render draws (the ends' markers), as rects."""
    seen: list[pygame.Rect] = []
    real = render_mod.pygame.draw.rect

    def spy(surface, colour, rect, width=0, **kw):  # type: ignore[no-untyped-def]
        if tuple(colour)[:3] == (255, 255, 255) and width == 1:
            seen.append(pygame.Rect(rect))
        return real(surface, colour, rect, width, **kw)
    monkeypatch.setattr(render_mod.pygame.draw, "rect", spy)
    render_mod.render(pygame.Surface(lay.size), lay, state, ui, Art(), "en", moving)
    return seen


def test_the_end_outline_slides_with_the_tile_never_empty_at_its_landing_place(passed, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    state, ui = passed
    lay = compute_layout(state, ui, (1280, 800), "en")
    assert lay.last == (177, 222, 112, 56) and lay.ends[End.LEFT] == (233, 222, 56, 56)
    landing = pygame.Rect(lay.ends[End.LEFT]).inflate(6, 6)
    still = _outlines(monkeypatch, lay, state, ui, None)
    assert landing in still  # at rest: the outline on the tile's open half
    monkeypatch.undo()
    sliding = _outlines(monkeypatch, lay, state, ui, (lay.last, (-150, 120)))
    assert landing not in sliding and landing.move(-150, 120) in sliding
    assert pygame.Rect(lay.ends[End.RIGHT]).inflate(6, 6) in sliding  # the other end's stays
