"""Every question of the table is answered from the keyboard alone (client/focus.py).

Left alone last session: Enter on "Restart this hand?" and "Reopen the finished match?" keeps the safe
choice and the destructive one was a click only; the same with the host's Leave question; another
player's request could be answered by no key (Enter does not answer it, on purpose), nor the own request
taken back, the hand-over, the redeal, the partner's lead, the coach's review... Kind: a choice only a
click could make. Now Tab and Shift+Tab (and the arrows in a dialog) move a visible focus over the
buttons, Enter or Space presses the focused one, Esc cancels, and the focus starts on the safe choice.
Each dialog is driven here with key events only, and the exact intent or state it ends in is checked."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from dataclasses import replace

import pygame
import pytest
from client_helpers import StubSession, fake_hosting, live_table
from scenes_catalog import table_scene, table_states

from doublenine.client.focus import RING_GAP, focus_order, focused, ring_rect
from doublenine.client.input import key
from doublenine.client.intents import Answer, AskCoach, Control, Decide, HandOver, Withdraw
from doublenine.client.scenes.lan_host import HostedTable
from doublenine.client.scenes.table import KEY_GUARD, TableScene
from doublenine.shared.moves import Nominate, Review
from doublenine.shared.seats import Seat
from doublenine.shared.state import Phase

pygame.display.init()
pygame.font.init()
STATES = {name: (state, ui) for name, state, ui in table_states()}
SIZE = (800, 600)
GOLD = (244, 204, 96)


def _press(scene, k: int, mod: int = 0):  # type: ignore[no-untyped-def]
    """One key through the table's input (input.key), its previews kept as the scene keeps them."""
    action = key(k, "", scene.layout(), scene.shown(), scene.ui, 0, mod)
    scene.ui = action.ui
    return action


def _ids(scene) -> list[str]:  # type: ignore[no-untyped-def]
    lay = scene.layout()
    return [b.id for b in focus_order(lay.panel, lay.buttons)]


def _on(scene) -> str | None:  # type: ignore[no-untyped-def]
    lay = scene.layout()
    b = focused(lay.panel, lay.buttons, scene.ui.button)
    return None if b is None else b.id


def test_another_players_request_is_answered_by_tab_then_enter_and_never_by_enter_alone() -> None:
    state, ui = STATES["consent"]
    scene = table_scene(state, ui, "en", SIZE)
    assert _ids(scene) == ["consent_yes:r1", "consent_no:r1"] and _on(scene) is None  # no default: no ring
    assert _press(scene, pygame.K_RETURN).intent is None  # D1: a reflex Enter answers nothing
    assert " · ".join(scene.layout().help) == "Tab: choose Accept or Refuse, then Enter (Enter alone does not answer)"
    _press(scene, pygame.K_TAB)
    assert _on(scene) == "consent_yes:r1"
    assert " · ".join(scene.layout().help) == "Tab: another button · Enter: Accept"
    _press(scene, pygame.K_TAB)
    assert _on(scene) == "consent_no:r1"
    assert _press(scene, pygame.K_RETURN).intent == Answer("r1", False)
    _press(scene, pygame.K_TAB, pygame.KMOD_SHIFT)  # Shift+Tab goes back to Accept
    assert _on(scene) == "consent_yes:r1" and _press(scene, pygame.K_SPACE).intent == Answer("r1", True)


def test_the_own_request_is_taken_back_by_tab_then_enter() -> None:
    state, ui = STATES["asking"]
    scene = table_scene(state, ui, "en", SIZE)
    assert _press(scene, pygame.K_RETURN).intent is None
    assert " · ".join(scene.layout().help) == "Waiting for the answer: Tab, then Enter, takes the request back"
    _press(scene, pygame.K_TAB)
    assert _press(scene, pygame.K_RETURN).intent == Withdraw("")


def test_d7_the_hand_over_is_reached_by_tab_in_reading_order() -> None:
    state, ui = STATES["away"]
    scene = table_scene(state, ui, "en", SIZE)
    # not a dialog: the top bar left to right, the prompt, Hint right of the hand, the sound at the footer
    assert _ids(scene) == ["restart", "undo", "rules", "ledger", "leave", "handover:3", "hint", "sound"]
    for _ in range(6):
        _press(scene, pygame.K_TAB)
    assert _on(scene) == "handover:3" and _press(scene, pygame.K_RETURN).intent == HandOver(3)


