"""Kind: a text the player reads naming seats by number where the window names them by their words (s13
item 4: the rules said "seat 1 turns over one tile for team A", the start screen's seat chooser "Seat 3"
and the join refusal "Seat 3 at table ... is taken", while the table shows South, East, North, West).

Every place a player reads a seat says the word the table shows (shared/i18n DEFAULT_SEAT_NAMES, R2):
the rules screen in the five languages, the start screen's seat chooser, the refusals shown in the
window, the command line's help for ``--seat``.
"""
from __future__ import annotations

import re

import pygame
import pytest

from doublenine.client.text import LANGUAGES
from doublenine.shared.failures import Failure
from doublenine.shared.i18n import DEFAULT_SEAT_NAMES, tr
from doublenine.shared.i18n.rules import rules_text

SEAT_NUMBER = re.compile(r"\b(seats?|places?|lugar(es)?|Platz|Plätze|puestos?|asientos?)\s+\d|\b1, 2, 3, 4\b",
                         re.IGNORECASE)
"""A seat said by number in any of the five languages ("seat 1", "la place 1", "Platz 2", "1, 2, 3, 4")."""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rules_name_seats_by_the_tables_words(lang: str) -> None:
    text = rules_text(lang)
    blocks = [b.text for s in text.sections for b in s.blocks]
    assert [b for b in blocks if SEAT_NUMBER.search(b)] == []
    words = " ".join(blocks)
    assert all(tr(lang, name) in words for name in DEFAULT_SEAT_NAMES.values()), lang


def test_the_case_the_english_rules_say_who_draws_and_who_chooses() -> None:
    blocks = [b.text for s in rules_text("en").sections for b in s.blocks]
    assert "South and North are team A, East and West are team B. Play moves to the right, from South to East, " \
           "North, West and back to South." in blocks[0]
    assert any(b.startswith("At the start of a match, South turns over one tile for team A and East one tile "
                            "for team B") for b in blocks)
    assert any("The choice belongs to South for team A and to East for team B." in b for b in blocks)


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "The North seat at table K7QPA is taken. Choose another seat, or “Any free seat”."),
    ("fr", "La place Nord de la table K7QPA est prise. Choisissez une autre place, ou «\u00a0N’importe quelle place libre\u00a0»."),
    ("de", "Platz Nord an Tisch K7QPA ist besetzt. Wählen Sie einen anderen Platz oder „Beliebiger freier Platz“."),
])
def test_a_taken_seat_is_said_by_its_word(lang: str, said: str) -> None:
    assert Failure("seat.taken", {"code": "K7QPA", "seat": 3}).text(lang) == said
    assert "?" in Failure("seat.taken", {"code": "K7QPA", "seat": "?"}).text(lang)  # not known: as it was


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_start_screens_seat_chooser_says_the_seats_word(lang: str) -> None:
    from doublenine.client.art import Art
    from doublenine.client.scenes.start import Form, draw_start
    from doublenine.client.typeset import watch
    pygame.display.init()
    pygame.font.init()
    said = []
    for seat in ("1", "2", "3", "4"):
        form = Form(name="José", lang=lang, seat=seat, server="ws://192.168.1.20:8765", table="K7QPA")
        with watch() as seen:
            draw_start(pygame.Surface((800, 600)), Art(), form, (800, 600))
        texts = [d.text for d in seen]
        words = {tr(lang, n) for n in DEFAULT_SEAT_NAMES.values()}  # "North, Team A" since c4a7124: its word first
        said.append(next(t.split(",")[0] for t in texts if t.split(",")[0] in words))
        assert not any(re.fullmatch(r"\D+ \d", t) for t in texts if t != "K7QPA"), texts
    assert said == [tr(lang, DEFAULT_SEAT_NAMES[n]) for n in (1, 2, 3, 4)]


def test_the_seat_option_help_says_the_words() -> None:
    import argparse

    from doublenine.client.cli import add_arguments
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    help_text = " ".join(parser.format_help().split())
    assert "seat to take: 1 South, 2 East, 3 North, 4 West (default: the first free one)" in help_text
