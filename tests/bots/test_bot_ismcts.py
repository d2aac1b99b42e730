"""The expert's information-set tree search option (``search="ismcts"``, issue 14, off by default)."""
from __future__ import annotations

import random

import pytest
from test_bot_expert import _views

from doublenine.server.bots import decide
from doublenine.server.bots.expert import ExpertSettings, _affinity, expert_play, prior_scores
from doublenine.server.bots.ismcts import PASS, _actions, choose, root_keys, search
from doublenine.server.bots.knowledge import knowledge
from doublenine.server.bots.rankplay import to_rank
from doublenine.server.bots.strong import choices, value_table
from doublenine.server.bots.worlds import RankWorlds
from doublenine.shared.events import MatchLog
from doublenine.shared.moves import End, Play
from doublenine.shared.rules import to_act
from doublenine.shared.seats import Seat
from doublenine.shared.tiles import Tile
from doublenine.shared.views import SeatView, view_for

TREE = ExpertSettings(search="ismcts")
LIGHT = ExpertSettings(search="ismcts", iterations=150, min_worlds=1, max_worlds=40)
TINY = ExpertSettings(search="ismcts", iterations=3, min_worlds=1, max_worlds=2)


def _normal_game(seed: int, events: int) -> SeatView:
    """The view of the seat to act after ``events`` events of match ``seed`` played by the normal level."""
    log = MatchLog(seed=seed)
    rng = random.Random(seed)
    while len(log.events) < events:
        view = view_for(log.state, min(to_act(log.state)))
        assert isinstance(view, SeatView)
        log.submit(decide(view, "normal", random.Random(rng.randrange(1 << 30))))
    view = view_for(log.state, min(to_act(log.state)))
    assert isinstance(view, SeatView)
    return view


def test_r14_r15_tree_moves_are_the_distinct_plays() -> None:
    """In the tree a seat's moves are its distinct plays (D5: a tile and the two ends it leaves), the same
    keys as the root's candidates from :func:`.strong.distinct_plays`; a pass only when nothing fits."""
    checked = 0
    for view in _views(53, 4):
        forced, k, cands = choices(view)
        if k is None or k.left < 0:
            continue
        assert sorted(_actions(to_rank(k.hand), k.left, k.right)) == sorted(root_keys(k, cands))
        checked += 1
    assert checked > 100
    assert _actions(to_rank(Tile(2, 3).bit), 5, 5) == [PASS]
    # R14: on ends 3 | 5 the 3-5 leaves 5 | 5 or 3 | 3; on ends 5 | 5 the 5-6 leaves 6 | 5 either way
    rank35, rank56 = to_rank(Tile(3, 5).bit).bit_length() - 1, to_rank(Tile(5, 6).bit).bit_length() - 1
    assert _actions(to_rank(Tile(3, 5).bit), 3, 5) == [100 * rank35 + 55, 100 * rank35 + 33]
    assert _actions(to_rank(Tile(5, 6).bit), 5, 5) == [100 * rank56 + 56]


def test_every_iteration_visits_one_root_child_and_the_choice_is_the_most_visited() -> None:
    view = next(v for v in _views(47, 6) if v.turn == v.viewer and len(choices(v)[2]) >= 3)
    forced, k, cands = choices(view)
    assert forced is None and k is not None
    s = ExpertSettings(search="ismcts", iterations=400, max_worlds=100)
    prior = prior_scores(k, [m for m, _, _ in cands], s)
    worlds = RankWorlds(k, random.Random(3), _affinity(view, k, s), s.swaps)
    stats = search(k, worlds, cands, prior, value_table(view, k, 8.0, 40.0), 0.0, 0, 400, 100, 60.0, 9.0)
    assert sum(n for n, _ in stats) == 400
    assert all(n >= 1 for n, _ in stats)
    best = choose(stats, prior)
    assert stats[best][0] == max(n for n, _ in stats)
    assert choose([(5, 0.0), (5, 1.0), (2, 50.0)], [0.0, 0.0, 0.0]) == 1  # equal visits: the better mean
    assert choose([(5, 1.0), (5, 1.0)], [0.0, 0.0]) == 0  # then the first


def test_r16_the_tree_finds_the_forced_domino_and_the_flat_search_agrees() -> None:
    """Seat 1 holds 4-4 and 3-4 on ends 4 | 7, and the other three seats have each passed on 4 and 7
    (R15). Laying 4-4 keeps 4 | 7: all three must pass and seat 1 goes out with 3-4 (R16) in every
    world; laying 3-4 first leaves 3 | 7, where 4-4 does not fit."""
    view = _normal_game(291, 62)
    k = knowledge(view)
    assert view.viewer is Seat.ONE and view.hand == frozenset({Tile(4, 4), Tile(3, 4)}) and view.ends == (4, 7)
    assert all(k.voids[s] >> 4 & 1 and k.voids[s] >> 7 & 1 for s in (1, 2, 3))
    win = Play(Seat.ONE, Tile(4, 4), End.LEFT)
    assert expert_play(view, random.Random(1)) == win
    assert expert_play(view, random.Random(1), TREE) == win
    assert expert_play(view, random.Random(1), LIGHT) == win
    forced, k, cands = choices(view)
    prior = prior_scores(k, [m for m, _, _ in cands], TREE)
    worlds = RankWorlds(k, random.Random(1), _affinity(view, k, TREE), TREE.swaps)
    stats = search(k, worlds, cands, prior, value_table(view, k, 8.0, 40.0), 0.0, 0, 300, 50, 60.0, 9.0)
    won = [c for c, (m, _, _) in enumerate(cands) if m == win][0]
    assert stats[won][1] >= 8.0  # every world: a domino for seat 1's team, worth its points plus 8


@pytest.mark.parametrize("settings", [LIGHT, TINY, ExpertSettings(search="ismcts", iterations=1, min_worlds=1,
                                                                  max_worlds=1)])
def test_tree_search_is_legal_and_reproducible(settings: ExpertSettings) -> None:
    """Legal and the same for the same view and seed, on positions with many passes (R15) too."""
    views = [v for v in _views(59, 3) if v.turn == v.viewer][::4]
    views.append(_normal_game(537, 48))  # seat 4 to play; the others have passed on 0, 1, 3, 8 and 9
    passes = 0
    for n, view in enumerate(views):
        move = expert_play(view, random.Random(n), settings)
        assert move in view.legal_moves()
        assert move == expert_play(view, random.Random(n), settings)
        passes += sum(1 for m in view.moves if not isinstance(m, Play)) >= 4
    assert len(views) > 30 and passes > 5
