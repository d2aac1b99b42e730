"""Synthetic mouse, touch and key events -> exactly the intended previews and intents (R25, issue 5)."""
from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from client_helpers import my_turn_with_play, resize_window, session_at
from robot import centre, click

from doublenine.client.input import UiAction, Viewport, handle
from doublenine.client.intents import AskHint, Control, Decide, Pause
from doublenine.client.layout import compute_layout, legal_ends
from doublenine.client.scenes.table import TableScene
from doublenine.client.uistate import Ui
from doublenine.shared.moves import DrawPick, End, Pass, Play, Review
from doublenine.shared.seats import Seat
from doublenine.shared.state import Phase, Placed
from doublenine.shared.tiles import Tile
from doublenine.shared.views import SeatView

SIZE = (1280, 800)
VP = Viewport(SIZE, SIZE)


@pytest.fixture(scope="module")
def turn():  # type: ignore[no-untyped-def]
    return session_at(my_turn_with_play).state


def finger(pos: tuple[int, int], size=SIZE):  # type: ignore[no-untyped-def]
    return pygame.event.Event(pygame.FINGERDOWN, x=pos[0] / size[0], y=pos[1] / size[1], touch_id=1, finger_id=0)


def key(k: int, char: str = ""):  # type: ignore[no-untyped-def]
    return pygame.event.Event(pygame.KEYDOWN, key=k, unicode=char, mod=0)


def run(events, state, ui=Ui(seen_finished=0), vp=VP):  # type: ignore[no-untyped-def]
    """Feed events in order; returns the last UiAction and every intent."""
    intents = []
    action = UiAction(ui)
    for e in events:
        lay = compute_layout(state, ui, vp.pixels)
        action = handle(e, lay, state, ui, vp)
        ui = action.ui
        if action.intent is not None:
            intents.append(action.intent)
    return action, intents


def hand_rect(state, tile, ui=Ui(seen_finished=0), size=SIZE):  # type: ignore[no-untyped-def]
    lay = compute_layout(state, ui, size)
    return next(h.rect for h in lay.hand if h.tile is tile)


def test_r25_click_tile_previews_then_ghost_confirms(turn) -> None:  # type: ignore[no-untyped-def]
    tile = next(t for t in sorted(turn.view.hand) if legal_ends(turn.view, t))
    action, intents = run([click(centre(hand_rect(turn, tile)))], turn)
    assert action.ui.selected is tile and intents == []
    lay = compute_layout(turn, action.ui, SIZE)
    end, ghost = next(iter(lay.ghosts.items()))
    action2, intents2 = run([click(centre(ghost.rect))], turn, action.ui)
    assert intents2 == [Decide(Play(Seat.ONE, tile, end))]
    assert action2.ui.selected is None


def crafted(turn, hand):  # type: ignore[no-untyped-def]
    """Seat 1 to play with ``hand`` against open ends 3 and 8 (a line 3-... -8)."""
    line = (Placed(Tile(3, 8), Seat.FOUR, End.LEFT, 3, 8),)
    return replace(turn, view=replace(turn.view, hand=frozenset(hand), line=line, ends=(3, 8), turn=Seat.ONE))


def test_r25_second_click_on_single_end_tile_confirms(turn) -> None:  # type: ignore[no-untyped-def]
    turn = crafted(turn, {Tile(3, 4), Tile(0, 1), Tile(5, 6)})
    tile = Tile(3, 4)
    (end,) = legal_ends(turn.view, tile)
    first, _ = run([click(centre(hand_rect(turn, tile)))], turn)
    _, intents = run([click(centre(hand_rect(turn, tile, first.ui)))], turn, first.ui)
    assert intents == [Decide(Play(Seat.ONE, tile, end))]


def test_r25_click_elsewhere_cancels_without_intent(turn) -> None:  # type: ignore[no-untyped-def]
    tile = next(t for t in sorted(turn.view.hand) if legal_ends(turn.view, t))
    first, _ = run([click(centre(hand_rect(turn, tile)))], turn)
    lay = compute_layout(turn, first.ui, SIZE)
    empty = (lay.play_area[0] + 2, lay.play_area[1] + 2)
    action, intents = run([click(empty)], turn, first.ui)
    assert action.ui.selected is None and intents == []


