"""The window loop: events -> scene, network -> state, redraw only on change.

Each pass drains pygame's events, lets the top scene pump its network inbox
(never blocking), and draws only when something changed. With nothing to do it
sleeps inside SDL's event wait for at most ``IDLE_MS``: input wakes it at once,
and network messages are picked up within that time, so an idle table costs
almost no CPU and the window never freezes while the network waits.
"""
from __future__ import annotations

import os

import time
import warnings
from typing import Any

import pygame

from . import screen
from doublenine.shared.i18n import N_

from .config import MIN_WINDOW  # the smallest window the table is laid out for (README; issue 11.4)
from .input import Viewport
from .scenes.base import Change
from .title import name_the_window_class

IDLE_MS = 40
"""Longest sleep while idle: the delay before a network message is drawn."""
RESIZE_EVENTS = (pygame.VIDEORESIZE, pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED, pygame.WINDOWEXPOSED)
"""Events after which the window may have another size (SDL sends several for one resize)."""


def at_least_minimum(size: tuple[int, int], desktop: tuple[int, int] | None = None) -> tuple[int, int]:
    """``size`` grown to :data:`MIN_WINDOW` where it is smaller (each side on its own); on a ``desktop``
    smaller than the minimum, to the desktop's side only (the window stays on the screen)."""
    low = MIN_WINDOW if desktop is None else (min(MIN_WINDOW[0], desktop[0]), min(MIN_WINDOW[1], desktop[1]))
    return (max(int(size[0]), low[0]), max(int(size[1]), low[1]))


def _set_icon() -> None:
    """The window's icon: the double nine of the desktop entry (client/icons, issue 13), where it loads."""
    from importlib import resources
    try:
        with resources.as_file(resources.files("doublenine.client").joinpath("icons", "doublenine.png")) as png:
            pygame.display.set_icon(pygame.image.load(str(png)))
    except (OSError, pygame.error):
        pass  # a missing or unreadable icon never stops the game


def is_fullscreen() -> bool:
    """The window is full screen now (False where there is no window)."""
    surface = pygame.display.get_surface()
    return bool(surface is not None and surface.get_flags() & pygame.FULLSCREEN) or _FULL[0]


_FULL = [False]
"""What :func:`set_fullscreen` last made of the window (SDL's flags do not always say it at once)."""
_ASKED: list[float | None] = [None]
"""When (``time.monotonic()``) full screen was last asked and not yet checked (:meth:`App.check_fullscreen`)."""
FULLSCREEN_SETTLE = 0.75
"""Seconds a window manager has to grant full screen before the window is checked (SDL waits for it too)."""
NOTICE_SECONDS = 8.0
"""How long the window's own notice (:data:`FULLSCREEN_REFUSED`) stays over the scene."""
FULLSCREEN_REFUSED = N_("The desktop did not give the game the full screen: it stays in a window (F11 tries again)")
"""Said once when full screen was asked and not granted (s14 attack F10)."""


def fullscreen_refused() -> bool:
    """SDL says the window is full screen, but the window the desktop shows is smaller on a side
    (:func:`.screen.real_window_size`): no window manager, or one that refuses it (s14 attack F10)."""
    if pygame.display.get_surface() is None or not is_fullscreen():
        return False
    real = screen.real_window_size()
    if real is None:
        return False
    said = pygame.display.get_window_size()
    return real[0] < said[0] or real[1] < said[1]


def set_fullscreen(on: bool) -> bool:
    """Make the open window full screen at the desktop's size (``on``) or a window again, without a new
    display mode (``pygame.Window.set_fullscreen(desktop=True)`` / ``set_windowed``: the scenes follow the
    resize event, :meth:`App.follow_window`); s14 access F7. Returns whether it is full screen now
    (unchanged where SDL refuses, or there is no window)."""
    if pygame.display.get_surface() is None:
        return False
    try:
        with warnings.catch_warnings():  # pygame-ce marks from_display_module deprecated; no replacement in 2.5
            warnings.simplefilter("ignore", DeprecationWarning)
            window = pygame.Window.from_display_module()
        if on:
            window.set_fullscreen(desktop=True)
        else:
            window.set_windowed()
    except (AttributeError, pygame.error):
        return is_fullscreen()
    _FULL[0] = on
    _ASKED[0] = time.monotonic() if on else None
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED))  # laid out again at the new size
    return on


