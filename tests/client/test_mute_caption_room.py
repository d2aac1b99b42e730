"""Translator s15 F20: the chat's caption before the mute chips, German "Stummschalten:", was cut to "Stumms…": its
room was a fixed 5.5 font sizes, sized for the English "Mute:". Kind: a room sized for the English word. Now the
caption's words in the window's language are measured (at least the old 5.5 f, at most half the row)."""
from __future__ import annotations

import pytest

from doublenine.client.chat import MUTE, _caption_room
from doublenine.client.text import tr
from doublenine.client.typeset import measurer


@pytest.mark.parametrize("lang", ["en", "fr", "pt", "de", "es"])
@pytest.mark.parametrize("f", [14, 18, 24])
def test_the_mute_caption_fits_its_room_in_every_language(lang: str, f: int) -> None:
    room = _caption_room(lang, f, 40 * f)
    assert measurer().measure(tr(lang, MUTE), round(0.9 * f))[0] + f <= room


def test_the_reported_case_german_takes_more_than_the_english_room() -> None:
    assert tr("de", MUTE) == "Stummschalten:"
    assert _caption_room("en", 18, 720) == 99  # 5.5 x 18, the room it always had
    assert _caption_room("de", 18, 720) > 99
    assert _caption_room("de", 18, 100) == 50  # never more than half the row
