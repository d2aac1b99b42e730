"""R17 in words: "Blocked: East holds the lowest total, 11" was shown when West, East's partner, also
held 11. The lowest individual total wins for its team; partners may share it (a tie is only across
teams), and then both are named: in the window's hand-end prompt and on the web page's words."""
from __future__ import annotations

from dataclasses import replace

import pytest
from scenes_catalog import table_states

from doublenine.client.panels import _result_line
from doublenine.client.text import say
from doublenine.server.web.words import SCRIPT_WORDS, script_words
from doublenine.shared.i18n import translator
from doublenine.shared.seats import Seat, Team
from doublenine.shared.state import Result

STATE = next(state for name, state, _ in table_states() if name == "reveal")
HAND = STATE.view.finished[-1]
NAMES = dict(zip(Seat, STATE.names, strict=True))


def _line(totals: tuple[int, int, int, int], winner: Team) -> str:
    fh = replace(HAND, result=Result.BLOCKED, ender=None, winner=winner, pip_totals=totals)
    return say("en", *_result_line(STATE, fh, "en"))


def test_r17_partners_sharing_the_lowest_total_are_both_named() -> None:
    assert _line((20, 11, 30, 11), Team.B) == f"Blocked, nobody could play: {NAMES[Seat.TWO]} and {NAMES[Seat.FOUR]} hold the lowest total, 11 pips"


@pytest.mark.parametrize(("totals", "winner", "seat"), [((20, 11, 30, 12), Team.B, Seat.TWO),
                                                        ((9, 11, 30, 12), Team.A, Seat.ONE),
                                                        ((30, 11, 9, 11), Team.A, Seat.THREE)])
def test_r17_one_seat_with_the_lowest_total_is_named_alone(totals: tuple[int, int, int, int], winner: Team,
                                                           seat: Seat) -> None:
    # e4aa67b on purpose: the window's own seat (seat 1 in this state) is "you", never its name
    if seat == STATE.view.seat:
        assert _line(totals, winner) == f"Blocked, nobody could play: you hold the lowest total, {min(totals)} pips"
    else:
        assert _line(totals, winner) == f"Blocked, nobody could play: {NAMES[seat]} holds the lowest total, {min(totals)} pips"


def test_r17_the_web_page_has_the_words_for_two_partners() -> None:
    assert SCRIPT_WORDS.get("block2") is None  # s14: said with its unit, in its plural forms (words.BLOCK_WORDS)
    assert script_words(translator("en"))["block2_2"] == "Blocked, nobody could play: {a} and {b} hold the lowest total, {count} pips"
    assert script_words(translator("fr"))["block_1"] == \
        "Blocage, personne ne pouvait jouer\u00a0: {name} a le plus petit total, {count} point"


@pytest.mark.parametrize(("lang", "said"), [
    ("fr", "Blocage, personne ne pouvait jouer\u00a0: {name} a le plus petit total, 11 points"),
    ("en", "Blocked, nobody could play: {name} holds the lowest total, 11 pips"),
    ("pt", "Trancado, ninguém podia jogar: {name} tem o menor total, 11 pintas"),
    ("de", "Blockade, niemand konnte legen: {name} hat die kleinste Summe, 11 Augen"),
    ("es", "Tranque, nadie podía jugar: {name} tiene el total más bajo, 11 puntos")])
def test_s14_the_lowest_total_is_said_with_its_unit(lang: str, said: str) -> None:
    """s14: the French tranque line ended with a bare number ("..., le plus petit total, 11"); kind: a message
    ending with a number without its unit. 1 pip in the singular where the language says so."""
    fh = replace(HAND, result=Result.BLOCKED, ender=None, winner=Team.B, pip_totals=(20, 11, 30, 12))
    assert say(lang, *_result_line(STATE, fh, lang)) == said.format(name=NAMES[Seat.TWO])
    one = replace(fh, pip_totals=(20, 1, 30, 12))
    assert say(lang, *_result_line(STATE, one, lang)).endswith(
        {"fr": "1 point", "en": "1 pip", "pt": "1 pinta", "de": "1 Auge", "es": "1 punto"}[lang])
