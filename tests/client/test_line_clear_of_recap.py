"""s14 player F-c: late in a hand at 1280x800 (window 1248x720) the line of play ran over the "Last moves" box:
the bottom row's first tile covered its top-right corner and West's arrow badge sat on "→ East 4-5". Kind: a
box drawn inside the line's area that the line did not know about (the host's chip was one: layout's
keep_out). The line keeps clear of the recap (snake.line_geometry's keep_out) above its readable floor; at the
floor the recap lists fewer moves, or none, rather than lie under a tile (layout.recap_box's clear_of)."""
from __future__ import annotations

import pytest
from client_helpers import synthetic_line, with_line

from doublenine.client.layout import compute_layout, recap_box
from doublenine.client.snake import line_geometry, overlaps
from doublenine.client.uistate import Ui

UI = Ui(seen_finished=0, seen_draw=(1, 1))


@pytest.mark.parametrize("side", (0, 400))  # 400: the chat open, the felt 400 px wide at 800x600
@pytest.mark.parametrize("size", ((1248, 720), (800, 600), (1280, 800), (1920, 1080)), ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_tile_or_badge_of_the_line_lies_on_the_last_moves(during, size, side) -> None:  # type: ignore[no-untyped-def]
    shown = 0
    for n in (6, 14, 24, 30, 33, 40):
        for mode in ("right", "left", "alternate", "random"):
            for seed in (1, 2):
                lay = compute_layout(with_line(during, synthetic_line(n, mode, seed)), UI, size, side=side)
                assert lay.line.s >= 17  # never tiny for the recap's sake (LINE_CLEAR_MIN, or as before)
                if lay.recap is None:
                    continue
                shown += 1
                assert [sp.rect for sp in lay.line.spots if overlaps(sp.rect, lay.recap)] == [], (n, mode, seed)
                assert [b for b in lay.last_marks if overlaps(b, lay.recap)] == [], (n, mode, seed)
                assert len(lay.recap_rows) >= 1
    # the recap is there in nearly every case in a whole window: the line made room, the recap did not go
    assert shown >= (40 if side == 0 else 1)


def test_the_reported_case_a_long_line_at_1248x720(during) -> None:  # type: ignore[no-untyped-def]
    """40 tiles at 1248x720: laid out as before (no keep_out) a tile lay on the recap; now none does, and the
    recap still lists its three moves."""
    state = with_line(during, synthetic_line(40, "alternate", 1))
    lay = compute_layout(state, UI, (1248, 720))
    assert lay.recap is not None and len(lay.recap_rows) == 3
    before = line_geometry(state.view.line, lay.play_area, lay.line.s * 2, floor=max(12, lay.line.s // 2))
    assert [sp for sp in before.spots if overlaps(sp.rect, lay.recap)] != []
    assert [sp for sp in lay.line.spots if overlaps(sp.rect, lay.recap)] == []
    assert recap_box(state.view, lay.seats, lay.font, lay.small, round(12 * lay.u)) == lay.recap
