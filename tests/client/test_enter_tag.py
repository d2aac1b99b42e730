"""New user: the Enter tag (↵) over the keyboard-chosen end lay over that open end's number badge (R15).
The tag takes the first side of the ghost tile that covers no badge."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
from scenes_catalog import NAMES, _accept, _until

from doublenine.client.layout import compute_layout, legal_ends
from doublenine.client.local import LocalSession
from doublenine.client.render import enter_tag_place
from doublenine.client.uistate import Ui
from doublenine.shared.moves import Play
from doublenine.shared.rules import legal_decisions
from doublenine.shared.seats import Seat
from doublenine.shared.state import Phase


def test_issue11_3_the_enter_tag_never_covers_an_open_number() -> None:
    s = LocalSession(seed=2026, names=NAMES)
    above_hid_a_number = checked = 0
    for _ in range(15):  # fifteen of seat 1's turns, every tile and end it may play, two window sizes
        assert _until(s, lambda x: x.phase is Phase.PLAY and x.hand.turn is Seat.ONE and len(x.hand.line) >= 1,
                      _accept)
        view = s.state.view
        for tile in {m.tile for m in view.legal_moves() if isinstance(m, Play)}:
            for end in legal_ends(view, tile):
                for size in ((800, 600), (1280, 800)):
                    ui = Ui(seen_finished=len(view.finished), selected=tile, end=end, focus=0)
                    lay = compute_layout(s.state, ui, size)
                    if lay.chosen is None:
                        continue
                    rect = lay.ghosts[lay.chosen].rect
                    tw, th = 2 * lay.font, lay.font + 8
                    marks = [m.rect for m in lay.marks]
                    x, y, w, h = rect
                    above = pygame.Rect(x + (w - tw) // 2, y - th - 6, tw, th)  # where it always went before
                    above_hid_a_number += above.collidelist(marks) >= 0
                    tag = pygame.Rect(*enter_tag_place(lay, rect, tw, th), tw, th)
                    assert tag.collidelist(marks) < 0, (size, tile, end)
                    checked += 1
        s.decide(legal_decisions(s.log.state, Seat.ONE)[0])
    assert checked >= 20
    assert above_hid_a_number >= 1  # the case the new user saw is among those checked
