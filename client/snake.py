"""Pure geometry of the line of play: a line that winds to stay inside its area.

The lead tile sits in the middle row. Tiles played at the right end travel
east along the middle row, then turn down through a one-tile connector at the
area's edge and come back west on the row below, and so on; tiles played at
the left end mirror this (west, then up). Doubles lie across the line (R15:
they open nothing extra), except as connectors at a turn, where they lie along
it as at a real table. The tile size ``s`` (short side, px) is the largest one
on a fixed ladder at which every tile fits; the search is pure and cheap.
"""
from __future__ import annotations

from dataclasses import dataclass

from doublenine.shared.moves import End
from doublenine.shared.state import Placed

Rect = tuple[int, int, int, int]
"""x, y, w, h in pixels."""


def overlaps(a: Rect, b: Rect) -> bool:
    """Whether rectangles ``a`` and ``b`` share any pixel (touching edges do not)."""
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


@dataclass(frozen=True, slots=True)
class Spot:
    """Where one tile lies: ``rect``; pips ``a`` on the left/top half and ``b`` on the right/bottom.

    ``vertical`` is True when the long side runs top to bottom.
    """

    rect: Rect
    a: int
    b: int
    vertical: bool


@dataclass(frozen=True, slots=True)
class _Cursor:
    x: float          # the open edge along the row (or the connector's far side)
    row: int          # 0 is the lead's row; the right arm counts down (+), the left arm up (-)
    heading: int      # +1 east, -1 west
    fresh: bool = False  # the last tile was a turn's connector


@dataclass(frozen=True, slots=True)
class LineGeometry:
    """Spots of the line (left to right), the size ``s``, each open end's last half and next cursor."""

    s: int
    spots: tuple[Spot, ...]
    end_rects: dict[End, Rect]
    """The open half of the last tile at each end (R15), for the end markers."""
    cursors: dict[End, _Cursor]
    centre_y: float
    bounds: Rect

    def ghost(self, end: End, pip_touching: int, other: int) -> Spot:
        """Where a tile with halves (``pip_touching``, ``other``) would lie at ``end`` (R25 preview)."""
        spot, _ = _place(self.cursors[end], self.s, pip_touching, other, self.centre_y,
                         self.bounds, end)
        return spot


def _row_y(centre_y: float, row: int, s: int) -> float:
    return centre_y + row * (2 * s + _gap(s))


