"""s13 player F7: the undo request's panel lay over the line in both windows: the one asked could not see
which plays accepting takes back, nor the asker what it asked to take back. Modal prompts about the line
(layout.ABOUT_THE_LINE) are placed as the table's other prompts, where they cover the least of the line."""
from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from client_helpers import StubSession
from scenes_catalog import table_scene

from doublenine.client.layout import ABOUT_THE_LINE
from doublenine.client.snake import overlaps
from doublenine.client.store import ConsentPrompt
from doublenine.client.uistate import Ui
from doublenine.shared.seats import Seat




@pytest.mark.parametrize(("kind", "size", "hidden"), [
    ("consent", (1920, 1080), 0), ("asking", (1920, 1080), 0),  # were 7 of the 16 tiles each
    ("consent", (800, 600), 2), ("asking", (800, 600), 2),  # were 9 and 7: the felt has no room for all
])
def test_an_undo_request_covers_the_least_of_the_line(during, kind, size, hidden) -> None:  # type: ignore[no-untyped-def]
    assert ABOUT_THE_LINE == ("consent", "asking", "confirm")
    state = replace(during, consent=(ConsentPrompt("7", Seat.TWO, "undo", None),)) if kind == "consent" \
        else replace(during, asking="undo")
    scene = table_scene(state, Ui(), "en", size)
    scene.session = StubSession(state)
    scene.draw(pygame.Surface(size))
    lay = scene.layout()
    assert lay.panel is not None and lay.panel.kind == kind and len(lay.line.spots) == 16
    assert sum(1 for sp in lay.line.spots if overlaps(sp.rect, lay.panel.rect)) == hidden
    for b in lay.panel.buttons:  # the buttons moved with their panel
        assert overlaps(b.rect, lay.panel.rect)
