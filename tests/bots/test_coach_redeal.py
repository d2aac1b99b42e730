"""The coach on the redeal answer (issue 14.2, R10-R12): keep this hand or demand a fresh deal.

A seat that accepted a deal while holding five or more doubles could have demanded a redeal
(R10). The coach values keeping the hand (deals of the other 45 tiles around it) against a fresh
deal with the same opener (R8, R11), from that seat's view, and marks a mistake by the same rule
as a play (coach.THRESHOLD points and coach.Z standard errors). Planted deal values make the
answers exact; the real rollouts are checked where their answer is exact too (the two teams'
values of the same fresh deals are opposite) and where it is plain (nine doubles).
"""
from __future__ import annotations

import math
import random
from dataclasses import replace

import pytest

from doublenine.server import coach, coachdeal
from doublenine.server.bots.expert import Estimate
from doublenine.shared.events import MatchLog
from doublenine.shared.moves import Review
from doublenine.shared.rules import legal_decisions, to_act
from doublenine.shared.seats import Seat, Team
from doublenine.shared.state import FinishedHand, Phase
from doublenine.shared.tiles import DOUBLE_NINE_SET, Tile, mask_of

S1, S2 = Seat.ONE, Seat.TWO
SMALL = coachdeal.RedealSettings(worlds=20, deals=20)


def _finished() -> FinishedHand:
    """A real finished hand (a match of computers' first choices)."""
    log = MatchLog(seed=3)
    while not log.state.finished:
        (seat, *_) = sorted(to_act(log.state))
        log.submit(legal_decisions(log.state, seat)[0])
    return log.state.finished[0]


NINE_DOUBLES = mask_of([Tile(d, d) for d in range(9)] + [Tile(2, 7)])
SIX_DOUBLES = mask_of([Tile(d, d) for d in (0, 2, 4, 6, 8, 9)] + [Tile(1, 3), Tile(3, 5), Tile(5, 7), Tile(7, 9)])


def _with_hand(h: FinishedHand, seat: Seat, hand: int, opener: Seat = S1,
               scores: tuple[int, int] = (0, 0)) -> FinishedHand:
    """``h`` as if ``seat`` had been dealt ``hand`` (what the coach reads of a hand: R10)."""
    rest = [t.bit for t in DOUBLE_NINE_SET if not hand & t.bit]
    others = iter((sum(rest[0:10]), sum(rest[10:20]), sum(rest[20:30])))
    masks = tuple(hand if s == seat else next(others) for s in Seat)
    return replace(h, dealt_masks=masks, opener=opener, scores_before=scores)


def _planted(keep: float, fresh: float, hand: int, seat: Seat = S1) -> coachdeal.DealValue:
    """Every deal in which ``seat`` holds ``hand`` is worth ``keep``; any other deal ``fresh``."""
    def value(hands, opener, team, scores, rng):  # type: ignore[no-untyped-def]
        return keep if hands[seat - 1] == hand else fresh
    return value


def test_r10_accepting_five_doubles_when_a_redeal_was_worth_more_is_a_mistake_of_the_exact_loss() -> None:
    h = _with_hand(_finished(), S1, SIX_DOUBLES)
    row = coach.review_answer(h, S1, random.Random(1), SMALL, _planted(-6.0, 3.0, SIX_DOUBLES))
    assert (row.kind, row.at, row.made, row.best) == ("review", -1, Review(S1, False), Review(S1, True))
    assert row.made_value == Estimate(-6.0, 0.0, 20) and row.best_value == Estimate(3.0, 0.0, 20)
    assert (row.loss, row.loss_stderr, row.mistake, row.forced) == (9.0, 0.0, True, False)
    wire = coach.row_wire(row)
    assert (wire["made"], wire["best"]) == ({"kind": "review", "seat": 1, "demand_redeal": False},
                                            {"kind": "review", "seat": 1, "demand_redeal": True})
    assert (wire["made_mean"], wire["best_mean"], wire["loss"], wire["mistake"], wire["worlds"]) == \
        (-6.0, 3.0, 9.0, True, 20)


def test_r10_accepting_a_hand_worth_more_than_a_redeal_is_no_mistake() -> None:
    h = _with_hand(_finished(), S2, SIX_DOUBLES, opener=S2)
    row = coach.review_answer(h, S2, random.Random(1), SMALL, _planted(5.0, 2.0, SIX_DOUBLES, S2))
    assert (row.made, row.best, row.loss, row.mistake) == (Review(S2, False), Review(S2, False), 0.0, False)
    assert row.made_value == row.best_value == Estimate(5.0, 0.0, 20)


