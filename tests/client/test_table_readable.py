"""Issue 11, points 1-5: a board that fills the felt, open numbers you can read, the keyboard end choice
shown, a window that keeps its smallest size, and the smaller points seen by a new player."""
from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from client_helpers import my_turn_with_play, resize_window, session_at, synthetic_line, with_line

from doublenine.client.art import Art
from doublenine.client.input import Viewport, key
from doublenine.client.footer import HELP, WATCHING
from doublenine.client.layout import compute_layout, legal_ends
from doublenine.client.render import render
from doublenine.client.scenes.table import TableScene
from doublenine.client.store import ClientState
from doublenine.client.text import tr
from doublenine.client.typeset import watch
from doublenine.client.uistate import Ui
from doublenine.shared.moves import End, Play
from doublenine.shared.seats import Seat
from doublenine.shared.state import Phase
from doublenine.shared.tiles import Tile
from doublenine.shared.views import SeatView, view_for

SIZES = ((800, 600), (1280, 800), (1920, 1080))


def _inside(r: tuple[int, int, int, int], area: tuple[int, int, int, int]) -> bool:
    return area[0] <= r[0] and area[1] <= r[1] and r[0] + r[2] <= area[0] + area[2] and r[1] + r[3] <= area[1] + area[3]


def _overlap(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


# ---------------------------------------------------------------- 11.1 the board fills the felt
@pytest.mark.parametrize("size", SIZES)
def test_issue11_1_a_short_line_is_as_large_as_the_hand(turn: ClientState, size: tuple[int, int]) -> None:
    lay = compute_layout(with_line(turn, synthetic_line(6, "alternate", seed=1)), Ui(seen_finished=0), size)
    hand_w = lay.hand[0].rect[2]
    assert lay.line.s == hand_w  # was 0.62 of it: 70x35 px line tiles beside 57x112 hand tiles at 1280x800


@pytest.mark.parametrize("size", SIZES)
def test_issue11_1_a_long_line_shrinks_but_stays_readable_and_inside(turn: ClientState, size: tuple[int, int]) -> None:
    sizes = []
    for n in (1, 10, 20, 30, 40):
        lay = compute_layout(with_line(turn, synthetic_line(n, "random", seed=n)), Ui(seen_finished=0), size)
        sizes.append(lay.line.s)
        assert all(_inside(sp.rect, lay.play_area) for sp in lay.line.spots)
    assert sizes == sorted(sizes, reverse=True)
    assert min(sizes) >= {800: 28, 1280: 40, 1920: 55}[size[0]]  # 8 and 9 told apart at 800x600


# ---------------------------------------------------------------- 11.2 open numbers
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("n", (1, 2, 9, 25))
def test_issue11_2_both_open_numbers_beside_their_ends_on_free_felt(turn: ClientState, size: tuple[int, int],
                                                                    n: int) -> None:
    state = with_line(turn, synthetic_line(n, "random", seed=40 + n))
    lay = compute_layout(state, Ui(seen_finished=0), size)
    assert [(m.end, m.pips) for m in lay.marks] == [(End.LEFT, state.view.ends[0]), (End.RIGHT, state.view.ends[1])]
    for m in lay.marks:
        assert _inside(m.rect, lay.play_area)
        assert not any(_overlap(m.rect, sp.rect) for sp in lay.line.spots)
        assert m.rect[2] >= 22  # a large numeral, not a zoom-to-read outline
    assert not _overlap(lay.marks[0].rect, lay.marks[1].rect)


def test_issue11_2_the_numbers_are_drawn(turn: ClientState) -> None:
    state = with_line(turn, synthetic_line(8, "random", seed=8))
    lay = compute_layout(state, Ui(seen_finished=0), (1280, 800))
    with watch() as seen:
        render(pygame.Surface((1280, 800)), lay, state, Ui(seen_finished=0), Art(), "en")
    big = [d.text for d in seen if d.size >= 24]
    assert sorted(big) == sorted(str(v) for v in state.view.ends)


# ---------------------------------------------------------------- 11.3 the keyboard end choice is shown
def _both_ends_state(turn: ClientState) -> tuple[ClientState, Tile]:
    """The turn with a line whose open ends are the two numbers of a hand tile: it fits both ends."""
    view = turn.view
    assert isinstance(view, SeatView)
    t = next(t for t in sorted(view.hand) if not t.is_double)
    line = synthetic_line(7, "alternate", seed=5)
    state = with_line(turn, line)
    return replace(state, view=replace(state.view, ends=(t.low, t.high))), t


def test_issue11_3_r_and_l_mark_the_end_enter_plays(turn: ClientState) -> None:
    state, tile = _both_ends_state(turn)
    assert set(legal_ends(state.view, tile)) == {End.LEFT, End.RIGHT}
    lay = compute_layout(state, Ui(seen_finished=0, selected=tile), (1280, 800))
    assert lay.chosen is None and set(lay.ghosts) == {End.LEFT, End.RIGHT}
    from doublenine.client.panels import status_line
    assert status_line(state, Ui(seen_finished=0, selected=tile), "en")[0] == \
        "It fits both ends: press L or R, or click an end"  # until chosen, Enter plays nothing: say so
    pictures = {}
    for k, end in ((pygame.K_r, End.RIGHT), (pygame.K_l, End.LEFT)):
        ui = key(k, "", lay, state, Ui(seen_finished=0, selected=tile)).ui
        chosen = compute_layout(state, ui, (1280, 800))
        assert chosen.chosen is end
        surface = pygame.Surface((1280, 800))
        render(surface, chosen, state, ui, Art(), "en")
        pictures[end] = pygame.image.tobytes(surface, "RGB")
    assert pictures[End.LEFT] != pictures[End.RIGHT]  # the picture changes with R and L


# ---------------------------------------------------------------- 11.4 smallest window
def test_issue11_4_the_window_refuses_to_shrink_below_800x600() -> None:
    from doublenine.client.app import App

    class Idle:
        def handle(self, event: object) -> None: ...
        def update(self, now: float) -> bool: return False
        def draw(self, surface: pygame.Surface) -> None: ...
        def close(self) -> None: ...

    app = App(Idle(), (640, 480))
    try:
        assert app.screen.get_size() == (800, 600)
        app.step(resize_window((640, 480)))  # SDL keeps the minimum size asked
        assert pygame.display.get_window_size() == app.screen.get_size() == (800, 600)
        app.step(resize_window((640, 480), wm_ignores_minimum=True))  # a window manager let it through
        assert app.screen.get_size() == (800, 600)  # laid out at 800x600, scaled into the window (test_resize)
    finally:
        app.apply(type("C", (), {"kind": "quit", "scene": None})())


# ---------------------------------------------------------------- 11.5 the smaller points
def test_issue11_5_header_names_the_hand_being_shown_not_the_next() -> None:
    s = session_at(lambda st: len(st.finished) >= 1 and st.phase is not Phase.DRAW)
    state = replace(s.state, table="K7QPA")
    assert state.view.hand_number == 2
    ui = Ui(seen_finished=0)
    lay = compute_layout(state, ui, (1280, 800))
    assert lay.panel is not None and lay.panel.kind == "reveal"
    with watch() as seen:
        render(pygame.Surface((1280, 800)), lay, state, ui, Art(), "en")
    header = [d.text for d in seen if "hand " in d.text and "table K7QPA" in d.text]
    assert header and all("hand 1" in t for t in header)


def test_issue11_5_focus_number_leaves_the_slot_of_a_played_tile() -> None:
    s = session_at(my_turn_with_play)
    scene = TableScene(s)
    scene.resize(Viewport((1280, 800), (1280, 800)))
    scene.update(0.0)
    view = s.state.view
    idx = next(i for i, t in enumerate(sorted(view.hand)) if legal_ends(view, t))
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1 + idx, unicode=str(idx + 1), mod=0, scancode=0))
    assert scene.ui.focus == idx
    tile = scene.ui.selected
    if scene.ui.end is None:
        scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, unicode="r", mod=0, scancode=0))
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, unicode="\r", mod=0, scancode=0))
    scene.update(1.0)
    assert tile not in s.state.view.hand
    assert scene.ui.focus is None


