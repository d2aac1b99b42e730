"""R24, R27, R28, D6: seeded randomness, undo/redo, restart and new match on the match log."""
from __future__ import annotations

import random

import pytest

from doublenine.shared.errors import ErrorCode, IllegalMove
from doublenine.shared.events import Event, MatchLog, Redone, Shuffled, Undone, replay
from doublenine.shared.moves import Nominate, Pass
from doublenine.shared.rules import initial_hand, legal_moves
from doublenine.shared.seats import Team
from doublenine.shared.state import MatchState, Phase, Result

from enginekit import DEAL, L, R, S1, S2, S3, S4, first_choice, log_in_play, play, ts


def bodies(log: MatchLog) -> list[object]:
    return [e.body for e in log.events]


def drive(log: MatchLog, steps: int) -> None:
    for _ in range(steps):
        if log.state.phase is Phase.MATCH_OVER:
            return
        log.submit(first_choice(log.state))


def finish_hand(log: MatchLog) -> None:
    """Each seat's first legal move until the hand ends."""
    while log.state.phase is Phase.PLAY:
        log.submit(legal_moves(log.state, log.state.hand.turn)[0])


def opening(log: MatchLog) -> MatchState:
    """Seat 1 leads 0-5, seat 2 answers 1-5, seats 3 and 4 pass: seat 1 to play again."""
    before = log.state
    for d in (play(S1, "0-5", L), play(S2, "1-5", R), Pass(S3), Pass(S4)):
        log.submit(d)
    assert log.state.hand.turn is S1
    return before


# ---------------------------------------------------------------- R24

def test_r24_same_seed_and_decisions_give_the_same_match() -> None:
    one, two = MatchLog(seed=2026), MatchLog(seed=2026)
    drive(one, 300)
    drive(two, 300)
    assert bodies(one) == bodies(two)
    assert one.state == two.state
    assert one.seeded and len(one.state.finished) >= 2


def test_r24_unseeded_and_differently_seeded_logs_differ() -> None:
    first = [MatchLog().events[0].body for _ in range(3)]
    assert isinstance(first[0], Shuffled)
    assert first[0] != first[1] or first[1] != first[2]  # OS entropy: 1/55! odds of a clash
    assert not MatchLog().seeded
    assert MatchLog(seed=1).events[0].body != MatchLog(seed=2).events[0].body


def test_r24_replay_never_consults_a_generator() -> None:
    log = MatchLog(seed=5)
    drive(log, 200)
    assert replay(log.events) == log.state
    assert replay(list(log.events)) == replay(log.events)


# ---------------------------------------------------------------- R27

def test_r27_undo_goes_back_to_the_seats_previous_play_taking_back_responses() -> None:
    log = log_in_play(DEAL)
    before = opening(log)
    lead_seq = len(log.events) - 4
    assert log.undo_target(S1) == lead_seq
    log.undo(S1)
    assert log.state == before  # seat 2's play and both passes are taken back too
    assert log.state.hand.line == () and log.state.hand.turn is S1
    assert log.can_redo


def test_r27_undo_by_another_seat_goes_back_to_its_own_decision() -> None:
    log = log_in_play(DEAL)
    opening(log)
    log.undo(S2)  # seat 2's play: both passes after it are taken back, seat 1's lead stays
    assert log.state.hand.turn is S2
    assert log.state.hand.moves == (play(S1, "0-5", L),)
    with pytest.raises(IllegalMove) as err:
        log_in_play(DEAL).undo(S2)  # no play yet
    assert err.value.code is ErrorCode.NOTHING_TO_UNDO


