"""The docs a new user follows point at files that exist, and the rule book is current."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


@pytest.mark.parametrize("doc", ["README.md", *sorted(p.relative_to(ROOT).as_posix()
                                                       for p in (ROOT / "docs").glob("*.md"))])
def test_relative_links_resolve_inside_the_repository(doc: str) -> None:
    path = ROOT / doc
    broken = []
    for target in LINK.findall(path.read_text(encoding="utf-8")):
        if "://" in target or target.startswith("mailto:"):
            continue
        resolved = (path.parent / target).resolve()
        if not resolved.exists() or ROOT not in resolved.parents:
            broken.append(target)
    assert broken == []


def test_the_shipped_rule_book_is_the_team_rule_book() -> None:
    team = ROOT.parent / "shared" / "RULES.md"
    if not team.exists():
        pytest.skip("no team folder beside this checkout")
    assert (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8") == team.read_text(encoding="utf-8")
