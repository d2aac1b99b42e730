"""The rules overlay (issue 6, R26): the rules text of the player's language, scrollable.

Usage from the client::

    overlay = RulesOverlay("fr", window_rect.inflate(-60, -60))
    overlay.draw(screen)                 # every frame while open
    action = overlay.handle(event)       # Close() on Escape/close button, else None

Opening and closing it is the client's business: it tells the server so that
computer seats wait while it is open (R26, D2). On a wide window a list of the
sections sits on the left; clicking one scrolls to it.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame

from doublenine.shared.i18n import translator
from doublenine.shared.i18n.rules import RulesText, rules_text

from .actions import OverlayAction
from .panel import HEADER_H, PAD, Item, ScrollPanel, Text
from .text import ACCENT, BUTTON, MUTED, TEXT, Fonts

SIDEBAR_MIN_WIDTH = 760
"""Panels at least this wide show the list of sections."""
SIDEBAR_W = 230
BODY_SIZE = 17
HEAD_SIZE = 20


def layout_rules(text: RulesText, width: int, fonts: Fonts) -> tuple[list[Item], list[int]]:
    """Pure layout: the text items for a body ``width`` and the top y of each section."""
    items: list[Item] = []
    tops: list[int] = []
    step = fonts.line_height(BODY_SIZE) + 2
    y = 0
    for sec in text.sections:
        tops.append(y)
        for line in fonts.wrap(sec.title, HEAD_SIZE, width, True):
            items.append(Text(0, y, line, HEAD_SIZE, True, ACCENT))
            y += fonts.line_height(HEAD_SIZE, True) + 4
        y += 4
        for block in sec.blocks:
            indent = 22 if block.bullet else 0
            for k, line in enumerate(fonts.wrap(block.text, BODY_SIZE, width - indent)):
                if block.bullet and k == 0:
                    items.append(Text(6, y, "•", BODY_SIZE, True, ACCENT))
                items.append(Text(indent, y, line, BODY_SIZE, False, TEXT))
                y += step
            y += 4 if block.bullet else 10
        y += 14
    return items, tops


class RulesOverlay(ScrollPanel):
    """The rules of ``lang`` in a scrollable panel at ``rect`` (see the module docstring)."""

    def __init__(self, lang: str, rect: pygame.Rect, fonts: Fonts | None = None, here: Any = None,
                 scale: float = 1.0) -> None:
        """``here``: the table the rules are read at (footer.KeysHere): its Keys section names only the keys
        that work there; None names every key. ``scale``: :class:`.panel.ScrollPanel`'s."""
        super().__init__(rect, fonts, scale)
        self.lang = lang
        self.here = here
        self._tops: tuple[object, list[int]] | None = None

    def set_language(self, lang: str) -> None:
        """Switch language at run time; the reader goes back to the top."""
        self.lang, self.scroll = lang, 0

    def text(self) -> RulesText:
        """The rules text drawn, its last section the keys (:func:`doublenine.client.footer.keys_section`:
        the footer's own words, so the two never disagree; s11 new user: the rules never named a key)."""
        from ..footer import keys_section

        text = rules_text(self.lang)
        return replace(text, sections=(*text.sections, keys_section(self.lang, self.here)))

    def title(self) -> str:
        return self.text().title

    def close_label(self) -> str:
        return translator(self.lang).gettext("Close")

    def cache_key(self) -> object:
        return (self.lang, self.here)

    def wide(self) -> bool:
        """True when the section list is shown."""
        return self.rect.w >= self.px(SIDEBAR_MIN_WIDTH)

    def body_rect(self) -> pygame.Rect:
        r = super().body_rect()
        if self.wide():
            r.x += self.px(SIDEBAR_W)
            r.w -= self.px(SIDEBAR_W)
        return r

    def items(self, width: int) -> list[Item]:
        return layout_rules(self.text(), width, self.fonts)[0]

    def content_height(self) -> int:
        """As :meth:`ScrollPanel.content_height`, with room under the last section for its heading to reach
        the top of the view: a jump to any section (the sidebar, Tab, F1's Keys) shows that section first
        and lights it in the sidebar. Polish s12 item 3: F1 opened at the end, the short Keys section
        below "At this table", which the sidebar lit; Tab could never light Keys."""
        tops = self.section_tops()
        return max(super().content_height(), (tops[-1] if tops else 0) + self.body_rect().h)  # tops: screen px

    def section_tops(self) -> list[int]:
        """Content y of each section's heading at the current width, px on screen."""
        key = (self.body_rect().w, self.k, self.lang, self.here)
        if self._tops is None or self._tops[0] != key:
            self._tops = (key, [self.px(t) for t in layout_rules(self.text(), int(key[0] / self.k), self.fonts)[1]])
        return self._tops[1]

    def sidebar_entries(self) -> list[tuple[pygame.Rect, list[str]]]:
        """Screen rect and wrapped lines (two at most) of each section list entry; empty when not wide."""
        if not self.wide():
            return []
        step = self.px(self.fonts.line_height(15))
        x, y, w = self.rect.x + self.px(PAD), self.rect.y + self.px(HEADER_H), self.px(SIDEBAR_W - 2 * PAD)
        out = []
        for sec in self.text().sections:
            lines = self.fonts.wrap(sec.title, 15, SIDEBAR_W - 2 * PAD - 16)[:2]
            h = len(lines) * step + self.px(12)
            out.append((pygame.Rect(x, y, w, h), lines))
            y += h + self.px(4)
        return out

    def current_section(self) -> int:
        """Index of the section at the top of the view."""
        tops = self.section_tops()
        return max((k for k, t in enumerate(tops) if t <= self.scroll + 8), default=0)

    def jump(self, index: int) -> None:
        """Scroll so that section ``index`` is at the top."""
        tops = self.section_tops()
        if 0 <= index < len(tops):
            self.scroll = self.clamp(tops[index])

    def handle(self, event: pygame.event.Event) -> OverlayAction | None:
        """As :meth:`ScrollPanel.handle`, plus Tab/Shift+Tab for the next/previous section."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            back = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
            self.jump(self.current_section() + (-1 if back else 1))
            return None
        return super().handle(event)

    def click(self, pos: tuple[int, int]) -> OverlayAction | None:
        for k, (rect, _) in enumerate(self.sidebar_entries()):
            if rect.collidepoint(pos):
                self.jump(k)
                return None
        return super().click(pos)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        current = self.current_section()
        step = self.px(self.fonts.line_height(15))
        for k, (rect, lines) in enumerate(self.sidebar_entries()):
            if k == current:
                pygame.draw.rect(surface, BUTTON, rect, border_radius=6)
            colour = TEXT if k == current else MUTED
            for n, line in enumerate(lines):
                surface.blit(self.fonts.draw(line, 15, colour, width=rect.w - self.px(16)),
                             (rect.x + self.px(8), rect.y + self.px(6) + n * step))
