"""A second game window on the same data folder asks first (new user s15: it watched another table).

Shown instead of the start screen or a table when another live window holds the data folder's lock
(client/instance.py). It says that window is open and offers: **Bring it forward** (the gold default, Enter:
that window raises itself and this one closes), **Open a separate session** (this window plays its own tables
in memory and keeps nothing: no kept match, seat or setting of the first window's is read back into play or
written), or **Close** (Esc). The choice is returned to the command line (:attr:`OtherWindow.choice`), which
opens what was chosen (cli.run). Never two windows on one seat or one game file.
"""
from __future__ import annotations

from typing import Any

import pygame

from doublenine.shared.i18n import N_

from ..art import GOLD, Art
from ..focus import cycle, draw_ring
from ..input import Viewport, pointer
from ..layout import metrics
from ..panels import Button
from ..render import INK, draw_button, draw_fitted
from ..snake import Rect
from ..text import tr
from .base import Change

ALREADY_OPEN = N_("doublenine is already open")
"""The card's heading."""
ALREADY_SAID = N_("Another doublenine window on this computer holds your matches and seats. Bring it forward, or "
                  "open a separate session here: its tables are its own, and nothing of it is kept once this "
                  "window closes.")
"""What the card says: why this window does not play, and what each choice does."""
FORWARD = N_("Bring it forward")
SEPARATE = N_("Open a separate session")
CLOSE = N_("Close")
SEPARATE_SAID = N_("A separate session: nothing of it is kept once this window closes, and your other window's "
                   "matches are not here")
"""Said on the separate session's start screen, in the message's place (scenes/startform.message_place)."""
CHOICES = ("forward", "separate", "close")
"""The card's buttons, in Tab order; Enter with none focused presses the first (the likely wish)."""


def other_layout(size: tuple[int, int]) -> dict[str, Rect]:
    """Rectangles of the card, its text and its three buttons (one per row) in a window of ``size`` px (pure)."""
    w, h = size
    u, f, sm = metrics(size)
    m = round(16 * u)
    cw = min(round(34 * f), w - 2 * m)
    bh = round(2.1 * f)
    gap = round(0.6 * f)
    text_h = round(7.2 * f)
    ch = round(2.4 * f) + text_h + 3 * bh + 2 * gap + 2 * m
    x, y = (w - cw) // 2, max(m, (h - ch) // 2)
    out: dict[str, Rect] = {"card": (x, y, cw, ch), "text": (x + m, y + round(2.4 * f), cw - 2 * m, text_h)}
    top = y + round(2.4 * f) + text_h + m // 2
    for i, cid in enumerate(CHOICES):
        out[cid] = (x + m, top + i * (bh + gap), cw - 2 * m, bh)
    return out


class OtherWindow:
    """The second window's question; :attr:`choice` says what was chosen once the scene quits."""

    def __init__(self, lang: str, art: Art | None = None) -> None:
        self.lang = lang
        self.art = art or Art()
        self.choice = "close"
        """``forward``, ``separate`` or ``close`` (the window closed without a choice: nothing opens)."""
        self.focus = "forward"
        self.vp = Viewport((1280, 800), (1280, 800))
        self.dirty = True

    def title(self) -> str:
        """The window's title."""
        return "doublenine"

    def resize(self, vp: Viewport) -> None:
        """New window size."""
        self.vp, self.dirty = vp, True

    def press(self, cid: str) -> Change:
        """Choose ``cid`` (one of :data:`CHOICES`): the window then closes, and the command line opens it."""
        self.choice = cid
        return Change("quit")

    def handle(self, event: Any) -> Change | None:
        """Click a button; Tab / Shift+Tab or the arrows move the ring, Enter or Space presses it, Esc closes."""
        self.dirty = True
        if event.type == pygame.QUIT:
            return self.press("close")
        pos = pointer(event, self.vp) if event.type == pygame.MOUSEBUTTONDOWN else None
        if pos is not None:
            lay = other_layout(self.vp.pixels)
            hit = next((cid for cid in CHOICES if pygame.Rect(lay[cid]).collidepoint(pos)), None)
            return self.press(hit) if hit is not None else None
        if event.type != pygame.KEYDOWN:
            return None
        if event.key == pygame.K_ESCAPE:
            return self.press("close")
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            return self.press(self.focus)
        if event.key in (pygame.K_TAB, pygame.K_UP, pygame.K_DOWN):
            back = event.key == pygame.K_UP or (event.key == pygame.K_TAB and getattr(event, "mod", 0)
                                                & pygame.KMOD_SHIFT)
            self.focus = cycle(CHOICES, self.focus, not back) or "forward"
        return None

    def update(self, now: float) -> bool:
        """Nothing moves by itself; True when the frame changed."""
        dirty, self.dirty = self.dirty, False
        return dirty

    def draw(self, surface: pygame.Surface) -> None:
        """The felt, the card, what it says and the three buttons (the focused one ringed)."""
        size = surface.get_size()
        u, f, sm = metrics(size)
        lay = other_layout(size)
        surface.blit(self.art.felt(size), (0, 0))
        x, y, cw, ch = lay["card"]
        surface.blit(self.art.plate(cw, ch, (12, 26, 20, 235), f), (x, y))
        pygame.draw.rect(surface, (214, 172, 96), lay["card"], 2, border_radius=f)
        head = self.art.text(tr(self.lang, ALREADY_OPEN), round(f * 1.3), GOLD, bold=True, width=cw - 2 * f)
        surface.blit(head, head.get_rect(midtop=(x + cw // 2, y + f // 2)))
        draw_fitted(surface, self.art, tr(self.lang, ALREADY_SAID), f, lay["text"], INK)
        for cid, label in zip(CHOICES, (FORWARD, SEPARATE, CLOSE)):
            draw_button(surface, self.art, Button(cid, lay[cid], label, primary=cid == "forward"), f, self.lang, False)
        draw_ring(surface, lay[self.focus])

    def close(self) -> None:
        """Nothing held."""
