"""Session 15 (s14 note, left alone): the start screen had no field for the table's name; only ``play
--table-name`` and the protocol's ``create_table.table_name`` named a table (club s14 F1: "Table 1" on the
projector and on the card at each table). The New table card now has "Table name (optional)", bounded and
cleaned by the rule the server applies (``server.seating.seat_name``: 32 characters), and every place a host
creates a table from it sends it: Create table and Host for friends."""
from __future__ import annotations

import time

import pygame
import pytest
from client_helpers import start_scene

from doublenine.client.config import Settings
from doublenine.client.scenes.start import Launch
from doublenine.client.scenes.startform import start_layout
from doublenine.client.text import tr
from doublenine.server.seating import seat_name

SIZE = (1280, 800)
TYPED = "  Table\u200b 1  "
"""Typed with spaces around and an invisible character."""

pytestmark = pytest.mark.usefixtures("config_in_tmp")


def _typed(scene, text: str) -> None:  # type: ignore[no-untyped-def]
    scene.click_id("tname")
    for ch in text:
        scene.handle(pygame.event.Event(pygame.TEXTINPUT, text=ch))


def test_the_name_typed_goes_with_create_table_cleaned_as_the_server_cleans_it() -> None:
    got: list[Launch] = []
    for typed, sent in ((TYPED, "Table 1"), ("Salle " + "x" * 40, "Salle " + "x" * 26), ("\u200b  ", "")):
        scene = start_scene(Settings(name="Ana"), SIZE, got)
        _typed(scene, typed)
        scene.click_id("create")
        assert got[-1].table_name == sent == seat_name(typed)  # the server's own rule: nothing left to cut there
    assert len(got) == 3


def test_join_and_watch_never_send_it(monkeypatch: pytest.MonkeyPatch) -> None:
    got: list[Launch] = []
    scene = start_scene(Settings(name="Ana", server="127.0.0.1:8765", table="K7QPA"), SIZE, got)
    _typed(scene, "Table 1")
    scene.click_id("join")
    assert [(launch.mode, launch.table_name) for launch in got] == [("join", "")]


def test_host_for_friends_names_its_table(monkeypatch: pytest.MonkeyPatch) -> None:
    from doublenine.client.scenes import lan_host

    asked: list[Launch] = []
    monkeypatch.setattr(lan_host, "open_hosting", lambda launch, port=None: (asked.append(launch), (None, "no", None))[1])
    scene = start_scene(Settings(name="Ana"), SIZE, [])
    _typed(scene, "Window table")
    scene.click_id("host")
    assert [launch.table_name for launch in asked] == ["Window table"]


def test_a_hosted_table_is_created_with_that_name(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from doublenine.client.scenes.lan_host import host_table

    launch = Launch("create", "Ana", "en", kinds=("human", "human", "computer", "computer"), table_name="Window table")
    hosted = host_table(launch, db=str(tmp_path / "t.sqlite"), port=0, bind="127.0.0.1", announce=False)
    try:
        session = hosted.table.session
        deadline = time.monotonic() + 20
        while not session.state.table_name and time.monotonic() < deadline:
            session.pump()
            time.sleep(0.02)
        assert session.state.table_name == "Window table"  # was "": Host for friends sent no name
    finally:
        hosted.close()


@pytest.mark.parametrize("lang", ["en", "fr", "pt", "de", "es"])
@pytest.mark.parametrize("size", [(800, 600), (1280, 800)], ids=str)
def test_the_field_and_its_caption_fit_the_new_table_card(lang: str, size: tuple[int, int]) -> None:
    from doublenine.client.art import Art
    from doublenine.client.scenes.startdraw import TABLE_NAME, draw_start
    from doublenine.client.scenes.startform import Form
    from doublenine.client.typeset import watch

    lay = start_layout(size)
    x, y, w, h = lay["card_create"]
    for cid in ("tname", "create", "host", "where"):
        cx, cy, cw, ch = lay[cid]
        assert x <= cx and cx + cw <= x + w and y <= cy and cy + ch <= y + h and cy + ch <= size[1], cid
    assert lay["tname"][1] >= lay["seed"][1] + lay["seed"][3] and lay["public"][1] >= lay["tname"][1] + lay["tname"][3]
    assert lay["create"][1] >= lay["phrases"][1] + lay["phrases"][3]
    pygame.display.init()
    pygame.font.init()
    with watch() as seen:
        draw_start(pygame.Surface(size), Art(), Form(lang=lang, tname="Table 1"), size)
    caption = [d for d in seen if d.text == tr(lang, TABLE_NAME)]
    assert len(caption) == 1 and not caption[0].shortened, (lang, size)


@pytest.mark.parametrize("size", [(800, 600), (1024, 600), (1280, 800)], ids=str)
def test_the_row_takes_no_room_from_the_message_place(size: tuple[int, int]) -> None:
    """The first try made the cards a row taller: at 800x600 the message's place under the title lost 32 px and
    the longest failure (the certificate advice) no longer fitted. The row takes the cards' free bottom."""
    from doublenine.client.scenes.startform import message_place

    lay = start_layout(size)
    for card, last in (("card_create", "where"), ("card_join", "hint_join")):
        x, y, w, h = lay[card]
        assert lay[last][1] + lay[last][3] <= y + h, (card, size)
    if size == (800, 600):
        assert message_place(size, lay) == (10, 51, 780, 75)  # as before the field (test_message_place_kept)
