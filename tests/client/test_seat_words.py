"""The window's name cards name a seat's state with the word the web page and the LAN list use
(shared/seatstate.py). Reported: a seat a friend gave up read "computer" in the window, "free seat" on the
web page; the computer plays it and anybody may take it ("computer, free seat")."""
from __future__ import annotations

import pygame

from client_helpers import my_turn_with_play, session_at
from doublenine.client.art import Art
from doublenine.client.layout import compute_layout
from doublenine.client.render import render
from doublenine.client.store import ClientState, reduce
from doublenine.client.typeset import watch
from doublenine.client.uistate import Ui
from doublenine.shared import protocol as p
from doublenine.shared.seats import Seat
from doublenine.shared.i18n import tr
from doublenine.shared.seatstate import SEAT_WORDS, SeatState


def _seat(n: int, **fields: object) -> dict:
    seat = {"seat": n, "name": f"P{n}", "kind": "human", "level": "easy", "claimed": True, "connected": True,
            "computer_plays": False}
    seat.update(fields)
    return seat


def _given_up_table() -> p.TableW:
    """Seat 2 given up after the start, seat 3 a computer seat, seat 4 handed over while away (D7)."""
    seats = [_seat(1), _seat(2, claimed=False, connected=False, computer_plays=True),
             _seat(3, kind="computer", claimed=False, connected=False, computer_plays=True),
             _seat(4, connected=False, computer_plays=True)]
    return p.TableW.model_validate({"code": "ABCDE", "seats": seats, "seeded": False, "started": True, "paused": False})


def test_the_given_up_seat_reads_computer_free_seat_on_its_name_card() -> None:
    pygame.display.init()
    pygame.font.init()
    state: ClientState = reduce(session_at(my_turn_with_play).state, p.TableUpdate(table=_given_up_table()))
    assert state.seat_states == (SeatState.PLAYER, SeatState.OPEN, SeatState.COMPUTER, SeatState.STAND_IN)
    assert state.computers == {Seat.TWO, Seat.THREE, Seat.FOUR} and not state.free and not state.away
    # a computer seat says its level too (new user s12 item 5: seat 3 was made "easy")
    for lang, words in (("en", ["computer, free seat", "computer · Easy", "computer stands in"]),
                        ("fr", ["ordinateur, place libre", "ordinateur · Facile", "ordinateur à sa place"])):
        ui = Ui(seen_finished=0)
        with watch() as seen:
            render(pygame.Surface((1280, 800)), compute_layout(state, ui, (1280, 800), lang), state, ui, Art(), lang)
        texts = [d.text for d in seen]
        assert sorted(t for t in texts if t in words) == sorted(words), texts


def test_each_state_word_fits_its_name_card_uncut_at_800x600_in_every_language() -> None:
    """The words sit on a name card 11 type sizes wide: "computadora, asiento libre" was cut to
    "computadora, asient…" in Spanish at 800x600 (and the Portuguese "computador, lugar livre" too), so
    they say "computadora, libre" and "computador, livre"."""
    pygame.display.init()
    pygame.font.init()
    state: ClientState = reduce(session_at(my_turn_with_play).state, p.TableUpdate(table=_given_up_table()))
    for lang in ("en", "fr", "pt", "de", "es"):
        ui = Ui(seen_finished=0)
        with watch() as seen:
            render(pygame.Surface((800, 600)), compute_layout(state, ui, (800, 600), lang), state, ui, Art(), lang)
        words = {tr(lang, SEAT_WORDS[k]) for k in (SeatState.OPEN, SeatState.STAND_IN)}
        words.add(tr(lang, SEAT_WORDS[SeatState.COMPUTER]) + " · " + tr(lang, "Easy"))  # with its level (s12)
        drawn = [d for d in seen if d.text in words]
        assert {d.text for d in drawn} == words and not any(d.shortened for d in drawn), (lang, drawn)
