"""The shared text measurer after an earlier ``pygame.quit()`` (left alone last session: the German top bar
dropped "bis 100" only in a full run). The freetype face that answers "has this character a glyph?" died
with ``pygame.quit()``; its errors were read as "no glyph", so every character first seen afterwards was
cleaned to U+FFFD, cached for good, and measured wider."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from doublenine.client.typeset import Typeface

BAR = "Tisch K7QPA · Runde 1 · bis 100"


def test_a_typeface_made_before_pygame_quit_measures_as_a_fresh_one() -> None:
    pygame.init()
    face = Typeface()
    assert face.clean("a") == "a"  # the glyph face is made now, before the quit
    pygame.quit()
    pygame.init()
    pygame.font.init()
    assert face.clean(BAR) == BAR
    assert face.measure(BAR, 13) == Typeface().measure(BAR, 13) == (207, 16)


def test_glyph_questions_asked_while_pygame_is_down_are_not_remembered_as_missing() -> None:
    pygame.init()
    face = Typeface()
    assert face.clean("a") == "a"
    pygame.quit()
    assert face.clean("Rückgängig") == "Rückgängig"  # asked between quit and init: freetype is re-initialised
    pygame.init()
    assert face.clean("Rückgängig · Wiederholen") == "Rückgängig · Wiederholen"
    assert face.has_glyph("\U00012000") is False  # a cuneiform sign: still no glyph in DejaVu Sans
