"""The one place where text meets the font (issue 16.2, issue 11.4).

Every string the client shows -- translated labels, names and chat from the
network, pasted invites, file paths -- is drawn by :meth:`Typeface.draw`, and
only this module calls the font. ``draw`` accepts **any** ``str`` and never
raises: lone surrogates and characters the bundled DejaVu Sans has no glyph
for become the replacement mark U+FFFD -- **one** mark for a whole run of
them, accents included (attacker F6: 1000 cuneiform signs or 100 U+FDFD drew
as rows of marks across the chat) -- control and format characters (NUL,
zero-width space, soft hyphen, BOM, bidi controls) are dropped, line breaks
become spaces, and text longer than :data:`MAX_CHARS` is cut with an
ellipsis. A string with nothing left to draw gives an empty (zero-width)
surface. No fallback font is looked for on the system: the system's fonts differ from one
machine to the next, so what a player sees, and every width the layout
measures, would too; the widest glyph DejaVu Sans has is 1.75 em (U+2031).
The one fallback is shipped with the game: Noto Emoji (monochrome, SIL Open Font License 1.1,
0.9 MB), for the emoji DejaVu Sans lacks (s12: "👍" and "🎉" in chat and names drew as a
replacement mark; every chat and phone keyboard offers them). A run of such characters is drawn
with it (:data:`EMOJI`), in the text's colour, beside the DejaVu runs, on the same baseline.

``draw(..., width=W)`` fits the text into ``W`` px: it shrinks the size down
to a floor (never below :data:`MIN_SIZE` unless asked smaller) and only then
cuts with "…", before a number that ends the text (:data:`COUNT_TAIL`). Every line drawn into a box is drawn with its ``width`` (tests/client/test_text_boxes.py
checks that no scene draws text without one). Each call is reported to the observers of :func:`watch` as a
:class:`Drawn` (requested box and size, final size, shortened or not): the
text-fit test renders every scene this way and fails on any cut or tiny text.
"""
from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from importlib import resources

import pygame

from .bidi import MAX_RUNS, Run, has_rtl, levels, visual_runs

REPLACEMENT = "\ufffd"
"""Drawn in place of a character the font cannot show (U+FFFD REPLACEMENT CHARACTER)."""
ELLIPSIS = "…"
ZWJ = "\u200d"
"""ZERO WIDTH JOINER: measures part of an Arabic word with its first letter joined as in the whole word."""
_JOINS_LEFT = re.compile("[\u0620\u0626\u0628\u062a-\u062e\u0633-\u0647\u0649\u064a\u066e\u066f\u0678-\u0687"
                         "\u069a-\u06bf\u06c1\u06c2\u06cc\u06ce\u06d0\u06d1\u06fa-\u06fc\u06ff\u0750-\u0758"
                         "\u075c-\u076a\u076d-\u0770\u0772\u0775-\u0777\u077a-\u077f\u08a0-\u08a9\u08af\u08b0"
                         "\u08b3-\u08b8\u08ba-\u08c8]")
"""Arabic letters that join the letter after them (ArabicShaping.txt 15.0: Joining_Type D or C)."""
_JOINS_RIGHT = re.compile("[\u0620\u0622-\u064a\u066e\u066f\u0671-\u0673\u0675-\u06d3\u06d5\u06ee\u06ef"
                          "\u06fa-\u06fc\u06ff\u0750-\u077f\u08a0-\u08ac\u08ae-\u08c8]")
