"""A click in a text field puts the caret where it was clicked, in every field of the window (the start
screen's name, seed, server and table code, the join screen's invite, the table's chat); and a long text
keeps the caret and what is typed in sight (new user: a click in a field did nothing; a long server
address ran past the field's edge with the caret and the new letters in the cut-off part).

Kind: where a field is drawn and where a click lands computed apart, or not at all. Both come from
client/textfield.py (``view``, ``click_caret``); these tests click at the drawn place of a character
boundary and type there.
"""
from __future__ import annotations

import os
from dataclasses import replace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from client_helpers import NoBrowser  # noqa: E402

from doublenine.client import config  # noqa: E402
from doublenine.client.art import Art  # noqa: E402
from doublenine.client.config import Settings  # noqa: E402
from doublenine.client.input import Viewport  # noqa: E402
from doublenine.client.layout import metrics  # noqa: E402
from doublenine.client.scenes.lan_join import LanJoinScene, join_layout  # noqa: E402
from doublenine.client.scenes.start import FIELDS, StartScene, draw_start, start_layout  # noqa: E402
from doublenine.client.textfield import END, Caret, click_caret, view  # noqa: E402
from doublenine.client.typeset import watch  # noqa: E402

SIZE = (1280, 800)


def ten(text: str) -> int:
    return 10 * len(text)


@pytest.fixture(autouse=True)
def _setup(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(config, "config_path", lambda: tmp_path / "client.json")
    pygame.display.init()
    pygame.font.init()


def test_a_click_goes_to_the_nearest_character_boundary() -> None:
    assert click_caret("hello world", END, 200, ten, 52) == Caret(5)
    assert click_caret("hello world", END, 200, ten, 56) == Caret(6)
    assert click_caret("hello world", None, 200, ten, -30) == Caret(0)
    assert click_caret("hello world", Caret(2), 200, ten, 500) == END  # past the text: its end, typing follows it


def test_a_long_text_is_shown_around_the_caret_and_clicked_as_shown() -> None:
    text = "abcdefghij" * 4  # 400 px in a 100 px field
    assert view(text, END, 100, ten) == (30, 40)
    assert view(text, Caret(0), 100, ten) == (0, 10)
    assert view(text, Caret(15), 100, ten) == (5, 15)
    assert click_caret(text, END, 100, ten, 0) == Caret(30)
    assert click_caret(text, None, 100, ten, 30) == Caret(3)  # not focused: shown from its start


def _click(scene, x: float, y: float) -> None:  # type: ignore[no-untyped-def]
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1, touch=False))


def _type(scene, text: str) -> None:  # type: ignore[no-untyped-def]
    scene.handle(pygame.event.Event(pygame.TEXTINPUT, text=text))


def _x(rect, value: str, at: int, f: int) -> float:  # type: ignore[no-untyped-def]
    return rect[0] + f // 2 + Art().type.measure(value[:at], f)[0]


VALUES = {"name": "José Luis", "seed": "2026", "tname": "Table 1", "server": "ws://192.168.1.20:8765", "table": "K7QPA"}


@pytest.mark.parametrize("field", FIELDS)
@pytest.mark.parametrize("focused", [False, True], ids=["focusing", "focused"])
def test_start_screen_fields_put_the_caret_where_clicked(field: str, focused: bool) -> None:
    scene = StartScene(Settings(), lambda launch: "T")
    scene.resize(Viewport(SIZE, SIZE))
    value = VALUES[field]
    scene.form = replace(scene.form, **{field: value}, focus=field if focused else "name")
    rect = start_layout(SIZE)[field]
    _click(scene, _x(rect, value, 2, metrics(SIZE)[1]), rect[1] + rect[3] // 2)
    assert scene.form.focus == field and scene.form.caret == Caret(2)
    _type(scene, "9")
    assert getattr(scene.form, field) == value[:2] + "9" + value[2:]


def test_the_invite_field_puts_the_caret_where_clicked() -> None:
    scene = LanJoinScene(lambda launch: None, "Ana", "en", browser=NoBrowser())
    scene.resize(Viewport(SIZE, SIZE))
    value = "doublenine://192.168.1.20:8765/K7QPA"
    scene.form = replace(scene.form, invite=value, focus=False)
    rect = join_layout(SIZE, 0, scene.form.message)["invite"]
    _click(scene, _x(rect, value, 12, metrics(SIZE)[1]), rect[1] + rect[3] // 2)
    assert scene.form.focus and scene.form.caret == Caret(12)
    _type(scene, "x")
    assert scene.form.invite == value[:12] + "x" + value[12:]
    scene.close()


def test_the_chat_field_puts_the_caret_where_clicked(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from test_chat_ui import _scene

    from doublenine.client.chat import ChatUi
    scene, s, _ = _scene(tmp_path, monkeypatch)
    scene.talk.cui = ChatUi(open=True, draft="Bien jugado, compañero")
    lay = scene.talk.chat_layout(SIZE, s.state, scene.layout())
    fx, fy, fw, fh = lay.field
    x = fx + lay.font // 2 + Art().type.measure("Bien", lay.font)[0]
    _click(scene, x, fy + fh // 2)
    assert scene.talk.cui.focused and scene.talk.cui.caret == Caret(4)
    _type(scene, "!")
    assert scene.talk.cui.draft == "Bien! jugado, compañero"


def test_a_long_server_address_shows_the_caret_end_and_what_is_typed() -> None:
    from doublenine.client.scenes.start import Form
    value = "wss://" + "very-long-host-name." * 8 + "example:8765"
    form = Form(server=value, focus="server")
    surface = pygame.Surface(SIZE)
    with watch() as seen:
        draw_start(surface, Art(), form, SIZE)
    drawn = [d for d in seen if d.text and value.endswith(d.text)]
    assert drawn and drawn[0].text.endswith("example:8765") and not drawn[0].shortened
    assert drawn[0].size == drawn[0].requested  # at the field's own size, not shrunk
