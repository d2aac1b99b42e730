"""Colours and buttons shared by the rules and ledger overlays (issue 6).

Text is drawn, measured and wrapped by :class:`~doublenine.client.typeset.Typeface`
(here ``Fonts``): DejaVu Sans (``client/fonts``, full Latin coverage, so é, ç,
ã, ñ, ü, ß and ú in "Tripollúa" render), any string accepted.
"""
from __future__ import annotations

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


def draw_button(surface: pygame.Surface, fonts: Fonts, rect: pygame.Rect, label: str,
                hover: bool = False) -> None:
    """A flat rounded button with a centred label."""
    pygame.draw.rect(surface, BUTTON_HOVER if hover else BUTTON, rect, border_radius=6)
    pygame.draw.rect(surface, PANEL_EDGE, rect, width=1, border_radius=6)
    img = fonts.draw(label, 15, TEXT, True, width=rect.w - 8)
    surface.blit(img, img.get_rect(center=rect.center))


def button_width(fonts: Fonts, label: str) -> int:
    """The width a button needs for ``label`` (padding included)."""
    return fonts.measure(label, 15, True)[0] + 24
