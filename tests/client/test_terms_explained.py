"""Every term of the game shown to a player says what it means where it is shown (shared/terms.py).

The report: the match-end panel said "Pollona! The other team never scored" (read by the losing team, "the
other team" is the winner), and the ledger only "Team B wins the match. Pollona!". Kind: a term of the game
shown without its meaning. The same kind: "Blocked" ("Tranque" in Spanish) at a hand's end and on the web
page, "Domino" on the web page, the ledger's "Finished hands" (Domino, Blocked, Tie) and "Redeals", and the
review's "demand a redeal" (that the doubles are shown to all). Each now says its meaning, in five languages.
"""
from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from client_helpers import session_at

from doublenine.client.overlays.ledger import LedgerOverlay
from doublenine.client.overlays.panel import Text
from doublenine.client.panels import MAY_REDEAL, _match_over, _result_line
from doublenine.client.text import say, tr
from doublenine.server.web.words import SCRIPT_WORDS, script_words
from doublenine.shared.i18n import translator
from doublenine.shared.seats import Team
from doublenine.shared.state import NamedResult, Phase, Result
from doublenine.shared.terms import BLOCKED, DOMINO, REDEAL, TIE, TRIPOLLUA, named_result_said

POLLONA_SAID = {
    "en": "Pollona: Team B won the match while Team A had no points",
    "fr": "Pollona\u00a0: l’équipe B a gagné la partie alors que l’équipe A n’avait aucun point",
    "pt": "Pollona: a equipe B ganhou a partida com a equipe A sem nenhum ponto",
    "de": "Pollona: Team B hat die Partie gewonnen, während Team A keinen Punkt hatte",
    "es": "Pollona: la pareja B ganó la partida con la pareja A todavía en cero",
}
LANGS = tuple(POLLONA_SAID)


@pytest.fixture(scope="module")
def over():  # type: ignore[no-untyped-def]
    """Seed 7's match to its end: team B wins 0-171, a Pollona (R20)."""
    pygame.display.init()
    pygame.font.init()
    return session_at(lambda s: s.phase is Phase.MATCH_OVER).state


def _panel_lines(state, lang: str) -> list[str]:  # type: ignore[no-untyped-def]
    panel = _match_over(state, state.view, (0, 0, 1280, 800), 16, lang)
    return [say(lang, text, args) for text, args in panel.lines]


@pytest.mark.parametrize("lang", LANGS)
def test_r20_the_match_end_panel_says_what_the_pollona_is(over, lang: str) -> None:  # type: ignore[no-untyped-def]
    assert over.view.named is NamedResult.POLLONA and over.view.scores == (0, 171)
    assert _panel_lines(over, lang)[-1] == POLLONA_SAID[lang]


def test_r20_a_tripollua_is_said_with_its_meaning_and_both_teams_named(over) -> None:  # type: ignore[no-untyped-def]
    state = replace(over, view=replace(over.view, named=NamedResult.TRIPOLLUA, winner=Team.A, scores=(112, 0)))
    assert _panel_lines(state, "en")[-1] == \
        "Tripollúa: Team A went from 0 to 100 or more in one hand while Team B had no points"
    assert named_result_said(NamedResult.TRIPOLLUA, Team.A) == (TRIPOLLUA, {"team": "A", "other": "B"})


@pytest.mark.parametrize("lang", LANGS)
def test_the_ledger_says_each_term_it_shows(over, lang: str) -> None:  # type: ignore[no-untyped-def]
    texts = [i.text for i in LedgerOverlay(over.view, lang, pygame.Rect(0, 0, 1200, 700)).items(1100)
             if isinstance(i, Text)]
    t = translator(lang)
    assert POLLONA_SAID[lang] in texts
    assert t.gettext(REDEAL) in texts  # beside "Redeals", even when there was none
    results = {h.result for h in over.view.finished}
    for result, term in ((Result.DOMINO, DOMINO), (Result.BLOCKED, BLOCKED), (Result.TIE, TIE)):
        assert (t.gettext(term) in texts) == (result in results), (lang, term)
    assert results  # the match had hands; each kind said once
    assert sum(t.gettext(term) in texts for term in (DOMINO, BLOCKED, TIE)) == len(results)


def test_every_explanation_is_translated_in_each_language() -> None:
    for msgid in (DOMINO, BLOCKED, TIE, REDEAL, MAY_REDEAL):
        said = {lang: tr(lang, msgid) for lang in LANGS}
        assert len(set(said.values())) == 5, said  # never English left in another language
    assert tr("es", BLOCKED).startswith("Tranque: ")  # the Spanish term is explained too
    assert tr("fr", DOMINO) == "Domino\u00a0: un joueur a posé sa dernière pièce\u00a0; son équipe gagne la manche"


def test_blocked_at_a_hands_end_and_on_the_web_page_says_nobody_could_play(over) -> None:  # type: ignore[no-untyped-def]
    fh = over.view.finished[-1]
    tie = replace(fh, result=Result.TIE, ender=None, winner=None)
    key, args = _result_line(over, tie, "es")
    assert tr("es", key, **args) == "Tranque, nadie podía jugar, y las dos parejas tienen el total más bajo: nadie se anota"
    assert SCRIPT_WORDS["tie"] == key
    assert SCRIPT_WORDS["domino"] == "Domino! {name} played their last tile"
    from doublenine.server.web.words import BLOCK_WORDS
    from doublenine.shared.i18n import translator
    assert BLOCK_WORDS[0] == ("Blocked, nobody could play: {name} holds the lowest total, {count} pip",
                              "Blocked, nobody could play: {name} holds the lowest total, {count} pips")
    assert script_words(translator("es"))["block_0"] == \
        "Tranque, nadie podía jugar: {name} tiene el total más bajo, {count} puntos"  # with its unit (s14)
