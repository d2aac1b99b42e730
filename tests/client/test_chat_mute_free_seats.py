"""Lastuser s17 F21 (shots/22_friend_chat.png, 62_host_chat_fr.png): at a hosted table whose North and West
waited for friends, the chat offered "North" and "West" under Mute, seats nobody sat at. Kind: a control
offered for a seat nobody sits at; a free seat whose lines are in the chat (its player left) keeps its chip."""
from __future__ import annotations

from dataclasses import replace

from client_helpers import my_turn_with_play, session_at

from doublenine.client import chat
from doublenine.client.chat import SPECTATORS, seat_key
from doublenine.shared.protocol import ChatLineW
from doublenine.shared.seats import Seat


def _hosted():  # type: ignore[no-untyped-def]
    """Ana's window (South) with Bea at East, North and West free (the reported table)."""
    state = session_at(my_turn_with_play).state
    return replace(state, table="DA5VH", names=("Ana", "Bea", "North", "West"), computers=frozenset(),
                   free=frozenset({Seat.THREE, Seat.FOUR}), chat=())


def test_lastuser_s17_f21_free_seats_are_not_offered_under_mute() -> None:
    state = _hosted()
    assert state.view.seat is Seat.ONE
    assert chat.mute_keys(state) == (seat_key("DA5VH", Seat.TWO), SPECTATORS)


def test_a_free_seat_whose_lines_are_in_the_chat_keeps_its_chip() -> None:
    state = _hosted()
    line = ChatLineW(id=1, at=0, seat=4, name="Carl", text="bye")
    assert chat.mute_keys(replace(state, chat=(line,))) == (seat_key("DA5VH", Seat.TWO), seat_key("DA5VH", Seat.FOUR),
                                                           SPECTATORS)
