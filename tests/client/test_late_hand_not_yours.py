"""rp5 s15 F-late-review: Bernd sat down mid-hand (he sits at the next deal, R21/D8), and at that hand's end
his window said "Blocked, nobody could play: you hold the lowest total, 11 pips", every window named him
for it, and "Review my hand" titled the computer's plays "your decisions". The table frame now says, per
seat, the last hand its person did not play (``SeatW.sat_after``): such a hand is the computer's."""
from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from client_helpers import hand_played_out

from doublenine.client.overlays.review import layout_review
from doublenine.client.overlays.text import Fonts
from doublenine.client.panels import _result_line, reckoning
from doublenine.client.store import played_by_holder
from doublenine.client.text import say
from doublenine.shared.i18n import translator
from doublenine.shared.seats import Seat, Team
from doublenine.shared.state import Result


@pytest.fixture(scope="module")
def ended():  # type: ignore[no-untyped-def]
    pygame.display.init()
    pygame.font.init()
    return hand_played_out(("Bernd", "Bo", "Amélie", "Di"))


def _block(after):  # type: ignore[no-untyped-def]
    return replace(after.view.finished[0], result=Result.BLOCKED, ender=None, winner=Team.A,
                   pip_totals=(11, 20, 30, 40))


def test_the_hand_end_a_late_arrival_watched_names_the_computer(ended) -> None:  # type: ignore[no-untyped-def]
    _, after = ended
    fh = _block(after)
    late = replace(after, sat_after=((fh.match, fh.number), None, None, None))
    assert (played_by_holder(late, Seat.ONE, fh.match, fh.number),
            played_by_holder(late, Seat.ONE, fh.match, fh.number + 1)) == (False, True)
    assert say("en", *_result_line(late, fh, "en")) == \
        "Blocked, nobody could play: the computer in Bernd's seat holds the lowest total, 11 pips"
    assert say("de", *_result_line(late, fh, "de")) == \
        "Blockade, niemand konnte legen: der Computer auf dem Platz von Bernd hat die kleinste Summe, 11 Augen"
    # his own window before: "you hold the lowest total"; the held seat's next hand is his again
    assert say("en", *_result_line(after, fh, "en")) == "Blocked, nobody could play: you hold the lowest total, 11 pips"
    won_against = replace(fh, winner=Team.B, pip_totals=(20, 11, 30, 40), points=50)
    assert "the computer in Bernd's seat" in " ".join(say("en", *x) for x in reckoning(late, won_against, Seat.ONE, "en"))


def test_the_review_of_that_hand_is_titled_the_computers(ended) -> None:  # type: ignore[no-untyped-def]
    _, after = ended
    fh = after.view.finished[0]
    t = translator("en")
    items = layout_review(fh, Seat.ONE, None, 900, Fonts(), t, ("Bernd", "", "", ""), stood_in=True)
    said = " ".join(i.text for i in items if hasattr(i, "text"))  # the title wraps at 900 px
    assert said.startswith("Match 1, hand 1: the computer's decisions at your seat, before you sat down ")
    assert "your decisions" not in said
    mine = layout_review(fh, Seat.ONE, None, 900, Fonts(), t, ("Bernd", "", "", ""))
    assert " ".join(i.text for i in mine if hasattr(i, "text")).startswith("Match 1, hand 1: your decisions ")
