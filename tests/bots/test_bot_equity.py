"""Match equity (R7, R17-R19): the dynamic program, the value of a hand's result, the expert's option."""
from __future__ import annotations

import dataclasses
import random
from types import SimpleNamespace

import pytest
from botstates import random_states
from test_bot_levels import HANDS, _play_state, _view

from doublenine.server.bots import equity
from doublenine.server.bots.equity import HandOdds, equity_table, odds, solve, table, tie_value
from doublenine.server.bots.equityfit import count
from doublenine.server.bots.expert import ExpertSettings, evaluate
from doublenine.server.bots.knowledge import knowledge
from doublenine.shared.moves import Play
from doublenine.shared.seats import Seat, Team
from doublenine.shared.state import MatchState, Phase
from doublenine.shared.views import SeatView

A, B = 0, 1


def _odds(opener: dict[int, float], other: dict[int, float], tie: float = 0.0, bins: int = 101) -> HandOdds:
    return HandOdds(tuple(opener.get(p, 0.0) for p in range(bins)),
                    tuple(other.get(p, 0.0) for p in range(bins)), tie)


def test_r19_a_team_at_100_has_won() -> None:
    eq = table()
    for b in (0, 50, 99, 140):
        for t in (A, B):
            assert eq.a_wins(100, min(b, 99), t) == 1.0
            assert eq.a_wins(min(b, 99), 100, t) == 0.0
    assert eq.a_wins(250, 3, B) == 1.0
    with pytest.raises(ValueError):
        eq.a_wins(-1, 0, A)
    with pytest.raises(ValueError):
        eq.a_wins(0, 0, 2)


def test_r7_equity_is_team_symmetric_and_monotone() -> None:
    """E_A(a, b, A) = 1 - E_A(b, a, B): the outcome odds know opening team and other team, never A or B."""
    eq = table()
    for a in range(100):
        for b in range(100):
            for t in (A, B):
                e = eq.a_wins(a, b, t)
                assert 0.0 < e < 1.0
                assert e == pytest.approx(1.0 - eq.a_wins(b, a, 1 - t), abs=1e-12)
                # more points never hurt (the same hands reach 100 no later), R19
                assert eq.a_wins(a + 1, b, t) >= e - 1e-12
                assert eq.a_wins(a, b + 1, t) <= e + 1e-12
    assert eq.a_wins(0, 0, A) + eq.a_wins(0, 0, B) == pytest.approx(1.0, abs=1e-12)


def test_r19_race_to_100_in_hands_of_50() -> None:
    """The opening team wins 50 with 0.6, the other 50 with 0.4: worked by hand from 50-50 back."""
    eq = solve(_odds({50: 0.6}, {50: 0.4}))
    assert eq.a_wins(50, 50, A) == pytest.approx(0.6, abs=1e-12)
    assert eq.a_wins(50, 50, B) == pytest.approx(0.4, abs=1e-12)
    assert eq.a_wins(50, 0, A) == pytest.approx(0.6 + 0.4 * 0.4, abs=1e-12)   # 0.76
    assert eq.a_wins(50, 0, B) == pytest.approx(0.6 * 0.4 + 0.4, abs=1e-12)   # 0.64
    assert eq.a_wins(0, 50, A) == pytest.approx(0.6 * 0.6, abs=1e-12)         # 0.36
    assert eq.a_wins(0, 50, B) == pytest.approx(0.4 * 0.6, abs=1e-12)         # 0.24
    assert eq.a_wins(0, 0, A) == pytest.approx(0.6 * 0.76 + 0.4 * 0.24, abs=1e-12)  # 0.552
    assert eq.a_wins(49, 0, A) == eq.a_wins(0, 0, A)  # two hands are needed all the same
    assert eq.a_wins(51, 0, A) == eq.a_wins(50, 0, A)


