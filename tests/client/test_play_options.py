"""Kind: options that only make sense together. ``play --table CODE`` without ``--server`` dialled an empty
address ("Cannot reach a doublenine table at :80"); ``--seat``/``--spectate`` without a table, the new-table
options with a table joined, ``--spectate`` with the start screen, ``--server``/``--table`` beside ``--join``
and ``--autoplay-shots`` without ``--autoplay`` were dropped without a word. Each is refused at once as
argparse refuses its own mistakes: one line, one sentence in the window's language, exit 2, nothing dialled or
saved. With ``--start-screen`` the table's settings and seat fill the form in (they were dropped too)."""
from __future__ import annotations

import json

import pytest

from doublenine.client import config
from doublenine.cli import main

SERVER = ("--server", "ws://127.0.0.1:9/")


@pytest.fixture(autouse=True)
def _config_in_tmp(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(config, "config_path", lambda: tmp_path / "client.json")
    monkeypatch.delenv("DOUBLENINE_AUTOPLAY", raising=False)


SEE = {"en": " (see doublenine play --help)", "fr": " (voir doublenine play --help)",
       "pt": " (veja doublenine play --help)", "de": " (siehe doublenine play --help)",
       "es": " (consulta doublenine play --help)"}
"""The end of every refusal's one line, in its language (doublenine/cli.ONE_LINE)."""
FRAMES = {"en": "doublenine play: error: {said}" + SEE["en"], "fr": "doublenine play\u00a0: erreur\u00a0: {said}" + SEE["fr"],
          "pt": "doublenine play: erro: {said}" + SEE["pt"], "de": "doublenine play: Fehler: {said}" + SEE["de"],
          "es": "doublenine play: error: {said}" + SEE["es"]}
"""The refusal's one line, "PROG: error: MESSAGE (see PROG --help)", in the refusal's language."""


def _refusal(capsys: pytest.CaptureFixture[str], argv: list[str], lang: str = "en") -> str:
    with pytest.raises(SystemExit) as stop:
        main(argv)
    out, err = capsys.readouterr()
    assert (stop.value.code, out) == (2, "")
    assert err.count("\n") == 1  # one line, no usage block (new user s12 round 2 F6: 8 lines of usage first)
    return err.splitlines()[-1]


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "--table needs the table's server: add --server ws://HOST:PORT/, or give the invite with --join instead."),
    ("fr", "--table a besoin du serveur de la table\u00a0: ajoutez --server ws://HÔTE:PORT/, ou donnez plutôt "
           "l’invitation avec --join."),
    ("pt", "--table precisa do servidor da mesa: adicione --server ws://HOST:PORTA/ ou, em vez disso, passe o "
           "convite com --join."),
    ("de", "--table braucht den Server des Tisches: Fügen Sie --server ws://HOST:PORT/ hinzu, oder geben Sie "
           "stattdessen die Einladung mit --join an."),
    ("es", "--table necesita el servidor de la mesa: añade --server ws://HOST:PUERTO/, o da en su lugar la "
           "invitación con --join."),
])
def test_table_without_a_server_is_refused_in_five_languages(capsys, lang: str, said: str) -> None:  # type: ignore[no-untyped-def]
    """argparse's own words around the sentence in its language (new user s10: "doublenine play: error:
    --table a besoin du serveur ...")."""
    for extra in ([], ["--spectate"], ["--seat", "2"]):
        assert _refusal(capsys, ["play", "--lang", lang, "--table", "KQ7PA", *extra], lang) == \
            FRAMES[lang].format(said=said)
    assert not config.config_path().exists()  # refused before anything was saved


def test_the_remembered_language_says_the_refusal(capsys) -> None:  # type: ignore[no-untyped-def]
    config.save(config.Settings(lang="de"))
    assert _refusal(capsys, ["play", "--seat", "3"], "de") == (
        "doublenine play: Fehler: --seat braucht einen Tisch zum Beitreten: Fügen Sie --server und --table hinzu, "
        "oder geben Sie die Einladung mit --join an." + SEE["de"])


