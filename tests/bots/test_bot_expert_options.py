"""The expert's allocation ("halving") and reading floor options (issue 14 experiments, off by default)."""
from __future__ import annotations

import random

from test_bot_expert import _views

from doublenine.server.bots.expert import ExpertSettings, _affinity, _rollouts, expert_play
from doublenine.server.bots.heuristic import score_play
from doublenine.server.bots.inference import PlayModel
from doublenine.server.bots.knowledge import knowledge
from doublenine.server.bots.strong import choices
from doublenine.server.bots.style import PRIOR, fit_styles


def _with_candidates(n: int):  # type: ignore[no-untyped-def]
    for view in _views(47, 6):
        if view.turn == view.viewer:
            forced, k, cands = choices(view)
            if forced is None and len(cands) == n:
                return view, k, cands
    raise AssertionError(f"no position with {n} candidates")


def test_halving_spends_the_rounds_on_the_better_half() -> None:
    """4 candidates, 1,000 rollouts: 2 rounds of 500, 125 worlds each then 250 for the 2 kept."""
    view, k, cands = _with_candidates(4)
    s = ExpertSettings(allocation="halving")
    prior = [s.prior * score_play(k, m.tile, m.end) for m, _, _ in cands]
    stats = _rollouts(view, k, random.Random(5), cands, s, prior)
    assert sorted(e.worlds for e in stats) == [125, 125, 375, 375]
    kept = [c for c, e in enumerate(stats) if e.worlds == 375]
    dropped = [c for c, e in enumerate(stats) if e.worlds == 125]
    # the kept two were the best two by mean plus prior after the first round
    first = _rollouts(view, k, random.Random(5), cands, ExpertSettings(playouts=500, min_worlds=1, max_worlds=125))
    ranked = sorted(range(4), key=lambda c: (-(first[c].mean + prior[c]), c))
    assert sorted(ranked[:2]) == kept and sorted(ranked[2:]) == dropped
    assert [first[c] for c in dropped] == [stats[c] for c in dropped]
    chosen = expert_play(view, random.Random(5), s)
    best = max(kept, key=lambda c: (stats[c].mean + prior[c], -c))
    assert chosen == cands[best][0]


def test_uniform_allocation_is_unchanged_by_the_prior_argument() -> None:
    view, k, cands = _with_candidates(3)
    s = ExpertSettings(playouts=300, min_worlds=10, max_worlds=100)
    prior = [1.0, 2.0, 3.0]
    assert _rollouts(view, k, random.Random(2), cands, s, prior) == _rollouts(view, k, random.Random(2), cands, s)
    assert {e.worlds for e in _rollouts(view, k, random.Random(2), cands, s)} == {100}


def test_reading_floor_reads_every_seat_at_least_that_hard() -> None:
    """Before any finished hand every seat's fit is the prior (2.0, 1.5): floor 3 reads all at (3.0, 1.5)."""
    view = next(v for v in _views(49, 3) if not v.finished and len(v.moves) >= 6 and v.turn == v.viewer)
    k = knowledge(view)
    assert fit_styles(view) == (PRIOR,) * 4
    got = _affinity(view, k, ExpertSettings(floor=3.0))
    want = PlayModel(view, 2.0, [PRIOR._replace(beta=3.0)] * 4).affinity(k.hidden)
    assert got == want
    assert _affinity(view, k, ExpertSettings()) == PlayModel(view, 2.0, [PRIOR] * 4).affinity(k.hidden)
    assert got != _affinity(view, k, ExpertSettings())