@pytest.mark.parametrize("name", ["review", "nominate-or-review"])
def test_r10_the_redeal_is_demanded_by_tab_then_enter_and_enter_alone_accepts(name: str) -> None:
    state, ui = STATES[name]
    scene = table_scene(state, ui, "en", SIZE)
    assert _on(scene) == "accept"  # the gold default, ringed
    assert _press(scene, pygame.K_RETURN).intent == Decide(Review(Seat.ONE, False))
    _press(scene, pygame.K_TAB)
    assert _on(scene) == "redeal" and _press(scene, pygame.K_RETURN).intent is None  # R11: asked first (s12 F21)
    assert scene.layout().panel.kind == "confirm" and _on(scene) == "confirm_no"  # Keep this hand
    _press(scene, pygame.K_LEFT)
    assert _on(scene) == "confirm:redeal" and _press(scene, pygame.K_RETURN).intent == Decide(Review(Seat.ONE, True))


def test_r22_the_hand_end_opens_the_review_by_an_arrow_then_enter() -> None:
    state, ui = STATES["reveal"]
    scene = table_scene(state, ui, "en", SIZE)
    assert _ids(scene) == ["continue", "coach", "look"] and _on(scene) == "continue"
    _press(scene, pygame.K_RIGHT)  # a dialog: the arrows move the focus too (no hand tile moves)
    assert _on(scene) == "coach"
    fh = scene.session.state.view.finished[0]
    action = _press(scene, pygame.K_RETURN)
    assert (action.intent, action.command) == (AskCoach(fh.match, fh.number), f"coach:{fh.match}:{fh.number}")


def test_r19_the_match_end_keeps_the_focus_among_its_buttons() -> None:
    state, ui = STATES["match-over"]
    scene = table_scene(state, ui, "en", SIZE)
    assert _ids(scene) == ["new_match", "ledger", "leave"] and _on(scene) == "new_match"
    _press(scene, pygame.K_TAB, pygame.KMOD_SHIFT)  # round: from the first to the last
    assert _on(scene) == "leave" and _press(scene, pygame.K_RETURN).command == "leave"
    _press(scene, pygame.K_LEFT)
    assert _on(scene) == "ledger" and _press(scene, pygame.K_RETURN).command == "ledger"
    assert _press(scene, pygame.K_ESCAPE).command == "close"  # the ledger closes: the focus is where it was
    assert _on(scene) == "ledger"
    _press(scene, pygame.K_ESCAPE)  # Esc on the prompt: back to its default
    assert scene.ui.button is None and _press(scene, pygame.K_RETURN).intent == Control("new_match")


def _played_twice(state) -> bool:  # type: ignore[no-untyped-def]
    return state.phase is Phase.PLAY and state.hand.turn is Seat.ONE and \
        sum(1 for e in state.hand.line if e.seat is Seat.ONE) >= 2


def _key(scene: TableScene, k: int, mod: int = 0, at: float | None = None) -> None:
    """A key pressed and released in the window; ``at``: first the frame as shown is drawn, then the clock
    moves there and draws again (a prompt drawn before ``at`` - KEY_GUARD is read: its keys act)."""
    if at is not None:
        scene.draw(pygame.Surface(SIZE))
        scene.update(at)
        scene.draw(pygame.Surface(SIZE))
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=k, scancode=0, mod=mod, unicode=""))
    scene.handle(pygame.event.Event(pygame.KEYUP, key=k, scancode=0, mod=mod, unicode=""))


def test_r28_restart_is_asked_and_confirmed_with_the_keyboard_alone() -> None:
    """The reported case: Restart reached by Tab, its question's focus on Keep playing (Enter keeps the
    hand), moved by Tab to Restart, whose Enter restarts the hand from its deal."""
    scene, session = live_table(_played_twice, 11, SIZE)
    deal, before = session.log.state.deal, len(session.log.state.hand.line)
    _key(scene, pygame.K_TAB)
    assert _on(scene) == "restart"  # the top bar's first button, left to right
    _key(scene, pygame.K_RETURN)
    panel = scene.layout().panel
    assert panel.kind == "confirm" and _on(scene) == "confirm_no"  # the safe choice has the focus
    _key(scene, pygame.K_RETURN, at=101.0)  # Enter on Keep playing: nothing lost
    assert scene.layout().panel is None and len(session.log.state.hand.line) == before
    assert _on(scene) is None and scene.ui.button is None  # the question went: the focus with it
    _key(scene, pygame.K_TAB, at=102.0)
    _key(scene, pygame.K_RETURN)
    _key(scene, pygame.K_RIGHT, at=103.0)  # the arrows move it in a dialog
    assert _on(scene) == "confirm:restart"
    _key(scene, pygame.K_ESCAPE)  # Esc: nothing restarted, the focus forgotten
    assert scene.layout().panel is None and len(session.log.state.hand.line) == before
    _key(scene, pygame.K_TAB, at=104.0)
    _key(scene, pygame.K_RETURN)
    assert _on(scene) == "confirm_no"  # asked again: the focus is back on the safe choice
    _key(scene, pygame.K_TAB, at=105.0)
    _key(scene, pygame.K_RETURN)
    state = session.log.state
    assert (state.phase, state.deal, [m.seat for m in state.hand.moves]) == (Phase.PLAY, deal, [Seat.FOUR])