@pytest.mark.parametrize(("argv", "said"), [
    (["--spectate"], "--spectate needs a table to join: add --server and --table, or give the invite with --join."),
    (["--seat", "2", *SERVER], "--seat needs a table to join: add --server and --table, or give the invite with --join."),
    (["--join", "doublenine://127.0.0.1:9/KQ7PA", *SERVER], "--server has no effect with --join: leave one of them out."),
    (["--join", "doublenine://127.0.0.1:9/KQ7PA", "--table", "KQ7PA"],
     "--table has no effect with --join: leave one of them out."),
    (["--join", "doublenine://127.0.0.1:9/KQ7PA", "--public"], "--public has no effect with --join: leave one of them out."),
    ([*SERVER, "--table", "KQ7PA", "--seed", "7"], "--seed has no effect with --table: leave one of them out."),
    ([*SERVER, "--table", "KQ7PA", "--level", "easy"], "--level has no effect with --table: leave one of them out."),
    ([*SERVER, "--table", "KQ7PA", "--tracker"], "--tracker has no effect with --table: leave one of them out."),
    ([*SERVER, "--table", "KQ7PA", "--phrases-only"],
     "--phrases-only has no effect with --table: leave one of them out."),
    (["--start-screen", *SERVER, "--table", "KQ7PA", "--spectate"],
     "--spectate has no effect with --start-screen: leave one of them out."),
    (["--autoplay-shots", "/tmp/nowhere"], "--autoplay-shots needs --autoplay."),
])
def test_options_that_cannot_work_together_are_refused(capsys, argv: list[str], said: str) -> None:  # type: ignore[no-untyped-def]
    assert _refusal(capsys, ["play", "--lang", "en", *argv]) == f"doublenine play: error: {said}" + SEE["en"]


@pytest.mark.parametrize("argv", [
    [], ["--window-errors"], ["--window-errors", "--join"], [*SERVER], [*SERVER, "--level", "easy", "--public"],
    [*SERVER, "--table", "KQ7PA", "--spectate"], [*SERVER, "--table", "KQ7PA", "--seat", "2"],
    ["--join", "doublenine://127.0.0.1:9/KQ7PA", "--spectate"], ["--start-screen", "--table", "KQ7PA"],
    ["--start-screen", "--autoplay", "--autoplay-shots", "/tmp/x"], ["--seed", "7", "--tracker"],
    ["--start-screen", "--seed", "7", "--seat", "3"], ["--start-screen", *SERVER, "--table", "KQ7PA", "--level", "easy"],
])
def test_options_that_work_together_are_let_through(argv: list[str]) -> None:
    from doublenine.cli import build_parser

    args = build_parser().parse_args(["play", *argv])
    assert args._check(args) is None


