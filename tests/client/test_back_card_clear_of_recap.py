"""The "I'm back" card leaves the recap of the last moves in sight (D7; s13 player F9, de at 1920x1080: "Der
Computer spielt für Sie / Bin wieder da" lay over "Letzte Züge", only its last row "→ Ost 6-6" peeking out).

Kind: a text box of the layout (the recap) missing from what cards and messages avoid (waiting.obstacles)."""
from __future__ import annotations

from dataclasses import replace

import pytest
from scenes_catalog import table_scene, table_states


@pytest.fixture(scope="module")
def turn():  # type: ignore[no-untyped-def]
    return next((state, ui) for name, state, ui in table_states() if name == "own-turn")


def _overlap(a, b) -> int:  # type: ignore[no-untyped-def]
    w = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    h = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return max(0, w) * max(0, h)


@pytest.mark.parametrize("lang", ("en", "fr", "pt", "de", "es"))
@pytest.mark.parametrize("size", ((800, 600), (1024, 700), (1280, 800), (1920, 1080)))
def test_the_back_card_covers_no_row_of_the_recap(turn, lang: str, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    state, ui = turn
    scene = table_scene(replace(state, playing_for_me=True), ui, lang, size)
    lay = scene.layout()
    assert lay.recap is not None and lay.recap_rows, (lang, size)
    (card,) = scene.talk.cards(scene.shown(), lay, scene.ui)
    assert card.text == ("The computer is playing for you", {})
    assert _overlap(card.rect, lay.recap) == 0, (lang, size, card.rect, lay.recap)
    assert all(_overlap(card.rect, s.plate) == 0 for s in lay.seats)
