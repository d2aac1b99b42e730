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
    assert scene.toast is not None and scene.toast[0] == "Undone: 4 plays, back to Ann's turn"
    scene.handle(key(pygame.K_y))
    scene.update(3.7)
    assert scene.toast is not None and scene.toast[0] == "Redone: 4 plays"


def test_an_undo_over_a_hands_end_names_the_hand(ended) -> None:  # type: ignore[no-untyped-def]
    during, after = ended
    assert undone_said("undo", after, during, "en") == "Undone: back to hand 1"
    assert undone_said("redo", during, after, "fr") == "Rétabli\u00a0: jusqu’à la manche 2"  # the next deal
    assert undone_said("undo", after, after, "en") is None
