"""French typography: a no-break space (U+00A0) before ``: ; ! ?`` and inside guillemets, so a line
never starts with a colon (fr.po mixed it: 33 entries with, 49 with a plain space), and the wrapper
never breaks there."""
from __future__ import annotations

import re
from pathlib import Path

import pygame
from babel.messages.pofile import read_po

from doublenine.client.typeset import Typeface

FR = Path(__file__).resolve().parents[2] / "shared" / "i18n" / "fr.po"
PLAIN = re.compile(r"[ \t\u202f]([:;!?»])|«[ \t]")


def _strings() -> list[tuple[str, str]]:
    with open(FR, "rb") as f:
        catalog = read_po(f)
    out = []
    for m in catalog:
        if not m.id:
            continue
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        out += [(str(m.id), s) for s in strings if s]
    return out


def test_french_has_no_break_space_before_double_punctuation() -> None:
    plain = [(i, s) for i, s in _strings() if PLAIN.search(s)]
    assert plain == []
    spaced = sum(1 for _, s in _strings() if re.search("\u00a0[:;!?]", s))
    assert spaced >= 80  # the 33 + 49 colons and the exclamations, every one now bound


def test_the_wrapper_never_breaks_at_a_no_break_space() -> None:
    pygame.font.init()
    face = Typeface()
    text = "Trop de tables depuis votre adresse\u00a0: fermez-en une d'abord"
    width = face.measure("Trop de tables depuis votre adresse", 18)[0] + 2
    lines = face.wrap(text, 18, width)
    assert lines[0] == "Trop de tables depuis votre"
    assert lines[1].startswith("adresse\u00a0:")
    assert all(not line.startswith(":") for line in lines)
    assert face.wrap("a  b\tc", 18, 10_000) == ["a b c"]