def test_unplayable_tile_does_not_lift(turn) -> None:  # type: ignore[no-untyped-def]
    turn = crafted(turn, {Tile(3, 4), Tile(0, 1), Tile(5, 6)})
    action, intents = run([click(centre(hand_rect(turn, Tile(0, 1))))], turn)
    assert action.ui.selected is None and intents == []


def test_one_touch_is_one_action_even_with_sdl_synthesised_mouse_events(turn) -> None:  # type: ignore[no-untyped-def]
    tile = next(t for t in sorted(turn.view.hand) if legal_ends(turn.view, t))
    pos = centre(hand_rect(turn, tile))
    # SDL reports a tap as FINGERDOWN and again as a MOUSEBUTTONDOWN with touch=True
    action, intents = run([finger(pos), click(pos, touch=True)], turn)
    assert action.ui.selected is tile  # selected once; a second handling would have confirmed or cancelled
    lay = compute_layout(turn, action.ui, SIZE)
    end, ghost = next(iter(lay.ghosts.items()))
    g = centre(ghost.rect)
    _, intents = run([finger(g), click(g, touch=True)], turn, action.ui)
    assert intents == [Decide(Play(Seat.ONE, tile, end))]


def test_keyboard_position_number_then_enter_plays(turn) -> None:  # type: ignore[no-untyped-def]
    hand = sorted(turn.view.hand)
    i = next(i for i, t in enumerate(hand) if legal_ends(turn.view, t))
    tile = hand[i]
    digit = str((i + 1) % 10)
    action, _ = run([key(getattr(pygame, f"K_{digit}"), digit)], turn)
    assert action.ui.selected is tile and action.ui.focus == i
    ends = legal_ends(turn.view, tile)
    letter = pygame.K_l if ends[-1] is End.LEFT else pygame.K_r
    action, intents = run([key(letter), key(pygame.K_RETURN)], turn, action.ui)
    assert intents == [Decide(Play(Seat.ONE, tile, ends[-1]))]


def test_keyboard_two_pips_select_that_tile(turn) -> None:  # type: ignore[no-untyped-def]
    tile = next(t for t in sorted(turn.view.hand) if legal_ends(turn.view, t))
    a, b = str(tile.high), str(tile.low)
    action, intents = run([key(getattr(pygame, f"K_{a}"), a), key(getattr(pygame, f"K_{b}"), b)], turn)
    assert action.ui.selected is tile and intents == []


def test_keyboard_arrows_escape_and_letters(turn) -> None:  # type: ignore[no-untyped-def]
    action, _ = run([key(pygame.K_RIGHT)], turn)
    assert action.ui.focus == 0
    action, _ = run([key(pygame.K_RIGHT), key(pygame.K_RIGHT), key(pygame.K_LEFT)], turn)
    assert action.ui.focus == 0
    action, _ = run([key(pygame.K_ESCAPE)], turn, action.ui)
    assert action.ui.selected is None and action.ui.focus is None
    _, intents = run([key(pygame.K_h), key(pygame.K_u), key(pygame.K_y)], turn)
    assert intents == [AskHint()]  # nothing of this seat's to undo yet, nothing undone to redo
    tile = next(iter(turn.view.hand))
    played = replace(turn, can_redo=True, view=replace(turn.view, moves=(Play(turn.view.seat, tile, End.LEFT),)))
    _, intents = run([key(pygame.K_h), key(pygame.K_u), key(pygame.K_y)], played)
    assert intents == [AskHint(), Control("undo"), Control("redo")]
    action, intents = run([click(centre(next(b.rect for b in compute_layout(turn, Ui(), SIZE).buttons
                                             if b.id == "rules")))], turn)
    assert intents == [Pause("rules", True)] and action.command == "rules"


