"""Kind: a label cut at the smallest window in some language (s13 item 3: the French computer level
"Les plus grosses d’abord" drawn "Les plus grosses d’a…" on a seat's name card at 800x600).

Every label of the name cards (each seat state, each computer level), of the start screen's buttons
(each level, each seat kind) and of the settings is drawn at 800x600 in every language through the one
text function (client/typeset.py): none is cut, none is drawn below the readable floor (MIN_SIZE).
"""
from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from scenes_catalog import _settings, _table, table_states

from doublenine.client.art import Art
from doublenine.client.scenes.startform import LEVELS
from doublenine.client.typeset import MIN_SIZE, watch
from doublenine.shared.seatstate import SeatState

SMALLEST = (800, 600)
LANGS = ("en", "fr", "pt", "de", "es")


@pytest.fixture(scope="module")
def states() -> dict:  # type: ignore[type-arg]
    pygame.display.init()
    pygame.font.init()
    return {name: (state, ui) for name, state, ui in table_states()}


def _bad(seen: list) -> list:  # type: ignore[type-arg]
    return [(d.text, d.requested, d.size, d.width) for d in seen
            if d.text.strip() and (d.shortened or d.size < MIN_SIZE)]


@pytest.mark.parametrize("lang", LANGS)
def test_every_name_card_label_fits_at_800x600(states: dict, lang: str) -> None:  # type: ignore[type-arg]
    """Each computer level on each card, with every seat state a card shows (computer, free, open, away,
    stand-in, player), in the lobby and during play."""
    bad, drawn = [], 0
    kinds = (SeatState.COMPUTER, SeatState.OPEN, SeatState.FREE, SeatState.AWAY, SeatState.STAND_IN, SeatState.PLAYER)
    for name in ("lobby", "own-turn"):
        state, ui = states[name]
        for level in LEVELS:
            for first in range(len(kinds)):  # every state on every card, rotated over the three others
                seat_states = (SeatState.PLAYER,) + tuple(kinds[(first + i) % len(kinds)] for i in range(3))
                shown = replace(state, levels=(level,) * 4, seat_states=seat_states)
                with watch() as seen:
                    _table(shown, ui, Art())(pygame.Surface(SMALLEST), lang)
                drawn += len(seen)
                bad += [(name, level, seat_states, *b) for b in _bad(seen)]
    assert drawn > 100
    assert bad == []


@pytest.mark.parametrize("lang", LANGS)
def test_every_start_button_and_setting_fits_at_800x600(lang: str) -> None:
    from doublenine.client.scenes.start import Form, draw_start
    bad = []
    art = Art()
    for level in LEVELS:
        for kind in ("computer", "human"):
            form = Form(name="José", lang=lang, kinds=(kind,) * 3, level=level, seed="2026",
                        server="ws://192.168.1.20:8765", table="K7QPA", focus="level", resume="19-0")
            with watch() as seen:
                draw_start(pygame.Surface(SMALLEST), art, form, SMALLEST)
            bad += [(level, kind, *b) for b in _bad(seen)]
    for on in (True, False):
        with watch() as seen:
            _settings(on)(pygame.Surface(SMALLEST), lang)
        bad += [("settings", on, *b) for b in _bad(seen)]
    assert bad == []


def test_s13_the_case_french_heaviest_whole_on_the_card(states: dict) -> None:  # type: ignore[type-arg]
    """The reported case: a computer seat at level Heaviest, French, 800x600."""
    state, ui = states["own-turn"]
    shown = replace(state, levels=("heaviest",) * 4, seat_states=(SeatState.PLAYER,) + (SeatState.COMPUTER,) * 3)
    with watch() as seen:
        _table(shown, ui, Art())(pygame.Surface(SMALLEST), "fr")
    rows = [d for d in seen if "abord" in d.text]
    assert [(d.text, d.shortened, d.size) for d in rows] == [("Grosses d’abord", False, 12)] * 3
