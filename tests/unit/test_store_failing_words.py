"""A store outage said as one, to players and in the bots' lines (operator s13 findings, the words).

While PostgreSQL was down the bots and windows were refused ``TABLE_MOVING`` 18 times in a row, "The table is
moving to another server: try again in a moment", though nothing was moving; with a read-only store the
window said "The server had a fault: nothing was done, try again" while a computer seat was to play and
the player had nothing to try. Kind: a refusal's sentence chosen by its code alone when its ``data``
says the store fails. Now both codes with ``data.store`` "failing" read "The server cannot save moves
right now: play goes on as soon as it can", in the five languages.
"""
from __future__ import annotations

from doublenine.client.panels import MARKS
from doublenine.client.store import STORE_FAILING_MARK, _refusal_mark
from doublenine.server.table import ClaimsUnavailable, store_unavailable
from doublenine.shared import protocol as p
from doublenine.shared.i18n import translator
from doublenine.shared.refusals import STORE_FAILING, sentence, sentence_for

FAILING = {"store": "failing", "retry_ms": 2000}


def test_the_servers_refusals_during_an_outage_say_the_store_fails() -> None:
    moving = ClaimsUnavailable(OSError("the PostgreSQL lock connection is down"))
    assert (moving.code.value, moving.data) == ("TABLE_MOVING", {"retry_ms": 1000, "store": "failing"})
    fault = store_unavailable("the move could not be stored; nothing was played")
    assert (fault.code.value, fault.data) == ("INTERNAL", FAILING)


def test_the_sentence_follows_data_store_for_internal_and_table_moving_only() -> None:
    assert sentence_for("TABLE_MOVING", {"retry_ms": 1000, "store": "failing"}) == STORE_FAILING
    assert sentence_for("INTERNAL", FAILING) == STORE_FAILING
    assert sentence_for("TABLE_MOVING", {"retry_ms": 500}) == sentence("TABLE_MOVING") \
        == "The table is moving to another server: try again in a moment"
    assert sentence_for("INTERNAL", None) == "The server had a fault: nothing was done, try again"
    assert sentence_for("RATE_LIMITED", FAILING) == sentence("RATE_LIMITED")
    assert sentence_for("INTERNAL", {"store": ["failing"]}) == sentence("INTERNAL")  # untrusted data


def test_the_window_marks_and_says_it() -> None:
    for code, data in (("INTERNAL", FAILING), ("TABLE_MOVING", {"retry_ms": 1000, "store": "failing"})):
        assert _refusal_mark(p.Error(code=code, data=data)) == STORE_FAILING_MARK == "STORE_FAILING"
    assert _refusal_mark(p.Error(code="INTERNAL")) == "INTERNAL"
    assert MARKS["STORE_FAILING"] == STORE_FAILING


def test_five_languages() -> None:
    said = {lang: translator(lang).gettext(STORE_FAILING) for lang in ("en", "fr", "de", "es", "pt")}
    assert said == {
        "en": "The server cannot save moves right now: play goes on as soon as it can",
        "fr": "Le serveur ne peut pas enregistrer les coups pour l’instant\u00a0: la partie reprend dès que possible",
        "de": "Der Server kann gerade keine Züge speichern: Das Spiel geht weiter, sobald er es wieder kann",
        "es": "El servidor no puede guardar las jugadas ahora mismo: la partida sigue en cuanto pueda",
        "pt": "O servidor não consegue salvar as jogadas agora: a partida continua assim que ele puder",
    }
