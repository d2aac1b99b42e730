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

NOTES = ("Say hello: pick a phrase below (click, or Tab then Enter)", "At this table: only phrases during a hand")
"""The notes of a phrases-only table in a hand (its field closed: "or type below" is not said)."""


@pytest.fixture(scope="module")
def own_turn():  # type: ignore[no-untyped-def]
    pygame.display.init()
    pygame.font.init()
    return {name: state for name, state, _ in table_states()}["own-turn"]


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)], ids=str)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_chat_notes_are_shown_whole(own_turn, lang: str, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    state = replace(own_turn, chat=(), chat_rule="phrases_in_hand")
    badge = tr(lang, "you")  # the own plate's badge: German "Sie" is a word of the notes too
    surface = pygame.Surface(size)
    with watch() as seen:
        table_scene(state, Ui(seen_finished=0), lang, size, "chat").draw(surface)
    for note in NOTES:
        whole = tr(lang, note)
        rows = [d for d in seen if len(d.text) > 2 and d.text in whole and d.text != badge]  # not the score letters
        assert " ".join(d.text for d in rows) == whole, (lang, [d.text for d in seen])
        assert [d for d in rows if d.shortened or d.size < d.requested] == []
    with watch() as seen:  # free text: the field is offered
        table_scene(replace(state, chat_rule="free"), Ui(seen_finished=0), lang, size, "chat").draw(surface)
    whole = tr(lang, "Say hello: pick a phrase (click, or Tab then Enter) or type below")
    rows = [d for d in seen if len(d.text) > 2 and d.text in whole and d.text != badge]
    assert " ".join(d.text for d in rows) == whole and not any(d.shortened for d in rows)


def test_wrapping_never_breaks_at_a_no_break_space() -> None:
    pygame.font.init()
    art = Art()
    text = "Dites bonjour\u00a0: cliquez une phrase ou écrivez ci-dessous"
    for width in range(40, 400, 7):
        rows = art.type.wrap(text, 14, width)
        assert " ".join(rows) == text
        assert not any(row.startswith(":") for row in rows)
    assert art.type.wrap("a\u00a0b c", 14, 1) == ["a\u00a0b", "c"]


@pytest.mark.parametrize(("bottom", "height", "newest", "expected"), [
    (300, 60, False, 240), (300, 100, False, 200), (300, 101, False, None), (300, 101, True, 200),
    (300, 500, True, 200),
])
def test_a_chat_line_is_shown_whole_or_left_out(bottom: int, height: int, newest: bool, expected: int | None) -> None:
    """At 800x600 the tail "aquí." of a spectator's line showed without its speaker, read as a line of its
    own (kind: text cut where it reads as something else). Only the newest line, taller than the room
    alone, is cut, from the top: its speaker shows."""
    from doublenine.client.chatdraw import line_top
    assert line_top(bottom, height, 200, newest) == expected


def test_at_800x600_every_chat_line_shown_shows_its_speaker(own_turn) -> None:  # type: ignore[no-untyped-def]
    from doublenine.shared import protocol as p
    lines = (p.ChatLineW(id=1, at=0.0, seat=2, name="Zoë", phrase="hello"),
             p.ChatLineW(id=2, at=1.0, seat=None, name="", text="¡Qué partida! Sigo mirando desde aquí."),
             p.ChatLineW(id=3, at=2.0, seat=3, name="Ñandú", phrase="good_luck"),
             p.ChatLineW(id=4, at=3.0, seat=1, name="José", text="Zoë, it's your turn!"))
    with watch() as seen:
        table_scene(replace(own_turn, chat=lines), Ui(seen_finished=0), "fr", (800, 600), "chat").draw(
            pygame.Surface((800, 600)))
    texts = [d.text for d in seen]
    assert "aquí." not in texts and "Spectateur" not in texts  # left out whole, the room holds two lines
    assert "Ñandú" in texts and "Zoë, it's your turn!" in texts
