"""R9-R13: the deal, the private review and the public redeal record."""
from __future__ import annotations

import pytest

from doublenine.shared.errors import ErrorCode, IllegalMove
from doublenine.shared.moves import Nominate, Review
from doublenine.shared.rules import apply, apply_shuffle, legal_decisions, new_match, to_act
from doublenine.shared.seats import SEATS
from doublenine.shared.state import Phase, RedealRecord
from doublenine.shared.tiles import DOUBLE_NINE_SET
from doublenine.shared.views import SeatView, SpectatorView, view_for

from enginekit import (
    DEAL, DOUBLES_DEAL, HAND1, HAND2, HAND3, HAND4, S1, S2, S3, S4, UNUSED, accept_all, dealt,
    in_play, play, play_out, run, t, ts,
)

SHOWN = (t("4-4"), t("5-5"), t("6-6"), t("7-7"), t("8-8"))  # seat 3's doubles in DOUBLES_DEAL


def test_r9_ten_tiles_per_seat_and_fifteen_unused_all_distinct() -> None:
    deal = dealt(DEAL).deal
    assert [len(h) for h in deal.hands] == [10, 10, 10, 10]
    assert len(deal.unused) == 15
    assert deal.hands == (ts(HAND1), ts(HAND2), ts(HAND3), ts(HAND4))
    assert deal.unused == ts(UNUSED)
    everything = set(deal.unused).union(*deal.hands)
    assert everything == set(DOUBLE_NINE_SET) and len(everything) == 55


def test_r9_an_unused_tile_is_never_played() -> None:
    state = in_play(DEAL)
    with pytest.raises(IllegalMove) as err:
        apply(state, play(S1, "9-9"))
    assert err.value.code is ErrorCode.TILE_NOT_HELD


def test_r10_play_starts_only_after_four_acceptances() -> None:
    state = dealt(DEAL)
    assert state.phase is Phase.REVIEW
    assert to_act(state) == set(SEATS)
    state = run(state, Review(S2), Review(S4), Review(S1))
    assert state.phase is Phase.REVIEW
    assert to_act(state) == {S3}
    state = apply(state, Review(S3))
    assert state.phase is Phase.PLAY
    assert state.hand.turn is S1


def test_r10_a_redeal_needs_five_or_more_doubles() -> None:
    state = dealt(DOUBLES_DEAL)
    assert legal_decisions(state, S1) == (Review(S1, False),)  # four doubles
    assert legal_decisions(state, S3) == (Review(S3, False), Review(S3, True))  # five
    with pytest.raises(IllegalMove) as err:
        apply(state, Review(S1, True))
    assert err.value.code is ErrorCode.REDEAL_NOT_ALLOWED
    view = view_for(state, S1)
    assert isinstance(view, SeatView) and not view.may_demand_redeal
    view = view_for(state, S3)
    assert isinstance(view, SeatView) and view.may_demand_redeal and view.doubles == 5


def test_r10_one_answer_per_seat_and_answers_stay_private() -> None:
    state = apply(dealt(DEAL), Review(S2))
    with pytest.raises(IllegalMove) as err:
        apply(state, Review(S2))
    assert err.value.code is ErrorCode.ALREADY_ANSWERED
    own, other = view_for(state, S2), view_for(state, S1)
    assert isinstance(own, SeatView) and own.answered
    assert isinstance(other, SeatView) and not other.answered
    # to others every seat still looks undecided
    assert other.waiting_for() == set(SEATS)
    spectator = view_for(state, None)
    assert not isinstance(spectator, SeatView) and spectator.waiting_for() == set(SEATS)


def test_r11_a_demand_shows_only_that_seats_doubles_then_reshuffles() -> None:
    state = run(dealt(DOUBLES_DEAL), Review(S1), Review(S3, True))
    assert state.phase is Phase.DEAL_SHUFFLE
    assert state.redeals == (RedealRecord(1, 1, S3, SHOWN),)
    for seat in (None, *SEATS):
        view = view_for(state, seat)
        assert view.redeals == (RedealRecord(1, 1, S3, SHOWN),)
        assert view.counts == (0, 0, 0, 0)
        assert getattr(view, "hand", frozenset()) == frozenset()  # the voided deal stays secret
    state = apply_shuffle(state, DEAL)  # a fresh deal, a fresh review: seat 1 answers again
    assert state.phase is Phase.REVIEW and to_act(state) == set(SEATS)
    assert state.deal.hands[0] == ts(HAND1)


def test_r12_a_human_with_five_doubles_may_accept() -> None:
    state = accept_all(dealt(DOUBLES_DEAL))
    assert state.phase is Phase.PLAY
    assert state.redeals == ()


def test_r13_the_redeal_record_stays_for_the_rest_of_the_match() -> None:
    state = run(dealt(DOUBLES_DEAL), Review(S3, True))
    state = play_out(accept_all(apply_shuffle(state, DEAL)))
    assert state.phase is Phase.NOMINATE and len(state.finished) == 1
    lower = state.entitled.lower_seat
    state = apply_shuffle(apply(state, Nominate(lower, lower)), DOUBLES_DEAL)
    state = apply(state, Review(S3, True))
    records = (RedealRecord(1, 1, S3, SHOWN), RedealRecord(1, 2, S3, SHOWN))
    assert state.redeals == records
    assert all(view_for(state, s).redeals == records for s in (None, *SEATS))
    after = new_match(state)
    assert after.redeals == () and after.past[0].redeals == records
    assert isinstance(view_for(after, None), SpectatorView)
