"""Polish s12 item 15 (F7/F20): with the chat open the top bar's buttons changed size between phases: wide
during the opening draw (no hand said), narrower once "· hand 8" was in the bar. Kind: a layout sized by a
value that changes during the match. The hand's place is counted as "hand 88" in every phase."""
from __future__ import annotations

from dataclasses import replace

import pytest
from scenes_catalog import table_scene


def _top(scene):  # type: ignore[no-untyped-def]
    lay = scene.layout()
    return {b.id: b.rect for b in lay.buttons if b.rect[1] < lay.top_bar[3]}


@pytest.mark.parametrize("size", [(800, 600), (1024, 768), (1280, 800), (1920, 1080)], ids=str)
@pytest.mark.parametrize("side", ["", "chat"])
def test_the_buttons_keep_their_size_from_the_draw_to_hand_twelve(states, size, side) -> None:  # type: ignore[no-untyped-def]
    state, ui = states["own-turn"]
    draw, dui = states["draw-mine"]
    shown = []
    for s, u in ((replace(draw, table=state.table, seeded=state.seeded, seed=state.seed), dui), (state, ui),
                 (replace(state, view=replace(state.view, hand_number=12)), ui)):
        shown.append(_top(table_scene(s, u, "en", size, side)))
    assert shown[0] == shown[1] == shown[2]
