"""The window's title and class: what the desktop (taskbar, window switcher, ``xwininfo``) calls a window.

New-user N8: every window was titled "doublenine" with the WM class ``__main__.py`` (SDL's default, the
program's file name), so a host's, a friend's and a spectator's window could not be told apart.
"""
from __future__ import annotations

import os
import sys

from ..shared.i18n import N_
from .text import tr

WM_CLASS = "doublenine"
"""The window class (X11 ``WM_CLASS``, Wayland app id): the desktop entry's name, not ``__main__.py``."""

ROLE_TITLES = {
    "host": N_("doublenine · {table} · host"),
    "player": N_("doublenine · {table} · player"),
    "spectator": N_("doublenine · {table} · spectator"),
}
"""One whole title per role (docs/translating.md: never a sentence built from pieces)."""


def window_title(lang: str, table: str = "", role: str = "") -> str:
    """The title for a window at ``table`` (its code, "" before there is one) in ``role``.

    ``role`` is ``host`` (the window serving the table), ``player`` or ``spectator``; "doublenine"
    alone where there is no table yet (the start screen) or the role is unknown.
    """
    if not table or role not in ROLE_TITLES:
        return "doublenine"
    return tr(lang, ROLE_TITLES[role], table=table)


def name_the_window_class() -> None:
    """Ask SDL for :data:`WM_CLASS` as the window class; call before ``pygame.display.init()``.

    SDL reads these at display init (SDL2 ``SDL_VIDEO_X11_WMCLASS``, ``SDL_VIDEO_WAYLAND_WMCLASS``).
    ``import pygame`` itself sets the X11 one to the program file's name (``__main__.py`` under
    ``python -m doublenine``) when unset: that default is replaced, a value the user set is kept.
    """
    program = os.path.basename(sys.argv[0]) if sys.argv and sys.argv[0] else ""
    if os.environ.get("SDL_VIDEO_X11_WMCLASS", program) == program:
        os.environ["SDL_VIDEO_X11_WMCLASS"] = WM_CLASS
    os.environ.setdefault("SDL_VIDEO_WAYLAND_WMCLASS", WM_CLASS)
