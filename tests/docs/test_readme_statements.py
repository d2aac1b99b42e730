"""New user: README statements that were wrong -- ``python -m build`` with a Python that has no ``build``,
a ``doublenine bot`` example that meets SEAT_TAKEN, and table codes said to be five while the bad-code
message said 3 to 12. Each statement is checked against what the code does."""
from __future__ import annotations

import re
from pathlib import Path

from doublenine.server.registry import CODE_LENGTH
from doublenine.shared.invite import CODE_LENGTHS

README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
WORDS = {"five": 5}


def test_the_readme_never_builds_with_a_bare_python() -> None:
    assert not re.search(r"(?<![/\w])python3? -m build", README)
    assert ".venv/bin/python -m build" in README and "pip install build" in README


def test_the_readme_says_a_bot_needs_a_free_human_seat() -> None:
    bot = README.index("doublenine bot --server")
    after = README[bot:bot + 900]
    assert "SEAT_TAKEN" in after and "**Human**" in after


def test_the_readme_says_the_code_lengths_the_server_makes_and_the_window_accepts() -> None:
    said = re.search(r"our server makes them (\w+) long; the window and the invites accept (\d+) to\s+(\d+)", README)
    assert said is not None
    assert WORDS[said.group(1)] == CODE_LENGTH
    assert range(int(said.group(2)), int(said.group(3)) + 1) == CODE_LENGTHS
