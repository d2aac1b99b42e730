"""Every subcommand says its errors on stderr, one line, with a nonzero exit code as documented (README,
"Exit codes"); stdout holds only results (s12 item 2: ``serve``'s start errors were split between stdout
and stderr; ``bot``, ``selfplay``, ``play``, ``desktop-install`` said theirs on stdout). Kind: an error
said on stdout. ``replay`` keeps its one JSON object on stdout (docs/hand-script.md) and says why on
stderr too."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from doublenine.cli import main

pytestmark = pytest.mark.usefixtures("own_folders")  # a language saved by another test is not seen


@pytest.fixture(autouse=True)
def _english(monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setenv("LANGUAGE", "en")
    monkeypatch.delenv("DOUBLENINE_DB", raising=False)


def _said(capsys, argv: list[str]) -> tuple[int, str, str]:  # type: ignore[no-untyped-def]
    try:
        code = main(argv)
    except SystemExit as done:
        code = int(done.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_the_reported_case_serve_says_a_missing_store_folder_on_stderr(capsys, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path / "nowhere"
    assert _said(capsys, ["serve", "--db", str(folder / "t.sqlite3")]) == (
        2, "", f"doublenine serve: --db {folder / 't.sqlite3'}: the folder {folder} does not exist. Check the "
               "path for a typo, or create the folder first.\n")


@pytest.mark.parametrize("argv, code, line", [
    (["bot", "--server", "127.0.0.1:9", "--table", "OOOOO"], 2,
     "doublenine bot: “OOOOO” is not a table code: 5 letters and digits, without 0, 1, I, L, O or U."),
    (["selfplay", "--matches", "2", "--expert-setting", "lam=2"], 2,
     "doublenine selfplay: --expert-setting changes the expert level, which neither team plays"),
    (["copy-store", "--from", "a.sqlite3"], 2, "doublenine copy-store: no target: give --to, or set $DOUBLENINE_DB"),
    (["play", "--lang", "en", "--server", "ws://127.0.0.1:²/"], 2,
     "doublenine play: “ws://127.0.0.1:²/” is not a server address. It should look like HOST:PORT or "
     "ws://HOST:PORT/ (wss:// behind TLS)."),
])
def test_each_commands_refusal_is_one_line_on_stderr(capsys, argv: list[str], code: int, line: str) -> None:  # type: ignore[no-untyped-def]
    assert _said(capsys, argv) == (code, "", line + "\n")


def test_desktop_install_says_a_file_it_cannot_read_on_stderr(capsys, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "mimeapps.list").write_bytes(b"\xff\xfe")
    code, out, err = _said(capsys, ["desktop-install"])
    assert (code, out) == (1, "") and err.startswith("doublenine desktop-install: ") and err.count("\n") == 1


def test_replay_keeps_its_json_on_stdout_and_says_why_on_stderr(capsys, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    missing = tmp_path / "none.json"
    code, out, err = _said(capsys, ["replay", str(missing)])
    message = f"cannot read {missing}: No such file or directory"
    assert (code, json.loads(out)) == (2, {"error": {"code": "UNREADABLE", "move_index": None, "message": message}})
    assert err == f"doublenine replay: UNREADABLE: {message}\n"


def test_no_command_is_a_refusal_with_the_help_on_stderr(capsys) -> None:  # type: ignore[no-untyped-def]
    code, out, err = _said(capsys, [])
    assert (code, out) == (2, "") and err.startswith("usage: doublenine [-h] [--version] COMMAND ...")
