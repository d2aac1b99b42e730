"""s15 (found at 1024x768, 125 %, while letting small screens take a larger Text size): the Leave warning lay over
the left ghost of a lifted tile, the place clicked to play it there. Kind: a message placed without the clickable
places the line offers. waiting.clear_spot (the toast, a nudge notice, a button's tip) keeps off every ghost."""
from __future__ import annotations

import pygame
from scenes_catalog import table_scene, table_states

from doublenine.client.waiting import clear_spot


def test_a_message_wanted_on_a_ghost_is_placed_clear_of_every_ghost() -> None:
    pygame.display.init()
    pygame.font.init()
    state, ui = next((s, u) for name, s, u in table_states() if name == "own-turn-lifted")
    for size in ((800, 600), (1024, 768), (1280, 800)):
        lay = table_scene(state, ui, "en", size).layout()
        assert lay.ghosts  # the lifted tile offers its end(s)
        for ghost in lay.ghosts.values():
            x, y, w, h = ghost.rect
            at = clear_spot(lay, 3 * w, h // 2, (x, y))
            placed = pygame.Rect(at[0], at[1], 3 * w, h // 2)
            assert placed.collidelist([g.rect for g in lay.ghosts.values()]) < 0, (size, ghost.rect, at)