FULLSCREEN_KEYS = ((pygame.K_F11, 0), (pygame.K_RETURN, pygame.KMOD_ALT), (pygame.K_KP_ENTER, pygame.KMOD_ALT))
"""F11, and Alt+Enter, switch between full screen and a window in every scene (footer.KEYS_SCREEN)."""


def fullscreen_key(event: Any) -> bool:
    """``event`` is one of :data:`FULLSCREEN_KEYS` (Alt+Enter: with Alt held, whatever else is)."""
    if event.type != pygame.KEYDOWN:
        return False
    mod = getattr(event, "mod", 0)
    return any(event.key == key and (not need or mod & need) for key, need in FULLSCREEN_KEYS)


def letterbox(canvas: tuple[int, int], window: tuple[int, int]) -> tuple[int, int, int, int]:
    """Where a ``canvas`` (px) larger than the ``window`` is shown in it, (x, y, w, h): scaled down the same
    on both sides and centred, never squashed (s14 access F8: a 1024x600 canvas in a 1024x552 window had its
    tiles and text 8 % flatter and blurred). E.g. 1024x600 in 1024x552 -> (41, 0, 942, 552)."""
    s = min(window[0] / canvas[0], window[1] / canvas[1])
    w, h = min(window[0], round(canvas[0] * s)), min(window[1], round(canvas[1] * s))
    return (window[0] - w) // 2, (window[1] - h) // 2, w, h


class NoDisplay(RuntimeError):
    """SDL found no display for the window (see :class:`App`)."""


