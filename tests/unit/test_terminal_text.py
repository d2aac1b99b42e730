"""Attacker F7, kind: a command echoing a person's text (a pasted invite, a table code, a path, an error's
words, a log line) printed it raw, so ``AB\\x1b[31mCDE`` turned the terminal red, an OSC sequence retitled it
and U+202E reversed the rest of the line. Every such echo now goes through one function,
``shared.cleantext.for_terminal``: what was typed stays readable, each character a terminal would obey or
hide is written as its escape."""
from __future__ import annotations

import json
import logging

import pytest

from doublenine.cli import main
from doublenine.shared.cleantext import for_terminal

RED, TITLE, BIDI = "\x1b[31m", "\x1b]0;PWN\x07", "\u202e"


def _raw(text: str) -> list[str]:
    """Characters of ``text`` a terminal obeys or draws as nothing (none may be echoed as themselves)."""
    return [c for c in text if c in "\x1b\x07\r\n\u202e\u2066\u200b"]


@pytest.mark.parametrize(("raw", "shown"), [
    ("AB\x1b[31mCDE", "AB\\x1b[31mCDE"), (TITLE, "\\x1b]0;PWN\\x07"), ("ab\u202edc", "ab\\u202edc"),
    ("a\nb\rc\td", "a\\nb\\rc\\td"), ("\u2066x\u2069\u200b", "\\u2066x\\u2069\\u200b"), ("\ud800", "\\ud800"),
    ("José 席 x\u00a0: ok", "José 席 x\u00a0: ok"), ("\u2028\u2029", "\\u2028\\u2029"),
])
def test_f7_for_terminal_escapes_what_a_terminal_obeys_and_keeps_the_rest(raw: str, shown: str) -> None:
    assert for_terminal(raw) == shown


def test_f7_for_terminal_is_bounded() -> None:
    assert for_terminal("x" * 5000) == "x" * 2000 + "…"
    assert for_terminal(OSError("no such file: \x1b[2J")) == "no such file: \\x1b[2J"


@pytest.fixture
def no_config(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    from doublenine.client import config

    monkeypatch.setattr(config, "config_path", lambda: tmp_path / "client.json")
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")


@pytest.mark.usefixtures("no_config")
@pytest.mark.parametrize("argv", [
    ["--join", f"doublenine://127.0.0.1:18800/AB{RED}CDE"],
    ["--server", "ws://127.0.0.1:9/", "--table", f"AB{TITLE}"],
    ["--server", "ws://127.0.0.1:9/", "--table", f"AB{BIDI}CDEFG"],
    ["--server", f"ws://127.0.0.{RED}1:9/", "--table", "KQ7PM"],
])
@pytest.mark.parametrize("autoplay", [True, False])
def test_f7_play_echoes_a_pasted_invite_or_code_escaped(capsys, argv: list[str], autoplay: bool) -> None:  # type: ignore[no-untyped-def]
    assert main(["play", "--lang", "en", *argv, *(["--autoplay"] if autoplay else [])]) == 2
    out, err = capsys.readouterr()
    said = err  # every command's errors: stderr (s12); stdout holds only --autoplay's JSON line
    assert out == "" or autoplay
    assert said.startswith("doublenine play: ") and said.endswith("\n") and said.count("\n") == 1
    assert _raw(said[:-1]) == [] and ("\\x1b" in said or "\\u202e" in said)
    if autoplay:
        assert _raw(out[:-1]) == [] and json.loads(out)["autoplay"] == "failed"


def test_f7_serve_echoes_a_db_path_escaped(capsys, tmp_path) -> None:  # type: ignore[no-untyped-def]
    assert main(["serve", "--db", str(tmp_path / f"no{RED}where" / "x.sqlite3")]) == 2
    std, out = capsys.readouterr()  # the refusal: stderr (s12)
    assert std == "" and out.startswith("doublenine serve: ") and _raw(out[:-1]) == [] and "no\\x1b[31mwhere" in out


def test_f7_selfplay_echoes_a_per_match_path_escaped(capsys, tmp_path) -> None:  # type: ignore[no-untyped-def]
    assert main(["selfplay", "--matches", "2", "--per-match", str(tmp_path / f"no{BIDI}pe" / "x.jsonl")]) == 2
    std, out = capsys.readouterr()  # the refusal: stderr (s12)
    assert std == "" and out.startswith("doublenine selfplay: cannot write --per-match ") and _raw(out[:-1]) == [] and "\\u202e" in out


def test_f7_a_server_log_line_never_carries_a_terminal_escape() -> None:
    from doublenine.server.logfmt import FIELDS_ATTR, OneLineFormatter

    record = logging.LogRecord("doublenine.server", logging.WARNING, __file__, 1, "name %s refused", (f"Ana{TITLE}",), None)
    setattr(record, FIELDS_ATTR, {"name": f"Bo{RED}b", "code": f"K{BIDI}Q", "plain": "KQ7PM"})
    line = OneLineFormatter().format(record)
    assert _raw(line) == []
    assert line.split(" ", 2)[2] == ('name Ana\\x1b]0;PWN\\x07 refused name="Bo\\u001b[31mb" code="K\\u202eQ" '
                                     'plain=KQ7PM')
