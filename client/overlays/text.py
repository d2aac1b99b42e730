"""Fonts, colours and word wrapping shared by the rules and ledger overlays (issue 6).

The window font is DejaVu Sans (``client/fonts``, full Latin coverage, so é, ç,
ã, ñ, ü, ß and ú in "Tripollúa" render); pygame's default font is the fallback
if the file is missing. Nothing here draws to the screen by itself.
"""
from __future__ import annotations

from importlib import resources

import pygame

from ..palette import TEAM_COLOURS  # noqa: F401 - the table's team colours, for the chart and rows

FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}
"""The shipped font files (regular, bold) in ``doublenine.client/fonts``."""

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


def font_path(bold: bool = False) -> str | None:
    """Path of the shipped DejaVu Sans file, or None when it is not installed."""
    path = resources.files("doublenine.client").joinpath("fonts", FONT_FILES[bold])
    return str(path) if path.is_file() else None


class Fonts:
    """Fonts by (size, bold), loaded once per instance (pygame.font must be initialised)."""

    def __init__(self) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self._cache: dict[tuple[int, bool], pygame.font.Font] = {}

    def get(self, size: int, bold: bool = False) -> pygame.font.Font:
        """The font of ``size`` pixels; DejaVu Sans when shipped, else pygame's default."""
        key = (size, bold)
        if key not in self._cache:
            path = font_path(bold)
            font = pygame.font.Font(path, size)
            if path is None and bold:
                font.set_bold(True)
            self._cache[key] = font
        return self._cache[key]


def wrap(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """Split ``text`` into lines no wider than ``width`` pixels, breaking at spaces.

    A single word wider than ``width`` gets a line of its own (never cut).
    Explicit newlines are kept.
    """
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            trial = word if not line else f"{line} {word}"
            if line and font.size(trial)[0] > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


def draw_button(surface: pygame.Surface, fonts: Fonts, rect: pygame.Rect, label: str,
                hover: bool = False) -> None:
    """A flat rounded button with a centred label."""
    pygame.draw.rect(surface, BUTTON_HOVER if hover else BUTTON, rect, border_radius=6)
    pygame.draw.rect(surface, PANEL_EDGE, rect, width=1, border_radius=6)
    img = fonts.get(15, True).render(label, True, TEXT)
    surface.blit(img, img.get_rect(center=rect.center))


def button_width(fonts: Fonts, label: str) -> int:
    """The width a button needs for ``label`` (padding included)."""
    return fonts.get(15, True).size(label)[0] + 24
