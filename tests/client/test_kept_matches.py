"""Every kept match is reachable from the start screen, each told apart (new user, after N1).

The report: a solo match at 0-7, a table hosted with a friend to 46-0, then two hosted tables nobody
joined; the start screen offered only "Back to your earlier match (0-0)" and "Back to your match (0-0)",
two labels that read the same, while client.json still kept the 0-7 and 46-0 matches. Kinds: a kept
list with only its first entry reachable; labels without what tells the matches apart; what never
started (nothing scored) pushing a match in progress out of the bounded list.
"""
from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from robot import centre, click

from doublenine.client import config
from doublenine.client.config import Settings
from doublenine.client.input import Viewport
from doublenine.client.scenes.kept import chooser_layout, earlier_button, match_label, resume_button
from doublenine.client.scenes.start import Launch, StartScene, draw_start, start_layout
from doublenine.client.text import say

REPORTED = Settings(resume_code="YPSHK", resume_token="ty", resume_score="0-0", resume_port=8765,
                    earlier=("DWFBM td 0-0 8765", "MWP24 tm 0-7", "8JFBR tj 46-0 8765"))
"""client.json as the new user found it (tokens shortened)."""


@pytest.fixture(autouse=True)
def _config_in_tmp(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(config, "config_path", lambda: tmp_path / "client.json")


def _scene(got: list[Launch]) -> StartScene:
    config.save(REPORTED)
    scene = StartScene(config.load(), lambda launch: got.append(launch) or "TABLE")
    scene.resize(Viewport((1280, 800), (1280, 800)))
    return scene


def test_every_earlier_match_is_offered_and_each_one_is_reached_by_its_code() -> None:
    for index, code in enumerate(("DWFBM", "MWP24", "8JFBR")):
        got: list[Launch] = []
        scene = _scene(got)
        assert scene.form.kept == (("DWFBM", "0-0", 8765), ("MWP24", "0-7", 0), ("8JFBR", "46-0", 8765))
        lay = start_layout((1280, 800))
        assert scene.handle(click(centre(lay["earlier"]))) is None and scene.form.choosing
        picks = chooser_layout(lay["card_join"], 3, (1280, 800))
        change = scene.handle(click(centre(picks[f"pick{index}"])))
        assert change is not None and change.kind == "push" and got and got[0].resume
        saved = config.load()
        assert saved.resume_code == code  # the chosen match is the one rejoined, with its port
        assert saved.resume_port == (0 if code == "MWP24" else 8765)
        assert {e.split(" ")[0] for e in saved.earlier} == {"YPSHK", "DWFBM", "MWP24", "8JFBR"} - {code}


def test_the_list_closes_with_escape_or_back_and_nothing_starts() -> None:
    got: list[Launch] = []
    scene = _scene(got)
    scene.click_id("earlier")
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    assert not scene.form.choosing and got == [] and config.load().resume_code == "YPSHK"
    scene.click_id("earlier")
    assert scene.click_id("pick_back") is None and not scene.form.choosing and got == []


def test_labels_name_the_table_score_and_place() -> None:
    kept = (("DWFBM", "0-0", 8765), ("MWP24", "0-7", 0))
    assert match_label("en", kept[0]) == "Table DWFBM · 0-0 · hosted on port 8765"
    assert match_label("en", ("MWP24", "", 0)) == "Table MWP24 · on this computer"
    assert match_label("fr", kept[1]) == "Table MWP24 · 0-7 · sur cet ordinateur"
    resume = resume_button((0, 0, 1, 1), ("YPSHK", "0-0", 8765), "en")
    one = earlier_button((0, 0, 1, 1), kept[:1], "en")
    assert say("en", resume.label, dict(resume.args)) == \
        "Back to your match: YPSHK · 0-0 · hosted on port 8765"  # which match, where it fits (new user s15)
    narrow = resume_button((0, 0, 1, 1), ("YPSHK", "0-0", 8765), "en", fits=lambda text: len(text) < 40)
    assert say("en", narrow.label, dict(narrow.args)) == "Back to your match: YPSHK · 0-0"  # 800x600
    assert say("en", one.label, dict(one.args)) == "Earlier match: Table DWFBM · 0-0 · hosted on port 8765"
    narrow = earlier_button((0, 0, 1, 1), kept[:1], "de", fits=lambda text: len(text) < 40)  # 800x600 in German
    assert say("de", narrow.label, dict(narrow.args)) == "Frühere Partie: DWFBM · 0-0"
    several = earlier_button((0, 0, 1, 1), kept, "de")
    assert say("de", several.label, dict(several.args)) == "Frühere Partien (2)"


def test_tables_that_never_scored_leave_before_a_match_in_progress() -> None:
    """The reported sequence, one table further: the fifth table drops an unscored one, not 46-0 or 0-7."""
    saved = config.keep_match(Settings(), "MWP24", "tm")
    saved = config.keep_match(replace(saved, resume_score="0-7"), "8JFBR", "tj", 8765)
    saved = config.keep_match(replace(saved, resume_score="46-0"), "DWFBM", "td", 8765)
    saved = config.keep_match(replace(saved, resume_score="0-0"), "YPSHK", "ty", 8765)
    assert saved.earlier == ("DWFBM td 0-0 8765", "8JFBR tj 46-0 8765", "MWP24 tm 0-7")  # four: all kept
    saved = config.keep_match(saved, "K7QPA", "tk")  # YPSHK (nothing scored) goes earlier: DWFBM leaves
    assert saved.earlier == ("YPSHK ty - 8765", "8JFBR tj 46-0 8765", "MWP24 tm 0-7")
    assert len(config.keep_match(saved, "K7QPB", "tb").earlier) == config.MAX_EARLIER
    scored = Settings(resume_code="AAAAA", resume_token="ta", resume_score="1-0",
                      earlier=("BBBBB tb 2-0", "CCCCC tc 3-0", "DDDDD td 4-0"))
    assert config.keep_match(scored, "EEEEE", "te").earlier == ("AAAAA ta 1-0", "BBBBB tb 2-0", "CCCCC tc 3-0")


def test_start_screen_with_the_list_open_draws(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Render smoke test (SDL_VIDEODRIVER=dummy); the PNG is kept in tmp_path for a look."""
    scene = _scene([])
    scene.click_id("earlier")
    surface = pygame.Surface((1280, 800), pygame.SRCALPHA)
    draw_start(surface, scene.art, scene.form, (1280, 800))
    pygame.image.save(surface, str(tmp_path / "kept.png"))
    assert surface.get_at(centre(chooser_layout(start_layout((1280, 800))["card_join"], 3, (1280, 800))["pick0"]))


def test_a_later_match_of_a_table_says_which_match_its_score_is() -> None:
    """New user s10 (st05.png): "Partie précédente : V53H3 · 0-0" for a table whose first match had finished
    148-60: the window was left in its second match, just begun. The score remembered says which match."""
    from client_helpers import session_at

    from doublenine.client.scenes.table import TableScene
    from doublenine.client.store import ClientState

    assert (config.score_entry(1, 148, 60), config.score_entry(2, 0, 0)) == ("148-60", "0-0/2")
    assert (config.read_score("148-60"), config.read_score("0-0/2")) == ((148, 60, 1), (0, 0, 2))
    for bad in ("0-0/0", "0-0/", "0-0/x", "٣-0", "1-2-3", "0-0/2/3", "-", "12345-0", "1-1/" + "9" * 12):
        assert config.read_score(bad) is None, bad
    config.save(Settings(resume_code="V53H3", resume_token="tv"))
    scene = TableScene(session_at(lambda s: s.phase.name == "PLAY"), "fr")
    view = scene.session.state.view
    scene.session.state = replace(ClientState(), table="V53H3", view=replace(view, match=2, scores=(0, 0)),
                                  names=scene.session.state.names)
    scene._remember_score()
    assert config.load().resume_score == "0-0/2"
    config.save(config.keep_match(config.load(), "32DMT", "t3"))  # a new table made: V53H3 goes to the list
    got: list[Launch] = []
    start = StartScene(config.load(), lambda launch: got.append(launch) or "TABLE")
    assert start.form.kept == (("V53H3", "0-0/2", 0),)
    short = earlier_button((0, 0, 1, 1), start.form.kept, "fr", fits=lambda text: False)
    assert say("fr", short.label, dict(short.args)) == "Partie précédente\u00a0: V53H3 · partie 2\u00a0: 0-0"
    full = earlier_button((0, 0, 1, 1), start.form.kept, "en")
    assert say("en", full.label, dict(full.args)) == "Earlier match: Table V53H3 · match 2: 0-0 · on this computer"
    assert match_label("en", ("V53H3", "148-60", 0)) == "Table V53H3 · 148-60 · on this computer"
    back = resume_button((0, 0, 1, 1), ("V53H3", "0-0/2", 0), "de", fits=lambda text: len(text) < 50)
    assert say("de", back.label, dict(back.args)) == "Zurück zu Ihrer Partie: V53H3 · Partie 2: 0-0"
