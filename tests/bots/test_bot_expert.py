"""The expert level (issue 14): its worlds, its evaluation of a view, and its choices."""
from __future__ import annotations

import random

from botstates import random_states
from test_bot_levels import HANDS, _play_state, _view

from doublenine.server.bots import decide
from doublenine.server.bots.expert import ExpertSettings, Estimate, evaluate, expert_play
from doublenine.server.bots.knowledge import knowledge
from doublenine.server.bots.rankplay import from_rank
from doublenine.server.bots.reading import fitted_affinity
from doublenine.server.bots.worlds import RankWorlds
from doublenine.shared.moves import End, Pass, Play
from doublenine.shared.seats import Seat
from doublenine.shared.state import Phase
from doublenine.shared.tiles import Tile
from doublenine.shared.views import SeatView, view_for

LIGHT = ExpertSettings(playouts=120, min_worlds=12, max_worlds=40)


def _views(seed: int, matches: int) -> list[SeatView]:
    out = []
    for state, seat in random_states(seed=seed, matches=matches):
        if state.phase is Phase.PLAY and state.hand is not None and state.hand.line:
            v = view_for(state, seat)
            assert isinstance(v, SeatView)
            out.append(v)
    return out


def test_r15_r21_expert_worlds_keep_counts_hand_and_voids() -> None:
    """Every world gives each seat its count, the reader its own hand, no tile a pass ruled out."""
    voids_seen = 0
    for n, view in enumerate(_views(41, 3)[::3]):
        k = knowledge(view)
        voids_seen += any(k.forbidden[s] & k.hidden for s in range(4) if s != k.me)
        aff = fitted_affinity(view, k, 1.0) if n % 2 else None
        worlds = RankWorlds(k, random.Random(n), aff, swaps=8)
        for _ in range(10):
            hands = [from_rank(h) for h in worlds.next()]
            assert hands[k.me] == k.hand
            for s in range(4):
                assert hands[s].bit_count() == k.counts[s]
                if s != k.me:
                    assert hands[s] & ~k.hidden == 0
                    assert hands[s] & k.forbidden[s] == 0
            assert sum(h.bit_count() for h in hands) == (hands[0] | hands[1] | hands[2] | hands[3]).bit_count()
    assert voids_seen > 20


def _first(views: list[SeatView], want) -> SeatView:  # type: ignore[no-untyped-def]
    return next(v for v in views if v.turn == v.viewer and want(v))


def _twice(view: SeatView) -> bool:
    """A tile that fits both ends and leaves the same position either way (D5)."""
    plays = [m for m in view.legal_moves() if isinstance(m, Play)]
    tiles = [m.tile for m in plays]
    return view.ends is not None and view.ends[0] == view.ends[1] and len(set(tiles)) < len(tiles) \
        and len(set(tiles)) > 1


def test_evaluate_maps_every_legal_play_and_merges_the_same_position() -> None:
    view = _first(_views(45, 4), _twice)
    got = evaluate(view, random.Random(3), LIGHT)
    assert set(got) == set(view.legal_moves())
    for m in view.legal_moves():
        assert isinstance(m, Play)
        assert got[m] == got[Play(m.seat, m.tile, End.LEFT)]  # both ends show the same pip
    assert len(set(got.values())) == len({m.tile for m in got})  # distinct tiles, distinct estimates
    for est in got.values():
        assert isinstance(est, Estimate) and est.stderr > 0.0
        assert est.worlds == max(12, min(40, 120 // len(set(got.values()))))
    assert evaluate(view, random.Random(3), LIGHT) == got  # deterministic for a seed


def test_evaluate_a_forced_pass_and_going_out() -> None:
    state = _play_state(HANDS, [Play(Seat.ONE, Tile(5, 5), End.LEFT)])
    assert evaluate(_view(state, Seat.TWO), random.Random(1)) == {Pass(Seat.TWO): Estimate(0.0, 0.0, 0)}
    views = _views(46, 4)
    view = _first(views, lambda v: len(v.hand) == 1 and isinstance(v.legal_moves()[0], Play))
    move = view.legal_moves()[0]  # its last tile: either end goes out
    est = evaluate(view, random.Random(0), LIGHT)[move]
    # R16/R18: going out wins the opponents' pips in every world, plus 8 for the hand (or more)
    assert est.mean >= 8.0 + 1.0
    assert expert_play(view, random.Random(0)) == move


def test_expert_decides_every_kind_and_is_reproducible() -> None:
    seen = 0
    for n, (state, seat) in enumerate(random_states(seed=44, matches=1)):
        if n % 5:
            continue
        view = view_for(state, seat)
        assert isinstance(view, SeatView)
        d = decide(view, "expert", random.Random(n))
        assert d in view.legal_decisions()
        assert decide(view, "expert", random.Random(n)) == d
        seen += 1
    assert seen > 20


def test_reading_ratios_are_the_counted_odds() -> None:
    """readfit.ratios without pseudo-counts: P(bucket | held) / P(bucket | not held), exactly."""
    from doublenine.server.bots.readfit import ratios
    assert ratios([10, 0], [10, 20], pseudo=0.0) == [3.0, 0.0]
    smoothed = ratios([10, 0], [10, 20], pseudo=4.0)  # p1 = 0.25: +1 held, +3 not held per bucket
    assert smoothed == [(11 / 10) / (13 / 30), (1 / 10) / (23 / 30)]


def test_reading_buckets_and_the_fitted_table_make_sense() -> None:
    """Every bucket is in range; the fitted table says a player who laid 4-5 on a 4 while a
    heavier 9-4 would have fitted the same end probably does not hold it, and probably holds
    a tile showing the 5 it laid open (it keeps numbers it can follow)."""
    from doublenine.server.bots.reading import BUCKETS, bucket
    from doublenine.server.bots.reading_table import LR
    assert len(LR) == BUCKETS
    seen = {bucket(c, e, l, r, t, h) for c in range(0, 55, 3) for t in range(1, 55, 4)
            for e in (0, 1) for l, r in ((-1, -1), (4, 2), (3, 3)) for h in (0, 5, 9)}
    assert min(seen) >= 0 and max(seen) < BUCKETS
    laid = Tile(4, 5).index
    assert LR[bucket(laid, 0, 4, 2, Tile(9, 4).index, 5)] < 0.5
    assert LR[bucket(laid, 0, 4, 2, Tile(5, 1).index, 5)] > 1.0
