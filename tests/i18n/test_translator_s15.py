"""Translator s15 (native readers of fr, pt-BR, de, es-CU): each reported string kept with its right value, and the
kinds they belong to checked over whole catalogs.

Kinds: a genitive glued to a name (de "{name}s Zug": "Hanss Zug", "José Luiss Domino"; F4); "phrases" losing
"ready-made", so the chat rule "only phrases during a hand" reads as "only sentences", which free text also is
(F3); words the glossary replaced coming back (pt "peça" for a tile, F2; de "Reihe" for the line, F9).
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


def _strings(lang: str) -> list[tuple[str, str]]:
    """(English msgid, one translated form) for every form of every entry of ``lang``."""
    out = []
    for m in _catalog(lang):
        if m.id:
            mid = m.id if isinstance(m.id, str) else m.id[0]
            out += [(mid, s) for s in ([m.string] if isinstance(m.string, str) else list(m.string))]
    return out


REPORTED = [
    # F2 pt
    ("pt", "Take back your last play (U)", {}, "Desfazer a sua última jogada (U)"),
    ("pt", "Undo takes back your last play and what followed it: the match is no longer won and its last hand goes on. "
           "Redo puts it back.", {},
     "Desfazer desfaz a sua última jogada e o que veio depois: a partida deixa de estar ganha e a última mão continua. "
     "Refazer a traz de volta."),
    ("pt", "Take back your last play, back into hand {hand}: its score is taken back (U)", {"hand": 3},
     "Desfazer a sua última jogada, voltando à mão 3: o placar dela é desfeito (U)"),
    ("pt", "Hand {hand} reopens: its result is taken back", {"hand": 3}, "A mão 3 é reaberta: o resultado é desfeito"),
    # F3
    ("fr", "At this table: only phrases during a hand", {},
     f"À cette table{NB}: seulement des phrases toutes faites pendant une manche"),
    ("pt", "At this table: only phrases during a hand", {}, "Nesta mesa: só frases prontas durante uma mão"),
    ("de", "At this table: only phrases during a hand", {}, "An diesem Tisch: nur fertige Sätze während einer Runde"),
    ("es", "At this table: only phrases during a hand", {}, "En esta mesa: solo frases hechas durante una mano"),
    ("de", "Chat during a hand: free text or set phrases", {}, "Chat in einer Runde: freier Text oder fertige Sätze"),
    ("es", "Chat during a hand: free text or set phrases", {}, "Chat durante la mano: texto libre o frases hechas"),
    # F4 de
    ("de", "Accepting takes back {moves}, back to {name}'s turn", {"moves": "2 Züge", "name": "Hans"},
     "Annehmen nimmt 2 Züge zurück, bis Hans wieder am Zug ist"),
    # F6
    ("pt", "Leads away from the number you hold most of.", {}, "Não sai pelo número que você mais tem."),
    ("es", "Leads away from the number you hold most of.", {}, "No sale por el número que más llevas."),
    # F7 de
    ("de", "join a friend's table by its invite, e.g. doublenine://192.168.1.20:8765/KQ7PA", {},
     "sich über die Einladung an den Tisch eines Freundes setzen, z. B. doublenine://192.168.1.20:8765/KQ7PA"),
    # F9 de
    ("de", "The line:", {}, "Die Kette:"),
    # F13
    ("fr", "Review of the deal", {}, "Analyse de la donne"),
    ("pt", "Review of the deal", {}, "Análise da distribuição"),
    ("de", "Review of the deal", {}, "Analyse des Gebens"),
    ("es", "Review of the deal", {}, "Revisión del reparto"),
    # F16
    ("fr", "F1: the rules, at these keys", {}, f"F1{NB}: les règles, ouvertes à cette liste de touches"),
    ("pt", "F1: the rules, at these keys", {}, "F1: as regras, abertas nesta lista de teclas"),
    ("de", "F1: the rules, at these keys", {}, "F1: die Regeln, aufgeschlagen bei dieser Tastenliste"),
    ("es", "F1: the rules, at these keys", {}, "F1: las reglas, abiertas en esta lista de teclas"),
    # F17 pt
    ("pt", "to play", {}, "na vez"),
    # F18 es (Low): Latin-American keyboards and Cuban "mouse"
    ("es", "Tab, Shift+Tab: move the focus (a gold ring) between the buttons; Enter or Space presses the focused one", {},
     "Tab, Shift+Tab: mover el foco (un anillo dorado) entre los botones; Enter o Espacio pulsa el botón enfocado"),
    # F20 de (Low)
    ("de", "Mute:", {}, "Stummschalten:"),
    ("de", "Scores, draws and hands of this match", {}, "Spielstand, Auslosungen und Runden dieser Partie"),
    ("de", "Connection lost: reconnecting…", {}, "Verbindung verloren: Verbindung wird wiederhergestellt…"),
    ("de", "Each player's ten tiles as dealt; the bright ones were still held at the end.", {},
     "Die zehn Steine jedes Spielers wie ausgeteilt; die hellen waren am Ende noch auf der Hand."),
    # F21, F26 es (Low)
    ("es", "Host on port {port}", {"port": 8765}, "Ser anfitrión: puerto 8765"),  # whole at 800x600
    ("es", "Listed: shown on the server's web page", {}, "Visible: aparece en la página web del servidor"),
    # F22, F28 pt (Low)
    ("pt", "table {code} unreachable for {seconds} s", {"code": "KQ7PA", "seconds": 40}, "mesa KQ7PA inalcançável há 40 s"),
    ("pt", "Pick a face-down tile for Team {team}: the higher total opens", {"team": "A"},
     "Escolha uma pedra virada para baixo para a equipe A: quem tiver o maior total sai"),
    # F23 fr (Low)
    ("fr", "Score after: Team A {a}, Team B {b}", {"a": 40, "b": 12}, f"Score après{NB}: équipe A 40, équipe B 12"),
    ("fr", "Hand {n}: its final line", {"n": 3}, f"Manche 3{NB}: la ligne finale"),
]


@pytest.mark.parametrize(("lang", "msgid", "fill", "said"), REPORTED, ids=[f"{r[0]}:{r[1][:30]}" for r in REPORTED])
def test_the_reported_strings_read_as_the_reviewers_wrote_them(lang: str, msgid: str, fill: dict, said: str) -> None:
    assert translator(lang).gettext(msgid, **fill) == said


PLURALS = [
    # F4 de: "Hans" -> "bis zu Hanss Zug", "José Luis" -> "José Luiss Domino"
    ("de", "Accepting takes back {count} play or pass, back to {name}'s turn",
     "Accepting takes back {count} plays and passes, back to {name}'s turn", 2, {"name": "Hans"},
     "Annehmen nimmt 2 Züge zurück, bis Hans wieder am Zug ist"),
    ("de", "Hand {hand} reopens: {name}'s domino and Team {team}'s {count} point are taken back",
     "Hand {hand} reopens: {name}'s domino and Team {team}'s {count} points are taken back", 12,
     {"hand": 4, "name": "José Luis", "team": "B"},
     "Runde 4 geht weiter: das Domino von José Luis und die 12 Punkte von Team B werden zurückgenommen"),
    # F5 (the reviewers' "2 vagas para jogadores", "2 Plätze für Mitspieler" are cut in the LAN list at 800x600;
    # "abertas", "offene" say the same: seats a person may take)
    ("pt", "{count} seat for a person", "{count} seats for a person", 2, {}, "2 vagas abertas"),
    ("pt", "{count} seat for a person", "{count} seats for a person", 1, {}, "1 vaga aberta"),
    ("de", "{count} seat for a person", "{count} seats for a person", 2, {}, "2 offene Plätze"),  # whole at 800x600
    # F8 de
    ("de", "Team {team} scores {count} point: {a} + {b}, what {name_a} and {name_b} hold",
     "Team {team} scores {count} points: {a} + {b}, what {name_a} and {name_b} hold", 23,
     {"team": "A", "a": 15, "b": 8, "name_a": "Ost", "name_b": "West"},
     "Team A bekommt 23 Punkte: 15\u00a0+\u00a08, was Ost und West noch auf der Hand haben"),
    ("de", "Team {team} scores {count} point: {a} + {b}, what you and {name} hold",
     "Team {team} scores {count} points: {a} + {b}, what you and {name} hold", 23,
     {"team": "A", "a": 15, "b": 8, "name": "Nord"},
     "Team A bekommt 23 Punkte: 15\u00a0+\u00a08, was Sie und Nord noch auf der Hand haben"),
    # F12 fr: seen at every hand's end where "you" lost
    ("fr", "Team {team} scores {count} point: {a} + {b}, what you and {name} hold",
     "Team {team} scores {count} points: {a} + {b}, what you and {name} hold", 23,
     {"team": "A", "a": 15, "b": 8, "name": "Nord"},
     f"L’équipe A marque 23 points{NB}: 15\u00a0+\u00a08, ce qu’il vous reste, à vous et à Nord"),
    ("pt", "{names} must agree, and the computer plays for them until they are back",
     "{names} must agree, and the computer plays for them until they are back", 1, {"names": "Ana"},
     "Ana precisa concordar, e o computador joga no lugar dessa pessoa até ela voltar"),
    # F22 pt
    ("pt", "Hand {hand} reopens: its block and Team {team}'s {count} point are taken back",
     "Hand {hand} reopens: its block and Team {team}'s {count} points are taken back", 9, {"hand": 2, "team": "B"},
     "A mão 2 é reaberta: o jogo trancado e os 9 pontos da equipe B são desfeitos"),
]


@pytest.mark.parametrize(("lang", "one", "many", "count", "fill", "said"), PLURALS,
                         ids=[f"{r[0]}:{r[1][:30]}:{r[3]}" for r in PLURALS])
def test_the_reported_counted_strings(lang: str, one: str, many: str, count: int, fill: dict, said: str) -> None:
    assert translator(lang).ngettext(one, many, count, **fill) == said


NAME_FIELDS = re.compile(r"\{(?:name|name_a|name_b|names|who)\}(?:s\b|['’]s?\b)")
"""A name placeholder with a genitive glued to it: German "{name}s", an English "{name}'s" left in."""


@pytest.mark.parametrize("lang", ["fr", "pt", "de", "es"])
def test_no_genitive_is_glued_to_a_name(lang: str) -> None:
    """F4's kind: "Hans" or "José Luis" take no "s"; German says "von {name}" or rephrases ("bis {name} wieder am
    Zug ist"), as "Undone: {moves}, back to {name}'s turn" already did ("zum Zug von {name}")."""
    assert [(i, s) for i, s in _strings(lang) if NAME_FIELDS.search(s)] == []
    assert NAME_FIELDS.search("bis zu {name}s Zug") and NAME_FIELDS.search("{name_a}'s domino")
    assert not NAME_FIELDS.search("von {name} und {names}") and not NAME_FIELDS.search("{open}s")


READY_MADE = {"fr": "toutes faites", "pt": "prontas", "de": "fertige", "es": "hechas"}
"""The word the setting itself uses for the chat's preset phrases ("Phrases only": "Phrases toutes faites", "Só
frases prontas", "Nur fertige Sätze", "Solo frases hechas")."""
PRESET = re.compile(r"\b(?:only phrases|phrases only|set phrases|preset chat phrases)\b", re.IGNORECASE)


@pytest.mark.parametrize("lang", sorted(READY_MADE))
def test_every_rule_about_the_preset_phrases_says_they_are_ready_made(lang: str) -> None:
    """F3's kind: "only phrases during a hand" said "only sentences", which free text also is."""
    about = [(i, s) for i, s in _strings(lang) if PRESET.search(i)]
    assert len(about) >= 6  # the setting, its help, the start hint, the refusal, the notice and the footer
    extra = {"fr": "prédéfinies", "pt": "prontas", "de": "vorgegebenen", "es": "predefinidas"}[lang]
    assert [(i, s) for i, s in about if READY_MADE[lang] not in s and extra not in s] == []
