"""The line of play's aids, pure geometry: previews at the open ends and the open numbers (R15, R25).

``previews`` gives the ghost of the lifted tile at each end it fits and the end Enter will
play (issue 11.3: a keyboard choice with L/R is shown). ``open_marks`` places the two open
pip values as large numerals beside their ends, where nothing else lies (issue 11.2).
"""
from __future__ import annotations

from dataclasses import dataclass

from doublenine.shared.moves import End, Play
from doublenine.shared.tiles import Tile
from doublenine.shared.views import SeatView

from .snake import LineGeometry, Rect, Spot, overlaps
from .uistate import Ui


@dataclass(frozen=True, slots=True)
class OpenMark:
    """R15: one open end's pip value ``pips``, drawn in a round badge at ``rect``."""

    end: End
    rect: Rect
    pips: int


def legal_ends(view: SeatView, tile: Tile) -> tuple[End, ...]:
    """R15, D5: the ends ``tile`` may be played at now (both for a lead that is not a double)."""
    return tuple(m.end for m in view.legal_moves() if isinstance(m, Play) and m.tile is tile)


def previews(view: object, ui: Ui, geo: LineGeometry) -> tuple[dict[End, Rect], dict[End, Spot], End | None]:
    """R25: the open ends; for a lifted tile, a ghost at each end it fits; and the end Enter plays it at.

    The chosen end is ``ui.end`` when the tile fits there, the only end it fits, or None while a tile
    that fits both ends waits for L/R or a click.
    """
    ends: dict[End, Rect] = dict(geo.end_rects)
    ghosts: dict[End, Spot] = {}
    if not isinstance(view, SeatView) or ui.selected is None:
        return ends, ghosts, None
    tile = ui.selected
    fits = legal_ends(view, tile)
    if not fits:
        return ends, ghosts, None
    chosen = ui.end if ui.end in fits else (fits[0] if len(fits) == 1 else None)
    if view.ends is None:  # R14: the lead, at the centre; the end chooses its orientation
        end = chosen or fits[0]
        a, b = (tile.low, tile.high) if end is End.LEFT else (tile.high, tile.low)
        x, y, w, h = geo.bounds
        s = geo.s
        cx, cy = x + w // 2, y + h // 2
        rect = (cx - s // 2, cy - s, s, 2 * s) if tile.is_double else (cx - s, cy - s // 2, 2 * s, s)
        ghosts[end] = Spot(rect, a, b, tile.is_double)
        return ends, ghosts, end
    for end in fits:
        if ui.from_hint and chosen is not None and end is not chosen:
            continue  # a hint previews one end only
        pip = view.ends[0] if end is End.LEFT else view.ends[1]
        ghosts[end] = geo.ghost(end, pip, tile.other_end(pip))
    return ends, ghosts, chosen


def _inside(r: Rect, area: Rect) -> bool:
    return area[0] <= r[0] and area[1] <= r[1] and r[0] + r[2] <= area[0] + area[2] \
        and r[1] + r[3] <= area[1] + area[3]


def attach_half(geo: LineGeometry, end: End) -> Rect:
    """R15, R25: the s x s square next to ``end`` where the next tile's touching half will lie.

    The same place ``LineGeometry.ghost`` puts a (non-double) preview: straight on along the row,
    into the edge column at a turn, or under/over a turn's connector on the row that heads back.
    """
    x, y, w, h = geo.ghost(end, 0, 1).rect
    s = geo.s
    ex, ey, ew, eh = geo.end_rects[end]
    ecx, ecy = ex + ew / 2, ey + eh / 2
    halves = [(x, y, s, s), (x + s, y, s, s)] if w > h else [(x, y, s, s), (x, y + s, s, s)]
    return min(halves, key=lambda r: (r[0] + r[2] / 2 - ecx) ** 2 + (r[1] + r[3] / 2 - ecy) ** 2)


def open_marks(view: object, geo: LineGeometry, area: Rect, ghosts: tuple[Spot, ...] = ()) -> tuple[OpenMark, ...]:
    """Issue 11.2: a badge with each open pip value at its end, on free felt inside ``area``.

    The badge sits on the side where the next tile attaches (``attach_half``: new user s9 item 7,
    a crosswise double's badges above and below it read as open ends at its top and bottom):
    in the attach square itself, else (a ghost lies there) beside that square across the joint,
    then beside the ghost that fills it, then past the square or past that ghost along the line.
    It never lies on a ghost (review: the number drawn over a crosswise ghost hid its pips, in
    the README's own screenshot). Only then do the old places (above, below, after, before the
    end's open half) serve: the first that touches no tile, ghost or other badge (else the first
    inside the area).
    """
    ends = getattr(view, "ends", None)
    if ends is None or not geo.spots:
        return ()
    d = max(22, round(0.95 * geo.s))
    g = max(2, geo.s // 8)
    taken = [sp.rect for sp in geo.spots] + [sp.rect for sp in ghosts]
    pips = [b for sp in geo.spots for b in pip_boxes(sp)]
    out: list[OpenMark] = []
    for end, value in ((End.LEFT, ends[0]), (End.RIGHT, ends[1])):
        x, y, w, h = geo.end_rects[end]
        cx, cy = x + w // 2, y + h // 2
        heading = geo.cursors[end].heading
        tries = _attach_places(geo, end, ghosts, d, g) + [
            (cx - d // 2, y - d - g), (cx - d // 2, y + h + g),
            (x + w + g if heading > 0 else x - d - g, cy - d // 2),
            (x - d - g if heading > 0 else x + w + g, cy - d // 2)]
        rects = [(round(px), round(py), d, d) for px, py in tries]
        inside = [r for r in rects if _inside(r, area)] or rects
        free = [r for r in inside if not any(overlaps(r, t) for t in taken)]
        off_ghosts = [r for r in inside if not any(overlaps(r, sp.rect) for sp in ghosts)]
        # s13: the last resorts cover no pip first (kind: a mark placed over tiles without checking them)
        clean = [r for r in off_ghosts if not any(overlaps(r, p) for p in pips) and not any(
            overlaps(r, m.rect) for m in out)]
        rect = (free + clean + off_ghosts + inside)[0]
        taken.append(rect)
        out.append(OpenMark(end, rect, value))
    return tuple(out)


def _attach_places(geo: LineGeometry, end: End, ghosts: tuple[Spot, ...], d: float,
                   g: float) -> list[tuple[float, float]]:
    """Top-left corners for a ``d`` px badge on ``end``'s attach side, best first (``open_marks``).

    Flush with the joint; else beside the attach square across the joint, then beside the ghost that
    fills it; else past the square, then past that ghost, along the line (``g`` px apart).
    """
    x, y, w, h = geo.end_rects[end]
    cx, cy = x + w // 2, y + h // 2
    ax, ay, aw, ah = attach_half(geo, end)
    acx, acy = ax + aw / 2, ay + ah / 2
    # what lies in the attach square (a ghost, maybe a crosswise double's): beside it, never on it
    occ = [(ax, ay, aw, ah)] + [sp.rect for sp in ghosts if overlaps(sp.rect, (ax, ay, aw, ah))]
    top, bottom = min(r[1] for r in occ), max(r[1] + r[3] for r in occ)
    left, right = min(r[0] for r in occ), max(r[0] + r[2] for r in occ)
    if abs(acx - cx) >= abs(acy - cy):  # the joint runs across: above/below, then left/right
        bx = ax if acx > cx else ax + aw - d
        return [(bx, acy - d / 2), (bx, ay - d - g), (bx, ay + ah + g), (bx, top - d - g), (bx, bottom + g),
                (ax + aw + g if acx > cx else ax - d - g, acy - d / 2),
                (right + g if acx > cx else left - d - g, acy - d / 2)]
    # the joint runs along (under or over a turn's connector): left/right, then below/above
    by = ay if acy > cy else ay + ah - d
    return [(acx - d / 2, by), (ax - d - g, by), (ax + aw + g, by), (left - d - g, by), (right + g, by),
            (acx - d / 2, ay + ah + g if acy > cy else ay - d - g),
            (acx - d / 2, bottom + g if acy > cy else top - d - g)]


def pip_boxes(spot: Spot) -> tuple[Rect, ...]:
    """The px box of each pip of the tile face at ``spot``, as :meth:`.art.Art.face` draws it: each half a
    square of side ``min`` of the half's sides, centred in it, its pips at 0.24, 0.50 and 0.76 of that side
    with a radius of 0.085 (0.075 above six) of it, drawn 0.12 radius low. What a mark drawn on the line
    must never cover (s13: the last-play arrows hid a neighbour's pips). Pure."""
    from .art import pip_positions

    x, y, w, h = spot.rect
    if spot.vertical:
        halves = ((x, y, w, h / 2, spot.a), (x, y + h / 2, w, h - h / 2, spot.b))
    else:
        halves = ((x, y, w / 2, h, spot.a), (x + w / 2, y, w - w / 2, h, spot.b))
    out: list[Rect] = []
    for hx, hy, hw, hh, value in halves:
        side = min(hw, hh)
        ox, oy = hx + (hw - side) / 2, hy + (hh - side) / 2
        r = side * (0.085 if value <= 6 else 0.075)
        for c, row in pip_positions(value, spot.vertical):
            px, py = ox + side * (0.24 + 0.26 * c), oy + side * (0.24 + 0.26 * row) + r * 0.12
            left, top = int(px - r), int(py - r)  # whole px, outward: every px the pip touches
            out.append((left, top, int(px + r + 1) - left, int(py + r + 1) - top))
    return tuple(out)


def last_mark_size(rect: Rect) -> int:
    """The diameter (px) of the arrow badge that marks a seat's last tile at ``rect`` (render._last_plays)."""
    return max(14, min(rect[2], rect[3]) // 2)


def _gap(c: tuple[float, float], r: Rect) -> float:
    """Px from point ``c`` to rect ``r`` (0 inside)."""
    dx = max(r[0] - c[0], 0, c[0] - (r[0] + r[2]))
    dy = max(r[1] - c[1], 0, c[1] - (r[1] + r[3]))
    return float((dx * dx + dy * dy) ** 0.5)


def marks_own(badge: Rect, tile: Rect, others: list[Rect]) -> bool:
    """Whether ``badge`` clearly marks ``tile`` and no tile of ``others``: its centre lies over the tile's own
    span along both axes' nearer side, and every other tile is at least a third of the badge farther from its
    centre than ``tile`` is (a badge on the joint of two tiles marks neither). Pure."""
    c = (badge[0] + badge[2] / 2, badge[1] + badge[3] / 2)
    own = _gap(c, tile)
    inside_x = tile[0] <= c[0] <= tile[0] + tile[2]
    inside_y = tile[1] <= c[1] <= tile[1] + tile[3]
    return (inside_x or inside_y) and all(_gap(c, o) >= own + badge[2] / 3 for o in others)


def last_marks(lasts: tuple[tuple[object, Rect], ...], geo: LineGeometry, area: Rect,
               avoid: tuple[Rect, ...] = ()) -> tuple[Rect, ...]:
    """The box of each seat's last-tile badge (``lasts``: (seat, the tile's rect), render._last_plays), in
    the same order: at a corner of its tile, over the tile's own pip-free corner and the felt beyond it,
    the first corner (top right, top left, bottom right, bottom left; then beside a side's middle, then
    off a corner) that covers no pip of any tile of ``geo``, no badge placed before, no box of ``avoid``
    (the open numbers, the ghosts, the recap of the last moves), inside ``area`` (the play area) when one
    does; else the place covering the fewest pips, then the fewest badges, then the fewest boxes.
    s13: the badge sat at the tile's top-right corner whatever lay there, over a neighbour's pips. Kind: a
    mark drawn on top of tiles without checking what it covers (the Enter tags and the open numbers,
    :func:`open_marks`, avoid pips likewise). Pure.
    Then, a badge must say which tile it marks (:func:`marks_own`): s13 player F3, East's and West's badges
    both sat on the joint of 7-9 and 9-8, the corner of a tile in a row being its neighbour's corner too;
    a place astride a side's middle is tried after the corners."""
    pips = [b for sp in geo.spots for b in pip_boxes(sp)]
    placed: list[Rect] = []
    for _, rect in lasts:
        x, y, w, h = rect
        d = last_mark_size(rect)
        q = d // 4
        tries = [(x + w - q, y - d + q), (x - d + q, y - d + q), (x + w - q, y + h - q), (x - d + q, y + h - q),
                 (x + (w - d) // 2, y - d + q), (x + (w - d) // 2, y + h - q),  # astride a long side's middle
                 (x - d + q, y + (h - d) // 2), (x + w - q, y + (h - d) // 2),
                 (x + w + 1, y + (h - d) // 2), (x - d - 1, y + (h - d) // 2),
                 (x + (w - d) // 2, y - d - 1), (x + (w - d) // 2, y + h + 1),
                 (x + w + 1, y - d - 1), (x - d - 1, y - d - 1), (x + w + 1, y + h + 1), (x - d - 1, y + h + 1)]
        boxes = [(bx, by, d, d) for bx, by in tries]
        others = [sp.rect for sp in geo.spots if tuple(sp.rect) != tuple(rect)]

        def cost(b: Rect) -> tuple[int, int, int, int, int]:
            return (sum(overlaps(b, p) for p in pips), 0 if marks_own(b, rect, others) else 1,
                    sum(overlaps(b, o) for o in placed), sum(overlaps(b, o) for o in avoid),
                    0 if _inside(b, area) else 1)
        best = min(boxes, key=lambda b: (cost(b), boxes.index(b)))
        placed.append(best)
    return tuple(placed)
