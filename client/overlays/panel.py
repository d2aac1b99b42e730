"""A scrollable overlay panel: header, clipped body, scrollbar, keys and wheel (issue 6).

Content is a list of positioned items (:class:`Text`, :class:`Button`,
:class:`Custom`) in body coordinates (y grows down from the top of the
content). Laying out is pure given fonts and a width; drawing only draws.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, cast

import pygame

from ..focus import draw_ring
from .actions import Close, OverlayAction
from .text import (
    ACCENT, BG, MUTED, PANEL, PANEL_EDGE, TEXT, Fonts, Scaled, button_width, draw_button,
)

HEADER_H = 56
PAD = 16
LINE_STEP = 40
"""Pixels scrolled per arrow key press or wheel notch."""


@dataclass(frozen=True, slots=True)
class Text:
    """One line of text at (x, y) in content coordinates."""

    x: int
    y: int
    text: str
    size: int = 16
    bold: bool = False
    colour: tuple[int, int, int] = TEXT


@dataclass(frozen=True, slots=True)
class Button:
    """A clickable button in content coordinates; clicking yields ``action``."""

    rect: pygame.Rect
    label: str
    action: OverlayAction


@dataclass(frozen=True, slots=True)
class Custom:
    """Anything else (tiles, the chart): ``paint(surface, rect_on_screen)`` draws it."""

    rect: pygame.Rect
    paint: Callable[[pygame.Surface, pygame.Rect], None] = field(compare=False)


Item = Text | Button | Custom


def item_rect(fonts: Fonts | Scaled, item: Item) -> pygame.Rect:
    """The item's rect in content coordinates (base px with :class:`.text.Scaled` fonts)."""
    if isinstance(item, Text):
        w, h = fonts.measure(item.text, item.size, item.bold)
        return pygame.Rect(item.x, item.y, w, h)
    return item.rect


