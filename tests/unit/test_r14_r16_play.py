"""R14-R16, D4, D5: leading, playing and passing, and the domino."""
from __future__ import annotations

import pytest

from doublenine.shared.errors import ErrorCode, IllegalMove
from doublenine.shared.moves import Pass, Play
from doublenine.shared.rules import apply, legal_moves
from doublenine.shared.state import Phase, Placed, Result
from doublenine.shared.seats import Team

from enginekit import DEAL, L, R, S1, S2, S3, S4, in_play, play, run, short_hand, t


def refused(state: object, decision: object) -> ErrorCode:
    with pytest.raises(IllegalMove) as err:
        apply(state, decision)  # type: ignore[arg-type]
    return err.value.code


def test_r14_the_opener_may_lead_any_tile_not_only_a_double() -> None:
    state = in_play(DEAL)  # seat 1 holds 0-0 .. 0-9
    moves = legal_moves(state, S1)
    assert len(moves) == 19  # nine non-doubles both ways round, 0-0 once
    assert Play(S1, t("0-5"), R) in moves
    state = apply(state, play(S1, "0-5", R))  # RIGHT lays it high-low
    assert state.hand.line == (Placed(t("0-5"), S1, R, 5, 0),)
    assert state.hand.ends == (5, 0)
    assert state.hand.turn is S2


def test_r14_only_the_opener_leads() -> None:
    state = in_play(DEAL, opener=S3)
    assert refused(state, play(S1, "0-5")) is ErrorCode.NOT_YOUR_TURN
    assert legal_moves(state, S1) == ()
    assert apply(state, play(S3, "2-3", L)).hand.turn is S4


def test_r15_a_seat_must_play_a_matching_tile_at_a_matching_end() -> None:
    state = apply(in_play(DEAL), play(S1, "0-5", L))  # ends 0 | 5
    assert legal_moves(state, S2) == (Play(S2, t("1-5"), R),)  # seat 2 holds no 0
    assert refused(state, play(S2, "1-5", L)) is ErrorCode.TILE_DOES_NOT_FIT
    assert refused(state, play(S2, "1-2", R)) is ErrorCode.TILE_DOES_NOT_FIT
    state = apply(state, play(S2, "1-5", R))
    assert state.hand.line[-1] == Placed(t("1-5"), S2, R, 5, 1)
    assert state.hand.ends == (0, 1)
    assert state.hand.passes == 0


def test_r15_the_choice_of_tile_is_the_players() -> None:
    state = apply(in_play(DEAL), play(S1, "0-2", L))  # ends 0 | 2
    assert legal_moves(state, S2) == (Play(S2, t("1-2"), R), Play(S2, t("2-2"), R))
    state = apply(state, play(S2, "2-2", R))  # R15: a double lies in line, opens nothing extra
    assert state.hand.ends == (0, 2)
    assert len(state.hand.line) == 2


def test_r15_tile_not_held_is_refused() -> None:
    state = in_play(DEAL)
    assert refused(state, play(S1, "1-1")) is ErrorCode.TILE_NOT_HELD  # seat 2's tile
    assert refused(state, play(S1, "5-5")) is ErrorCode.TILE_NOT_HELD  # unused


def test_d4_pass_only_when_no_tile_fits_and_only_in_turn() -> None:
    state = apply(in_play(DEAL), play(S1, "0-5", L))  # ends 0 | 5
    assert refused(state, Pass(S2)) is ErrorCode.MUST_PLAY  # holds 1-5
    assert refused(state, Pass(S3)) is ErrorCode.NOT_YOUR_TURN
    assert refused(state, play(S4, "4-5", R)) is ErrorCode.NOT_YOUR_TURN
    state = apply(state, play(S2, "1-5", R))  # ends 0 | 1: seat 3 holds neither
    assert legal_moves(state, S3) == (Pass(S3),)
    assert refused(state, play(S3, "2-3", L)) is ErrorCode.TILE_DOES_NOT_FIT
    state = apply(state, Pass(S3))
    assert state.hand.moves[-1] == Pass(S3)
    assert state.hand.passes == 1 and state.hand.turn is S4


def test_d5_a_tile_fitting_both_ends_goes_at_either_even_on_equal_ends() -> None:
    state = apply(short_hand("4-4 9-9", "4-6 1-1", "2-2", "3-3"), play(S1, "4-4"))
    assert state.hand.ends == (4, 4)
    assert legal_moves(state, S2) == (Play(S2, t("4-6"), L), Play(S2, t("4-6"), R))
    left = apply(state, play(S2, "4-6", L))
    right = apply(state, play(S2, "4-6", R))
    assert left.hand.ends == (6, 4)
    assert left.hand.line[-1] == Placed(t("4-6"), S2, L, 6, 4)
    assert right.hand.ends == (4, 6)
    assert right.hand.line[-1] == Placed(t("4-6"), S2, R, 4, 6)


def test_r16_the_last_tile_ends_the_hand_at_once_for_its_team() -> None:
    state = short_hand("0-1 1-2", "5-5", "6-6", "7-7")
    state = run(state, play(S1, "0-1", L), Pass(S2), Pass(S3), Pass(S4))
    assert state.phase is Phase.PLAY and state.hand.passes == 3
    state = apply(state, play(S1, "1-2", R))
    assert state.phase is Phase.NOMINATE
    assert state.hand.line[-1] == Placed(t("1-2"), S1, R, 1, 2)
    done = state.finished[-1]
    assert (done.result, done.ender, done.winner) == (Result.DOMINO, S1, Team.A)
    assert done.points == 10 + 14  # seat 2's 5-5 and seat 4's 7-7
    assert state.entitled is Team.A
    assert refused(state, play(S2, "5-5")) is ErrorCode.HAND_OVER
    assert refused(state, Pass(S2)) is ErrorCode.HAND_OVER
