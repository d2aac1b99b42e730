"""New user (109-fr-lift.png, 112-create-9th.png): a server's refusal reached the panel as the
server's English text ("…a refusé : 127.0.0.1 has 8 open tables") under the title "Cannot continue
at this table" although no table existed yet. The detail is now the sentence for the stable code
(shared/refusals.py through shared/failures.refusal), in the player's language, and the title says no table was opened.
"""
from __future__ import annotations

import asyncio
import threading

from doublenine.client.net import NetClient, NetSession
from doublenine.client.panels import _failure
from doublenine.server.app import GameServer
from doublenine.server.config import ServerConfig
from doublenine.shared import protocol as p
from doublenine.shared.errors import ErrorCode
from doublenine.shared.failures import MESSAGES, Failure, refusal
from doublenine.shared.i18n import translator
from sessionkit import pump_until


def test_a_refused_create_is_told_in_french_without_the_servers_english() -> None:
    loop = asyncio.new_event_loop()
    threading.Thread(target=loop.run_forever, daemon=True).start()
    config = ServerConfig(host="127.0.0.1", port=0, bot_delay=0.0, db=":memory:", max_tables_per_address=0)
    server = asyncio.run_coroutine_threadsafe(GameServer(config).start(), loop).result(10)
    seats = tuple(p.SeatSpec(kind=k) for k in ("human", "computer", "computer", "computer"))
    session = NetSession(NetClient(server.url, p.CreateTable(seats=seats, sit=1, name="Ana")).start())
    try:
        pump_until(session, lambda s: s.failure is not None, 20)
        failure = session.state.failure
        assert failure.key == "net.refused" and failure.params["detail"] == Failure("refused.TOO_MANY_TABLES")
        port = server.port
        assert failure.text("fr") == (  # club s14 F11: what to do, no longer "close one first" (nothing closes one)
            "Trop de tables ouvertes depuis votre adresse. Une table que personne n’a démarrée ferme au bout d’un "
            "moment (30 minutes par défaut), une table terminée une minute après le départ de ses joueurs. Pour une "
            "soirée de club, l’opérateur du serveur peut en permettre davantage\u00a0: doublenine serve "
            f"--max-tables-per-address N (refusé par le serveur à 127.0.0.1:{port})")
        assert "open tables" not in failure.text("de") and "has 0" not in failure.text("en")
        assert session.state.view is None
    finally:
        session.client.close()
        asyncio.run_coroutine_threadsafe(server.stop(), loop).result(10)
        loop.call_soon_threadsafe(loop.stop)


def test_every_code_has_its_own_translated_sentence_in_the_panel() -> None:
    for code in ErrorCode:
        failure = refusal(code)
        assert failure.key == f"refused.{code}"
        for lang in ("fr", "pt", "de", "es"):
            assert translator(lang).gettext(MESSAGES[failure.key]) != MESSAGES[failure.key], (lang, code)
    assert refusal("X" * 500) == Failure("refused.other")  # a code from outside is never shown
    assert refusal("X" * 500).text("es") == "La mesa rechazó eso"


def test_the_failure_panel_title_speaks_of_this_table_only_once_there_is_one() -> None:
    area = (0, 0, 800, 600)
    assert _failure(area, 18, "refused", at_table=False).title == ("The table could not be opened", {})
    assert _failure(area, 18, "refused", at_table=True).title == ("Cannot continue at this table", {})
    assert translator("fr").gettext("The table could not be opened") == "La table n’a pas pu être ouverte"
