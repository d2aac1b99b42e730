"""Attacker F6: characters the font lacks drew as rows of marks, and a chat line ran past the panel.

Kinds: (1) text from players whose characters the bundled font has no glyph for (cuneiform U+1242B,
U+FDFD, CJK): each run of them becomes one U+FFFD (client/typeset.py), so no row of marks and no
glyph wider than the font's own; (2) a line of text drawn without its box: every draw names its box
(``width``) and fits into it with "…", the chat's wrapped rows included (a word wider than the panel
made the first chat line run to the window's edge).
"""
from __future__ import annotations

import time
from dataclasses import replace

import pygame
import pytest
from scenes_catalog import painters, table_scene, table_states

from doublenine.client.chat import font_size
from doublenine.client.store import reduce
from doublenine.client.typeset import ELLIPSIS, REPLACEMENT, Typeface, watch
from doublenine.shared import protocol as p

HOSTILE = ["\u202e" + "evil" * 5, "a" + "\u0301" * 2000, "x" * 4096, "\x00\x07\x1b[31m\r\nbell",
           "مرحبا بالعالم" * 40, "\ufdfd" * 100, "\U0001242b" * 1000, "W" * 200]
"""The attacker's names and chat texts (fake server, scenario ``names``), and one word of 200 wide letters."""


@pytest.fixture(scope="module")
def face() -> Typeface:
    pygame.font.init()
    return Typeface()


@pytest.mark.parametrize(("text", "shown"), [
    ("\U0001242b" * 1000, REPLACEMENT), ("\ufdfd" * 100, REPLACEMENT), ("雪の花", REPLACEMENT),
    ("a\U0001242b\U0001242bb", f"a{REPLACEMENT}b"), ("雪 雪", f"{REPLACEMENT} {REPLACEMENT}"),
    ("雪\u0301\u0301x", f"{REPLACEMENT}x"), ("\ud800\udfff", REPLACEMENT), ("\ufffd\U0001242b", REPLACEMENT),
    ("José Ñandú", "José Ñandú"), ("e\u0301\u0301", "é\u0301"),
])
def test_f6_a_run_of_characters_without_a_glyph_is_one_mark(face: Typeface, text: str, shown: str) -> None:
    assert face.clean(text) == shown
    assert face.clean(shown) == shown  # what the chat field shows is cleaned once more: nothing changes


def test_f6_signs_without_a_glyph_draw_one_mark_wide(face: Typeface) -> None:
    mark = face.measure(REPLACEMENT, 16)[0]
    assert mark > 0
    with watch() as seen:
        face.draw("\ufdfd" * 100, 16, width=200)
        face.draw("\U0001242b" * 1000, 16, width=200)
    assert [(d.drawn_width, d.shortened) for d in seen] == [(mark, False), (mark, False)]


def test_f6_the_fonts_widest_glyph_is_fitted_into_its_box(face: Typeface) -> None:
    """U+2031 PER TEN THOUSAND SIGN is DejaVu Sans' widest glyph (1.75 em): 32 of them fit 150 px with "…"."""
    assert face.has_glyph("\u2031") and face.measure("\u2031" * 32, 16)[0] > 600
    with watch() as seen:
        face.draw("\u2031" * 32, 16, width=150)
    assert seen[0].shortened is True and 0 < seen[0].drawn_width <= 150
    assert face.measure(ELLIPSIS, 13)[0] <= seen[0].drawn_width


def _hostile_chat(state, lines: list[str], seated: bool = True):  # type: ignore[no-untyped-def]
    """``state`` with a chat of ``lines`` (oldest first) as a hostile server sends them, through the window's store;
    said by seats 1, 2, 3, 4, 1... (``seated``) or by spectators."""
    frame = {"type": "chat", "history": True,
             "lines": [{"id": i + 1, "at": time.time(), "seat": i % 4 + 1 if seated else None,
                        "name": HOSTILE[(i + 5) % len(HOSTILE)], "text": text} for i, text in enumerate(lines)]}
    return reduce(state, p.decode_server(p.pack(frame)))


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_f6_every_chat_row_is_fitted_to_the_panel(size: tuple[int, int]) -> None:
    """The attacker's first chat line (one word wider than the panel) is cut with "…" within the lines' box."""
    pygame.display.init()
    _, state, ui = table_states()[2]
    # said by spectators: a computer seat that spoke gets a mute chip (new user 18), and at 800x600 a second
    # row of chips left room for two of the three lines; the rows' fit is what is checked here
    state = _hostile_chat(state, ["W" * 200, "\U0001242b" * 1000, "Hola a todos"], seated=False)
    scene = table_scene(state, ui, "en", size, "chat")
    lay = scene.talk.chat_layout(scene.vp.pixels, scene.shown(), scene.layout())
    assert lay.lines is not None
    f, room = font_size(size), lay.lines[2] - font_size(size)
    with watch() as seen:
        scene.draw(pygame.Surface(size))
    rows = [d for d in seen if d.text in ("W" * 200, "\U0001242b" * 200, "Hola a todos")]
    # newest first; at 800x600 the panel keeps its phrase rows still (30d287e), which leaves room for the
    # newest two lines: the third is scrolled to, and what is drawn is fitted
    # (session 16: the lobby of this table, on this computer only, says so in three lines, fec2c25: at
    # 800x600 the chat keeps room for the newest line; the sign's row is checked at 1280x800)
    shown = {(800, 600): 1, (1280, 800): 3}[size]
    assert [(d.text[:1], d.width, d.size) for d in rows] == [("H", room, f), ("\U0001242b", room, f), ("W", room, f)][:shown]
    hola = rows[0]
    assert (hola.shortened, hola.drawn_width) == (False, Typeface().measure("Hola a todos", f)[0])
    if shown >= 2:
        sign = rows[1]
        assert (sign.shortened, sign.drawn_width) == (False, Typeface().measure(REPLACEMENT, f)[0])
    if shown == 3:
        wide = rows[2]
        assert wide.shortened is True and room - Typeface().measure("W", f)[0] <= wide.drawn_width <= room


def test_f6_the_attackers_names_and_chat_draw_only_into_boxes() -> None:
    pygame.display.init()
    _, state, ui = table_states()[2]
    state = replace(_hostile_chat(state, HOSTILE * 2), names=("\U0001242b" * 32, "\ufdfd" * 32, "雪の花", "x" * 32))
    with watch() as seen:
        table_scene(state, ui, "en", (800, 600), "chat").draw(pygame.Surface((800, 600)))
    assert len(seen) > 30
    assert [(d.text[:20], d.width, d.drawn_width) for d in seen if d.width is None or d.drawn_width > d.width] == []


@pytest.mark.parametrize("lang", ["en", "de"])
def test_f6_no_scene_draws_a_line_without_its_box(lang: str) -> None:
    """Kind guard: every text of every scene and overlay (tests/client/scenes_catalog.py) names its box."""
    pygame.display.init()
    pygame.font.init()
    surface = pygame.Surface((800, 600))
    unboxed = []
    for name, paint in painters():
        with watch() as seen:
            paint(surface, lang)
        unboxed += [(name, d.text, d.width, d.drawn_width) for d in seen if d.width is None or d.drawn_width > d.width]
    assert unboxed == []
