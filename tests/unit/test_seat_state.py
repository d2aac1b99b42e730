"""Every place that names a seat's state says the same word (shared/seatstate.py).

Reported case: a seat a friend gave up (``leave`` after the start) read "computer" on its name card in
the window and "free seat" on the web page and in the LAN list. The computer plays it and a person
may take it: one state, "computer, free seat", everywhere.
"""
from __future__ import annotations

import pytest

from doublenine.shared.i18n import tr
from doublenine.shared.seatstate import SEAT_WORDS, TAKEABLE, SeatState, seat_state

CASES = [
    # kind, claimed, connected, computer_plays, program -> state
    (("computer", False, False, True, False), SeatState.COMPUTER),
    (("human", True, True, False, True), SeatState.COMPUTER),  # doublenine bot holds it
    (("human", False, False, False, False), SeatState.FREE),  # before the start
    (("human", False, False, True, False), SeatState.OPEN),  # given up after the start (the report)
    (("human", True, True, False, False), SeatState.PLAYER),
    (("human", True, False, False, False), SeatState.AWAY),
    (("human", True, False, True, False), SeatState.STAND_IN),  # handed over while away (D7)
    (("human", True, True, True, False), SeatState.STAND_IN),  # handed over while connected (D7)
]


@pytest.mark.parametrize(("fields", "state"), CASES)
def test_each_seat_reads_as_one_state(fields: tuple, state: SeatState) -> None:
    assert seat_state(*fields) is state


def test_a_seat_given_up_after_the_start_is_named_computer_free_seat_in_every_language() -> None:
    word = SEAT_WORDS[seat_state("human", False, False, True)]
    assert word == "computer, free seat"
    assert [tr(lang, word) for lang in ("fr", "pt", "de", "es")] == [
        "ordinateur, place libre", "computador, livre", "Computer, freier Platz", "computadora, libre"]
    assert SeatState.OPEN in TAKEABLE and SeatState.FREE in TAKEABLE and len(TAKEABLE) == 2


def test_every_state_has_its_own_word() -> None:
    assert len(set(SEAT_WORDS.values())) == len(SeatState) == 6
    assert SEAT_WORDS[SeatState.AWAY] == "disconnected"  # the web page said "away", the window "disconnected"