def test_issue11_5_free_seats_say_they_are_free(turn: ClientState) -> None:
    lobby = replace(turn, started=False, computers=frozenset(), names=("José", "", "", ""),
                    free=frozenset({Seat.TWO, Seat.THREE, Seat.FOUR}))
    with watch() as seen:
        render(pygame.Surface((1280, 800)), compute_layout(lobby, Ui(seen_finished=0), (1280, 800), "fr"), lobby,
               Ui(seen_finished=0), Art(), "fr")
    texts = [d.text for d in seen]
    assert texts.count(tr("fr", "free seat")) == 3
    assert tr("fr", "free seat") != "free seat"


def test_issue11_5_free_seats_come_from_the_table_frame() -> None:
    from fake_server import table_w

    from doublenine.client.store import reduce
    from doublenine.shared import protocol as p
    from doublenine.shared.convert import view_to_wire
    s = session_at(my_turn_with_play)
    table = table_w("FREE2")
    table["seats"][2].update(kind="human", claimed=False, connected=False, computer_plays=False, name="")
    frame = p.pack({"type": "snapshot", "seq": 3, "view": view_to_wire(view_for(s.log.state, Seat.ONE)),
                    "table": table})
    assert reduce(ClientState(), p.decode_server(frame)).free == frozenset({Seat.THREE})


