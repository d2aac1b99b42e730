"""R27/D6: an undo whose play lies in a finished hand reopens that hand and takes its score back; the window
asks first and its tip says so (s13 player F12: at the start of hand 2, "Take back your last play (U)",
and one U turned 0-33 into 0-0, the scored hand 1 reopened without a word)."""
from __future__ import annotations

import pygame
import pytest
from client_helpers import hand_played_out, session_at

from doublenine.client.buttons import tips_for
from doublenine.client.input import button
from doublenine.client.intents import Control
from doublenine.client.layout import compute_layout
from doublenine.client.panels import undo_reopens
from doublenine.client.text import say
from doublenine.client.uistate import Ui
from doublenine.shared.rules import legal_decisions
from doublenine.shared.seats import Seat
from doublenine.shared.state import Phase

NAMES = ("Ann", "Bo", "Cy", "Di")
UI = Ui(seen_finished=1, seen_draw=(1, 1))  # hand 1's end looked at: hand 2 is on


@pytest.fixture(scope="module")
def ended():  # type: ignore[no-untyped-def]
    pygame.display.init()
    pygame.font.init()
    return hand_played_out(NAMES)


def test_undo_at_the_next_hands_start_asks_and_says_the_score_goes(ended) -> None:  # type: ignore[no-untyped-def]
    during, after = ended
    fh = after.view.finished[0]
    assert (fh.number, after.view.hand_number, fh.scores_before, fh.scores_after) == (1, 2, (0, 0), (0, 26))
    assert after.view.phase is not Phase.PLAY or not any(m.seat == Seat.ONE for m in after.view.moves)
    assert undo_reopens(after.view) == fh and undo_reopens(during.view) is None
    lay = compute_layout(after, UI, (800, 600))
    act = button("undo", lay, after, UI)
    assert act.intent is None and act.ui.confirm == ("undo_hand", 1, 2)  # asked, nothing sent yet
    panel = compute_layout(after, act.ui, (800, 600)).panel
    assert panel is not None and panel.kind == "confirm"
    assert say("en", *panel.title) == "Go back into hand 1?"
    assert [say("en", *t) for t in panel.body] == [
        "Undo goes back into hand 1, to your last play in it: the hand reopens and its score is taken back "
        "(Team A 0, Team B 0 again). Redo puts it back."]
    assert [b.id for b in panel.buttons] == ["confirm:undo_hand", "confirm_no"]
    assert button("confirm:undo_hand", lay, after, act.ui).intent == Control("undo")
    assert tips_for(after, "en") == {"undo": "Take back your last play, back into hand 1: its score is taken back (U)"}
    assert tips_for(after, "de") == {"undo": "Ihren letzten Stein zurücknehmen, in Runde 1: ihre Punkte werden zurückgenommen (U)"}


def test_undo_within_the_hand_acts_at_once_with_the_plain_tip(ended) -> None:  # type: ignore[no-untyped-def]
    during, _ = ended
    lay = compute_layout(during, UI, (800, 600))
    act = button("undo", lay, during, UI)
    assert act.intent == Control("undo") and act.ui.confirm is None
    assert tips_for(during, "en") == {}


def test_the_preview_names_the_hand_the_server_goes_back_into() -> None:
    """The window's undo_reopens and the server's MatchLog.undo_target agree (shared UNDO_TARGETS)."""
    s = session_at(lambda st: st.phase is Phase.PLAY and st.hand.turn is Seat.ONE, names=NAMES)
    while not s.state.view.finished:
        s.decide(legal_decisions(s.log.state, Seat.ONE)[0])
    back = undo_reopens(s.state.view)
    assert back is not None and back.number == 1
    s.send(Control("undo"))
    v = s.state.view
    assert (v.hand_number, v.phase, v.scores, len(v.finished)) == (1, Phase.PLAY, (0, 0), 0)
    assert v.scores == back.scores_before


def test_r27_d1_a_late_arrival_is_offered_no_undo_of_the_computers_play(ended) -> None:  # type: ignore[no-untyped-def]
    """R27/D1, session 16: South sat down after hand 1, which the computer played at his seat
    (``SeatW.sat_after`` (1, 1)); at hand 2's start his window offered "Take back your last play, back into
    hand 1" (the computer's play). Nothing is offered until he plays himself."""
    from dataclasses import replace

    from doublenine.client.buttons import top_enabled
    from doublenine.client.store import undo_after
    _, after = ended
    late = replace(after, sat_after=((1, 1), None, None, None))
    assert (undo_after(after), undo_after(late)) == (None, (1, 2, 0))  # from hand 2's first move (session 17)
    assert (undo_reopens(after.view) is not None, undo_reopens(late.view, undo_after(late))) == (True, None)
    assert (top_enabled(after)[0]["undo"], top_enabled(late)[0]["undo"]) == (True, False)
    assert tips_for(late, "en") == {}
