"""Review: another player's request drew Accept gold, the project's mark of the default Enter presses,
though Enter never answers a request (panels.Panel.enter, D1). Accept and Refuse are now equal, and a
prompt's button is gold only when it is the one Enter presses (render._panel reads panels.enter_button).
Kind: a button marked as the default where no key presses it.
"""
from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from scenes_catalog import table_states

from doublenine.client.art import GOLD, Art
from doublenine.client.layout import compute_layout
from doublenine.client.panels import enter_button
from doublenine.client.render import render
from doublenine.client.store import ClientState, ConsentPrompt
from doublenine.client.uistate import Ui
from doublenine.shared.seats import Seat

SIZES = ((800, 600), (1280, 800))


@pytest.fixture(scope="module")
def turn() -> tuple[ClientState, Ui]:
    pygame.display.init()
    pygame.font.init()
    return next((state, ui) for name, state, ui in table_states() if name == "own-turn")


def _fill(surface: pygame.Surface, rect: tuple[int, int, int, int]) -> tuple[int, int, int]:
    """The button's plate colour, just inside its left edge, half-way down (clear of the label)."""
    x, y, w, h = rect
    return tuple(surface.get_at((x + h // 3 + 2, y + h // 2)))[:3]  # type: ignore[return-value]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("what", ("undo", "new_match"))
def test_accept_and_refuse_are_drawn_alike_and_neither_gold(turn: tuple[ClientState, Ui], size: tuple[int, int],
                                                            what: str) -> None:
    state, ui = turn
    state = replace(state, consent=(ConsentPrompt("r1", Seat.TWO, what),))
    lay = compute_layout(state, ui, size)
    assert lay.panel is not None and lay.panel.kind == "consent"
    accept, refuse = lay.panel.buttons
    assert (accept.label, accept.primary, refuse.label, refuse.primary) == ("Accept", False, "Refuse", False)
    assert enter_button(lay.panel) is None
    surface = pygame.Surface(size)
    render(surface, lay, state, ui, Art(), "en")
    assert _fill(surface, accept.rect) == _fill(surface, refuse.rect) != GOLD[:3]


def test_the_button_enter_presses_is_still_gold(turn: tuple[ClientState, Ui]) -> None:
    state, ui = turn
    state = replace(state, refused=("r1", Seat.TWO, "undo"))
    lay = compute_layout(state, ui, (1280, 800))
    assert lay.panel is not None and lay.panel.kind == "refused"
    (ok,) = lay.panel.buttons
    assert enter_button(lay.panel) is ok
    surface = pygame.Surface((1280, 800))
    render(surface, lay, state, ui, Art(), "en")
    assert _fill(surface, ok.rect) == GOLD[:3]


def test_a_primary_button_on_a_prompt_enter_does_not_act_on_is_not_gold(turn: tuple[ClientState, Ui]) -> None:
    """The rule in render, whatever a panel's builder says: gold only for enter_button."""
    state, ui = turn
    state = replace(state, refused=("r1", Seat.TWO, "undo"))
    lay = compute_layout(state, ui, (1280, 800))
    assert lay.panel is not None
    lay = replace(lay, panel=replace(lay.panel, enter=False))
    surface = pygame.Surface((1280, 800))
    render(surface, lay, state, ui, Art(), "en")
    assert _fill(surface, lay.panel.buttons[0].rect) != GOLD[:3]
