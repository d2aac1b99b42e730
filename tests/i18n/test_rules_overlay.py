"""The rules overlay and the rules text in five languages (issue 6)."""
from __future__ import annotations

import pygame
import pytest

from doublenine.client.overlays.actions import Close
from doublenine.client.overlays.rules import RulesOverlay
from doublenine.shared.i18n import LANGUAGES
from doublenine.shared.i18n.rules import parse_rules, rules_text


@pytest.fixture(autouse=True)
def screen():
    pygame.display.init()
    pygame.font.init()
    yield pygame.display.set_mode((1000, 700))
    pygame.display.quit()


def test_every_language_has_the_same_sections_citing_the_same_rules() -> None:
    en = rules_text("en")
    assert len(en.sections) == 10
    for lang in LANGUAGES:
        text = rules_text(lang)
        assert [s.refs for s in text.sections] == [s.refs for s in en.sections], lang
        assert all(s.title and s.blocks for s in text.sections), lang


def test_every_rule_r1_to_r29_the_table_needs_is_explained() -> None:
    refs = {r for s in rules_text("en").sections for r in s.refs}
    wanted = {f"R{n}" for n in range(1, 30)}
    assert wanted <= refs


def test_named_results_keep_their_names_in_every_language() -> None:
    for lang in LANGUAGES:
        body = " ".join(b.text for s in rules_text(lang).sections for b in s.blocks)
        assert "Pollona" in body and "Tripollúa" in body, lang


def test_parse_rules_shapes() -> None:
    t = parse_rules("xx", "# T\n## A <!-- R1 -->\npara\n- item\n## B\nx\n")
    assert t.title == "T" and [s.title for s in t.sections] == ["A", "B"]
    assert t.sections[0].refs == ("R1",) and [b.bullet for b in t.sections[0].blocks] == [False, True]
    with pytest.raises(ValueError):
        parse_rules("xx", "## no title\n")


def test_unknown_language_falls_back_to_english() -> None:
    assert rules_text("zz") == rules_text("en")


def test_keys_scroll_tab_jumps_and_escape_closes(screen) -> None:
    o = RulesOverlay("pt", pygame.Rect(10, 10, 980, 680))
    key = lambda k, mod=0: o.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod))  # noqa: E731
    assert key(pygame.K_DOWN) is None and o.scroll == 40
    key(pygame.K_HOME)
    key(pygame.K_TAB)
    assert o.current_section() == 1 and o.scroll == o.section_tops()[1]
    key(pygame.K_TAB, pygame.KMOD_SHIFT)
    assert o.current_section() == 0
    o.draw(screen)
    assert isinstance(key(pygame.K_ESCAPE), Close)


def test_clicking_a_section_in_the_list_scrolls_there(screen) -> None:
    o = RulesOverlay("de", pygame.Rect(10, 10, 980, 680))
    rect, _ = o.sidebar_entries()[6]
    assert o.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=rect.center)) is None
    assert o.scroll == o.clamp(o.section_tops()[6])
    close_rect = o.header_rects()[0][0]
    assert isinstance(o.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=close_rect.center)), Close)


def test_narrow_panel_has_no_section_list_and_draws(screen) -> None:
    o = RulesOverlay("es", pygame.Rect(10, 10, 500, 600))
    assert o.sidebar_entries() == [] and o.body_rect().w < 500
    o.draw(screen)


def test_dragging_the_text_scrolls_it(screen) -> None:
    o = RulesOverlay("fr", pygame.Rect(10, 10, 980, 680))
    start = o.body_rect().center
    o.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, -120), buttons=(1, 0, 0)))
    assert o.scroll == 120
    o.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, -50), buttons=(0, 0, 0)))
    assert o.scroll == 120  # moving without a button pressed only hovers
