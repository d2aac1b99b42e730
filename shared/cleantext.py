"""Cleaning text that people type for other people to read: names and table chat.

One function, :func:`clean_text`, used by the server for seat names, table and
seat names in ``create_table``, and chat (docs/protocol.md, "Text from players").
It is the server's answer to issue 16's kind "text from outside reaching the
renderer": whatever arrives, what is stored and forwarded is

- in Unicode NFC form (a composed "é" is one character, as the font draws it);
- free of control (Cc), format (Cf: zero-width spaces and joiners, soft hyphen,
  byte-order mark, bidirectional overrides), surrogate (Cs), private-use (Co)
  and unassigned (Cn) characters, and of every other character that draws
  nothing: Unicode's Default_Ignorable_Code_Point set (Hangul fillers, the
  combining grapheme joiner, variation selectors, Mongolian free variation
  selectors; :data:`INVISIBLE`) and the blank Braille pattern U+2800;
- on one line: every run of white space (tabs, newlines, line and paragraph
  separators, no-break and other spaces) becomes one ASCII space, with none at
  either end;
- without runs of more than :data:`MAX_MARKS` combining marks on one character
  ("Zalgo" text that would draw over the lines above and below);
- at most ``max_chars`` characters, cut before a base character so that none
  loses its marks.

Text that is blank once cleaned raises :class:`BlankText`. The client draws any
string without raising (client/render text function); this cleaning is what
keeps the table readable, not what keeps it alive. The window cleans what a
server sends it for display the same way (client/store.py ``shown``): a
stranger's server is untrusted too.

Text echoed to a terminal (a refused invite or code, an error's words, a log
line) goes through :func:`for_terminal` instead: nothing is dropped, so the
person sees what they pasted, but every character a terminal would obey or
draw as nothing is written as its escape (attacker F7: ``AB\x1b[31mCDE`` from
``--join`` turned the terminal red, an OSC sequence retitled it, U+202E
reversed the rest of the line).
"""
from __future__ import annotations

import unicodedata

NAME_CHARS = 32
"""Longest seat name kept, in characters (the wire ``Name`` bound, docs/protocol.md "Names")."""
MAX_MARKS = 2
"""Combining marks kept on one base character (Vietnamese needs two)."""

_DROPPED = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})
INVISIBLE: tuple[tuple[int, int], ...] = (
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160), (0x17B4, 0x17B5),
    (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x206F), (0x2800, 0x2800),
    (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF),
)
"""Code point ranges (inclusive) that draw nothing: Default_Ignorable_Code_Point of Unicode 15's
DerivedCoreProperties.txt, plus U+2800 BRAILLE PATTERN BLANK (issue 16, found by a tester:
a name of three U+3164 HANGUL FILLER was kept and showed as blank)."""
_INVISIBLE_SET = frozenset(cp for lo, hi in INVISIBLE if hi - lo < 64 for cp in range(lo, hi + 1))


def invisible(ch: str) -> bool:
    """True for a character in :data:`INVISIBLE` (one code point)."""
    cp = ord(ch)
    return cp in _INVISIBLE_SET or 0xE0000 <= cp <= 0xE0FFF
_MARKS = frozenset({"Mn", "Mc", "Me"})


TERMINAL_CHARS = 2000
"""Longest text :func:`for_terminal` writes out, in characters, before its "…"."""
_ESCAPED = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def said(exc: BaseException) -> str:
    """What an error says: its message, else its type's name (``TimeoutError``), never an empty line
    (attacker s12 A5: a ``TimeoutError()`` printed "doublenine play: " and nothing more).

    >>> said(TimeoutError())
    'TimeoutError'
    """
    text = str(exc)
    return text if text.strip() else type(exc).__name__


def typed(exc: BaseException) -> str:
    """An error's type and what it says, ``TimeoutError: no answer``, or its type alone when it says
    nothing (``TimeoutError``), never ``TimeoutError: `` and nothing (operator s13: a store's
    ``last_reason="TimeoutError: "``).

    >>> typed(TimeoutError()), typed(OSError("disk full"))
    ('TimeoutError', 'OSError: disk full')
    """
    text = str(exc)
    return f"{type(exc).__name__}: {text}" if text.strip() else type(exc).__name__


def named_once(text: str, name: str, *also: str) -> str:
    """``name: text``, unless ``text`` already names it (``name`` or any of ``also``, the same thing
    spelt otherwise, as a path before and after ``~`` is expanded): every command-line error says each
    thing once (new user s14: ``results --db nosuch.sqlite3`` said "nosuch.sqlite3: nosuch.sqlite3: no
    such SQLite file").

    >>> named_once("x.db: no such SQLite file", "x.db"), named_once("connection refused", "db")
    ('x.db: no such SQLite file', 'db: connection refused')
    """
    return text if any(n and n in text for n in (name, *also)) else f"{name}: {text}"


