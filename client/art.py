"""Pictures, made once and cached per size: felt, tiles with real pips, backs, shadows, text.

Tile faces are drawn at three times their size and smoothed down, so pips stay
round and sharp from 800x600 up to 2560x1440. Every cache lives on an
:class:`Art` instance (no module state); text goes through
:class:`~doublenine.client.typeset.Typeface`, the only caller of the font.
"""
from __future__ import annotations

import random

import pygame

from .palette import TEAM_COLOURS  # re-exported: one place for the team colours (table and ledger)
from .typeset import Typeface

IVORY_TOP = (252, 248, 238)
IVORY_BOTTOM = (234, 225, 205)
EDGE = (150, 138, 112)
PIP = (28, 30, 38)
PIP_COLOURS = {1: (0, 114, 178), 2: (0, 148, 0), 3: (142, 129, 0), 4: (0, 144, 120), 5: (128, 70, 160),
               6: (230, 0, 93), 7: (200, 82, 0), 8: (30, 70, 170), 9: PIP}
"""Pip colour per number, as many double-nine sets have (new user 14: 3|8 8|7 misread as 3|9 9|9 at table
size). Each at least 3:1 contrast on the ivory face; 7, 8 and 9 (orange, blue, black) differ in hue and
in lightness, so they stay apart under protanopia, deuteranopia and tritanopia. 2 green, 3 olive, 4 teal
and 6 pink-red were chosen (1, 5, 7, 8, 9 kept) by a search over colours meeting those constraints for
the largest differences between any two numbers (CIELAB), on a dimmed hand tile too (new user s9 item 10:
3 red by 6 magenta and 2 green by 4 teal were told apart with effort, dimmed hardly); checked in
tests/client/test_pip_colours.py. Off (all :data:`PIP`) by the ``pip_colours`` setting (client.json)."""
BRASS = (196, 160, 78)
BACK_TOP = (128, 34, 46)
BACK_BOTTOM = (92, 20, 32)
FELT_CENTRE = (44, 122, 78)
FELT_EDGE = (14, 58, 36)
GOLD = (244, 204, 96)

# 3x3 pip grid positions (column, row) for an upright half, per pip value 0..9 (double-nine sets)
_GRID = {
    0: (), 1: ((1, 1),), 2: ((0, 0), (2, 2)), 3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)), 5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
    7: ((0, 0), (2, 0), (0, 1), (1, 1), (2, 1), (0, 2), (2, 2)),
    8: ((0, 0), (1, 0), (2, 0), (0, 1), (2, 1), (0, 2), (1, 2), (2, 2)),
    9: tuple((c, r) for r in range(3) for c in range(3)),
}
SS = 3  # supersampling factor for tile art


def pip_positions(value: int, vertical: bool) -> tuple[tuple[int, int], ...]:
    """Grid cells (column, row) of the pips of ``value`` in a half; rotated for a lying tile."""
    cells = _GRID[value]
    return cells if vertical else tuple((r, c) for c, r in cells)


