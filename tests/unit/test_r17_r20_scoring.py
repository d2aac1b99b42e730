"""R17-R20, R7: blocked hands, ties, scoring, entitlement, match end and named results."""
from __future__ import annotations

import pytest

from doublenine.shared.errors import ErrorCode, IllegalMove
from doublenine.shared.moves import Nominate, Pass
from doublenine.shared.rules import apply, named_result
from doublenine.shared.seats import Seat, Team
from doublenine.shared.state import MatchState, NamedResult, Phase, Result

from enginekit import DEAL, L, R, S1, S2, S3, S4, in_play, play, play_out, run, short_hand, ts

NINES = "9-9"  # led first: nobody else holds a 9, so four passes block the hand


def blocked(h1: str, h2: str, h3: str, h4: str, opener: Seat = S1,
            scores: tuple[int, int] = (0, 0)) -> MatchState:
    """The opener leads 9-9 (it holds it in its hand string), then all four pass (R17)."""
    hands = [h1, h2, h3, h4]
    hands[opener - 1] = f"{NINES} {hands[opener - 1]}"
    state = short_hand(*hands, opener=opener, scores=scores)
    order = [Seat((opener - 1 + k) % 4 + 1) for k in range(1, 5)]
    return run(state, play(opener, NINES, L), *(Pass(s) for s in order))


def test_r17_four_passes_block_the_hand() -> None:
    state = short_hand("9-9 0-1", "0-2", "0-3", "0-4")
    state = run(state, play(S1, "9-9"), Pass(S2), Pass(S3), Pass(S4))
    assert state.phase is Phase.PLAY and state.hand.passes == 3
    state = apply(state, Pass(S1))
    assert state.phase is Phase.NOMINATE
    assert state.finished[-1].result is Result.BLOCKED


def test_r17_lowest_individual_wins_although_its_team_total_is_higher() -> None:
    # seat 2 holds 2 pips (lowest); its partner 29 -> team B 31 against team A's 8 + 6 = 14
    state = blocked("3-5", "0-2", "1-5", "6-8 7-8")
    done = state.finished[-1]
    assert done.pip_totals == (8, 2, 6, 29)
    assert (done.result, done.winner, done.ender) == (Result.BLOCKED, Team.B, None)
    assert done.points == 14
    assert state.scores == (0, 14)
    assert state.entitled is Team.B  # R7: the winners


def test_r17_opponents_tied_at_the_minimum_score_nothing() -> None:
    state = blocked("0-4", "1-3", "5-6", "2-7", scores=(20, 30))  # seats 1 and 2: 4 each
    done = state.finished[-1]
    assert done.pip_totals == (4, 4, 11, 9)
    assert (done.result, done.winner, done.points) == (Result.TIE, None, 0)
    assert state.scores == (20, 30) and done.scores_after == (20, 30)


def test_r7_after_a_won_hand_the_winners_are_entitled_whoever_opened() -> None:
    state = blocked("3-5", "0-2", "1-5", "6-8 7-8", opener=S3)  # A opened, B won
    assert (state.finished[-1].winner, state.entitled, state.opener) == (Team.B, Team.B, None)
    state = blocked("3-5", "0-2", "1-5", "6-8 7-8", opener=S4)  # B opened and won
    assert state.entitled is Team.B
    state = blocked("0-3", "2-5", "1-2", "4-4", opener=S2)  # B opened, A won
    assert state.entitled is Team.A
    assert apply(state, Nominate(S1, S1)).opener is S1


def test_r7_after_a_tie_the_team_that_did_not_open_is_entitled() -> None:
    assert blocked("0-4", "1-3", "5-6", "2-7", opener=S1).entitled is Team.B
    assert blocked("0-4", "1-3", "5-6", "2-7", opener=S3).entitled is Team.B
    assert blocked("0-4", "1-3", "5-6", "2-7", opener=S2).entitled is Team.A
    state = blocked("0-4", "1-3", "5-6", "2-7", opener=S4)
    assert state.entitled is Team.A
    with pytest.raises(IllegalMove) as err:
        apply(state, Nominate(S2, S2))
    assert err.value.code is ErrorCode.NOT_ENTITLED
    assert apply(state, Nominate(S1, S3)).opener is S3


def test_r17_three_seats_at_the_minimum_across_teams_is_a_tie() -> None:
    state = blocked("0-3", "1-2", "0-2 0-1", "4-4")  # seats 1, 2 and 3 at 3 pips
    done = state.finished[-1]
    assert done.pip_totals == (3, 3, 3, 8)
    assert (done.result, done.winner, done.points) == (Result.TIE, None, 0)