def test_d6_reopening_the_won_match_is_confirmed_with_the_keyboard_alone() -> None:
    scene, session = live_table(lambda s: s.phase is Phase.MATCH_OVER, 7, SIZE)
    scene.ui = replace(scene.ui, seen_finished=len(session.state.view.finished))
    scene.draw(pygame.Surface(SIZE))
    _key(scene, pygame.K_u, at=101.0)
    assert scene.layout().panel.kind == "confirm" and _on(scene) == "confirm_no"
    _key(scene, pygame.K_TAB, mod=pygame.KMOD_SHIFT, at=102.0)
    assert _on(scene) == "confirm:undo_end"
    _key(scene, pygame.K_SPACE)
    assert session.log.state.phase is Phase.PLAY  # reopened: its last hand goes on (D6)


def test_the_tables_leave_is_pressed_twice_by_the_keyboard_and_esc_takes_its_warning_back() -> None:
    state, ui = STATES["own-turn"]
    scene = table_scene(replace(state, humans=frozenset({Seat.ONE, Seat.THREE})), ui, "en", SIZE)
    for _ in range(5):
        _press(scene, pygame.K_TAB)
    assert _on(scene) == "leave"
    _key(scene, pygame.K_RETURN)
    assert scene.toast_by == "leave" and scene._leave_armed is not None and _on(scene) == "leave"
    _key(scene, pygame.K_ESCAPE)
    assert scene.toast is None and scene._leave_armed is None
    for _ in range(5):
        _press(scene, pygame.K_TAB)
    _key(scene, pygame.K_RETURN)
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, scancode=0, mod=0, unicode=""))
    assert scene._leave is True  # the second press went


def _host() -> HostedTable:
    state, ui = STATES["own-turn"]
    state = replace(state, humans=frozenset({Seat.ONE, Seat.THREE}))
    table = table_scene(state, ui, "en", (1280, 800))
    table.session = StubSession(state)
    host = HostedTable(table, fake_hosting(), "en")
    host.resize(table.vp)
    host.shown = False
    for _ in range(5):
        host.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t", scancode=0))
    assert _on(table) == "leave"
    assert host.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)) is None
    assert host.asking is not None and host.asking.kind == "pop" and host.ask_focus == "keep"
    host.draw(pygame.Surface((1280, 800)))  # the question is read before its keys act (client.seen); the keys
    table.update(table._now + 2 * KEY_GUARD + 0.05)  # above went down with no KEYUP: a second on, none is held
    return host


def _host_key(host: HostedTable, k: int, mod: int = 0):  # type: ignore[no-untyped-def]
    return host.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))


def test_the_hosts_leave_anyway_is_chosen_by_tab_then_enter() -> None:
    host = _host()
    assert _host_key(host, pygame.K_TAB) is None and host.ask_focus == "stop"
    assert host.table.keys() == "ask:Leave anyway"
    assert " · ".join(host.table.layout().help) == "Tab: another button · Enter: Leave anyway"
    change = _host_key(host, pygame.K_RETURN)
    assert change is not None and change.kind == "pop" and host.asking is None and host.ended is True


@pytest.mark.parametrize("moves, stays", [((pygame.K_RIGHT, pygame.K_LEFT), True), ((pygame.K_TAB,), False)])
def test_the_hosts_question_keeps_playing_on_esc_wherever_its_focus(moves: tuple[int, ...], stays: bool) -> None:
    host = _host()
    for k in moves:
        _host_key(host, k)
    assert host.ask_focus == ("keep" if stays else "stop")
    assert _host_key(host, pygame.K_ESCAPE) is None and host.asking is None and host.ended is False
    assert host.table._leave is False


