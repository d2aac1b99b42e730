"""A change of the match refused because a player who must agree is away says what and who (D1, D7).

New user s12 round 2 F9: after "Let the computer play for Zoë", U (undo) said only "A player who must agree
is away": neither that the undo was refused nor that Zoë is the one. Kind: a refusal that names neither
the action nor the player (panels.status_line, ``CONSENT_UNAVAILABLE``; the action is Ui.asked)."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from dataclasses import replace

import pygame
import pytest
from scenes_catalog import table_states

from doublenine.client.panels import status_line
from doublenine.client.text import tr
from doublenine.shared.seatstate import SeatState
from doublenine.shared.seats import Seat

pygame.display.init()
pygame.font.init()
STATES = {name: (state, ui) for name, state, ui in table_states()}


def _said(lang: str, asked: str, states: tuple[SeatState, ...]) -> str:
    state, ui = STATES["own-turn"]
    state = replace(state, error="CONSENT_UNAVAILABLE", humans=frozenset({Seat.ONE, Seat.THREE}), seat_states=states,
                    names=("Ana", "East", "Zoë", "West"))
    msgid, args = status_line(state, replace(ui, asked=asked), lang)
    return tr(lang, msgid, **args)


STAND_IN = (SeatState.PLAYER, SeatState.COMPUTER, SeatState.STAND_IN, SeatState.COMPUTER)


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Refused (undo): Zoë must agree, and the computer plays for them until they are back"),
    ("fr", "Refusé (annuler le dernier coup)\u00a0: Zoë doit donner son accord, et l’ordinateur joue à sa place jusqu’à son retour"),
    ("de", "Abgelehnt (den letzten Zug zurücknehmen): Zoë muss zustimmen, und der Computer spielt für diese "
           "Person, bis sie zurück ist"),
])
def test_f9_the_refused_undo_names_the_undo_and_zoe(lang: str, said: str) -> None:
    assert _said(lang, "undo", STAND_IN) == said


def test_a_restart_refused_so_says_restart_and_an_unknown_action_the_match() -> None:
    assert _said("en", "restart", STAND_IN).startswith("Refused (restart the hand): Zoë must agree")
    assert _said("en", "", STAND_IN).startswith("Refused (change the match): Zoë must agree")


def test_with_nobody_known_away_the_codes_sentence_stays() -> None:
    assert _said("en", "undo", (SeatState.PLAYER, SeatState.COMPUTER, SeatState.PLAYER, SeatState.COMPUTER)) == \
        "A player who must agree is away"


GONE = (SeatState.PLAYER, SeatState.COMPUTER, SeatState.AWAY, SeatState.COMPUTER)


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Refused (undo): Zoë must agree, and is not connected now"),
    ("es", "Rechazado (deshacer la última jugada): Zoë debe aceptar, y no tiene conexión ahora"),
])
def test_league_s17_f3_an_undo_refused_for_a_player_not_connected_says_so(lang: str, said: str) -> None:
    assert _said(lang, "undo", GONE) == said  # not "the computer plays for them": nobody does


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Another request is waiting for Zoë to answer"),
    ("es", "Otra petición está esperando la respuesta de Zoë"),
    ("fr", "Une autre demande attend la réponse de Zoë"),
])
def test_league_s17_f3_a_refusal_request_pending_names_whom_the_request_waits_for(lang: str, said: str) -> None:
    """The reported window said only "Otra petición está esperando respuestas", never Vera's name."""
    state, ui = STATES["own-turn"]
    state = replace(state, error="REQUEST_PENDING", humans=frozenset({Seat.ONE, Seat.THREE}), seat_states=GONE,
                    names=("Ana", "East", "Zoë", "West"), request_waiting=(Seat.THREE,))
    msgid, args = status_line(state, ui, lang)
    assert tr(lang, msgid, **args) == said


def test_league_s17_f3_undo_is_greyed_naming_a_player_not_connected() -> None:
    from doublenine.client.consentable import NOT_CONNECTED, unanswerable
    state, _ui = STATES["own-turn"]
    state = replace(state, humans=frozenset({Seat.ONE, Seat.THREE}), seat_states=GONE, others_return=True)
    assert unanswerable(state) == (NOT_CONNECTED, (Seat.THREE,))


def test_league_s17_f3_after_accepting_a_hand_over_the_status_names_who_it_waits_for() -> None:
    state, ui = STATES["own-turn"]
    state = replace(state, humans=frozenset({Seat.ONE, Seat.THREE}), names=("Inés", "Uma", "Vera", "Walt"),
                    accepted=("hand_over", Seat.FOUR, (Seat.THREE,)))
    msgid, args = status_line(state, ui, "es")
    assert tr("es", msgid, **args) == "Esperando a que Vera acepte"
