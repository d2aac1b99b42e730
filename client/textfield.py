"""One text field's editing keys, shared by every field of the window (start screen, join screen, chat).

New user: Ctrl+A did nothing in the join screen's invite field; no field had a caret (typing went to
the end, Backspace took the last character), so Home, End, the arrows and Ctrl+Backspace did nothing
either. :func:`edit` is the field's whole behaviour, pure: typing and pasting go in at the caret (over
everything when Ctrl+A selected it), Backspace and Delete (with Ctrl: a word), Left and Right (with
Ctrl: a word), Home and End, Ctrl+A, Ctrl+V and Shift+Insert. The caller cleans and bounds the text
(:func:`~doublenine.client.clipboard.field_value`) and then :func:`settle` keeps the caret inside it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import pygame

from .art import GOLD, Art
from .snake import Rect

WORD_MODS = pygame.KMOD_CTRL | pygame.KMOD_ALT  # Alt+Backspace deletes a word on macOS
COMMAND_MODS = pygame.KMOD_CTRL | pygame.KMOD_META


@dataclass(frozen=True, slots=True)
class Caret:
    """Where typing goes in a field: ``at`` characters from its start (None: at its end)."""

    at: int | None = None
    everything: bool = False
    """Ctrl+A selected the whole text: typing or pasting replaces it, Backspace or Delete empties it."""


END = Caret()
"""The caret at the end, nothing selected: a field just focused."""


def edit(text: str, caret: Caret, event: Any, paste: Callable[[], str]) -> tuple[str, Caret] | None:
    """(text, caret) after ``event``, a TEXTINPUT or KEYDOWN, or None when the key is not the field's
    (Enter, Tab, Escape...: the screen's). ``paste`` gives the clipboard's cleaned text."""
    if event.type == pygame.TEXTINPUT:
        return insert(text, caret, event.text)
    if event.type != pygame.KEYDOWN:
        return None
    key, mod = event.key, getattr(event, "mod", 0)
    at = len(text) if caret.at is None else max(0, min(caret.at, len(text)))
    if (key == pygame.K_v and mod & COMMAND_MODS) or (key == pygame.K_INSERT and mod & pygame.KMOD_SHIFT):
        return insert(text, caret, paste())
    if key == pygame.K_a and mod & COMMAND_MODS:
        return text, Caret(None, everything=bool(text))
    if key in (pygame.K_BACKSPACE, pygame.K_DELETE) and caret.everything:
        return "", END
    if key == pygame.K_BACKSPACE:
        start = _word_start(text, at) if mod & WORD_MODS else max(0, at - 1)
        return text[:start] + text[at:], Caret(start)
    if key == pygame.K_DELETE:
        end = _word_end(text, at) if mod & WORD_MODS else min(len(text), at + 1)
        return text[:at] + text[end:], Caret(at)
    moves = {pygame.K_HOME: lambda: 0, pygame.K_END: lambda: len(text),
             pygame.K_LEFT: lambda: 0 if caret.everything else
             (_word_start(text, at) if mod & WORD_MODS else max(0, at - 1)),
             pygame.K_RIGHT: lambda: len(text) if caret.everything else
             (_word_end(text, at) if mod & WORD_MODS else min(len(text), at + 1))}
    if key in moves:
        return text, Caret(moves[key]())
    return None


def settle(before: str, after: str, caret: Caret) -> Caret:
    """``caret`` inside ``after``, the text once cleaned and bounded (it may be shorter than edited):
    kept at the end when it was there, else moved back by what the cleaning took off after it."""
    if caret.at is None or caret.at >= len(after):
        return Caret(None, caret.everything and bool(after))
    return Caret(max(0, caret.at - max(0, len(before) - len(after))) if after != before[:len(after)] else caret.at)


def insert(text: str, caret: Caret, new: str) -> tuple[str, Caret]:
    """(text, caret) with ``new`` typed or pasted at ``caret`` (over everything when it is selected)."""
    if caret.everything:
        return new, END
    at = len(text) if caret.at is None else max(0, min(caret.at, len(text)))
    return text[:at] + new + text[at:], (END if caret.at is None else Caret(at + len(new)))


def _word_start(text: str, at: int) -> int:
    """Where the word before ``at`` starts (spaces before the caret go with it)."""
    i = at
    while i > 0 and text[i - 1].isspace():
        i -= 1
    while i > 0 and not text[i - 1].isspace():
        i -= 1
    return i


def _word_end(text: str, at: int) -> int:
    i = at
    while i < len(text) and text[i].isspace():
        i += 1
    while i < len(text) and not text[i].isspace():
        i += 1
    return i


def draw_field(surface: pygame.Surface, art: Art, rect: Rect, value: str, caret: Caret | None, f: int,
               placeholder: str = "") -> None:
    """A text field: its box, its text (``placeholder`` when empty and not focused), and, when focused
    (``caret`` not None), the caret where typing goes or the whole text marked as selected (Ctrl+A)."""
    x, y, w, h = rect
    focused = caret is not None
    pygame.draw.rect(surface, (248, 244, 232), rect, border_radius=h // 4)
    pygame.draw.rect(surface, GOLD if focused else (120, 110, 90), rect, 3 if focused else 1, border_radius=h // 4)
    if caret is None:
        shown = value or placeholder
    elif caret.everything:
        shown = value
    else:
        at = len(value) if caret.at is None else min(caret.at, len(value))
        shown = value[:at] + "|" + value[at:]
    text = art.fit_text(shown, f, w - f, (30, 32, 36))
    box = text.get_rect(midleft=(x + f // 2, y + h // 2))
    if caret is not None and caret.everything and value:
        pygame.draw.rect(surface, (150, 190, 240), box.inflate(4, 2))  # selected: what typing replaces
    surface.blit(text, box)
