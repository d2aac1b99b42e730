"""Translator s17 (a professional review of fr, pt-BR, de, es-CU as players see them): each reported string
kept with its right value, and the kinds they belong to checked over whole catalogs.

Kinds: a sentence that says the opposite of what it means (de F1); a glossary word used for another thing
(es "puntos", the catalog's pips, for match points: F2); a state word that is wrong once the match ended
(fr "en cours", de "laufend", es "en juego" of a finished match: F17).
"""
from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from doublenine.shared.i18n import catalog_path, translator

NB = "\u00a0"


def _catalog(lang: str):
    with open(catalog_path(lang), "rb") as fh:
        return read_po(fh, locale=lang)


def _pairs(lang: str) -> list[tuple[str, str]]:
    """(English msgid, one translated form) for every form of every entry of ``lang``."""
    out = []
    for m in _catalog(lang):
        if m.id:
            mid = m.id if isinstance(m.id, str) else m.id[0]
            out += [(mid, s) for s in ([m.string] if isinstance(m.string, str) else list(m.string))]
    return out


OTHER_WINDOW = ("Another doublenine window on this computer holds your matches and seats. Bring it forward, or open a "
                "separate session here: its tables are its own, and nothing of it is kept once this window closes.")

REPORTED = [
    # F1 de: "Ihre Tische gehören nur ihr" read "YOUR tables belong only to it"
    ("de", OTHER_WINDOW, {},
     "Ein anderes doublenine-Fenster auf diesem Computer verwaltet Ihre Partien und Plätze. Holen Sie es nach vorn, "
     "oder öffnen Sie hier eine getrennte Sitzung: Sie hat ihre eigenen Tische, und nichts davon bleibt erhalten, "
     "sobald dieses Fenster geschlossen wird."),
    # F2 es: match points are "tantos", "puntos" are pips
    ("es", "Mistake · {kind} · lost {loss} ± {err} points", {"kind": "Jugada", "loss": "23,4", "err": "1,2"},
     "Error · Jugada · 23,4 ± 1,2 tantos perdidos"),
    ("es", "A move counts as a mistake when it loses more than {points} match points, and clearly more than the "
           "simulation's noise.", {"points": "1,5"},
     "Una jugada cuenta como error cuando pierde más de 1,5 tantos de partida, y claramente más que el ruido de la "
     "simulación."),
    ("es", "{loss} points less than the best play.", {"loss": "6,8"}, "6,8 tantos menos que la mejor jugada."),
    ("es", "{mean} ± {err} points", {"mean": "6,8", "err": "1,4"}, "6,8 ± 1,4 tantos"),
    ("es", "Keeping this hand was worth {loss} points less than a fresh deal.", {"loss": "3"},
     "Quedarte con esta data valía 3 tantos menos que un nuevo reparto."),
    ("es", "Hint {hint}: sheds more points than {instead}.", {"hint": "5-5", "instead": "1-0"},
     "Consejo 5-5: se deshace de más puntos que 1-0."),  # pips: "puntos" is right there
    # F3: one word agreeing with none of the four kinds ("Passer · forcé": a verb with an adjective)
    ("fr", "{kind} · forced", {"kind": "Passer"}, "Passer · sans choix"),
    ("pt", "{kind} · forced", {"kind": "Passar"}, "Passar · sem escolha"),
    ("es", "{kind} · forced", {"kind": "Pasar"}, "Pasar · sin opción"),
    # F4 de: "Folgerunde" is officialese; the colon as in the other languages
    ("de", "{name}: next hand", {"name": "Klaus"}, "Klaus: nächste Runde"),
    ("de", "you: next hand", {}, "Sie: nächste Runde"),
    # F5: the glossary's words for the preset phrases
    ("es", "new tables: only the preset chat phrases while a hand is in play (no free text)", {},
     "mesas nuevas: solo las frases hechas del chat durante una mano (sin texto libre)"),
    ("de", "new tables: only the preset chat phrases while a hand is in play (no free text)", {},
     "neue Tische: nur fertige Sätze im Chat während einer Runde (kein freier Text)"),
    # F6 es: the Leave button's tips name the button's own words
    ("es", "Leave, and stop hosting: the game ends for your friends at this table", {},
     "Abandonar la mesa y dejar de alojarla: la partida se acaba para tus amigos en esta mesa"),
    ("es", "Leave this table for the start screen", {}, "Abandonar la mesa y volver a la pantalla de inicio"),
    # F8 es: a player's tiles are the "data" ("mano" is the round)
    ("es", "{tile}, still held", {"tile": "5-5"}, "5-5, todavía en la data"),
    # F7 de, F9 fr (Low): wording slips
    ("de", "played to {target} points", {"target": 100}, "gespielt auf 100 Punkte"),
    ("de", "This screen is too small for {asked}: its text is at {used}.", {"asked": "200 %", "used": "150 %"},
     "Dieser Bildschirm ist zu klein für 200 %: Der Text wird mit 150 % angezeigt."),
    ("fr", "Leads away from the number you hold most of.", {}, "N’entame pas dans le nombre que vous avez le plus."),
    # F17: the match the table is at, finished or not
    ("fr", "{match} (current)", {"match": "Partie 1"}, "Partie 1 (actuelle)"),
    ("pt", "{match} (current)", {"match": "Partida 1"}, "Partida 1 (atual)"),
    ("de", "{match} (current)", {"match": "Partie 1"}, "Partie 1 (aktuell)"),
    ("es", "{match} (current)", {"match": "Partida 1"}, "Partida 1 (actual)"),
]


