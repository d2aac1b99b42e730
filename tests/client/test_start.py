"""The start screen: create, join, watch; remembered name, server and language (issue 5 item 2)."""
from __future__ import annotations

import itertools
from dataclasses import replace

import pygame
import pytest
from client_helpers import SIZES
from robot import centre, click

from doublenine.client import config
from doublenine.client.config import Settings
from doublenine.client.input import Viewport
from doublenine.client.scenes.start import Launch, StartScene, start_layout


@pytest.fixture(autouse=True)
def _config_in_tmp(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(config, "config_path", lambda: tmp_path / "client.json")


@pytest.mark.parametrize("size", SIZES)
def test_start_controls_inside_window_without_overlap(size) -> None:  # type: ignore[no-untyped-def]
    lay = start_layout(size)
    controls = {k: r for k, r in lay.items() if not k.startswith("card")}
    for k, r in lay.items():
        assert r[0] >= 0 and r[1] >= 0 and r[0] + r[2] <= size[0] and r[1] + r[3] <= size[1], (k, r, size)
    for (ka, a), (kb, b) in itertools.combinations(controls.items(), 2):
        assert not (a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]), (ka, kb)


def _type(scene: StartScene, text: str) -> None:
    for ch in text:
        scene.handle(pygame.event.Event(pygame.TEXTINPUT, text=ch))


def test_create_table_with_typed_name_seat_kinds_level_and_seed() -> None:
    got: list[Launch] = []
    scene = StartScene(Settings(), lambda launch: got.append(launch) or "TABLE")
    scene.resize(Viewport((1280, 800), (1280, 800)))
    lay = start_layout((1280, 800))
    scene.handle(click(centre(lay["name"])))
    _type(scene, "Jose\u0301")
    scene.handle(click(centre(lay["kind1"])))        # seat 3 becomes human
    scene.handle(click(centre(lay["level"])))        # expert -> easy (the levels cycle weakest first: s13 F5)
    scene.handle(click(centre(lay["seed"])))
    _type(scene, "42x")                                # digits only
    change = scene.handle(click(centre(lay["create"])))
    assert change is not None and change.kind == "push" and change.scene == "TABLE"
    assert got == [Launch("create", "José", scene.form.lang, "", "", None, 42,
                          ("human", "computer", "human", "computer"), "easy")]
    assert config.load().name == "José"


def test_join_needs_address_and_code_then_remembers_name_and_language() -> None:
    got: list[Launch] = []
    scene = StartScene(Settings(name="Zoë", lang="fr"), lambda launch: got.append(launch) or "T")
    lay = start_layout((1280, 800))
    assert scene.handle(click(centre(lay["join"]))) is None and got == []
    assert scene.form.message
    scene.handle(click(centre(lay["server"])))
    _type(scene, "ws://127.0.0.1:8765/")
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, unicode="", mod=0))
    _type(scene, "k7qpa")
    scene.handle(click(centre(lay["seat"])))         # any -> seat 1
    scene.handle(click(centre(lay["join"])))
    scene.handle(click(centre(lay["watch"])))
    assert [(g.mode, g.server, g.table, g.seat, g.lang, g.name) for g in got] == [
        ("join", "ws://127.0.0.1:8765/", "K7QPA", 1, "fr", "Zoë"), ("watch", "ws://127.0.0.1:8765/", "K7QPA", 1, "fr", "Zoë")]
    saved = config.load()  # the server waits until it answered "joined" (issue 11.6, test_remember_worked)
    assert (saved.name, saved.server, saved.table, saved.lang) == ("Zoë", "", "", "fr")


def test_launch_failure_is_shown_not_raised() -> None:
    def fail(launch: Launch) -> None:
        raise OSError("connection refused")
    scene = StartScene(Settings(name="A"), fail)
    assert scene.click_id("create") is None and "refused" in scene.form.message


def test_broken_config_file_gives_defaults(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "c.json"
    for text in ("{not json", "[1, 2]", '{"name": 5, "lang": "de"}'):
        path.write_text(text)
        s = config.load(path)
        assert s.name == "" and s.lang in ("", "de")


def test_start_screen_says_which_server_create_table_uses() -> None:
    from doublenine.client.art import Art
    from doublenine.client.scenes.start import Form, draw_start

    pygame.font.init()
    lay = start_layout((800, 600))
    where, create, card = lay["where"], lay["create"], lay["card_create"]
    assert where[1] >= create[1] + create[3] and where[1] + where[3] <= card[1] + card[3]
    surface = pygame.Surface((800, 600))
    draw_start(surface, Art(), Form(server="ws://example.org:8765/"), (800, 600))  # draws without error


def test_issue13_list_on_the_servers_page_goes_with_create_only() -> None:
    got: list[Launch] = []
    scene = StartScene(Settings(), lambda launch: got.append(launch) or "T")
    scene.resize(Viewport((1280, 800), (1280, 800)))
    lay = start_layout((1280, 800))
    assert scene.form.public is False  # off by default, like the server's create_table{public}
    scene.handle(click(centre(lay["public"])))
    assert scene.form.public is True
    scene.handle(click(centre(lay["create"])))
    assert [launch.public for launch in got] == [True]
    scene.form = replace(scene.form, server="ws://127.0.0.1:1/", table="KQ7PA")
    scene.handle(click(centre(lay["watch"])))
    assert [launch.public for launch in got] == [True, False]  # watching lists nothing
    scene.handle(click(centre(lay["public"])))
    scene.handle(click(centre(lay["create"])))
    assert got[-1].public is False


def test_table_settings_tracker_and_phrases_only_go_with_create() -> None:
    """Issues 14.3 and 15: the settings that were CLI flags only (play --tracker, --chat) are
    toggles of the new-table card, off by default, sent with Create and Host, never with Watch."""
    got: list[Launch] = []
    scene = StartScene(Settings(), lambda launch: got.append(launch) or "T")
    scene.resize(Viewport((1280, 800), (1280, 800)))
    lay = start_layout((1280, 800))
    assert (scene.form.tracker, scene.form.phrases) == (False, False)
    scene.handle(click(centre(lay["create"])))
    assert (got[-1].tracker, got[-1].chat) == (False, "free")
    scene.handle(click(centre(lay["tracker"])))
    scene.handle(click(centre(lay["create"])))
    assert (got[-1].tracker, got[-1].chat) == (True, "free")
    scene.handle(click(centre(lay["phrases"])))
    scene.handle(click(centre(lay["create"])))
    assert (got[-1].tracker, got[-1].chat) == (True, "phrases_in_hand")
    scene.form = replace(scene.form, server="ws://127.0.0.1:1/", table="KQ7PA")
    scene.handle(click(centre(lay["watch"])))
    assert (got[-1].mode, got[-1].tracker, got[-1].chat) == ("watch", False, "free")