class ScrollPanel:
    """Base of the overlays: a framed panel at ``rect`` with a title bar and a scrolled body.

    Subclasses implement :meth:`title`, :meth:`items` (content for a body
    width) and may add header buttons through :meth:`header_buttons`.
    """

    def __init__(self, rect: pygame.Rect, fonts: Fonts | None = None, scale: float = 1.0) -> None:
        """``scale``: the table's scale (:func:`.text.overlay_scale`): every size and gap of the panel and
        its content is multiplied by it (s14 access F3/F4), the content laid out in base px."""
        self.rect = pygame.Rect(rect)
        self.face = fonts or Fonts()
        """The typeface, unscaled."""
        self.scaled = Scaled(self.face, scale)
        self.fonts: Fonts = cast(Fonts, self.scaled)
        """What the content is laid out and drawn with: sizes multiplied by :attr:`k` (a :class:`.text.Scaled`,
        typed as the typeface it stands for)."""
        self.scroll = 0
        self.hover: tuple[int, int] | None = None
        self._mod = 0
        """The modifier keys of the key being handled (Shift+Tab)."""
        self.focus: int | None = None
        """The index in :meth:`focus_targets` of the button Tab put the keyboard's focus on (Enter presses it,
        a ring shows it: client/focus.py), or None. The overlays' buttons (Export match, a match of the
        table, Export hand, Review my hand, Ask again) were a click only (kind: a control only a click
        reaches); Esc closes as before, Space still pages down."""
        self._laid: tuple[object, list[Item]] | None = None

    # -- to override -------------------------------------------------------
    def title(self) -> str:
        """The header title."""
        raise NotImplementedError

    def close_label(self) -> str:
        """Label of the close button (translated by subclasses)."""
        return "Close"

    def items(self, width: int) -> list[Item]:
        """The content laid out for a body ``width``."""
        raise NotImplementedError

    def cache_key(self) -> object:
        """What the content depends on besides the width (language, view...)."""
        return None

    @property
    def k(self) -> float:
        """The panel's scale: screen px per base px."""
        return self.scaled.k

    def px(self, base: float) -> int:
        """``base`` px in screen px."""
        return round(base * self.k)

    def on_screen(self, rect: pygame.Rect) -> pygame.Rect:
        """A content rect in base px as content px on screen (still to be moved by the body and scroll)."""
        k = self.k  # each side rounded on its own: equal items stay equal (the ledger's tiles)
        return pygame.Rect(round(rect.x * k), round(rect.y * k), round(rect.w * k), round(rect.h * k))

    def laid_out(self, width: int) -> list[Item]:
        """:meth:`items` for a body ``width`` px on screen (laid out at ``width / k`` base px), computed once
        per width, scale and :meth:`cache_key`."""
        key = (width, self.k, self.cache_key())
        if self._laid is None or self._laid[0] != key:
            self._laid = (key, self.items(int(width / self.k)))
        return self._laid[1]

    def header_buttons(self) -> list[tuple[str, OverlayAction]]:
        """Extra header buttons (label, action), drawn left of the close button."""
        return []

    # -- geometry (pure) ---------------------------------------------------
    def set_rect(self, rect: pygame.Rect, scale: float | None = None) -> None:
        """Move or resize the panel (window resized), with the table's new ``scale`` if given (None: as
        it was); keeps the scroll within bounds, at the same place in the content."""
        self.rect = pygame.Rect(rect)
        if scale is not None and scale != self.k:
            self.scroll = round(self.scroll * scale / self.k)
            self.scaled = Scaled(self.face, scale)
            self.fonts = cast(Fonts, self.scaled)
        self.scroll = self.clamp(self.scroll)

    def body_rect(self) -> pygame.Rect:
        """The scrolled area on screen."""
        r = self.rect
        pad, head = self.px(PAD), self.px(HEADER_H)
        return pygame.Rect(r.x + pad, r.y + head, r.w - 2 * pad - self.px(10), r.h - head - pad)

    def content_height(self) -> int:
        """Height of the whole content in pixels."""
        rects = [self.on_screen(item_rect(self.fonts, i)) for i in self.laid_out(self.body_rect().w)]
        return max((r.bottom for r in rects), default=0) + self.px(PAD)

    def clamp(self, scroll: int) -> int:
        """``scroll`` limited to [0, content height - body height]."""
        top = max(0, self.content_height() - self.body_rect().h)
        return max(0, min(scroll, top))

    def header_rects(self) -> list[tuple[pygame.Rect, str, OverlayAction]]:
        """Header buttons on screen, right to left starting with the close button."""
        out: list[tuple[pygame.Rect, str, OverlayAction]] = []
        right = self.rect.right - self.px(PAD)
        for label, action in [(self.close_label(), Close())] + self.header_buttons()[::-1]:
            w = self.px(button_width(self.fonts, label))
            out.append((pygame.Rect(right - w, self.rect.y + self.px(12), w, self.px(32)), label, action))
            right -= w + self.px(8)
        return out

    def focus_targets(self) -> list[tuple[pygame.Rect, OverlayAction, bool]]:
        """The buttons Tab visits in reading order, each (rect, action, in the body): the header's left to
        right (rects on screen), then the body's top to bottom and left to right (rects in content
        coordinates on screen, unscrolled: :meth:`focused_rect` places them)."""
        header = [(rect, action, False) for rect, _, action in reversed(self.header_rects())]
        body = sorted((i for i in self.laid_out(self.body_rect().w) if isinstance(i, Button)),
                      key=lambda i: (i.rect.y, i.rect.x))
        return header + [(self.on_screen(i.rect), i.action, True) for i in body]

    def move_focus(self, forward: bool) -> None:
        """Tab (``forward``) or Shift+Tab: the focus to the next or previous button, round; a body button
        is scrolled into sight."""
        targets = self.focus_targets()
        if not targets:
            self.focus = None
            return
        n = len(targets)
        if self.focus is None or self.focus >= n:
            self.focus = 0 if forward else n - 1
        else:
            self.focus = (self.focus + (1 if forward else -1)) % n
        rect, _, in_body = targets[self.focus]
        body = self.body_rect()
        if in_body and (rect.y < self.scroll or rect.bottom > self.scroll + body.h):
            self.scroll = self.clamp(rect.y - body.h // 3)

    def focused_label(self) -> str | None:
        """The words of the button Tab put the focus on, which Enter presses (None: no focus): the footer names
        it (access s16 F4: the ledger's and a review's footer named Esc and the scrolling keys only, so a
        keyboard player never learned that Enter opens "Review my hand" or an export)."""
        header = [label for _, label, _ in reversed(self.header_rects())]
        body = sorted((i for i in self.laid_out(self.body_rect().w) if isinstance(i, Button)),
                      key=lambda i: (i.rect.y, i.rect.x))
        labels = header + [b.label for b in body]
        return labels[self.focus] if self.focus is not None and self.focus < len(labels) else None

    def focused_rect(self) -> pygame.Rect | None:
        """The focused button's rect on screen (None: no focus, or its button is gone)."""
        targets = self.focus_targets()
        if self.focus is None or self.focus >= len(targets):
            return None
        rect, _, in_body = targets[self.focus]
        body = self.body_rect()
        return rect.move(body.x, body.y - self.scroll) if in_body else rect

    # -- input -------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> OverlayAction | None:
        """Keys, wheel, drag and clicks: Escape/close button give Close; buttons give their action.

        Scrolling (arrows, PageUp/PageDown/Space, Home/End, wheel, dragging the
        body with the mouse or a finger) is handled here and gives None.
        """
        if event.type == pygame.KEYDOWN:
            self._mod = getattr(event, "mod", 0)
            return self._key(event.key)
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = self.clamp(self.scroll - event.y * self.px(LINE_STEP))
        elif event.type == pygame.MOUSEMOTION:
            self.hover = event.pos
            buttons = getattr(event, "buttons", (0, 0, 0))
            if buttons and buttons[0] and self.body_rect().collidepoint(event.pos):
                self.scroll = self.clamp(self.scroll - event.rel[1])  # drag (or touch) scrolls
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.click(event.pos)
        return None

    def _key(self, key: int) -> OverlayAction | None:
        step = self.px(LINE_STEP)
        page = max(step, self.body_rect().h - step)
        steps = {pygame.K_UP: -step, pygame.K_DOWN: step, pygame.K_PAGEUP: -page,
                 pygame.K_PAGEDOWN: page, pygame.K_SPACE: page, pygame.K_HOME: -10**9,
                 pygame.K_END: 10**9}
        if key == pygame.K_ESCAPE:
            return Close()
        if key == pygame.K_TAB:
            self.move_focus(not self._mod & pygame.KMOD_SHIFT)
            return None
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            targets = self.focus_targets()
            return targets[self.focus][1] if self.focus is not None and self.focus < len(targets) else None
        if key in steps:
            self.scroll = self.clamp(self.scroll + steps[key])
        return None

    def click(self, pos: tuple[int, int]) -> OverlayAction | None:
        """The action of whatever is at ``pos`` on screen, if anything."""
        for rect, _, action in self.header_rects():
            if rect.collidepoint(pos):
                return action
        body = self.body_rect()
        if not body.collidepoint(pos):
            return None
        x, y = pos[0] - body.x, pos[1] - body.y + self.scroll
        for item in self.laid_out(body.w):
            if isinstance(item, Button) and self.on_screen(item.rect).collidepoint(x, y):
                return item.action
        return None

    # -- drawing -----------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Dim the table, then draw the panel, its header, the visible content and scrollbar."""
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((*BG, 170))
        surface.blit(shade, (0, 0))
        pygame.draw.rect(surface, PANEL, self.rect, border_radius=10)
        pygame.draw.rect(surface, PANEL_EDGE, self.rect, width=2, border_radius=10)
        self._draw_header(surface)
        body = self.body_rect()
        clip = surface.get_clip()
        surface.set_clip(body)
        for item in self.laid_out(body.w):
            r = self.on_screen(item_rect(self.fonts, item)).move(body.x, body.y - self.scroll)
            if isinstance(item, Text) and not (body.top <= r.top and r.bottom <= body.bottom):
                continue  # a line of text is drawn whole or not at all: never cut by the body's edge
            if r.bottom >= body.top and r.top <= body.bottom:
                self._draw_item(surface, item, r)
        ring = self.focused_rect()
        if ring is not None:  # a body button's ring is cut where the body scrolls, as the button is
            in_body = self.focus_targets()[self.focus][2]  # type: ignore[index]
            surface.set_clip(body.inflate(self.px(8), self.px(8)) if in_body else clip)
            if not in_body or ring.colliderect(body):
                draw_ring(surface, (ring.x, ring.y, ring.w, ring.h))
        surface.set_clip(clip)
        self._draw_scrollbar(surface, body)

    def _draw_header(self, surface: pygame.Surface) -> None:
        buttons = self.header_rects()
        pad = self.px(PAD)
        room = min(r.x for r, _, _ in buttons) - self.rect.x - 2 * pad
        title = self.title()
        surface.blit(self.fonts.draw(title, 22, ACCENT, True, width=room), (self.rect.x + pad, self.rect.y + self.px(14)))
        for rect, label, _ in buttons:
            draw_button(surface, self.fonts, rect, label, self._hovered(rect))
        y = self.rect.y + self.px(HEADER_H - 6)
        pygame.draw.line(surface, PANEL_EDGE, (self.rect.x + pad, y), (self.rect.right - pad, y))

    def _hovered(self, rect: pygame.Rect) -> bool:
        return self.hover is not None and rect.collidepoint(self.hover)

    def _draw_item(self, surface: pygame.Surface, item: Item, r: pygame.Rect) -> None:
        if isinstance(item, Text):
            img = self.fonts.draw(item.text, item.size, item.colour, item.bold,
                                  width=max(1, self.body_rect().w - self.px(item.x)))
            surface.blit(img, r.topleft)
        elif isinstance(item, Button):
            draw_button(surface, self.fonts, r, item.label, self._hovered(r))
        else:
            item.paint(surface, r)

    def _draw_scrollbar(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        total = self.content_height()
        if total <= body.h:
            return
        track = pygame.Rect(body.right + self.px(4), body.y, self.px(6), body.h)
        pygame.draw.rect(surface, BG, track, border_radius=3)
        h = max(self.px(24), body.h * body.h // total)
        y = body.y + (body.h - h) * self.scroll // max(1, total - body.h)
        pygame.draw.rect(surface, MUTED, pygame.Rect(track.x, y, track.w, h), border_radius=3)
