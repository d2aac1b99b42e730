"""Copy and paste text (invites) through pygame-ce's clipboard (``pygame.scrap``, SDL's clipboard).

``pygame.scrap.put_text``/``get_text`` (pygame-ce 2.2+) need a display mode set,
which every scene has. Where the platform has no clipboard they fail: the
caller then shows the text for the person to copy by hand.
"""
from __future__ import annotations

import pygame


def copy_text(text: str) -> bool:
    """Put ``text`` on the clipboard; False if this platform or display has no clipboard."""
    try:
        import pygame.scrap as scrap

        scrap.put_text(text)
        return True
    except (pygame.error, ImportError, NotImplementedError, AttributeError):
        return False


def paste_text() -> str:
    """The clipboard's text, or "" when it is empty or unavailable."""
    try:
        import pygame.scrap as scrap

        return scrap.get_text() if scrap.has_text() else ""
    except (pygame.error, ImportError, NotImplementedError, AttributeError):
        return ""
