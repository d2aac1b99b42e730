"""Names with accents, composed or decomposed, draw without missing-glyph boxes (issue 5)."""
from __future__ import annotations

import unicodedata
from dataclasses import replace

import pygame
import pygame.freetype
import pytest
from client_helpers import my_turn_with_play, session_at

from doublenine.client.art import Art
from doublenine.client.typeset import font_path as _font_path
from doublenine.client.layout import compute_layout
from doublenine.client.render import render
from doublenine.client.text import nfc, tr
from doublenine.client.uistate import Ui

NAMES = ["José", "Jose\u0301", "Zoë", "Zoe\u0308", "Ñandú", "N\u0303andu\u0301", "Gonçalo", "Łukasz", "Şükrü", "Øyvind",
         "Brontë", "Françoise", "Dvořák", "Ægir", "Jürgen Groß"]


@pytest.mark.parametrize("name", NAMES)
def test_name_is_nfc_and_every_glyph_is_in_the_bundled_font(name: str) -> None:
    text = nfc(name)
    assert text == unicodedata.normalize("NFC", name)
    assert not any(unicodedata.combining(c) for c in text)
    pygame.freetype.init()
    for bold in (False, True):
        font = pygame.freetype.Font(_font_path(bold), 18)
        metrics = font.get_metrics(text)
        assert None not in metrics, (name, bold, metrics)


def test_composed_and_decomposed_names_draw_the_same_pixels() -> None:
    pygame.font.init()
    art = Art()
    for composed, decomposed in (("José", "Jose\u0301"), ("Zoë", "Zoe\u0308"), ("Ñandú", "N\u0303andu\u0301")):
        a, b = art.text(composed, 18, bold=True), art.text(decomposed, 18, bold=True)
        assert a.get_size() == b.get_size()
        assert pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")


def test_table_draws_accented_names_on_plates() -> None:
    state = session_at(my_turn_with_play).state
    state = replace(state, names=("Jose\u0301", "Zoe\u0308", "N\u0303andu\u0301", "Brontë"))
    pygame.display.init()
    surface = pygame.Surface((800, 600))
    render(surface, compute_layout(state, Ui(seen_finished=0), (800, 600)), state, Ui(seen_finished=0), Art(), "en")
    assert surface.get_at((400, 300))[:3] != (0, 0, 0)


def test_every_language_renders_its_strings_in_the_bundled_font() -> None:
    pygame.freetype.init()
    font = pygame.freetype.Font(_font_path(True), 18)
    for lang in ("en", "fr", "pt", "de", "es"):
        for msgid in ("Your turn: choose a tile", "Demand a redeal", "Team {team} wins the match!",
                      "Tripollúa: Team {team} went from 0 to 100 or more in one hand while Team {other} had no points"):
            text = tr(lang, msgid, team="A", other="B")
            assert None not in font.get_metrics(text), (lang, text)
