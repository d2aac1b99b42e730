"""s13: the last-play arrows (and every other mark drawn on the line) could cover the pips of neighbouring
tiles. Kind: a mark drawn on top of tiles without checking what it covers. Every mark is placed where it
covers no pip (board.pip_boxes): each seat's last-tile badge (board.last_marks), the newest tile's outline,
the open numbers (board.open_marks), the ghosts of a lifted tile and their L/R/Enter tags
(render.enter_tag_place), at 800x600, 1280x800 and 1920x1080."""
from __future__ import annotations

from dataclasses import replace

import pytest
from client_helpers import my_turn_with_play, session_at, synthetic_line, with_line

from doublenine.client.art import Art
from doublenine.client.board import last_mark_size, last_marks, pip_boxes
from doublenine.client.layout import compute_layout, legal_ends
from doublenine.client.render import enter_tag_place
from doublenine.client.snake import Spot, overlaps
from doublenine.client.uistate import Ui
from doublenine.shared.moves import End

SIZES = ((800, 600), (1280, 800), (1920, 1080))
UI = Ui(seen_finished=0, seen_draw=(1, 1))




def lay_state_ends(during, n: int, mode: str, seed: int) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    return with_line(during, synthetic_line(n, mode, seed)).view.ends  # type: ignore[no-any-return]


def covered(box, pips) -> list:  # type: ignore[no-untyped-def]
    return [p for p in pips if overlaps(box, p)]


def ring(rect, grow: int, width: int) -> list:  # type: ignore[no-untyped-def]
    """The four strips of an outline drawn ``width`` px wide round ``rect`` inflated by ``grow`` px a side."""
    x, y, w, h = rect[0] - grow, rect[1] - grow, rect[2] + 2 * grow, rect[3] + 2 * grow
    return [(x, y, w, width), (x, y + h - width, w, width), (x, y, width, h), (x + w - width, y, width, h)]


def test_pip_boxes_are_where_the_face_draws_them() -> None:
    # a lying 6|3 of 40x20 px: halves 20 px squares, pips at 0.24/0.50/0.76 of 20 px, radius 1.7 px
    boxes = pip_boxes(Spot((100, 50, 40, 20), 6, 3, False))
    assert len(boxes) == 9
    assert boxes[0] == (103, 53, 4, 4)
    assert all(100 <= b[0] and b[0] + b[2] <= 140 and 50 <= b[1] and b[1] + b[3] <= 70 for b in boxes)
    art = Art(pip_colours=False)
    face = art.face(40, 20, 6, 3, False)
    ink = [(x, y) for x in range(2, 38) for y in range(2, 18)
           if face.get_at((x, y))[3] > 200 and sum(face.get_at((x, y))[:3]) < 200]
    assert ink and all(any(b[0] <= 100 + x < b[0] + b[2] and b[1] <= 50 + y < b[1] + b[3] for b in boxes)
                       or 18 <= x <= 21 for x, y in ink)  # every dark px is a pip's (or the joint's line)


