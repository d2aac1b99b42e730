"""Refusals are told as sentences in the player's language, never as codes (new-user finding:
"Rechazado: NOTHING_TO_UNDO"), and shortcuts act only when their control would (no refusal to show)."""
from __future__ import annotations

import pytest

from doublenine.client.refusals import REFUSALS, UNKNOWN, refusal
from doublenine.shared.errors import ErrorCode
from doublenine.shared.i18n import LANGUAGES, tr


def test_every_error_code_has_a_sentence() -> None:
    missing = [c.value for c in ErrorCode if c.value not in REFUSALS]
    assert missing == []


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_sentence_is_translated(lang: str) -> None:
    untranslated = [m for m in [*REFUSALS.values(), UNKNOWN] if tr(lang, m) == m]
    assert untranslated == []


def test_no_sentence_shows_a_code() -> None:
    for lang in LANGUAGES:
        for code in [*REFUSALS, "SOMETHING_NEWER"]:
            assert code not in tr(lang, refusal(code)), (lang, code)


def test_the_reported_cases_in_spanish() -> None:
    assert tr("es", refusal("NOTHING_TO_UNDO")) == "No tienes nada que deshacer"
    assert tr("es", refusal("NOT_STARTED")) == "La partida aún no ha empezado"
    assert tr("en", refusal("SOMETHING_NEWER")) == "The table refused that"
