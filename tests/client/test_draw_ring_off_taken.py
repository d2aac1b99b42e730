"""R3 (evening s16 F10): the opening draw's ring stays on a tile the other drawer just took; Enter then sent
it and the server refused BAD_POSITION ("position 0 is not a face-down tile"). The window showed an earlier
moment (client.pacing) than the newest view, where Klaus's pick had landed. Kind: a preview kept on what the
newest state no longer offers."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from dataclasses import replace

import pygame
from scenes_catalog import table_states

from doublenine.client.layout import compute_layout
from doublenine.client.panels import draw_chosen
from doublenine.shared.seats import Seat

pygame.display.init()
pygame.font.init()
STATES = {name: (state, ui) for name, state, ui in table_states()}


def test_f10_the_ring_leaves_a_face_down_tile_the_other_drawer_just_took() -> None:
    state, ui = STATES["draw-mine"]
    ui = replace(ui, draw_pick=0)
    assert state.view.draw_taken == () and Seat.ONE in state.view.waiting_for()
    lay = compute_layout(state, ui, (1280, 800), "en")
    assert draw_chosen(lay.panel, state, ui) == 0
    newest = replace(state.view, draw_taken=((Seat.TWO, 0),))  # Klaus took position 0; not shown yet
    paced = replace(state, current=newest)
    lay = compute_layout(paced, ui, (1280, 800), "en")
    assert draw_chosen(lay.panel, paced, ui) == 1
