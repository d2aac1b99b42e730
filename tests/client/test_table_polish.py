"""Table details a fresh player noticed: lobby turn marks, hint cursor, seat names, labels at 800x600."""
from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from client_helpers import my_turn_with_play, session_at

from doublenine.client.art import Art
from doublenine.client.layout import compute_layout
from doublenine.client.scenes.table import TableScene
from doublenine.client.store import localized
from doublenine.client.text import LANGUAGES, tr
from doublenine.client.uistate import Ui
from doublenine.shared.moves import Play
from doublenine.shared.seats import Seat
from doublenine.shared.state import Phase
from doublenine.shared.views import SeatView

TOP = ("leave", "ledger", "rules", "redo", "undo", "restart")


def test_lobby_marks_no_seat_as_to_play() -> None:
    s = session_at(lambda st: st.phase is Phase.DRAW)
    assert any(spot.turn for spot in compute_layout(s.state, Ui(), (1280, 800)).seats)  # the draw has turns
    lobby = replace(s.state, started=False)
    assert [spot.seat for spot in compute_layout(lobby, Ui(), (1280, 800)).seats if spot.turn] == []


@pytest.mark.parametrize("size", ((800, 600), (1280, 800)))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_top_bar_labels_are_never_cut(size, lang) -> None:  # type: ignore[no-untyped-def]
    pygame.font.init()
    s = session_at(my_turn_with_play)
    lay = compute_layout(s.state, Ui(), size, lang)
    art = Art()
    for b in (b for b in lay.buttons if b.id in TOP):
        room = b.rect[2] - b.rect[3] // 2  # what draw_button gives the label
        full = art.type.measure(tr(lang, b.label), lay.small)[0]
        assert full * 0.8 <= room, (lang, tr(lang, b.label), full, room)  # fit_text shrinks, never cuts


def test_computer_seat_names_are_translated_and_typed_names_kept() -> None:
    s = session_at(my_turn_with_play)
    state = replace(s.state, names=("José", "East", "North", "West"))
    assert localized(state, "fr").names == ("José", "Est", "Nord", "Ouest")
    assert localized(state, "de").names == ("José", "Ost", "Nord", "West")
    assert localized(state, "en") is state


def test_keyboard_cursor_follows_the_tile_a_hint_lifts() -> None:
    s = session_at(my_turn_with_play)
    view = s.state.view
    assert isinstance(view, SeatView)
    move = [m for m in view.legal_moves() if isinstance(m, Play)][-1]
    scene = TableScene(s, "en")
    scene.update(0.0)
    s.state = replace(s.state, hint=move)
    s.changed = True
    scene.update(0.1)
    assert scene.ui.selected is move.tile and scene.ui.from_hint
    assert scene.ui.focus == sorted(view.hand).index(move.tile)


def _overlap(a, b) -> bool:  # type: ignore[no-untyped-def]
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


@pytest.mark.parametrize("size", ((800, 600), (1280, 800)))
def test_connection_banner_covers_no_seat(size) -> None:  # type: ignore[no-untyped-def]
    s = session_at(my_turn_with_play)
    lay = compute_layout(replace(s.state, connection="lost"), Ui(), size)
    assert lay.banner is not None
    for spot in lay.seats:
        assert not any(_overlap(lay.banner, r) for r in (spot.plate, *spot.backs)), spot.seat


@pytest.mark.parametrize("size", ((800, 600), (1280, 800)))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_d7_hand_over_button_label_is_not_cut(size, lang) -> None:  # type: ignore[no-untyped-def]
    pygame.font.init()
    s = session_at(my_turn_with_play)
    state = replace(s.state, away=frozenset({Seat.THREE}), names=("José", "Zoë", "Maximiliano", "Brontë"))
    lay = compute_layout(state, Ui(), size, lang)
    assert lay.panel is not None and lay.panel.kind == "away"
    b = lay.panel.buttons[0]
    full = Art().type.measure(tr(lang, b.label, name="Maximiliano"), lay.font)[0]
    assert full * 0.8 <= b.rect[2] - b.rect[3] // 2, (lang, full, b.rect)


def test_export_names_the_file_after_the_table_and_says_where_it_went(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from doublenine.client.overlays.actions import Export

    s = session_at(my_turn_with_play)
    s.state = replace(s.state, table="K959E")
    scene = TableScene(s, "fr", export_dir=str(tmp_path))
    scene._export(Export("hand", "match-1-hand-3.json", "{}"))
    scene._export(Export("match", "match-1.json", "{}"))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["doublenine-K959E-match-1-hand-3.json",
                                                         "doublenine-K959E-match-1.json"]
    assert scene.toast is not None and scene.toast[0] == f"Enregistré : {tmp_path / 'doublenine-K959E-match-1.json'}"
    screen = pygame.Surface((800, 600))
    scene.draw(screen)  # the toast draws over the table
    scene.update(scene.toast[1] + 0.1)
    assert scene.toast is None


def test_team_colours_are_the_same_on_the_table_and_in_the_ledger() -> None:
    from doublenine.client import art, palette
    from doublenine.client.overlays import text

    assert art.TEAM_COLOURS is palette.TEAM_COLOURS and text.TEAM_COLOURS is palette.TEAM_COLOURS
    gold, blue = palette.TEAM_COLOURS["A"], palette.TEAM_COLOURS["B"]
    assert gold[0] > gold[2] and blue[2] > blue[0]  # team A warm gold/orange, team B blue


def test_the_ledger_button_is_not_lit_after_the_ledger_closes_with_esc() -> None:
    """New user: Ledger stayed highlighted after closing the ledger with Esc (the pointer had not moved)."""
    from doublenine.client.input import Viewport
    scene = TableScene(session_at(my_turn_with_play))
    scene.resize(Viewport((1280, 800), (1280, 800)))
    ledger = next(b for b in scene.layout().buttons if b.id == "ledger")
    centre = (ledger.rect[0] + ledger.rect[2] // 2, ledger.rect[1] + ledger.rect[3] // 2)
    scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0), buttons=(0, 0, 0)))
    assert scene.ui.hover == "ledger"
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=1))
    assert scene.overlay is not None and scene.ui.overlay == "ledger"
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=41))
    assert scene.overlay is None and scene.ui.hover is None
