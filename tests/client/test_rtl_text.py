"""Right-to-left chat text drawn in visual order and shaped (new user s10 item 5, /tmp/nu/rtl.png).

A chat line "Café, ça va? Größe ñ 🎲😀 שלום עולם 123 مرحبا بك" showed its Hebrew words and its Arabic
letters in typing order, left to right, the Arabic unjoined. Each run of one direction is now shaped
by the font (HarfBuzz in SDL_ttf) in its direction, and the runs are laid out as UAX #9 orders them;
a character no shipped font has stays one U+FFFD mark; nothing a stranger types costs more than
bidi.MAX_RUNS shaped pieces."""
from __future__ import annotations

import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from doublenine.client.bidi import MAX_RUNS, levels, visual_runs  # noqa: E402
from doublenine.client.typeset import REPLACEMENT, Typeface, font_path  # noqa: E402

REPORTED = "Café, ça va? Größe ñ 🎲😀 שלום עולם 123 مرحبا بك"
WHITE = (255, 255, 255)


def _runs(text: str) -> list[tuple[str, bool]]:
    return [(r.text, r.rtl) for r in visual_runs(text)]


def test_the_reported_line_is_cut_into_runs_laid_out_as_seen() -> None:
    # read right to left, the Hebrew comes first, then 123, then the Arabic: seen left to right it is
    # the Arabic, 123, the Hebrew, after the left-to-right start
    assert _runs(REPORTED) == [("Café, ça va? Größe ñ 🎲😀 ", False), (" مرحبا بك", True), ("123", False),
                               (" ", True), ("שלום עולם", True)]
    assert [r.script for r in visual_runs(REPORTED)] == ["", "Arab", "", "Arab", "Hebr"]


def test_paragraph_direction_numbers_and_neutrals() -> None:
    assert levels("abc")[0] == 0 and levels("שלום abc")[0] == 1 and levels("123 مرحبا")[0] == 1
    assert _runs("שלום לכולם, זה תורי 12:30") == [("12:30", False), ("שלום לכולם, זה תורי ", True)]
    assert _runs("מחיר 15% היום") == [(" היום", True), ("15%", False), ("מחיר ", True)]
    assert _runs("hi مرحبا and שלום then bye") == [("hi ", False), ("مرحبا", True), (" and ", False),
                                                   ("שלום", True), (" then bye", False)]
    assert _runs("plain text, no change") == [("plain text, no change", False)]
    assert _runs("") == []


def test_hebrew_is_drawn_right_to_left_and_arabic_joined() -> None:
    pygame.font.init()
    face = Typeface()
    plain = pygame.font.Font(font_path(), 20)
    hebrew = face.draw("שלום עולם", 20, WHITE)
    assert pygame.image.tobytes(hebrew, "RGBA") == pygame.image.tobytes(plain.render("םלוע םולש", True, WHITE), "RGBA")
    shaped = pygame.font.Font(font_path(), 20)
    shaped.set_script("Arab")
    shaped.set_direction(pygame.DIRECTION_RTL)
    arabic = face.draw("مرحبا بك", 20, WHITE)
    assert pygame.image.tobytes(arabic, "RGBA") == pygame.image.tobytes(shaped.render("مرحبا بك", True, WHITE), "RGBA")
    assert face.measure("مرحبا بك", 20)[0] == arabic.get_width() < plain.size("مرحبا بك")[0]  # joined: narrower
    assert face.measure(REPORTED, 20)[0] == face.draw(REPORTED, 20, WHITE).get_width()


def test_without_harfbuzz_a_right_to_left_run_still_reads_right_to_left() -> None:
    pygame.font.init()
    face = Typeface()
    face._shaping = False  # an SDL_ttf built without HarfBuzz
    plain = pygame.font.Font(font_path(), 20)
    assert pygame.image.tobytes(face.draw("שלום עולם", 20, WHITE), "RGBA") == \
        pygame.image.tobytes(plain.render("םלוע םולש", True, WHITE), "RGBA")


def test_missing_glyphs_are_one_mark_and_hostile_lines_are_bounded() -> None:
    pygame.font.init()
    face = Typeface()
    # the dice are drawn by the shipped emoji font since s12 (tests/client/test_emoji.py); cuneiform has none
    assert face.clean("ok 🎲🎲🎲 𒀀𒀁 done") == f"ok 🎲🎲🎲 {REPLACEMENT} done"
    assert face.clean("ok 𒀀𒀁𒀂 done 𒀀") == f"ok {REPLACEMENT} done {REPLACEMENT}"
    alternating = "a🎲" * 200  # at most MAX_RUNS pieces are shaped apart: the rest of such a line is not
    assert face._runs_of(face.clean(alternating), False) is None and face.measure(alternating, 16)[0] > 0
    hostile = "aב" * 200
    assert len(visual_runs(hostile)) == MAX_RUNS
    assert sorted("".join(r.text for r in visual_runs(hostile))) == sorted(hostile)  # nothing lost or added
    began = time.perf_counter()
    for size in range(12, 20):
        face.draw(hostile, size, WHITE, width=300)
        face.wrap(hostile + " " + hostile, size, 300)
    assert time.perf_counter() - began < 5.0


