"""One sentence per refusal code, in one place (shared/refusals.py), in all five catalogs; the window's
status line and the failure panel both read it (new user: "Rechazado: NOTHING_TO_UNDO" in the status
line, "…a refusé : 127.0.0.1 has 8 open tables" in the panel; two lists had grown for the one job)."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

import pytest
from babel.messages.pofile import read_po

from doublenine.client.panels import CONSENT_REFUSED, status_line
from doublenine.client.store import ClientState
from doublenine.client.uistate import Ui
from doublenine.shared.errors import ErrorCode
from doublenine.shared.failures import MESSAGES, Failure, from_server_error, refusal
from doublenine.shared.i18n import LANGUAGES, tr
from doublenine.shared.refusals import SENTENCES, UNKNOWN, sentence, sentence_for

I18N = Path(__file__).resolve().parents[2] / "shared" / "i18n"
CATALOGS = ("doublenine.pot", "fr.po", "pt.po", "de.po", "es.po")


def _catalog(name: str) -> dict[str, str]:
    with open(I18N / name, "rb") as f:
        return {str(m.id): str(m.string) for m in read_po(f) if m.id}


def test_every_error_code_has_a_sentence() -> None:
    missing = [c.value for c in ErrorCode if c not in SENTENCES]
    assert missing == []
    assert set(SENTENCES) == set(ErrorCode)


@pytest.mark.parametrize("name", CATALOGS)
def test_every_sentence_is_in_every_catalog_and_translated(name: str) -> None:
    entries = _catalog(name)
    absent = [m for m in [*SENTENCES.values(), UNKNOWN] if m not in entries]
    assert absent == []
    if name != "doublenine.pot":
        untranslated = [m for m in [*SENTENCES.values(), UNKNOWN] if entries[m] in ("", m)]
        assert untranslated == []


@pytest.mark.parametrize("name", CATALOGS)
def test_the_unused_refused_code_entry_is_gone(name: str) -> None:
    assert "Refused: {code}" not in _catalog(name)


def test_no_sentence_shows_a_code() -> None:
    for lang in LANGUAGES:
        for code in [*ErrorCode, "SOMETHING_NEWER"]:
            assert str(code) not in tr(lang, sentence(code)), (lang, code)


def test_a_code_this_version_does_not_know_is_a_sentence() -> None:
    assert sentence("SOMETHING_NEWER") == "The table refused that"
    assert tr("fr", sentence("SOMETHING_NEWER")) == "La table a refusé cela"
    assert refusal("X" * 500) == Failure("refused.other")


PER_SITE = {"limit": "playing_per_site"}


def test_the_reported_cases() -> None:
    assert tr("es", sentence("NOTHING_TO_UNDO")) == "No tienes nada que deshacer"
    assert tr("es", sentence(ErrorCode.NOT_STARTED)) == "La partida aún no ha empezado"
    assert tr("fr", sentence_for("TOO_MANY_TABLES", PER_SITE)) == "Trop de tables depuis votre adresse : fermez-en une d’abord"
    assert tr("de", sentence_for("TOO_MANY_TABLES", PER_SITE)) == "Zu viele Tische von Ihrer Adresse: Schließen Sie zuerst einen"


def test_status_line_and_failure_panel_take_the_same_sentence_for_every_code() -> None:
    state = ClientState(view=SimpleNamespace(seat=None))  # type: ignore[arg-type]  # read before ``error`` only
    for code in ErrorCode:
        assert status_line(replace(state, error=code.value), Ui(), "en") == (SENTENCES[code], {})
        assert refusal(code).msgid == MESSAGES[f"refused.{code.value}"] == SENTENCES[code]
    assert status_line(replace(state, error="REFUSED"), Ui(), "en") == (CONSENT_REFUSED, {})


def test_a_refusal_panel_reads_the_players_language_not_the_servers_english() -> None:
    failure = from_server_error("TOO_MANY_TABLES", host="127.0.0.1", port=8765, data={"limit": "playing_per_site"})
    assert failure.text("fr") == ("Trop de tables depuis votre adresse : fermez-en une d’abord "
                                  "(refusé par le serveur à 127.0.0.1:8765)")
    assert failure.text("de") == ("Zu viele Tische von Ihrer Adresse: Schließen Sie zuerst einen "
                                  "(abgelehnt vom Server unter 127.0.0.1:8765)")


def test_a_refusal_reads_as_one_sentence_with_one_colon_in_every_language() -> None:
    """The panel once said "Le serveur à 127.0.0.1:8765 a refusé : Trop de tables depuis votre adresse :
    fermez-en une d’abord": the refusal sentence holds a colon of its own, so it comes first and the
    server follows in parentheses (kind: a sentence embedded after another sentence's colon)."""
    failure = from_server_error("TOO_MANY_TABLES", host="127.0.0.1", port=8765, data={"limit": "playing_per_site"})
    assert {lang: failure.text(lang) for lang in ("en", "fr", "pt", "de", "es")} == {
        "en": "Too many tables from your address: close one first (refused by the server at 127.0.0.1:8765)",
        "fr": "Trop de tables depuis votre adresse : fermez-en une d’abord (refusé par le serveur à 127.0.0.1:8765)",
        "pt": "Mesas demais do seu endereço: feche uma primeiro (recusado pelo servidor em 127.0.0.1:8765)",
        "de": "Zu viele Tische von Ihrer Adresse: Schließen Sie zuerst einen "
              "(abgelehnt vom Server unter 127.0.0.1:8765)",
        "es": "Demasiadas mesas desde tu dirección: cierra una primero (rechazado por el servidor en 127.0.0.1:8765)",
    }
    for code in ErrorCode:  # whatever the sentence, the wrapper adds no colon of its own (the host's port aside)
        for lang in ("en", "fr", "pt", "de", "es"):
            text = Failure("net.refused", {"host": "h", "port": 1, "detail": refusal(code)}).text(lang)
            assert text.replace("h:1", "").count(":") == refusal(code).text(lang).count(":"), (code, lang)


def test_club_s14_f11_too_many_tables_from_one_address_says_what_the_organiser_can_do() -> None:
    """Club s14 F11: round 2 set up from the organiser's machine met "close one first", and nothing closes a
    table: the refusal now says when unstarted and finished tables close, and the operator's option."""
    failure = from_server_error("TOO_MANY_TABLES", host="127.0.0.1", port=18641)
    assert failure.text("en") == (
        "Your address has too many tables open. A table nobody has started closes after a while (30 minutes by "
        "default), a finished one a minute after its players leave. For a club evening, the server's operator can "
        "allow more: doublenine serve --max-tables-per-address N (refused by the server at 127.0.0.1:18641)")
    assert "doublenine serve --max-tables-per-address N" in failure.text("fr")
    from doublenine.shared.refusals import TABLES_PER_ADDRESS
    assert (sentence_for("TOO_MANY_TABLES", None), sentence_for("TOO_MANY_TABLES", {"limit": "playing_per_site"})) == (
        TABLES_PER_ADDRESS, "Too many tables from your address: close one first")  # doublenine bot says it too
