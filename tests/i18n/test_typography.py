"""Kind (s13 linguists, item 8): player-visible text typed with ASCII stand-ins. The web page said
"Connexion..." and "Connexion perdue - reconnexion..." in every language where the window said
"Connexion…" and "Connexion perdue : reconnexion…". No message id or translation of the catalogs, and no
rules text, holds "..." (an ellipsis is "…") or " - " (a dash between words is a colon or "–")."""
from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.pofile import read_po

I18N = Path(__file__).resolve().parents[2] / "shared" / "i18n"
STAND_INS = ("...", " - ")


def _texts(path: Path) -> list[str]:
    with open(path, "rb") as fh:
        catalog = read_po(fh)
    out: list[str] = []
    for m in catalog:
        for part in (m.id, m.string):
            out += [part] if isinstance(part, str) else list(part or ())
    return [t for t in out if t]


@pytest.mark.parametrize("name", ["doublenine.pot", "fr.po", "pt.po", "de.po", "es.po"])
def test_no_catalog_text_types_an_ellipsis_or_a_dash_in_ascii(name: str) -> None:
    assert [t for t in _texts(I18N / name) if any(s in t for s in STAND_INS)] == []


@pytest.mark.parametrize("lang", ["en", "fr", "pt", "de", "es"])
def test_no_rules_text_types_an_ellipsis_or_a_dash_in_ascii(lang: str) -> None:
    lines = [line.removeprefix("- ") for line in (I18N / f"rules_{lang}.md").read_text(encoding="utf-8").splitlines()]
    assert [line for line in lines if any(s in line for s in STAND_INS)] == []  # a list item's "- " is no dash


def test_s13_the_web_page_says_the_windows_words() -> None:
    from doublenine.server.web.words import SCRIPT_WORDS
    from doublenine.shared.i18n import translator
    fr = translator("fr")
    assert (fr.gettext(SCRIPT_WORDS["connecting"]), fr.gettext(SCRIPT_WORDS["lost"])) == (
        "Connexion…", "Connexion perdue\u00a0: reconnexion…")
