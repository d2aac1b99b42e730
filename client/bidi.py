"""Right-to-left text in visual order, as runs the font shapes one at a time (new user s10 item 5).

SDL_ttf (pygame-ce's ``Font``) shapes a string with HarfBuzz in one direction and one script per font
(``Font.set_direction``, ``Font.set_script``): an Arabic word drawn right to left with the Arabic script
comes out joined and in its own order, its brackets mirrored; it does not split a line of mixed
directions nor order its pieces. This module does that part: it cuts a line into runs of one direction
(and, right to left, one script) and gives them in the order they are seen, left to right.

The Unicode Bidirectional Algorithm (UAX #9) itself is python-bidi's (the Rust crate ``unicode-bidi``
inside): the paragraph's direction (P2, P3), weak types and numbers (W1-W7), bracket pairs (N0), the
other neutrals (N1, N2) and the resulting embedding level of every character (I1, I2). Its public
``get_display`` only returns the whole line reordered, which HarfBuzz cannot shape any more (Arabic
letters join in logical order), so :func:`levels` reads the levels from what ``get_display(debug=True)``
returns, the crate's ``BidiInfo`` (one level per UTF-8 byte; documented there as "return the calculated
levels"); pyproject pins python-bidi below 0.7 for that format and tests/client/test_bidi_uax9.py checks
it against BidiCharacterTest.txt. Kept here, where the library gives nothing: L1 (trailing spaces at the
paragraph's level: the crate applies it only inside its own reordering), L2 (:func:`reorder`, the
visual index map, checked equal to ``get_display``'s order) and the cutting into shaped runs. Explicit
embeddings and isolates never reach it: typeset drops those controls (category Cf) before drawing, so
a stranger's text can neither use them nor reorder the window.

The work is bounded: :data:`MAX_RUNS` runs at most; the rest of a line that alternates directions more
often is one last run in the paragraph's direction (never a stall).
"""
from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from bidi import get_base_level, get_display