def test_r27_r15_undo_never_lands_on_a_forced_pass() -> None:
    """s13: seat 3 played 2-3, then had to pass (no 0 or 1 in its hand); its undo went back to that pass,
    a position with nothing to do but the same pass. It goes back to its play, its last decision."""
    log = log_in_play(DEAL)
    opening(log)
    for d in (play(S1, "0-1", L), play(S2, "1-2", L), play(S3, "2-3", L), play(S4, "3-6", L),
              play(S1, "0-6", L), play(S2, "1-1", R), Pass(S3), Pass(S4)):
        log.submit(d)
    assert log.state.hand.turn is S1
    assert log.undo_target(S3) == len(log.events) - 6  # seat 3's 2-3, not its pass
    log.undo(S3)
    assert log.state.hand.turn is S3
    assert log.state.hand.moves == (play(S1, "0-5", L), play(S2, "1-5", R), Pass(S3), Pass(S4),
                                     play(S1, "0-1", L), play(S2, "1-2", L))
    assert len(legal_moves(log.state, S3)) == 7  # a decision: its seven tiles of 2, at the left end
    only_passed = log_in_play(DEAL)
    opening(only_passed)  # seats 3 and 4 only passed: nothing to go back to
    assert only_passed.undo_target(S3) is None
    with pytest.raises(IllegalMove) as err:
        only_passed.undo(S4)
    assert err.value.code is ErrorCode.NOTHING_TO_UNDO


def test_r27_redo_restores_exactly_the_same_state_and_events() -> None:
    log = log_in_play(DEAL)
    opening(log)
    after, logged = log.state, list(log.events)
    seq = log.undo_target(S2)
    log.undo(S2)
    log.redo()
    assert log.state == after
    # the log only gains the two markers: the redone events are the recorded ones, unchanged
    assert [e.body for e in log.events[len(logged):]] == [Undone(S2, seq), Redone(None)]
    assert log.events[: len(logged)] == logged
    assert replay(log.events) == after
    # an untouched twin that takes the same next decisions stays identical
    twin = log_in_play(DEAL)
    opening(twin)
    for d in (play(S1, "0-1", L),):
        log.submit(d)
        twin.submit(d)
    assert log.state == twin.state
    with pytest.raises(IllegalMove) as err:
        log.redo()
    assert err.value.code is ErrorCode.NOTHING_TO_REDO


def test_r27_a_new_decision_after_undo_discards_the_redo() -> None:
    log = log_in_play(DEAL)
    opening(log)
    log.undo(S1)
    log.submit(play(S1, "0-9", R))
    assert not log.can_redo
    with pytest.raises(IllegalMove) as err:
        log.redo()
    assert err.value.code is ErrorCode.NOTHING_TO_REDO
    assert log.state.hand.line[0].tile == play(S1, "0-9").tile


# ---------------------------------------------------------------- D6

def test_d6_undo_across_a_hand_end_reopens_it_and_takes_back_its_score() -> None:
    log = log_in_play(DEAL)
    finish_hand(log)  # seat 1 goes out: team A scores 46
    log.submit(Nominate(S1, S3))  # ... and the next deal is shuffled from the generator
    ended = log.state
    assert ended.scores == (46, 0) and ended.phase is Phase.REVIEW
    assert ended.finished[-1].result is Result.DOMINO
    log.undo(S1)
    assert log.state.phase is Phase.PLAY
    assert log.state.scores == (0, 0) and log.state.finished == ()
    assert log.state.hand.turn is S1
    assert log.state.hand.hand(S1) == ts("0-9")  # seat 1's last tile is back in its hand
    assert len(log.state.hand.moves) == 56
    log.redo()
    assert log.state == ended  # the same next deal, not a new shuffle


def next_deal_after_undo(log: MatchLog) -> Shuffled:
    """Seat 1 goes out, nominates seat 3, the next deal is shuffled; then seat 1 undoes back into
    the hand: that next deal's shuffle (the one taken back)."""
    finish_hand(log)
    log.submit(Nominate(S1, S3))
    dealt = log.events[-1].body
    assert isinstance(dealt, Shuffled) and log.state.phase is Phase.REVIEW
    log.undo(S1)
    return dealt


def test_r24_d6_the_hand_played_out_again_after_an_undo_deals_the_same_next_hand() -> None:
    """New-user finding (session 9): after an undo across a hand end, playing the hand out again
    dealt a new next hand each time, so a team could throw away a dealt hand. The n-th shuffle of
    a match is drawn once (R24: same decisions, same deals)."""
    log = log_in_play(DEAL, seed=11)
    dealt = next_deal_after_undo(log)
    finish_hand(log)  # the same decisions again
    log.submit(Nominate(S1, S3))
    assert log.events[-1].body == dealt and log.state.deal == replay(log.events).deal
    # another way to the end of the hand (the opener chooses seat 1 this time): the same deal still
    log.undo(S1)
    finish_hand(log)
    log.submit(Nominate(S1, S1))
    assert log.events[-1].body == dealt
    # the shuffle after it (a new match's draw) is the generator's next one, drawn once
    twin = log_in_play(DEAL, seed=11)
    finish_hand(twin)
    twin.submit(Nominate(S1, S3))
    log.new_match()
    twin.new_match()
    assert log.events[-1].body == twin.events[-1].body


