"""Review: a request from another seat (undo, new match) arriving at the host's hand end took the hand end's
panel (the four hands, the points, the score) off the screen until it was answered. It is now drawn on
top of that panel, which stays in sight under it with its buttons disabled and is back, live, once the
request is answered. Kind: a prompt the player was reading replaced, not covered, by one they did not ask
for (the same for the match end, a refusal and the asker's own wait; the overlays: test_requests_say_what).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame
import pytest
from client_helpers import StubSession, fake_hosting
from robot import centre
from scenes_catalog import table_scene

from doublenine.client.art import Art
from doublenine.client.layout import compute_layout
from doublenine.client.render import render
from doublenine.client.scenes.lan_host import HostedTable
from doublenine.client.store import ClientState, ConsentPrompt
from doublenine.client.typeset import watch
from doublenine.client.uistate import Ui
from doublenine.shared.seats import Seat

SIZES = ((800, 600), (1280, 800), (1920, 1080))


def _asked(state: ClientState, what: str) -> ClientState:
    return replace(state, consent=(ConsentPrompt("r1", Seat.TWO, what),))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("what", ("undo", "new_match"))
def test_a_request_at_the_hand_end_is_drawn_over_it(states: dict[str, tuple[ClientState, Ui]], size: tuple[int, int],
                                                    what: str) -> None:
    state, ui = states["reveal"]
    shown = compute_layout(state, ui, size)
    assert shown.panel is not None and shown.panel.kind == "reveal" and shown.beneath is None
    lay = compute_layout(_asked(state, what), ui, size)
    assert lay.panel is not None and lay.panel.kind == "consent"
    assert lay.beneath is not None and lay.beneath.kind == "reveal"
    assert lay.beneath.rect == shown.panel.rect and lay.beneath.rows == shown.panel.rows  # where it was, whole
    assert [(b.id, b.enabled) for b in lay.beneath.buttons] == [("continue", False), ("coach", False), ("look", False)]
    for b in lay.beneath.buttons:  # nothing of it answers a click while the request waits
        assert lay.hit(centre(b.rect)) != ("button", b.id)
    with watch() as seen:
        render(pygame.Surface(size), lay, _asked(state, what), ui, Art(), "en")
    said = [d.text for d in seen]
    title = {"undo": "Zoë asks to undo", "new_match": "Zoë asks to start a new match"}[what]
    assert "Hand 1 is over" in said and title in said
    assert said.index("Hand 1 is over") < said.index("Accept")  # the request is drawn last, on top
    # answered: the hand end is back, its buttons live again
    back = compute_layout(state, ui, size)
    assert back.panel == shown.panel and back.beneath is None


def test_the_match_end_stays_under_a_new_match_request(states: dict[str, tuple[ClientState, Ui]]) -> None:
    state, ui = states["match-over"]
    lay = compute_layout(_asked(state, "new_match"), ui, (1280, 800))
    assert (lay.panel.kind, lay.beneath.kind) == ("consent", "match_over")  # type: ignore[union-attr]
    assert [(b.id, b.enabled) for b in lay.beneath.buttons] == [("new_match", False), ("ledger", False), ("leave", False)]  # type: ignore[union-attr]


def test_nothing_is_drawn_under_a_request_over_the_bare_table(states: dict[str, tuple[ClientState, Ui]]) -> None:
    state, ui = states["own-turn"]
    lay = compute_layout(_asked(state, "undo"), ui, (1280, 800))
    assert lay.panel.kind == "consent" and lay.beneath is None  # type: ignore[union-attr]


def test_the_hosts_window_keeps_its_hand_end_through_a_request(states: dict[str, tuple[ClientState, Ui]]) -> None:
    """The reported window: the host's, its "Invite friends" chip kept off the panel under the request."""
    state, ui = states["reveal"]
    size = (1280, 800)
    table = table_scene(state, ui, "en", size)
    table.session = StubSession(state)
    hosting = fake_hosting()
    host = HostedTable(table, hosting, "en")
    host.resize(table.vp)
    host.update(100.0)
    kinds = [(table.layout().panel.kind, getattr(table.layout().beneath, "kind", None))]
    chip_over_reveal = host.chip_shown()
    table.session.set(_asked(state, "new_match"))
    host.update(101.0)
    kinds.append((table.layout().panel.kind, table.layout().beneath.kind))
    assert host.chip_shown() is chip_over_reveal  # the panel under the request hides the chip as it did
    table.session.set(state)  # refused
    host.update(102.0)
    kinds.append((table.layout().panel.kind, getattr(table.layout().beneath, "kind", None)))
    assert kinds == [("reveal", None), ("consent", "reveal"), ("reveal", None)]
    assert table.ui.seen_finished == 0  # never marked read without the player's Continue


