"""New user s11 item 8 (F-keys-help): no help for the keys; F1 did nothing; the Rules window had no section
on keys, and H/P/U/Y/M/C/T were named only in the footer during one's own turn. The rules now end with a
Keys section made of the footer's own key lines (one source: the two never disagree), and F1 opens the
rules at it."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from doublenine.client import footer
from doublenine.client.footer import keys_section
from doublenine.client.input import key
from doublenine.client.layout import compute_layout
from doublenine.client.overlays.rules import RulesOverlay
from doublenine.client.text import tr
from doublenine.shared.i18n import LANGUAGES


def test_the_keys_section_in_english() -> None:
    section = keys_section("en")
    assert section.title == "Keys" and section.refs == ()
    assert [b.text for b in section.blocks] == [
        "The line under the table names the keys that work at that moment. All of them:",
        "1-9, 0 or two pips: choose a tile", "arrows: move", "L/R: end", "Enter: play", "Esc: cancel",
        "H hint", "P pass", "U undo", "Y redo", "M sound", "C chat", "S settings", "T tiles",
        "K: copy the table's link",  # s14: every window copies its table's link (scenes/table.copy_link)
        "F1: the rules, at these keys",
        "F11 or Alt+Enter: full screen, or back to a window",  # s14 access F7: every screen's (app.FULLSCREEN_KEYS)
        "Tab, Shift+Tab: move the focus (a gold ring) between the buttons; Enter or Space presses the focused one",
        "In the opening draw: arrows: choose a face-down tile · Enter: take it",
        "On a panel (a hand's end, a question): Enter presses its gold button",
        "V: see the line",  # s14 access F12: the hand end's key, said in the footer there, was not in F1
        "In the rules, the ledger and a review: Esc: close · arrows, Page Up, Page Down: scroll",
        "In the chat: Enter: send · Tab: phrases, mutes · Esc: back to the table, twice: close the chat"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_key_of_the_footers_play_line_is_in_the_rules(own_turn, lang: str) -> None:  # type: ignore[no-untyped-def]
    """One source: each key the footer names in play (tracker allowed) is a bullet of the rules' Keys."""
    from dataclasses import replace
    state, ui = own_turn
    line = footer.key_help(replace(state, tracker=True), None, "table", lang)
    bullets = {b.text for b in keys_section(lang).blocks}
    assert line and set(line.split(" · ")) <= bullets, line


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rules_overlay_ends_with_the_keys(lang: str) -> None:
    overlay = RulesOverlay(lang, pygame.Rect(0, 0, 900, 600))
    assert overlay.text().sections[-1].title == tr(lang, footer.KEYS_TITLE)


def test_f1_opens_the_rules_at_the_keys(own_turn) -> None:  # type: ignore[no-untyped-def]
    state, ui = own_turn
    lay = compute_layout(state, ui, (1280, 800))
    action = key(pygame.K_F1, "", lay, state, ui)
    assert (action.ui.overlay, action.command) == ("rules", "rules:keys")
    assert action.intent is not None and (action.intent.what, action.intent.on) == ("rules", True)


def test_f1_in_the_table_scene_scrolls_the_rules_to_the_keys(own_turn) -> None:  # type: ignore[no-untyped-def]
    from client_helpers import session_at

    from doublenine.client.scenes.table import TableScene
    from doublenine.shared.state import Phase

    session = session_at(lambda s: s.phase is Phase.PLAY)
    scene = TableScene(session, "en")
    scene.resize_to((1280, 800)) if hasattr(scene, "resize_to") else None
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode="", scancode=58))
    assert isinstance(scene.overlay, RulesOverlay)
    keys_top = scene.overlay.section_tops()[-1]  # the last section: scrolled as far as it goes towards it
    assert scene.overlay.scroll == scene.overlay.clamp(keys_top) > 0
