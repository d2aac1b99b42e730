"""The chat and nudge frames (issue 15; docs/protocol.md "Chat and nudges")."""
from __future__ import annotations

import pytest

from doublenine.shared import protocol as p
from doublenine.shared.chat import PHRASE_IDS, PHRASES
from doublenine.shared.i18n import tr


def test_every_phrase_id_has_an_english_text_and_a_translation_in_each_language() -> None:
    assert set(PHRASES) == set(PHRASE_IDS) and len(PHRASE_IDS) == 10
    for lang in ("fr", "pt", "de", "es"):
        shown = {tr(lang, PHRASES[i]) for i in PHRASE_IDS}
        assert len(shown) == 10 and not shown & set(PHRASES.values()), lang


@pytest.mark.parametrize("frame", [
    {"type": "chat", "text": "hola"}, {"type": "chat", "phrase": "good_game"},
    {"type": "nudge", "seat": 3}, {"type": "back"},
])
def test_client_chat_frames_round_trip(frame: dict) -> None:
    msg = p.decode_client(p.pack(frame))
    assert p.unpack(p.encode(msg)) == frame


@pytest.mark.parametrize("frame", [
    {"type": "chat", "lines": [{"id": 1, "at": 1.5, "seat": None, "name": "", "phrase": "thanks"},
                               {"id": 2, "at": 2.0, "seat": 2, "name": "Bo", "text": "hi"}], "history": True},
    {"type": "nudge", "by": 1, "seat": 2},
])
def test_server_chat_frames_round_trip(frame: dict) -> None:
    msg = p.decode_server(p.pack(frame))
    assert p.unpack(p.encode(msg)) == frame


@pytest.mark.parametrize("frame, where", [
    ({"type": "chat", "text": "a", "phrase": "thanks"}, "exactly one"),
    ({"type": "chat"}, "exactly one"),
    ({"type": "chat", "text": ""}, "text"),
    ({"type": "chat", "phrase": "signal_nines"}, "phrase"),
    ({"type": "nudge", "seat": 5}, "seat"),
    ({"type": "back", "seat": 1}, "seat"),
])
def test_bad_chat_frames_are_wrong_types(frame: dict, where: str) -> None:
    with pytest.raises(p.FrameError) as caught:
        p.decode_client(p.pack(frame))
    assert caught.value.code == "WRONG_TYPES" and where in caught.value.detail
