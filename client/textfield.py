"""One text field's editing keys, shared by every field of the window (start screen, join screen, chat).

New user: Ctrl+A did nothing in the join screen's invite field; no field had a caret (typing went to
the end, Backspace took the last character), so Home, End, the arrows and Ctrl+Backspace did nothing
either. :func:`edit` is the field's whole behaviour, pure: typing and pasting go in at the caret (over
everything when Ctrl+A selected it), Backspace and Delete (with Ctrl: a word), Left and Right (with
Ctrl: a word), Home and End, Ctrl+A, Ctrl+V and Shift+Insert. The caller cleans and bounds the text
(:func:`~doublenine.client.clipboard.field_value`) and then :func:`settle` keeps the caret inside it.

Where a field is drawn and where a click lands are one computation (:func:`view`, :func:`click_caret`):
the text at the field's own size, scrolled so the caret is in sight, and a click puts the caret at the
character boundary nearest the pointer (new user: a click in a field did nothing; the caret stayed
where it was, and a long server address hid the caret and the typing past the field's right edge).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import pygame

from .art import GOLD, Art
from .bidi import has_rtl, levels, visual_step
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


TEXT, DIGITS, CODE, ADDRESS = "text", "digits", "code", "address"
"""What a field takes (:func:`typed`): any text (a name, a chat line); digits only (the seed); a table code
(letters and digits); a server address or an invite (a host, dots, a port)."""
KSCAN_KP_COMMA = 133
"""SDL_SCANCODE_KP_COMMA (a keypad's separator key, Brazilian ABNT2); pygame names no constant for it."""
_KEYPAD_SEPARATOR = frozenset({pygame.KSCAN_KP_PERIOD, KSCAN_KP_COMMA})
_NUMBER_ROW_PLACES = frozenset({pygame.KSCAN_1 + i for i in range(10)} | {pygame.KSCAN_KP_1 + i for i in range(10)})


def key_place(event: Any, before: int) -> tuple[int, int]:
    """(the place :func:`edit` reads for ``event``, the place kept for the next event): a KEYDOWN's scancode
    is kept for the TEXTINPUT it types next, which reads it once; ``before``: the place kept so far."""
    if event.type == pygame.KEYDOWN:
        return 0, getattr(event, "scancode", 0)
    return (before, 0) if event.type == pygame.TEXTINPUT else (0, before)


def typed(text: str, takes: str, place: int) -> str:
    """What a TEXTINPUT ``text`` puts in a field that ``takes`` :data:`DIGITS`, :data:`CODE`, :data:`ADDRESS` or
    :data:`TEXT`, typed by the key at scancode ``place`` (that of the KEYDOWN just before it, 0 if none).

    s13 linguists. Kind: a number typed on a layout whose keys say otherwise. AZERTY's number row types
    ``& é " ' ( - è _ ç à`` without Shift: a field of digits reads the digit of the key's place, as the table's
    keys do (:func:`.input.digit_of`), and so does a table code for a character that is no letter or digit of
    it (ASCII letters and digits are kept: Shift+7 types 7); the keypad's decimal key types ``,`` on German and
    Brazilian ABNT2 layouts (KP_Separator): an address takes it as ``.``. Any other text is kept as typed."""
    if len(text) != 1 or not place:
        return text
    if takes in (DIGITS, CODE) and not (text.isascii() and text.isalnum()):
        from .input import digit_of
        digit = digit_of(0, place) if place in _NUMBER_ROW_PLACES else None
        return str(digit) if digit is not None else text
    if takes == ADDRESS and text == "," and place in _KEYPAD_SEPARATOR:
        return "."
    return text


def edit(text: str, caret: Caret, event: Any, paste: Callable[[], str], takes: str = TEXT,
         place: int = 0) -> tuple[str, Caret] | None:
    """(text, caret) after ``event``, a TEXTINPUT or KEYDOWN, or None when the key is not the field's
    (Enter, Tab, Escape...: the screen's). ``paste`` gives the clipboard's cleaned text; a TEXTINPUT is read as
    the field ``takes`` it (:func:`typed`), ``place`` the scancode of the key that typed it."""
    if event.type == pygame.TEXTINPUT:
        return insert(text, caret, typed(event.text, takes, place))
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
    if key in (pygame.K_LEFT, pygame.K_RIGHT) and has_rtl(text):
        return text, Caret(_bidi_move(text, at, key == pygame.K_RIGHT, caret.everything, bool(mod & WORD_MODS)))
    moves = {pygame.K_HOME: lambda: 0, pygame.K_END: lambda: len(text),
             pygame.K_LEFT: lambda: 0 if caret.everything else
             (_word_start(text, at) if mod & WORD_MODS else max(0, at - 1)),
             pygame.K_RIGHT: lambda: len(text) if caret.everything else
             (_word_end(text, at) if mod & WORD_MODS else min(len(text), at + 1))}
    if key in moves:
        return text, Caret(moves[key]())
    return None


def _bidi_move(text: str, at: int, rightward: bool, everything: bool, by_word: bool) -> int:
    """Where Left or Right takes the caret in a line with right-to-left letters: one place as drawn
    (:func:`.bidi.visual_step`); with Ctrl (Alt on a Mac) a word, and out of a selection to the
    line's left or right edge, towards the reading end on the side pressed (in a right-to-left line,
    Left goes towards its logical end)."""
    forward = rightward != (levels(text)[0] == 1)
    if everything:
        return len(text) if forward else 0
    if by_word:
        return _word_end(text, at) if forward else _word_start(text, at)
    return visual_step(text, at, rightward)


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


Width = Callable[[str], int]
"""Pixels a run of the field's text takes at the field's size (``art.type.measure(text, f)[0]``)."""
START = Caret(0)
"""The view of a field without the focus: its text from the start."""


def caret_index(value: str, caret: Caret) -> int:
    """Characters before ``caret`` in ``value`` (its end when at the end or everything is selected)."""
    return len(value) if caret.at is None or caret.everything else max(0, min(caret.at, len(value)))


def view(value: str, caret: Caret, room: int, width: Width) -> tuple[int, int]:
    """(first, end): the part ``value[first:end]`` a field ``room`` px wide shows with ``caret`` in sight:
    from the start while the text before the caret fits, else scrolled just enough (the caret at the
    right edge); then as many characters after it as fit."""
    at = caret_index(value, caret)
    lo, hi = 0, at  # the smallest first with value[first:at] inside the room
    while lo < hi:
        mid = (lo + hi) // 2
        if width(value[mid:at]) <= room:
            hi = mid
        else:
            lo = mid + 1
    first = lo
    lo, hi = at, len(value)  # the largest end with value[first:end] inside the room
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if width(value[first:mid]) <= room:
            lo = mid
        else:
            hi = mid - 1
    return first, lo


def click_caret(value: str, caret: Caret | None, room: int, width: Width, x: float) -> Caret:
    """The caret a click ``x`` px right of where the field's text starts puts in a field showing
    ``value`` (focused with ``caret``, or None: not focused, shown from its start): at the character
    boundary nearest the pointer among those shown; past the text, at its end."""
    first, end = view(value, START if caret is None else caret, room, width)
    best = min(range(first, end + 1), key=lambda i: (abs(width(value[first:i]) - x), i))
    return END if best == len(value) else Caret(best)


def visual_view(total: int, caret: tuple[int, int], room: int, rtl: bool) -> int:
    """Px of a line ``total`` px wide scrolled off the left of a field ``room`` px wide, for text holding
    right-to-left letters, where a logical slice (:func:`view`) is no visual one: the caret
    (``caret``: (x, anchor) of :meth:`.typeset.Typeface.caret_span`) always in sight, what was typed in
    its run before it (the anchor) too as far as the room allows, and otherwise the line's reading start
    in sight (its left edge, or its right edge for a right-to-left paragraph, ``rtl``). 0 when the line
    fits. New user s2 item 3: after "مرحبا 123 abc שלום" and "XY" the field cut the message's start by
    logical characters and drew the caret at its right edge, "XY" at the far left."""
    if total <= room:
        return 0
    cx, anchor = caret
    lo, hi = cx - room, cx  # the caret in sight
    if anchor < cx:  # left to right: what was typed lies left of the caret
        hi = min(hi, max(lo, anchor))
    elif anchor > cx:
        lo = max(lo, min(hi, anchor - room))
    want = total - room if rtl else 0
    return max(0, min(total - room, max(lo, min(hi, want))))


def _visual(art: Art, value: str, caret: Caret, room: int, f: int) -> tuple[int, int]:
    """(offset, caret x in the whole line) of :func:`visual_view` for ``value`` at size ``f``."""
    span = art.type.caret_span(value, caret_index(value, caret), f)
    return visual_view(art.type.measure(value, f)[0], span, room, levels(art.type.clean(value))[0] == 1), span[0]


def draw_text(surface: pygame.Surface, art: Art, left: int, middle: int, room: int, value: str,
              caret: Caret | None, f: int, colour: tuple[int, int, int], fill: tuple[int, int, int] = GOLD) -> None:
    """A field's text from ``left`` px, centred on ``middle``, in ``room`` px at size ``f`` (:func:`view`),
    with the caret (``fill``) where typing goes, or marked as selected (Ctrl+A); ``caret`` None: not focused."""
    width = lambda text: art.type.measure(text, f)[0]  # noqa: E731
    if has_rtl(value):  # scrolled by px of the line as seen (visual_view), not by logical characters
        offset, whole = _visual(art, value, START if caret is None else caret, room, f)
        line = art.text(value, f, colour)
        text = line.subsurface((min(offset, line.get_width()), 0, max(0, min(room, line.get_width() - offset)),
                                line.get_height()))
        cx = left + whole - offset
    else:
        first, end = view(value, START if caret is None else caret, room, width)
        text = art.text(value[first:end], f, colour, width=room)
        cx = left + (art.type.caret_x(value[first:end], caret_index(value, caret) - first, f) if caret else 0)
    box = text.get_rect(midleft=(left, middle))
    if caret is not None and caret.everything and value:
        pygame.draw.rect(surface, (150, 190, 240), box.inflate(4, 2))  # selected: what typing replaces
    surface.blit(text, box)
    if caret is not None and not caret.everything:
        h = art.type.line_height(f)
        pygame.draw.line(surface, fill, (cx, middle - h // 2), (cx, middle + h // 2), 2)


def draw_field(surface: pygame.Surface, art: Art, rect: Rect, value: str, caret: Caret | None, f: int,
               placeholder: str = "") -> None:
    """A text field: its box, its text (``placeholder`` when empty and not focused), and, when focused
    (``caret`` not None), the caret where typing goes or the whole text marked as selected (Ctrl+A)."""
    x, y, w, h = rect
    focused = caret is not None
    pygame.draw.rect(surface, (248, 244, 232), rect, border_radius=h // 4)
    pygame.draw.rect(surface, GOLD if focused else (120, 110, 90), rect, 3 if focused else 1, border_radius=h // 4)
    if not value and not focused:
        text = art.fit_text(placeholder, f, w - f, (30, 32, 36))
        surface.blit(text, text.get_rect(midleft=(x + f // 2, y + h // 2)))
        return
    draw_text(surface, art, x + f // 2, y + h // 2, field_room(rect, f), value, caret, f, (30, 32, 36), (30, 32, 36))


def field_room(rect: Rect, f: int) -> int:
    """Pixels of a :func:`draw_field` field ``rect`` its text takes (half a size of margin each side)."""
    return rect[2] - f


def clicked(art: Art, rect: Rect, value: str, caret: Caret | None, f: int, pos: tuple[float, float]) -> Caret:
    """The caret after a click at ``pos`` on the :func:`draw_field` field ``rect`` (:func:`click_caret`)."""
    return clicked_at(art, value, caret, field_room(rect, f), f, pos[0] - (rect[0] + f // 2))


def clicked_at(art: Art, value: str, caret: Caret | None, room: int, f: int, x: float) -> Caret:
    """:func:`click_caret` for a field drawn by :func:`draw_text` at size ``f`` in ``room`` px, ``x`` px
    right of where its text starts; with right-to-left letters, the boundary whose caret
    (:meth:`.typeset.Typeface.caret_x`) is drawn nearest the pointer in the line as scrolled
    (:func:`visual_view`)."""
    if has_rtl(value):
        offset = _visual(art, value, START if caret is None else caret, room, f)[0]
        best = min(range(len(value) + 1), key=lambda i: (abs(art.type.caret_x(value, i, f) - offset - x), i))
        return END if best == len(value) else Caret(best)
    return click_caret(value, caret, room, lambda text: art.type.measure(text, f)[0], x)
