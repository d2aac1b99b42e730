"""New user s11 item 8 (F-no-tooltips): hovering "Host for friends" or "Expert" changed nothing; a newcomer
was not told what the computer levels mean, what "List on the server's page" does, or how Create table
and Host for friends differ; "Create table plays on this computer" read oddly. Each control of the start
screen's cards now says what it does in one line, in its card's hint slot, clear of the other controls."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from doublenine.client import config
from doublenine.client.art import Art
from doublenine.client.config import Settings
from doublenine.client.input import Viewport
from doublenine.client.scenes.start import StartScene
from doublenine.client.scenes.startdraw import draw_start
from doublenine.client.scenes.startform import start_layout
from doublenine.client.scenes.starthints import HINTS, LEVELS, hint
from doublenine.client.typeset import watch
from doublenine.shared.i18n import LANGUAGES, tr

SIZES = [(800, 600), (1280, 800)]


@pytest.fixture(autouse=True)
def _config_in_tmp(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(config, "config_path", lambda: tmp_path / "client.json")
    pygame.display.init()
    pygame.font.init()


def _scene(size: tuple[int, int], lang: str = "en") -> StartScene:
    scene = StartScene(Settings(name="Ana", lang=lang), lambda launch: None)
    scene.resize(Viewport(size, size))
    return scene


def _hover(scene: StartScene, cid: str, size: tuple[int, int]) -> None:
    x, y, w, h = start_layout(size)[cid]
    scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(x + w // 2, y + h // 2), rel=(0, 0), buttons=(0, 0, 0)))


def test_hovering_expert_says_what_the_level_plays_like() -> None:
    scene = _scene((1280, 800))
    _hover(scene, "level", (1280, 800))
    assert scene.form.hover == "level"
    with watch() as seen:
        scene.draw(pygame.Surface((1280, 800)))
    assert "Expert: the strongest; reads every pass" in [d.text for d in seen]


@pytest.mark.parametrize("cid, said", [("host", "A table friends on your network can join"),
                                       ("public", "Listed: shown on the server's web page"),
                                       ("kind2", "Who plays this seat: the computer or a person"),
                                       ("join", "Sit at the table whose code is above")])
def test_each_control_has_its_line(cid: str, said: str) -> None:
    shown = hint(cid, "expert")
    assert shown is not None and shown[1] == said
    assert shown[0] == ("hint_join" if cid == "join" else "where")


def test_every_level_has_its_line() -> None:
    assert [hint("level", lv)[1] for lv in ("easy", "heaviest", "normal", "strong", "expert")] == [  # type: ignore[index]
        LEVELS[lv] for lv in ("easy", "heaviest", "normal", "strong", "expert")]


def test_nothing_under_the_pointer_says_where_tables_are_made() -> None:
    scene = _scene((1280, 800))
    with watch() as seen:
        scene.draw(pygame.Surface((1280, 800)))
    assert "New tables are made on this computer" in [d.text for d in seen]
    assert not any(tr("en", m) in [d.text for d in seen] for m in HINTS.values())


def test_the_hint_slots_overlap_no_control() -> None:
    for size in SIZES:
        lay = start_layout(size)
        for slot in ("where", "hint_join"):
            box = pygame.Rect(lay[slot])
            hit = [cid for cid, r in lay.items() if cid not in ("where", "hint_join") and not cid.startswith("card")
                   and box.colliderect(pygame.Rect(r))]
            assert hit == [], (size, slot, hit)
            card = pygame.Rect(lay["card_join" if slot == "hint_join" else "card_create"])
            assert card.contains(box), (size, slot)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=str)
def test_every_line_is_drawn_whole(lang: str, size: tuple[int, int]) -> None:
    from doublenine.client.scenes.startform import Form
    for cid in (*HINTS, "level"):
        levels = LEVELS if cid == "level" else {"expert": ""}
        for level in levels:
            with watch() as seen:
                draw_start(pygame.Surface(size), Art(), Form(lang=lang, hover=cid, level=level), size)
            line = [d for d in seen if d.text == tr(lang, hint(cid, level)[1])]  # type: ignore[index]
            assert len(line) == 1 and not line[0].shortened, (lang, size, cid, level, line)


def test_s13_f5_every_list_of_levels_is_weakest_first_and_strong_is_said_faster() -> None:
    """s13 expert F5: the levels were listed easy, normal, strong, expert, heaviest everywhere, so the
    last, "heaviest" (the baseline below normal), read as the top level; strong was said "slower"
    (7 ms against the expert's 21). One order, shared/wire.LEVELS, in every list."""
    import argparse
    import typing

    from doublenine.client.cli import add_arguments as client_arguments
    from doublenine.client.scenes.startform import LEVEL_NAMES, LEVELS as FORM_LEVELS
    from doublenine.server.bots import LEVELS as BOT_LEVELS
    from doublenine.server.botcli import add_arguments as bot_arguments
    from doublenine.shared.wire import LEVELS as WIRE_LEVELS, LevelW
    weakest_first = ("easy", "heaviest", "normal", "strong", "expert")
    assert WIRE_LEVELS == BOT_LEVELS == FORM_LEVELS == typing.get_args(LevelW) == weakest_first
    assert tuple(LEVEL_NAMES) == tuple(LEVELS) == weakest_first
    for add in (client_arguments, bot_arguments):
        p = argparse.ArgumentParser()
        add(p)
        (level,) = [a for a in p._actions if "--level" in a.option_strings]
        assert tuple(level.choices) == weakest_first
    assert LEVELS["strong"] == "Strong: tries its moves out first; faster than Expert"
    assert LEVELS["heaviest"] == "Heaviest: always plays its heaviest tile"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=str)
