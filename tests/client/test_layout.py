"""Layout at 800x600, 1280x800 and 2560x1440: everything inside the window, nothing overlapping (issue 5)."""
from __future__ import annotations

import itertools

import pytest

from doublenine.client import chat
from doublenine.client.layout import compute_layout, legal_ends
from doublenine.client.uistate import Ui
from doublenine.shared.moves import End, Play
from doublenine.shared.state import Phase
from doublenine.shared.views import SeatView

from client_helpers import SIZES, my_turn_with_play, session_at, synthetic_line, with_line


def inside(r, outer) -> bool:  # type: ignore[no-untyped-def]
    return r[0] >= outer[0] and r[1] >= outer[1] and r[0] + r[2] <= outer[0] + outer[2] \
        and r[1] + r[3] <= outer[1] + outer[3]


def overlap(a, b) -> bool:  # type: ignore[no-untyped-def]
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


@pytest.fixture(scope="module")
def turn_state():  # type: ignore[no-untyped-def]
    return session_at(my_turn_with_play).state


@pytest.mark.parametrize("side_open", (False, True), ids=("closed", "side-panel-open"))
@pytest.mark.parametrize("size", SIZES + ((1000, 700),))
def test_every_hand_tile_plate_button_and_back_inside_without_overlap(turn_state, size, side_open) -> None:  # type: ignore[no-untyped-def]
    """Also with a side panel (chat, tracker) open: beside the table, or in a window too narrow to
    share, over the right of the table's middle (``lay.side``), where nothing of the table lies."""
    view = turn_state.view
    tile = next(m.tile for m in view.legal_moves() if isinstance(m, Play))
    at, side = chat.arrange(size, side_open)
    lay = compute_layout(turn_state, Ui(selected=tile, seen_finished=0), at, side=side)
    window = (0, 0, *at)
    assert (lay.side is not None) == (side_open and size[0] < 1100)  # 800 + the panel's width
    assert len(lay.hand) == len(view.hand)
    boxes = [("hand", h.rect) for h in lay.hand] + [("button", b.rect) for b in lay.buttons]
    boxes += [("side", lay.side)] if lay.side is not None else []
    for s in lay.seats:
        boxes.append(("plate", s.plate))
        boxes += [("back", r) for r in s.backs]  # the partner's too: no longer fanned over each other
    boxes += [("line", sp.rect) for sp in lay.line.spots] + [("ghost", g.rect) for g in lay.ghosts.values()]
    for kind, r in boxes:
        assert inside(r, window), (kind, r, size)
    for (ka, a), (kb, b) in itertools.combinations(boxes, 2):
        if {ka, kb} == {"line", "ghost"} or ka == kb == "line":
            continue
        assert not overlap(a, b), (ka, a, kb, b, size)
    assert inside(lay.status_rect, window) and inside(lay.help_rect, window)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("mode", ["right", "left", "alternate", "random"])
def test_whole_line_of_1_to_40_tiles_inside_play_area_without_overlap(turn_state, size, mode) -> None:  # type: ignore[no-untyped-def]
    for n in range(1, 41):
        line = synthetic_line(n, mode, seed=n)
        state = with_line(turn_state, line)
        lay = compute_layout(state, Ui(seen_finished=0), size)
        spots = lay.line.spots
        assert len(spots) == n
        for sp in spots:
            assert inside(sp.rect, lay.play_area), (n, mode, sp.rect, lay.play_area)
        for a, b in itertools.combinations(spots, 2):
            assert not overlap(a.rect, b.rect), (n, mode, a, b)
        for end in End:  # room for the next tile at each end (R25 ghost)
            ghost = lay.line.ghost(end, 1, 2)
            assert inside(ghost.rect, lay.play_area), (n, mode, end)
            assert all(not overlap(ghost.rect, sp.rect) for sp in spots), (n, mode, end)
        assert lay.line.s >= 8


def test_r15_line_reads_left_to_right_with_matching_halves(turn_state) -> None:  # type: ignore[no-untyped-def]
    line = synthetic_line(12, "alternate", seed=3)
    lay = compute_layout(with_line(turn_state, line), Ui(seen_finished=0), (1280, 800))
    lefts = [p for p in line[1:] if p.end is End.LEFT]
    rights = [p for p in line[1:] if p.end is End.RIGHT]
    ordered = list(reversed(lefts)) + [line[0]] + rights
    spots = lay.line.spots
    assert [sorted((sp.a, sp.b)) for sp in spots] == [sorted((p.left, p.right)) for p in ordered]
    # the lead's row reads left to right; tiles after a turn (issue 11.1: big tiles turn early) are rotated
    lead = spots[len(lefts)]
    mid = lead.rect[1] + lead.rect[3] // 2
    row = [(sp, p) for sp, p in zip(spots, ordered) if not sp.vertical and sp.rect[1] + sp.rect[3] // 2 == mid]
    assert len(row) >= 5
    assert [(sp.a, sp.b) for sp, _ in row] == [(p.left, p.right) for _, p in row]


@pytest.mark.parametrize("size", SIZES)
def test_controls_inside_window_in_every_prompt(size) -> None:  # type: ignore[no-untyped-def]
    situations = [
        session_at(lambda st: st.phase is Phase.DRAW).state,
        session_at(lambda st: st.phase is Phase.REVIEW).state,
        session_at(lambda st: len(st.finished) >= 1).state,
    ]
    for state in situations:
        lay = compute_layout(state, Ui(seen_finished=0), size)
        assert lay.panel is not None
        window = (0, 0, *size)
        assert inside(lay.panel.rect, window)
        for b in lay.panel.buttons:
            assert inside(b.rect, lay.panel.rect), (lay.panel.kind, b)
        for _, r in lay.panel.cells:
            assert inside(r, lay.panel.rect)
        for a, b in itertools.combinations([r for _, r in lay.panel.cells] + [b.rect for b in lay.panel.buttons], 2):
            assert not overlap(a, b)
        for row in lay.panel.rows:
            for sp in row.tiles:
                assert inside(sp.rect, lay.panel.rect)


def test_lead_ghost_at_centre_and_legal_ends(turn_state) -> None:  # type: ignore[no-untyped-def]
    view = turn_state.view
    assert isinstance(view, SeatView)
    tile = next(m.tile for m in view.legal_moves() if isinstance(m, Play))
    lay = compute_layout(turn_state, Ui(selected=tile, seen_finished=0), (1280, 800))
    assert set(lay.ghosts) == set(legal_ends(view, tile))
    selected = [h for h in lay.hand if h.selected]
    assert [h.tile for h in selected] == [tile]
