"""Operator s11 finding 4: operations.md and the systemd unit said ``pip install 'doublenine[postgres]'``,
but doublenine is not on PyPI (``pip index versions doublenine``: "No matching distribution found"), and
anyone may publish that name there: an operator following the docs word for word would install theirs.

Kind: an install line that fetches the bare name ``doublenine`` from a package index. Every document,
deploy file and source file (whose messages print install lines) installs the wheel, a checkout or the
git repository instead; a line that names the bare package only does so to warn (PyPI said beside it)."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BARE_NAME = re.compile(r"pipx? install\s+['\"]?doublenine(\[[\w,]+\])?['\"]?(?!\s*@)(?![-\w./\[])")
"""``pip install doublenine``, ``pip install 'doublenine[postgres]'``; not a wheel
(``doublenine-0.1.0-...whl``), a path, or ``'doublenine[postgres] @ git+https://...'``."""


def _files() -> list[Path]:
    files = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    files += sorted(p for p in (ROOT / "deploy").rglob("*") if p.is_file())
    for package in ("server", "client", "shared", "doublenine"):
        files += sorted((ROOT / package).rglob("*.py"))
    files += sorted((ROOT / "shared/i18n").glob("*.po*"))
    return files


def bare_installs(text: str) -> list[str]:
    """The install lines of ``text`` that fetch ``doublenine`` by name from an index, with no word of
    PyPI within 300 characters (a warning says it)."""
    return [m.group(0) for m in BARE_NAME.finditer(text)
            if "PyPI" not in text[max(0, m.start() - 300):m.end() + 300]]


def test_the_pattern_finds_what_the_operator_followed() -> None:
    assert bare_installs("1. Install: `/opt/doublenine/bin/pip install 'doublenine[postgres]'` (from a checkout)") \
        == ["pip install 'doublenine[postgres]'"]
    assert bare_installs("pipx install doublenine\n") == ["pipx install doublenine"]
    assert bare_installs("pip install '/tmp/doublenine-0.1.0-py3-none-any.whl[postgres]' "
                         "pip install 'doublenine[postgres] @ git+https://h/doublenine.git@abc' "
                         "pip install doublenine-0.1.0-py3-none-any.whl pip install ./doublenine") == []


def test_s11_4_nothing_installs_doublenine_from_a_package_index() -> None:
    found = {str(p.relative_to(ROOT)): bare_installs(p.read_text(encoding="utf-8", errors="replace"))
             for p in _files()}
    assert {name: lines for name, lines in found.items() if lines} == {}


def test_the_operators_install_steps_say_how_to_install() -> None:
    ops = (ROOT / "docs/operations.md").read_text(encoding="utf-8")
    unit = (ROOT / "deploy/systemd/doublenine@.service").read_text(encoding="utf-8")
    wheel_line = ("python3 -m venv /opt/doublenine-4766786 && /opt/doublenine-4766786/bin/pip install "
                  "'/tmp/doublenine-0.1.0-py3-none-any.whl[postgres]' && ln -s /opt/doublenine-4766786 /opt/doublenine")
    assert wheel_line in ops and wheel_line in unit
    assert "not published on PyPI" in ops and "not on PyPI" in unit
    assert "'doublenine[postgres] @ git+https://GIT-HOST/PATH/doublenine.git@COMMIT'" in ops
