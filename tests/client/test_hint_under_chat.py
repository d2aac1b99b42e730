"""Polish s12 item 15 (F20): the Hint button and the Chat button above it had different widths and right
edges (1280x800: Chat x=1127..1267, Hint x=1157..1267; the same at 1024 and 1920). Kind: two controls of
one column sized and placed each by its own rule. Hint and Pass take the Chat button's width and edge
(chat.toggle_box)."""
from __future__ import annotations

import pytest
from scenes_catalog import table_scene


@pytest.mark.parametrize("size", [(800, 600), (1024, 768), (1280, 800), (1920, 1080)], ids=str)
@pytest.mark.parametrize("side", ["", "tracker"])
def test_hint_and_chat_share_one_column(own_turn, size, side) -> None:  # type: ignore[no-untyped-def]
    state, ui = own_turn
    scene = table_scene(state, ui, "en", size, side)
    lay = scene.layout()
    hint = next(b.rect for b in lay.buttons if b.id == "hint")
    chat = scene.talk.chat_layout(size, scene.shown(), lay).toggle
    assert (hint[0], hint[2]) == (chat[0], chat[2])  # same left edge, same width
    assert hint[1] >= chat[1] + chat[3]  # under it, not over it


def test_the_reported_case_at_1280x800(own_turn) -> None:  # type: ignore[no-untyped-def]
    state, ui = own_turn
    scene = table_scene(state, ui, "en", (1280, 800))
    hint = next(b.rect for b in scene.layout().buttons if b.id == "hint")
    assert (hint[0], hint[0] + hint[2]) == (1126, 1268)  # the Chat button's, pixel for pixel
