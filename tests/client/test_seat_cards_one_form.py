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
    # s14 on purpose: the level's short form where the whole one leaves no room, never the word alone
    assert "computador no lugar" in texts and texts.count("computador · Espec.") == 2 and "Especialista" not in texts


LEVELS_SAID = {"en": ("computer · Expert", "computer · Heaviest", "computer · Normal"),
               "fr": ("ordinateur · Expert", "ordinateur · Grosses", "ordinateur · Normal"),
               "pt": ("computador · Espec.", "computador · Pesadas", "computador · Normal"),
               "de": ("Computer · Experte", "Computer · Schwerste", "Computer · Normal"),
               "es": ("computadora · Experto", "computadora · Gorda", "computadora · Normal")}
"""s14: East Expert, North Heaviest, West Normal as each language's cards say them at every size."""


def _three_levels() -> ClientState:
    seats = [_seat(1)] + [_seat(n, kind="computer", claimed=False, connected=False, computer_plays=True, level=level)
                          for n, level in ((2, "expert"), (3, "heaviest"), (4, "normal"))]
    table = p.TableW.model_validate({"code": "K7QPA", "seats": seats, "seeded": False, "started": True,
                                     "paused": False})
    return reduce(session_at(my_turn_with_play).state, p.TableUpdate(table=table))


@pytest.mark.parametrize("lang", sorted(LEVELS_SAID))
@pytest.mark.parametrize("size", ((800, 600), (1280, 800), (1920, 1080)))
def test_s14_the_computers_level_shows_where_english_shows_it(lang: str, size: tuple[int, int]) -> None:
    """s14: fr, pt, de and es cards said "ordinateur" with no level at every size (one card's "ordinateur ·
    Grosses d’abord" was too long, and one form per screen dropped every level), where English said
    "computer · Expert". Kind: a form chosen for the longest language's longest word; the level's short
    form (render.level_short) comes before the word alone."""
    pygame.display.init()
    pygame.font.init()
    state, ui = _three_levels(), Ui(seen_finished=0)
    with watch() as seen:
        render(pygame.Surface(size), compute_layout(state, ui, size, lang), state, ui, Art(), lang)
    computer = tr(lang, SEAT_WORDS[SeatState.COMPUTER])
    said = sorted((d.text, d.shortened) for d in seen if d.text.startswith(computer + " "))
    assert said == sorted((text, False) for text in LEVELS_SAID[lang])