def test_r17_partners_tied_at_the_minimum_win() -> None:
    state = blocked("0-3", "2-5", "1-2", "4-4")
    done = state.finished[-1]
    assert done.pip_totals == (3, 7, 3, 8)
    assert (done.result, done.winner, done.points) == (Result.BLOCKED, Team.A, 15)
    assert state.scores == (15, 0)


def test_r18_points_exclude_the_winners_tiles_and_the_unused_ones() -> None:
    # domino by seat 1: seat 3 (partner) keeps 12 pips, 48 tiles are unused
    state = short_hand("0-1 1-2", "5-5 3-9", "6-6", "7-7 2-3")
    state = run(state, play(S1, "0-1", L), Pass(S2), Pass(S3), Pass(S4), play(S1, "1-2", R))
    done = state.finished[-1]
    assert done.pip_totals == (0, 22, 12, 19)
    assert (done.result, done.winner, done.points) == (Result.DOMINO, Team.A, 41)
    assert len(state.deal.unused) == 48
    assert state.scores == (41, 0)


def test_r18_a_full_deal_scores_only_the_opponents_hands() -> None:
    # every seat takes its first legal move; seat 1 goes out after 57 moves
    state = play_out(in_play(DEAL))
    done = state.finished[-1]
    assert (done.result, done.ender, done.winner) == (Result.DOMINO, S1, Team.A)
    assert done.left == (ts(""), ts("1-9"), ts("2-9 3-5"), ts("4-7 4-8 4-9"))
    assert done.pip_totals == (0, 10, 19, 36)
    assert done.points == 10 + 36  # not seat 3's 19, not the unused tiles' 210
    assert sum(x.pips for x in state.deal.unused) == 210
    assert state.scores == (46, 0)


def test_r19_scores_accumulate_over_hands() -> None:
    state = blocked("3-5", "0-2", "1-5", "6-8 7-8", scores=(40, 30))  # team B +14
    assert state.scores == (40, 44)
    assert state.phase is Phase.NOMINATE and state.winner is None
    assert state.finished[-1].scores_before == (40, 30)


def test_r19_the_match_ends_when_a_team_reaches_100() -> None:
    state = blocked("3-5", "0-2", "1-5", "6-8 7-8", scores=(12, 86))
    assert state.scores == (12, 100)
    assert state.phase is Phase.MATCH_OVER and state.winner is Team.B
    assert state.named is None
    with pytest.raises(IllegalMove) as err:
        apply(state, Nominate(S2, S2))
    assert err.value.code is ErrorCode.MATCH_OVER


def test_r19_ninety_nine_does_not_end_the_match() -> None:
    state = blocked("3-5", "0-2", "1-5", "6-8 7-8", scores=(0, 85))
    assert state.scores == (0, 99)
    assert state.phase is Phase.NOMINATE and state.winner is None and state.named is None


# R20: team A holds 59 + 50 = 109 pips; seat 2 (team B) holds 0 and wins the block.
TRIPOLLUA_HANDS = ("8-8 7-8 6-8 7-7", "0-0", "5-8 6-7 4-8 5-7", "0-1")


def test_r20_tripollua_zero_to_100_in_one_hand_with_opponents_at_zero() -> None:
    state = blocked(*TRIPOLLUA_HANDS, scores=(0, 0))
    assert state.finished[-1].points == 109
    assert state.scores == (0, 109)
    assert (state.winner, state.named) == (Team.B, NamedResult.TRIPOLLUA)


def test_r20_pollona_match_won_with_opponents_at_zero() -> None:
    state = blocked("3-5", "0-2", "1-5", "6-8 7-8", scores=(0, 90))
    assert state.scores == (0, 104)
    assert (state.winner, state.named) == (Team.B, NamedResult.POLLONA)
    state = blocked(*TRIPOLLUA_HANDS, scores=(0, 1))  # 1 -> 110: not from zero
    assert (state.winner, state.named) == (Team.B, NamedResult.POLLONA)


def test_r20_near_misses_are_not_named() -> None:
    state = blocked(*TRIPOLLUA_HANDS, scores=(1, 0))  # opponents have a point
    assert state.scores == (1, 109)
    assert (state.winner, state.named) == (Team.B, None)
    state = blocked("3-5", "0-2", "1-5", "6-8 7-8", scores=(3, 90))
    assert (state.winner, state.named) == (Team.B, None)
    assert named_result((0, 0), (0, 100), Team.B) is NamedResult.TRIPOLLUA
    assert named_result((0, 40), (0, 100), Team.B) is NamedResult.POLLONA
    assert named_result((99, 0), (100, 0), Team.A) is NamedResult.POLLONA
    assert named_result((0, 0), (100, 5), Team.A) is None
