"""New user: README statements that were wrong -- ``python -m build`` with a Python that has no ``build``,
a ``doublenine bot`` example that meets SEAT_TAKEN, and table codes said to be five while the bad-code
message said 3 to 12 (now the window accepts five, exactly what the server makes). Each statement is checked against what the code does."""
from __future__ import annotations

import re
from pathlib import Path

from doublenine.shared.invite import InviteError, normalize_code
from doublenine.shared.tablecode import CODE_ALPHABET, CODE_LENGTH

README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
WORDS = {"five": 5}


def test_the_readme_never_builds_with_a_bare_python() -> None:
    assert not re.search(r"(?<![/\w])python3? -m build", README)
    assert ".venv/bin/python -m build" in README and "pip install build" in README


def test_the_readme_says_a_bot_needs_a_free_human_seat() -> None:
    bot = README.index("doublenine bot --server")
    after = README[bot:bot + 900]
    # the code the server answers a bot on a table whose other three seats are computers: no human seat
    # left (protocol.md's TABLE_FULL row; SEAT_TAKEN is a named seat someone holds: new user s11 found the
    # README said SEAT_TAKEN while `doublenine bot --seat 3` got TABLE_FULL)
    assert "`TABLE_FULL`" in after and "SEAT_TAKEN" not in after and "**Human**" in after


def test_the_readme_says_the_code_length_the_server_makes_and_the_window_accepts() -> None:
    said = re.search(r"Table codes are (\w+) letters and digits", README)
    assert said is not None
    assert WORDS[said.group(1)] == CODE_LENGTH
    assert "exactly that form" in README
    normalize_code(CODE_ALPHABET[:CODE_LENGTH])
    for other in (CODE_LENGTH - 1, CODE_LENGTH + 1):
        try:
            normalize_code(CODE_ALPHABET[:other])
        except InviteError:
            continue
        raise AssertionError(f"a {other}-character code was accepted")


def test_the_protocol_document_gives_the_code_form_the_code_has() -> None:
    protocol = (Path(__file__).resolve().parents[2] / "docs" / "protocol.md").read_text(encoding="utf-8")
    said = re.search(r"A table `code` .*? is (\d+) characters of\s+`([A-Z0-9]+)`", protocol, re.S)
    assert said is not None
    assert (int(said.group(1)), said.group(2)) == (CODE_LENGTH, CODE_ALPHABET)
