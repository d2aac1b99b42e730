"""Differential test: the fast int playout against the rules engine (R14-R18, DESIGN "Rules engine").

Thousands of seeded hands are played twice with the same stream of random
numbers: once through ``rules.apply`` on frozen MatchStates, once through
``playout.random_playout``. Every move, pass, the line, the result, the points
and the pip totals must agree.
"""
from __future__ import annotations

import random

from doublenine.shared.moves import Pass, Review
from doublenine.shared.playout import deal_masks, mask_pips, random_playout
from doublenine.shared.rules import apply, apply_shuffle, legal_moves
from doublenine.shared.seats import SEATS, Seat
from doublenine.shared.state import Deal, FinishedHand, MatchState, Phase, Result
from doublenine.shared.tiles import mask_of, pip_total

HANDS = 2500


def _engine_hand(order: tuple[int, ...], opener: Seat, rnd: random.Random) -> MatchState:
    """Deal ``order``, four accepts (R10), then random legal moves until the hand ends."""
    state = MatchState(phase=Phase.DEAL_SHUFFLE, opener=opener, hand_number=1)
    state = apply_shuffle(state, order)
    for seat in SEATS:
        state = apply(state, Review(seat, False))
    while state.phase is Phase.PLAY:
        assert state.hand is not None
        moves = legal_moves(state, state.hand.turn)
        state = apply(state, moves[int(rnd.random() * len(moves))] if len(moves) > 1 else moves[0])
    return state


def _compare(seed: int) -> Result:
    deal_rng = random.Random(seed)
    order = list(range(55))
    deal_rng.shuffle(order)
    opener = SEATS[seed % 4]
    engine_rnd, playout_rnd = random.Random(seed + 1), random.Random(seed + 1)
    end_state = _engine_hand(tuple(order), opener, engine_rnd)
    assert end_state.hand is not None
    done: FinishedHand = end_state.finished[-1]
    fast = random_playout(deal_masks(order), opener, playout_rnd.random)

    assert fast.decisions() == done.moves, seed
    assert sum(isinstance(m, Pass) for m in fast.decisions()) == sum(isinstance(m, Pass) for m in done.moves)
    assert fast.line() == tuple((p.left, p.right) for p in done.line), seed
    assert fast.hands == tuple(mask_of(h) for h in done.left)
    assert (fast.left, fast.right) == (end_state.hand.left, end_state.hand.right)
    assert (fast.result, fast.winner, fast.points, fast.ender) == \
        (done.result, done.winner, done.points, done.ender), seed
    assert fast.pip_totals == done.pip_totals, seed
    assert engine_rnd.random() == playout_rnd.random()  # the same number of choices drawn
    return fast.result


def test_playout_matches_rules_apply_on_seeded_hands() -> None:
    results = [_compare(seed) for seed in range(HANDS)]
    # the sample must exercise every way a hand ends (R16, R17), or the test proves little
    assert {Result.DOMINO, Result.BLOCKED, Result.TIE} <= set(results)


def test_r9_deal_masks_match_deal_from_order() -> None:
    rng = random.Random(7)
    order = list(range(55))
    for _ in range(200):
        rng.shuffle(order)
        assert deal_masks(order) == Deal.from_order(tuple(order)).masks


def test_r17_mask_pips_matches_pip_total() -> None:
    rng = random.Random(11)
    masks = [0, (1 << 55) - 1] + [rng.getrandbits(55) for _ in range(500)]
    assert [mask_pips(m) for m in masks] == [pip_total(m) for m in masks]
    assert mask_pips((1 << 55) - 1) == 495  # R1: the whole double-nine set
