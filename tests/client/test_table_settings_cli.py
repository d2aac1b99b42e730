"""Issues 14.3, 15 and 13.3: `doublenine play --tracker --phrases-only --public` creates a table with those settings."""
from __future__ import annotations

import json

import pytest

from doublenine.cli import main


def test_play_flags_set_the_new_tables_settings(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--autoplay", "--tracker", "--phrases-only", "--public", "--seed", "11",
                 "--size", "800x600"]) == 0
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert out["autoplay"] == "hand over"
    assert out["settings"] == {"chat": "phrases_in_hand", "tracker": True, "public": True}


def test_a_new_table_allows_no_tracker_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--autoplay", "--seed", "11", "--size", "800x600"]) == 0
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert out["settings"] == {"chat": "free", "tracker": False, "public": False}
