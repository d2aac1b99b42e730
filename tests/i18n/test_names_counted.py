"""Kind (s13 linguists, item 6): a message with a list of names and one verb form. "{names}" can be one
name or several ("Nord, Est"): "Refusé (…) : Nord, Est doit donner son accord" and "En pause pendant que
Nord, Est lit les règles" read wrong in French, as "precisa", "zieht", "saque" did in pt, de, es. Every
message with a list of names is a plural entry of the catalogs, counted by the names (client.text.named),
and the names are listed as the language lists them ("Nord et Est")."""
from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po

from doublenine.client.panels import CONSENT_AWAY, PAUSED_BY, WAIT_DRAW
from doublenine.client.text import named, say

ROOT = Path(__file__).resolve().parents[2]


def test_every_message_with_a_list_of_names_is_a_plural_entry() -> None:
    with open(ROOT / "shared" / "i18n" / "doublenine.pot", "rb") as fh:
        template = read_po(fh)
    listed = [m.id for m in template if m.id and "{names}" in (m.id if isinstance(m.id, str) else m.id[0])]
    assert len(listed) == 11  # league s17 F3: "... must agree, and is not connected now" (2), "... waiting for {names} to answer"
    assert [m for m in listed if isinstance(m, str)] == []
    code = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "client").rglob("*.py"))
    assert re.findall(r'\bN_\("[^"]*\{names\}', code) == []  # never a singular message with names


def test_s13_the_cases_with_two_names() -> None:
    two, one = ["Nord", "Est"], ["Nord"]
    assert say("fr", *named(CONSENT_AWAY, two, "fr", what="annuler le dernier coup")) == (
        "Refusé (annuler le dernier coup)\u00a0: Nord et Est doivent donner leur accord, et l’ordinateur joue à "
        "leur place jusqu’à leur retour")
    assert say("fr", *named(PAUSED_BY, two, "fr")) == (
        "En pause pendant que Nord et Est lisent les règles ou la feuille de marque")
    assert say("fr", *named(PAUSED_BY, one, "fr")) == "En pause pendant que Nord lit les règles ou la feuille de marque"
    assert say("de", *named(WAIT_DRAW, ["Nord", "Ost"], "de")) == "Warten, bis Nord und Ost ziehen"
    assert say("pt", *named(PAUSED_BY, ["Norte", "Leste", "Oeste"], "pt")) == (
        "Pausado enquanto Norte, Leste e Oeste leem as regras ou o registro")
    assert say("es", *named(WAIT_DRAW, ["Norte", "Este"], "es")) == "Esperando a que Norte y Este saquen"
    assert say("en", *named(PAUSED_BY, ["North", "East"], "en")) == (
        "Paused while North and East read the rules or the ledger")
