"""Table codes: the one definition of what a code is, and how typed or pasted text becomes one.

The server makes codes of :data:`CODE_LENGTH` characters of :data:`CODE_ALPHABET`
(server/registry.py ``new_code``) and looks them up through :func:`clean_code`. The
window's table field, invites (shared/invite.py ``normalize_code``), the LAN
announcements and ``--table`` accept exactly that form (:func:`is_code`), so text
that cannot be a code is told at once, before any network work.
"""
from __future__ import annotations

import unicodedata

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTVWXYZ23456789"
"""Letters and digits a table code may use: no 0/O, 1/I/L or U, so it reads out cleanly."""
CODE_LENGTH = 5
"""Characters in a table code (30^5, about 24 million codes)."""
MAX_TYPED = 64
"""Longest text cleaned at all: longer text is no code (bounded before any work)."""
_DROPPED_CATEGORIES = ("Pd", "Cf", "Zs", "Zl", "Zp", "Cc")
"""Unicode categories a person adds around or inside a code: dashes of every kind (``-``, ``–``,
full-width ``－``), invisible format characters (zero-width space, a byte-order mark), spaces
(the no-break space too), line ends and other control characters (a pasted trailing newline)."""


def clean_code(text: str) -> str:
    """The code ``text`` spells, unchecked: NFKC (full-width ``Ｋ７ＱＰＡ`` is ``K7QPA``), upper case,
    every space, dash, underscore, control and invisible character dropped. Text longer than
    :data:`MAX_TYPED` characters gives ``""`` (no code), so no work is done on it."""
    if not isinstance(text, str) or len(text) > MAX_TYPED:
        return ""
    kept = (ch for ch in unicodedata.normalize("NFKC", text)
            if ch != "_" and unicodedata.category(ch) not in _DROPPED_CATEGORIES)
    return "".join(kept).upper()


def is_code(code: str) -> bool:
    """True when ``code`` (already cleaned) has a code's form: :data:`CODE_LENGTH` characters of
    :data:`CODE_ALPHABET`."""
    return len(code) == CODE_LENGTH and all(ch in CODE_ALPHABET for ch in code)
