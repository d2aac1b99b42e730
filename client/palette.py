"""Colours that mean something everywhere in the client: the two teams.

The table (art, render), the ledger overlay's chart and hand rows, and the
opening-draw badges all take the team colours from here, so team A is the same
warm gold and team B the same sky blue on every screen.
"""
from __future__ import annotations

TEAM_COLOURS: dict[str, tuple[int, int, int]] = {"A": (232, 176, 72), "B": (96, 182, 220)}
"""Team A warm gold/orange, team B sky blue: told apart also by the letter shown beside them."""

PLAYABLE_RING = (255, 244, 200)
"""The ring round a hand tile that can be played now (render._hand): its outer band, >= 3:1 on the felt, and
the fill of the chip its position number stands on."""

PLAYABLE_EDGE = (24, 30, 26)
"""The ring's inner band, on the tile's own edge (>= 3:1 on the ivory face and on :data:`PLAYABLE_RING`), and
the chip's number. Two bands because no one colour holds 3:1 against both the felt (its light centre and its
dark edge) and the ivory tile (access s16 F2: the cream ring alone was 1.04:1 on the tile)."""


def luminance(rgb: tuple[int, ...]) -> float:
    """WCAG 2.x relative luminance of an sRGB colour (0-255 each), 0.0 (black) to 1.0 (white)."""
    def linear(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """WCAG 2.x contrast ratio of two colours, 1.0 to 21.0 (text needs 4.5, a meaningful mark 3: SC 1.4.3,
    1.4.11)."""
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def over(base: tuple[int, ...], top: tuple[int, ...], alpha: int) -> tuple[int, int, int]:
    """``top`` laid over ``base`` at ``alpha`` (0-255), as pygame blends it."""
    return tuple(round(b * (255 - alpha) / 255 + t * alpha / 255) for b, t in zip(base[:3], top[:3]))  # type: ignore[return-value]
