"""New user s12 item 2, a hand's end: the result panel covered the felt within 0.4 s (the final line is now
shown first: test_paced_plays), the turn arrow of the next hand's nominator stayed lit under "Hand 2 is
over", North's plate jumped sideways when its face-down tiles went, the score changed 0 -> 11 under the
dimmed top bar with no "+11", and Undo and Redo said nothing of what they did."""
from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from client_helpers import hand_played_out, my_turn_with_play, session_at

from doublenine.client.input import Viewport
from doublenine.client.intents import Decide
from doublenine.client.layout import compute_layout
from doublenine.client.local import LocalSession
from doublenine.client.render import score_gains
from doublenine.client.scenes.table import TableScene
from doublenine.client.sound import Sounds
from doublenine.client.store import ClientState
from doublenine.client.uistate import Ui
from doublenine.client.undone import undone_said
from doublenine.shared.moves import Play
from doublenine.shared.rules import legal_decisions
from doublenine.shared.seats import Seat, Team
from doublenine.shared.state import Phase

NAMES = ("Ann", "Bo", "Cy", "Di")
UI = Ui(seen_finished=0, seen_draw=(1, 1))


@pytest.fixture(scope="module")
def ended() -> tuple[ClientState, ClientState]:
    """(the state in the middle of hand 1, the state once Di went out: Team B +26) at a local table."""
    pygame.display.init()
    pygame.font.init()
    return hand_played_out(NAMES)


def test_nobody_is_to_move_under_a_hands_end_and_the_partners_plate_stays(ended) -> None:  # type: ignore[no-untyped-def]
    during, after = ended
    # the next hand's nomination (Ann's team entitled) with its face-down tiles gone, as in the report
    nominate = replace(after, view=replace(after.view, phase=Phase.NOMINATE, entitled=Team.A, counts=(0, 0, 0, 0)))
    assert nominate.view.waiting_for() == frozenset({Seat.ONE})
    lay = compute_layout(nominate, UI, (1280, 800))
    assert lay.panel is not None and lay.panel.kind == "reveal"
    assert [s.turn for s in lay.seats] == [False, False, False, False]
    for st in (during, after, nominate):
        assert [s.plate for s in compute_layout(st, UI, (1280, 800)).seats if s.side == "top"] \
            == [(685, 53, 198, 65)]


def test_the_points_a_hand_added_are_shown_by_the_score(ended) -> None:  # type: ignore[no-untyped-def]
    during, after = ended
    assert score_gains(compute_layout(after, UI, (1280, 800)), after) == {"B": 26}
    assert score_gains(compute_layout(during, UI, (1280, 800)), during) == {}
    seen = replace(UI, seen_finished=1)  # continued from: no hand end on screen, no "+26"
    assert score_gains(compute_layout(after, seen, (1280, 800)), after) == {}


def test_undo_and_redo_say_what_they_did() -> None:
    pygame.display.init()
    pygame.font.init()
    s: LocalSession = session_at(my_turn_with_play, names=NAMES)
    scene = TableScene(s, "en", sounds=Sounds(muted=True), motion=True)
    scene.resize(Viewport((800, 600), (800, 600)))
    scene.update(0.0)
    s.send(Decide(next(m for m in legal_decisions(s.log.state, Seat.ONE) if isinstance(m, Play))))
    for t in (0.1, 0.9, 1.7, 2.5, 3.5):
        scene.update(t)

    def key(k: int) -> pygame.event.Event:
        return pygame.event.Event(pygame.KEYDOWN, key=k, scancode=0, mod=0, unicode="")
    scene.handle(key(pygame.K_u))
    scene.update(3.6)
    assert scene.toast is not None and scene.toast[0] == "Undone: 4 plays, back to your turn"  # s13 player F4: the own seat is "your"
    scene.handle(key(pygame.K_y))
    scene.update(3.7)
    assert scene.toast is not None and scene.toast[0] == "Redone: 4 plays"


def test_an_undo_over_a_hands_end_names_the_hand(ended) -> None:  # type: ignore[no-untyped-def]
    during, after = ended
    assert undone_said("undo", after, during, "en") == "Undone: back to hand 1"
    # s13: the redo came back over Di's domino, and hand 1's end is what the table shows (the next deal
    # waits under its panel): it once said "up to hand 2"
    assert after.view.hand_number == 2 and len(after.view.finished) == 1
    assert undone_said("redo", during, after, "en") == "Redone: up to the end of hand 1"
    assert undone_said("redo", during, after, "fr") == "Rétabli\u00a0: jusqu’à la fin de la manche 1"
    assert undone_said("redo", during, after, "en", seen=0) == "Redone: up to the end of hand 1"
    assert undone_said("undo", after, after, "en") is None


def test_s13_a_redo_over_a_hands_end_names_the_end_the_table_shows() -> None:
    """The reported case: hand 2 over (its end looked at) and hand 3 dealt; Ann's Undo goes back into hand 2
    (her last play) and her Redo comes back over hand 2's end, whose panel the table then shows: "Redone: up
    to the end of hand 2", never "up to hand 3" (the hand under that panel)."""
    from doublenine.shared.rules import to_act

    pygame.display.init()
    pygame.font.init()
    s = LocalSession(seed=1, names=NAMES)
    for _ in range(3000):
        st = s.log.state
        if len(st.finished) == 2 and st.phase is not Phase.PLAY:
            break
        s.log.submit(legal_decisions(st, sorted(to_act(st))[0])[0])
    s.run_computers()
    assert len(s.state.view.finished) == 2 and s.state.view.phase is Phase.REVIEW
    scene = TableScene(s, "en", sounds=Sounds(muted=True), motion=True)
    scene.resize(Viewport((1280, 800), (1280, 800)))
    scene.update(0.0)
    assert scene.ui.seen_finished == 2  # both ends already looked at

    def press(bid: str) -> None:  # a click: the review's prompt keeps the U and Y keys
        x, y, _, _ = next(b for b in scene.layout().buttons if b.id == bid).rect
        scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(x + 5, y + 5)))
    press("undo")
    scene.update(0.2)
    scene.draw(pygame.Surface((1280, 800)))  # the question drawn, then clicked after the prompts' guard
    scene.update(0.9)
    lay = scene.layout()  # D6: it goes back into the scored hand 2: asked first (s13 player F12)
    assert lay.panel is not None and lay.panel.kind == "confirm" and scene.toast is None
    x, y, _, _ = next(b for b in lay.panel.buttons if b.id == "confirm:undo_hand").rect
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(x + 5, y + 5)))
    scene.update(1.0)
    assert scene.toast is not None and scene.toast[0] == "Undone: back to hand 2"
    assert scene.state.view.phase is Phase.PLAY and scene.state.view.hand_number == 2
    press("redo")
    scene.update(2.0)
    assert s.state.view.hand_number == 3  # what "up to hand 3" was said of
    assert scene.toast is not None and scene.toast[0] == "Redone: up to the end of hand 2"
    for t in range(3, 40):  # each play put back seen in turn, the hand's final line, then its end
        scene.update(float(t))
    lay = scene.layout()
    assert lay.panel is not None and lay.panel.kind == "reveal"
    assert scene.state.view.finished[scene.ui.finished_seen(2)].number == 2