def test_r10_a_difference_within_the_noise_is_no_mistake() -> None:
    """Keeping: deals worth -30 and +30 in turn (mean exactly 0, standard error 30/sqrt(19));
    a redeal: exactly 2. The redeal is better by 2 points (over THRESHOLD) but by less than two
    standard errors: not a mistake."""
    turn = iter(range(10 ** 6))

    def value(hands, opener, team, scores, rng):  # type: ignore[no-untyped-def]
        if hands[0] != SIX_DOUBLES:
            return 2.0
        return 30.0 if next(turn) % 2 else -30.0
    h = _with_hand(_finished(), S1, SIX_DOUBLES)
    row = coach.review_answer(h, S1, random.Random(1), SMALL, value)
    assert row.best == Review(S1, True) and row.made_value.mean == 0.0 and row.best_value.mean == 2.0
    assert row.made_value.stderr == pytest.approx(30 / math.sqrt(19), rel=1e-12) and row.best_value.stderr == 0.0
    assert row.loss == 2.0 > coach.THRESHOLD and row.loss < coach.Z * row.loss_stderr and not row.mistake


def test_r10_fewer_than_five_doubles_could_only_accept() -> None:
    h = _finished()
    seat = next(s for s in Seat if h.dealt_masks[s - 1].bit_count() and
                sum(1 for t in h.dealt[s - 1] if t.is_double) < 5)
    assert coach.plan_answer(h, seat, 1) is None
    (row,) = [r for r in coach.review_answers(h, (), seat) if r.made == Review(seat, False)]
    assert row.forced and row.made_value is None
    with pytest.raises(ValueError):
        coach.review_answer(h, seat, random.Random(1), SMALL)


def test_r10_the_answer_row_is_in_the_review_measured_once() -> None:
    log = MatchLog(seed=3)
    while not log.state.finished:
        (seat, *_) = sorted(to_act(log.state))
        log.submit(legal_decisions(log.state, seat)[0])
    h = replace(_with_hand(log.state.finished[0], S1, SIX_DOUBLES), moves=())  # the deal, not its plays
    state = replace(log.state, finished=(h,))
    (row,) = coach.review_hand(state, h.match, h.number, S1, 7, None, SMALL, _planted(-4.0, 1.0, SIX_DOUBLES))
    assert (row.kind, row.made, row.mistake, row.loss) == ("review", Review(S1, False), True, 5.0)
    again = coach.review_hand(state, h.match, h.number, S1, 7, None, SMALL, _planted(-4.0, 1.0, SIX_DOUBLES))
    assert again == (row,)  # same seed, same review (R24)


def test_r11_a_fresh_deal_is_worth_exactly_the_opposite_to_the_other_team() -> None:
    """The real rollouts (every seat at the normal level): the same fresh deals, valued for team A
    and for team B, are exact opposites (a hand's points go to one team, R18)."""
    a = coachdeal.redeal_value(S1, S2, (0, 0), random.Random(11), SMALL)
    b = coachdeal.redeal_value(S2, S2, (0, 0), random.Random(11), SMALL)
    assert a.worlds == b.worlds == 20 and a.mean == pytest.approx(-b.mean, abs=1e-9)
    assert a.stderr == pytest.approx(b.stderr, abs=1e-9) and a.stderr > 0


def test_r19_near_the_end_every_deal_decides_the_match_in_match_points() -> None:
    """s13 F6: the answer's unit is the coach's match point (270 x the change in the chance of winning the
    match), so at 99-99 a deal is worth the whole match either way, not +-1 capped point."""
    from doublenine.server.bots.equity import table
    est = coachdeal.redeal_value(S1, S1, (99, 99), random.Random(4), SMALL)
    now = table().team_wins(0, 99, 99, 0)  # team A opens (R7)
    assert est.worlds == 20 and -270.0 * now <= est.mean <= 270.0 * (1.0 - now) and est.stderr > 20.0  # capped points: at most 0.23
    h = _finished()  # seat 1 went out: team A scores 40 (R16, R18)
    assert (h.winner, h.points) == (Team.A, 40)
    assert coachdeal.signed_points(h, Team.A, (0, 0)) == 40.0 and coachdeal.signed_points(h, Team.B, (0, 0)) == -40.0
    assert coachdeal.signed_points(h, Team.A, (99, 0)) == 1.0 and coachdeal.signed_points(h, Team.B, (99, 0)) == -1.0
    assert coachdeal.signed_points(h, Team.B, (75, 99)) == -25.0  # what A needed (R19)
    assert coachdeal.signed_points(replace(h, winner=None), Team.A, (0, 0)) == 0.0  # a tie (R17)


def test_r10_nine_doubles_kept_lose_to_a_redeal_in_the_real_rollouts() -> None:
    """Nine doubles and 2-7, seat 1 opening: the real rollouts (1,000 deals each) find keeping it
    worse than a fresh deal by several standard errors. Measured with 2,000 deals each by
    bench/coachdeal.py (docs/performance.md): keep +0.15 +- 0.78 points, a fresh deal with one's
    own team opening +5.95 +- 0.84."""
    h = _with_hand(_finished(), S1, NINE_DOUBLES)
    row = coach.review_answer(h, S1, random.Random(5), coachdeal.RedealSettings(worlds=1000, deals=1000))
    assert row.best == Review(S1, True) and row.mistake, (row.made_value, row.best_value)
    assert row.made_value.worlds == row.best_value.worlds == 1000
    assert 3.0 < row.loss < 11.0 and row.loss_stderr < 2.0