def test_r24_a_stored_log_with_a_dealt_again_shuffle_resumes_with_the_same_generator() -> None:
    log = log_in_play(DEAL, seed=11)
    next_deal_after_undo(log)
    finish_hand(log)
    log.submit(Nominate(S1, S3))
    resumed = MatchLog(seed=11, events=log.events)
    assert resumed.state == log.state
    log.new_match()
    resumed.new_match()
    assert resumed.events[-1].body == log.events[-1].body


def test_r24_a_log_recorded_when_each_shuffle_drew_resumes_in_step_with_its_generator() -> None:
    """A stored log of before (a new shuffle drawn where the undone one is dealt now) resumes with
    the generator consumed once per recorded shuffle, as it was recorded."""
    log = log_in_play(DEAL, seed=11)
    next_deal_after_undo(log)
    finish_hand(log)
    log.submit(Nominate(S1, S3))
    rng = random.Random(11)
    draws = []
    for _ in range(5):  # the two explicit shuffles of log_in_play consumed the generator too
        order = list(range(55))
        rng.shuffle(order)
        draws.append(tuple(order))
    recorded = [*log.events[:-1], Event(log.events[-1].seq, 0.0, Shuffled(draws[3]))]  # as it was drawn before
    old = MatchLog(seed=11, events=recorded)
    assert old.state.deal != log.state.deal and old.events[-1].body == Shuffled(draws[3])
    old.new_match()
    assert old.events[-1].body == Shuffled(draws[4])
    # and its hand, undone and played out again, deals what was recorded last at that place
    again = MatchLog(seed=11, events=recorded)
    again.undo(S1)
    finish_hand(again)
    again.submit(Nominate(S1, S3))
    assert again.events[-1].body == Shuffled(draws[3])


def test_d6_undo_never_reaches_across_a_new_match() -> None:
    log = log_in_play(DEAL)
    opening(log)
    log.new_match()
    assert log.undo_target(S1) is None
    with pytest.raises(IllegalMove) as err:
        log.undo(S1)
    assert err.value.code is ErrorCode.NOTHING_TO_UNDO


# ---------------------------------------------------------------- R28

def test_r28_restart_keeps_deal_opener_and_pre_hand_scores() -> None:
    log = log_in_play(DEAL)
    finish_hand(log)
    log.submit(Nominate(S1, S3))
    drive(log, 4)  # four acceptances
    assert log.state.phase is Phase.PLAY and log.state.hand_number == 2
    start = log.state
    drive(log, 6)
    assert len(log.state.hand.moves) == 6
    log.restart()
    state = log.state
    assert state.hand == initial_hand(start.deal, S3)
    assert (state.deal, state.opener, state.scores) == (start.deal, S3, (46, 0))
    assert state.finished == start.finished and state.hand_number == 2
    assert replay(log.events) == state


def test_r28_restart_needs_a_hand_in_play() -> None:
    log = log_in_play(DEAL)
    finish_hand(log)
    with pytest.raises(IllegalMove) as err:
        log.restart()
    assert err.value.code is ErrorCode.NOTHING_TO_RESTART


def test_r28_new_match_is_nil_nil_with_a_fresh_opening_draw() -> None:
    log = log_in_play(DEAL)
    finish_hand(log)
    log.new_match()
    state = log.state
    assert state.phase is Phase.DRAW and state.match == 2
    assert (state.scores, state.draws, state.finished, state.redeals) == ((0, 0), (), (), ())
    assert state.entitled is None and state.hand_number == 0
    assert isinstance(log.events[-1].body, Shuffled)  # the fresh draw's shuffle
    assert state.past[0].scores == (46, 0) and state.past[0].finished[0].winner is Team.A