def _effect_asked(state: ClientState, kind: str) -> ClientState:
    from doublenine.shared.wire import EffectW
    if kind == "asking":  # the asker's own wait (46)
        return replace(state, asking="undo", asked_of=(Seat.TWO, Seat.THREE), asked_id="r2")
    return replace(state, consent=(ConsentPrompt("r1", Seat.TWO, "undo",
                                                 EffectW(moves=3, passes=3, hands=(1,), scores=(0, 0))),))


@pytest.mark.parametrize("lang", ("en", "de", "fr"))
@pytest.mark.parametrize("kind", ("consent", "asking"))
@pytest.mark.parametrize("size", ((800, 600), (1280, 800), (1920, 1080)), ids=str)
def test_nu2_item2_a_request_leaves_the_hand_ends_rows_and_result_readable(states, size, kind, lang) -> None:  # type: ignore[no-untyped-def]
    """New user s2 item 2 (46, 47): the request covered three players' rows and "Blocked: North holds the
    lowest total". It now lies from the hand end's disabled button row down (panels.request_below),
    above the footer: every row and result line of the panel is above it."""
    from doublenine.client.panels import request_room
    state, ui = states["reveal"]
    lay = compute_layout(_effect_asked(state, kind), ui, size, lang)
    top, under = lay.panel, lay.beneath
    assert top.kind == kind and under.kind == "reveal"
    assert top.rect[1] >= request_room(under, lay.font)  # the result, points and score lines above it
    assert all(r.rect[1] + r.rect[3] <= top.rect[1] for r in under.rows)
    assert top.rect[1] + top.rect[3] <= lay.help_rect[1] and top.rect[0] >= under.rect[0] \
        and top.rect[0] + top.rect[2] <= under.rect[0] + under.rect[2]
    with watch() as seen:  # and its own text is drawn whole
        render(pygame.Surface(size), lay, _effect_asked(state, kind), ui, Art(), lang)
    assert not any(d.shortened for d in seen if d.text in (say_title(top, lang),))


def say_title(panel: Any, lang: str) -> str:
    from doublenine.client.text import say
    return say(lang, panel.title[0], panel.title[1])


def test_nu2_item2_the_reported_case_exactly(states) -> None:  # type: ignore[no-untyped-def]
    state, ui = states["reveal"]
    small = compute_layout(_effect_asked(state, "consent"), ui, (800, 600))
    # 800x600: clear of the own plate (8, 478, 147, 53), the panel's rows 17 px shorter so its score line
    # stays above the request
    # (the hand-end panel starts below the top bar: 2 px lower since 2619de8 gave the bar's second row
    # to the seed at 800x600; its bottom, 457, stays above the request)
    assert small.seats[0].plate == (8, 478, 147, 53) and small.top_bar[3] < 120
    assert small.panel.rect == (162, 408, 530, 156) and small.beneath.rect == (108, 120, 584, 337)
    large = compute_layout(_effect_asked(state, "consent"), ui, (1280, 800))
    assert large.panel.rect == (210, 575, 907, 202)  # clear of the own plate (12, 647, 189, 65)
    assert large.beneath.rect == (163, 148, 954, 491)
    wait = compute_layout(_effect_asked(state, "asking"), ui, (1280, 800))
    assert wait.panel.rect == (210, 577, 907, 142) and wait.beneath.rect == (163, 148, 954, 493)


def test_nu2_item2_prompt_text_wraps_in_even_rows_never_one_orphan_word() -> None:
    """47: "Accepting takes back 3 passes, back to Maximiliana Esperanza Villalob 2's" then "turn" alone."""
    from doublenine.client.panels import prompt_rows
    from doublenine.client.typeset import measurer
    pygame.font.init()
    text = "Accepting takes back 3 passes, back to Maximiliana Esperanza Villalob 2's turn"
    face = measurer()
    assert face.wrap(text, 14, 528)[-1] == "turn"  # what a greedy wrap gives at that width
    assert prompt_rows(face, [text], 14, 528) == [["Accepting takes back 3 passes, back to",
                                                   "Maximiliana Esperanza Villalob 2's turn"]]
    assert prompt_rows(face, ["Score after: Team A 0, Team B 0"], 14, 528) == [["Score after: Team A 0, Team B 0"]]
