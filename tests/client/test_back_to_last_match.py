"""New user s15: "Back to your match" named an older local table instead of the network table the player
last sat at. Kind: a start-screen offer that names another match than the most recent one the player was in
(network or local); the button now says which it is (its server, or this computer / the hosting port).

The writers walked here: a seat taken at another server's table (launcher._remember_what_worked, seated),
the kept local match taken back (launcher._remember_resumed), a new local table (keep_match), the network
seat given up (config.release_seat); the start screen's button, its label, and where it goes."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from typing import Any

import pytest

from doublenine.client import config
from doublenine.client.launcher import _remember_local_table, _remember_resumed, _remember_what_worked
from doublenine.client.scenes.kept import resume_button, server_said
from doublenine.client.scenes.start import StartScene
from doublenine.client.text import tr

NET = "ws://play.example.org:8765/"


def _say(button: Any, lang: str = "en") -> str:
    return tr(lang, button.label, **dict(button.args))


@pytest.fixture
def saved_file(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(config, "config_path", lambda: tmp_path / "client.json")
    _remember_local_table("KCTSF", "tk")  # a local match, left at 12-0
    config.update(lambda s: config.replace(s, resume_score="12-0"))


def _start() -> tuple[StartScene, list[Any]]:
    launched: list[Any] = []
    return StartScene(config.load(), lambda launch: launched.append(launch) or None), launched


def test_the_reported_case_back_names_the_network_table_last_sat_at(saved_file) -> None:  # type: ignore[no-untyped-def]
    _remember_what_worked(NET, seated=True)("N7TQP", "tok-n")  # then the player sat at a network table
    saved = config.load()
    assert (saved.last_seat, config.last_seat(saved)) == \
        ("N7TQP ws://play.example.org:8765/", ("N7TQP", "ws://play.example.org:8765/", "tok-n"))
    start, launched = _start()
    f = start.form
    assert (f.resume_code, f.resume, f.resume_server, f.focus) == ("N7TQP", "", "ws://play.example.org:8765/", "resume")
    assert _say(resume_button((0, 0, 1, 1), ("N7TQP", "", 0), "en", f.resume_server)) == \
        "Back to your match: N7TQP · on play.example.org:8765"
    # the local match kept before it is offered as an earlier one, never as "your match"
    assert (f.earlier, f.kept) == ("12-0", (("KCTSF", "12-0", 0),))
    start.click_id("resume")
    assert [(x.mode, x.server, x.table) for x in launched] == [("join", "ws://play.example.org:8765/", "N7TQP")]
    start.click_id("earlier")
    assert (launched[-1].mode, launched[-1].resume) == ("create", True) and config.load().resume_code == "KCTSF"


def test_a_spectators_visit_changes_nothing_and_the_local_match_taken_back_is_the_last_again(saved_file) -> None:  # type: ignore[no-untyped-def]
    _remember_what_worked(NET, seated=False)("N7TQP", None)  # watched a network table: no seat there
    assert config.load().last_seat == "" and _start()[0].form.resume_code == "KCTSF"
    _remember_what_worked(NET, seated=True)("N7TQP", "tok-n")
    _remember_what_worked(NET, seated=True)("N7TQP", None)  # its seat taken back (a rejoin brings no token)
    assert config.load().last_seat == "N7TQP ws://play.example.org:8765/"
    _remember_resumed("KCTSF")("KCTSF", None)  # back at the local match: it is the most recent again
    start, _ = _start()
    assert (config.load().last_seat, start.form.resume_code, start.form.resume_server, start.form.kept) == \
        ("", "KCTSF", "", ())
    assert _say(resume_button((0, 0, 1, 1), ("KCTSF", "12-0", 0), "en")) == \
        "Back to your match: KCTSF · 12-0 · on this computer"
    narrow = resume_button((0, 0, 1, 1), ("KCTSF", "12-0", 0), "en", fits=lambda text: len(text) < 40)
    assert _say(narrow) == "Back to your match: KCTSF · 12-0"  # 800x600: where it runs left out
    _remember_what_worked(NET, seated=True)("N7TQP", "tok-n")
    _remember_local_table("AW4R3", "ta")  # a new local table: the most recent match
    assert (config.load().last_seat, _start()[0].form.resume_code) == ("", "AW4R3")


def test_the_network_seat_given_up_leaves_no_match_moved_up(saved_file) -> None:  # type: ignore[no-untyped-def]
    _remember_what_worked(NET, seated=True)("N7TQP", "tok-n")
    config.update(lambda s: config.release_seat(s, NET, "N7TQP"))  # Leave there, or its match over
    saved = config.load()
    assert (saved.last_seat, saved.resume_code, saved.earlier) == ("", "", ("KCTSF tk 12-0",))
    f = _start()[0].form
    assert (f.resume, f.earlier, f.kept) == (None, "12-0", (("KCTSF", "12-0", 0),))


def test_the_label_says_which_in_another_language_and_keeps_the_server_when_narrow() -> None:
    assert server_said("wss://play.example.org/") == "play.example.org"
    assert server_said("ws://[fd00::5]:8765/") == "[fd00::5]:8765"
    net = resume_button((0, 0, 1, 1), ("N7TQP", "3-0", 0), "fr", "ws://192.168.1.20:8765/")
    assert _say(net, "fr") == "Retour à votre partie\u00a0: N7TQP · 3-0 · sur 192.168.1.20:8765"
    narrow = resume_button((0, 0, 1, 1), ("N7TQP", "3-0", 0), "en", "ws://192.168.1.20:8765/", lambda t: len(t) < 50)
    assert _say(narrow) == "Back to your match: N7TQP · on 192.168.1.20:8765"


def _plain_play() -> Any:
    """What a plain ``doublenine play`` launches (client/cli.py: create, resume, Play now, then last_match)."""
    from doublenine.client.launcher import last_match
    from doublenine.client.scenes.startform import Launch
    return last_match(Launch("create", "Ana", "en", resume=True, quick=True), config.load())


def test_s16_evening_f8_plain_play_comes_back_to_the_network_seat_as_the_button_does(saved_file) -> None:  # type: ignore[no-untyped-def]
    """Evening s16 F8 (session 17): after the player sat at a network table, plain ``play`` resumed the older
    local match while "Back to your match" named the network one. Now both go to the same match."""
    _remember_what_worked(NET, seated=True)("N7TQP", "tok-n")
    start, launched = _start()
    start.click_id("resume")
    plain = _plain_play()
    assert (plain.mode, plain.server, plain.table, plain.resume) == ("join", "ws://play.example.org:8765/", "N7TQP", False)
    assert [(x.mode, x.server, x.table) for x in launched] == [(plain.mode, plain.server, plain.table)]


def test_plain_play_comes_back_to_the_local_match_when_it_is_the_last(saved_file) -> None:  # type: ignore[no-untyped-def]
    """The local match taken back after the network seat, or the network seat given up: the kept local match,
    for the button and for plain ``play`` alike (a create with ``resume``)."""
    _remember_what_worked(NET, seated=True)("N7TQP", "tok-n")
    _remember_resumed("KCTSF")("KCTSF", None)  # the local match taken back: the most recent again
    start, launched = _start()
    start.click_id("resume")
    plain = _plain_play()
    assert (plain.mode, plain.server, plain.resume, plain.quick) == ("create", "", True, True)
    assert [(x.mode, x.server, x.resume) for x in launched] == [("create", "", True)]
    _remember_what_worked(NET, seated=True)("N7TQP", "tok-n")
    config.update(lambda s: config.release_seat(s, NET, "N7TQP"))  # its seat given up: no match moved up
    assert (_plain_play().mode, _plain_play().server) == ("create", "")


def test_s16_evening_f8_through_cli_run_plain_play_joins_the_network_seat(saved_file, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The same through ``cli.run`` (no window): a plain ``play`` launches the join of the network seat."""
    import argparse

    from doublenine.client import app, cli
    config.update(lambda s: config.replace(s, asked_name=True, name="Ana"))
    _remember_what_worked(NET, seated=True)("N7TQP", "tok-n")
    launches: list[Any] = []

    class NoWindow:
        def __init__(self, *a: Any, **k: Any) -> None: ...

        def push(self, scene: Any) -> None: ...

        def run(self) -> int:
            return 0

    monkeypatch.setattr(app, "App", NoWindow)
    monkeypatch.setattr(cli, "make_launcher", lambda *a, **k: lambda launch: launches.append(launch) or "table")
    parser = argparse.ArgumentParser()
    cli.add_arguments(parser)
    assert cli.run(parser.parse_args([])) == 0
    assert [(x.mode, x.server, x.table) for x in launches] == [("join", "ws://play.example.org:8765/", "N7TQP")]
    assert cli.run(parser.parse_args(["--seed", "3"])) == 0  # a new table asked for: a new table
    assert (launches[-1].mode, launches[-1].server, launches[-1].seed) == ("create", "", 3)


