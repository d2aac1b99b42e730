"""Tests write only in their temp folder (tmp_path, tmp_path_factory, conftest's TEST_HOME): a fixed
/tmp path is shared by every run and user on the machine (code read: test_restart_hosted saved its
screenshots to /tmp/w2-hosted-*.png, where a parallel run overwrote them and another user's file
made the save fail)."""
from __future__ import annotations

import re
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]

WRITES_TO_FIXED_TMP = re.compile(
    r"""(?:\.save|write_text|write_bytes|\bopen|mkdir|copy\w*|move)\([^)\n]*["'](?:/tmp|/var/tmp)/""")
"""A call that writes, given a literal path under /tmp or /var/tmp (an argument only parsed, such as
``["--autoplay-shots", "/tmp/x"]``, is no write)."""


def test_the_pattern_finds_what_it_is_for() -> None:
    assert WRITES_TO_FIXED_TMP.search('pygame.image.save(surf, "/tmp/w2-hosted-lost.png")')
    assert WRITES_TO_FIXED_TMP.search("Path('x').write_text(open('/var/tmp/a', 'w'))")
    assert not WRITES_TO_FIXED_TMP.search('pygame.image.save(surf, str(tmp_path / "a.png"))')
    assert not WRITES_TO_FIXED_TMP.search('(["--autoplay-shots", "/tmp/nowhere"], "needs --autoplay.")')


def test_no_test_writes_to_a_fixed_tmp_path() -> None:
    found = [f"{path.relative_to(TESTS)}:{n}" for path in sorted(TESTS.rglob("*.py"))
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if WRITES_TO_FIXED_TMP.search(line) and path.name != Path(__file__).name]
    assert found == []