def test_the_ring_is_drawn_round_the_focused_button_of_the_hosts_question() -> None:
    host = _host()
    _host_key(host, pygame.K_TAB)
    surface = pygame.Surface((1280, 800))
    host.draw(surface)
    x, y, w, h = ring_rect(host.layout()["stop"])
    assert tuple(surface.get_at((x + w // 2, y)))[:3] == GOLD  # the ring's top edge, RING_GAP px above
    x, y, w, h = ring_rect(host.layout()["keep"])
    assert tuple(surface.get_at((x + w // 2, y)))[:3] != GOLD


@pytest.mark.parametrize("name, ringed", [("confirm-restart", "confirm_no"), ("reveal", "continue"),
                                          ("consent", None)])
def test_the_ring_marks_the_default_of_a_prompt_and_nothing_where_enter_does_not_answer(name: str,
                                                                                        ringed: str | None) -> None:
    state, ui = STATES[name]
    scene = table_scene(state, ui, "en", SIZE)
    surface = pygame.Surface(SIZE)
    scene.draw(surface)
    for b in scene.layout().panel.buttons:
        x, y, w, h = ring_rect(b.rect)
        assert (tuple(surface.get_at((x + w // 2, y)))[:3] == GOLD) is (b.id == ringed), b.id
    assert RING_GAP == 3


def test_the_ledgers_buttons_are_reached_by_tab_and_pressed_by_enter(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The overlays' buttons (Export match, a match, Export hand, Review my hand, Ask again) were a click only:
    from the table, the Ledger is opened and a hand exported with the keyboard alone."""
    from doublenine.client.overlays.ledger import LedgerOverlay
    state, ui = STATES["match-over"]
    scene = table_scene(state, replace(ui, seen_finished=len(state.view.finished)), "en", (1280, 800))
    scene.export_dir = str(tmp_path)
    _key(scene, pygame.K_TAB, at=1.0)  # the match's end read (KEY_GUARD), then Tab
    _key(scene, pygame.K_TAB)
    assert _on(scene) == "ledger"  # the match end's own Ledger (the dialog keeps the focus)
    _key(scene, pygame.K_RETURN)
    ledger = scene.overlay
    assert isinstance(ledger, LedgerOverlay) and ledger.focus is None
    labels = [a for _, a, _ in ledger.focus_targets()]
    # reading order: the header's Close, then the match's own selector left of Export match on its row
    assert [type(a).__name__ for a in labels[:3]] == ["Close", "SelectMatch", "ExportLater"]
    for _ in range(3):
        _key(scene, pygame.K_TAB)  # Close, the match, then Export match
    surface = pygame.Surface((1280, 800))
    scene.draw(surface)
    x, y, w, h = ring_rect(tuple(ledger.focused_rect()))  # type: ignore[arg-type]
    assert tuple(surface.get_at((x + w // 2, y)))[:3] == GOLD
    _key(scene, pygame.K_RETURN)
    assert [p.name for p in tmp_path.iterdir()] == ["doublenine-K7QPA-match-1.json"]
    _key(scene, pygame.K_TAB, pygame.KMOD_SHIFT)
    _key(scene, pygame.K_TAB, pygame.KMOD_SHIFT)
    _key(scene, pygame.K_RETURN)  # Close, reached backwards
    assert scene.overlay is None


def test_the_wait_cards_nudge_and_the_chat_button_are_reached_by_tab_and_pressed_by_enter() -> None:
    """The controls other parts of the table draw (the Chat and Tiles buttons, the host's invite; the wait
    card's since 3702ae4) were a click only: Tab visits them with the table's, Enter or Space presses them."""
    from scenes_catalog import waiting_state

    from doublenine.client.uistate import Ui
    state, _ = STATES["own-turn"]
    shown = waiting_state(state, "wait")
    scene = table_scene(shown, Ui(seen_finished=0), "en", (1280, 800), waited=True)
    scene.session = StubSession(shown)
    order = [b.id for b in focus_order(None, scene._with_cards(scene.layout()).buttons + scene.others())]
    assert order == ["restart", "undo", "rules", "ledger", "leave", "nudge:3", "handover:3",
                     "other:chat", "sound"]  # Ñandú's turn: no Hint
    for _ in range(6):
        _key(scene, pygame.K_TAB)
    assert scene.ui.button == "nudge:3"
    surface = pygame.Surface((1280, 800))
    scene.draw(surface)
    nudge = next(b for b in scene._with_cards(scene.layout()).buttons if b.id == "nudge:3")
    x, y, w, h = ring_rect(nudge.rect)
    assert tuple(surface.get_at((x + w // 2, y)))[:3] == GOLD  # drawn over the card
    _key(scene, pygame.K_RETURN, at=101.0)  # the card read first (client.seen)
    assert [type(i).__name__ for i in scene.session.sent] == ["Nudge"]
    _key(scene, pygame.K_TAB)
    _key(scene, pygame.K_TAB)
    assert scene.ui.button == "other:chat"
    _key(scene, pygame.K_SPACE)
    assert scene.talk.cui.open


def test_the_hosts_invite_card_is_reached_by_tab() -> None:
    state, ui = STATES["own-turn"]
    table = table_scene(state, ui, "en", (1280, 800))
    table.session = StubSession(state)
    host = HostedTable(table, fake_hosting(0), "en")
    host.resize(table.vp)
    host.shown = True
    assert [b.id for b in table.others()][-3:] == ["other:host:copy", "other:host:copyweb", "other:host:hide"]
    while table.ui.button != "other:host:hide":
        host.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="", scancode=0))
    host.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
    assert host.shown is False and [b.id for b in table.others()][-1] == "other:host:chip"
