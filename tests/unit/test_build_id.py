"""``doublenine --version``, the ``serving on ... version=`` line and ``doublenine_build_info`` name the code, not
only the package (operator s17 F1: releases 4766786 and f347c6b, 67 commits apart, both said ``0.1.0``).

The build comes from what pip recorded of where the installation came from (PEP 610 ``direct_url.json``): the
commit of a git URL or of an editable checkout, the hash of a wheel file. Exact values, fake records, and a real
git checkout for the editable case.
"""
from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from doublenine import cli


class Dist:
    def __init__(self, record: dict[str, Any] | None) -> None:
        self.record = record

    def read_text(self, name: str) -> str | None:
        assert name == "direct_url.json"
        return None if self.record is None else json.dumps(self.record)


def built(monkeypatch: pytest.MonkeyPatch, record: dict[str, Any] | None) -> str:
    import importlib.metadata

    monkeypatch.setattr(importlib.metadata, "distribution", lambda name: Dist(record))
    monkeypatch.setattr(importlib.metadata, "version", lambda name: "0.1.0")
    monkeypatch.setattr(cli, "_BUILD", [])
    return cli.installed_version()


def test_f1_a_git_install_names_its_commit_a_wheel_its_hash_an_index_install_its_version(
        monkeypatch: pytest.MonkeyPatch) -> None:
    old = {"url": "https://git.example/doublenine.git", "vcs_info": {"vcs": "git", "commit_id": "4766786" + "0" * 33}}
    new = {"url": "https://git.example/doublenine.git", "vcs_info": {"vcs": "git", "commit_id": "f347c6b" + "1" * 33}}
    assert built(monkeypatch, old) == "0.1.0+g476678600000"
    assert built(monkeypatch, new) == "0.1.0+gf347c6b11111"  # the reported pair, told apart
    wheel = {"url": "file:///tmp/doublenine-0.1.0-py3-none-any.whl",
             "archive_info": {"hashes": {"sha256": "3f2a9c1b7d4e" + "5" * 52}}}
    assert built(monkeypatch, wheel) == "0.1.0+sha256.3f2a9c1b7d4e"
    older_pip = {"url": "file:///tmp/d.whl", "archive_info": {"hash": "sha256=" + "ab" * 32}}
    assert built(monkeypatch, older_pip) == "0.1.0+sha256.abababababab"
    assert built(monkeypatch, None) == "0.1.0"  # from an index: its version names it
    for odd in ({"vcs_info": {"commit_id": "not hex; rm -rf"}}, {"archive_info": {"hashes": {"sha256": "xyz"}}},
                {"dir_info": {"editable": False}, "url": "file:///nowhere"}, {"url": 5}):
        assert built(monkeypatch, odd) == "0.1.0", odd  # a record that says nothing usable: nothing made up


def test_f1_an_editable_checkout_names_its_commit_and_says_when_it_holds_changes(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    def git(*args: str) -> str:
        return subprocess.run(["git", "-C", str(tmp_path), *args], check=True, capture_output=True, text=True,
                              env={"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t",
                                   "GIT_COMMITTER_EMAIL": "t@t", "HOME": str(tmp_path), "PATH": "/usr/bin:/bin"}
                              ).stdout.strip()

    git("init", "-q")
    (tmp_path / "f.txt").write_text("a")
    git("add", "f.txt")
    git("commit", "-q", "-m", "one")
    head = git("rev-parse", "HEAD")
    record = {"url": tmp_path.as_uri(), "dir_info": {"editable": True}}
    assert built(monkeypatch, record) == f"0.1.0+g{head[:12]}"
    (tmp_path / "f.txt").write_text("b")
    assert built(monkeypatch, record) == f"0.1.0+g{head[:12]}.dirty"