def test_d4_pass_shown_only_when_no_tile_fits_and_confirms(turn) -> None:  # type: ignore[no-untyped-def]
    lay = compute_layout(crafted(turn, {Tile(3, 4)}), Ui(), SIZE)
    assert "pass" not in {b.id for b in lay.buttons}
    stuck = crafted(turn, {Tile(0, 1), Tile(5, 6)})
    lay = compute_layout(stuck, Ui(), SIZE)
    btn = next(b for b in lay.buttons if b.id == "pass")
    _, intents = run([click(centre(btn.rect))], stuck)
    assert intents == [Decide(Pass(Seat.ONE))]
    _, intents = run([key(pygame.K_p)], stuck)
    assert intents == [Decide(Pass(Seat.ONE))]
    _, intents = run([key(pygame.K_p)], crafted(turn, {Tile(3, 4)}))
    assert intents == []


def test_r3_opening_draw_one_click_draws() -> None:
    """New user: the first click only outlined the tile and nothing said a second was needed. A click
    on a face-down tile draws it (the pick is final); another tile's click later is no second pick."""
    state = session_at(lambda st: st.phase is Phase.DRAW).state
    lay = compute_layout(state, Ui(seen_finished=0), SIZE)
    pos, rect = lay.panel.cells[7]
    action, intents = run([click(centre(rect))], state)
    assert intents == [Decide(DrawPick(Seat.ONE, 7))] and action.ui.draw_pick is None
    hinted = Ui(seen_finished=0, draw_pick=12)  # a hint lifted tile 12: a click elsewhere draws the clicked one
    _, intents = run([click(centre(lay.panel.cells[3][1]))], state, hinted)
    assert intents == [Decide(DrawPick(Seat.ONE, 3))]


def test_r3_opening_draw_by_keys_moves_then_draws() -> None:
    """The first free tile is shown chosen before any arrow (panels.draw_chosen); the arrows move from it."""
    state = session_at(lambda st: st.phase is Phase.DRAW).state
    action, intents = run([key(pygame.K_RIGHT), key(pygame.K_RIGHT)], state)
    assert action.ui.draw_pick == 2 and intents == []
    _, intents = run([key(pygame.K_RETURN)], state, action.ui)
    assert intents == [Decide(DrawPick(Seat.ONE, 2))]
    action, intents = run([key(pygame.K_LEFT)], state)
    assert action.ui.draw_pick == free_cells(state)[-1] and intents == []


def free_cells(state) -> list[int]:  # type: ignore[no-untyped-def]
    lay = compute_layout(state, Ui(seen_finished=0), SIZE)
    return [p for p, _ in lay.panel.cells if p not in lay.panel.taken]


def test_s13_opening_draw_enter_alone_takes_the_tile_shown() -> None:
    """s13 linguists (es_draw.png after 4 x Enter): the footer said "Enter: take it" and Enter did nothing until
    an arrow was pressed. The first free tile is shown lifted and Enter takes it; with one taken, the next."""
    state = session_at(lambda st: st.phase is Phase.DRAW).state
    _, intents = run([key(pygame.K_RETURN)], state)
    assert intents == [Decide(DrawPick(Seat.ONE, 0))]
    from doublenine.client.panels import draw_chosen
    lay = compute_layout(state, Ui(seen_finished=0), SIZE)
    taken = replace(lay.panel, taken=(0,))
    assert draw_chosen(taken, state, Ui(seen_finished=0)) == 1
    assert draw_chosen(taken, state, Ui(seen_finished=0, draw_pick=0)) == 1  # a pick taken meanwhile


def test_r10_review_offers_redeal_only_when_eligible() -> None:
    state = session_at(lambda st: st.phase is Phase.REVIEW).state
    view = state.view
    assert isinstance(view, SeatView)
    lay = compute_layout(state, Ui(seen_finished=0), SIZE)
    ids = [b.id for b in lay.panel.buttons]
    assert ids == (["accept", "redeal"] if view.may_demand_redeal else ["accept"])
    assert lay.panel.lines[0] == ("You hold {count} double", {"_plural": "You hold {count} doubles",
                                                             "_none": "You hold no doubles", "count": view.doubles})
    _, intents = run([click(centre(lay.panel.buttons[0].rect))], state)
    assert intents == [Decide(Review(Seat.ONE, False))]


