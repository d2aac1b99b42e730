"""``doublenine bot`` speaks the person's language like the rest of the command line (its ``--lang``,
else the system's: LANGUAGE, LC_ALL, LC_MESSAGES, LANG), from the five catalogs (reported case: its
lines, the reconnecting keeper's, the next match's, a TLS failure's and the Ctrl-C line were English
whatever the language). Kind: a player-visible line written as an English f-string."""
from __future__ import annotations

import argparse
import asyncio
from typing import Any

import pytest

from doublenine import cli
from doublenine.server import botcli
from doublenine.server.netbot import GaveUp, SeatKeeper
from doublenine.server.nextmatch import NoNewMatch
from doublenine.shared.reconnect import describe_close

from .conftest import create

NBSP = "\u00a0"


def test_close_codes_are_said_in_the_persons_language() -> None:
    assert describe_close(4003, "", "fr") == "la table est passée à un autre processus du serveur (code de fermeture 4003)"
    assert describe_close(1001, "bye", "de") == ("der Server wird beendet oder neu gestartet, oder hat den Tisch wegen "
                                                 "Untätigkeit geschlossen (Schließcode 1001): bye")
    assert describe_close(None, "", "pt") == ("a conexão caiu sem mensagem de encerramento: um problema de rede, "
                                              "ou o servidor parou de repente")
    assert describe_close(3999, "adiós", "es") == "la conexión se cerró (código de cierre 3999): adiós"
    assert describe_close(4003) == "the table moved to another server process (close code 4003)"  # English by default


def test_the_reasons_a_bot_stops_are_said_in_the_persons_language() -> None:
    assert GaveUp("KQ7PM", 300.0).text("fr") == f"table KQ7PM injoignable depuis 300{NBSP}s"
    assert str(GaveUp("KQ7PM", 300.0)) == "table KQ7PM unreachable for 300 s"
    failed = NoNewMatch("the server could not start a new match")
    assert (failed.text("de"), str(failed)) == ("der Server konnte keine neue Partie starten",
                                                "the server could not start a new match")


def test_both_reasons_are_one_kind_of_translated_error() -> None:
    """Code read: GaveUp and NoNewMatch each re-made an English str() plus text(lang); one base now."""
    from doublenine.shared.i18n import TranslatedError

    gave_up = GaveUp(None, 2.5)
    assert isinstance(gave_up, TranslatedError) and isinstance(NoNewMatch("x"), TranslatedError)
    assert (gave_up.msgid, gave_up.fields) == ("table {code} unreachable for {seconds} s", {"code": "?", "seconds": "2.5"})
    assert (str(gave_up), gave_up.text("es"), gave_up.code, gave_up.seconds) == (
        "table ? unreachable for 2.5 s", "mesa ? inalcanzable durante 2.5 s", None, 2.5)


async def test_a_reconnecting_seat_says_so_in_its_language(server: Any) -> None:
    watcher = await create(server, "hhhh", sit=1)
    said: list[str] = []
    keeper = SeatKeeper(server.url, {"type": "join", "code": watcher.code, "seat": 2, "name": "B"},
                        say=said.append, lang="pt")
    calls = 0

    async def body(client: Any) -> str:
        nonlocal calls
        calls += 1
        if calls == 1:
            raise TimeoutError
        return "done"

    assert await asyncio.wait_for(keeper.run(body), 30) == "done"
    assert said == ["conexão perdida: o servidor não enviou nada a tempo; reconectando"]
    await keeper.leave()
    await watcher.close()


def _bot(*extra: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    botcli.add_arguments(parser)
    return parser.parse_args(["--server", "ws://127.0.0.1:9/", *extra])


def test_a_bad_table_code_is_refused_in_the_lang_asked(capsys: pytest.CaptureFixture[str]) -> None:
    assert botcli.run(_bot("--table", "OOOOO", "--lang", "es")) == 2
    assert capsys.readouterr().err == ("doublenine bot: «OOOOO» no es un código de mesa: 5 letras y cifras, "
                                       "sin 0, 1, I, L, O ni U.\n")  # errors: stderr (s12)


def test_without_lang_the_systems_language_is_spoken(capsys: pytest.CaptureFixture[str],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANGUAGE", "fr")
    assert botcli.run(_bot("--table", "OOOOO")) == 2
    # say() cleans every line as a server's words are cleaned: the no-break spaces become spaces
    assert capsys.readouterr().err == ("doublenine bot: « OOOOO » n’est pas un code de table : 5 lettres et "
                                       "chiffres, sans 0, 1, I, L, O ni U.\n")


async def test_a_refusal_is_said_by_its_codes_sentence_in_the_persons_language(
        server: Any, capsys: pytest.CaptureFixture[str]) -> None:
    host = await create(server, "hhhh", sit=1)
    args = _bot("--table", host.code, "--seat", "1", "--lang", "fr")
    args.server = server.url
    assert await asyncio.to_thread(botcli.run, args) == 2
    assert capsys.readouterr().err == "doublenine bot: Cette place est prise (refusé par le serveur : SEAT_TAKEN)\n"
    await host.close()


def test_ctrl_c_is_said_in_the_commands_language(capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    assert cli.interrupted("bot", "pt") == cli.INTERRUPTED
    monkeypatch.setenv("LANGUAGE", "de")
    assert cli.interrupted("bot") == cli.INTERRUPTED
    assert cli.interrupted("serve") == cli.INTERRUPTED  # an operators' tool: English throughout (s12)
    assert capsys.readouterr().err == ("doublenine bot: interrompido\ndoublenine bot: unterbrochen\n"
                                       "doublenine serve: interrupted\n")
