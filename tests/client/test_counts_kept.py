"""New user 10: Portuguese at 800x600 showed the chat button as "Conversa…" instead of "Conversa (1)":
the unread count was cut off with the word. The kind: a number cut off by eliding. Cutting a text to its
box keeps a number that ends it ("Conve… (1)", "Se… 3", "… 0:14") and cuts the words before it; the chat
button keeps its count in every language and supported window size."""
from __future__ import annotations

import os
from dataclasses import replace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest
from scenes_catalog import table_scene, table_states

from doublenine.client.typeset import ELLIPSIS, Typeface, watch
from doublenine.client.uistate import Ui
from doublenine.shared.protocol import ChatLineW


@pytest.fixture(scope="module")
def own_turn():  # type: ignore[no-untyped-def]
    pygame.display.init()
    pygame.font.init()
    return next(state for name, state, _ in table_states() if name == "own-turn")


def _drawn(face: Typeface, text: str, width: int) -> str:
    with watch() as seen:
        face.draw(text, 16, bold=True, width=width)
    return seen[-1].shown


@pytest.mark.parametrize("text, tail", [("Conversa (1)", " (1)"), ("Earlier matches (12)", " (12)"),
                                        ("Seat 3", " 3"), ("Waiting for Maximiliano for 0:14", " 0:14")])
def test_a_cut_text_keeps_the_number_that_ends_it(text: str, tail: str) -> None:
    pygame.font.init()
    face = Typeface()
    width = face.measure(text, 13, True)[0] - 12  # too narrow even at the smallest size fitting allows
    shown = _drawn(face, text, width)
    assert shown.endswith(ELLIPSIS + tail) and len(shown) < len(text) + 1, shown
    assert face.measure(shown, 13, True)[0] <= width


def test_a_number_alone_too_wide_is_cut_like_any_text() -> None:
    pygame.font.init()
    face = Typeface()
    assert _drawn(face, "Chat (123456789)", 30).endswith(ELLIPSIS)


def test_text_with_no_number_at_its_end_is_cut_at_its_end() -> None:
    pygame.font.init()
    face = Typeface()
    shown = _drawn(face, "Conversa nova", face.measure("Conversa nova", 13, True)[0] - 20)
    assert shown.startswith("Conv") and shown.endswith(ELLIPSIS)


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1366, 768)], ids=str)
@pytest.mark.parametrize("lang", ["en", "fr", "pt", "de", "es"])
@pytest.mark.parametrize("unread", [1, 12])
def test_the_chat_button_keeps_its_unread_count(own_turn, lang: str, size: tuple[int, int], unread: int) -> None:  # type: ignore[no-untyped-def]
    lines = tuple(ChatLineW(id=i + 1, at=0.0, seat=2, name="Zoë", text="olá") for i in range(unread))
    scene = table_scene(replace(own_turn, chat=lines), Ui(seen_finished=0), lang, size)
    with watch() as seen:
        scene.draw(pygame.Surface(size))
    from doublenine.client.text import tr
    label = tr(lang, "Chat ({count})", count=unread)
    button = [d for d in seen if d.text == label]
    assert len(button) == 1 and button[0].shown.endswith(f"({unread})"), [d.shown for d in button]


def test_the_case_portuguese_at_800x600(own_turn) -> None:  # type: ignore[no-untyped-def]
    lines = (ChatLineW(id=1, at=0.0, seat=2, name="Zoë", text="olá"),)
    scene = table_scene(replace(own_turn, chat=lines), Ui(seen_finished=0), "pt", (800, 600))
    with watch() as seen:
        scene.draw(pygame.Surface((800, 600)))
    assert [d.shown for d in seen if d.text == "Conversa (1)"] == ["Conve… (1)"]
