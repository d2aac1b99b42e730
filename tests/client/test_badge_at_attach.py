"""New user s9 item 7: each open end's badge sits on the side where the next tile attaches.

At a crosswise double the badges sat above and below it while the next tile and the ghost went to its
left or right, so the open ends read as its top and bottom. Kind: a mark placed by its own rule
(above the end first) instead of the line's attach point (``LineGeometry.ghost``, as the ghost).
"""
from __future__ import annotations

import pytest
from client_helpers import synthetic_line, with_line

from doublenine.client.board import attach_half
from doublenine.client.layout import compute_layout, legal_ends
from doublenine.client.store import ClientState
from doublenine.client.uistate import Ui
from doublenine.shared.moves import End
from doublenine.shared.seats import Seat
from doublenine.shared.state import Placed
from doublenine.shared.tiles import Tile


def _beyond(mark: tuple[int, int, int, int], end: tuple[int, int, int, int],
            attach: tuple[int, int, int, int]) -> bool:
    """The mark lies past the end's edge on the attach side (right, left, below or above it)."""
    mx, my, mw, mh = mark
    ex, ey, ew, eh = end
    dx = attach[0] + attach[2] / 2 - (ex + ew / 2)
    dy = attach[1] + attach[3] / 2 - (ey + eh / 2)
    if abs(dx) >= abs(dy):
        return mx >= ex + ew if dx > 0 else mx + mw <= ex
    return my >= ey + eh if dy > 0 else my + mh <= ey


def test_the_reported_lead_double_has_its_numbers_left_and_right(turn: ClientState) -> None:
    state = with_line(turn, (Placed(Tile(6, 6), Seat.ONE, End.LEFT, 6, 6),))
    lay = compute_layout(state, Ui(seen_finished=0), (1280, 800))
    assert lay.line.spots[0].rect == (612, 311, 56, 112)  # upright: across the line
    assert [(m.end, m.rect) for m in lay.marks] == [(End.LEFT, (554, 340, 53, 53)), (End.RIGHT, (673, 340, 53, 53))]
    six_four = next(t for t in state.view.hand if t.has(6) and not t.is_double)
    lay = compute_layout(state, Ui(seen_finished=0, selected=six_four), (1280, 800))
    # the ghosts take the attach squares: the numbers go over their touching halves, still beside the double
    assert {e: g.rect for e, g in lay.ghosts.items()} == {End.LEFT: (495, 339, 112, 56),
                                                         End.RIGHT: (673, 339, 112, 56)}
    assert [(m.end, m.rect) for m in lay.marks] == [(End.LEFT, (554, 279, 53, 53)), (End.RIGHT, (673, 279, 53, 53))]


@pytest.mark.parametrize("size", ((800, 600), (1280, 800)))
def test_every_line_shape_puts_its_numbers_where_the_next_tile_goes(turn: ClientState, size: tuple[int, int]) -> None:
    shapes: dict[str, int] = {"straight": 0, "double": 0, "turn next": 0, "after a turn": 0, "ghost": 0}
    for mode in ("right", "left", "alternate", "random"):
        for n in (1, 2, 3, 5, 8, 11, 13, 14, 15, 18, 24, 30):
            for seed in (0, 3, 7):
                state = with_line(turn, synthetic_line(n, mode, seed))
                hand = [t for t in sorted(state.view.hand) if legal_ends(state.view, t)]
                for ui in [Ui(seen_finished=0)] + [Ui(seen_finished=0, selected=t) for t in hand[:2]]:
                    lay = compute_layout(state, ui, size)
                    geo = lay.line
                    for m in lay.marks:
                        end_rect = geo.end_rects[m.end]
                        assert _beyond(m.rect, end_rect, attach_half(geo, m.end)), (mode, n, seed, m)
                        last = geo.spots[0] if m.end is End.LEFT else geo.spots[-1]
                        shapes["ghost"] += m.end in lay.ghosts
                        if geo.cursors[m.end].fresh:
                            shapes["after a turn"] += 1
                        elif geo.ghost(m.end, 0, 1).vertical:
                            shapes["turn next"] += 1
                        elif last.vertical:
                            shapes["double"] += 1
                        else:
                            shapes["straight"] += 1
    assert all(v >= 3 for v in shapes.values()), shapes  # every shape was met