def test_reveal_stays_until_continue() -> None:
    state = session_at(lambda st: len(st.finished) >= 1).state
    lay = compute_layout(state, Ui(seen_finished=0), SIZE)
    assert lay.panel.kind == "reveal"
    assert [r.pips for r in lay.panel.rows] == [state.view.finished[0].pip_totals[s - 1] for s in (1, 2, 3, 4)]
    cont = lay.panel.buttons[0]
    action, intents = run([click(centre(cont.rect))], state)
    assert intents == [] and action.ui.seen_finished == 1
    assert compute_layout(state, action.ui, SIZE).panel is None or \
        compute_layout(state, action.ui, SIZE).panel.kind != "reveal"


class _Still:
    def __init__(self, state) -> None:  # type: ignore[no-untyped-def]
        self.state, self.sent = state, []

    def pump(self) -> bool:
        return False

    def send(self, intent) -> None:  # type: ignore[no-untyped-def]
        self.sent.append(intent)

    def close(self, leave: bool = True) -> None:
        pass


def test_click_targets_right_after_resize_and_back_and_under_150_percent_scaling(turn) -> None:  # type: ignore[no-untyped-def]
    tile = next(t for t in sorted(turn.view.hand) if legal_ends(turn.view, t))
    scene = TableScene(_Still(turn))
    scene.update(0.0)
    for vp in (Viewport((1280, 800), (1280, 800)), Viewport((800, 600), (800, 600)),
               Viewport((1280, 800), (1280, 800)), Viewport((1280, 800), (1920, 1200))):
        scene.resize(vp)
        scene.ui = Ui(seen_finished=0)
        px = centre(next(h.rect for h in scene.layout().hand if h.tile is tile))
        window_pos = (round(px[0] * vp.window[0] / vp.pixels[0]), round(px[1] * vp.window[1] / vp.pixels[1]))
        scene.handle(click(window_pos))
        assert scene.ui.selected is tile, vp
        scene.ui = Ui(seen_finished=0)
        scene.handle(finger(px, vp.pixels))
        assert scene.ui.selected is tile, vp


def test_real_window_resize_and_back_keeps_click_targets(turn) -> None:  # type: ignore[no-untyped-def]
    from doublenine.client.app import App

    tile = next(t for t in sorted(turn.view.hand) if legal_ends(turn.view, t))
    scene = TableScene(_Still(turn))
    app = App(scene, (1280, 800))
    for size in ((800, 600), (2560, 1440), (1280, 800)):
        app.step(resize_window(size))  # as a user's drag: pygame resizes the display surface itself
        assert scene.vp.pixels == size
        scene.ui = Ui(seen_finished=0)
        rect = next(h.rect for h in scene.layout().hand if h.tile is tile)
        app.step([click(centre(rect))])
        assert scene.ui.selected is tile, size
        assert rect[0] + rect[2] <= size[0] and rect[1] + rect[3] <= size[1]


def test_controls_off_when_their_action_cannot_apply(turn) -> None:  # type: ignore[no-untyped-def]
    """New-user finding: Undo enabled at the opening draw, U/Y/H there answered "Refused: NOTHING_TO_UNDO",
    "NOT_STARTED": the buttons are drawn disabled and the keys send nothing, so no refusal is shown."""
    for state in (replace(turn, view=replace(turn.view, phase=Phase.DRAW, turn=None)),
                  replace(turn, started=False), turn):
        buttons = {b.id: b.enabled for b in compute_layout(state, Ui(), SIZE).buttons}
        assert (buttons["undo"], buttons["redo"]) == (False, False)
        _, intents = run([key(pygame.K_u), key(pygame.K_y)], state)
        assert intents == []
    for state in (replace(turn, view=replace(turn.view, phase=Phase.DRAW, turn=None)), replace(turn, started=False)):
        _, intents = run([key(pygame.K_h)], state)
        assert intents == []
