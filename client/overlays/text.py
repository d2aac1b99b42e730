"""Colours and buttons shared by the rules and ledger overlays (issue 6).

Text is drawn, measured and wrapped by :class:`~doublenine.client.typeset.Typeface`
(here ``Fonts``): DejaVu Sans (``client/fonts``, full Latin coverage, so é, ç,
ã, ñ, ü, ß and ú in "Tripollúa" render), any string accepted.
"""
from __future__ import annotations

import math
from typing import Any

import pygame

from ..palette import TEAM_COLOURS  # noqa: F401 - the table's team colours, for the chart and rows
from ..typeset import FONT_FILES, Typeface, font_path  # noqa: F401 - font_path: the i18n glyph test

BG = (22, 34, 30)
PANEL = (31, 48, 42)
PANEL_EDGE = (90, 120, 105)
TEXT = (236, 232, 218)
MUTED = (170, 176, 160)
ACCENT = (240, 196, 90)
BUTTON = (58, 86, 74)
BUTTON_HOVER = (76, 112, 96)
TILE_FACE = (246, 242, 230)
TILE_INK = (30, 30, 30)


Fonts = Typeface
"""The overlays draw and measure text through the client's one text function (:mod:`..typeset`)."""


class Scaled:
    """A :class:`Fonts` whose sizes are multiplied by ``k`` (s14 access F3/F4: the overlays took fixed px
    sizes, 14-17 px text at 4K beside the table's 40 px). The overlays lay out in *base* px (their sizes
    and gaps as written, the 1280x800 ones), so :meth:`measure`, :meth:`line_height` and :meth:`wrap` take
    and give base px (the real width divided by ``k``, rounded up); :meth:`draw` gives the real, sharp
    image (``size * k`` px), fitted into ``width`` *screen* px. ``k`` 1: the plain typeface."""

    def __init__(self, face: Typeface, k: float = 1.0) -> None:
        self.face, self.k = face, float(k)

    def px(self, size: float) -> int:
        """``size`` base px in screen px."""
        return max(1, round(size * self.k))

    def measure(self, text: object, size: int, bold: bool = False) -> tuple[int, int]:
        """(width, height) of ``text`` at ``size``, base px."""
        w, h = self.face.measure(text, self.px(size), bold)
        return math.ceil(w / self.k), math.ceil(h / self.k)

    def line_height(self, size: int, bold: bool = False) -> int:
        """Distance between two lines of ``size`` text, base px."""
        return math.ceil(self.face.line_height(self.px(size), bold) / self.k)

    def wrap(self, text: object, size: int, width: int, bold: bool = False) -> list[str]:
        """``text`` broken into lines at most ``width`` base px wide (:meth:`Typeface.wrap`)."""
        return self.face.wrap(text, self.px(size), int(width * self.k), bold)

    def draw(self, text: object, size: int, colour: tuple[int, int, int] = (245, 240, 228), bold: bool = False,
             width: int | None = None, min_size: int | None = None, only: str = "") -> pygame.Surface:
        """``text`` drawn at ``size * k`` px, fitted into ``width`` screen px (:meth:`Typeface.draw`)."""
        return self.face.draw(text, self.px(size), colour, bold, width,
                              None if min_size is None else self.px(min_size), only)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.face, name)


def overlay_scale(font: int) -> float:
    """The overlays' scale for a table whose text is ``font`` px (:func:`..layout.metrics`): the table's
    own, 1 at 1280x800 (18 px), never below 1 (the overlays were laid out for 800x600 at that)."""
    return max(1.0, font / 18)


def draw_button(surface: pygame.Surface, fonts: Fonts, rect: pygame.Rect, label: str,
                hover: bool = False) -> None:
    """A flat rounded button with a centred label."""
    pygame.draw.rect(surface, BUTTON_HOVER if hover else BUTTON, rect, border_radius=6)
    pygame.draw.rect(surface, PANEL_EDGE, rect, width=1, border_radius=6)
    img = fonts.draw(label, 15, TEXT, True, width=rect.w - round(8 * getattr(fonts, "k", 1.0)))
    surface.blit(img, img.get_rect(center=rect.center))


def button_width(fonts: Fonts, label: str) -> int:
    """The width a button needs for ``label`` (padding included), in ``fonts``' px (base px for :class:`Scaled`)."""
    return fonts.measure(label, 15, True)[0] + 24