def test_the_reported_case_the_old_corner_covered_a_neighbours_pips(during) -> None:  # type: ignore[no-untyped-def]
    """800x600 with the chat open (400 px at the right): 40 tiles at the right, short side 19 px, badges
    14 px. The badge at the tile's top-right corner (render._last_plays before s13) lay on the pips of the
    tile after it; now on no pip at all."""
    lay = compute_layout(with_line(during, synthetic_line(40, "right", 2)), UI, (800, 600), side=400)
    assert lay.line.s == 19 and [last_mark_size(r) for _, r in lay.lasts] == [14, 14, 14, 14]
    pips = [b for sp in lay.line.spots for b in pip_boxes(sp)]
    theirs = []
    for _, rect in lay.lasts:
        d = last_mark_size(rect)
        old = (rect[0] + rect[2] - d // 4 - d // 2, rect[1] + d // 4 - d // 2, d, d)
        theirs.append(len(covered(old, [b for sp in lay.line.spots if sp.rect != rect for b in pip_boxes(sp)])))
    assert theirs == [0, 3, 1, 0]  # pips of the tile beside it, under two of the four old badges
    assert [b for b in lay.last_marks if covered(b, pips)] == []


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("side", (0, 400))
def test_no_mark_covers_a_pip(during, size, side) -> None:  # type: ignore[no-untyped-def]
    """``side``: px kept at the right for the open chat (a narrower felt, smaller tiles)."""
    checked = 0
    for n in (6, 14, 24, 33, 40):
        for mode in ("right", "left", "alternate", "random"):
            for seed in (1, 2):
                lay = compute_layout(with_line(during, synthetic_line(n, mode, seed)), UI, size, side=side)
                spots = lay.line.spots
                pips = [b for sp in spots for b in pip_boxes(sp)]
                assert len(lay.last_marks) == len(lay.lasts) == 4
                for badge in lay.last_marks:
                    assert covered(badge, pips) == [], (n, mode, seed, badge)
                assert len(set(lay.last_marks)) == 4 and not any(
                    overlaps(a, b) for i, a in enumerate(lay.last_marks) for b in lay.last_marks[i + 1:])
                assert tuple(mk.pips for mk in lay.marks) == lay_state_ends(during, n, mode, seed)
                for mk in lay.marks:
                    assert covered(mk.rect, pips) == [], (n, mode, seed, mk)
                newest = lay.lasts[0][1]
                others = [b for sp in spots if sp.rect != newest for b in pip_boxes(sp)]
                for strip in ring(newest, 3, 3):  # render._last_plays: inflate(6, 6), 3 px wide
                    assert covered(strip, others) == [], (n, mode, seed)
                checked += 1
    assert checked == 40


@pytest.mark.parametrize("size", SIZES)
def test_ghosts_and_their_tags_cover_no_pip(size, art) -> None:
    found, tags = [], 0
    for seed in (7, 11, 23):
        s = session_at(lambda st: my_turn_with_play(st) and len(st.hand.line) > 8, seed=seed)
        found.append(s.state)
    for during in found:
        tags += _ghost_tags(art, during, size)
    assert tags == 16  # the tags checked: one per lit ghost and one per ghost of a two-end choice


def _ghost_tags(art, during, size) -> int:  # type: ignore[no-untyped-def]
    view = during.view
    lay = compute_layout(during, UI, size)
    tags = 0
    for tile in sorted(view.hand):
        ends = legal_ends(view, tile)
        if not ends:
            continue
        for chosen in (None, *ends):
            lay = compute_layout(during, replace(UI, selected=tile, end=chosen), size)
            pips = [b for sp in lay.line.spots for b in pip_boxes(sp)]
            for end, ghost in lay.ghosts.items():
                assert covered(ghost.rect, pips) == []
                letter = ("L" if end is End.LEFT else "R") if len(lay.ghosts) == 2 else ""
                text = f"{letter} ↵" if lay.chosen is end and letter else ("↵" if lay.chosen is end else letter)
                if not text:
                    continue
                tag = art.text(text, lay.font, (0, 0, 0), bold=True, width=4 * lay.font)
                tw, th = tag.get_width() + lay.small, tag.get_height() + 4
                tx, ty = enter_tag_place(lay, ghost.rect, tw, th)
                others = pips + [b for g in lay.ghosts.values() if g.rect != ghost.rect for b in pip_boxes(g)]
                assert covered((tx, ty, tw, th), others) == [], (tile, end)
                tags += 1
    return tags


def test_last_marks_keep_off_what_they_are_told_to_avoid() -> None:
    from doublenine.client.snake import line_geometry
    from doublenine.shared.seats import Seat
    from client_helpers import synthetic_line as make
    line = make(12, "right", 4)
    geo = line_geometry(line, (0, 0, 800, 400), 40)
    rect = geo.spots[-1].rect
    first = last_marks(((Seat.ONE, rect),), geo, (0, 0, 800, 400))
    assert len(first) == 1
    moved = last_marks(((Seat.ONE, rect),), geo, (0, 0, 800, 400), avoid=first)
    assert not overlaps(moved[0], first[0])
