"""Keys act only on what the player has seen (client.seen). Kind: a key, click or tap acting on a prompt or a
button that came up less than KEY_GUARD s ago, or that refused an input since (inputguard item 1: Enter
pressed every 0.15 s from the last hand's end sent ``new_match`` 1.35 s later, the match's end never read).
Every prompt and button that comes up by itself is guarded in one place (TableScene.sights): the table's
panels, the wait card's Nudge and hand-over, the "I'm back" card, the gold Pass and the host's question."""
from __future__ import annotations

import os
from dataclasses import replace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest
from client_helpers import StubSession, fake_hosting, session_at
from robot import centre
from scenes_catalog import table_scene, waiting_state

from doublenine.client.art import Art
from doublenine.client.intents import Back, Control, Decide, HandOver, Pause
from doublenine.client.scenes.lan_host import HostedTable
from doublenine.client.scenes.table import KEY_GUARD, TableScene
from doublenine.client.sound import Sounds
from doublenine.client.uistate import Ui
from doublenine.shared.moves import Pass
from doublenine.shared.rules import legal_decisions
from doublenine.shared.seats import Seat
from doublenine.shared.state import Phase

SIZE = (1280, 800)


def _frame(scene: TableScene, t: float) -> None:
    """One frame of the window at ``t`` s: update, then draw (app.App.step)."""
    if scene.update(t):
        scene.draw(pygame.Surface(SIZE))


def _enter(scene: TableScene, k: int = pygame.K_RETURN) -> None:
    """A key pressed and let go."""
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=k, scancode=0, mod=0, unicode=""))
    scene.handle(pygame.event.Event(pygame.KEYUP, key=k, scancode=0, mod=0, unicode=""))


def _hammer(scene: TableScene, start: float, until: float, gap: float = 0.15, k: int = pygame.K_RETURN) -> float:
    """Frames at 60 a second from ``start`` to ``until``, ``k`` pressed every ``gap`` s; the last frame's clock."""
    t, press = start, start
    while t < until:
        t += 1 / 60
        if t >= press:
            _enter(scene, k)
            press = t + gap
        _frame(scene, t)
    return t


def _scene(state, ui: Ui) -> tuple[TableScene, StubSession]:  # type: ignore[no-untyped-def]
    session = StubSession(state)
    scene = TableScene(session, "en", Art(), sounds=Sounds(muted=True), motion=False)  # type: ignore[arg-type]
    scene.ui = ui
    scene.update(100.0)
    scene.draw(pygame.Surface(SIZE))
    return scene, session


def test_r22_enter_pressed_again_and_again_never_goes_through_the_match_end(match_over) -> None:  # type: ignore[no-untyped-def]
    state, _ = match_over
    state = replace(state, humans=frozenset({Seat.ONE}))  # a solo table: New match asks nobody
    last = len(state.view.finished) - 1
    scene, session = _scene(state, Ui(seen_finished=last))  # the last hand's end, just come up
    assert scene.layout().panel.kind == "reveal"
    t = _hammer(scene, 100.0, 104.0)  # the reported case: Enter every 0.15 s, 26 presses
    assert (scene.layout().panel.kind, scene.ui.seen_finished, session.sent) == ("reveal", last, [])
    t += KEY_GUARD + 0.02  # a pause: the hand's end read
    _frame(scene, t)
    _enter(scene)  # "Continue"
    assert (scene.layout().panel.kind, scene.ui.seen_finished, session.sent) == ("match_over", last + 1, [])
    t = _hammer(scene, t, t + 3.0)  # pressed on at once: the match's end is not read
    assert session.sent == [] and scene.layout().panel.kind == "match_over"
    _frame(scene, t + KEY_GUARD + 0.02)
    _enter(scene)  # read, then Enter presses the gold New match (the footer's "Enter: New match")
    assert session.sent == [Control("new_match")]


def test_a_deliberate_enter_on_each_panel_still_presses_its_gold_button(match_over) -> None:  # type: ignore[no-untyped-def]
    state, _ = match_over
    state = replace(state, humans=frozenset({Seat.ONE}))
    scene, session = _scene(state, Ui(seen_finished=len(state.view.finished) - 1))
    _hammer(scene, 100.0, 101.5, gap=KEY_GUARD + 0.05)  # one press every 0.55 s, each after reading
    assert session.sent == [Control("new_match")]


