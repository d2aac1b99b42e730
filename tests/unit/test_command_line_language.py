"""New user s11 item 12 (F-cli-mixed-language, F-help-rnumber): after choosing French in the window,
``play --table ABCDE`` refused in French, but ``play --help`` and argparse's own refusals (``--size big``,
``--lang xx``) were English, and ``--seed SEED ... (R24)`` showed a rule-book number to players. Now the
command line says everything in one language (``--lang``, else the window's saved one, else the system's),
argparse's words included, and no option's help cites the rule book."""
from __future__ import annotations

import argparse
import re

import pytest

from doublenine.cli import command_language, main
from doublenine.client import config
from doublenine.client.config import Settings
from doublenine.shared.i18n import LANGUAGES

pytestmark = pytest.mark.usefixtures("own_folders")  # a language saved by another test is not seen


@pytest.fixture(autouse=True)
def _columns(monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setenv("COLUMNS", "80")  # argparse wraps the help at the terminal's width


def _said(capsys, argv: list[str]) -> tuple[int, str, str]:  # type: ignore[no-untyped-def]
    with pytest.raises(SystemExit) as done:
        main(argv)
    out, err = capsys.readouterr()
    return int(done.value.code or 0), out, err


def test_play_help_in_french_is_french_through_and_through(capsys) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = _said(capsys, ["play", "--help", "--lang", "fr"])
    assert code == 0
    assert out.startswith("utilisation\u00a0: doublenine play [-h]")
    assert "  -h, --help            afficher cette aide et quitter\n" in out
    assert "ouvrir la fenêtre du jeu (serveur intégré par défaut)" in out
    assert "show this help" not in out and "code of the table" not in out


def test_the_windows_saved_language_is_the_command_lines(capsys) -> None:  # type: ignore[no-untyped-def]
    """The reported case: Français chosen in the window, then ``play --size big`` with no --lang."""
    config.save(Settings(lang="fr"))
    code, _, err = _said(capsys, ["play", "--size", "big"])
    assert code == 2
    assert err == ("doublenine play\u00a0: erreur\u00a0: argument --size\u00a0: LARGEURxHAUTEUR de "
                   "800x600 à 16384x16384, p. ex. 1280x800, pas 'big' (voir doublenine play --help)\n")


def test_an_unknown_language_is_refused_in_the_saved_one(capsys) -> None:  # type: ignore[no-untyped-def]
    config.save(Settings(lang="pt"))
    code, _, err = _said(capsys, ["play", "--lang", "xx"])
    assert code == 2
    assert err == ("doublenine play: erro: argumento --lang: escolha inválida: 'xx' "
                   "(escolha entre 'en', 'fr', 'pt', 'de', 'es') (veja doublenine play --help)\n")


def test_a_bad_seat_number_is_said_in_spanish(capsys) -> None:  # type: ignore[no-untyped-def]
    code, _, err = _said(capsys, ["play", "--seat", "9", "--lang", "es"])
    assert code == 2
    assert err == "doublenine play: error: argumento --seat: 9 está fuera del intervalo 1..4 (consulta doublenine play --help)\n"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_rule_book_number_in_the_players_help(capsys, lang: str) -> None:  # type: ignore[no-untyped-def]
    for argv in (["--help"], ["play", "--help"]):
        _, out, _ = _said(capsys, [*argv, "--lang", lang] if argv[0] == "play" else argv)
        assert re.findall(r"\b[RD]\d{1,2}\b", out) == [], (lang, argv)
    _, out, _ = _said(capsys, ["play", "--help", "--lang", "en"])
    assert "--seed SEED           deal reproducibly from this seed: the same seed deals\n" in out


def test_argparse_speaks_english_again_after_the_command(capsys) -> None:  # type: ignore[no-untyped-def]
    _said(capsys, ["play", "--help", "--lang", "de"])
    assert argparse._("usage: ") == "usage: "  # type: ignore[attr-defined]
    assert argparse.ngettext("a", "b", 2) == "b"


@pytest.mark.parametrize("argv, saved, lang", [
    (["play", "--lang=de"], "fr", "de"), (["play", "--lang", "es"], "", "es"),
    (["play", "--lang", "xx"], "fr", "fr"), (["play"], "pt", "pt"), (["play"], "xx\x00", "en"),
])
def test_command_language(monkeypatch, argv: list[str], saved: str, lang: str) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("LANGUAGE", "en")
    config.save(Settings(lang=saved))
    assert command_language(argv) == lang


# s12 item 4: the operators' tools said their help in English but argparse's refusals in the window's language
# (or in a --lang they do not even take). Decided: they speak English throughout; play and bot speak the
# player's language, their help included (bot's was English while its refusals followed --lang).
OPERATOR_REFUSALS = [
    (["serve", "--port", "99999"], "doublenine serve: error: argument --port: 99999 is out of range 0..65535 "
                                   "(see doublenine serve --help)"),
    (["selfplay", "--jobs", "0"], "doublenine selfplay: error: argument --jobs: 0 is out of range 1..256 "
                                  "(see doublenine selfplay --help)"),
    # new user s12 round 2 F6: an unknown option was refused by the top level ("doublenine: error: ...")
    (["replay", "--lang", "fr", "x.json"], "doublenine replay: error: unrecognized arguments: --lang x.json "
                                           "(see doublenine replay --help)"),
    (["copy-store"], "doublenine copy-store: error: the following arguments are required: --from "
                     "(see doublenine copy-store --help)"),
]


@pytest.mark.parametrize("argv, said", OPERATOR_REFUSALS)
def test_the_operators_tools_refuse_in_english_whatever_the_window_speaks(capsys, argv: list[str],  # type: ignore[no-untyped-def]
                                                                         said: str, monkeypatch) -> None:
    monkeypatch.setenv("LANGUAGE", "de")
    config.save(Settings(lang="fr"))
    code, _, err = _said(capsys, argv)
    assert (code, err) == (2, said + "\n")  # one line (new user s12 round 2 F6: 8 to 18 lines of usage first)


def test_an_unknown_option_is_refused_by_its_commands_parser(capsys) -> None:  # type: ignore[no-untyped-def]
    """New user s12 round 2 F6: ``play --bogus`` printed the top level's usage and "doublenine: error"."""
    code, _, err = _said(capsys, ["play", "--lang", "en", "--bogus"])
    assert (code, err) == (2, "doublenine play: error: unrecognized arguments: --bogus (see doublenine play --help)\n")


@pytest.mark.parametrize("command", sorted(__import__("doublenine.cli").cli.OPERATOR_COMMANDS))
def test_the_operators_tools_help_is_english(capsys, command: str, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("LANGUAGE", "fr")
    config.save(Settings(lang="fr"))
    _, out, _ = _said(capsys, [command, "--help"])
    assert out.startswith(f"usage: doublenine {command} ") and "\noptions:\n" in out
    assert "afficher cette aide" not in out and "show this help message and exit\n" in out


def test_the_bots_help_and_refusals_are_in_its_language(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    config.save(Settings(lang="pt"))  # the window's language is not the bot's: its --lang, else the system's
    _, out, _ = _said(capsys, ["bot", "--help", "--lang", "fr"])
    assert out.startswith("utilisation\u00a0: doublenine bot [-h]")
    assert "le serveur\u00a0: HÔTE:PORT ou ws://HÔTE:PORT/, p. ex. 192.168.1.20:8765" in re.sub(r"[ \n]+", " ", out)
    assert "seconds" not in out and "table code" not in out
    monkeypatch.setenv("LANGUAGE", "de")
    code, _, err = _said(capsys, ["bot", "--server", "h:1", "--table", "KQ7PA", "--pace", "61"])
    assert (code, err) == (2, "doublenine bot: Fehler: Argument --pace: 61 liegt außerhalb von "
                              "0..60 (siehe doublenine bot --help)\n")
    assert command_language(["bot", "--server", "h:1"]) == "de"
