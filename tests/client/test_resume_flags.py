"""New user: ``play --tracker --name Player`` came back to the remembered match (no Tiles button, the
old name): flags that describe a new table start one instead of resuming (D7 applies to a bare start)."""
from __future__ import annotations

import argparse
from typing import Any

import pytest

from doublenine.client import config
from doublenine.client.config import Settings


@pytest.fixture(autouse=True)
def _config_in_tmp(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(config, "config_path", lambda: tmp_path / "client.json")


def _launch_of(monkeypatch: Any, argv: list[str]) -> Any:
    from doublenine.client import app, cli
    launches: list[Any] = []

    class NoWindow:
        def __init__(self, *a: Any, **k: Any) -> None:
            pass

        def push(self, scene: Any) -> None:
            pass

        def run(self) -> int:
            return 0

    monkeypatch.setattr(app, "App", NoWindow)
    monkeypatch.setattr(cli, "make_launcher", lambda *a, **k: launches.append)
    parser = argparse.ArgumentParser()
    cli.add_arguments(parser)
    assert cli.run(parser.parse_args(argv)) == 0
    assert len(launches) == 1
    return launches[0]


@pytest.mark.parametrize("flags", [["--tracker"], ["--phrases-only"], ["--level", "easy"], ["--seed", "7"],
                                   ["--public"]])
def test_d7_flags_that_describe_a_new_table_start_one_instead_of_resuming(monkeypatch, flags) -> None:  # type: ignore[no-untyped-def]
    config.save(Settings(name="Ana", resume_code="K959E", resume_token="tok"))
    launch = _launch_of(monkeypatch, [*flags, "--name", "Player"])
    assert (launch.mode, launch.resume, launch.name) == ("create", False, "Player")
    assert launch.level == ("easy" if "--level" in flags else "expert")
    assert launch.tracker is ("--tracker" in flags)


def test_d7_a_bare_start_comes_back_to_the_remembered_match(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    config.save(Settings(name="Ana", resume_code="K959E", resume_token="tok"))
    launch = _launch_of(monkeypatch, ["--name", "Bea"])
    assert (launch.mode, launch.resume, launch.level) == ("create", True, "expert")