def for_terminal(text: object, max_chars: int = TERMINAL_CHARS) -> str:
    """``text`` (``str()`` of it; an exception's :func:`said`) safe to print on a terminal, one line, at most ``max_chars`` characters.

    Control (Cc: ESC, BEL, CR, newline, tab), format (Cf: the bidirectional overrides and isolates,
    zero-width characters), surrogate, private-use, unassigned, line and paragraph separator characters,
    and every :data:`INVISIBLE` one, are written as Python escapes (``\\x1b``, ``\\u202e``, ``\\n``); the
    rest is kept as is. Longer text is cut, "…" added.

    >>> for_terminal("AB\\x1b[31mCDE \\u202eok")
    'AB\\\\x1b[31mCDE \\\\u202eok'
    """
    raw = text if isinstance(text, str) else said(text) if isinstance(text, BaseException) else str(text)
    out = [ch.encode("unicode_escape").decode("ascii")
           if unicodedata.category(ch) in _ESCAPED or invisible(ch) else ch for ch in raw[:max_chars]]
    return "".join(out) + ("…" if len(raw) > max_chars else "")


class BlankText(ValueError):
    """The text has no visible character left once cleaned (empty, spaces, or only invisible characters)."""


SCAN_CHARS = 8192
"""Code points :func:`clean_text` looks at, at least (a pasted clipboard may start with thousands of
zero-width characters); the protocol bounds a frame long before this."""


def scanned(max_chars: int) -> int:
    """How many leading code points of a text :func:`clean_text` looks at for ``max_chars``."""
    return max(8 * max_chars, SCAN_CHARS)


def clean_text(raw: str, max_chars: int) -> str:
    """``raw`` cleaned as the module says: NFC, one line, no invisible characters, at most ``max_chars``.

    ``raw`` is bounded before any work: only its first :func:`scanned` code points
    are looked at (at least ``8 * max_chars`` and :data:`SCAN_CHARS`, so that a run
    of invisible characters or marks in front, which cleaning drops, does not empty
    a field: attacker, session 10, 256 combining marks then a name gave nothing),
    and the scan stops once enough visible text is kept. Raises :class:`BlankText`
    when nothing visible is left, and ``TypeError`` when ``raw`` is not a ``str``.

    >>> clean_text("  Jose\\u0301\\u200b \\n Luis ", 32)
    'José Luis'
    """
    if not isinstance(raw, str):
        raise TypeError(f"text must be str, not {type(raw).__name__}")
    if max_chars < 1:
        raise ValueError("max_chars must be at least 1")
    text = unicodedata.normalize("NFC", raw[: scanned(max_chars)])
    out: list[str] = []
    marks = 0
    pending_space = False
    enough = (max_chars + 1) * (MAX_MARKS + 1)  # kept characters that NFC can never bring below max_chars + 1
    for ch in text:
        if len(out) > enough:
            break
        if ch.isspace():
            pending_space = bool(out)
            marks = 0
            continue
        cat = unicodedata.category(ch)
        if cat in _DROPPED or invisible(ch):
            continue
        if cat in _MARKS:
            if not out or pending_space or marks >= MAX_MARKS:
                continue  # a mark with nothing to sit on (start, after a space), or one too many
            marks += 1
            out.append(ch)
            continue
        if pending_space:
            out.append(" ")
            pending_space = False
        marks = 0
        out.append(ch)
    cleaned = unicodedata.normalize("NFC", "".join(out))
    if len(cleaned) > max_chars:
        cut = max_chars
        while cut > 0 and unicodedata.category(cleaned[cut]) in _MARKS:
            cut -= 1  # never split a base character from its marks
        cleaned = cleaned[:cut].rstrip()
    if not cleaned:
        raise BlankText("no visible character")
    return cleaned


def N_(message: str) -> str:  # noqa: N802 - the catalogs' extraction keyword (docs/translating.md)
    """Mark ``message`` for the catalogs, as shared/i18n.N_ (not imported: this module stays free of Babel)."""
    return message


NAME_WANTED = N_("a name of 1 to %(max)s visible characters, not %(count)s")
"""``--name`` refused (``play``, ``bot``), said through argparse's ``_``: the command line's language."""


def arg_name(text: str) -> str:
    """argparse ``type=`` of ``--name`` (``play``, ``bot``): ``text`` unchanged when :func:`clean_text` keeps
    all of it, 1 to :data:`NAME_CHARS` visible characters; else argparse's one-line refusal (exit 2) with that
    range (s12: a longer name was cut to 32 without a word, an invisible one became the seat's default
    name). Kind: an option's value changed without a word. An empty or all-space value is let through for
    ``play``'s own refusal of empty values (client/playoptions.EMPTY_VALUE)."""
    import argparse

    if not text.strip():
        return text
    try:
        count = len(clean_text(text, TERMINAL_CHARS))
    except BlankText:
        count = 0
    if 1 <= count <= NAME_CHARS:
        return text
    said = argparse._(NAME_WANTED)  # type: ignore[attr-defined]
    raise argparse.ArgumentTypeError(said % {"max": NAME_CHARS, "count": count})
