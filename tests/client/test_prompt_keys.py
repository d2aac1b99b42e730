"""The key help under the table says the keys that act now (issue 5 item 5, R3, R10, R22).

Tester finding: under the hand end's and the match end's prompts the help still offered the hand's keys
("1-9, 0 or two pips: choose a tile ... H hint · P pass"), which do nothing there. The kind: a help line
that does not follow the prompt on the table. Now a prompt's help says what Enter does (its primary
button, as :func:`doublenine.client.input._enter` presses it), the opening draw says its arrows and
Enter, play keeps the hand's keys, and a spectator keeps "You are watching this table".
"""
from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from doublenine.client.footer import HELP, HELP_DRAW, HELP_PROMPT, HELP_PROMPT_TAB, WATCHING
from doublenine.client.layout import compute_layout
from doublenine.client.text import tr
from doublenine.client.uistate import Ui
from doublenine.shared.rules import legal_decisions
from doublenine.shared.seats import Seat
from doublenine.shared.state import Phase
from doublenine.shared.views import view_for

from client_helpers import session_at

LANGS = ("en", "fr", "pt", "de", "es")
SIZE = (800, 600)


@pytest.mark.parametrize("lang", LANGS)
def test_r22_the_hand_end_says_enter_continues(lang: str) -> None:
    s = session_at(lambda state: bool(state.finished), seed=2026)
    s._refresh()  # type: ignore[attr-defined]
    lay = compute_layout(s.state, Ui(seen_finished=0), SIZE, lang)
    assert lay.panel is not None and lay.panel.kind == "reveal"
    # Continue, Review my hand and See the line: Tab moves between them (client/focus.py), Enter continues,
    # V shows the final line (s13)
    assert lay.help == (tr(lang, HELP_PROMPT_TAB, action=tr(lang, "Continue")) + " · " + tr(lang, "V: see the line"),)
    # a spectator's Enter continues too, and its footer says so (new user s12 round 2: "You are watching
    # this table" under a Continue that Enter pressed)
    spectator = replace(s.state, view=view_for(s.log.state, None))
    watching = compute_layout(spectator, Ui(seen_finished=0), SIZE, lang)
    assert watching.help == (tr(lang, HELP_PROMPT, action=tr(lang, "Continue")),)
    from doublenine.client.input import key
    assert key(pygame.K_RETURN, "", watching, spectator, Ui(seen_finished=0)).ui.seen_finished == 1
    from doublenine.client.footer import HELP_MORE  # and the keys that act for it (s14 left alone: none named)
    assert " · ".join(compute_layout(spectator, Ui(seen_finished=1), SIZE, lang).help) == \
        " · ".join(tr(lang, k) for k in (WATCHING, *HELP_MORE))


@pytest.mark.parametrize("lang", LANGS)
def test_r19_the_match_end_says_enter_starts_a_new_match(lang: str) -> None:
    s = session_at(lambda state: state.phase is Phase.MATCH_OVER, seed=2026)
    s._refresh()  # type: ignore[attr-defined]
    lay = compute_layout(s.state, Ui(seen_finished=len(s.state.view.finished)), SIZE, lang)
    assert lay.panel is not None
    primary = [b for b in lay.panel.buttons if b.primary]
    assert [b.id for b in primary] == ["new_match"]
    assert lay.help == (tr(lang, HELP_PROMPT_TAB, action=tr(lang, "New match")),)


@pytest.mark.parametrize("lang", LANGS)
def test_r3_the_opening_draw_says_its_arrows_and_enter(lang: str) -> None:
    s = session_at(lambda state: state.phase is Phase.DRAW and bool(legal_decisions(state, Seat.ONE)), seed=2026)
    s._refresh()  # type: ignore[attr-defined]
    lay = compute_layout(s.state, Ui(), SIZE, lang)
    assert lay.panel is not None and lay.panel.kind == "draw"
    assert lay.help == (tr(lang, HELP_DRAW),)


@pytest.mark.parametrize("lang", LANGS)
def test_play_keeps_the_hand_keys(lang: str) -> None:
    s = session_at(lambda state: state.phase is Phase.PLAY and bool(legal_decisions(state, Seat.ONE)), seed=2026)
    s._refresh()  # type: ignore[attr-defined]
    lay = compute_layout(s.state, Ui(), SIZE, lang)
    assert lay.panel is None or not lay.panel.modal
    # one row or two; the tile keys and H first, then U, Y where they act, M, C (and T) (inputguard item 2)
    parts = tr(lang, HELP).split(" · ")  # nothing lifted: the digits, the arrows and H (L/R, Enter, Esc need a tile)
    assert " · ".join(lay.help).startswith(" · ".join((parts[0], parts[1], parts[5])) + " · ")