def test_f3_create_with_human_seats_says_they_wait_for_people_whole(lang: str, size: tuple[int, int]) -> None:
    """Club s14 F3 (shots/06): East, North and West set to Human, and Create table said "A new table at once;
    computers fill the seats". With a Human seat it says the seats wait for people, drawn whole."""
    from doublenine.client.scenes.starthints import CREATE_WAITS
    from doublenine.client.scenes.startform import Form
    assert hint("create", "expert", ("human", "human", "human")) == ("where", CREATE_WAITS)
    assert hint("create", "expert", ("computer",) * 3) == ("where", HINTS["create"])
    with watch() as seen:
        draw_start(pygame.Surface(size), Art(), Form(lang=lang, hover="create", kinds=("human", "human", "human")), size)
    line = [d for d in seen if d.text == tr(lang, CREATE_WAITS)]
    assert len(line) == 1 and not line[0].shortened, (lang, size, line)
    assert tr("en", CREATE_WAITS) == "A new table; its Human seats wait for people"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_f14_the_join_cards_seat_names_its_team_whole(lang: str) -> None:
    """Club s14 F14 (shots/56): the Join card's seat said "South", "East"... and never who partners whom,
    where the New table card says "North (partner)". Now "North, Team A" (R2), drawn whole at 800x600."""
    from doublenine.client.scenes.startdraw import SEAT_TEAM
    from doublenine.client.scenes.startform import Form
    from doublenine.shared.i18n import DEFAULT_SEAT_NAMES
    size = (800, 600)
    for seat, team in (("1", "A"), ("2", "B"), ("3", "A"), ("4", "B")):
        with watch() as seen:
            draw_start(pygame.Surface(size), Art(), Form(lang=lang, seat=seat), size)
        said = tr(lang, SEAT_TEAM, seat=tr(lang, DEFAULT_SEAT_NAMES[int(seat)]), team=team)
        line = [d for d in seen if d.text == said]
        assert len(line) == 1 and not line[0].shortened, (lang, seat, line)
    assert tr("en", SEAT_TEAM, seat="North", team="A") == "North, Team A"
    assert tr("es", SEAT_TEAM, seat="Norte", team="A") == "Norte, pareja A"