def _gap(s: int) -> int:
    return max(1, s // 10)


def _place(c: _Cursor, s: int, first: int, second: int, centre_y: float, bounds: Rect,
           end: End) -> tuple[Spot, _Cursor]:
    """Lay one tile (halves ``first`` touching, ``second`` open) after cursor ``c``."""
    x0, _, w, _ = bounds
    lo, hi = x0, x0 + w
    g = _gap(s)
    double = first == second and not c.fresh  # just after a turn a double lies along
    length = s if double else 2 * s
    yc = _row_y(centre_y, c.row, s)
    ahead = c.x + c.heading * (g + length)
    room = ahead + c.heading * (g + s)  # keep one column free for the turn
    if lo <= min(ahead, room) and max(ahead, room) <= hi:
        left = min(c.x + c.heading * g, ahead)
        if double:
            spot = Spot((round(left), round(yc - s), s, 2 * s), first, second, True)
            return spot, _Cursor(ahead, c.row, c.heading)
        elif c.heading > 0:
            spot = Spot((round(left), round(yc - s / 2), 2 * s, s), first, second, False)
        else:
            spot = Spot((round(left), round(yc - s / 2), 2 * s, s), second, first, False)
        return spot, _Cursor(ahead, c.row, c.heading)
    # turn: a connector along the edge column, then the next row heads back
    col = c.x + c.heading * g if c.heading > 0 else c.x - g - s
    down = 1 if end is End.RIGHT else -1
    if down > 0:
        spot = Spot((round(col), round(yc - s / 2), s, 2 * s), first, second, True)
        nxt_edge = col + s if c.heading > 0 else col
    else:
        spot = Spot((round(col), round(yc - 1.5 * s), s, 2 * s), second, first, True)
        nxt_edge = col + s if c.heading > 0 else col
    return spot, _Cursor(nxt_edge, c.row + down, -c.heading, True)


def _orient(p: Placed, end: End) -> tuple[int, int]:
    """Halves in travel order from the lead outward: (touching, open)."""
    return (p.left, p.right) if end is End.RIGHT else (p.right, p.left)


def _build(line: tuple[Placed, ...], s: int, area: Rect) -> LineGeometry:
    x, y, w, h = area
    g = _gap(s)
    lead = line[0] if line else None
    rights = [p for p in line[1:] if p.end is End.RIGHT]
    lefts = [p for p in line[1:] if p.end is End.LEFT]
    cx = x + w / 2
    # first pass with centre 0 to count rows, then centre the block vertically
    spots_r: list[Spot] = []
    spots_l: list[Spot] = []
    if lead is None:
        cur = {End.LEFT: _Cursor(cx, 0, -1), End.RIGHT: _Cursor(cx, 0, 1)}
        return LineGeometry(s, (), {}, cur, y + h / 2, area)
    half = (s / 2) if lead.left == lead.right else s
    cur_r = _Cursor(cx + half, 0, 1)
    cur_l = _Cursor(cx - half, 0, -1)
    for p in rights:
        spot, cur_r = _place(cur_r, s, *_orient(p, End.RIGHT), 0.0, area, End.RIGHT)
        spots_r.append(spot)
    for p in lefts:
        spot, cur_l = _place(cur_l, s, *_orient(p, End.LEFT), 0.0, area, End.LEFT)
        spots_l.append(spot)
    rows_down, rows_up = cur_r.row, -cur_l.row
    pitch = 2 * s + g
    top = -rows_up * pitch - s
    bottom = rows_down * pitch + s
    dy = round(y + h / 2 - (top + bottom) / 2)
    centre = float(dy)

    def shift(sp: Spot) -> Spot:
        rx, ry, rw, rh = sp.rect
        return Spot((rx, ry + dy, rw, rh), sp.a, sp.b, sp.vertical)

    if lead.left == lead.right:
        lead_spot = Spot((round(cx - s / 2), round(centre - s), s, 2 * s), lead.left, lead.right, True)
    else:
        lead_spot = Spot((round(cx - s), round(centre - s / 2), 2 * s, s), lead.left, lead.right, False)
    spots = tuple(shift(sp) for sp in reversed(spots_l)) + (lead_spot,) + tuple(shift(sp) for sp in spots_r)
    ends = {End.LEFT: _open_half(spots[0], End.LEFT, s, bool(lefts), cur_l),
            End.RIGHT: _open_half(spots[-1], End.RIGHT, s, bool(rights), cur_r)}
    return LineGeometry(s, spots, ends, {End.LEFT: cur_l, End.RIGHT: cur_r}, centre, area)


def _open_half(sp: Spot, end: End, s: int, moved: bool, cur: _Cursor) -> Rect:
    """The half of the end tile that shows the open pip value."""
    x, y, w, h = sp.rect
    if w == h:  # not reached: tiles are never square
        return sp.rect
    if not sp.vertical:
        east = cur.heading > 0
        return (x + s, y, s, s) if east else (x, y, s, s)
    if not cur.fresh:
        return sp.rect  # a double across: the whole tile is the open end
    return (x, y + s, s, s) if (end is End.RIGHT) else (x, y, s, s)


def _fits(geo: LineGeometry, area: Rect, keep_out: tuple[Rect, ...] = ()) -> bool:
    x, y, w, h = area
    for sp in geo.spots:
        rx, ry, rw, rh = sp.rect
        if rx < x or ry < y or rx + rw > x + w or ry + rh > y + h:
            return False
        if any(overlaps(sp.rect, k) for k in keep_out):
            return False
    return True


def line_geometry(line: tuple[Placed, ...], area: Rect, s_max: int, floor: int = 6,
                  keep_out: tuple[Rect, ...] = ()) -> LineGeometry:
    """The winding line of play inside ``area`` with the largest tile size ``s`` from ``s_max`` down.

    Sizes go down a ladder of 8% steps, so the line keeps its size for several tiles and
    shrinks as it grows (issue 11.1). Room for one more tile (the ghost of R25) is kept at each
    end. Never fails: at ``floor`` px (the readable minimum) the line is returned as it is;
    below that only when even the floor cannot hold it (a line of play is always shown whole).
    ``keep_out``: boxes drawn inside ``area`` (the recap of the last moves, layout.recap_box) that the line
    and its ghosts keep clear of above the floor; at the floor the line keeps only to ``area`` (the caller
    moves the box away, s14 player F-c).
    """
    s = max(6, s_max)
    while True:
        geo = _build(line, s, area)
        if s <= 6 or (_fits(geo, area, keep_out) and _ghosts_fit(geo, area, keep_out)):
            return geo
        if s <= floor and _fits(geo, area):
            return geo
        s = max(6, int(s * 0.92))


def _ghosts_fit(geo: LineGeometry, area: Rect, keep_out: tuple[Rect, ...] = ()) -> bool:
    if not geo.spots:
        return True
    probe = LineGeometry(geo.s, tuple(geo.ghost(e, 1, 2) for e in End), {}, geo.cursors,
                         geo.centre_y, geo.bounds)
    return _fits(probe, area, keep_out)