class Art:
    """Caches of every picture the painter blits (per size, per text)."""

    def __init__(self, pip_colours: bool = True) -> None:
        self.pip_colours = pip_colours
        """Pips coloured by number (:data:`PIP_COLOURS`); False: all :data:`PIP`."""
        self.type = Typeface()
        """Every text drawn through the one function of :mod:`.typeset`."""
        self._faces: dict[tuple[int, int, int, int, bool], pygame.Surface] = {}
        self._backs: dict[tuple[int, int], pygame.Surface] = {}
        self._shadows: dict[tuple[int, int], pygame.Surface] = {}
        self._felt: dict[tuple[int, int], pygame.Surface] = {}
        self._plates: dict[tuple[int, int, tuple[int, ...], int], pygame.Surface] = {}

    def set_pip_colours(self, on: bool) -> None:
        """Pips coloured by number (``on``) or all dark from now on; the faces drawn the other way are dropped."""
        if on != self.pip_colours:
            self.pip_colours = on
            self._faces.clear()

    # ------------------------------------------------------------ text
    def text(self, text: str, size: int, colour: tuple[int, ...] = (245, 240, 228),
             bold: bool = False, width: int | None = None) -> pygame.Surface:
        """Antialiased text of any content, cached; fitted into ``width`` px when given (:mod:`.typeset`)."""
        return self.type.draw(text, size, colour, bold, width=width)

    def fit_text(self, text: str, size: int, width: int, colour: tuple[int, ...] = (245, 240, 228),
                 bold: bool = False, only: str = "") -> pygame.Surface:
        """Text shrunk (never below the readable minimum) and then cut with an ellipsis to fit ``width`` px;
        ``only``: the part that may be cut (a name), the words around it kept (:meth:`.typeset.Typeface.draw`)."""
        return self.type.draw(text, size, colour, bold, width=width, only=only)

    # ------------------------------------------------------------ tiles
    def face(self, w: int, h: int, a: int, b: int, vertical: bool) -> pygame.Surface:
        """An ivory tile face ``w`` x ``h`` with ``a`` pips on the left/top half, ``b`` on the other."""
        key = (w, h, a, b, vertical)
        surf = self._faces.get(key)
        if surf is None:
            if len(self._faces) > 400:  # the line's size changes as it grows: old sizes go
                self._faces.clear()
            surf = self._make_face(w, h, a, b, vertical)
            self._faces[key] = surf
        return surf

    def _make_face(self, w: int, h: int, a: int, b: int, vertical: bool) -> pygame.Surface:
        W, H = w * SS, h * SS
        big = pygame.Surface((W, H), pygame.SRCALPHA)
        short = min(W, H)
        radius = max(2, round(short * 0.16))
        _gradient_round_rect(big, (0, 0, W, H), IVORY_TOP, IVORY_BOTTOM, radius)
        pygame.draw.rect(big, EDGE, (0, 0, W, H), max(1, SS), border_radius=radius)
        pygame.draw.rect(big, (255, 255, 250), (SS, SS, W - 2 * SS, H - 2 * SS), max(1, SS // 2),
                         border_radius=radius)
        half = short
        inset = round(half * 0.16)
        if vertical:
            pygame.draw.line(big, (140, 128, 104), (inset, H // 2), (W - inset, H // 2), max(1, short // 28))
            halves = ((0, 0, W, H // 2, a), (0, H // 2, W, H - H // 2, b))
        else:
            pygame.draw.line(big, (140, 128, 104), (W // 2, inset), (W // 2, H - inset), max(1, short // 28))
            halves = ((0, 0, W // 2, H, a), (W // 2, 0, W - W // 2, H, b))
        for hx, hy, hw, hh, value in halves:
            _pips(big, (hx, hy, hw, hh), value, vertical, pip_colour(value, self.pip_colours))
        pygame.draw.circle(big, BRASS, (W // 2, H // 2), max(2, round(short * 0.055)))
        pygame.draw.circle(big, (236, 210, 140), (W // 2 - short // 60, H // 2 - short // 60),
                           max(1, round(short * 0.025)))
        return pygame.transform.smoothscale(big, (w, h))

    def back(self, w: int, h: int) -> pygame.Surface:
        """A face-down tile (R9, R21: others' tiles and the draw are never shown)."""
        key = (w, h)
        surf = self._backs.get(key)
        if surf is None:
            W, H = w * SS, h * SS
            big = pygame.Surface((W, H), pygame.SRCALPHA)
            short = min(W, H)
            radius = max(2, round(short * 0.16))
            _gradient_round_rect(big, (0, 0, W, H), BACK_TOP, BACK_BOTTOM, radius)
            pygame.draw.rect(big, (60, 12, 20), (0, 0, W, H), max(1, SS), border_radius=radius)
            ins = max(2, round(short * 0.14))
            pygame.draw.rect(big, (214, 172, 96), (ins, ins, W - 2 * ins, H - 2 * ins), max(1, SS),
                             border_radius=max(1, radius - ins // 2))
            pygame.draw.circle(big, (214, 172, 96), (W // 2, H // 2), max(2, round(short * 0.16)), max(1, SS))
            surf = pygame.transform.smoothscale(big, (w, h))
            self._backs[key] = surf
        return surf

    def shadow(self, w: int, h: int) -> pygame.Surface:
        """A soft shadow for a ``w`` x ``h`` tile, ``pad`` px larger each side (see :meth:`shadow_pad`)."""
        key = (w, h)
        surf = self._shadows.get(key)
        if surf is None:
            pad = self.shadow_pad(w, h)
            surf = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
            r = max(2, round(min(w, h) * 0.16))
            pygame.draw.rect(surf, (0, 0, 0, 120), (pad, pad, w, h), border_radius=r)
            if pad >= 2:
                surf = pygame.transform.gaussian_blur(surf, max(1, pad // 2))
            self._shadows[key] = surf
        return surf

    @staticmethod
    def shadow_pad(w: int, h: int) -> int:
        """Blur margin of :meth:`shadow`."""
        return max(2, min(w, h) // 7)

    # ------------------------------------------------------------ table
    def felt(self, size: tuple[int, int]) -> pygame.Surface:
        """The green felt for a window size: a soft radial light and a fine weave, made once."""
        surf = self._felt.get(size)
        if surf is None:
            if len(self._felt) > 4:
                self._felt.clear()
            small = pygame.Surface((96, 60))
            for i in range(72, 0, -1):
                t = min(1.0, i / 60)
                c = tuple(round(FELT_CENTRE[k] * (1 - t) + FELT_EDGE[k] * t) for k in range(3))
                pygame.draw.ellipse(small, c, (48 - i * 1.3, 30 - i * 0.85, i * 2.6, i * 1.7))
            surf = pygame.transform.smoothscale(small, size).convert() if pygame.display.get_surface() \
                else pygame.transform.smoothscale(small, size)
            weave = _weave()
            for x in range(0, size[0], weave.get_width()):
                for y in range(0, size[1], weave.get_height()):
                    surf.blit(weave, (x, y))
            self._felt[size] = surf
        return surf

    def plate(self, w: int, h: int, colour: tuple[int, ...], radius: int) -> pygame.Surface:
        """A translucent rounded panel."""
        key = (w, h, colour, radius)
        surf = self._plates.get(key)
        if surf is None:
            if len(self._plates) > 64:
                self._plates.clear()
            surf = pygame.Surface((w, h), pygame.SRCALPHA)
            pygame.draw.rect(surf, colour, (0, 0, w, h), border_radius=radius)
            self._plates[key] = surf
        return surf


def pip_colour(value: int, coloured: bool = True) -> tuple[int, int, int]:
    """The ink of the pips of number ``value`` (1..9): its :data:`PIP_COLOURS` entry, or :data:`PIP`."""
    return PIP_COLOURS.get(value, PIP) if coloured else PIP


def _pips(big: pygame.Surface, rect: tuple[int, int, int, int], value: int, vertical: bool,
          ink: tuple[int, int, int] = PIP) -> None:
    x, y, w, h = rect
    side = min(w, h)
    ox, oy = x + (w - side) / 2, y + (h - side) / 2
    r = side * 0.085 if value <= 6 else side * 0.075
    shine = tuple(round(c + (255 - c) * 0.3) for c in ink)  # the pip's highlight, a lighter ink
    for c, row in pip_positions(value, vertical):
        px = ox + side * (0.24 + 0.26 * c)
        py = oy + side * (0.24 + 0.26 * row)
        pygame.draw.circle(big, ink, (px, py + r * 0.12), r)
        pygame.draw.circle(big, shine, (px - r * 0.3, py - r * 0.3), max(1.0, r * 0.28))


def _gradient_round_rect(surf: pygame.Surface, rect: tuple[int, int, int, int], top: tuple[int, int, int],
                         bottom: tuple[int, int, int], radius: int) -> None:
    x, y, w, h = rect
    grad = pygame.Surface((w, h), pygame.SRCALPHA)
    steps = max(2, min(h, 64))
    for i in range(steps):
        t = i / (steps - 1)
        c = tuple(round(top[k] * (1 - t) + bottom[k] * t) for k in range(3))
        y0 = round(i * h / steps)
        y1 = round((i + 1) * h / steps)
        pygame.draw.rect(grad, c, (0, y0, w, y1 - y0))
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), (0, 0, w, h), border_radius=radius)
    grad.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(grad, (x, y))


def _weave() -> pygame.Surface:
    """A small tile of faint noise, the texture of baize."""
    rng = random.Random(7)
    tile = pygame.Surface((64, 64), pygame.SRCALPHA)
    for _ in range(900):
        v = rng.choice((0, 255))
        tile.set_at((rng.randrange(64), rng.randrange(64)), (v, v, v, rng.randrange(6, 16)))
    return tile