def test_r7_r17_a_tie_hands_the_opening_over() -> None:
    """Opening team wins 100 with 0.5, other team with 0.25, a tie 0.25: E_A = r + q E_B, E_B = s + q E_A."""
    eq = solve(_odds({100: 0.5}, {120: 0.25}, tie=0.25, bins=130))
    assert eq.a_wins(0, 0, A) == pytest.approx(0.6, abs=1e-12)
    assert eq.a_wins(0, 0, B) == pytest.approx(0.4, abs=1e-12)
    assert eq.a_wins(99, 7, A) == pytest.approx(0.6, abs=1e-12)


def test_r16_a_hand_won_with_no_points_keeps_the_opening() -> None:
    """The opening team wins either 0 points or 100: it wins the match; the other team's 0s hand it over."""
    eq = solve(_odds({0: 0.5, 100: 0.5}, {}))
    assert eq.a_wins(0, 0, A) == pytest.approx(1.0, abs=1e-12)
    assert eq.a_wins(0, 0, B) == pytest.approx(0.0, abs=1e-12)
    eq = solve(_odds({100: 0.5}, {0: 0.5}))  # E_A = 0.5 + 0.5 E_B, E_B = 0.5 E_A
    assert eq.a_wins(3, 4, A) == pytest.approx(2 / 3, abs=1e-12)
    assert eq.a_wins(3, 4, B) == pytest.approx(1 / 3, abs=1e-12)
    with pytest.raises(ValueError):
        solve(_odds({0: 0.5}, {}, tie=0.5))  # nothing ever scores: no match end


def _iterate(hand: HandOdds, n: int) -> list[list[list[float]]]:
    """Plain value iteration of the same system (the reference), to 1e-14."""
    e = [[[0.5, 0.5] for _ in range(n)] for _ in range(n)]

    def w(a: int, b: int, t: int) -> float:
        return 1.0 if a >= n else 0.0 if b >= n else e[a][b][t]
    while True:
        change = 0.0
        for a in range(n):
            for b in range(n):
                for t in (A, B):
                    v = hand.tie * w(a, b, 1 - t)
                    for p, (po, pn) in enumerate(zip(hand.opener, hand.other)):
                        win_a = po if t == A else pn
                        win_b = pn if t == A else po
                        v += win_a * w(a + p, b, A) + win_b * w(a, b + p, B)
                    change = max(change, abs(v - e[a][b][t]))
                    e[a][b][t] = v
        if change < 1e-14:
            return e


def test_solve_matches_value_iteration_on_a_short_match() -> None:
    rng = random.Random(19)
    n = 13
    raw = [rng.random() for _ in range(2 * 17 + 1)]
    raw[0] *= 3  # plenty of 0-point wins and ties: the self-loops
    hand = odds(raw[:17], raw[17:34], 0)
    hand = HandOdds(hand.opener, hand.other, raw[34] / sum(raw))
    hand = odds([round(x * 1e6) for x in hand.opener], [round(x * 1e6) for x in hand.other], round(hand.tie * 1e6))
    eq = solve(hand, target=n)
    ref = _iterate(hand, n)
    for a in range(n):
        for b in range(n):
            for t in (A, B):
                assert eq.a_wins(a, b, t) == pytest.approx(ref[a][b][t], abs=1e-10)


def test_fit_counts_by_opening_team_with_one_bin_for_100_or_more() -> None:
    hands = [SimpleNamespace(winner=Team.A, entitled=Team.A, points=37),
             SimpleNamespace(winner=Team.B, entitled=Team.A, points=37),
             SimpleNamespace(winner=Team.B, entitled=Team.B, points=131),
             SimpleNamespace(winner=None, entitled=Team.B, points=0)]
    opener, other, ties = count(hands)  # type: ignore[arg-type]
    assert (len(opener), opener[37], opener[100], other[37], ties) == (101, 1, 1, 1, 1)
    assert sum(opener) == 2 and sum(other) == 1
    with pytest.raises(ValueError):
        odds([1, 2], [1], 0)


def _scored(scores: tuple[int, int], opener: Seat) -> MatchState:
    """A hand in play at ``scores``, opened by ``opener`` (whose team was entitled, R6)."""
    return dataclasses.replace(_play_state(HANDS, []), scores=scores, opener=opener, entitled=opener.team)


