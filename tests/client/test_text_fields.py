"""Every text field of the window edits the same way (client/textfield.py): Ctrl+A, Home, End, the
arrows, Backspace and Delete with or without Ctrl, Ctrl+V at the caret (new user: Ctrl+A did not select
all in the join screen's invite field; no field had a caret). Kind: text-field editing keys, one
implementation for the start screen's four fields, the join screen's invite field and the table's chat."""
from __future__ import annotations

from typing import Any, Callable

import pygame
import pytest

from doublenine.client import config
from doublenine.client.config import Settings
from doublenine.client.scenes.lan_join import LanJoinScene
from doublenine.client.scenes.start import StartScene
from doublenine.client.textfield import Caret, edit, settle

from client_helpers import NoBrowser

CTRL, SHIFT = pygame.KMOD_CTRL, pygame.KMOD_SHIFT


@pytest.fixture(autouse=True)
def _setup(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(config, "config_path", lambda: tmp_path / "client.json")
    monkeypatch.setattr(pygame.scrap, "has_text", lambda: True)
    monkeypatch.setattr(pygame.scrap, "get_text", lambda: "8765/")


def _start(field: str) -> tuple[Any, Callable[[], str]]:
    scene = StartScene(Settings(), lambda launch: "T")
    scene.click_id(field)
    return scene, lambda: str(getattr(scene.form, field))


def _join() -> tuple[Any, Callable[[], str]]:
    scene = LanJoinScene(lambda launch: None, "Ana", "en", browser=NoBrowser())
    return scene, lambda: scene.form.invite


class ChatField:
    """The table's chat field, driven as the talk layer drives it (scenes/talk.py)."""

    def __init__(self) -> None:
        from doublenine.client.chat import ChatUi
        self.cui = ChatUi(open=True, focused=True)

    def handle(self, event: Any) -> None:
        from doublenine.client import chat
        from doublenine.client.store import ClientState
        if event.type == pygame.TEXTINPUT:
            self.cui = chat.typed(self.cui, event.text)
        else:
            self.cui, _ = chat.key(event, ClientState(), self.cui)


def _chat() -> tuple[Any, Callable[[], str]]:
    field = ChatField()
    return field, lambda: field.cui.draft


FIELDS = {"start name": lambda: _start("name"), "start server": lambda: _start("server"),
          "start table": lambda: _start("table"), "join invite": _join, "table chat": _chat}


def _key(scene: Any, key: int, mod: int = 0) -> None:
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))


def _type(scene: Any, text: str) -> None:
    for ch in text:
        scene.handle(pygame.event.Event(pygame.TEXTINPUT, text=ch))


@pytest.mark.parametrize("which", FIELDS)
def test_ctrl_a_home_end_arrows_word_delete_and_paste(which: str) -> None:
    scene, value = FIELDS[which]()
    _type(scene, "ab cd")
    _key(scene, pygame.K_a, CTRL)  # select all: typing replaces it
    _type(scene, "host")
    assert value() == "host"
    _key(scene, pygame.K_HOME)
    _type(scene, "ws")
    _key(scene, pygame.K_END)
    _type(scene, "9")
    assert value() == "wshost9"
    _key(scene, pygame.K_LEFT)
    _key(scene, pygame.K_BACKSPACE)
    assert value() == "wshos9"
    _key(scene, pygame.K_RIGHT)
    _key(scene, pygame.K_v, CTRL)  # pasted at the caret
    assert value() == "wshos98765/"
    _type(scene, " xy")
    _key(scene, pygame.K_BACKSPACE, CTRL)  # a word
    assert value() == "wshos98765/ "  # the word and not the space before it (one trailing space is kept)
    _key(scene, pygame.K_HOME)
    _key(scene, pygame.K_DELETE)
    assert value() == "shos98765/ "
    _key(scene, pygame.K_a, CTRL)
    _key(scene, pygame.K_BACKSPACE)
    assert value() == ""


def test_the_edit_function_alone() -> None:
    def key(k: int, mod: int = 0) -> Any:
        return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod)
    paste = lambda: "P"  # noqa: E731
    assert edit("one two", Caret(), key(pygame.K_BACKSPACE, CTRL), paste) == ("one ", Caret(4))
    assert edit("one two", Caret(0), key(pygame.K_DELETE, CTRL), paste) == (" two", Caret(0))
    assert edit("one two", Caret(3), key(pygame.K_INSERT, SHIFT), paste) == ("oneP two", Caret(4))
    assert edit("one", Caret(everything=True), key(pygame.K_LEFT), paste) == ("one", Caret(0))
    assert edit("", Caret(), key(pygame.K_a, CTRL), paste) == ("", Caret())
    assert edit("one", Caret(), key(pygame.K_RETURN), paste) is None
    assert settle("ab  ", "ab ", Caret(None)) == Caret(None)
    assert settle("abc", "abc", Caret(1)) == Caret(1)
