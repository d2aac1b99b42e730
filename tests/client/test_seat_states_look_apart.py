"""Polish s12 item 14 (F15, F17): a computer's seat, a free seat and a disconnected partner were the same small
grey third line on their cards, and a seat the computer plays for a player who may come back read like any
computer seat. Kind: states told apart by a word only. Each state of shared/seatstate.py (its words are
SEAT_WORDS) now has a look of its own on the card (render.SEAT_LOOKS): an icon, a dashed card, a faded card."""
from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from scenes_catalog import table_scene

from doublenine.client.render import AWAY_INK, DIM_INK, SEAT_LOOKS, SeatLook
from doublenine.client.art import GOLD
from doublenine.shared.seats import Seat
from doublenine.shared.seatstate import SEAT_WORDS, SeatState as S


def test_each_state_has_its_own_look() -> None:
    assert SEAT_LOOKS == {
        S.PLAYER: SeatLook("", DIM_INK),
        S.COMPUTER: SeatLook("computer", DIM_INK),
        S.FREE: SeatLook("empty", DIM_INK, dashed=True),
        S.OPEN: SeatLook("computer", DIM_INK, dashed=True),
        S.AWAY: SeatLook("away", AWAY_INK, faded=True),
        S.STAND_IN: SeatLook("stand_in", GOLD),
        S.NEXT_DEAL: SeatLook("computer", GOLD),
    }
    assert set(SEAT_LOOKS) == set(SEAT_WORDS)  # every state that has a word has a look
    assert len(set(SEAT_LOOKS.values())) == len(SEAT_LOOKS)


@pytest.mark.parametrize("size", [(800, 600), (1024, 768), (1920, 1080)], ids=str)
def test_the_cards_of_the_states_are_drawn_apart(own_turn, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    state, ui = own_turn
    seen = {}
    for kind in S:
        shown = replace(state, seat_states=(S.PLAYER, S.PLAYER, S.PLAYER, kind))
        scene = table_scene(shown, ui, "en", size)
        plate = next(s.plate for s in scene.layout().seats if s.seat is Seat.FOUR)
        surface = pygame.Surface(size)
        scene.draw(surface)
        card = surface.subsurface(pygame.Rect(plate).inflate(2, 2).clip(surface.get_rect()))
        seen[kind] = pygame.image.tobytes(card, "RGB")
    assert len(set(seen.values())) == len(S)  # seven states, seven different cards
