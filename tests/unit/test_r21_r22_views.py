"""R21, R22, D8: what a seat and a spectator may know."""
from __future__ import annotations

from doublenine.shared.moves import Pass
from doublenine.shared.seats import SEATS
from doublenine.shared.state import Phase
from doublenine.shared.views import SeatView, SpectatorView, hidden_mask, view_for
from doublenine.shared.tiles import mask_of

from enginekit import (
    DEAL, HAND1, HAND2, HAND3, HAND4, UNUSED, L, R, S1, S2, S3, S4, dealt, in_play, play, play_out, run,
    t, tiles_in, ts,
)

DRAWN = {t("9-9"), t("0-0")}  # the public opening draw of every fixture match


def test_r21_a_seat_view_holds_only_its_own_hand() -> None:
    state = run(in_play(DEAL), play(S1, "0-5", L), play(S2, "1-5", R), Pass(S3))
    hands = {S1: HAND1, S2: HAND2, S3: HAND3, S4: HAND4}
    line = {t("0-5"), t("1-5")}
    for seat in SEATS:
        view = view_for(state, seat)
        assert isinstance(view, SeatView) and view.viewer is seat
        own = ts(hands[seat]) - line
        assert view.hand == own
        assert tiles_in(view) <= own | line | DRAWN  # nothing of the other hands or the unused
    view = view_for(state, S4)
    assert view.counts == (9, 9, 10, 10)
    assert view.moves == (play(S1, "0-5", L), play(S2, "1-5", R), Pass(S3))
    assert view.ends == (0, 1) and view.turn is S4
    # hidden from seat 4: three other hands (less the line) mixed with the 15 unused
    assert hidden_mask(view) == mask_of((ts(HAND1) | ts(HAND2) | ts(HAND3) | ts(UNUSED)) - line)


def test_r21_during_review_a_seat_sees_only_its_dealt_hand() -> None:
    state = dealt(DEAL)
    view = view_for(state, S3)
    assert isinstance(view, SeatView) and view.hand == ts(HAND3)
    assert tiles_in(view) <= ts(HAND3) | DRAWN
    assert view.counts == (10, 10, 10, 10)


def test_d8_a_spectator_view_holds_no_hand() -> None:
    state = run(in_play(DEAL), play(S1, "0-5", L))
    view = view_for(state, None)
    assert type(view) is SpectatorView
    assert not hasattr(view, "hand")
    assert view.seat is None
    assert tiles_in(view) == {t("0-5")} | DRAWN
    assert tiles_in(view_for(dealt(DEAL), None)) == DRAWN


def test_r22_the_four_hands_are_revealed_only_once_the_hand_ended() -> None:
    state = in_play(DEAL)
    assert all(view_for(state, s).finished == () for s in (None, *SEATS))
    state = play_out(state)
    assert state.phase is Phase.NOMINATE
    for seat in (None, *SEATS):
        view = view_for(state, seat)
        assert getattr(view, "hand", frozenset()) == frozenset()
        done = view.finished[-1]
        assert done.dealt == (ts(HAND1), ts(HAND2), ts(HAND3), ts(HAND4))
        assert done.left == (ts(""), ts("1-9"), ts("2-9 3-5"), ts("4-7 4-8 4-9"))
        # revealed: the four hands; still never the 15 unused tiles
        assert tiles_in(view) == set().union(*done.dealt) | DRAWN


def test_r15_r21_each_move_is_paired_with_the_open_ends_it_faced_and_passes_make_voids() -> None:
    from doublenine.shared.moves import End, Play
    from doublenine.shared.seats import Seat
    from doublenine.shared.tiles import Tile
    from doublenine.shared.views import ends_before_each, known_void

    moves = (Play(Seat.ONE, Tile(3, 5), End.RIGHT),   # lies 5-3
             Play(Seat.TWO, Tile(5, 9), End.LEFT),    # 9-5 | 5-3
             Pass(Seat.THREE),
             Play(Seat.FOUR, Tile(3, 3), End.RIGHT))  # ... 3-3
    assert [(l, r) for _, l, r in ends_before_each(moves)] == [(-1, -1), (5, 3), (9, 3), (9, 3)]
    from dataclasses import replace

    voids = known_void(replace(view_for(_any_state_in_play(), None), moves=moves))
    assert voids[Seat.THREE] == frozenset({9, 3}) and voids[Seat.ONE] == frozenset()


def _any_state_in_play():
    from doublenine.shared.events import MatchLog
    from doublenine.shared.rules import legal_decisions, to_act

    log = MatchLog(seed=1)
    while log.state.phase is not Phase.PLAY:
        seat = min(to_act(log.state))
        log.submit(legal_decisions(log.state, seat)[0])
    return log.state
