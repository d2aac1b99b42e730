"""The list of earlier matches says who played each one (new user: "Table MWP24 · 0-7 · on this computer"
beside two other tables told nothing of the match itself; the players' names tell matches apart).

The names are remembered with the kept match (config.players, written with its score when the table's
window closes) and are outside text when read back: cleaned as a server's (shared/cleantext.py), at most
32 characters each, a server's default name translated, and elided when the row is too narrow.
"""
from __future__ import annotations

import json
import os
from dataclasses import replace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from test_kept_matches import REPORTED  # noqa: E402

from doublenine.client import config  # noqa: E402
from doublenine.client.art import Art  # noqa: E402
from doublenine.client.input import Viewport  # noqa: E402
from doublenine.client.scenes.kept import players_text  # noqa: E402
from doublenine.client.scenes.start import StartScene, draw_start  # noqa: E402
from doublenine.client.typeset import watch  # noqa: E402


@pytest.fixture(autouse=True)
def _config_in_tmp(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(config, "config_path", lambda: tmp_path / "client.json")
    pygame.display.init()
    pygame.font.init()


def test_the_names_are_kept_with_the_match_and_follow_it_among_the_earlier_ones() -> None:
    saved = config.remember_players(config.Settings(resume_code="MWP24", resume_token="tm"), "MWP24",
                                    ("José", "Zoë", "East", "Brontë"))
    saved = config.keep_match(saved, "8JFBR", "tj")  # a new table: MWP24 goes among the earlier ones
    config.save(saved)
    assert config.kept_players(config.load(), "MWP24") == ("José", "Zoë", "East", "Brontë")
    assert config.kept_players(config.load(), "8JFBR") == ()
    dropped = config.remember_players(replace(saved, earlier=()), "8JFBR", ("A", "B", "C", "D"))
    assert [e.split("\t")[0] for e in dropped.players] == ["8JFBR"]  # no longer kept: forgotten


def test_names_read_back_are_cleaned_and_bounded(tmp_path) -> None:
    hostile = ["MWP24\tJos\u00e9\u202e\x1b[31m\tZ" + "o" * 200 + "\t\u3164\u3164\tAna",
               "not a code\tA\tB\tC\tD", "DWFBM\tonly three\tnames\there", 7, "8JFBR\t" + "x" * 5000 + "\tB\tC\tD"]
    (tmp_path / "client.json").write_text(json.dumps({"players": hostile}), encoding="utf-8")
    saved = config.load()
    assert config.kept_players(saved, "MWP24") == ("José[31m", "Z" + "o" * 31, "", "Ana")
    assert config.kept_players(saved, "DWFBM") == () and config.kept_players(saved, "8JFBR") == ()


def test_players_are_named_as_the_table_names_them() -> None:
    assert players_text("fr", ("José", "", "North", "Brontë")) == "José, Place 2, Nord, Brontë"
    assert players_text("en", ("", "", "", "")) == "" and players_text("en", ()) == ""


def test_the_list_shows_who_played_each_match_elided_when_long() -> None:
    long = "Maximiliano Alejandro de la Vega"
    saved = replace(REPORTED, players=("MWP24\tJosé\tZoë\tEast\tBrontë", f"8JFBR\t{long}\t{long}\t{long}\t{long}"))
    config.save(saved)
    scene = StartScene(config.load(), lambda launch: "TABLE")
    scene.resize(Viewport((1280, 800), (1280, 800)))
    scene.click_id("earlier")
    surface = pygame.Surface((1280, 800))
    with watch() as seen:
        draw_start(surface, Art(), scene.form, (1280, 800))
    drawn = {d.text: d for d in seen}
    assert "José, Zoë, East, Brontë" in drawn and not drawn["José, Zoë, East, Brontë"].shortened
    four = ", ".join([long] * 4)
    assert drawn[four].shortened and drawn[four].drawn_width <= drawn[four].width
    assert "Table DWFBM · 0-0 · hosted on port 8765" in drawn  # a match with no names kept: as before
