"""The desktop the window opens on: its size bounds the window's first size and place (s14 access F1).

A window larger than the screen is cut (1280x800 on a 1366x768 laptop: the top bar's buttons and the
footer outside), or opens at negative coordinates with its title bar out of reach (a 3840x2160 size
remembered from a docked 4K monitor, reopened on the laptop's own screen). Kind: a window size or
position not bounded by the desktop it opens on. Pure functions here; :class:`.app.App` asks SDL for the
desktop (``pygame.display.get_desktop_sizes``) and applies them.
"""
from __future__ import annotations

import os

DESKTOP_MARGIN = (32, 80)
"""Px of the desktop, (width, height), left to the window manager's panels, taskbar and title bar (a
1366x768 laptop desktop offers about 700-730 px of height to a window's inside, s14 access F1)."""


def usable(desktop: tuple[int, int], minimum: tuple[int, int]) -> tuple[int, int]:
    """The largest window, (width, height) px, that opens whole on a ``desktop`` of that size: the desktop
    less :data:`DESKTOP_MARGIN`, but never less than ``minimum`` (the layout's) where the desktop itself
    has that room, and never more than the desktop (a 1024x600 netbook: 992x600)."""
    return tuple(min(d, max(d - margin, low)) for d, margin, low in zip(desktop, DESKTOP_MARGIN, minimum))  # type: ignore[return-value]


def fit_desktop(size: tuple[int, int], desktop: tuple[int, int] | None,
                minimum: tuple[int, int]) -> tuple[int, int]:
    """``size`` (px, a first start's or a remembered one) bounded by :func:`usable` of ``desktop`` on
    each side, never below ``minimum`` unless the desktop itself is smaller (then the desktop's side:
    the window is laid out on a canvas of the minimum, :meth:`.app.App.follow_window`). ``desktop``
    None (SDL said nothing): ``size`` unchanged. E.g. 3840x2160 on 1366x768 -> 1334x688."""
    if desktop is None or min(desktop) <= 0:
        return (int(size[0]), int(size[1]))
    room = usable(desktop, minimum)
    return tuple(max(min(low, d), min(int(s), r))  # type: ignore[return-value]
                 for s, r, low, d in zip(size, room, minimum, desktop))


def centred(size: tuple[int, int], desktop: tuple[int, int]) -> tuple[int, int]:
    """Where a window of ``size`` opens on ``desktop`` (px from its top left): in the middle, never at a
    negative coordinate (its title bar and top row stay on the screen)."""
    return (max(0, (desktop[0] - size[0]) // 2), max(0, (desktop[1] - size[1]) // 2))


def desktop_size() -> tuple[int, int] | None:
    """The size, px, of the desktop a window opens on (SDL's first display), or None where SDL cannot
    say (no display, a pygame without ``get_desktop_sizes``). Call after ``pygame.display.init()``."""
    import pygame

    try:
        sizes = pygame.display.get_desktop_sizes()
    except (AttributeError, pygame.error):
        return None
    if not sizes:
        return None
    w, h = sizes[0]
    return (int(w), int(h)) if w > 0 and h > 0 else None


def open_placed(size: tuple[int, int], flags: int, desktop: tuple[int, int] | None) -> object:
    """``pygame.display.set_mode(size, flags)`` with the window at :func:`centred` on ``desktop``
    (``SDL_VIDEO_WINDOW_POS``, read by pygame when it creates the window, then put back as it was),
    unless the player's environment already names a place or the desktop is unknown."""
    import pygame

    if desktop is None or "SDL_VIDEO_WINDOW_POS" in os.environ or "SDL_VIDEO_CENTERED" in os.environ:
        return pygame.display.set_mode(size, flags)
    x, y = centred(size, desktop)
    os.environ["SDL_VIDEO_WINDOW_POS"] = f"{x},{y}"
    try:
        return pygame.display.set_mode(size, flags)
    finally:
        del os.environ["SDL_VIDEO_WINDOW_POS"]


def real_window_size() -> tuple[int, int] | None:
    """The open window's size, (width, height) px, as the windowing system really shows it, or None where
    it cannot be asked (a video driver other than X11, no libX11, no window): SDL's own size is then taken.

    Why: asked for full screen on X11, SDL reports the desktop's size (``get_window_size``, the display
    surface, a resize event) whether or not a window manager granted it; with none, or one that refuses,
    the X window keeps its size (s14 attack F10: a 1280x800 window, SDL saying 2560x1440). X11's own
    ``XGetWindowAttributes`` of the window ``pygame.display.get_wm_info()`` names tells (Xlib manual 4.1).
    On Wayland, Windows and macOS SDL's size is the one the desktop configured. Never raises."""
    import pygame

    try:
        if pygame.display.get_surface() is None or pygame.display.get_driver() != "x11":
            return None
        window = pygame.display.get_wm_info().get("window")
    except (pygame.error, AttributeError):
        return None
    if not isinstance(window, int) or window <= 0:
        return None
    return _x11_window_size(window)


def _x11_window_size(window: int) -> tuple[int, int] | None:
    """``XGetWindowAttributes``' width and height of X window id ``window`` on ``$DISPLAY`` (libX11 through
    ctypes, a connection of its own, closed again), or None on any failure."""
    import ctypes
    import ctypes.util

    class Attributes(ctypes.Structure):  # XWindowAttributes' leading fields; the rest room enough (Xlib.h)
        _fields_ = [("x", ctypes.c_int), ("y", ctypes.c_int), ("width", ctypes.c_int), ("height", ctypes.c_int),
                    ("rest", ctypes.c_char * 512)]

    try:
        xlib = ctypes.CDLL(ctypes.util.find_library("X11") or "libX11.so.6")
        xlib.XOpenDisplay.restype = ctypes.c_void_p
        xlib.XOpenDisplay.argtypes = [ctypes.c_char_p]
        xlib.XGetWindowAttributes.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.POINTER(Attributes)]
        xlib.XCloseDisplay.argtypes = [ctypes.c_void_p]
        display = xlib.XOpenDisplay(None)
    except (OSError, AttributeError):
        return None
    if not display:
        return None
    try:
        got = Attributes()
        if not xlib.XGetWindowAttributes(display, window, ctypes.byref(got)):
            return None
        return (int(got.width), int(got.height)) if got.width > 0 and got.height > 0 else None
    finally:
        xlib.XCloseDisplay(display)
