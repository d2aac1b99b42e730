"""Translator s15 F32 (High): a finished match's computer seats read "computer · Easy" in English on the French,
Portuguese, German and Spanish pages (``/``, ``/?view=projector``, ``/results``). The record stored the English
words; now it stores the data (the seat is the computer's, its level) and each page says it in its reader's
language. Kind: a record that stores display text in one language instead of the data the text is made from.
Records written before keep being read (their "computer · Easy" is the level); the CSV, the JSON and
``doublenine results`` keep their fixed English value."""
from __future__ import annotations

from typing import Any

import pytest

from doublenine.server.names import own_name
from doublenine.server.resultscli import line_of
from doublenine.server.storage.base import MatchResult, computer_level, computer_seat, english_seat
from doublenine.server.web import pages
from doublenine.shared.i18n import translator

from .test_web_pages import get

NEW = MatchResult("BAHKX", 1, ("Ana", "computer:easy", "computer:expert", "computer:heaviest"), (104, 37), "A", 6,
                  1_796_670_000.0, 1_796_672_400.0, "Table 1", True)
"""A record as the server writes it now: Ana and three computers."""
OLD = MatchResult("CDEFG", 1, ("Ana", "computer · Easy", "computer · Strong", "computer · Normal"), (90, 101), "B",
                  7, 1_796_660_000.0, 1_796_662_400.0, "", True)
"""A record written before session 15: the English words."""

SAID = {"fr": ("ordinateur · Facile", "ordinateur · Expert", "ordinateur · Grosses d’abord"),
        "pt": ("computador · Fácil", "computador · Especialista", "computador · Mais pesadas primeiro"),
        "de": ("Computer · Leicht", "Computer · Experte", "Computer · Schwerste zuerst"),
        "es": ("computadora · Fácil", "computadora · Experto", "computadora · La más gorda"),
        "en": ("computer · Easy", "computer · Expert", "computer · Heaviest")}
"""How each language's pages say :data:`NEW`'s seats 2, 3 and 4 (the seat card's full words, client/render.level_said)."""


def test_the_stored_seat_is_data_and_old_records_read_as_the_same_data() -> None:
    assert computer_seat("easy") == "computer:easy"
    assert [computer_level(s) for s in NEW.seats] == [None, "easy", "expert", "heaviest"]
    assert [computer_level(s) for s in OLD.seats] == [None, "easy", "strong", "normal"]
    assert computer_level("computer:blitz") == ""  # a level this version does not know: the computer, no level
    assert computer_level("computer · Fred") is None  # an old record's person, not a level
    assert english_seat("computer:strong") == "computer · Strong" and english_seat("computer:blitz") == "computer"
    assert NEW.team("B") == ("computer · Easy", "computer · Heaviest") and OLD.team("A") == ("Ana", "computer · Strong")


@pytest.mark.parametrize("lang", sorted(SAID))
def test_each_language_says_the_computer_seats_in_its_own_words(lang: str) -> None:
    t = translator(lang)
    expected = SAID[lang]
    for stored, said in zip(NEW.seats[1:], expected):
        assert pages.result_seat(t, 2, stored) == f'<span class="kind">{said}</span>'
    assert pages.result_seat(t, 1, "Ana") == "<bdi>Ana</bdi>"  # phone s17 F15: its own bidi isolate
    html = pages.results_list(t, [NEW])
    assert f'<span class="members"><bdi>Ana</bdi> &amp; <span class="kind">{expected[1]}</span></span>' in html
    assert f'<span class="members"><span class="kind">{expected[0]}</span> &amp; <span class="kind">{expected[2]}</span></span>' in html
    if lang != "en":
        assert "computer · " not in html and "Easy" not in html and "Heaviest" not in html


def test_an_old_record_is_said_in_the_readers_language_too() -> None:
    html = pages.results_list(translator("de"), [OLD])
    assert ('<span class="members"><span class="kind">Computer · Leicht</span> &amp; '
            '<span class="kind">Computer · Normal</span></span>') in html
    assert '<span class="members"><bdi>Ana</bdi> &amp; <span class="kind">Computer · Stark</span></span>' in html


def test_the_exports_keep_their_fixed_english_value() -> None:
    fields = pages.result_fields(NEW)
    assert (fields["team_a"], fields["team_b"]) == ("Ana & computer · Expert", "computer · Easy & computer · Heaviest")
    assert [fields[f"seat{n}"] for n in (1, 2, 3, 4)] == ["Ana", "computer · Easy", "computer · Expert",
                                                         "computer · Heaviest"]
    assert pages.results_csv([OLD]).splitlines()[1].split(",")[5:7] == ["Ana & computer · Strong",
                                                                         "computer · Easy & computer · Normal"]
    assert "A: Ana & computer · Expert 104 - B: computer · Easy & computer · Heaviest 37" in line_of(NEW)


@pytest.mark.parametrize("name", ["computer:easy", "Computer:EASY", "computer · Easy", "cοmputer:expert"])
def test_no_person_is_named_as_a_record_names_the_computer(name: str) -> None:
    """A person typing the record's form would be drawn as the computer's seat: the seat keeps its default name."""
    assert own_name(name) == ""


def test_a_name_that_only_begins_like_computer_is_kept() -> None:
    assert own_name("Computers fan") == "Computers fan"


@pytest.mark.parametrize("lang", ["fr", "pt-BR", "de", "es"])
async def test_the_reported_pages_say_the_computer_in_the_readers_language(make_server: Any, lang: str) -> None:
    """The reported case: /, /?view=projector and /results of a server holding one new and one old record."""
    server = await make_server()
    await server.store.record_result(NEW)
    await server.store.record_result(OLD)
    code = lang[:2]
    for path in ("/", "/?view=projector", "/results"):
        status, _, body = await get(server, path, lang)
        assert status == 200, path
        assert f'<span class="kind">{SAID[code][0]}</span>' in body, (path, lang)
        assert "computer · " not in body and "computer:" not in body, (path, lang)


@pytest.mark.parametrize(("lang", "span"), [
    ("en", "2026-12-07 19:00 – 19:40 UTC"), ("fr", "07/12/2026 19:00 – 19:40 UTC"), ("pt", "07/12/2026 19:00 – 19:40 UTC"),
    ("de", "07.12.2026 19:00 – 19:40 UTC"), ("es", "7/12/2026 19:00 – 19:40 UTC")])
def test_f24_a_finished_match_is_dated_as_its_reader_writes_dates(lang: str, span: str) -> None:
    """Translator s15 F24 (Low): /results said "2026-12-07" in every language; English keeps the ISO form."""
    assert span in pages.results_list(translator(lang), [NEW])


def test_f24_a_match_over_midnight_says_both_days() -> None:
    late = MatchResult("BAHKX", 2, NEW.seats, (100, 0), "A", 5, 1_796_686_800.0, 1_796_689_200.0, "", True)
    assert "07.12.2026 23:40 – 08.12.2026 00:20 UTC" in pages.results_list(translator("de"), [late])
