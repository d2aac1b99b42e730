"""Right-to-left text in visual order, as runs the font shapes one at a time (new user s10 item 5).

SDL_ttf (pygame-ce's ``Font``) shapes a string with HarfBuzz in one direction and one script per font
(``Font.set_direction``, ``Font.set_script``): an Arabic word drawn right to left with the Arabic script
comes out joined and in its own order; it does not split a line of mixed directions nor order its
pieces. This module does that part: it cuts a line into runs of one direction (and, right to left, one
script) and gives them in the order they are seen, left to right. It follows the Unicode Bidirectional
Algorithm (UAX #9) for what a chat line or a name holds: the paragraph's direction from its first strong
letter (P2, P3), numbers kept left to right inside right-to-left text (W2, I1, I2), neutrals between
two letters of one direction taking it and elsewhere the paragraph's (N1, N2), and the runs reordered
by level (L2). Explicit embeddings and isolates are not followed: typeset drops those controls
(category Cf) before drawing, so a stranger's text can neither reach them nor reorder the window.

No dependency is added for it: python-bidi gives a whole string in visual order, which HarfBuzz cannot
shape any more (Arabic letters join in logical order), and arabic-reshaper would replace the shaping
the font already does. The work is bounded: :data:`MAX_RUNS` runs at most; the rest of a line that
alternates directions more often is one last run in the paragraph's direction (never a stall).
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

RTL_CHARS = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\U00010800-\U00010fff\U0001e800-\U0001efff]")
"""Where right-to-left letters live: a line with none of them is drawn as it is (the common case, one
regex search)."""
MAX_RUNS = 32
"""Most runs one line is cut into; past it the rest is one run (a hostile line alternating letters of
both directions costs at most this many shaped pieces)."""


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


def _kind(c: str) -> str:
    """``L``, ``R`` (with ``AL``), ``N`` (a number: EN, AN) or ``-`` (neutral, weak or a mark)."""
    b = unicodedata.bidirectional(c)
    if b == "L":
        return "L"
    if b in ("R", "AL"):
        return "R"
    if b in ("EN", "AN"):
        return "N"
    return "-"


def _numbers(kinds: list[str], text: str) -> list[str]:
    """W4, W5: a single separator between two digits ("12:30", "3,5") and a currency or percent sign next
    to digits ("15%", "$3") belong to the number, which stays in one piece."""
    out = list(kinds)
    for i, c in enumerate(text):
        b = unicodedata.bidirectional(c)
        if b in ("CS", "ES") and 0 < i < len(text) - 1 and kinds[i - 1] == "N" and kinds[i + 1] == "N":
            out[i] = "N"
        elif b == "ET" and ((i > 0 and kinds[i - 1] == "N") or (i + 1 < len(text) and kinds[i + 1] == "N")):
            out[i] = "N"
    return out


def _script(c: str) -> str:
    return "Arab" if unicodedata.bidirectional(c) == "AL" or "\u0600" <= c <= "\u08ff" else "Hebr"


def levels(text: str) -> tuple[int, list[int]]:
    """(paragraph level, one embedding level per character) of ``text`` (UAX #9, as the module says):
    0 and even left to right, odd right to left."""
    kinds = _numbers([_kind(c) for c in text], text)
    edge = next((k for k in kinds if k in "LR"), "L")  # P2, P3
    base = 1 if edge == "R" else 0
    # W2, W7: a number counts as the last letter's direction before it (the paragraph's at the start)
    strong: list[str] = []
    last = edge
    for k in kinds:
        if k in "LR":
            last = k
        strong.append(k if k in "LR" else last if k == "N" else "-")
    out: list[int] = []
    n, i = len(text), 0
    while i < n:
        if strong[i] != "-":
            out.append(_level(kinds[i], strong[i], base))
            i += 1
            continue
        j = i
        while j < n and strong[j] == "-":
            j += 1
        e = "R" if base else "L"
        before = strong[i - 1] if i > 0 else e
        after = strong[j] if j < n else e
        side = before if before == after else e  # N1, else N2
        out.extend([_level(side, side, base)] * (j - i))
        i = j
    return base, out


def _level(kind: str, strong: str, base: int) -> int:
    """I1, I2: the level of a resolved character at a paragraph of level ``base``."""
    if kind == "N":  # a number: left to right, one level above right-to-left text around it
        return 2 if base or strong == "R" else 0
    if base == 0:
        return 1 if strong == "R" else 0
    return 2 if strong == "L" else 1


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
    order = list(range(len(pieces)))
    top = max(p[0] for p in pieces)
    lowest_odd = min((p[0] for p in pieces if p[0] % 2), default=top + 1)
    for level in range(top, lowest_odd - 1, -1):  # L2: reverse each sequence at this level or higher
        i = 0
        while i < len(order):
            if pieces[order[i]][0] >= level:
                j = i
                while j < len(order) and pieces[order[j]][0] >= level:
                    j += 1
                order[i:j] = reversed(order[i:j])
                i = j
            else:
                i += 1
    return [Run(pieces[k][1], pieces[k][0] % 2 == 1, pieces[k][2], pieces[k][3]) for k in order]


def _script_at(text: str, i: int) -> str:
    """The script of the right-to-left run at ``i``: of the nearest right-to-left letter from ``i`` on,
    else before it (a neutral takes its run's script)."""
    for c in text[i:i + 64]:
        if _kind(c) == "R":
            return _script(c)
    for c in reversed(text[max(0, i - 64):i]):
        if _kind(c) == "R":
            return _script(c)
    return "Hebr"
