"""The hand end's panel (R22) and the players' plates side by side (R2, D8).

Tester finding: at the end of a hand the panel of revealed hands and the score covered the North, East
and West plates, so a player could not tell whose revealed hand was whose, nor who sat where. The kind:
a prompt over the table hiding who is at it. Now, in every language, at the smallest supported window
and larger, with the chat open or not, for a seat and a spectator: the panel lies between the plates
(and their turn markers), each plate is drawn undimmed over the shade, and each row is named as its
plate is, with an arrow to the side of the table it sits at.
"""
from __future__ import annotations

import os
from dataclasses import replace

import pygame
import pytest

from doublenine.client import chat
from doublenine.client.art import Art
from doublenine.client.layout import compute_layout, marker_zone
from doublenine.client.local import LocalSession
from doublenine.client.render import TOWARD, plate_name, render
from doublenine.client.text import tr
from doublenine.client.typeset import watch
from doublenine.client.uistate import Ui
from doublenine.shared.seats import Seat
from doublenine.shared.views import view_for

from client_helpers import session_at

LANGS = ("en", "fr", "pt", "de", "es")
SIZES = ((800, 600), (1024, 768), (1280, 800), (1920, 1080), (700, 900))
NAMES = ("José", "Zoë", "", "Maximiliano Alejandro")  # seat 3 unnamed: "Seat 3" in the window's language


@pytest.fixture(scope="module")
def finished() -> LocalSession:
    s = session_at(lambda state: bool(state.finished), seed=2026, names=NAMES)  # the first hand ended
    s._refresh()  # type: ignore[attr-defined]
    return s


def _state(s: LocalSession, spectator: bool):  # type: ignore[no-untyped-def]
    state = replace(s.state, table="K7QPA")
    return replace(state, view=view_for(s.log.state, None)) if spectator else state


def _overlap(a, b) -> bool:  # type: ignore[no-untyped-def]
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


@pytest.mark.parametrize("spectator", (False, True), ids=("seat", "spectator"))
@pytest.mark.parametrize("side_open", (False, True), ids=("closed", "chat-open"))
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGS)
def test_r22_hand_end_panel_covers_no_plate_and_no_turn_marker(finished, lang, size, side_open, spectator) -> None:  # type: ignore[no-untyped-def]
    at, side = chat.arrange(size, side_open)
    lay = compute_layout(_state(finished, spectator), Ui(seen_finished=0), at, lang, side)
    assert lay.panel is not None and lay.panel.kind == "reveal"
    covered = [(s.seat, s.side) for s in lay.seats if _overlap(lay.panel.rect, s.plate)]
    covered += [(s.seat, "marker") for s in lay.seats if s.side != "bottom"
                and _overlap(lay.panel.rect, marker_zone(s, lay.font, lay.small))]
    assert covered == []
    for row in lay.panel.rows:  # every tile inside its row, every row inside the panel
        x, y, w, h = lay.panel.rect
        assert y <= row.rect[1] and row.rect[1] + row.rect[3] <= y + h
        assert all(row.rect[1] <= t.rect[1] and t.rect[1] + t.rect[3] <= row.rect[1] + row.rect[3] for t in row.tiles)
    buttons = [b.rect for b in lay.panel.buttons]
    assert all(lay.panel.rows[-1].rect[1] + lay.panel.rows[-1].rect[3] <= b[1] for b in buttons)


def _brightest(surface: pygame.Surface, rect) -> int:  # type: ignore[no-untyped-def]
    sub = surface.subsurface(pygame.Rect(rect).clip(surface.get_rect()))
    return max(max(sub.get_at((x, y))[:3]) for x in range(sub.get_width()) for y in range(0, sub.get_height(), 2))


@pytest.mark.parametrize("spectator", (False, True), ids=("seat", "spectator"))
@pytest.mark.parametrize("lang", LANGS)
def test_r22_plates_stay_bright_and_rows_are_named_as_their_plates(finished, lang, spectator) -> None:  # type: ignore[no-untyped-def]
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()
    pygame.font.init()
    size = (800, 600)
    state = _state(finished, spectator)
    art = Art()
    shown, plain = pygame.Surface(size), pygame.Surface(size)
    done = Ui(seen_finished=len(state.view.finished))  # the same table after Continue: no panel, no shade
    render(plain, compute_layout(state, done, size, lang), state, done, art, lang)
    lay = compute_layout(state, Ui(seen_finished=0), size, lang)
    with watch() as seen:
        render(shown, lay, state, Ui(seen_finished=0), art, lang)
    for spot in lay.seats:  # the names on the plates as bright as without the panel (the shade dimmed them)
        assert _brightest(shown, spot.plate) >= _brightest(plain, spot.plate) - 8, (spot.seat, spot.side)
    texts = [d.text for d in seen]
    sides = {s.seat: s.side for s in lay.seats}
    for row in lay.panel.rows:
        assert f"{TOWARD[sides[row.seat]]} {plate_name(state, row.seat, lang)}" in texts
    assert plate_name(state, Seat.THREE, lang) == tr(lang, "Seat {n}", n=3)
    assert plate_name(state, Seat.ONE, lang) == NAMES[0]  # one's own is marked by the badge, never words
    # its hand-end row, its plate drawn twice (again over the panel's shade)
    assert texts.count(tr(lang, "you")) == (0 if spectator else 3)


@pytest.mark.parametrize("side_open", (False, True), ids=("closed", "chat-open"))
@pytest.mark.parametrize("lang", LANGS)
def test_no_prompt_of_any_situation_covers_a_plate(lang, side_open) -> None:  # type: ignore[no-untyped-def]
    """The kind beyond the hand end: every prompt the table shows (lobby, draw, review, consent, away,
    match end, failure...) leaves every plate in sight at the smallest supported window."""
    from scenes_catalog import table_states

    seen = set()
    at, side = chat.arrange((800, 600), side_open)
    for name, state, ui in table_states():
        lay = compute_layout(state, ui, at, lang, side)
        if lay.panel is None:
            continue
        seen.add(lay.panel.kind)
        assert [s.seat for s in lay.seats if _overlap(lay.panel.rect, s.plate)] == [], (name, lay.panel.kind)
    assert {"reveal", "match_over", "draw", "review", "lobby"} <= seen


@pytest.mark.parametrize("size", SIZES, ids=str)
def test_r22_no_face_down_tile_of_the_next_hand_shows_under_the_hand_end(finished, size, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """At 800x600 with the chat open a strip of the partner's next-hand backs showed above the panel: while
    the hand end is up no back is drawn (the panel's rows show what each seat had left); in play they are."""
    from doublenine.client import render as render_module

    pygame.font.init()
    drawn: list[object] = []
    monkeypatch.setattr(render_module, "draw_back", lambda surface, art, rect: drawn.append(rect))
    state = _state(finished, False)
    for side_open in (False, True):
        felt, side = chat.arrange(size, side_open)
        lay = compute_layout(state, Ui(seen_finished=0), felt, "en", side)
        assert lay.panel is not None and lay.panel.kind == "reveal"
        render(pygame.Surface(felt), lay, state, Ui(seen_finished=0), Art(), "en")
        assert drawn == []
    lay = compute_layout(state, Ui(), size, "en")  # the hand end seen: the next hand's backs are there
    render(pygame.Surface(size), lay, state, Ui(), Art(), "en")
    assert len(drawn) == sum(len(s.backs) for s in lay.seats) > 0