@pytest.mark.parametrize(("lang", "msgid", "fill", "said"), REPORTED, ids=[f"{r[0]}:{r[1][:30]}" for r in REPORTED])
def test_the_reported_strings_read_as_the_reviewer_wrote_them(lang: str, msgid: str, fill: dict, said: str) -> None:
    assert translator(lang).gettext(msgid, **fill) == said


PIP_POINTS = {"Hint {hint}: sheds more points than {instead}."}
"""English messages whose "points" are pips (the tiles' spots), which Spanish calls "puntos"."""


def test_f16_spanish_waits_say_a_que() -> None:
    """F16 es: "Esperando que Ñandú acepte" where every other wait says "Esperando a que"."""
    t = translator("es")
    assert [t.ngettext("Waiting for {names} to accept", "Waiting for {names} to accept", n, names=who)
            for n, who in ((1, "Ñandú"), (2, "Ñandú y Zoë"))] == \
        ["Esperando a que Ñandú acepte", "Esperando a que Ñandú y Zoë acepten"]
    assert [s for _, s in _pairs("es") if s.startswith("Esperando que")] == []


def test_f2_spanish_match_points_are_tantos_everywhere() -> None:
    """Kind: es "puntos" is the glossary's word for pips; a message about points scored says "tantos"."""
    wrong = [(mid, s) for mid, s in _pairs("es")
             if re.search(r"\bpoints?\b", mid) and mid not in PIP_POINTS and re.search(r"\bpuntos?\b", s)]
    assert wrong == []


@pytest.mark.parametrize(("lang", "words"), [("fr", r"en cours"), ("de", r"laufend|läuft"), ("es", r"en juego"),
                                             ("pt", r"em andamento|em curso")])
def test_f17_current_is_not_being_played(lang: str, words: str) -> None:
    """Kind: a state word that is wrong once the match ended: "(current)" names the match the table is at, shown
    above its result once it is won; "being played" is said of no message about the current match."""
    wrong = [(mid, s) for mid, s in _pairs(lang) if "current" in mid.lower() and re.search(words, s, re.I)]
    assert wrong == []


F10_SEEDED = {"en": "seeded", "fr": "avec n° de donne", "pt": "com nº distrib.", "de": "mit Startwert",
              "es": "con n.º rep."}
F10_SEED = {"en": "seed 42", "fr": "n° de donne 42", "pt": "nº da distrib. 42", "de": "Startwert 42",
            "es": "n.º rep. 42"}


@pytest.mark.parametrize("lang", sorted(F10_SEEDED))
def test_f10_the_top_bar_says_a_seeded_table_whole_with_or_without_its_seed(lang: str) -> None:
    """Kind: a label shown without its value to everyone but one seat. The seed is told to its table's creator
    only (D9, ``joined.seed``): the top bar had "n° de donne" with no number after it for every other player.
    Each has a message of its own now."""
    from dataclasses import replace

    from doublenine.client.buttons import top_details
    from doublenine.client.store import ClientState

    state = replace(ClientState(), table="K7QPA", seeded=True)
    said = {seed: [text for text, place in top_details(replace(state, seed=seed), lang) if place == 3]
            for seed in (None, 42)}
    assert said == {None: [F10_SEEDED[lang]], 42: [F10_SEED[lang]]}


@pytest.mark.parametrize("lang", ["fr", "pt", "de", "es"])
def test_f20_a_hand_end_sum_is_never_split_across_lines(lang: str) -> None:
    """F20 (pt 800x600: "marca 13 pontos: 7 +" / "6, o que você e Ñandú têm na mão"): the sum a player checks is
    held together by no-break spaces in every message that shows one; the window's wrap breaks at " " only."""
    from doublenine.client.typeset import measurer

    sums = [s for mid, s in _pairs(lang) if "{a} + {b}" in mid]
    assert sums and all("{a}\u00a0+\u00a0{b}" in s for s in sums)
    said = translator("pt").ngettext("Team {team} scores {count} point: {a} + {b}, what you and {name} hold",
                                     "Team {team} scores {count} points: {a} + {b}, what you and {name} hold", 13,
                                     team="B", a=7, b=6, name="Ñandú")
    rows = measurer().wrap(said, 14, measurer().measure("A equipe B marca 13 pontos: 7 +", 14)[0] + 2)
    assert rows[0] == "A equipe B marca 13 pontos:" and rows[1].startswith("7\u00a0+\u00a06")


F18 = {"en": "Team A won the match.", "fr": "L’équipe A a gagné la partie.", "pt": "A equipe A ganhou a partida.",
       "de": "Team A hat die Partie gewonnen.", "es": "Ganó la pareja A."}


@pytest.mark.parametrize("lang", sorted(F18))
def test_f18_a_dated_result_is_said_in_the_past(lang: str) -> None:
    """F18: the results list under a date said "L’équipe A gagne la partie." (the ledger's present, a headline);
    a finished match's row now reports it in the past."""
    from doublenine.server.storage.base import MatchResult
    from doublenine.server.web.pages import _result_row

    row = _result_row(translator(lang), MatchResult("K7QPA", 1, ("Ana", "Bea", "Cy", "Dee"), (104, 12), "A", 5,
                                                    1_765_000_000.0, 1_765_001_000.0))
    assert F18[lang] in row.replace("&#x27;", "'").replace("&amp;", "&")
