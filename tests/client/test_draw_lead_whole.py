"""The opening draw's result says who leads whole and first (R4, R6; s13 player F2: at 800x600 "East leads the
first hand" was half hidden under Continue, under an earlier tie drawn in the result's gold).

Kind: a panel sized by counting its lines (1.6 f each) while the painter wraps them into rows; the line
that matters drawn last and in ink."""
from __future__ import annotations

import os
from dataclasses import replace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from doublenine.client.art import Art
from doublenine.client.layout import compute_layout
from doublenine.client.local import LocalSession
from doublenine.client.render import text_rows
from doublenine.client.store import localized
from doublenine.client.text import say
from doublenine.client.uistate import Ui
from doublenine.shared.seats import Seat
from doublenine.shared.state import OpeningDraw, Phase
from doublenine.shared.tiles import Tile
from doublenine.shared.views import view_for

UI = Ui(seen_finished=0, seen_draw=(1, 0))


def _shown(names: tuple[str, ...] = ("Player", "East", "North", "West")):  # type: ignore[no-untyped-def]
    """The reported case: a tie 4-9 against 5-8, then 5-6 (11) against 4-9 (13); East (seat 2) leads."""
    session = LocalSession(seed=2026, names=names)
    view = replace(view_for(session.log.state, Seat.ONE), phase=Phase.REVIEW,
                   draws=(OpeningDraw(Tile(4, 9), Tile(5, 8)), OpeningDraw(Tile(5, 6), Tile(4, 9))),
                   opener=Seat.TWO)
    return replace(session.state, view=view)


def test_the_reported_case_leads_first_the_tie_after() -> None:
    lay = compute_layout(localized(_shown(), "en"), UI, (800, 600), "en")
    assert [say("en", *line) for line in lay.panel.lines] == \
        ["East leads the first hand", "Earlier draw, a tie: you drew 4-9, East drew 5-8"]


@pytest.mark.parametrize("lang", ("en", "fr", "pt", "de", "es"))
@pytest.mark.parametrize("size", ((800, 600), (1024, 700), (1280, 800)))
def test_every_row_is_above_continue_and_only_the_lead_is_gold(lang: str, size: tuple[int, int]) -> None:
    pygame.display.init()
    pygame.font.init()
    shown = localized(_shown(), lang)
    lay = compute_layout(shown, UI, size, lang)
    panel, art = lay.panel, Art()
    assert panel.kind == "drawn"
    rows, bottom = text_rows(art, panel, shown, lang, lay.font)
    button_top = min(b.rect[1] for b in panel.buttons)
    assert bottom <= button_top, (lang, size, bottom, button_top)
    assert all(r.rect[1] + r.rect[3] <= button_top for r in rows), (lang, size)
    lead = say(lang, *panel.lines[0])
    gold = " ".join(r.text for r in rows if r.gold)
    assert gold == " ".join(lead.split()), (lang, gold)
    assert all(r.rect[1] >= p.rect[1] + p.rect[3] for r in rows for p in panel.rows[-1:])
