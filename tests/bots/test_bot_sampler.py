"""Worlds sampled for the strong level respect what the seat knows (issue 4, R15, R21)."""
from __future__ import annotations

import random

from botstates import random_states

from doublenine.server.bots.inference import PlayModel, resample
from doublenine.server.bots.knowledge import knowledge
from doublenine.server.bots.sampler import WorldSampler
from doublenine.shared.moves import End, Play
from doublenine.shared.seats import Seat
from doublenine.shared.state import Phase
from doublenine.shared.tiles import Tile
from doublenine.shared.views import SeatView, view_for


def _views(seed: int, matches: int) -> list[SeatView]:
    out = []
    for state, seat in random_states(seed=seed, matches=matches):
        if state.phase is Phase.PLAY and state.hand is not None and state.hand.line:
            v = view_for(state, seat)
            assert isinstance(v, SeatView)
            out.append(v)
    return out


def test_r15_r21_worlds_keep_counts_hand_and_voids() -> None:
    voids_seen = 0
    for n, view in enumerate(_views(31, 3)[::3]):
        k = knowledge(view)
        voids_seen += any(k.forbidden[s] & k.hidden for s in range(4) if s != k.me)
        model = PlayModel(view, 1.0)
        affinity = model.affinity(k.hidden) if n % 2 else None
        sampler = WorldSampler(k, random.Random(n), affinity=affinity)
        for _ in range(10):
            hands = sampler.next()
            assert hands[k.me] == k.hand
            for s in range(4):
                assert hands[s].bit_count() == k.counts[s]
                if s != k.me:
                    assert hands[s] & ~k.hidden == 0
                    assert hands[s] & k.forbidden[s] == 0
            assert sum(h.bit_count() for h in hands) == (hands[0] | hands[1] | hands[2] | hands[3]).bit_count()
    assert voids_seen > 20


def test_sampler_is_reproducible_from_its_generator() -> None:
    view = _views(32, 1)[40]
    k = knowledge(view)
    a = WorldSampler(k, random.Random(5))
    b = WorldSampler(k, random.Random(5))
    assert [a.next() for _ in range(5)] == [b.next() for _ in range(5)]


def test_without_voids_every_hidden_tile_reaches_every_place() -> None:
    view = _views(33, 1)[0]  # the first play of a hand: no pass yet
    k = knowledge(view)
    assert not any(k.forbidden)
    sampler = WorldSampler(k, random.Random(1))
    union = [0, 0, 0, 0]
    for _ in range(300):
        for s, h in enumerate(sampler.next()):
            union[s] |= h
    for s in range(4):
        assert union[s] == (k.hand if s == k.me else k.hidden)


def test_play_model_doubts_heavier_tiles_that_would_have_fitted() -> None:
    from test_bot_levels import _play_state  # the hand-built positions

    hands = [[Tile(5, 5), Tile(0, 0)], [Tile(5, 0), Tile(9, 5), Tile(1, 1)], [Tile(3, 3), Tile(2, 2)],
             [Tile(6, 6), Tile(4, 4)]]
    state = _play_state(hands, [Play(Seat.ONE, Tile(5, 5), End.LEFT), Play(Seat.TWO, Tile(5, 0), End.LEFT)])
    view = view_for(state, Seat.THREE)
    assert isinstance(view, SeatView)
    k = knowledge(view)
    aff = PlayModel(view, 1.0).affinity(k.hidden)
    light, heavy, unrelated = Tile(5, 1).index, Tile(9, 5).index, Tile(8, 8).index
    # seat 2 laid 5-0 (5 pips) where 9-5 (14) would have fitted: e5 / (e5 + e14)
    assert round(aff[1][heavy], 6) == round(1 / (1 + 2.718281828459045 ** 9), 6)
    assert round(aff[1][light], 6) == round(1 / (1 + 2.718281828459045), 6)  # 5-1: one pip heavier
    assert aff[1][unrelated] == 1.0  # 8-8 did not fit: no evidence
    assert aff[4][heavy] == 1.0  # the unused tiles are never doubted
    # seat 1 led 5-5 (key 11.5) from a free choice: 9-9 (key 19.5) is doubted more than 0-1 (key 1)
    assert aff[0][Tile(9, 9).index] < aff[0][Tile(0, 1).index] < 1.0
    assert not PlayModel(view, 0.0).informative


def test_resample_draws_in_proportion() -> None:
    assert resample([0.0, 3.0, 1.0], 4, random.Random(0)) == {1: 3, 2: 1}
    assert sum(resample([0.0, 0.0], 5, random.Random(0)).values()) == 5
