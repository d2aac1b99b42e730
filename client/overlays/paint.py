"""Small painters for the ledger: a tile, a team-coloured dot and the score chart (issue 6).

Each takes a surface and a screen rect and only draws.
"""
from __future__ import annotations

from typing import Callable

import pygame

from doublenine.shared.i18n import Translator
from doublenine.shared.tiles import Tile

from .text import MUTED, PANEL_EDGE, TEAM_COLOURS, TEXT, TILE_FACE, TILE_INK, Fonts

TILE_W, TILE_H = 42, 22
"""A mini tile lying flat: two square-ish halves with their pip number."""
PLAYED_EDGE = (150, 160, 148)
"""The frame of a played tile in the ledger's hands as dealt (hollow: :func:`paint_tile`)."""
TARGET = 100
"""R19: the score that wins the match (drawn as a line on the chart)."""


def paint_tile(surface: pygame.Surface, rect: pygame.Rect, fonts: Fonts,
               halves: tuple[int, int], faded: bool = False) -> None:
    """A tile showing ``halves`` (left, right) as digits; ``faded`` for tiles already played: drawn hollow
    (:data:`PLAYED_EDGE` frame, :data:`.text.TEXT` digits on the panel), not greyed (s14 access F5: grey
    digits on a grey face, 1.73:1, a third of each dealt hand unreadable; now 11.3:1, the held ones 14.9:1)."""
    face = None if faded else TILE_FACE
    ink = TEXT if faded else TILE_INK
    k = getattr(fonts, "k", 1.0)  # ``rect`` is on screen, the fonts' sizes are base px (text.Scaled)
    if face is None:
        pygame.draw.rect(surface, PLAYED_EDGE, rect, max(1, round(k)), border_radius=round(4 * k))
    else:
        pygame.draw.rect(surface, face, rect, border_radius=round(4 * k))
    mid = rect.x + rect.w // 2
    pygame.draw.line(surface, ink, (mid, rect.y + round(3 * k)), (mid, rect.bottom - round(4 * k)), max(1, round(k)))
    for value, cx in ((halves[0], rect.x + rect.w // 4), (halves[1], rect.x + 3 * rect.w // 4)):
        img = fonts.draw(str(value), rect.h / k - 7, ink, True, width=max(1, rect.w // 2))
        surface.blit(img, img.get_rect(center=(cx + 1, rect.centery)))


Painter = Callable[[pygame.Surface, pygame.Rect], None]
"""Draws something into a screen rect."""


def tile_painter(fonts: Fonts, tile: Tile, faded: bool = False,
                 halves: tuple[int, int] | None = None) -> Painter:
    """A ``paint(surface, rect)`` closure for one tile (low-high unless ``halves`` given)."""
    shown = halves if halves is not None else (tile.low, tile.high)
    def paint(surface: pygame.Surface, rect: pygame.Rect) -> None:
        paint_tile(surface, rect, fonts, shown, faded)
    return paint


def paint_dot(colour: tuple[int, int, int]) -> Painter:
    """A ``paint(surface, rect)`` closure for a round dot of ``colour`` filling ``rect`` (a team's, R2)."""
    def paint(surface: pygame.Surface, rect: pygame.Rect) -> None:
        pygame.draw.circle(surface, colour, rect.center, rect.h // 2)
    return paint


def paint_chart(surface: pygame.Surface, rect: pygame.Rect, fonts: Fonts, tr: Translator,
                points: tuple[tuple[int, int], ...]) -> None:
    """Both teams' scores (A, B) after each hand (index 0 = start, 0-0), with the 100 line; the hands'
    axis says it counts hands (s11 new user: "0 1 2 3" had no label)."""
    scale = getattr(fonts, "k", 1.0)  # ``rect`` is on screen, the fonts' sizes are base px (text.Scaled)

    def px(base: float) -> int:
        return round(base * scale)

    pygame.draw.rect(surface, (24, 38, 33), rect, border_radius=px(6))
    top = max(TARGET, *(max(p) for p in points)) if points else TARGET
    top = (top + 24) // 25 * 25
    plot = pygame.Rect(rect.x + px(44), rect.y + px(10), rect.w - px(60), rect.h - px(52))
    axis = fonts.draw(tr.pgettext("chart axis", "hand"), 13, MUTED, width=plot.w)
    surface.blit(axis, axis.get_rect(midtop=(plot.centerx, plot.bottom + px(24))))
    n = max(1, len(points) - 1)

    def at(k: int, score: int) -> tuple[int, int]:
        return plot.x + plot.w * k // n, plot.bottom - plot.h * score // top

    for tick in range(0, top + 1, 50 if top > 100 else 25):
        y = at(0, tick)[1]
        colour = (150, 130, 70) if tick == TARGET else (52, 70, 62)
        pygame.draw.line(surface, colour, (plot.x, y), (plot.right, y), px(2) if tick == TARGET else max(1, px(1)))
        img = fonts.draw(tr.number(tick), 13, MUTED, width=plot.x - px(6) - rect.x)
        surface.blit(img, img.get_rect(midright=(plot.x - px(6), y)))
    for k in range(len(points)):
        img = fonts.draw(tr.number(k), 13, MUTED, width=max(px(12), plot.w // n))
        surface.blit(img, img.get_rect(midtop=(at(k, 0)[0], plot.bottom + px(6))))
    for team in (0, 1):
        colour = TEAM_COLOURS["AB"[team]]
        shift = -px(2) if team == 0 else px(2)  # equal scores show as a two-colour band, not one line
        pts = [(x, y + shift) for x, y in (at(k, p[team]) for k, p in enumerate(points))]
        if len(pts) > 1:
            pygame.draw.lines(surface, colour, False, pts, px(3))
        for p in pts:
            pygame.draw.circle(surface, colour, p, px(4))
    pygame.draw.rect(surface, PANEL_EDGE, rect, width=1, border_radius=6)