def test_d7_the_im_back_card_takes_no_enter_or_click_as_it_comes(own_turn) -> None:  # type: ignore[no-untyped-def]
    state, _ = own_turn
    scene, session = _scene(state, Ui(seen_finished=0))
    session.set(waiting_state(state, "back"))  # the computer takes the seat while Enter is pressed
    _frame(scene, 100.2)
    card = next(b for c in scene.talk.cards(scene.shown(), scene.layout(), scene.ui) for b in c.buttons)
    assert card.id == "back"
    _enter(scene)
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre(card.rect), button=1, touch=False))
    assert session.sent == []
    _frame(scene, 100.2 + KEY_GUARD + 0.05)
    _enter(scene)
    assert session.sent == [Back()]


def test_d7_the_hand_over_button_takes_no_click_as_it_comes(own_turn) -> None:  # type: ignore[no-untyped-def]
    state, _ = own_turn
    shown = waiting_state(state, "wait")
    scene = table_scene(shown, Ui(seen_finished=0), "en", SIZE, waited=True)
    scene.session = StubSession(shown)
    handover = next(b for c in scene.talk.cards(scene.shown(), scene.layout(), scene.ui) for b in c.buttons
                    if b.id == "handover:3")
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre(handover.rect), button=1, touch=False)
    scene.handle(click)  # not drawn yet
    assert scene.session.sent == []
    scene.draw(pygame.Surface(SIZE))
    scene.update(101.0)  # the wait card's clock (table_scene: 75 s waited at 100.0) and a second to read
    scene.handle(click)
    assert scene.session.sent == [HandOver(3)]


@pytest.fixture(scope="module")
def must_pass():  # type: ignore[no-untyped-def]
    pygame.display.init()
    pygame.font.init()
    s = session_at(lambda st: st.phase is Phase.PLAY and st.hand.turn is Seat.ONE
                   and all(isinstance(d, Pass) for d in legal_decisions(st, Seat.ONE)))
    return s.state


def test_r15_the_gold_pass_takes_no_enter_or_p_as_it_comes(must_pass, own_turn) -> None:  # type: ignore[no-untyped-def]
    scene, session = _scene(own_turn[0], Ui(seen_finished=0))
    session.set(must_pass)  # the turn comes back with no tile that fits while Enter is pressed on
    _frame(scene, 100.1)
    assert [b.id for b in scene.layout().buttons if b.primary] == ["pass"]
    _enter(scene)
    _enter(scene, pygame.K_p)
    assert session.sent == []
    _frame(scene, 100.1 + KEY_GUARD + 0.05)
    _enter(scene)
    assert session.sent == [Decide(Pass(Seat.ONE))]


def test_the_hosts_question_takes_no_enter_or_click_as_it_comes(own_turn) -> None:  # type: ignore[no-untyped-def]
    state = replace(own_turn[0], humans=frozenset({Seat.ONE, Seat.THREE}))
    table = table_scene(state, Ui(seen_finished=0), "en", SIZE)
    table.session = StubSession(state)
    host = HostedTable(table, fake_hosting(), "en")
    host.resize(table.vp)
    host.shown = False
    leave = next(b for b in table.layout().buttons if b.id == "leave")
    assert host.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre(leave.rect), button=1,
                                          touch=False)) is None
    assert host.asking is not None
    stop = centre(host.layout()["stop"])
    assert host.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=stop, button=1, touch=False)) is None
    assert host.asking is not None and host.ended is False  # "Leave anyway" came under the pointer: not taken
    host.draw(pygame.Surface(SIZE))
    table.update(table._now + KEY_GUARD + 0.05)
    change = host.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=stop, button=1, touch=False))
    assert change is not None and change.kind == "pop" and host.ended is True


def test_f1_opens_the_rules_at_once_over_a_fresh_hand_end(match_over) -> None:  # type: ignore[no-untyped-def]
    state, _ = match_over
    scene, session = _scene(replace(state, humans=frozenset({Seat.ONE})), Ui(seen_finished=len(state.view.finished) - 1))
    assert scene.layout().panel.kind == "reveal" and not scene.settled()
    _enter(scene, pygame.K_F1)  # the rules over the hand's end, asked for at once
    assert scene.ui.overlay == "rules" and session.sent == [Pause("rules", True)]

