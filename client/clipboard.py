"""Copy and paste text (invites) through pygame-ce's clipboard (``pygame.scrap``, SDL's clipboard),
and what a text field keeps of typed or pasted text.

``pygame.scrap.put_text``/``get_text`` (pygame-ce 2.2+) need a display mode set,
which every scene has. Where the platform has no clipboard they fail: the
caller then shows the text for the person to copy by hand.

The clipboard is outside text like any other (issue 16.2): another program may
have put a megabyte, NUL characters, line breaks or any script on it. What is
pasted and what is typed both go through :func:`field_value`, which is
:func:`~doublenine.shared.cleantext.clean_text` (the one cleaning of typed text)
plus the trailing space a person is typing between two words.
"""
from __future__ import annotations

import unicodedata

import pygame

from doublenine.shared.cleantext import BlankText, clean_text, scanned

PASTE_CHARS = 512
"""The most characters one paste brings into a field (fields hold 32 to 200)."""


def copy_text(text: str) -> bool:
    """Put ``text`` on the clipboard; False if this platform or display has no clipboard."""
    try:
        import pygame.scrap as scrap

        scrap.put_text(text)
        return True
    except (pygame.error, ImportError, NotImplementedError, AttributeError, ValueError, TypeError):
        return False


def paste_text() -> str:
    """The clipboard's text, cleaned and bounded (:func:`bounded_paste`); "" when empty or unavailable."""
    try:
        import pygame.scrap as scrap

        raw = scrap.get_text() if scrap.has_text() else ""
    except (pygame.error, ImportError, NotImplementedError, AttributeError, ValueError, UnicodeError):
        return ""
    return bounded_paste(raw)


def bounded_paste(raw: object) -> str:
    """Clipboard content as a field may take it: one line, no control or invisible characters, NFC,
    at most :data:`PASTE_CHARS` characters; "" for blank text or anything that is not text.

    >>> bounded_paste("doublenine://127.0.0.1:8765/KQ7PA\\x00")
    'doublenine://127.0.0.1:8765/KQ7PA'
    """
    if isinstance(raw, bytes):
        raw = raw[: 4 * scanned(PASTE_CHARS)].decode("utf-8", errors="replace")  # 4 bytes a code point at most
    if not isinstance(raw, str):
        return ""
    try:
        return clean_text(raw, PASTE_CHARS)
    except BlankText:
        return ""


def _ends_in_space(raw: str) -> bool:
    """The last character that is not dropped by the cleaning (a zero-width space, a NUL) is white space."""
    for ch in reversed(raw[-64:]):
        if ch.isspace():
            return True
        if unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Co", "Cn"):
            return False
    return False


def field_value(raw: str, limit: int) -> str:
    """What a text field holds after an edit (typing, pasting, Backspace), at most ``limit`` characters.

    :func:`~doublenine.shared.cleantext.clean_text` of ``raw``, except that one
    trailing space is kept (the person is typing between two words); "" when
    nothing visible is left. Never raises on any ``str``.
    """
    trailing = _ends_in_space(raw)
    try:
        text = clean_text(raw, limit)
    except BlankText:
        return ""
    return text + " " if trailing and len(text) < limit else text
