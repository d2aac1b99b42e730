"""New user s9 item 3: the host's "{name} is disconnected" panel sat over the line of play, its open numbers
sticking out above and below it. A prompt that leaves the table playable moves to felt clear of the line
where there is room; its button moves with it (and is what a click there presses)."""
from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from client_helpers import my_turn_with_play, session_at, synthetic_line, with_line

from doublenine.client.layout import compute_layout
from doublenine.client.store import ClientState
from doublenine.client.uistate import Ui
from doublenine.shared.moves import End
from doublenine.shared.seats import Seat
from doublenine.shared.state import Placed
from doublenine.shared.tiles import Tile


@pytest.fixture(scope="module")
def away() -> ClientState:
    pygame.display.init()
    pygame.font.init()
    turn = session_at(my_turn_with_play).state
    other = next(s for s in Seat if s != turn.view.seat)
    return replace(turn, away=frozenset({other}))


def _overlap(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def _inside(r: tuple[int, int, int, int], box: tuple[int, int, int, int]) -> bool:
    return box[0] <= r[0] and box[1] <= r[1] and r[0] + r[2] <= box[0] + box[2] and r[1] + r[3] <= box[1] + box[3]


def test_the_reported_panel_leaves_the_lead_double_and_its_numbers_in_sight(away: ClientState) -> None:
    state = with_line(away, (Placed(Tile(6, 6), Seat.ONE, End.LEFT, 6, 6),))
    lay = compute_layout(state, Ui(seen_finished=0), (1280, 800))
    assert lay.panel is not None and lay.panel.kind == "away"
    assert lay.panel.rect == (352, 168, 576, 142)  # was over the double, centred in the felt (as tall as its one row)
    hidden = [sp.rect for sp in lay.line.spots] + [m.rect for m in lay.marks]
    assert not any(_overlap(lay.panel.rect, r) for r in hidden)
    (button,) = lay.panel.buttons
    assert _inside(button.rect, lay.panel.rect)
    x, y, w, h = button.rect
    assert lay.hit((x + w // 2, y + h // 2)) == ("button", button.id)


@pytest.mark.parametrize("size", ((800, 600), (1280, 800)))
def test_the_panel_never_covers_more_of_the_line_than_centred(away: ClientState, size: tuple[int, int]) -> None:
    moved = 0
    for n, seed in ((1, 1), (3, 2), (8, 3), (12, 3), (18, 5), (25, 4), (30, 9)):
        state = with_line(away, synthetic_line(n, "random", seed))
        lay = compute_layout(state, Ui(seen_finished=0), size)
        assert lay.panel is not None and _inside(lay.panel.rect, lay.play_area)
        px, py, pw, ph = lay.panel.rect
        centred = (px, lay.play_area[1] + (lay.play_area[3] - ph) // 2, pw, ph)
        line = [sp.rect for sp in lay.line.spots] + [m.rect for m in lay.marks]
        now = sum(_overlap(lay.panel.rect, r) for r in line)
        assert now <= sum(_overlap(centred, r) for r in line) + 1, (n, size)
        moved += lay.panel.rect != centred
        assert all(_inside(b.rect, lay.panel.rect) for b in lay.panel.buttons)
    assert moved >= 3
