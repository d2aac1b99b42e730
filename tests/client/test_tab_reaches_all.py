"""Tab reaches every button the table draws (README: "Tab / Shift+Tab move a gold ring over every button
of the table").

New user s12 round 2 F2/F2b: the ring skipped Chat on the own turn, and Nudge <name> and Invite friends at a
hosted table while the friend played (4e6b463 and 3702ae4 added them one by one). Kind: a control only a
click reaches. The check here is made from what is drawn, not from a list kept beside the Tab order: every
enabled button drawn by render.draw_button in a frame of the table must be one of the buttons Tab visits
(focus.focus_order over TableScene._with_cards and TableScene.others), in several states."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace

import pygame
from client_helpers import StubSession, fake_hosting, live_table
from scenes_catalog import table_scene, table_states, waiting_state

from doublenine.client import render
from doublenine.client.focus import focus_order
from doublenine.client.scenes.lan_host import HostedTable
from doublenine.client.uistate import Ui
from doublenine.shared.seats import Seat
from doublenine.shared.state import Phase

pygame.display.init()
pygame.font.init()
STATES = {name: (state, ui) for name, state, ui in table_states()}


@contextmanager
def _drawn_buttons() -> Iterator[list[tuple[str, tuple[int, int, int, int]]]]:
    """Every enabled button :func:`render.draw_button` draws meanwhile, as (id, rect), in every module
    that imported it."""
    orig, seen = render.draw_button, []

    def spy(surface, art, b, font, lang, hover):  # type: ignore[no-untyped-def]
        if b.enabled and b.rect[2] > 0 and b.rect[3] > 0:
            seen.append((b.id, tuple(b.rect)))
        return orig(surface, art, b, font, lang, hover)

    mods = [m for m in list(sys.modules.values()) if getattr(m, "draw_button", None) is orig]
    for m in mods:
        m.draw_button = spy  # type: ignore[union-attr]
    try:
        yield seen
    finally:
        for m in mods:
            m.draw_button = orig  # type: ignore[union-attr]


def _missing(scene, draw, size) -> tuple[list[str], list[str], set[str]]:  # type: ignore[no-untyped-def]
    """(ids of the drawn buttons Tab never reaches, the Tab order's ids, the drawn ids) for ``scene`` drawn
    by ``draw``."""
    with _drawn_buttons() as seen:
        draw(pygame.Surface(size))
    lay = scene._with_cards(scene.layout())
    order = focus_order(lay.panel, lay.buttons + scene.others())
    rects = {tuple(b.rect) for b in order}
    return [bid for bid, rect in seen if rect not in rects], [b.id for b in order], {bid for bid, _ in seen}


def test_own_turn_every_drawn_button_is_in_the_tab_order() -> None:
    scene, _ = live_table(lambda s: s.phase is Phase.PLAY and s.hand.turn is Seat.ONE and len(s.hand.line) >= 2,
                          11, (800, 600))
    missing, order, drawn = _missing(scene, scene.draw, (800, 600))
    assert {"chat", "hint", "sound", "leave"} <= drawn and missing == [] and order == ["restart", "undo", "rules", "ledger", "leave", "other:chat", "hint", "sound"]


def test_waiting_for_a_friend_nudge_and_hand_over_are_in_the_tab_order() -> None:
    state, _ = STATES["own-turn"]
    shown = waiting_state(state, "wait")
    scene = table_scene(shown, Ui(seen_finished=0), "en", (1280, 800), waited=True)
    scene.session = StubSession(shown)
    missing, order, drawn = _missing(scene, scene.draw, (1280, 800))
    assert {"chat", "nudge:3", "handover:3"} <= drawn and missing == [] and {"nudge:3", "handover:3", "other:chat"} <= set(order)
    scene.ui = replace(scene.ui, button="nudge:3")  # ringed, Enter nudges: the footer says so (F3's kind)
    assert " · ".join(scene.layout().help) == "Tab: another button · Enter: Nudge Ñandú"


def test_hosted_table_the_invite_chip_and_card_and_nudge_are_in_the_tab_order() -> None:
    state, _ = STATES["own-turn"]
    shown = waiting_state(state, "wait")
    table = table_scene(shown, Ui(seen_finished=0), "en", (1280, 800), waited=True)
    table.session = StubSession(shown)
    host = HostedTable(table, fake_hosting(1), "en")
    host.resize(table.vp)
    host.shown = False  # the card closed itself when the friend came: its chip "Invite friends"
    missing, order, drawn = _missing(table, host.draw, (1280, 800))
    assert {"chat", "nudge:3", "chip"} <= drawn and missing == [] and {"nudge:3", "other:host:chip", "other:chat"} <= set(order)
    host.shown = True
    missing, order, drawn = _missing(table, host.draw, (1280, 800))
    assert {"hide"} <= drawn and missing == [] and {"other:host:copy", "other:host:hide"} <= set(order)


def test_the_hosts_leave_tip_says_the_game_ends_for_the_friends() -> None:
    """New user s12 round 2: at a hosted table Leave's tip said "Leave this table for the start screen",
    though leaving stops the server; the question after the press said it, the tip did not."""
    from scenes_catalog import drawn

    state, _ = STATES["own-turn"]
    table = table_scene(state, Ui(seen_finished=0, hover="leave"), "en", (1280, 800))
    table.session = StubSession(state)
    plain = {d.text for d in drawn(table, (1280, 800))}
    host = HostedTable(table, fake_hosting(1), "en")
    host.resize(table.vp)
    host.shown = False
    hosted = {d.text for d in drawn(table, (1280, 800))}
    assert "Leave this table for the start screen" in plain
    assert "Leave, and stop hosting: the game ends for your friends at this table" in hosted
    assert "Leave this table for the start screen" not in hosted


def test_nu_s14_a_ring_on_nudge_goes_once_nudge_is_greyed() -> None:
    """Kind of new user s14's "Y redo" under a greyed Redo: with the ring on Nudge, once nudged the card shows
    the greyed "Nudge Ñandú again in 30 s" and the footer still said "Enter: Nudge Ñandú"."""
    state, _ = STATES["own-turn"]
    shown = waiting_state(state, "wait")
    scene = table_scene(shown, Ui(seen_finished=0), "en", (1280, 800), waited=True)
    scene.session = StubSession(shown)
    scene.draw(pygame.Surface((1280, 800)))
    scene.ui = replace(scene.ui, button="nudge:3")
    assert " · ".join(scene.layout().help) == "Tab: another button · Enter: Nudge Ñandú"
    scene.talk._last_nudge = scene.talk.now  # nudged just now: the card's Nudge is greyed for 30 s
    assert [b.id for b in scene._with_cards(scene.layout()).buttons if b.id.startswith("nudge")] == []
    scene._settle_focus()
    assert scene.ui.button is None and "Nudge" not in " · ".join(scene.layout().help)
