"""New user 9: on one screen Portuguese said "Sair" (Leave) and "Eu saio" (I lead), Spanish "Salir" and
"Salgo yo": the verb of leading a hand is the verb of leaving, and one of the two buttons ends the game.

The kind: two different actions shown together whose labels share a word (or a form of one verb) in a
translation although the English labels share none. Each screen's set of action labels is listed here
(the table's always-shown buttons with each prompt or card that can come up over it; the start screen;
the join screen; the ledger); every pair is compared in every catalog. Pairs that share only a word that
names no action are listed in :data:`ALLOWED` with the reason.
"""
from __future__ import annotations

import itertools
import re
import unicodedata

import pytest

from doublenine.shared.i18n import translator

ALWAYS = ["Leave", "Ledger", "Rules", "Redo", "Undo", "Restart", "Hint", "Pass", "Chat", "Chat ({count})", "Tiles",
          "Send"]
"""The table's buttons that stay on screen (client/buttons.py TOP_BUTTONS, the side buttons, the chat and
tracker toggles and the chat's Send)."""
OVER_THE_TABLE = [
    ["Continue", "Review my hand"], ["Accept", "Refuse"], ["Back to the start screen"], ["Start now"],
    ["Let the computer play for {name}"], ["New match", "Leave"], ["Continue"], ["I lead", "{name} leads"],
    ["Accept the hand", "Demand a redeal"], ["Nudge {name}", "Let the computer play for {name}"], ["I'm back"],
    ["Invite"], ["Copy invite", "Copy link", "Hide"], ["Keep playing", "Leave anyway"],
    ["Keep playing", "Close anyway"], ["Restart", "Keep playing"],
]
"""The buttons of each prompt (client/panels.py), wait card (client/waiting.py) and host card or question
(client/scenes/lan_host.py) that can show over the table."""
SCREENS = [ALWAYS + extra for extra in OVER_THE_TABLE] + [
    ["Computer", "Human", "Listed", "Not listed", "Allowed", "Not allowed", "Phrases only", "Free text",
     "Any free seat", "Host on port {port}", "Host for friends", "Find tables on this network",
     "Create table", "Join table", "Watch"],
    ["Paste", "Back", "Join with invite", "Join"],
    ["Close", "Export hand", "Review my hand"],
]
FUNCTION_WORDS = frozenset({"sur", "des", "pour", "auf"})
"""Prepositions and articles (fr, de): shared by labels without making them alike."""
ALLOWED = {
    ("pt", "Tiles", "Demand a redeal"): "'Pedras' (tiles) and 'Pedir' (ask) are different words",
    ("pt", "Leave", "Close anyway"): "'mesa' (table) and 'mesmo' (anyway) are different words",
    ("de", "Restart", "Back to the start screen"): "'Neu starten' and 'Startbildschirm': the start screen "
                                                   "is named after starting; only one of them is on screen "
                                                   "when the match failed",
    ("de", "Restart", "New match"): "'neu' (new) is an adjective: 'Neu starten' and 'Neue Partie' differ by "
                                    "their nouns and verbs",
    ("de", "Restart", "Demand a redeal"): "'Neugeben' is the German word for a redeal; 'neu' is no verb",
    ("de", "Redo", "I'm back"): "'wieder' (again) is an adverb: 'Wiederholen' and 'Bin wieder da'",
}
"""(language, English label, English label) -> why sharing the word is no confusion."""


def _words(text: str) -> set[str]:
    """The words of ``text`` of three letters or more, lower case, accents removed, placeholders dropped."""
    text = unicodedata.normalize("NFKD", re.sub(r"\{[^}]*\}", " ", text).lower())
    text = "".join(c for c in text if not unicodedata.combining(c))
    return {w for w in re.findall(r"[a-z]+", text) if len(w) >= 3} - FUNCTION_WORDS


def _alike(u: str, v: str) -> bool:
    """Two forms of one word: a common start of three letters or more that leaves at most two letters of
    the shorter word ('sair'/'saio', 'salir'/'salgo', 'mesa'/'mesas'; not 'regras'/'registro')."""
    n = 0
    while n < min(len(u), len(v)) and u[n] == v[n]:
        n += 1
    return n >= 3 and n >= min(len(u), len(v)) - 2


def _shared(a: str, b: str) -> set[tuple[str, str]]:
    return {(u, v) for u in _words(a) for v in _words(b) if _alike(u, v)}


def _clashes(lang: str) -> dict[tuple[str, str], set[tuple[str, str]]]:
    tr = translator(lang).gettext
    out = {}
    for labels in SCREENS:
        for a, b in itertools.combinations(labels, 2):
            if _shared(a, b):  # the same action or the same word in English too ("I lead", "{name} leads")
                continue
            common = _shared(tr(a), tr(b))
            if common and (lang, a, b) not in ALLOWED:
                out[(a, b)] = common
    return out


@pytest.mark.parametrize("lang", ["fr", "pt", "de", "es"])
def test_different_actions_on_one_screen_never_share_a_word(lang: str) -> None:
    assert _clashes(lang) == {}


@pytest.mark.parametrize("lang, leave, lead", [("pt", "Abandonar a mesa", "Eu saio"),
                                               ("es", "Abandonar la mesa", "Salgo yo")])
def test_the_case_leave_and_i_lead(lang: str, leave: str, lead: str) -> None:
    tr = translator(lang).gettext
    assert (tr("Leave"), tr("I lead")) == (leave, lead)
    assert _shared("Sair", "Eu saio") == {("sair", "saio")} and _shared("Salir", "Salgo yo") == {("salir", "salgo")}


def test_every_allowed_pair_still_shares_its_word() -> None:
    """An allowance no longer needed goes: each listed pair still shares a word in its language."""
    for lang, a, b in ALLOWED:
        tr = translator(lang).gettext
        assert _shared(tr(a), tr(b)), (lang, a, b)
