"""R2-R8: seats and teams, the opening draw, nominating the opener."""
from __future__ import annotations

import pytest

from doublenine.shared.errors import ErrorCode, IllegalMove
from doublenine.shared.moves import DrawPick, Nominate, Review
from doublenine.shared.rules import apply, apply_shuffle, legal_decisions, to_act
from doublenine.shared.seats import SEATS, Seat, Team
from doublenine.shared.state import INITIAL, OpeningDraw, Phase
from doublenine.shared.views import view_for

from enginekit import DEAL, DOUBLES_DEAL, S1, S2, S3, S4, dealt, drawn, order_first, run, t


def test_r2_partners_sit_opposite_and_turns_go_1_2_3_4() -> None:
    assert [s.team for s in SEATS] == [Team.A, Team.B, Team.A, Team.B]
    assert [s.next for s in SEATS] == [S2, S3, S4, S1]
    assert [s.partner for s in SEATS] == [S3, S4, S1, S2]
    assert Team.A.seats == (S1, S3) and Team.B.seats == (S2, S4)


def test_r3_seat_1_draws_for_team_a_and_seat_2_for_team_b() -> None:
    state = apply_shuffle(INITIAL, order_first([t("6-6"), t("2-3")]))
    assert state.phase is Phase.DRAW
    assert to_act(state) == {S1, S2}
    with pytest.raises(IllegalMove) as err:
        apply(state, DrawPick(S3, 0))
    assert err.value.code is ErrorCode.NOT_A_DRAWER
    state = run(state, DrawPick(S2, 1), DrawPick(S1, 0))
    assert state.draws == (OpeningDraw(t("6-6"), t("2-3")),)
    # both drawn tiles are public: every seat and spectators see them
    for seat in (None, *SEATS):
        assert view_for(state, seat).draws == (OpeningDraw(t("6-6"), t("2-3")),)


def test_r3_a_seat_draws_once_and_a_position_is_taken_once() -> None:
    state = apply(apply_shuffle(INITIAL, order_first([t("6-6")])), DrawPick(S1, 7))
    with pytest.raises(IllegalMove) as err:
        apply(state, DrawPick(S1, 8))
    assert err.value.code is ErrorCode.ALREADY_DRAWN
    with pytest.raises(IllegalMove) as err:
        apply(state, DrawPick(S2, 7))
    assert err.value.code is ErrorCode.BAD_POSITION
    with pytest.raises(IllegalMove) as err:
        apply(state, DrawPick(S2, 55))
    assert err.value.code is ErrorCode.BAD_POSITION


def test_r4_higher_total_wins_the_opening_right() -> None:
    state = drawn("2-3", "1-5")  # 5 against 6
    assert state.entitled is Team.B
    assert state.phase is Phase.NOMINATE


def test_r4_equal_draw_is_redrawn_and_every_draw_recorded() -> None:
    state = drawn("3-4", "2-5")  # 7 and 7: both back, reshuffle
    assert state.phase is Phase.DRAW_SHUFFLE
    assert state.entitled is None
    state = drawn("0-7", "1-6", state)  # 7 and 7 again
    assert state.phase is Phase.DRAW_SHUFFLE
    state = drawn("4-4", "0-9", state)  # 8 against 9
    assert state.phase is Phase.NOMINATE
    assert state.entitled is Team.B
    assert state.draws == (
        OpeningDraw(t("3-4"), t("2-5")), OpeningDraw(t("0-7"), t("1-6")),
        OpeningDraw(t("4-4"), t("0-9")),
    )
    assert [d.winner for d in state.draws] == [None, None, Team.B]
    assert view_for(state, S3).draws == state.draws


def test_r5_drawn_tiles_go_back_and_all_55_are_dealt() -> None:
    state = drawn("9-9", "0-0")
    state = apply(state, Nominate(S1, S1))
    assert state.phase is Phase.DEAL_SHUFFLE
    # the two drawn tiles are back among the 55: this deal gives 0-0 to seat 1
    state = apply_shuffle(state, DEAL)
    assert t("0-0") in state.deal.hands[0]
    assert t("9-9") in state.deal.unused
    assert sum(len(h) for h in state.deal.hands) + len(state.deal.unused) == 55


def test_r6_only_the_entitled_teams_lower_seat_nominates() -> None:
    state = drawn("0-0", "9-9")  # team B entitled
    assert to_act(state) == {S2}
    assert legal_decisions(state, S2) == (Nominate(S2, S2), Nominate(S2, S4))
    assert legal_decisions(state, S4) == ()
    for seat, code in ((S4, ErrorCode.NOT_ENTITLED), (S1, ErrorCode.NOT_ENTITLED),
                       (S3, ErrorCode.NOT_ENTITLED)):
        with pytest.raises(IllegalMove) as err:
            apply(state, Nominate(seat, S4))
        assert err.value.code is code
    with pytest.raises(IllegalMove) as err:
        apply(state, Nominate(S2, S1))
    assert err.value.code is ErrorCode.BAD_OPENER
    state = apply(state, Nominate(S2, S4))
    assert state.opener is S4
    assert state.hand_number == 1


def test_r7_first_hand_entitlement_is_the_draw_winner() -> None:
    assert drawn("9-8", "9-7").entitled is Team.A
    assert drawn("0-1", "0-2").entitled is Team.B


def test_r8_a_redeal_keeps_the_nominated_opener() -> None:
    state = dealt(DOUBLES_DEAL, opener=S3)
    assert state.opener is S3
    state = apply(state, Review(S3, True))  # five doubles: redeal
    assert state.phase is Phase.DEAL_SHUFFLE  # straight to the new deal, no nomination
    assert state.opener is S3
    state = apply_shuffle(state, DEAL)
    assert state.phase is Phase.REVIEW
    assert state.opener is S3 and state.hand_number == 1
    state = run(state, *(Review(s) for s in SEATS))
    assert state.phase is Phase.PLAY
    assert state.hand.turn is S3
