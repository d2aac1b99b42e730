"""``doublenine --version`` (new user s10: there was none): the installed package's version."""
from __future__ import annotations

import re

import tomllib
from pathlib import Path

import pytest

from doublenine.cli import main


def test_version_prints_the_package_version_and_exits_0(capsys) -> None:  # type: ignore[no-untyped-def]
    project = tomllib.loads((Path(__file__).resolve().parents[2] / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["version"] == "0.1.0"
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    # the release, then the build where pip recorded one (operator s17 F1: "0.1.0+g" and 12 digits of the commit;
    # none where git could not say within its bound)
    assert re.fullmatch(r"doublenine 0\.1\.0(\+(g[0-9a-f]{12}(\.dirty)?|sha256\.[0-9a-f]{12}))?\n", capsys.readouterr().out)
