"""Issue 16.2, pasting: whatever the clipboard holds (an invite ending in NUL, a megabyte, control
characters, other scripts), pasting it into the join field or any text field never raises, and the
field keeps a bounded, cleaned, one-line text. Typing goes through the same cleaning."""
from __future__ import annotations

import pygame
import pygame.scrap
import pytest
from robot import centre, click

from doublenine.client import config
from doublenine.client.clipboard import PASTE_CHARS, bounded_paste, field_value, paste_text
from doublenine.client.config import Settings
from doublenine.client.scenes.lan_join import LanJoinScene
from doublenine.client.scenes.start import StartScene, start_layout
from doublenine.client.store import ClientState

from client_helpers import NoBrowser

CTRL_V = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, unicode="\x16", mod=pygame.KMOD_CTRL, scancode=25)


@pytest.fixture
def clipboard(monkeypatch, tmp_path):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(config, "config_path", lambda: tmp_path / "client.json")
    held: list[object] = [""]
    monkeypatch.setattr(pygame.scrap, "has_text", lambda: True)
    monkeypatch.setattr(pygame.scrap, "get_text", lambda: held[0])
    return held


@pytest.mark.parametrize("raw, expected", [
    ("doublenine://127.0.0.1:8765/KQ7PA\x00", "doublenine://127.0.0.1:8765/KQ7PA"),
    ("\x00" * 50, ""), ("  KQ7PM\r\n", "KQ7PM"), ("A\u200bB\u202eC\x1b[31m", "ABC[31m"),
    (b"doublenine://127.0.0.1:8765/KQ7PA\x00", "doublenine://127.0.0.1:8765/KQ7PA"), (None, ""), (b"\xff\xfe", "\ufffd\ufffd"),
    ("\u200b" * 4096 + "KQ7PM", "KQ7PM"), ("\u200b".encode() * 4096 + b"KQ7PM", "KQ7PM"),  # attacker, session 10: pasted nothing
])
def test_bounded_paste_values(raw: object, expected: str) -> None:
    assert bounded_paste(raw) == expected


def test_a_megabyte_is_bounded() -> None:
    assert bounded_paste("x" * 1_000_000) == "x" * PASTE_CHARS
    assert bounded_paste("漢字\n" * 500_000) == ("漢字 " * 200)[:PASTE_CHARS].rstrip()


def test_field_value_keeps_the_space_being_typed() -> None:
    assert [field_value(v, 32) for v in ("José ", "José  ", " ", "\x00", "A\x00B", "x" * 40 + " ")] == \
        ["José ", "José ", "", "", "AB", "x" * 32]


def test_paste_invite_ending_in_nul_into_the_join_field(clipboard) -> None:  # type: ignore[no-untyped-def]
    clipboard[0] = "doublenine://127.0.0.1:8765/KQ7PA\x00"
    scene = LanJoinScene(lambda launch: None, "Ana", "en", browser=NoBrowser())
    scene.handle(CTRL_V)
    assert scene.form.invite == "doublenine://127.0.0.1:8765/KQ7PA"
    scene.draw(pygame.Surface((1280, 800)))
    scene.click_id("paste")  # the Paste button reads the same way
    assert scene.form.invite == "doublenine://127.0.0.1:8765/KQ7PA"


@pytest.mark.parametrize("raw", ["x" * 1_000_000, "\x00\x01\x02", "Α\u0301" * 300 + "\ud800", "ﷺ" * 500, ""])
def test_any_clipboard_pasted_into_the_join_field_never_raises(clipboard, raw: str) -> None:  # type: ignore[no-untyped-def]
    clipboard[0] = raw
    scene = LanJoinScene(lambda launch: None, "Ana", "en", browser=NoBrowser())
    for _ in range(3):
        scene.handle(CTRL_V)
    assert len(scene.form.invite) <= 200 and "\x00" not in scene.form.invite
    scene.draw(pygame.Surface((800, 600)))


def test_pasted_invite_with_a_superscript_port_says_bad_port(clipboard) -> None:  # type: ignore[no-untyped-def]
    clipboard[0] = "doublenine://127.0.0.1:²/KQ7PA"
    scene = LanJoinScene(lambda launch: None, "Ana", "en", browser=NoBrowser())
    scene.handle(CTRL_V)
    assert scene.click_id("join") is None  # was: ValueError out of the screen (issue 16.4)
    assert scene.form.message == "The invite's port “²” is not a port number (1 to 65535)."
    assert scene.form.warning


def test_paste_and_type_into_the_start_screen_fields(clipboard) -> None:  # type: ignore[no-untyped-def]
    scene = StartScene(Settings(name="A\x00B\u200b" * 30), lambda launch: "T")
    assert scene.form.name == "AB" * 16  # a settings file is outside text too
    lay = start_layout((1280, 800))
    scene.handle(click(centre(lay["server"])))
    clipboard[0] = "ws://127.0.0.1:8765/\x00\n" + "y" * 5000
    scene.handle(CTRL_V)
    assert scene.form.server == ("ws://127.0.0.1:8765/ " + "y" * 5000)[:512]  # the paste's bound, under a URL's 2048
    scene.handle(click(centre(lay["name"])))
    scene.form = type(scene.form)(**{**{f: getattr(scene.form, f) for f in scene.form.__slots__}, "name": ""})
    for text in ("Jos", "e\u0301", " ", "\x00", "\u200b", " ", "Luis"):
        scene.handle(pygame.event.Event(pygame.TEXTINPUT, text=text))
    assert scene.form.name == "José Luis"
    scene.draw(pygame.Surface((1280, 800)))


def test_paste_text_survives_a_clipboard_that_raises(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    def boom() -> str:
        raise pygame.error("no clipboard")
    monkeypatch.setattr(pygame.scrap, "has_text", boom)
    assert paste_text() == ""


def test_the_chat_field_keeps_a_clean_bounded_line(clipboard) -> None:  # type: ignore[no-untyped-def]
    from doublenine.client import chat
    from doublenine.shared.chat import MAX_CHARS

    cui = chat.ChatUi(open=True, focused=True)
    for text in ("Hola", "\x00", " ", "\u200b", "qué", "\n", "tal\x07"):
        cui = chat.typed(cui, text)
    assert cui.draft == "Hola qué tal"
    clipboard[0] = "y" * 1_000_000 + "\x00"
    cui, _ = chat.key(CTRL_V, ClientState(), cui)
    assert cui.draft == ("Hola qué tal" + "y" * MAX_CHARS)[:MAX_CHARS]


@pytest.mark.parametrize("remembered, expected", [("fr", "fr"), ("xx\x00", "en"), ("pt_BR.UTF-8", "pt"), ("", "en"),
                                                  ("de" * 100, "en")])
def test_a_remembered_language_is_one_of_ours(remembered: str, expected: str, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from doublenine.client.cli import window_language
    from doublenine.shared import protocol as p

    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    lang = window_language(None, remembered)
    assert lang == expected
    assert window_language("es", remembered) == "es"
    p.CreateTable(seats=(p.SeatSpec(kind="human"),) * 4, language=lang, sit=1, name="Ana")  # the server accepts it