RTL_CHARS = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\U00010800-\U00010fff\U0001e800-\U0001efff]")
"""Where right-to-left letters live: a line with none of them is drawn as it is (the common case, one
regex search)."""
MAX_RUNS = 32
"""Most runs one line is cut into; past it the rest is one run (a hostile line alternating letters of
both directions costs at most this many shaped pieces)."""
_LEVELS = ("\n    levels: [\n", "\n    ],\n    paragraphs: [")
"""Where the ``levels`` field of the crate's ``BidiInfo`` starts and ends as Rust's ``{:#?}`` prints it,
one ``Level(\\n N,\\n ),`` a byte. The ``text`` field before it is one line (its newlines are
escaped), so nothing typed can imitate these."""
_LEVEL = "Level(\n"
CACHE = 512
"""Lines whose levels are kept (a caret placed by a click asks one line's levels once per character)."""
_SURROGATE = re.compile("[\ud800-\udfff]")
_TRAILING = frozenset({"WS", "BN", "LRE", "RLE", "LRO", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"})
"""L1: the classes that take the paragraph's level at the end of a line and before a separator."""


@dataclass(frozen=True, slots=True)
class Run:
    """A piece of a line drawn in one go: ``text`` in logical order, right to left or not, and the script
    HarfBuzz shapes it with (``"Arab"``, ``"Hebr"``; ``""`` left to right: the font's default)."""

    text: str
    rtl: bool
    script: str = ""
    start: int = 0
    """Where :attr:`text` starts in the line, in characters (logical order)."""


def has_rtl(text: str) -> bool:
    """True when ``text`` holds a right-to-left letter (Hebrew, Arabic, Syriac, Thaana, N'Ko ...)."""
    return RTL_CHARS.search(text) is not None


def levels(text: str, base: int | None = None) -> tuple[int, list[int]]:
    """(paragraph level, one embedding level per character) of ``text`` by UAX #9 (python-bidi), after
    L1: 0 and even left to right, odd right to left. The paragraph's level is ``base`` (0 or 1) when
    given, else found from its first strong letter (P2, P3). A line break or tab inside ``text`` ends a
    segment (L1) but the whole is one paragraph, at the level of its first. Should the library's answer
    not hold one level per byte (a python-bidi whose debug format changed), every character is at the
    paragraph's level: drawn in logical order, never an error. Raises ValueError for a ``base`` other
    than None, 0 or 1. About 0.7 ms for a 400-character mixed line; the last :data:`CACHE` lines are
    kept."""
    if base not in (None, 0, 1):
        raise ValueError(f"paragraph level {base!r}: 0, 1 or None")
    found, per_char = _levels(text, base)
    return found, list(per_char)


@functools.lru_cache(maxsize=CACHE)
def _levels(text: str, base: int | None) -> tuple[int, tuple[int, ...]]:
    if not text:
        return base or 0, ()
    text = _SURROGATE.sub("\ufffd", text)  # the library takes UTF-8 only; one character for one
    if base is None:
        base = get_base_level(text)
    info = str(get_display(text, base_dir="LR"[base], debug=True))
    start = info.find(_LEVELS[0])
    end = info.find(_LEVELS[1], start)
    try:
        per_byte = [int(n[:n.index(",")]) for n in info[start:end].split(_LEVEL)[1:]] if 0 <= start < end else []
    except ValueError:  # not "Level(\n N,": another format
        per_byte = []
    if len(per_byte) != len(text.encode()):
        return base, (base,) * len(text)
    out: list[int] = []
    at = 0
    for c in text:
        out.append(per_byte[at])
        at += len(c.encode())
    trailing = True  # L1: from the line's end back, and before each tab or paragraph separator
    for i in range(len(text) - 1, -1, -1):
        kind = unicodedata.bidirectional(text[i])
        if kind in ("S", "B"):
            out[i], trailing = base, True
        elif trailing and kind in _TRAILING:
            out[i] = base
        else:
            trailing = False
    return base, tuple(out)


def reorder(levels: Sequence[int]) -> list[int]:
    """L2: the visual index map of a line whose characters (or runs) have ``levels``: position ``v`` left
    to right shows item ``reorder(levels)[v]`` (logical index). From the highest level down to the
    lowest odd one, every stretch at that level or above is reversed."""
    order = list(range(len(levels)))
    if not order:
        return order
    top = max(levels)
    lowest_odd = min((v for v in levels if v % 2), default=top + 1)
    for level in range(top, lowest_odd - 1, -1):
        i = 0
        while i < len(order):
            if levels[order[i]] >= level:
                j = i
                while j < len(order) and levels[order[j]] >= level:
                    j += 1
                order[i:j] = reversed(order[i:j])
                i = j
            else:
                i += 1
    return order


def visual_order(text: str) -> list[int]:
    """The visual index map of ``text`` (:func:`reorder` of its :func:`levels`): the logical index of each
    character as seen, left to right; ``get_display(text)`` is ``text`` taken in this order."""
    return reorder(levels(text)[1])


def caret_places(text: str) -> list[int]:
    """Where the caret after ``text[:i]`` stands among the line's visual boundaries (0 its left edge,
    ``len(text)`` its right), for each ``i`` from 0 to ``len(text)``, by the visual index map: after a
    character read left to right, on its right; read right to left, on its left (where the next one
    typed in its run appears); before anything, at the reading start (the right edge of a
    right-to-left line). Two carets can share a place (a run's edge), and a place can have none."""
    base, lv = levels(text)
    seen = {logical: place for place, logical in enumerate(reorder(lv))}
    return [len(text) if base else 0] + [seen[i] + (0 if lv[i] % 2 else 1) for i in range(len(text))]


def visual_step(text: str, at: int, rightward: bool) -> int:
    """The caret one place right (``rightward``) or left of the caret after ``text[:at]`` as seen
    (:func:`caret_places`): Left and Right move across the line as drawn, not through the typing order
    (in an Arabic line, Left went right). At the line's edge it stays; of two carets at the next place,
    the one nearer in typing order."""
    places = caret_places(text)
    here = places[at]
    ahead = [i for i, p in enumerate(places) if (p > here if rightward else p < here)]
    if not ahead:
        return at
    nearest = min(ahead, key=lambda i: abs(places[i] - here))
    return min((i for i in ahead if places[i] == places[nearest]), key=lambda i: (abs(i - at), i))


def visual_runs(text: str) -> list[Run]:
    """``text`` cut into :class:`Run` s, left to right as seen (L2); one left-to-right run when it holds no
    right-to-left letter. Each run's characters stay in logical order: the font lays a right-to-left run
    out from the right."""
    if not has_rtl(text):
        return [Run(text, False)] if text else []
    base, lv = levels(text)
    pieces: list[tuple[int, str, str, int]] = []  # (level, text, script, start)
    start = 0
    for i in range(1, len(text) + 1):
        if i < len(text) and lv[i] == lv[start] and (lv[i] % 2 == 0 or _script_at(text, i) == _script_at(text, start)):
            continue
        if len(pieces) == MAX_RUNS - 1 and i < len(text):  # the rest in one run: bounded work
            pieces.append((base, text[start:], "Arab" if base else "", start))
            break
        pieces.append((lv[start], text[start:i], _script_at(text, start) if lv[start] % 2 else "", start))
        start = i
    order = reorder([p[0] for p in pieces])
    return [Run(pieces[k][1], pieces[k][0] % 2 == 1, pieces[k][2], pieces[k][3]) for k in order]


def _script_at(text: str, i: int) -> str:
    """The script of the right-to-left run at ``i``: of the nearest right-to-left letter from ``i`` on,
    else before it (a neutral takes its run's script)."""
    for c in text[i:i + 64]:
        if unicodedata.bidirectional(c) in ("R", "AL"):
            return _script(c)
    for c in reversed(text[max(0, i - 64):i]):
        if unicodedata.bidirectional(c) in ("R", "AL"):
            return _script(c)
    return "Hebr"


def _script(c: str) -> str:
    return "Arab" if unicodedata.bidirectional(c) == "AL" or "\u0600" <= c <= "\u08ff" else "Hebr"
