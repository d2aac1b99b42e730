"""Translator s15 F15: the index page said "Adresse du serveur: ws://…" in French, with no no-break space before
the colon: the page glued ": " after the catalog's "Server address". Kind: a sentence built from pieces, which a
language's typography cannot reach; now one message with its blank, the address's markup put in the blank."""
from __future__ import annotations

import pytest

from doublenine.server.web import pages
from doublenine.shared.i18n import translator

ADDRESS = '<code class="address">ws://192.168.1.20:8765</code>'


@pytest.mark.parametrize(("lang", "said"), [
    ("fr", "Adresse du serveur\u00a0: "), ("pt", "Endereço do servidor: "), ("de", "Serveradresse: "),
    ("es", "Dirección del servidor: "), ("en", "Server address: ")])
def test_the_server_address_is_one_sentence_in_each_language(lang: str, said: str) -> None:
    html = pages.index_page(translator(lang), [], "ws://192.168.1.20:8765")
    assert f"<p>{said}{ADDRESS}</p>" in html


def test_markup_goes_in_the_blank_and_the_sentence_is_escaped() -> None:
    assert pages.filled(f"a < b: {pages.BLANK} & c", "<code>x</code>") == "a &lt; b: <code>x</code> &amp; c"
