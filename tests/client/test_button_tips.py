"""New user s11 item 8 (F-no-tooltips): no button of the table said what it does. Each button of the top bar
and the hand's Hint and Pass now says one line under the pointer (buttons.TIPS, its key where it has
one), in a box under the top bar, inside the window, whole in five languages."""
from __future__ import annotations

import os
from dataclasses import replace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from doublenine.client.art import Art
from doublenine.client.buttons import TIPS
from doublenine.client.layout import compute_layout
from doublenine.client.render import sound_tip
from doublenine.client.typeset import watch
from doublenine.shared.i18n import LANGUAGES, tr


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", [(800, 600), (1280, 800)], ids=str)
def test_every_top_bar_button_says_what_it_does(own_turn, lang: str, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    state, ui = own_turn
    lay = compute_layout(state, ui, size, lang)
    top = [b for b in lay.buttons if b.rect[1] < lay.top_bar[3]]
    assert {b.id for b in top} == {"leave", "ledger", "rules", "redo", "undo", "restart"}
    for b in [*top, *(b for b in lay.buttons if b.id in ("hint", "pass"))]:
        surface = pygame.Surface(size)
        with watch() as seen:
            box = sound_tip(surface, lay, Art(), lang, replace(ui, hover=b.id))
        assert box is not None and pygame.Rect(0, 0, *size).contains(pygame.Rect(box)), (b.id, box)
        if b in top:
            assert box[1] >= lay.top_bar[3]  # under the bar: no other button of the bar is covered
        (said,) = [d for d in seen if d.text == tr(lang, TIPS[b.id])]
        assert not said.shortened and said.size == said.requested, said


def test_the_rules_button_names_f1(own_turn) -> None:  # type: ignore[no-untyped-def]
    state, ui = own_turn
    lay = compute_layout(state, ui, (1280, 800))
    with watch() as seen:
        sound_tip(pygame.Surface((1280, 800)), lay, Art(), "en", replace(ui, hover="rules"))
    assert [d.text for d in seen] == ["How to play, and every key (F1)"]


def test_nothing_under_the_pointer_draws_no_line(own_turn) -> None:  # type: ignore[no-untyped-def]
    state, ui = own_turn
    lay = compute_layout(state, ui, (1280, 800))
    assert sound_tip(pygame.Surface((1280, 800)), lay, Art(), "en", replace(ui, hover=None)) is None
