"""Polish s12 item 3 (F8): F1 opened the rules at their end, the sidebar lit "At this table" and not
"Keys" (the short last section could not be scrolled to the top of the view), Tab could never light Keys,
the first line in view was cut in half under the title's rule, and the footer did not say that Tab and
Shift+Tab go from section to section. Kind: a jump to a section that the scroll's end stops short of, and
a line of text drawn cut by a scrolled body's edge (every overlay: rules, ledger, review)."""
from __future__ import annotations

import pygame
import pytest
from scenes_catalog import table_scene

from doublenine.client.overlays.panel import Text
from doublenine.client.overlays.rules import RulesOverlay
from doublenine.shared.i18n import LANGUAGES

SIZES = [(800, 600), (1024, 768), (1920, 1080)]


def _key(scene, key: int, mod: int = 0) -> None:  # type: ignore[no-untyped-def]
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))


@pytest.mark.parametrize("size", SIZES, ids=str)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_f1_opens_the_keys_and_lights_them(own_turn, size: tuple[int, int], lang: str) -> None:  # type: ignore[no-untyped-def]
    state, ui = own_turn
    scene = table_scene(state, ui, lang, size)
    _key(scene, pygame.K_F1)
    rules = scene.overlay
    assert isinstance(rules, RulesOverlay)
    last = len(rules.text().sections) - 1
    assert rules.scroll == rules.section_tops()[last]  # the Keys heading at the top of the view
    assert rules.current_section() == last


@pytest.mark.parametrize("size", SIZES, ids=str)
def test_tab_lights_every_section_in_turn_and_shift_tab_back(own_turn, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    state, ui = own_turn
    scene = table_scene(state, ui, "en", size)
    _key(scene, pygame.K_F1)
    rules = scene.overlay
    n = len(rules.text().sections)
    _key(scene, pygame.K_HOME)
    lit = [rules.current_section()]
    for _ in range(n - 1):
        _key(scene, pygame.K_TAB)
        lit.append(rules.current_section())
    assert lit == list(range(n))
    _key(scene, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert rules.current_section() == n - 2


@pytest.mark.parametrize("size", SIZES, ids=str)
@pytest.mark.parametrize("what", ["rules", "ledger"])
def test_no_line_of_text_is_drawn_cut_at_any_scroll(own_turn, size: tuple[int, int], what: str) -> None:  # type: ignore[no-untyped-def]
    state, ui = own_turn
    scene = table_scene(state, ui, "en", size)
    scene._open_overlay(what)
    panel = scene.overlay
    body = panel.body_rect()
    drawn: list[pygame.Rect] = []
    real = panel._draw_item
    panel._draw_item = lambda surface, item, r: (drawn.append(r) if isinstance(item, Text) else None,  # type: ignore[method-assign]
                                                 real(surface, item, r))
    surface = pygame.Surface(size)
    for scroll in range(0, panel.clamp(10**9) + 1, 7):
        panel.scroll = scroll
        panel.draw(surface)
    assert drawn and all(body.top <= r.top and r.bottom <= body.bottom for r in drawn)


def test_the_footer_names_the_rules_keys(own_turn) -> None:  # type: ignore[no-untyped-def]
    state, ui = own_turn
    scene = table_scene(state, ui, "en", (1280, 800))
    _key(scene, pygame.K_F1)
    assert scene.keys() == "overlay:rules"
    assert scene.layout().help == ("Esc: close · arrows, Page Up, Page Down: scroll · Tab, Shift+Tab: next, "
                                   "previous section",)
    _key(scene, pygame.K_ESCAPE)
    scene._open_overlay("ledger")
    assert scene.keys() == "overlay"
