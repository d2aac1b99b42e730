"""The tile tracker panel (issue 14.3): what this window's own view lets it count, drawn small.

Offered only at a table whose creator allowed it (``TableW.tracker``), opened
and closed with its button (left of the chat button) or the ``T`` key, off by
default. Open, it takes the same strip at the right of the window as the chat
panel (:func:`..chat.arrange`: the table is laid out in the rest, or leaves the
right of its middle free in a narrow window), so it never covers the line of play
nor a button; opening one of the two closes the other. Everything shown comes from :func:`doublenine.shared.tracker.track` of
this window's own view: a seat's hand and the line for a player, the line alone
for a spectator (R21, D8); the passes tell which numbers a seat lacks (R15).
Geometry is pure (:func:`layout`); :func:`draw` only paints.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from doublenine.shared.i18n import N_
from doublenine.shared.seats import SEATS
from doublenine.shared.state import Phase
from doublenine.shared.tracker import NUMBERS, Tracker, track

from . import chat
from .art import GOLD, Art
from .panels import Button
from .render import INK, draw_button
from .layout import text_size
from .snake import Rect
from .store import ClientState, seat_name
from .text import tr

SHOWN_IN = (Phase.PLAY,)
"""Phases with a line of play to count from."""
TILE_W = 52
"""Widest an unseen tile is drawn, in pixels (lying, half as high)."""
MIN_TILE_W = 26
"""Narrowest an unseen tile is drawn, in pixels: its 13 px high halves still show nine pips apart."""


@dataclass(frozen=True, slots=True)
class TrackerLayout:
    """Where the tracker's button and open panel are, in drawable pixels; both None when not offered."""

    toggle: Rect | None
    panel: Rect | None = None
    font: int = 14
    close: Rect | None = None
    """The open panel's "×" button (top right, as the chat panel's)."""


def offered(state: ClientState) -> bool:
    """The table allows the tracker and there is a hand in play to count (issue 14.3)."""
    return state.tracker and state.view is not None and state.view.phase in SHOWN_IN


UNTIL_PLAY = N_("The tile tracker shows during a hand")
"""Said when ``T`` or the greyed Tiles button is pressed between hands (new user s9 item 5: at a hand's
end the button vanished and ``T`` did nothing, with no word why)."""


def button_shown(state: ClientState) -> bool:
    """The Tiles button is on the table: while the tracker is offered (:func:`offered`), and greyed
    between the hands once one was played (a hand's end, the next one's review, the match's end), so
    the button does not come and go with each hand."""
    view = state.view
    return offered(state) or (state.tracker and view is not None and bool(getattr(view, "finished", ())))


