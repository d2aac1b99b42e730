"""The chat panel's own notes wrap over rows, never cut (new-user N7: at 800x600 the French prompt read
"Dites bonjour : cliquez une phrase ou..."). Kind: text fitted by dropping meaning; the table's chat rule
and the muted-lines note are drawn the same way. Wrapping keeps no-break spaces ("bonjour\u00a0:")."""
from __future__ import annotations

import os
from dataclasses import replace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest
from scenes_catalog import table_scene, table_states

from doublenine.client.art import Art
from doublenine.client.text import tr
from doublenine.client.typeset import watch
from doublenine.client.uistate import Ui
from doublenine.shared.i18n import LANGUAGES

NOTES = ("Say hello: click a phrase or type below", "At this table: only phrases during a hand")


@pytest.fixture(scope="module")
def own_turn():  # type: ignore[no-untyped-def]
    pygame.display.init()
    pygame.font.init()
    return {name: state for name, state, _ in table_states()}["own-turn"]


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)], ids=str)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_chat_notes_are_shown_whole(own_turn, lang: str, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    state = replace(own_turn, chat=(), chat_rule="phrases_in_hand")
    surface = pygame.Surface(size)
    with watch() as seen:
        table_scene(state, Ui(seen_finished=0), lang, size, "chat").draw(surface)
    for note in NOTES:
        whole = tr(lang, note)
        rows = [d for d in seen if len(d.text) > 2 and d.text in whole]  # not the score letters
        assert " ".join(d.text for d in rows) == whole, (lang, [d.text for d in seen])
        assert [d for d in rows if d.shortened or d.size < d.requested] == []


def test_wrapping_never_breaks_at_a_no_break_space() -> None:
    pygame.font.init()
    art = Art()
    text = "Dites bonjour\u00a0: cliquez une phrase ou écrivez ci-dessous"
    for width in range(40, 400, 7):
        rows = art.type.wrap(text, 14, width)
        assert " ".join(rows) == text
        assert not any(row.startswith(":") for row in rows)
    assert art.type.wrap("a\u00a0b c", 14, 1) == ["a\u00a0b", "c"]