@pytest.mark.parametrize("seat", [Seat.ONE, Seat.TWO])
@pytest.mark.parametrize("opener", [Seat.ONE, Seat.TWO])
def test_r18_r19_equity_table_is_the_dp_seen_by_the_seat(seat: Seat, opener: Seat) -> None:
    view = _view(_scored((80, 60), opener), seat)
    k = knowledge(view)
    mine, opened = seat.team.index, opener.team.index
    eq = table()
    now = eq.team_wins(mine, 80, 60, opened)
    value = equity_table(view, k)
    assert len(value) == 2 and len(value[A]) == len(value[B]) == 400
    for p in (0, 1, 7, 19, 20, 39, 40, 399):
        assert value[A][p] == pytest.approx(equity.SCALE * (eq.team_wins(mine, 80 + p, 60, A) - now), abs=1e-9)
        assert value[B][p] == pytest.approx(equity.SCALE * (eq.team_wins(mine, 80, 60 + p, B) - now), abs=1e-9)
    # a hand that wins the match is worth all the equity still missing, whatever its points
    full = equity.SCALE * ((1.0 if mine == A else 0.0) - now)
    assert value[A][20] == value[A][399] == pytest.approx(full, abs=1e-9)
    assert value[B][40] == value[B][399] == pytest.approx(equity.SCALE * ((1.0 if mine == B else 0.0) - now), abs=1e-9)
    # R7, R17: a tie keeps the scores and hands the opening to the team that did not open
    assert tie_value(view, k) == pytest.approx(equity.SCALE * (eq.team_wins(mine, 80, 60, 1 - opened) - now),
                                               abs=1e-9)
    # the seat's team's values are the opponents' negated (a zero-sum match)
    partner_view = _view(_scored((80, 60), opener), Seat(seat + 1))
    other_side = equity_table(partner_view, knowledge(partner_view))
    assert all(x == pytest.approx(-y, abs=1e-9) for x, y in zip(value[A], other_side[A]))


def _going_out() -> SeatView:
    """A seat to play whose last tile fits (R16), from seeded random matches."""
    for state, seat in random_states(seed=46, matches=4):
        if state.phase is Phase.PLAY and state.hand is not None and state.hand.turn == seat:
            view = _view(state, seat)
            if len(view.hand) == 1 and isinstance(view.legal_moves()[0], Play):
                return view
    raise AssertionError("no seat about to go out")


def test_expert_equity_option_values_going_out_as_the_table() -> None:
    """R16, R19: at 99 the last tile wins the match in every world, so the estimate is exactly the
    equity still missing, with no spread; the option is checked by name."""
    view = _going_out()
    mine = (view.viewer - 1) & 1
    view = dataclasses.replace(view, scores=(99, 12) if mine == A else (12, 99))
    move = view.legal_moves()[0]
    settings = ExpertSettings(playouts=40, min_worlds=8, max_worlds=8, value="equity")
    est = evaluate(view, random.Random(0), settings)[move]
    a, b = view.scores
    expected = equity.SCALE * (1.0 - table().team_wins(mine, a, b, view.opener.team.index))
    assert (est.mean, est.stderr, est.worlds) == (pytest.approx(expected, abs=1e-9), pytest.approx(0.0, abs=1e-6), 8)
    assert expected > 0.0
    # the bonus table: 1 point needed, + 8 for the hand, + 40 for the match
    assert evaluate(view, random.Random(0), dataclasses.replace(settings, value="bonus"))[move].mean == 49.0
    with pytest.raises(ValueError):
        evaluate(view, random.Random(0), dataclasses.replace(settings, value="points"))


def test_the_generated_table_is_symmetric_and_solves_fast_enough_to_build_lazily() -> None:
    from doublenine.server.bots.equity_table import OPENER, OTHER, TIES
    hand = odds(OPENER, OTHER, TIES)
    assert len(hand.opener) == len(hand.other) == 101
    assert sum(hand.opener) + sum(hand.other) + hand.tie == pytest.approx(1.0, abs=1e-12)
    assert table() is table()  # solved once
    assert solve(hand).a_wins(37, 61, B) == table().a_wins(37, 61, B)
