"""s14: the docs players and operators read name the seats as the window does (South, East, North, West),
never "seat 1" alone; a protocol or developer doc may keep the numbers (R2) but says the mapping once.
Kind: a doc using another name for a thing than the window's (README said "the South seat (seat 1)" and
'set "North (partner)", seat 3, to Human' where the window says only North)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = ["README.md", "docs/operations.md", "docs/packaging.md", "docs/translating.md"]
"""Docs a player or an operator reads."""
DEVELOPERS = ["docs/protocol.md", "docs/hand-script.md", "docs/match-record.md",
              "docs/performance.md", "docs/computer-players.md"]
"""Docs that speak the protocol's and the engine's seat numbers (1..4, R2). docs/RULES.md is the team's rule
book copied as it is (tests/docs/test_links.py): its R2 numbers the seats and draws them, as the code does."""
NUMBERED = re.compile(r"\b[Ss]eats? \d\b|\bseat N\b|--seat \d")
NAMES = ("South", "East", "North", "West")


def _numbered_lines(path: str) -> list[tuple[str, str]]:
    """(line, the line with its neighbours) of each line of ``path`` with a seat number."""
    lines = (ROOT / path).read_text(encoding="utf-8").splitlines()
    return [(line, "\n".join(lines[max(0, i - 1):i + 2])) for i, line in enumerate(lines) if NUMBERED.search(line)]


@pytest.mark.parametrize("path", PLAYERS)
def test_a_players_doc_names_a_numbered_seat_by_its_window_name(path: str) -> None:
    """A seat number appears only where the command line takes one (``--seat N``), with the window's name
    of that seat beside it (on its line or the one before or after: a command's comment)."""
    bare = [line for line, near in _numbered_lines(path) if not any(name in near for name in NAMES)]
    assert bare == [], f"{path}: say the window's name (South, East, North, West)"


@pytest.mark.parametrize("path", DEVELOPERS)
def test_a_developers_doc_with_seat_numbers_says_the_mapping(path: str) -> None:
    text = (ROOT / path).read_text(encoding="utf-8")
    assert _numbered_lines(path), f"{path} has no seat number: take it off this list"
    assert "South" in text, f"{path}: say once that seat 1 is the window's South (2 East, 3 North, 4 West)"


def test_the_reported_readme_lines_say_north_not_seat_3() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "(seat 1)" not in readme and '"North (partner)", seat 3' not in readme
    assert "`--seat N`: 1 South, 2 East, 3 North, 4 West" in readme