"""Arabic letters that join the letter before them (Joining_Type D, R or C)."""
MAX_CHARS = 400
"""Longest run of characters ever handed to the font; longer text is cut (a 100 kB name costs nothing)."""
COUNT_TAIL = re.compile(r"\s+\(?\d[\d.,:/+]*\)?$")
"""A number ending a text ("Chat (3)", "Seat 2", "for 0:14"): cutting keeps it and cuts the words before
it ("Conve… (3)"), new user 10: Portuguese "Conversa (1)" at 800x600 showed "Conversa…", the unread
count gone."""
NAME_SUFFIX = re.compile(r" \d{1,2}$")
"""The ending that tells a seat's name from a look-alike one: the server renames the second "Ana" "Ana 2"
(server/names.py ``distinct_name``). Cutting a name keeps it and cuts the rest ("Maximiliana Esp… 2");
new user, round 2: both "Maximiliana Esperanza Villalobos" and "Maximiliana Esperanza Villalob 2" drew as
"Maximiliana Esper…" on every plate, wait card and hand-end row."""
MIN_SIZE = 12
"""Smallest readable text, px (issue 11.4): fitting never shrinks below it unless a smaller size is asked."""
SHRINK = 0.8
"""How far fitting shrinks text by default, as a share of its size (never below :data:`MIN_SIZE`)."""
SURFACE_CACHE_MAX = 800
FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}
EMOJI_FILE = "NotoEmoji-Regular.ttf"
"""The shipped monochrome emoji font (Noto Emoji, OFL 1.1: fonts/LICENSE-NotoEmoji.txt), bold or not."""
EMOJI = "Emoji"
"""The :class:`~.bidi.Run` script of a run drawn with :data:`EMOJI_FILE`."""
_MARKS = frozenset({"Mn", "Me", "Mc"})
_SPACES = frozenset("\t\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")
Colour = tuple[int, ...]


def _floor(size: int, asked: int | None) -> int:
    """The smallest px size fitting text of ``size`` px may shrink to: ``asked``, else :data:`SHRINK` of
    ``size`` but not below :data:`MIN_SIZE`; never above ``size``."""
    return min(size, max(MIN_SIZE, round(size * SHRINK))) if asked is None else min(size, asked)


@dataclass(frozen=True, slots=True)
class Drawn:
    """One call of :meth:`Typeface.draw`, as reported to :func:`watch` observers."""

    text: str
    """The text asked for (before cleaning)."""
    requested: int
    """The size asked for, px."""
    size: int
    """The size drawn, px (smaller when shrunk to fit)."""
    width: int | None
    """The box width asked for, px (None: no box)."""
    drawn_width: int
    """Width of the drawn surface, px."""
    shortened: bool
    """True when characters were cut (ellipsis) to fit the box or :data:`MAX_CHARS`."""
    shown: str = ""
    """The text as drawn: cleaned, and cut when :attr:`shortened`."""


_observers: list[Callable[[Drawn], None]] = []


@contextmanager
def watch() -> Iterator[list[Drawn]]:
    """Collect every :class:`Drawn` while the block runs (tests, the text-fit check)."""
    seen: list[Drawn] = []
    _observers.append(seen.append)
    try:
        yield seen
    finally:
        _observers.remove(seen.append)


def font_path(bold: bool = False, emoji: bool = False) -> str | None:
    """Path of the shipped DejaVu Sans file (``emoji``: of :data:`EMOJI_FILE`), or None when it is not
    installed (pygame's default font; no emoji fallback)."""
    path = resources.files("doublenine.client").joinpath("fonts", EMOJI_FILE if emoji else FONT_FILES[bold])
    return str(path) if path.is_file() else None