def layout(size: tuple[int, int], state: ClientState, is_open: bool, beside: Rect, font: int,
           panel: Rect | None = None) -> TrackerLayout:
    """The button left of ``beside`` (the chat button) and, when ``is_open``, the panel: ``panel``
    (:func:`..chat.strip`, the strip the open chat panel would take; the window's right strip by
    default) in a window of ``size`` px. Pure."""
    if not button_shown(state):
        return TrackerLayout(None, font=font)
    bx, by, bw, bh = beside
    pad = round(0.8 * font)
    toggle = (bx - bw - pad // 2, by, bw, bh)
    if not is_open or not offered(state):
        return TrackerLayout(toggle, font=font)
    px, py, pw, ph = panel if panel is not None else chat.strip(size, size, None)
    if pygame.Rect(toggle).colliderect(pygame.Rect(px, py, pw, ph)):  # open, it closes it from inside
        toggle = (px + pw - bw - pad, py + ph - bh - pad, bw, bh)
    cf = chat.font_size(size)
    cb, cp = round(2.1 * cf), round(0.8 * cf)
    close = (px + pw - cp - cb, py + cp // 2, cb, cb)  # where and as the chat panel has its own (chat.layout)
    return TrackerLayout(toggle, (px, py, pw, ph), font, close)


def widest(font: int) -> int:
    """The widest an unseen tile is drawn with the panel's text at ``font`` px: :data:`TILE_W` at the
    15 px of a 1280x800 window, growing with the text (new user s10 item 8: 52 px tiles in a 4K panel)."""
    return max(TILE_W, TILE_W * font // 15)


def per_row(inner: int, tile: int = TILE_W, least: int = 5) -> int:
    """Unseen tiles drawn per row in ``inner`` px: as many as fit at ``tile`` px (:func:`widest`), at
    least ``least`` (five at 100 %, three at a larger "Text size": :func:`grid`)."""
    return max(least, inner // tile)


def grid(count: int, inner: int, room: int, tile: int = TILE_W, least: int = 5) -> tuple[int, int]:
    """(tiles per row, cell width px) for ``count`` unseen tiles in ``inner`` x ``room`` px: the widest
    cells up to ``tile`` px whose rows all fit in ``room`` (new user: 43 unseen tiles, the last row cut
    at 800x600), never narrower than :data:`MIN_TILE_W`; each tile is drawn ``cell - 3`` by ``cell // 2``
    px. At least ``least`` tiles a row where they fit (:func:`per_row`)."""
    n = per_row(inner, tile, least)
    while -(-count // n) * (inner // n // 2 + 3) > room and inner // (n + 1) >= MIN_TILE_W:
        n += 1
    return n, inner // n


def toggle_button(state: ClientState, lay: TrackerLayout, is_open: bool) -> Button | None:
    """The "Tiles" button (gold while the panel is open; greyed between hands), or None when not shown."""
    if lay.toggle is None:
        return None
    live = offered(state)
    return Button("tracker", lay.toggle, N_("Tiles"), primary=is_open and live, enabled=live)


def draw(surface: pygame.Surface, lay: TrackerLayout, state: ClientState, is_open: bool, art: Art, lang: str,
         hover: bool | str) -> list[Rect]:
    """Paint the button and, when open, the panel with its "×" (issue 14.3); draws only.
    ``hover``: True or "toggle" when the pointer is over the button, "close" over the "×".
    Returns the rects of the unseen tiles drawn (empty when closed)."""
    button = toggle_button(state, lay, is_open)
    shown: list[Rect] = []
    if button is None:
        return shown
    if lay.panel is not None and state.view is not None:
        shown = _panel(surface, lay, track(state.view), state, art, lang, lay.font)
        if lay.close is not None:
            draw_button(surface, art, Button("close", lay.close, "×"), lay.font, lang, hover == "close")
    draw_button(surface, art, button, lay.font, lang, hover is True or hover == "toggle")
    return shown


def _panel(surface: pygame.Surface, lay: TrackerLayout, tr_: Tracker, state: ClientState, art: Art, lang: str,
           f: int) -> list[Rect]:
    assert lay.panel is not None
    rect = lay.panel
    x, y, w, h = rect
    pad = round(0.8 * f)
    surface.blit(art.plate(w, h, (16, 28, 24, 255), 0), (x, y))
    pygame.draw.line(surface, (255, 255, 255, 60), (x, y), (x, y + h), 1)
    clip = surface.get_clip()
    surface.set_clip(pygame.Rect(rect))
    line = round(1.45 * f)
    inner = w - 2 * pad
    cy = y + pad
    spectator = state.view is not None and state.view.seat is None
    title = tr(lang, "Tile tracker")
    sub = tr(lang, "Not yet on the line") if spectator else tr(lang, "Not seen by you yet")
    beside = lay.close[2] + pad // 2 if lay.close is not None else 0  # the title keeps clear of the "×"
    head = art.fit_text(title, f, inner - beside, GOLD, bold=True)
    if lay.close is not None:
        cy = lay.close[1] + lay.close[3] // 2 - head.get_height() // 2
    surface.blit(head, (x + pad, cy))
    cy = max(cy + line, lay.close[1] + lay.close[3] + pad // 4 if lay.close is not None else 0)
    surface.blit(art.fit_text(sub, f, inner, INK), (x + pad, cy))
    cy += line
    across = len(NUMBERS) if inner // len(NUMBERS) >= round(2.1 * f) else len(NUMBERS) // 2  # two rows when narrow
    cell = inner // across
    for n in NUMBERS:
        left = tr_.unseen_by_number[n]
        row, col = divmod(n, across)
        cx, top = x + pad + col * cell + cell // 2, cy + row * round(2.7 * f)
        ink = GOLD if left else (120, 128, 124)
        num = art.text(str(n), round(1.3 * f), ink, bold=True, width=cell)
        surface.blit(num, num.get_rect(midtop=(cx, top)))
        count = art.text(f"×{left}", max(12, f - 1), ink, width=cell)
        surface.blit(count, count.get_rect(midtop=(cx, top + round(1.45 * f))))
    cy += (len(NUMBERS) // across) * round(2.7 * f) + pad // 2
    me = state.view.seat if state.view is not None else None
    for s in SEATS:
        if s == me:
            continue
        lacks = tr_.lacking[s - 1]
        who = seat_name(state, s, lang)  # a long name is cut, never the numbers the seat lacks
        text = tr(lang, "{name} has no {numbers}", name=who,
                  numbers=" ".join(str(n) for n in sorted(lacks))) if lacks else \
            tr(lang, "{name}: no pass yet", name=who)
        surface.blit(art.fit_text(text, f, inner, INK, only=who), (x + pad, cy))
        cy += line
    cy += pad // 2
    # s16 access F10: the unseen tiles grow with the "Text size" (58 px at 1920x1080 at 100 % and at 200 %,
    # pips blurred, the room under them empty): up to the size asked times their widest, as few as three a
    # row, as far as the panel's room takes them (where the window gives the text less: 1366x768). Kind:
    # tiles sized from a text size that ignores the player's setting
    larger = text_size() / 100
    n, tile_w = grid(len(tr_.unseen), inner, y + h - pad // 2 - cy, widest(round(f * larger)),
                     5 if larger <= 1 else 3)
    shown: list[Rect] = []
    for i, tile in enumerate(tr_.unseen):
        row, col = divmod(i, n)
        face = art.face(tile_w - 3, tile_w // 2, tile.low, tile.high, False)
        at = (x + pad + col * tile_w, cy + row * (tile_w // 2 + 3), tile_w - 3, tile_w // 2)
        surface.blit(face, at[:2])
        shown.append(at)
    surface.set_clip(clip)
    return shown


class TrackerPanel:
    """The table window's tracker: open or closed (closed at start), and the hovered button."""

    def __init__(self, lang: str, art: Art) -> None:
        self.lang = lang
        self.art = art
        self.open = False
        self.hover: bool | str = False
        """False, or what the pointer is over: ``toggle`` (the button) or ``close`` (the open panel's "×")."""
        self.why: str | None = None
        """The msgid to say once (the table's toast) when the last event asked for the tracker between
        hands (:data:`UNTIL_PLAY`); the scene reads and clears it."""

    def layout(self, size: tuple[int, int], state: ClientState, beside: Rect, font: int,
               panel: Rect | None = None) -> TrackerLayout:
        """:func:`layout` for this panel's open state."""
        return layout(size, state, self.open, beside, font, panel)

    def handle(self, event: object, pos: tuple[float, float] | None, state: ClientState,
               lay: TrackerLayout) -> bool:
        """``T`` or a click on the button opens or closes the panel; True when the event was the tracker's.

        ``pos`` is the event's position in drawable pixels (None for keys). Mouse
        motion only changes the hover and is never consumed.
        """
        kind = getattr(event, "type", None)
        if lay.toggle is None:
            self.open = self.open and state.tracker  # a table that stops allowing it closes it
            return False
        if kind == pygame.KEYDOWN:
            mods = getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META)
            if getattr(event, "key", None) == pygame.K_t and not mods:
                if not offered(state):
                    self.why = UNTIL_PLAY
                    return True
                self.open = not self.open
                return True
            return False
        if pos is None:
            return False
        over = next((name for name, r in (("close", lay.close), ("toggle", lay.toggle)) if r is not None
                     and r[0] <= pos[0] < r[0] + r[2] and r[1] <= pos[1] < r[1] + r[3]), None)
        if kind == pygame.MOUSEMOTION:
            self.hover = over or False
            return False
        if over == "toggle" and not offered(state):
            self.why = UNTIL_PLAY
            return True
        if over is not None:
            self.open = False if over == "close" else not self.open
            self.hover = False
            return True
        return False

    def draw(self, surface: pygame.Surface, state: ClientState, lay: TrackerLayout) -> list[Rect]:
        """Paint the button and the open panel; the rects of the unseen tiles drawn."""
        return draw(surface, lay, state, self.open, self.art, self.lang, self.hover)
