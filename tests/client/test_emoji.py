"""Emoji in chat and names are drawn, in the text's colour, with the shipped monochrome Noto Emoji (s12).

Reported: "👍" and "🎉" in chat lines and player names drew as the replacement mark (DejaVu Sans has no
glyph for them; no colour font is used). Kind: characters every keyboard offers that the only font lacked.
A character neither font has is still one replacement mark per run (attacker F6)."""
from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from doublenine.client.typeset import EMOJI_FILE, REPLACEMENT, Typeface, font_path, watch


def _face() -> Typeface:
    pygame.init()
    return Typeface()


def test_the_reported_emoji_are_kept_and_drawn() -> None:
    face = _face()
    assert face.clean("Bravo 👍🎉 bien joué") == "Bravo 👍🎉 bien joué"
    assert face.has_emoji("👍") and face.has_emoji("🎉") and not face.has_emoji("a") and not face.has_emoji("😀")
    assert face.clean("\U00012000\U00012001 cuneiform") == REPLACEMENT + " cuneiform"  # neither font: one mark
    with watch() as seen:
        face.draw("Bravo 👍🎉", 20, (255, 255, 255), width=400)
    assert [(d.shown, d.shortened) for d in seen] == [("Bravo 👍🎉", False)]


def test_an_emoji_is_drawn_in_the_texts_colour_on_its_baseline() -> None:
    face = _face()
    thumb = face.draw("👍", 24, (255, 0, 0))
    w, h = thumb.get_size()
    assert w >= 16 and abs(h - face.draw("a", 24).get_height()) <= 1  # one line of text, not a taller box
    lit = [thumb.get_at((x, y)) for x in range(w) for y in range(h) if thumb.get_at((x, y)).a > 128]
    assert lit and all(c.r > 200 and c.g < 60 and c.b < 60 for c in lit)
    mixed, plain = face.measure("ok 👍 ok", 24)[0], face.measure("ok  ok", 24)[0]
    assert mixed - plain >= 16


def test_right_to_left_text_with_an_emoji_keeps_both() -> None:
    face = _face()
    assert face.clean("שלום 👍") == "שלום 👍" and face.measure("שלום 👍", 20)[0] > face.measure("שלום", 20)[0]


def test_the_font_ships_with_its_licence() -> None:
    path = font_path(emoji=True)
    assert path is not None and Path(path).name == EMOJI_FILE and Path(path).stat().st_size < 1_000_000
    licence = Path(path).with_name("LICENSE-NotoEmoji.txt").read_text(encoding="utf-8")
    assert "SIL Open Font License, Version 1.1" in licence
