"""Seat cards say who plays each seat whole, in one form per screen (s13 player F10, spectator pt at 1024x700:
"computador substit…" cut; the computer seats said only "Especialista"; "Equipe B" and "A" on one screen).

Kind: a card's rows shortened card by card (each its own form), and the level kept before the word."""
from __future__ import annotations

import pygame
import pytest

from client_helpers import my_turn_with_play, session_at
from doublenine.client.art import Art
from doublenine.client.layout import compute_layout
from doublenine.client.render import render
from doublenine.client.store import ClientState, reduce
from doublenine.client.typeset import watch
from doublenine.client.uistate import Ui
from doublenine.shared import protocol as p
from doublenine.shared.i18n import tr
from doublenine.shared.seatstate import SEAT_WORDS, SeatState
from doublenine.shared.views import view_for


def _seat(n: int, **fields: object) -> dict:
    seat = {"seat": n, "name": ("Hanna", "Leste", "Ana", "Oeste")[n - 1], "kind": "human", "level": "expert",
            "claimed": True, "connected": True, "computer_plays": False}
    seat.update(fields)
    return seat


def _handed_over() -> ClientState:
    """The reported table as a spectator sees it: Hanna away with the computer standing in, Ana playing, East
    and West computer seats at Expert."""
    seats = [_seat(1, connected=False, computer_plays=True), _seat(2, kind="computer", claimed=False,
             connected=False, computer_plays=True), _seat(3),
             _seat(4, kind="computer", claimed=False, connected=False, computer_plays=True)]
    table = p.TableW.model_validate({"code": "T76WA", "seats": seats, "seeded": False, "started": True,
                                     "paused": False})
    session = session_at(my_turn_with_play)
    state = reduce(session.state, p.TableUpdate(table=table))
    from dataclasses import replace
    return replace(state, view=view_for(session.log.state, None))


@pytest.mark.parametrize("lang", ("en", "fr", "pt", "de", "es"))
@pytest.mark.parametrize("size", ((800, 600), (1024, 700), (1280, 800), (1920, 1080)))
def test_every_card_row_is_whole_and_the_forms_agree(lang: str, size: tuple[int, int]) -> None:
    pygame.display.init()
    pygame.font.init()
    state, ui = _handed_over(), Ui(seen_finished=0)
    assert state.seat_states == (SeatState.STAND_IN, SeatState.COMPUTER, SeatState.PLAYER, SeatState.COMPUTER)
    with watch() as seen:
        render(pygame.Surface(size), compute_layout(state, ui, size, lang), state, ui, Art(), lang)
    team = [tr(lang, "Team {team}", team=t) for t in "AB"]
    rows = [d for d in seen if " · " in d.text and (d.text.startswith(tuple(team)) or d.text[:4] in ("A · ", "B · "))]
    full = {d.text.startswith(tuple(team)) for d in rows}
    assert len(rows) == 4 and len(full) == 1, (lang, size, [d.text for d in rows])  # one form on the screen
    stand_in = tr(lang, SEAT_WORDS[SeatState.STAND_IN])
    computer = tr(lang, SEAT_WORDS[SeatState.COMPUTER])
    words = [d for d in seen if d.text == stand_in or d.text.startswith(computer)]
    assert [d.text for d in words].count(stand_in) == 1, (lang, size, [d.text for d in seen])
    assert len([d for d in words if d.text.startswith(computer) and d.text != stand_in]) == 2
    assert not any(d.shortened for d in rows + words), (lang, size, [(d.text, d.shortened) for d in rows + words])


def test_the_reported_case() -> None:
    pygame.display.init()
    pygame.font.init()
    state, ui = _handed_over(), Ui(seen_finished=0)
    with watch() as seen:
        render(pygame.Surface((1024, 700)), compute_layout(state, ui, (1024, 700), "pt"), state, ui, Art(), "pt")
    texts = [d.text for d in seen]
    assert "computador no lugar" in texts and texts.count("computador") == 2 and "Especialista" not in texts
