"""s13: the opening draw grows with the window while keeping the wait card's and the invite card's room.
44210e1 grew the grid to 1106 px at 1280x800 and the card saying who is awaited went ~500 px from that
seat's plate (reverted in ae59815). Now the grid takes fewer, longer rows only within the felt less the
widest wait card (waiting.card_room) each side: 14 x 4 tiles of 43 x 86 px at 1920x1080 in English (11 x 5
of 34 x 68 before), and at 800x600, 1280x800 and 1920x1080 the wait card, the invite card, the plates and
the draw's panel never intersect. Kind: a panel that leaves its room unused, grown without the room of
what lies beside it."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest
from test_no_overlap import _host
from test_wait_card import _drawn

from doublenine.client.layout import compute_layout
from doublenine.client.snake import overlaps
from doublenine.client.uistate import Ui
from doublenine.client.waiting import wait_card
from doublenine.shared.seats import Seat

SIZES = ((800, 600), (1280, 800), (1920, 1080))


@pytest.mark.parametrize(("size", "cell", "cols"), [((800, 600), (17, 34), 11), ((1280, 800), (25, 50), 11),
                                                    ((1920, 1080), (43, 86), 14)], ids=str)
def test_the_draw_grows_in_a_big_window(size, cell, cols) -> None:  # type: ignore[no-untyped-def]
    lay = compute_layout(_drawn(), Ui(seen_finished=0), size, "en")
    cells = [r for _, r in lay.panel.cells]
    assert cells[0][2:] == cell
    assert len({r[0] for r in cells}) == cols
    assert all(pygame.Rect(lay.panel.rect).contains(pygame.Rect(r)) for r in cells)


@pytest.mark.parametrize("lang", ("en", "fr", "de"))
@pytest.mark.parametrize("spectator", (False, True), ids=("seated", "spectator"))
@pytest.mark.parametrize("size", SIZES, ids=str)
def test_the_wait_card_keeps_its_place_by_the_awaited_plate(lang, spectator, size) -> None:  # type: ignore[no-untyped-def]
    state, ui = _drawn(spectator), Ui(seen_finished=0)
    lay = compute_layout(state, ui, size, lang)
    for waited in (20.0, 75.0):
        card = wait_card(state, lay, waited, True, ui, lang)
        assert card is not None
        assert not overlaps(card.rect, lay.panel.rect), (card.rect, lay.panel.rect)
        assert [s.seat for s in lay.seats if overlaps(card.rect, s.plate)] == []
        x, y, w, h = card.rect
        assert 0 <= x and x + w <= size[0] and 0 <= y and y + h <= size[1]
        if size != (800, 600):  # at 800x600 a seated player's card may lie elsewhere (test_wait_card)
            plate = next(s.plate for s in lay.seats if s.seat is Seat.TWO)
            gap = max(plate[0] - (x + w), x - (plate[0] + plate[2]), plate[1] - (y + h), y - (plate[1] + plate[3]))
            assert gap <= 3 * lay.font, (card.rect, plate)


@pytest.mark.parametrize("size", SIZES, ids=str)
def test_the_invite_card_keeps_its_room_beside_the_grown_draw(size) -> None:  # type: ignore[no-untyped-def]
    pygame.init()
    host, scene = _host(size, started=True)
    host.shown = True
    lay = scene.layout()
    assert lay.panel is not None and lay.panel.kind == "draw"
    card = host.layout()["card"]
    assert not overlaps(card, lay.panel.rect), (card, lay.panel.rect)
    assert [s.seat for s in lay.seats if overlaps(card, s.plate)] == []
