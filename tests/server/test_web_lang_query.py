"""Translator s15 F29: the pages follow the browser's Accept-Language and nothing else, so a club's projector
laptop set up in English showed English to a French room. Now ``lang=`` in a page's query chooses (one of the five
languages; anything else leaves the browser's), and the page's own links keep it (pages.kept_query)."""
from __future__ import annotations

from typing import Any

import pytest

from doublenine.server.web.words import chosen_language

from .test_web_pages import get


@pytest.mark.parametrize(("query", "lang"), [
    ("view=projector&lang=fr", "fr"), ("lang=pt-BR", "pt"), ("lang=de_AT", "de"), ("lang=es&lang=fr", "es"),
    ("lang=xx", None), ("lang=", None), ("", None), ("view=projector", None), ("a=1&" * 20 + "lang=fr", None),
    ("lang=" + "f" * 5000, None)])
def test_the_query_names_one_of_the_five_languages_or_none(query: str, lang: str | None) -> None:
    assert chosen_language(query) == lang


async def test_the_reported_case_a_french_projector_on_an_english_laptop(make_server: Any) -> None:
    server = await make_server()
    status, headers, body = await get(server, "/?view=projector&lang=fr", "en-US,en;q=0.9")
    assert (status, headers["Content-Language"]) == (200, "fr")
    assert '<html lang="fr"' in body and "Tables ouvertes sur ce serveur" in body
    status, headers, body = await get(server, "/results?lang=de", "en")
    assert (status, headers["Content-Language"]) == (200, "de") and "Ergebnisse der beendeten Partien" in body
    assert 'href="/?lang=de"' in body  # its link back keeps the language
    status, headers, _ = await get(server, "/?lang=klingon", "es")  # not ours: the browser's language
    assert (status, headers["Content-Language"]) == (200, "es")
