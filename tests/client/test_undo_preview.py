"""R27 (s13): the window's Undo is offered exactly where the server has somewhere to go back to.

The server's ``MatchLog.undo_target`` and the window's preview ``buttons.may_undo`` both go back to the
seat's last play, never to a pass (R15, D4: a pass is the seat's only move, not a decision)."""
from __future__ import annotations

import random

from doublenine.client.buttons import may_undo
from doublenine.shared.events import MatchLog
from doublenine.shared.moves import Pass
from doublenine.shared.rules import legal_decisions, to_act
from doublenine.shared.seats import SEATS
from doublenine.shared.state import Phase
from doublenine.shared.views import view_for
from enginekit import DEAL, L, R, S1, S2, S3, S4, log_in_play, play


def test_r27_a_seat_that_only_passed_is_offered_no_undo() -> None:
    log = log_in_play(DEAL)
    for d in (play(S1, "0-5", L), play(S2, "1-5", R), Pass(S3), Pass(S4)):
        log.submit(d)
    offered = [may_undo(view_for(log.state, s)) for s in SEATS]
    assert offered == [True, True, False, False]
    log.submit(play(S1, "0-1", L))
    log.submit(play(S2, "1-2", L))
    log.submit(play(S3, "2-3", L))
    assert may_undo(view_for(log.state, S3)) is True


def test_r27_the_preview_agrees_with_the_server_over_whole_matches() -> None:
    """Every seat, after every decision of three seeded matches (hand ends, D6, included)."""
    checked = 0
    for seed in (3, 11, 2026):
        log, rnd = MatchLog(seed=seed), random.Random(seed)
        while log.state.phase is not Phase.MATCH_OVER and checked < 6000:
            state = log.state
            for s in SEATS:
                assert may_undo(view_for(state, s)) is (log.undo_target(s) is not None), (seed, s, len(log.events))
                checked += 1
            seat = sorted(to_act(state))[0]
            log.submit(rnd.choice(legal_decisions(state, seat)))
    assert checked >= 1200


def test_r27_d1_the_preview_agrees_with_the_server_for_a_late_arrival() -> None:
    """Session 16: a seat whose person sat down after hand 1 or 2 (``SeatW.sat_after``) goes back to plays
    of later hands only, in the window as on the server (``MatchLog.undo_target(seat, after)``)."""
    checked, refused = 0, 0
    for seed in (3, 11):
        log, rnd = MatchLog(seed=seed), random.Random(seed)
        while log.state.phase is not Phase.MATCH_OVER and checked < 4000:
            state = log.state
            for s in SEATS:
                for after in ((1, 1), (1, 2)):
                    target = log.undo_target(s, after)
                    assert may_undo(view_for(state, s), after) is (target is not None), (seed, s, after)
                    refused += target is None and log.undo_target(s) is not None
                    checked += 1
            seat = sorted(to_act(state))[0]
            log.submit(rnd.choice(legal_decisions(state, seat)))
    assert checked >= 1200 and refused >= 100