def test_issue11_5_a_spectator_is_told_it_watches_and_sees_no_player_keys(turn: ClientState) -> None:
    s = session_at(my_turn_with_play)
    watcher = replace(turn, view=view_for(s.log.state, None))
    assert " · ".join(compute_layout(watcher, Ui(seen_finished=0), (1280, 800), "de").help) == \
        "Sie schauen an diesem Tisch zu · M Ton · C Chat · S Einstellungen"  # the keys that act for it too
    player = compute_layout(turn, Ui(seen_finished=0), (1280, 800), "de").help
    # no P (a tile fits), U or Y (nothing of this seat's to take back or put back): inputguard item 2
    parts = tr("de", HELP).split(" · ")  # nothing lifted: the digits, the arrows, H (no L/R, Enter, Esc: s14 left alone)
    keys = [parts[0], parts[1], parts[5]]
    assert " · ".join(player) == " · ".join(keys) + " · M Ton · C Chat · S Einstellungen"


def test_issue11_5_french_key_help_names_esc_and_u_differently() -> None:
    parts = dict(p.split("\u00a0: ", 1) if "\u00a0: " in p else p.split(" ", 1) for p in tr("fr", HELP).split(" · "))
    assert parts["Échap"] != parts["U"]


def test_issue11_5_a_taken_draw_place_shows_which_team_took_it() -> None:
    from doublenine.client.local import LocalSession
    from doublenine.shared.rules import legal_decisions, to_act
    from doublenine.shared.seats import SEATS
    s = LocalSession(seed=2026, humans=frozenset(SEATS))
    first = sorted(to_act(s.log.state))[0]
    s.decide(legal_decisions(s.log.state, first)[0])
    state = s.state
    assert state.view.phase is Phase.DRAW
    taken = state.view.draw_taken
    assert taken
    with watch() as seen:
        render(pygame.Surface((1280, 800)), compute_layout(state, Ui(seen_finished=0), (1280, 800)), state,
               Ui(seen_finished=0), Art(), "en")
    letters = [d.text for d in seen if d.text in ("A", "B")]
    assert sorted(letters) == sorted(seat.team.value for seat, _ in taken)


def test_issue11_5_the_passed_badge_leaves_the_plate_alone(turn: ClientState) -> None:
    from doublenine.shared.moves import Pass
    view = turn.view
    lay = compute_layout(turn, Ui(seen_finished=0), (800, 600))
    plate = next(sp.plate for sp in lay.seats if sp.seat is Seat.ONE)
    passed = replace(turn, view=replace(view, moves=tuple(view.moves) + (Pass(Seat.ONE),)))
    pics = []
    for st in (turn, passed):
        surface = pygame.Surface((800, 600))
        lay2 = compute_layout(st, Ui(seen_finished=0), (800, 600))
        assert next(sp for sp in lay2.seats if sp.seat is Seat.ONE).passed is (st is passed)
        render(surface, lay2, st, Ui(seen_finished=0), Art(), "en")
        pics.append(pygame.image.tobytes(surface.subsurface(pygame.Rect(plate).inflate(-8, -8)), "RGB"))
    assert pics[0] == pics[1]


def test_play_with_keys_still_works_on_both_ends(turn: ClientState) -> None:
    state, tile = _both_ends_state(turn)
    lay = compute_layout(state, Ui(seen_finished=0, selected=tile, end=End.LEFT), (1280, 800))
    action = key(pygame.K_RETURN, "\r", lay, state, Ui(seen_finished=0, selected=tile, end=End.LEFT))
    assert action.intent is not None and action.intent.decision == Play(state.view.viewer, tile, End.LEFT)