@pytest.mark.parametrize(("key", "params", "forgotten"), [
    ("table.closed", {"code": "N7TQP", "host": "play.example.org", "port": 8765}, True),
    ("net.unreachable", {"host": "play.example.org", "port": 8765}, False)])
def test_attacker_s17_f9_a_network_seat_that_fails_gives_the_local_game_and_a_gone_one_is_forgotten(
        saved_file, monkeypatch, key: str, params: dict[str, Any], forgotten: bool) -> None:  # type: ignore[no-untyped-def]
    """Attacker s17 F9: after one seat at a stranger's server, every plain ``play`` went there and failed for good
    once that server or table was gone. The network seat is tried; where it fails, the local launch plain ``play``
    would have made is made and the table says why; a table gone for good is forgotten as the last match (the
    next plain ``play`` is local at once), an unreachable server is kept (it may be back)."""
    import argparse

    from doublenine.client import app, cli
    from doublenine.shared.failures import Failure, FailureError
    config.update(lambda s: config.replace(s, asked_name=True, name="Ana"))
    _remember_what_worked(NET, seated=True)("N7TQP", "tok-n")
    launches: list[Any] = []
    told: list[tuple[str, float]] = []

    class Table:
        def tell(self, text: str, seconds: float) -> None:
            told.append((text, seconds))

    def launcher(launch: Any) -> Any:
        launches.append(launch)
        if launch.mode == "join":
            raise FailureError(Failure(key, params))
        return Table()

    class NoWindow:
        def __init__(self, *a: Any, **k: Any) -> None: ...

        def push(self, scene: Any) -> None: ...

        def run(self) -> int:
            return 0

    monkeypatch.setattr(app, "App", NoWindow)
    monkeypatch.setattr(cli, "make_launcher", lambda *a, **k: launcher)
    parser = argparse.ArgumentParser()
    cli.add_arguments(parser)
    assert cli.run(parser.parse_args([])) == 0
    assert [(x.mode, x.server, x.resume) for x in launches] == [("join", NET, False), ("create", "", True)]
    assert told == [(tr("en", cli.BACK_FAILED, server=NET, reason=Failure(key, params).text("en")), 12.0)]
    assert told[0][0].startswith(f"Your match at {NET} could not be opened, so this is a game on this computer. ")
    assert (config.load().last_seat == "") is forgotten
    assert (_plain_play().mode == "create") is forgotten


def test_translator_s17_f11_a_local_match_keeps_its_score_before_where_it_runs() -> None:
    """Translator s17 F11 (de 800x600): "Zurück zu Ihrer Partie: K7QPA · auf diesem Computer", the score dropped
    first. Kind: the detail that tells a match from another given up before one that does not (a local match)."""
    de = resume_button((0, 0, 1, 1), ("K7QPA", "19-0", 0), "de", fits=lambda text: len(text) < 45)
    assert _say(de, "de") == "Zurück zu Ihrer Partie: K7QPA · 19-0"