class App:
    """The pygame window and its scene stack."""

    def __init__(self, scene: Any, size: tuple[int, int] = (1280, 800), title: str = "doublenine",
                 flags: int = pygame.RESIZABLE, need_display: bool = False, fit_desktop: bool = False) -> None:
        """With ``need_display``, raises :class:`NoDisplay` when SDL found no display and fell back to
        its invisible "offscreen" driver by itself (no ``SDL_VIDEODRIVER`` asked for it): a player
        over SSH or without a desktop would otherwise wait on a window nobody can see.
        With ``fit_desktop`` (a first start's or a remembered size, not ``--size``), ``size`` is bounded
        by the desktop SDL reports and the window opens in its middle (:mod:`.screen`, s14 access F1)."""
        name_the_window_class()  # N8: the class SDL reads at init, not the program file's name
        pygame.display.init()
        if need_display and pygame.display.get_driver() == "offscreen" and not os.environ.get("SDL_VIDEODRIVER"):
            pygame.display.quit()
            raise NoDisplay("no display to open the window on (DISPLAY and WAYLAND_DISPLAY are not set): "
                            "run it on a desktop, or try `play --autoplay` to play a hand without a window")
        pygame.font.init()
        self.base_title = title
        """The title of a window whose top scene has no ``title()`` (the start screen)."""
        self.title = title
        """The window's title now; the top scene's ``title()`` replaces it when that changes (N8)."""
        pygame.display.set_caption(title)
        _set_icon()
        self.flags = flags
        desktop = screen.desktop_size() if fit_desktop else None
        if desktop is not None:
            size = screen.fit_desktop(size, desktop, MIN_WINDOW)
        # the only set_mode: see follow_window
        self.display = screen.open_placed(at_least_minimum(size, desktop), flags, desktop)  # type: ignore[assignment]
        self.screen = self.display
        """What scenes draw on: the display surface, or a canvas of :data:`MIN_WINDOW` when the window is smaller."""
        self.follow_window()  # a desktop smaller than the minimum: the canvas from the start
        _forbid_shrinking(desktop)
        self.on_fullscreen: Any = None
        """Called with the new state after F11 or Alt+Enter switched full screen (cli: saved for the next start)."""
        self.lang = "en"
        """The language of the window's own notice where the top scene has no ``lang`` (cli sets it)."""
        self.notice: tuple[str, float] | None = None
        """The window's own notice (a msgid) and when it was raised: drawn over the scene for
        :data:`NOTICE_SECONDS` (:meth:`check_fullscreen`)."""
        self.raise_asked: Any = None
        """``raise_asked(now) -> bool``: a second window asked this one to come forward (client/instance.py,
        ``WindowLock.raise_asked``); looked at on every pass, the window raised (:func:`bring_forward`)."""
        self.closed_size: tuple[int, int] | None = None
        """The window's size in px when :meth:`run` ended (None before): kept for the next start."""
        self.stack: list[Any] = []
        self.frames = 0
        self._dirty = True
        self.push(scene)

    def viewport(self) -> Viewport:
        """Window size (event coordinates) and drawable size; they differ under display scaling."""
        window = pygame.display.get_window_size() if pygame.display.get_surface() is not None else self.display.get_size()
        shown = None
        if self.screen is not self.display:  # the canvas kept at its shape in the window (letterbox)
            x, y, w, h = letterbox(self.screen.get_size(), self.display.get_size())
            kx, ky = window[0] / max(1, self.display.get_width()), window[1] / max(1, self.display.get_height())
            shown = (round(x * kx), round(y * ky), round(w * kx), round(h * ky))
        return Viewport(tuple(window), self.screen.get_size(), shown)  # type: ignore[arg-type]

    def follow_window(self) -> None:
        """Take the window's new size without recreating anything.

        pygame 2 resizes a RESIZABLE window's display surface itself, before the resize event arrives
        (pygame wiki "WindowResizing": "set_mode() should not be called"; pygame-ce src_c/display.c,
        ``pg_ResizeEventWatch``), so the surface is read again with ``get_surface()``. ``set_mode`` on
        an open window blacks it (flicker), moves it back to its first position on some desktops
        (pygame issue 2418) and erases the minimum size (``SDL_SetWindowMinimumSize(win, 1, 1)``).
        Fallback, only where needed: a window manager that ignores the minimum size (a tiling one,
        or no window manager, as under bare Xvfb) lets the window get smaller than :data:`MIN_WINDOW`;
        the scenes then draw on a canvas of the minimum size that is scaled down into the window,
        and :class:`Viewport` maps pointer positions onto it.
        """
        self.display = pygame.display.get_surface() or self.display
        size = self.display.get_size()
        wanted = at_least_minimum(size)
        if wanted == size:
            self.screen = self.display
        elif self.screen is self.display or self.screen.get_size() != wanted:
            self.screen = pygame.Surface(wanted).convert()

    def push(self, scene: Any) -> None:
        """Put ``scene`` on top."""
        self.stack.append(scene)
        if hasattr(scene, "resize"):
            scene.resize(self.viewport())
        self._dirty = True

    def pop(self) -> None:
        """Close and remove the top scene."""
        scene = self.stack.pop()
        scene.close()
        if self.stack and hasattr(self.stack[-1], "resize"):
            self.stack[-1].resize(self.viewport())
        self._dirty = True

    def apply(self, change: Change | None) -> None:
        """Carry out a scene's :class:`Change`."""
        if change is None:
            return
        if change.kind == "push":
            self.push(change.scene)
        elif change.kind == "pop":
            self.pop()
        elif change.kind == "replace":
            self.pop()
            self.push(change.scene)
        elif change.kind == "quit":
            while self.stack:
                self.pop()

    def step(self, events: list[Any]) -> bool:
        """One pass: handle ``events``, pump the network, draw if needed. False once the stack is empty."""
        for event in events:
            if event.type in RESIZE_EVENTS:
                self.relayout()
                continue
            if not self.stack:
                break
            if fullscreen_key(event):  # every scene's: the window's, not the table's (s14 access F7)
                on = set_fullscreen(not is_fullscreen())
                if self.on_fullscreen is not None:
                    self.on_fullscreen(on)
                continue
            self.apply(self.stack[-1].handle(event))
        if not self.stack:
            return False
        now = time.monotonic()
        if self.raise_asked is not None and self.raise_asked(now):
            bring_forward()
        self.check_fullscreen(now)
        if self.notice is not None and now - self.notice[1] > NOTICE_SECONDS:
            self.notice = None
            self._dirty = True
        self._retitle()
        if self.stack[-1].update(now) or self._dirty:
            self.stack[-1].draw(self.screen)
            if self.notice is not None:
                self._draw_notice()
            if self.screen is not self.display:  # a window smaller than the layout (follow_window)
                x, y, w, h = letterbox(self.screen.get_size(), self.display.get_size())
                if (w, h) != self.display.get_size():
                    self.display.fill((0, 0, 0))
                pygame.transform.smoothscale(self.screen, (w, h), self.display.subsurface((x, y, w, h)))
            pygame.display.flip()
            self.frames += 1
            self._dirty = False
        return True

    def relayout(self) -> None:
        """Lay every scene out again for the window's size now (after a resize or a full screen switch)."""
        self.follow_window()
        for scene in self.stack:
            if hasattr(scene, "resize"):
                scene.resize(self.viewport())
        self._dirty = True

    def check_fullscreen(self, now: float) -> None:
        """:data:`FULLSCREEN_SETTLE` s after full screen was asked (F11, Alt+Enter, the setting, a remembered
        one at the start): where the desktop did not grant it (:func:`fullscreen_refused`), back to the
        window, laid out for it, the setting saved off (``on_fullscreen``) and :data:`FULLSCREEN_REFUSED`
        said once. Kind: a layout for the size asked, not the one the window got (s14 attack F10: a
        1280x800 window laid out for 2560x1440 at every start, a quarter of the table shown)."""
        asked = _ASKED[0]
        if asked is None or now - asked < FULLSCREEN_SETTLE:
            return
        _ASKED[0] = None
        if not fullscreen_refused():
            return
        set_fullscreen(False)
        self.relayout()
        self.notice = (FULLSCREEN_REFUSED, now)
        if self.on_fullscreen is not None:
            self.on_fullscreen(False)

    def _draw_notice(self) -> None:
        """The window's notice in a dark box near the top of the screen, in the top scene's language."""
        from .layout import metrics
        from .text import tr
        from .typeset import measurer

        if self.notice is None:
            return
        w, h = self.screen.get_size()
        _, font, _ = metrics((w, h))
        top = self.stack[-1]
        lang = getattr(top, "lang", None) or getattr(getattr(top, "form", None), "lang", None) or self.lang
        face = measurer()
        rows = face.wrap(tr(lang, self.notice[0]), font, max(1, w * 3 // 4))
        line = face.line_height(font)
        pad = font // 2
        box = pygame.Rect(0, 0, w * 3 // 4 + 2 * pad, len(rows) * line + 2 * pad)
        box.midtop = (w // 2, h // 6)
        pygame.draw.rect(self.screen, (20, 24, 22), box, border_radius=pad)
        pygame.draw.rect(self.screen, (244, 204, 96), box, width=2, border_radius=pad)
        for i, row in enumerate(rows):
            text = face.draw(row, font)
            self.screen.blit(text, text.get_rect(midtop=(w // 2, box.top + pad + i * line)))

    def _retitle(self) -> None:
        """Title the window after the top scene (its table and role, N8), once per change."""
        title = getattr(self.stack[-1], "title", None)
        wanted = title() if callable(title) else self.base_title
        if wanted != self.title:
            self.title = wanted
            pygame.display.set_caption(wanted)

    def run(self) -> int:
        """Run until the last scene is gone; returns 0."""
        try:
            while True:
                events = pygame.event.get()
                if not events:
                    event = pygame.event.wait(IDLE_MS)
                    events = [event] if event.type != pygame.NOEVENT else []
                if not self.step(events):
                    return 0
        finally:
            while self.stack:
                self.pop()
            if pygame.display.get_surface() is not None and not is_fullscreen():  # full screen: the window's kept
                w, h = pygame.display.get_window_size()
                self.closed_size = (int(w), int(h))
            pygame.quit()


def bring_forward() -> None:
    """Raise the window above the others and give it the input focus (restored first if minimized), where SDL
    and the desktop allow it: a second window asked for it (client/instance.py, new user s15)."""
    try:
        with warnings.catch_warnings():  # pygame-ce marks from_display_module deprecated; no replacement in 2.5
            warnings.simplefilter("ignore", DeprecationWarning)
            window = pygame.Window.from_display_module()
        window.restore()
        window.focus()
    except (AttributeError, pygame.error):  # pygame without Window, or no window: nothing to raise
        pass


def _forbid_shrinking(desktop: tuple[int, int] | None = None) -> None:
    """Ask SDL to keep the window at least :data:`MIN_WINDOW` (window managers enforce it while dragging),
    or the ``desktop``'s side where that is smaller (a minimum larger than the screen pushes it off)."""
    try:
        with warnings.catch_warnings():  # pygame-ce marks from_display_module deprecated; no replacement in 2.5
            warnings.simplefilter("ignore", DeprecationWarning)
            pygame.Window.from_display_module().minimum_size = at_least_minimum((0, 0), desktop)
    except (AttributeError, pygame.error):  # pygame without Window, or no window to limit
        pass
