"""A seat's name as the window can draw it: never a lone "�", never two seats drawn alike.

Attacker, session 10: two seats named in scripts DejaVu Sans lacks (cuneiform, Hangul jamo) both drew
as one "�" (:mod:`.typeset` draws each run of missing glyphs as one U+FFFD), in the plates, the chat,
the hand end ("Blocked: � holds the lowest total") and the mute chips; nothing told them apart. Kind:
a name the window draws identical to another seat's. A name whose every character the font lacks
is shown as the seat's own default name ("East", translated), as is a partly drawable one that
draws the same as another seat's name.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence

from doublenine.shared.cleantext import NAME_CHARS, BlankText, clean_text
from doublenine.shared.i18n import DEFAULT_SEAT_NAMES, N_, shown_seat_name

from .text import nfc, tr
from .typeset import ELLIPSIS, NAME_SUFFIX, REPLACEMENT, measurer

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


def seat_name_in(lang: str, seat: int, names: Sequence[str]) -> str:
    """:func:`window_seat_name` of ``seat`` (1..4) named in ``names`` (by seat, seat 1 first; "" for a seat
    past its end), told apart from the other seats' names among its first four."""
    name = names[seat - 1] if 0 < seat <= len(names) else ""
    return window_seat_name(lang, seat, name, (n for i, n in enumerate(names[:4], start=1) if i != seat))


RENAMED = N_("At this table you are \"{name}\" (another seat has that name)")
"""Told once when the server gave one's seat a suffix (server/names.py ``distinct_name``). New user, round 2:
a friend who joined as the host's "Maximiliana Esperanza Villalobos" became "... Villalob 2" unaware, and
read "Maximiliana Esperanza Villalobos to play" (the host's turn) as their own."""
RENAMED_OTHER = N_("At this table you are \"{name}\"")
"""Told once when the server stored another name than the one sent for another reason (a name only the
window gives, "East" or "you", is stored blank; a trailing "(you)" is removed)."""


def renamed_notice(lang: str, seat: int, asked: str, names: tuple[str, ...]) -> str | None:
    """The message telling the player of ``seat`` (1..4) that the table calls them otherwise than the
    ``asked`` name their window sent (create or join), from the snapshot's ``names`` (seat 1 first);
    ``None`` when it is the same (as the server cleans it: shared/cleantext ``clean_text``) or nothing was
    asked. In ``lang``, the name as the window shows it (:func:`window_seat_name`)."""
    try:
        sent = nfc(clean_text(asked, NAME_CHARS)) if asked else ""
    except BlankText:
        sent = ""
    if not sent or not 0 < seat <= len(names):
        return None
    stored = nfc(names[seat - 1])
    if stored == sent:
        return None
    shown = window_seat_name(lang, seat, stored, (o for i, o in enumerate(names, start=1) if i != seat))
    mark = NAME_SUFFIX.search(stored)
    suffixed = mark is not None and not sent.endswith(mark.group(0))
    return tr(lang, RENAMED if suffixed else RENAMED_OTHER, name=shown)


TABLE_UNNAMED = N_("This table has no name: \"{asked}\" reads like a table's code or the pages' own words")
"""Organiser s16 F7: the name asked for a new table, refused by the server (server/names.table_name: a page's
word, or "Table CODE"), was dropped without a word; the table then showed as its code everywhere."""
TABLE_RENAMED = N_("This table is named \"{name}\" (another open table is named \"{asked}\")")
"""Organiser s16 F11: the server made a name distinct from an open table's ("Ronda 2 · Mesa 1 2") unsaid."""


def table_renamed_notice(lang: str, asked: str, stored: str) -> str | None:
    """What to tell the creator when the table's name (``TableW.table_name``, ``stored``) is not the ``asked``
    one (as the server cleans it: ``clean_text``); None when it is, or nothing was asked."""
    try:
        sent = nfc(clean_text(asked, NAME_CHARS)) if asked else ""
    except BlankText:
        sent = ""
    stored = nfc(stored)
    if not sent or stored == sent:
        return None
    return tr(lang, TABLE_UNNAMED, asked=sent) if not stored else tr(lang, TABLE_RENAMED, name=stored, asked=sent)


def played_said(lang: str, stored: str) -> str:
    """Who played a seat of a finished match (``MatchRecordW.players``: persons' names joined by " / ", or
    ``"computer:LEVEL"``) as the window says it in ``lang``: the names as sent, the computer as its seat card
    says it ("computadora · Experto"; "computer" alone at a level this version does not know). Organiser s16
    F10: the ledger named the people sitting now as an earlier match's players."""
    from doublenine.shared.wire import COMPUTER_PLAYED

    from doublenine.shared.seatstate import SEAT_WORDS, SeatState

    from .scenes.startform import LEVEL_NAMES
    COMPUTER_WORD = SEAT_WORDS[SeatState.COMPUTER]
    if not stored.startswith(COMPUTER_PLAYED):
        return stored
    level = stored[len(COMPUTER_PLAYED):]
    said = tr(lang, COMPUTER_WORD)
    return said + " · " + tr(lang, LEVEL_NAMES[level]) if level in LEVEL_NAMES else said


def played_english(stored: str) -> str:
    """:func:`played_said` in a match record's fixed English (docs/match-record.md ``players``): a computer's
    "computer · Expert", as the results' exports (CSV, JSON, ``doublenine results``) say it."""
    from doublenine.shared.wire import COMPUTER_PLAYED, LEVELS
    if not stored.startswith(COMPUTER_PLAYED):
        return stored
    level = stored[len(COMPUTER_PLAYED):]
    return "computer · " + level.capitalize() if level in LEVELS else "computer"

