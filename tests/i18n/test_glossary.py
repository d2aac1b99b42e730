"""Kind (s13 linguists, items 9-29): one thing named by several words in one language. Native players
found the French refusals saying "donne", "domino", "main", "redistribution" where the game says manche,
pièce, jeu, redonne; German "Match", "Seed", "Blatt" beside Partie, Startwert, Hand (and "dieses Match
ist für Sie verloren", which read as losing the match); Portuguese "Sair", "chat", "semente", "pedra
virada" beside Abandonar a mesa, conversa, número da distribuição, virada para baixo; Spanish "ordenador",
"asiento", "mano", "Pista", "el registro" beside computadora, puesto, data, Consejo, las anotaciones.

The glossary of each language is docs/translating.md's table ("Words"); each word reported wrong is kept
here with the glossary's word, and no translation of the language's catalog nor its rules text may say it
again. Each pattern is checked against the text that was reported, so none can pass by matching nothing.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
I18N = ROOT / "shared" / "i18n"

FORBIDDEN: dict[str, list[tuple[str, str, str]]] = {
    # (pattern, the glossary's word, the reported text it catches)
    "fr": [
        (r"\bredistribution", "redonne", "Une redistribution demande cinq doubles ou plus"),
        (r"\b(?:[Vv]otre|nouvelle|[Uu]ne) main\b", "jeu", "Ce domino n’est pas dans votre main"),
        (r"\b(?:[Cc]e|[Uu]n|dernier) domino\b|\b10 dominos\b", "pièce", "Vous avez déjà tiré un domino"),
        (r"\b(?:pour|commence) cette donne\b|^Cette donne\b|\b[Ll]a donne est\b|\bpas de donne\b|moment de la donne|\bExamen de la donne\b",
         "manche", "Cela n’est pas possible à ce moment de la donne"),
        (r"\b(?:le|du) chat\b|^Chat\b", "discussion", "Dans le chat\u00a0: {keys}"),
        (r"\bune revue\b|\bExamen\b|\bRevoir ma\b", "analyse", "Examen de la donne"),
        (r"\bfinissez\b|\bpouviez finir\b", "faire domino", "Vous pouviez finir avec {tile}."),
        (r"\bvaut (?:aussitôt|dès)\b", "s’applique", "Chaque changement vaut aussitôt et est enregistré"),
        (r"\{count\} poses?\b", "coup", "{count} pose"),
        (r"\bqui commence\b|\bpour commencer\b", "entamer", "Celui qui commence doit être de l’équipe qui choisit"),
        (r"\bchiffre (?:que|de votre|des)\b|\bloin du\b", "nombre", "Ouvre loin du chiffre que vous avez le plus."),
        (r"\bce que tiennent\b", "ce qu’il reste à", "ce que tiennent {name_a} et {name_b}"),
    ],
    "de": [
        (r"ist für Sie verloren", "nicht zurückkehren", "dieses Match ist für Sie verloren"),
        (r"\bMatch(?:es)?\b|\bFrüheres\b", "Partie", "Frühere Matches"),
        (r"\bSeed\b", "Startwert", "Seed (optional)"),
        (r"\bBlatt(?:s)?\b|\bBlätter\b", "Hand", "Blatt angenommen"),
        (r"\b(?:mehr|seine|Ihre|heißen) Pasch\b(?!-)|Doppelstein", "Pasche", "Wer fünf oder mehr Pasch hat"),
        (r"\bNeu geben\b", "Neugeben", "Neu geben geht nur mit fünf oder mehr Doppelsteinen"),
        (r"\{count\} gelegten? Steine?\b|\{count\} Passen\b", "Zug, -mal Passen", "{count} gelegten Stein"),
        (r"\bPrüfung\b|\bRunde prüfen\b|\bbesprochen\b", "Analyse", "Prüfung des Blatts"),
        (r"Anfangsziehen|um den Anfang", "Auslosung, Eröffnung", "Beim Anfangsziehen: {keys}"),
        (r"\bwer diese Runde beginnt\b|\bWer beginnt\b", "eröffnen", "Wer beginnt, muss zum wählenden Team gehören"),
        (r"^An einen Tisch$", "Einem Tisch beitreten", "An einen Tisch"),
        (r"\bweg von der Zahl\b|denen Ihre Hand", "nicht mit, bedienen", "Eröffnet weg von der Zahl"),
        (r"^Gelistet\b", "Aufgelistet", "Gelistet: auf der Webseite des Servers"),
        # s15 F9: the line of play had three names (Spielkette, Kette, Reihe); "an der Reihe" (one's turn) stays
        (r"\b[Dd]ie Reihe\b|\beinzige Reihe\b", "Kette", "Die Reihe:"),
        # s15 F20: "Ziehung" is the lottery's draw; the opening draw is the glossary's "Auslosung"
        (r"\bZiehung(?:en)?\b", "Auslosung", "Spielstand, Ziehungen und Runden dieser Partie"),
    ],
    "pt": [
        (r"\bSair\b", "Abandonar a mesa", "Sair e parar de hospedar: o jogo acaba"),
        (r"\bToque outra vez\b", "Clique", "Toque outra vez para ir embora."),
        (r"(?<!qualquer )\b[Cc]hat\b", "conversa", "Esc: voltar à mesa, duas vezes: fechar o chat"),
        # s15 F13: "Review of the deal" is the section of the deal's decision (accept, redeal) under the coach's
        # "Analisar a mão": "Análise da distribuição" there, as fr "Analyse de la donne", de "Analyse des Gebens"
        (r"\bRevisar\b|\brevisão\b", "análise da mão", "Revisar a mão"),
        (r"\bmais pontos que\b|\bvale mais pontos\b|\bsoma os pontos\b", "pintas", "livra-se de mais pontos que {instead}."),
        (r"\btrancamento\b", "tranca", "o trancamento e os {count} pontos"),
        (r"\bpedra virada(?! para baixo)", "virada para baixo", "Escolha uma pedra virada para a equipe {team}"),
        (r"\b[Ss]emente\b", "número da distribuição", "Semente (opcional)"),
        (r"\bsem \{a\} e \{b\}", "nem", "passou: sem {a} e {b}"),
        (r"\bvão-se\b", "vão se", "Os pontos vão-se somando"),
        (r'"\{name\}"', "“{name}”", 'Nesta mesa você é "{name}"'),
        (r"^Dominó(?:!|: | de \{name\})", "Batida", "Dominó! {name} jogou a última pedra"),
        (r"^(?:desfazer|refazer)$", "desfazer a última jogada", "desfazer"),
        # s15 F2: the tile is "pedra" (a play is "jogada"); "peça" stays the verb ("peça um novo convite")
        (r"\b(?:[Aa]|[Uu]ma|[Ss]ua|última|[Aa]s|[Ss]uas) peças?\b|\bpeças? jogadas?\b", "pedra, jogada",
         "Desfazer sua última peça jogada (U)"),
        # s15 F2: "voltar" takes no object, and a hand that reopens does not "come back"
        (r"\bvolta a sua\b|\b[Aa] mão (?:\{hand\} )?volta\b", "desfaz, é reaberta", "A mão {hand} volta: o resultado é desfeito"),
    ],
    "es": [
        (r"\bordenador\b", "computadora", "El ordenador juega por ti"),
        (r"\basientos?\b", "puesto", "asiento libre"),
        (r"Tu mano:|en tu mano\b|esta mano valía|con esta mano\b|^mano aceptada|su nueva mano|Una mano debe"
         r"|tu mano (?:no )?puede|en la mano al final", "data", "Esa ficha no está en tu mano"),
        (r"\b[Pp]istas?\b", "consejo", "Ya viene una pista"),
        (r"\bel registro\b|\bsus registros\b", "las anotaciones", "En las reglas, el registro y una revisión: {keys}"),
        (r"\bpara tu equipo\b", "pareja", "Puntos esperados de la mano para tu equipo"),
        (r"\brob(?:an|aste|ar)\b", "sacar", "Solo dos jugadores roban para salir"),
        (r"\bbocabajo\b", "boca abajo", "Escoge una ficha bocabajo"),
        (r"\bhospeda\b", "ser anfitrión", "Juega, hospeda e invita en esa ventana."),
        (r"[“”]", "« »", "“{code}” no es un código de mesa"),
        (r"\bquita su última jugada\b", "tu", "Deshacer quita su última jugada"),
        (r"^(?:deshacer|rehacer)$", "deshacer la última jugada", "deshacer"),
        # s14: the seed is the deal's number, as French "numéro de donne" and Portuguese "número da distribuição"
        (r"\b[Ss]emillas?\b", "número de reparto", "Semilla (opcional)"),
    ],
}


def _translations(lang: str) -> list[str]:
    with open(I18N / f"{lang}.po", "rb") as fh:
        catalog = read_po(fh)
    out: list[str] = []
    for m in catalog:
        if m.id:
            out += [m.string] if isinstance(m.string, str) else list(m.string)
    return [s for s in out if s]


@pytest.mark.parametrize("lang", sorted(FORBIDDEN))
def test_no_word_the_glossary_replaced_comes_back(lang: str) -> None:
    texts = _translations(lang) + (I18N / f"rules_{lang}.md").read_text(encoding="utf-8").splitlines()
    found = [(word, text) for pattern, word, _ in FORBIDDEN[lang] for text in texts if re.search(pattern, text)]
    assert found == [], f"{lang}: use the glossary's word (docs/translating.md)"


@pytest.mark.parametrize("lang", sorted(FORBIDDEN))
def test_each_pattern_catches_the_text_reported(lang: str) -> None:
    assert [(p, was) for p, _, was in FORBIDDEN[lang] if not re.search(p, was)] == []


def test_every_glossary_word_is_in_the_guide() -> None:
    guide = (ROOT / "docs" / "translating.md").read_text(encoding="utf-8")
    for word in ("redonne", "Startwert", "número da distribuição", "número de reparto", "puesto", "anotaciones", "Auslosung",
                 "virada para baixo", "boca abajo", "discussion", "conversa", "Analyse", "consejo", "Zug"):
        assert word in guide, word


def test_s13_the_high_german_case_says_the_seat_cannot_come_back() -> None:
    from doublenine.shared.i18n import translator
    assert translator("de").gettext(
        "Leave gives your seat up: you cannot come back to this match. Press Leave again to go.") == (
        "Verlassen gibt Ihren Platz auf: Sie können nicht zu dieser Partie zurückkehren. Erneut Verlassen drücken, "
        "um zu gehen.")


@pytest.mark.parametrize(("msgid", "said"), [
    ("Seed (optional)", "N.º de reparto (opcional)"),
    ("Seed: {seed}", "Número de reparto: {seed}"),
    ("Seed: the same number deals the same hands", "Número de reparto: mismo número, mismas manos"),
    ("seed {seed}", "n.º rep. {seed}"), ("seeded", "con n.º rep.")])
def test_s14_spanish_says_the_seed_as_the_deals_number(msgid: str, said: str) -> None:
    """s14: Spanish kept "semilla" (a programmer's word) where French says "numéro de donne" and Portuguese
    "número da distribuição"; one word per thing: "número de reparto" (the top bar's short form "n.º rep.",
    whole at 800x600 beside "Abandonar la mesa")."""
    from doublenine.shared.i18n import translator
    assert translator("es").gettext(msgid) == said
