"""Hints as previews, consent prompts, pause and pass markers, spectators (R21, R25, R26, D1, D8)."""
from __future__ import annotations

from dataclasses import replace

from client_helpers import my_turn_with_play, session_at
from robot import centre, click

from doublenine.client.intents import Answer
from doublenine.client.layout import compute_layout, passed_seats
from doublenine.client.panels import status_line
from doublenine.client.scenes.table import KEY_GUARD, TableScene
from doublenine.client.store import ConsentPrompt
from doublenine.client.uistate import Ui
from doublenine.shared.moves import Pass, Play
from doublenine.shared.seats import Seat
from doublenine.shared.views import view_for


class Fixed:
    """A session whose state the test sets; records what is sent."""

    def __init__(self, state) -> None:  # type: ignore[no-untyped-def]
        self.state, self.sent, self._changed = state, [], True

    def set(self, state) -> None:  # type: ignore[no-untyped-def]
        self.state, self._changed = state, True

    def pump(self) -> bool:
        changed, self._changed = self._changed, False
        return changed

    def send(self, intent) -> None:  # type: ignore[no-untyped-def]
        self.sent.append(intent)

    def close(self, leave: bool = True) -> None:
        pass


def test_r25_hint_arrives_as_a_preview_of_one_tile_at_one_end_and_plays_nothing() -> None:
    state = session_at(my_turn_with_play).state
    move = next(m for m in state.view.legal_moves() if isinstance(m, Play))
    session = Fixed(state)
    scene = TableScene(session)
    _on_screen(scene)
    session.set(replace(state, hint=move))
    _on_screen(scene)
    assert (scene.ui.selected, scene.ui.end, scene.ui.from_hint) == (move.tile, move.end, True)
    assert list(scene.layout().ghosts) == [move.end]
    assert session.sent == []


def test_d1_consent_request_is_a_prompt_and_answers_once() -> None:
    state = session_at(my_turn_with_play).state
    state = replace(state, consent=(ConsentPrompt("3", Seat.THREE, "undo"),))
    lay = compute_layout(state, Ui(seen_finished=0), (1280, 800))
    assert lay.panel is not None and lay.panel.kind == "consent"
    assert lay.panel.title == ("{name} asks to {what}", {"name": "Ñandú", "what": "undo"})
    session = Fixed(state)
    scene = TableScene(session)
    _on_screen(scene)
    yes = next(b for b in lay.panel.buttons if b.id.startswith("consent_yes"))
    scene.handle(click(centre(yes.rect)))
    assert session.sent == [Answer("3", True)]


def test_r26_pause_and_refusals_show_in_the_status_line() -> None:
    state = session_at(my_turn_with_play).state
    paused = replace(state, paused_by=frozenset({Seat.THREE}))
    assert status_line(paused, Ui(), "en") == ("Paused while {names} reads the rules or the ledger",
                                               {"_plural": "Paused while {names} read the rules or the ledger",
                                                "count": 1, "names": "Ñandú"})
    refused = replace(state, error="NOT_YOUR_TURN")
    assert status_line(refused, Ui(), "en") == ("It is not your turn", {})


def test_r21_passes_since_the_last_play_are_marked() -> None:
    state = session_at(my_turn_with_play).state
    view = state.view
    moves = view.moves + (Pass(Seat.TWO), Pass(Seat.THREE))
    view2 = replace(view, moves=moves)
    assert passed_seats(view2) == frozenset({Seat.TWO, Seat.THREE})
    lay = compute_layout(replace(state, view=view2), Ui(seen_finished=0), (1280, 800))
    assert {s.seat for s in lay.seats if s.passed} == {Seat.TWO, Seat.THREE}
    assert passed_seats(replace(view, moves=moves + (view.legal_moves()[0],))) == frozenset()


def test_the_tile_just_played_is_marked() -> None:
    state = session_at(lambda st: my_turn_with_play(st) and len(st.hand.line) >= 3).state
    lay = compute_layout(state, Ui(seen_finished=0), (1280, 800))
    last = state.view.line[-1]
    spot = next(sp for sp in lay.line.spots if sp.rect == lay.last)
    assert {spot.a, spot.b} == {last.left, last.right}


def test_d8_spectator_sees_no_hand_and_no_controls_that_act() -> None:
    s = session_at(my_turn_with_play)
    spectator = replace(s.state, view=view_for(s.log.state, None))
    lay = compute_layout(spectator, Ui(seen_finished=0), (1280, 800))
    assert lay.hand == () and lay.ghosts == {}
    ids = {b.id: b.enabled for b in lay.buttons}
    # new user N9: no greyed player-only buttons either, only what a spectator can use
    assert ids == {"leave": True, "ledger": True, "rules": True, "sound": True}  # a spectator hears the table
    assert sum(len(x.backs) for x in lay.seats) == sum(spectator.view.counts)


