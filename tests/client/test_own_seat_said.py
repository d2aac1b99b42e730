"""Messages about the window's own seat say "you"/"your", never its name in the third person (s13 player
F4: "Undone: 3 plays and 1 pass, back to Player's turn" over the status "Your turn: choose a tile")."""
from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from client_helpers import hand_played_out

from doublenine.client.panels import _result_line
from doublenine.client.text import say
from doublenine.shared.seats import Seat
from doublenine.shared.state import Result


@pytest.fixture(scope="module")
def ended():  # type: ignore[no-untyped-def]
    pygame.display.init()
    pygame.font.init()
    return hand_played_out(("Ann", "Bo", "Cy", "Di"))


def test_a_domino_of_the_own_seat_says_you(ended) -> None:  # type: ignore[no-untyped-def]
    _, after = ended
    fh = after.view.finished[0]
    assert fh.result is Result.DOMINO and fh.ender is Seat.FOUR
    assert say("en", *_result_line(after, fh, "en")) == "Domino! Di played their last tile"
    mine = replace(fh, ender=Seat.ONE)  # Ann's window (seat 1) going out
    assert say("en", *_result_line(after, mine, "en")) == "Domino! You played your last tile"
    assert say("fr", *_result_line(after, mine, "fr")) == "Domino\u00a0! Vous avez posé votre dernière pièce"
    assert say("de", *_result_line(after, mine, "de")) == "Domino! Sie haben Ihren letzten Stein gelegt"


def test_a_block_won_by_the_own_seat_says_you(ended) -> None:  # type: ignore[no-untyped-def]
    from doublenine.shared.seats import Team
    _, after = ended
    fh = replace(after.view.finished[0], result=Result.BLOCKED, ender=None, winner=Team.A, pip_totals=(3, 20, 30, 40))
    assert say("en", *_result_line(after, fh, "en")) == "Blocked, nobody could play: you hold the lowest total, 3"
    theirs = replace(fh, winner=Team.B, pip_totals=(30, 3, 20, 40))
    assert say("en", *_result_line(after, theirs, "en")) == "Blocked, nobody could play: Bo holds the lowest total, 3"