def test_autoplay_from_the_environment_lets_shots_through(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from doublenine.cli import build_parser

    monkeypatch.setenv("DOUBLENINE_AUTOPLAY", "1")
    args = build_parser().parse_args(["play", "--autoplay-shots", "/tmp/x"])
    assert args._check(args) is None


@pytest.mark.parametrize(("argv", "missing"), [(["--table", "KQ7PA"], "--server"),
                                               (["--server", "ws://127.0.0.1:9/"], "--table")])
def test_bot_needs_its_server_and_table_at_once(capsys, argv: list[str], missing: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(SystemExit) as stop:
        main(["bot", *argv])
    assert stop.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1] == (
        f"doublenine bot: error: the following arguments are required: {missing} (see doublenine bot --help)")


def test_the_start_screen_shows_the_table_settings_given(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from doublenine.client import app, cli
    from doublenine.client.scenes.start import Form

    shown: list[Form] = []

    class NoWindow:
        def __init__(self, start, *a, **k) -> None:  # type: ignore[no-untyped-def]
            shown.append(start.form)

        def run(self) -> int:
            return 0

    monkeypatch.setattr(app, "App", NoWindow)
    argv = ["play", "--lang", "en", "--start-screen", "--seed", "7", "--level", "easy", "--tracker", "--phrases-only",
            "--public", "--seat", "3"]
    assert main(argv) == 0
    form = shown[0]
    assert (form.seed, form.level, form.tracker, form.phrases, form.public, form.seat) == (
        "7", "easy", True, True, True, "3")
    assert main(["play", "--lang", "en", "--start-screen"]) == 0
    bare = shown[1]
    assert (bare.seed, bare.level, bare.tracker, bare.phrases, bare.public, bare.seat) == (
        "", "expert", False, False, False, "any")


# Kind: empty option values (attacker F8). `play --spectate --table "" --autoplay` made a table and played a
# seat: the empty code was taken for no --table at all. An option given an empty (or blank) value is refused
# as the others are; with --autoplay stdout holds the JSON line of the refusal (docs/packaging.md).
@pytest.mark.parametrize(("argv", "option"), [
    ([*SERVER, "--spectate", "--table", ""], "--table"), ([*SERVER, "--table", "  "], "--table"),
    (["--server", "", "--table", "KQ7PA"], "--server"), (["--server", ""], "--server"),
    (["--join", ""], "--join"), (["--join", " ", "--spectate"], "--join"), (["--name", ""], "--name"),
    (["--autoplay", "--autoplay-shots", ""], "--autoplay-shots"),
])
def test_f8_an_option_given_an_empty_value_is_refused(capsys, argv: list[str], option: str) -> None:  # type: ignore[no-untyped-def]
    said = f"{option} was given an empty value: give one, or leave the option out."
    if "--autoplay" in argv:
        with pytest.raises(SystemExit) as stop:
            main(["play", "--lang", "en", *argv])
        out, err = capsys.readouterr()
        assert stop.value.code == 2 and err.splitlines()[-1] == f"doublenine play: error: {said}" + SEE["en"]
        assert json.loads(out) == {"autoplay": "failed", "table": "", "failure": "play.options", "error": said,
                                   "frames": 0}
        return
    assert _refusal(capsys, ["play", "--lang", "en", *argv]) == f"doublenine play: error: {said}" + SEE["en"]


def test_f8_spectating_with_an_empty_code_under_autoplay_says_so_on_stdout_and_on_stderr(capsys) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(SystemExit) as stop:
        main(["play", "--lang", "fr", "--spectate", *SERVER, "--table", "", "--autoplay"])
    out, err = capsys.readouterr()
    assert stop.value.code == 2
    assert json.loads(out)["error"] == "--table was given an empty value: give one, or leave the option out."
    assert err == ("doublenine play\u00a0: erreur\u00a0: --table a reçu une valeur vide\u00a0: donnez-en une, "
                   "ou retirez l’option." + SEE["fr"] + "\n")
    assert not config.config_path().exists()


def test_the_reported_refusal_is_said_in_one_language(capsys) -> None:  # type: ignore[no-untyped-def]
    """New user s10: the saved window language French, ``play --table`` alone said "doublenine play: error:
    --table a besoin du serveur ..." (argparse's English around French). All of it in French now."""
    config.save(config.Settings(lang="fr"))
    with pytest.raises(SystemExit) as stop:
        main(["play", "--table", "KQ7PA"])
    err = capsys.readouterr().err
    assert stop.value.code == 2
    assert err == ("doublenine play\u00a0: erreur\u00a0: --table a besoin du serveur de la table\u00a0: "
                   "ajoutez --server ws://HÔTE:PORT/, ou donnez plutôt l’invitation avec --join." + SEE["fr"] + "\n")
    with pytest.raises(SystemExit) as stop:  # argparse's own refusal: in French too since s11 (said_in)
        main(["play", "--seat", "9"])
    err = capsys.readouterr().err
    assert stop.value.code == 2
    assert err == ("doublenine play\u00a0: erreur\u00a0: argument --seat\u00a0: "
                   "9 est hors de l’intervalle 1..4" + SEE["fr"] + "\n")
