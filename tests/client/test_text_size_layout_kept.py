"""PERF s17: at 2560x1440 200 % a panel grown for the "Text size" (layout._grown: about a dozen panels laid out for the
hand's end, 47 for the opening draw) was searched for again at every change of the previews, the pointer's hover
included (0.1-0.3 s each). Kind: a costly result made again for a change it does not depend on. The table scene
keeps the state it shows while only the previews change, and the layout keeps the grown panel by that state, the
window, the language and the Text size: a hover or the Tab ring lays out one panel (the table's own), never the
search (bench/text_size_layout.py for the time)."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame
import pytest
from scenes_catalog import table_scene, table_states

from doublenine.client import layout
from doublenine.client.layout import set_text_size

pygame.display.init()
pygame.font.init()
STATES = {name: (state, ui) for name, state, ui in table_states() if name in ("reveal", "draw-mine", "match-over")}


@pytest.fixture
def built(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many panels layout.build_panel made since the list was last emptied."""
    calls: list[int] = []
    real = layout.build_panel

    def counting(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(layout, "build_panel", counting)
    layout._GROWN.clear()
    return calls


@pytest.mark.parametrize(("name", "searched"), [("reveal", 13), ("draw-mine", 47), ("match-over", 19)])
def test_a_hover_lays_out_one_panel_not_the_search(built: list[int], name: str, searched: int) -> None:
    set_text_size(200)
    state, ui = STATES[name]
    scene = table_scene(state, ui, "en", (2560, 1440))
    first = scene.layout().panel
    assert len(built) == searched
    for changed in (replace(ui, hover="button:ledger"), replace(ui, hover="button:leave", button="leave"),
                    replace(ui, hover=None)):
        built.clear()
        scene.ui = changed
        assert scene.layout().panel == first
        assert len(built) == 1


def test_a_new_state_or_text_size_searches_again(built: list[int]) -> None:
    set_text_size(200)
    state, ui = STATES["reveal"]
    scene = table_scene(state, ui, "en", (2560, 1440))
    grown = scene.layout().panel
    assert grown is not None and grown.font == 47
    built.clear()
    scene.session.state = replace(state)  # equal, but a new state: nothing is taken for it
    assert scene.layout().panel == grown
    assert len(built) == 13
    set_text_size(150)
    built.clear()
    smaller = scene.layout().panel
    # at 150 % the table's own type holds the 100 % sizes in the room it found: the panel the table's type, its room
    assert smaller is not None and (smaller.font, smaller.rect) == (0, (340, 150, 1880, 1160)) and len(built) > 1


def test_the_kept_answers_are_bounded(built: list[int]) -> None:
    set_text_size(200)
    state, ui = STATES["match-over"]
    for i in range(layout.GROWN_KEPT + 5):
        layout.compute_layout(replace(state), ui, (2560, 1440), "en")
    assert len(layout._GROWN) == layout.GROWN_KEPT