class Typeface:
    """Fonts by (size, bold), glyph coverage and drawn surfaces, cached per instance (no module state)."""

    def __init__(self) -> None:
        self._fonts: dict[tuple[int, bool, str], pygame.font.Font] = {}
        self._shaping = True
        """SDL_ttf shapes right-to-left runs (HarfBuzz); False once ``set_direction`` failed: each such run
        is then drawn with its characters reversed (in order, unjoined)."""
        self._runs: dict[str, list[Run]] = {}
        self._glyphs: dict[tuple[str, bool], bool] = {}
        self._faces: dict[bool | str, object] = {}
        self._pieces: dict[tuple[str, bool], list[Run]] = {}
        self._surfaces: dict[tuple[str, int, bool, Colour], pygame.Surface] = {}
        self._fits: dict[tuple[str, int, int, bool, int], tuple[str, int, bool]] = {}
        self._cleaned: dict[tuple[str, bool], tuple[str, bool]] = {}

    # ------------------------------------------------------------ the font itself
    def _font(self, size: int, bold: bool, script: str = "") -> pygame.font.Font:
        """The font at ``size``; with ``script`` ("Arab", "Hebr") one that shapes right to left in it."""
        size = max(1, min(int(size), 400))
        key = (size, bold, script)
        font = self._fonts.get(key)
        if font is None:
            if not pygame.font.get_init():
                pygame.font.init()
            emoji = script == EMOJI and font_path(emoji=True) is not None
            path = font_path(bold, emoji)
            font = pygame.font.Font(path, size)
            if path is None and bold:
                font.set_bold(True)
            if script and script != EMOJI and self._shaping:
                try:
                    font.set_script(script)
                    font.set_direction(pygame.DIRECTION_RTL)
                except (AttributeError, pygame.error, ValueError):  # SDL_ttf without HarfBuzz
                    self._shaping = False
            self._fonts[key] = font
        return font

    def has_glyph(self, ch: str, bold: bool = False) -> bool:
        """True when the font draws ``ch`` (one character) with a glyph of its own."""
        key = (ch, bold)
        found = self._glyphs.get(key)
        if found is None:
            found = self._probe(ch, bold)
            if len(self._glyphs) < 20_000:
                self._glyphs[key] = found
        return found

    def has_emoji(self, ch: str) -> bool:
        """True when DejaVu Sans has no glyph for ``ch`` (one character) and the shipped emoji font has
        (:data:`EMOJI_FILE`): ``ch`` is drawn with that font."""
        key = (ch, "emoji")
        found = self._glyphs.get(key)  # type: ignore[call-overload]
        if found is None:
            found = not self.has_glyph(ch) and font_path(emoji=True) is not None and self._probe(ch, EMOJI)
            if len(self._glyphs) < 20_000:
                self._glyphs[key] = found  # type: ignore[index]
        return bool(found)

    def _probe(self, ch: str, bold: bool | str) -> bool:
        """Whether the font has a glyph for ``ch``, asked of freetype.

        A face made before a ``pygame.quit()`` answers every question with an error: it is remade once
        (freetype re-initialised), never taken for "no glyph". Read as "no glyph", that error turned
        every character first seen after an earlier test's ``pygame.quit()`` into U+FFFD for good, and
        the shared :func:`measurer` then measured "Tisch K7QPA · Runde 1 · bis 100" wider than a fresh
        one (the German top bar dropped "bis 100" only in a full run).
        """
        for attempt in (0, 1):
            face = self._face(bold, fresh=attempt == 1)
            if face is None:
                return True  # no way to ask: let the renderer try (its failures are caught)
            try:
                return face.get_metrics(ch)[0] is not None  # type: ignore[attr-defined]
            except (ValueError, UnicodeError, OverflowError):
                return False
            except pygame.error:
                continue
        return True

    def _face(self, bold: bool | str, fresh: bool) -> object | None:
        """The freetype face that answers glyph questions (None when freetype cannot be had); ``bold``
        :data:`EMOJI`: the emoji font's."""
        face = None if fresh else self._faces.get(bold)
        if face is None:
            try:
                import pygame.freetype as freetype
                if not freetype.get_init():
                    freetype.init()
                face = freetype.Font(font_path(emoji=True) if bold == EMOJI else font_path(bool(bold)), 16)
            except (ImportError, OSError, pygame.error):
                face = False
            self._faces[bold] = face
        return face or None

    # ------------------------------------------------------------ cleaning
    def clean(self, text: object, bold: bool = False) -> str:
        """What the font is asked to draw for ``text``: NFC, invisible controls dropped, each run of characters
        without a glyph (and the accents on them) -> one U+FFFD.

        Accepts anything (a non-str is drawn as ``str(text)``); at most :data:`MAX_CHARS` characters
        come out (the last an ellipsis when cut).
        """
        return self._clean(text, bold)[0]

    def _clean(self, text: object, bold: bool) -> tuple[str, bool]:
        """(:meth:`clean` of ``text``, whether it was cut to :data:`MAX_CHARS`), cached."""
        raw = text if isinstance(text, str) else str(text)
        key = (raw[:4 * MAX_CHARS + 1], bold)
        found = self._cleaned.get(key)
        if found is None:
            found = self._cleaning(raw, bold)
            if len(self._cleaned) > SURFACE_CACHE_MAX:
                self._cleaned.clear()
            self._cleaned[key] = found
        return found

    def _cleaning(self, raw: str, bold: bool) -> tuple[str, bool]:
        cut = len(raw) > 4 * MAX_CHARS
        raw = raw[:4 * MAX_CHARS]  # bound the work before normalising (NFC can grow a string 3x at most)
        raw = "".join(REPLACEMENT if "\ud800" <= c <= "\udfff" else c for c in raw)
        out: list[str] = []
        for c in unicodedata.normalize("NFC", raw):
            if c in _SPACES:
                out.append(" ")
                continue
            cat = unicodedata.category(c)
            if cat in ("Cc", "Cf"):
                continue  # NUL, zero-width space/joiner, soft hyphen, BOM, bidi controls: nothing to see
            missing = c == REPLACEMENT or (c != " " and not self.has_glyph(c, bold) and not self.has_emoji(c))
            if out and out[-1] == REPLACEMENT and (missing or cat in _MARKS):
                continue  # one mark for a whole run (with its accents): 1000 cuneiform signs are not 400 marks
            out.append(REPLACEMENT if missing else c)
            if len(out) > MAX_CHARS:
                out[MAX_CHARS - 1:] = [ELLIPSIS]
                cut = True
                break
        if cut and (not out or out[-1] != ELLIPSIS):
            out.append(ELLIPSIS)
        return "".join(out), cut

    # ------------------------------------------------------------ measuring
    def _ask(self, size: int, bold: bool, question: Callable[[pygame.font.Font], object], script: str = "") -> object:
        """``question(font)``; fonts made before a ``pygame.font.quit()`` are remade once (tests quit it)."""
        try:
            return question(self._font(size, bold, script))
        except pygame.error:
            self._fonts.clear()
            if not pygame.font.get_init():
                pygame.font.init()
            return question(self._font(size, bold, script))

    def _visual(self, shown: str) -> list[Run]:
        """``shown`` as the runs it is drawn in, left to right (:func:`.bidi.visual_runs`), cached."""
        runs = self._runs.get(shown)
        if runs is None:
            runs = visual_runs(shown)
            if not self._shaping:  # no HarfBuzz: a right-to-left run's characters at least read right to left
                runs = [Run(r.text[::-1], r.rtl, r.script) if r.rtl else r for r in runs]
            if len(self._runs) > SURFACE_CACHE_MAX:
                self._runs.clear()
            self._runs[shown] = runs
        return runs

    def _runs_of(self, shown: str, bold: bool) -> list[Run] | None:
        """The runs ``shown`` (already cleaned) is drawn in, left to right as seen: its visual runs
        (:meth:`_visual`), each cut where characters only the emoji font has (:meth:`has_emoji`) begin
        and end, those pieces with the script :data:`EMOJI`; None when it is one piece of one font."""
        key = (shown, bold)
        if key in self._pieces:
            return self._pieces[key]
        emoji = [self.has_emoji(c) for c in shown] if any(ord(c) > 0x2000 for c in shown) else []
        runs: list[Run] | None = None
        if has_rtl(shown) or any(emoji):
            runs = []
            for run in self._visual(shown) if has_rtl(shown) else [Run(shown, False)]:
                pieces: list[Run] = []
                i = 0
                while i < len(run.text):
                    j, kind = i, bool(emoji) and emoji[run.start + i]
                    while j < len(run.text) and (bool(emoji) and emoji[run.start + j]) == kind:
                        j += 1
                    pieces.append(Run(run.text[i:j], run.rtl, EMOJI if kind else run.script, run.start + i))
                    i = j
                runs += pieces[::-1] if run.rtl else pieces  # a right-to-left run's pieces read from its right
            if len(runs) > MAX_RUNS:  # a hostile line alternating letters and emoji: its own runs only, bounded
                runs = self._visual(shown) if has_rtl(shown) else None
        if len(self._pieces) > SURFACE_CACHE_MAX:
            self._pieces.clear()
        self._pieces[key] = runs
        return runs

    def _size(self, shown: str, size: int, bold: bool) -> tuple[int, int]:
        """(width, height) px of ``shown`` (already cleaned) as drawn: one piece, or its runs side by
        side, each shaped by its own font (right-to-left text, new user s10 item 5; emoji, s12). Raises
        as ``font.size``."""
        runs = self._runs_of(shown, bold)
        if runs is None:
            return self._ask(size, bold, lambda font: font.size(shown))  # type: ignore[return-value]
        w = h = 0
        for run in runs:
            rw, rh = self._ask(size, bold, lambda font, t=run.text: font.size(t), run.script)  # type: ignore[misc]
            w, h = w + int(rw), max(h, int(rh))
        return w, h

    def line_height(self, size: int, bold: bool = False) -> int:
        """Distance between two lines of ``size`` px text, px."""
        return int(self._ask(size, bold, lambda font: font.get_linesize()))  # type: ignore[call-overload]

    def measure(self, text: object, size: int, bold: bool = False) -> tuple[int, int]:
        """(width, height) in px of ``text`` drawn at ``size``, as :meth:`draw` without a box would draw it."""
        shown = self.clean(text, bold)
        try:
            try:
                w, h = self._size(shown, size, bold)
            except (ValueError, UnicodeError):
                w, h = 0, int(self._ask(size, bold, lambda font: font.get_height()))  # type: ignore[call-overload]
        except pygame.error:  # the font refused twice: measure nothing rather than raise
            w, h = 0, size
        return int(w), int(h)

    def caret_x(self, text: str, index: int, size: int, bold: bool = False) -> int:
        """Px from the left of ``text`` drawn at ``size`` to the caret after its first ``index`` characters:
        after the last one typed, on the side it reads from (its left edge in right-to-left text), at the
        line's reading start for 0 (:meth:`caret_span`)."""
        return self.caret_span(text, index, size, bold)[0]

    def caret_span(self, text: str, index: int, size: int, bold: bool = False) -> tuple[int, int]:
        """(caret x, anchor x) in px from the left of ``text`` drawn at ``size``: the caret after its first
        ``index`` characters (:meth:`caret_x`), and where the run of one direction the last character
        typed belongs to starts reading (its left edge left to right, its right edge right to left; the
        caret itself for 0): between the two lies what was typed in that run up to the caret, which a
        scrolled field keeps in sight (textfield.visual_view). Left-to-right text: (width of
        ``text[:index]``, 0). Text the font cannot draw as typed is placed as :meth:`clean` draws it, the
        caret after ``clean(text[:index])`` (new user s2 item 3: a glyphless character sent the caret of a
        mixed Arabic, Hebrew and Latin line to the line's right edge)."""
        index = max(0, min(index, len(text)))
        if not has_rtl(text):
            return self.measure(text[:index], size, bold)[0], 0
        shown = self.clean(text, bold)
        if shown != text:
            head = self.clean(text[:index], bold) if index else ""
            index = len(head) if shown.startswith(head) else len(os.path.commonprefix([shown, head]))
            text = shown
            if not has_rtl(text):
                return self.measure(text[:index], size, bold)[0], 0
        if index == 0:
            x = self.measure(text, size, bold)[0] if levels(text)[0] else 0
            return x, x
        x = 0
        for run in visual_runs(text):
            w = self.measure(run.text, size, bold)[0] if not run.rtl else \
                int(self._ask(size, bold, lambda font, t=run.text: font.size(t)[0], run.script))  # type: ignore[call-overload]
            k = index - 1 - run.start
            if 0 <= k < len(run.text):
                if not run.rtl:
                    return x + self.measure(run.text[:k + 1], size, bold)[0], x
                if _joined(run.text, k):  # inside a word: what lies left of the caret, joined as drawn
                    left = int(self._ask(size, bold, lambda font, t=ZWJ + run.text[k + 1:]: font.size(t)[0],  # type: ignore[call-overload]
                                         run.script))
                    return x + min(w, left), x + w
                part = int(self._ask(size, bold, lambda font, t=run.text[:k + 1]: font.size(t)[0],  # type: ignore[call-overload]
                                     run.script))
                return x + max(0, w - part), x + w
            x += w
        return x, x

    def wrap(self, text: object, size: int, width: int, bold: bool = False) -> list[str]:
        """``text`` broken at spaces into lines at most ``width`` px wide; newlines are kept.

        A single word wider than ``width`` gets a line of its own (its drawing fits it). A no-break
        space (U+00A0, French before ``: ; ! ?``) never breaks: "adresse :" stays on one line.
        """
        lines: list[str] = []
        raw = text if isinstance(text, str) else str(text)
        for para in raw[:8 * MAX_CHARS].split("\n"):
            line = ""
            for word in para.replace("\t", " ").split(" "):
                if not word.strip():
                    continue
                trial = f"{line} {word}" if line else word
                if line and self.measure(trial, size, bold)[0] > width:
                    lines.append(line)
                    line = word
                else:
                    line = trial
            lines.append(line)
        return lines

    # ------------------------------------------------------------ drawing: the one function
    def draw(self, text: object, size: int, colour: Colour = (245, 240, 228), bold: bool = False,
             width: int | None = None, min_size: int | None = None, only: str = "") -> pygame.Surface:
        """``text`` rendered antialiased at ``size`` px; with ``width``, fitted into that many px.

        Fitting shrinks down to ``min_size`` (default: 80% of ``size``, never below :data:`MIN_SIZE`
        unless ``size`` itself is smaller), then cuts with an ellipsis. ``only``: the part of ``text``
        that may be cut (a player's name in "{name} (you)"), its last occurrence: the words around it
        are kept whole ("Jürgen Gr… (vous)"; new user s10 item 3: the "(vous)" was cut off); when they
        alone do not fit, or ``only`` is not in the text, the text is cut as any. Never raises.
        """
        size = max(1, int(size))
        shown, cut = self._clean(text, bold)
        final = size
        if width is not None:
            floor = _floor(size, min_size)
            part = self._clean(only, bold)[0] if only else ""
            shown, final, cut_fit = self._fit(shown, size, max(1, int(width)), bold, floor, part)
            cut = cut or cut_fit
        surf = self._surface(shown, final, bold, colour)
        if _observers:
            note = Drawn(text if isinstance(text, str) else str(text), size, final, width, surf.get_width(), cut,
                         shown)
            for observe in list(_observers):
                observe(note)
        return surf

    def draw_names(self, names: Sequence[str], size: int, colour: Colour = (245, 240, 228), bold: bool = False,
                   width: int = 1, sep: str = ", ") -> pygame.Surface:
        """``names`` joined by ``sep``, drawn fitted into ``width`` px by :meth:`fit_names`; reported to
        :func:`watch` as one :class:`Drawn` of the joined text (``shortened`` when a name was cut)."""
        whole = sep.join(names)
        shown, final = self.fit_names(names, size, width, bold, sep)
        surf = self._surface(shown, final, bold, colour)
        if _observers:
            note = Drawn(whole, size, final, width, surf.get_width(), shown != self._clean(whole, bold)[0], shown)
            for observe in list(_observers):
                observe(note)
        return surf

    def fit_names(self, names: Sequence[str], size: int, width: int, bold: bool = False, sep: str = ", ",
                  floor: int | None = None) -> tuple[str, int]:
        """(text, px size) of ``names`` joined by ``sep`` within ``width`` px: the size shrunk down to
        ``floor`` (default as :meth:`draw`) first, then the longest names cut to one width, as few px as
        needed, each keeping its distinguishing " 2" (:data:`NAME_SUFFIX`: "Maximiliana Esperanza Villalobos,
        Maximiliana Esp… 2"). The start screen's list of who played cut the joined text at its end, and with
        it the second name's " 2" (new user, round 2). Never raises."""
        parts = [self._clean(n, bold)[0] for n in names]
        width = max(1, int(width))
        s = max(1, int(size))
        low = _floor(s, floor)
        while self._width(sep.join(parts), s, bold) > width and s > low:
            s -= 1
        whole = sep.join(parts)
        if self._width(whole, s, bold) <= width:
            return whole, s

        def capped(cap: int) -> str:
            return sep.join(p if self._width(p, s, bold) <= cap else self._fit(p, s, max(1, cap), bold, s, p)[0]
                            for p in parts)
        lo, hi = 1, max(self._width(p, s, bold) for p in parts)  # the widest cap that fits
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self._width(capped(mid), s, bold) <= width:
                lo = mid
            else:
                hi = mid - 1
        return capped(lo), s

    def _fit(self, shown: str, size: int, width: int, bold: bool, floor: int,
             only: str = "") -> tuple[str, int, bool]:
        key = (shown, size, width, bold, floor, only)
        found = self._fits.get(key)
        if found is not None:
            return found
        s = size
        while self._width(shown, s, bold) > width and s > floor:
            s -= 1
        cut = False
        if self._width(shown, s, bold) > width:
            cut = True
            at = shown.rfind(only) if only else -1
            if at >= 0 and self._width(shown[:at] + ELLIPSIS + shown[at + len(only):], s, bold) <= width:
                end = at + len(only)
                mark = NAME_SUFFIX.search(only)  # a name's " 2" is kept with the words after it
                if mark is not None and mark.start() > 0 and \
                        self._width(shown[:at] + ELLIPSIS + shown[at + mark.start():], s, bold) <= width:
                    end = at + mark.start()
                head, tail = shown[:end], shown[end:]  # the words after the part kept
                keep = len(shown[:at])  # and the words before it
            else:
                count = COUNT_TAIL.search(shown)
                tail = count.group(0) if count is not None and count.start() > 0 else ""
                if tail and self._width(ELLIPSIS + tail, s, bold) > width:
                    tail = ""  # not even the number fits: cut as any text
                head, keep = shown[:len(shown) - len(tail)], 0
            lo, hi = keep, len(head)  # the longest prefix that fits with its ellipsis (and its count)
            while lo < hi:
                mid = (lo + hi + 1) // 2
                if self._width(head[:mid].rstrip() + ELLIPSIS + tail, s, bold) <= width:
                    lo = mid
                else:
                    hi = mid - 1
            shown = head[:lo].rstrip() + ELLIPSIS + tail
        found = (shown, s, cut)
        if len(self._fits) > SURFACE_CACHE_MAX:
            self._fits.clear()
        self._fits[key] = found
        return found

    def _width(self, shown: str, size: int, bold: bool) -> int:
        try:
            return int(self._size(shown, size, bold)[0])
        except (pygame.error, ValueError, UnicodeError):
            return 0

    def _surface(self, shown: str, size: int, bold: bool, colour: Colour) -> pygame.Surface:
        key = (shown, size, bold, tuple(colour))
        surf = self._surfaces.get(key)
        if surf is None:
            def render(font: pygame.font.Font, text: str = shown) -> pygame.Surface:
                try:
                    if text:
                        return font.render(text, True, colour)
                except (ValueError, UnicodeError):
                    pass
                except pygame.error as exc:  # "Text has zero width" and its kind: nothing visible to draw
                    if "font" in str(exc).lower() and "invalid" in str(exc).lower():
                        raise
                return pygame.Surface((0, font.get_height()), pygame.SRCALPHA)
            runs = self._runs_of(shown, bold)
            if runs is not None:  # each run shaped in its direction and font, side by side on one baseline
                parts = [(self._ask(size, bold, lambda font, t=run.text: render(font, t), run.script),
                          self._ask(size, bold, lambda font: font.get_ascent(), run.script)) for run in runs]
                top = max(int(a) for _, a in parts)  # type: ignore[call-overload]
                surf = pygame.Surface((sum(p.get_width() for p, _ in parts),  # type: ignore[attr-defined]
                                       max(p.get_height() + top - int(a) for p, a in parts)),  # type: ignore[attr-defined, call-overload]
                                      pygame.SRCALPHA)
                x = 0
                for part, ascent in parts:
                    surf.blit(part, (x, top - int(ascent)))  # type: ignore[arg-type, call-overload]
                    x += part.get_width()  # type: ignore[attr-defined]
            else:
                surf = self._ask(size, bold, render)  # type: ignore[assignment]
            if len(self._surfaces) > SURFACE_CACHE_MAX:
                self._surfaces.clear()
            self._surfaces[key] = surf
        return surf


def _joined(text: str, k: int) -> bool:
    """True when ``text[k]`` and ``text[k + 1]`` are Arabic letters drawn joined (ArabicShaping.txt: the
    first dual-joining or join-causing, the second not non-joining). The part of a word after such a
    caret is measured with a ZERO WIDTH JOINER before it, in the form it has in the word: measured cut
    off, "مرحب" of "مرحبا" ends in a final beh wider than the whole word (107 px of 92 at 40 px), and
    the caret before the alef stood at the word's left edge."""
    return k + 1 < len(text) and _JOINS_LEFT.match(text[k]) is not None and _JOINS_RIGHT.match(text[k + 1]) is not None


_MEASURER: list[Typeface] = []


def measurer() -> Typeface:
    """One shared :class:`Typeface` for layout code that sizes boxes to their text (measuring only, no display)."""
    if not _MEASURER:
        _MEASURER.append(Typeface())
    return _MEASURER[0]
