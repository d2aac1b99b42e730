"""A last-play badge is clearly on or beside the tile it marks, never on the joint of two tiles (s13 player F3:
at 800x600 East's badge under the line and West's over it both sat on the seam between 7-9 and 9-8, so
neither said which tile it marked; East played 7-9, West 8-9).

Kind: a mark placed at a tile's corner, which in a row of tiles is its neighbour's corner too. The marks
stay off every pip (ec56ec9, tests/client/test_marks_clear_of_pips.py)."""
from __future__ import annotations

import pytest
from client_helpers import synthetic_line, with_line

from doublenine.client.board import marks_own, pip_boxes
from doublenine.client.layout import compute_layout
from doublenine.client.snake import overlaps
from doublenine.client.uistate import Ui

UI = Ui(seen_finished=0, seen_draw=(1, 1))




def test_a_badge_on_the_joint_marks_neither_tile() -> None:
    left, right = (100, 50, 40, 20), (141, 50, 40, 20)  # two lying tiles, 1 px apart
    seam = (134, 36, 14, 14)  # the old place: the left tile's top-right corner, a quarter over it
    assert not marks_own(seam, left, [right]) and not marks_own(seam, right, [left])
    assert marks_own((113, 36, 14, 14), left, [right])  # astride the middle of its top side
    assert marks_own((154, 56, 14, 14), right, [left])  # over the right tile itself


@pytest.mark.parametrize("size", ((800, 600), (1280, 800), (1920, 1080)))
@pytest.mark.parametrize("side", (0, 400))
def test_every_badge_marks_its_own_tile_and_no_pip(during, size, side) -> None:  # type: ignore[no-untyped-def]
    checked, ambiguous = 0, []
    for n in (2, 3, 6, 14, 24, 33, 40):
        for mode in ("right", "left", "alternate", "random"):
            for seed in (1, 2):
                lay = compute_layout(with_line(during, synthetic_line(n, mode, seed)), UI, size, side=side)
                pips = [b for sp in lay.line.spots for b in pip_boxes(sp)]
                for (seat, rect), badge in zip(lay.lasts, lay.last_marks):
                    others = [sp.rect for sp in lay.line.spots if tuple(sp.rect) != tuple(rect)]
                    if not marks_own(badge, rect, others):
                        ambiguous.append((n, mode, seed, int(seat)))
                    assert not any(overlaps(badge, p) for p in pips), (n, mode, seed, badge)
                checked += 1
    assert checked == 56
    # the one exception: 40 tiles in a 400 px narrower felt (19 px tiles, the line folded tight), where every
    # place beside seat 1's tile either covers a pip or lies nearer a neighbour: off the pips first
    assert ambiguous == ([(40, "left", 2, 1)] if (size, side) == ((800, 600), 400) else []), ambiguous
