"""A seat's name as the window can draw it: never a lone "�", never two seats drawn alike.

Attacker, session 10: two seats named in scripts DejaVu Sans lacks (cuneiform, Hangul jamo) both drew
as one "�" (:mod:`.typeset` draws each run of missing glyphs as one U+FFFD), in the plates, the chat,
the hand end ("Blocked: � holds the lowest total") and the mute chips; nothing told them apart. Kind:
a name the window draws identical to another seat's. A name whose every character the font lacks
is shown as the seat's own default name ("East", translated), as is a partly drawable one that
draws the same as another seat's name.
"""
from __future__ import annotations

from collections.abc import Iterable

from doublenine.shared.i18n import DEFAULT_SEAT_NAMES, shown_seat_name

from .text import nfc
from .typeset import ELLIPSIS, REPLACEMENT, measurer

_NOTHING_READABLE = frozenset({REPLACEMENT, ELLIPSIS, " "})


def drawn(name: str) -> str:
    """``name`` as the font draws it (bold: DejaVu Sans Bold has the fewer glyphs): each run of missing
    glyphs one U+FFFD (:meth:`.typeset.Typeface.clean`)."""
    return measurer().clean(name, bold=True)


def unreadable(name: str) -> bool:
    """True when the font draws nothing of ``name`` but U+FFFD marks (or nothing at all)."""
    return set(drawn(name)) <= _NOTHING_READABLE


def window_seat_name(lang: str, seat: int, name: str, others: Iterable[str] = ()) -> str:
    """``name`` of ``seat`` (1..4) as the window shows it in ``lang`` (shared/i18n ``shown_seat_name``),
    or the seat's default name translated when the font draws none of it, or when it draws with a
    U+FFFD exactly as one of ``others`` (the other seats' names, as the server sent them) draws."""
    shown = nfc(shown_seat_name(lang, seat, name))
    look = drawn(shown)
    if unreadable(shown) or (REPLACEMENT in look and any(drawn(o) == look for o in others if o)):
        default = DEFAULT_SEAT_NAMES.get(seat)
        return nfc(shown_seat_name(lang, seat, default if default is not None else ""))
    return shown
