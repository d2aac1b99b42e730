"""Translator s15 F14: the invite's and the link's copy buttons said one "Copied": French "Copier le lien" became
"Copiée" (l'invitation's feminine), Spanish "Copiar enlace" became "Copiada". Kind: one message reused for words
of different gender; now one message per button, each agreeing with its own noun."""
from __future__ import annotations

import pytest

from doublenine.client.scenes.lan_host import copied_label


@pytest.mark.parametrize(("lang", "invite", "link"), [
    ("fr", "Copiée", "Copié"), ("es", "Copiada", "Copiado"), ("pt", "Copiado", "Copiado"), ("de", "Kopiert", "Kopiert"),
    ("en", "Copied", "Copied")])
def test_each_copy_button_says_copied_in_its_nouns_gender(lang: str, invite: str, link: str) -> None:
    assert (copied_label(lang, "copy"), copied_label(lang, "copyweb")) == (invite, link)
