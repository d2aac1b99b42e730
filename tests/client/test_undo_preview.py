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


def test_r27_d1_a_late_arrivals_own_plays_in_a_hand_another_undo_reopened_are_theirs_to_undo() -> None:
    """R27 (undo goes back to the undoing player's previous decision) with D1, session 17 item 3: Bernd sat down
    at seat 2 after hand 1 (``sat_after`` (1, 1)); at hand 2's start Ana's undo reopened hand 1 at her last play
    there, and Bernd made seat 2's moves again from that point. His limit, counted per hand, left his own plays
    of hand 1 undoable by nobody (his undo refused NOTHING_TO_UNDO, Ana's going to her own only). The limit is
    where he began to play the seat, by move (``SeatSlot.own_from``: his stretch's start after the rewind), in
    the window as on the server; the computer's plays before that point stay out of reach."""
    from doublenine.client.playedby import own_from, stretches
    from doublenine.server.seating import SeatSlot
    from doublenine.server.table import here
    from doublenine.shared.moves import Play
    from doublenine.shared.seats import Seat

    log, rnd = MatchLog(seed=8), random.Random(8)
    while not (len(log.state.finished) == 1 and (log.state.hand is None or not log.state.hand.moves)):
        state = log.state
        log.submit(rnd.choice(legal_decisions(state, sorted(to_act(state))[0])))
    bernd = SeatSlot(Seat.TWO, name="Bernd", token_hash="h")
    bernd.sat_after = (1, 1)
    assert bernd.note_player(here(log.state), "Bernd", "") is True and bernd.own_from() == (1, 2, 0)
    log.undo(Seat.ONE)  # Ana's, accepted by Bernd (D1): back into hand 1
    back = here(log.state)
    assert (back, bernd.rewound(back)) == ((1, 1, 29), True)
    assert bernd.played_by == ((0, 0, 0, ""), (*back, "Bernd")) and bernd.own_from() == back
    computer = log.undo_target(Seat.TWO)  # the computer's last play at seat 2, before the undo's point
    assert computer is not None and log.undo_target(Seat.TWO, back) is None
    while not any(isinstance(m, Play) and m.seat == Seat.TWO for m in log.state.hand.moves[back[2]:]):
        state = log.state
        assert state.phase is Phase.PLAY and state.hand_number == 1
        log.submit(rnd.choice(legal_decisions(state, sorted(to_act(state))[0])))
    own = log.undo_target(Seat.TWO, back)
    assert own is not None and own != computer
    assert log.undo_target(Seat.TWO, (1, 1)) is None  # the per-hand limit: his own play undoable by nobody
    window = stretches([((0, 0, 0), ""), (back, "Bernd")], (1, 1))  # as the table frame tells his window
    assert own_from(window) == back
    view = view_for(log.state, Seat.TWO)
    assert (may_undo(view, back), may_undo(view, (1, 1))) == (True, False)