def test_new_tile_slides_in_then_the_window_goes_idle() -> None:
    s = session_at(lambda st: my_turn_with_play(st) and len(st.hand.line) >= 2)
    before = s.state
    session = Fixed(before)
    scene = TableScene(session)
    assert scene.update(1.0) is True      # first state drawn
    assert scene.update(1.05) is False    # nothing changed: no redraw
    move = next(m for m in before.view.legal_moves() if isinstance(m, Play))
    s.log.submit(move)
    session.set(replace(before, view=view_for(s.log.state, Seat.ONE)))
    assert scene.update(2.0) is True
    start = scene._moving()
    assert start is not None and start[1] != (0, 0)
    assert scene.update(2.1) is True      # still sliding: frames keep coming
    assert scene.update(2.5) is True      # the last frame puts it in place
    assert scene._moving() is None
    assert scene.update(2.6) is False     # idle again


def test_r26_rules_overlay_opens_pauses_and_closes_with_escape() -> None:
    import pygame

    from doublenine.client.intents import Pause

    state = session_at(my_turn_with_play).state
    session = Fixed(state)
    scene = TableScene(session)
    _on_screen(scene)
    rules = next(b for b in scene.layout().buttons if b.id == "rules")
    scene.handle(click(centre(rules.rect)))
    assert scene.overlay is not None and session.sent == [Pause("rules", True)]
    surface = pygame.Surface((1280, 800))
    scene.draw(surface)
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, unicode="", mod=0))
    assert scene.overlay is None and session.sent == [Pause("rules", True), Pause("rules", False)]


def test_before_the_start_the_code_is_shown_and_start_now_sends_start() -> None:
    from doublenine.client.intents import Control

    state = replace(session_at(lambda st: True).state, started=False, table="K7QPA")
    lay = compute_layout(state, Ui(seen_finished=0), (1280, 800))
    assert lay.panel.kind == "lobby" and lay.panel.lines[0][1] == {"code": "K7QPA"}
    session = Fixed(state)
    scene = TableScene(session)
    _on_screen(scene)
    scene.handle(click(centre(lay.panel.buttons[0].rect)))
    assert session.sent == [Control("start")]


def test_d7_disconnected_player_can_be_handed_to_the_computer() -> None:
    from doublenine.client.intents import HandOver

    state = replace(session_at(my_turn_with_play).state, away=frozenset({Seat.THREE}))
    lay = compute_layout(state, Ui(seen_finished=0), (1280, 800))
    assert lay.panel.kind == "away" and lay.panel.title[1] == {"name": "Ñandú"}
    session = Fixed(state)
    scene = TableScene(session)
    scene._away_seen[Seat.THREE] = -100.0  # disconnected for more than its minute (evening s16 F1)
    _on_screen(scene)
    scene.handle(click(centre(lay.panel.buttons[0].rect)))
    assert session.sent == [HandOver(3)]


def test_r25_hints_that_are_not_tiles_are_told_in_words() -> None:
    from doublenine.shared.moves import DrawPick, Nominate, Review

    state = session_at(my_turn_with_play).state
    assert status_line(replace(state, hint=Pass(Seat.ONE)), Ui(), "en") == ("Hint: no tile fits, pass", {})
    assert status_line(replace(state, hint=Nominate(Seat.ONE, Seat.THREE)), Ui(), "en") == \
        ("Hint: let {name} lead", {"name": "Ñandú"})
    assert status_line(replace(state, hint=Review(Seat.ONE, True)), Ui(), "en") == ("Hint: demand a redeal", {})
    draw = session_at(lambda st: st.phase.value == "draw").state
    session = Fixed(draw)
    scene = TableScene(session)
    _on_screen(scene)
    session.set(replace(draw, hint=DrawPick(Seat.ONE, 12)))
    scene.update(0.1)
    assert scene.ui.draw_pick == 12 and session.sent == []


def test_a_double_click_sends_one_decision_until_the_server_answers() -> None:
    state = session_at(lambda st: st.phase.value == "review").state
    session = Fixed(state)
    scene = TableScene(session)
    _on_screen(scene)
    accept = scene.layout().panel.buttons[0]
    scene.handle(click(centre(accept.rect)))
    scene.handle(click(centre(accept.rect)))
    assert len(session.sent) == 1
    session.set(replace(state, error="WRONG_PHASE"))  # any answer from the server frees the next decision
    scene.update(KEY_GUARD + 0.2)
    scene.handle(click(centre(accept.rect)))
    assert len(session.sent) == 2


def _on_screen(scene: TableScene) -> None:
    """The scene drawn, then read for longer than :data:`KEY_GUARD`: a click acts on the prompt drawn (N5)."""
    import pygame
    scene.update(0.0)
    scene.draw(pygame.Surface(scene.vp.pixels))
    scene.update(KEY_GUARD + 0.1)
