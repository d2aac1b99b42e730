"""The key lists say only what works here (inputguard item 2: F1's list showed "T tiles" at a table that does not
allow the tracker). Kind: a key list naming keys that do nothing in the current state: the rules' Keys section
(F1) by the table and the window's role (footer.KeysHere: the tracker allowed or not, a seat or a spectator),
the footer by the moment (P only when no tile fits, U and Y only when they act or say why not)."""
from __future__ import annotations

import os
from dataclasses import replace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from doublenine.client import footer
from doublenine.client.footer import KeysHere, keys_here, keys_section
from doublenine.client.overlays.rules import RulesOverlay
from doublenine.client.scenes.table import TableScene
from doublenine.client.sound import Sounds
from doublenine.shared.i18n import LANGUAGES

from client_helpers import StubSession

EVERY_TABLE = ["F1: the rules, at these keys",
               "F11 or Alt+Enter: full screen, or back to a window",  # s14 access F7: every screen's
               # new user s14: Tab was below the fold as F1 opens at 1280x800, so unseen: now up here
               "Tab, Shift+Tab: move the focus (a gold ring) between the buttons; Enter or Space presses the focused one",
               "On a panel (a hand's end, a question): Enter presses its gold button",
               "V: see the line",  # s14 access F12: said at every hand's end, missing from F1
               "In the rules, the ledger and a review: Esc: close · arrows, Page Up, Page Down: scroll",
               "In the chat: Enter: send · Tab: phrases, mutes · Esc: back to the table, twice: close the chat"]
COPY = "K: copy the table's link"
"""Every window's whose table has a link for a friend (spectate s14 item 4, b4a5d5b); a StubSession's table is
on this computer only, so F1 does not name it here (s14 player F-b; test_copy_table_link checks both)."""
SEAT_KEYS = ["1-9, 0 or two pips: choose a tile", "arrows: move", "L/R: end", "Enter: play", "Esc: cancel",
             "H hint", "P pass", "U undo", "Y redo"]


def _bullets(section) -> list[str]:  # type: ignore[no-untyped-def]
    return [b.text for b in section.blocks[1:]]  # after "The line under the table names the keys..."


def _f1(state) -> RulesOverlay:  # type: ignore[no-untyped-def]
    """The rules the F1 key opens in a table window showing ``state``."""
    scene = TableScene(StubSession(state), "en", sounds=Sounds(muted=True), motion=False)  # type: ignore[arg-type]
    scene.update(0.0)
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode="", scancode=58))
    assert isinstance(scene.overlay, RulesOverlay)
    return scene.overlay


def test_the_reported_case_f1_names_no_tiles_key_where_the_tracker_is_not_allowed(own_turn) -> None:  # type: ignore[no-untyped-def]
    state, _ = own_turn
    assert state.tracker is False
    keys = _bullets(_f1(state).text().sections[-1])
    assert "T tiles" not in keys
    assert keys == [*SEAT_KEYS, "M sound", "C chat", "S settings", *EVERY_TABLE[:3],
                    "In the opening draw: arrows: choose a face-down tile · Enter: take it", *EVERY_TABLE[3:]]
    allowed = _bullets(_f1(replace(state, tracker=True)).text().sections[-1])
    assert allowed[len(SEAT_KEYS):len(SEAT_KEYS) + 5] == ["M sound", "C chat", "S settings", "T tiles", EVERY_TABLE[0]]


def test_d8_a_spectators_f1_names_no_key_of_a_seat(states) -> None:  # type: ignore[no-untyped-def]
    watching, _ = states["spectator"]
    assert keys_here(watching) == KeysHere(seated=False, tracker=False)
    assert _bullets(_f1(watching).text().sections[-1]) == ["M sound", "C chat", "S settings", *EVERY_TABLE]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_key_the_footer_names_at_this_table_is_in_its_f1_list(own_turn, lang: str) -> None:  # type: ignore[no-untyped-def]
    state, _ = own_turn
    for tracker in (False, True):
        here = replace(state, tracker=tracker)
        line = footer.key_help(here, None, "table", lang)
        assert set(line.split(" · ")) <= {b.text for b in keys_section(lang, keys_here(here)).blocks}, line


def test_r15_the_footer_names_p_only_when_no_tile_fits_and_u_y_only_when_they_act(own_turn) -> None:  # type: ignore[no-untyped-def]
    state, _ = own_turn
    fresh = replace(state, can_undo=False, can_redo=False)
    assert footer.key_help(fresh, None, "table", "en") == (
        "1-9, 0 or two pips: choose a tile · arrows: move · H hint · "
        "M sound · C chat · S settings")  # nothing lifted: no L/R, Enter or Esc (they act on a lifted tile)
    undone = replace(state, can_undo=True, can_redo=True)
    said = footer.key_help(undone, None, "table", "en")
    assert said.endswith("· H hint · U undo · Y redo · M sound · C chat · S settings"), said