def test_the_caret_stands_after_the_last_character_typed_on_the_side_it_reads_from() -> None:
    pygame.font.init()
    face = Typeface()
    m = lambda t: face.measure(t, 20)[0]  # noqa: E731
    assert [face.caret_x("abc", i, 20) for i in range(4)] == [0, m("a"), m("ab"), m("abc")]
    hebrew = "שלום"  # typed ש, ל, ו, ם: each one left of the one before
    assert [face.caret_x(hebrew, i, 20) for i in range(5)] == [m(hebrew), m(hebrew) - m("ש"), m(hebrew) - m("של"),
                                                               m(hebrew) - m("שלו"), 0]
    mixed = "abc שלום"
    assert face.caret_x(mixed, 4, 20) == m("abc ") and face.caret_x(mixed, 5, 20) == m("abc ") + m(hebrew) - m("ש")
    assert face.caret_x(mixed, 8, 20) == m("abc ")
    assert face.caret_x("שלום abc", 0, 20) == m("שלום abc")  # a right-to-left line starts at its right


PASTED = "مرحبا 123 abc שלום"
"""New user s2 item 3 (z84, z85): pasted with Ctrl+V into the chat field, then "XY" typed."""


def test_nu2_item3_the_caret_of_a_mixed_line_follows_its_visual_place_even_past_a_glyphless_mark() -> None:
    """The line is right to left (its first letter is Arabic): its logical end is its left edge, and "XY"
    typed there is a left-to-right run at the far left, the caret right of the Y. A character no font has
    (U+E000 here, one U+FFFD drawn) once sent the caret to the line's right edge (the logical width)."""
    pygame.font.init()
    face = Typeface()
    m = lambda t: face.measure(t, 16)[0]  # noqa: E731
    assert face.caret_span(PASTED, len(PASTED), 16) == (0, 40)  # after ם: the Hebrew run's left edge
    typed = PASTED + "XY"
    assert face.caret_span(typed, len(typed), 16) == (m("XY"), 0) == (21, 0)
    marked = PASTED + "\ue000XY"
    assert face.clean(marked) == PASTED + REPLACEMENT + "XY"
    assert face.caret_span(marked, len(marked), 16) == (21, 0)  # was m(marked) == 184: the right edge
    assert face.caret_span(marked, len(marked) - 2, 16) == (21, 77)  # after the mark: the Hebrew run's left
    assert face.caret_x(marked, 0, 16) == m(marked) == 184  # the reading start: the right edge


def test_nu2_item3_the_field_scrolls_by_the_line_as_seen_and_keeps_the_typing_in_sight() -> None:
    """z85: the field cut "مر" (the message's logical start, on the right) and drew the caret at its right
    edge with "XY" at the far left. The field now scrolls by px of the drawn line (textfield.visual_view):
    the caret and what was typed in its run in sight, else the reading start."""
    from doublenine.client.art import Art
    from doublenine.client.textfield import END, Caret, _visual, clicked_at, draw_text, visual_view

    assert visual_view(168, (21, 0), 230, True) == 0  # fits: not scrolled
    assert visual_view(168, (21, 0), 150, True) == 0  # "XY" and its caret in sight, the right end cut
    assert visual_view(168, (146, 184), 150, True) == 18  # caret in the Arabic: the reading start in sight
    assert visual_view(300, (280, 250), 100, False) == 180  # left to right: the caret at the right edge
    assert visual_view(300, (30, 0), 100, False) == 0
    assert visual_view(400, (395, 10), 100, False) == 295  # a run longer than the room: the caret wins
    pygame.font.init()
    art = Art()
    typed = PASTED + "XY"
    assert _visual(art, typed, END, 150, 16) == (0, 21)
    assert _visual(art, typed, Caret(3), 150, 16) == (18, 140)  # after "مرح": the line's right part shown
    surface = pygame.Surface((200, 40))
    surface.fill((0, 0, 0))
    draw_text(surface, art, 10, 20, 150, typed, END, 16, (255, 255, 255), (255, 0, 0))
    caret_columns = {x for x in range(200) for y in range(40) if surface.get_at((x, y))[:3] == (255, 0, 0)}
    assert min(caret_columns) in (10 + 21 - 1, 10 + 21)  # drawn right of "XY", not at the field's right edge
    lit = [x for x in range(200) if any(surface.get_at((x, y))[:3] == (255, 255, 255) for y in range(40))]
    assert lit and min(lit) >= 10 and max(lit) < 10 + 150  # clipped to the room
    # x 21 is both after the Y and after ם (the Hebrew run's left edge): the first in logical order
    assert clicked_at(art, typed, END, 150, 16, 21) == Caret(18)
    assert clicked_at(art, typed, END, 150, 16, 10) == Caret(19)  # between X and Y
    assert clicked_at(art, typed, END, 150, 16, 150) == Caret(2)  # the right edge: "مر" lies past it, out of view
