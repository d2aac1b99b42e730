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
    assert face.clean("ok 🎲🎲🎲 𒀀𒀁 done") == f"ok {REPLACEMENT} {REPLACEMENT} done"
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
