"""The expert's experiment options, all off by default (halving, floor, convention, imitation, sampled rollouts)."""
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


def test_lead_factors_read_the_lead_as_the_normal_level_leads() -> None:
    """R14: another seat's lead c; a hidden tile t gets e(c)/(e(c)+e(t)), times exp(lam*suit) if it
    shares a number with c; the viewer's own lead tells it nothing."""
    import math

    from doublenine.server.bots.inference import lead_factors
    from doublenine.server.bots.playout import PIPS, PM
    from doublenine.shared.moves import Play
    from doublenine.shared.tiles import DOUBLE_NINE_SET

    view = next(v for v in _views(49, 3) if v.moves and isinstance(v.moves[0], Play)
                and v.moves[0].seat != v.viewer and v.turn == v.viewer)
    k = knowledge(view)
    lead = view.moves[0].tile
    seat, factors = lead_factors(view, k.hidden, 0.5, 3.0, 5.0)
    assert seat == view.moves[0].seat - 1
    shared = PM[lead.low] | PM[lead.high]
    for t in range(55):
        if not k.hidden >> t & 1:
            assert factors[t] == 1.0
            continue
        kt = PIPS[t] + (5.0 if DOUBLE_NINE_SET[t].is_double else 0.0)
        kc = lead.pips + (5.0 if lead.is_double else 0.0)
        want = math.exp(0.5 * kc) / (math.exp(0.5 * kc) + math.exp(0.5 * kt)) * (math.exp(1.5) if shared >> t & 1 else 1.0)
        assert math.isclose(factors[t], want, rel_tol=1e-12)
    own = next(v for v in _views(49, 3) if v.moves and isinstance(v.moves[0], Play) and v.moves[0].seat == v.viewer)
    assert lead_factors(own, knowledge(own).hidden, 0.5, 3.0, 5.0) is None


def test_lead_suit_replaces_the_heavy_reading_of_the_lead_only() -> None:
    from doublenine.server.bots.inference import lead_factors
    from doublenine.shared.moves import Play

    view = next(v for v in _views(49, 3) if len(v.moves) >= 5 and isinstance(v.moves[0], Play)
                and v.moves[0].seat != v.viewer and v.turn == v.viewer and not v.finished)
    k = knowledge(view)
    got = _affinity(view, k, ExpertSettings(lead="suit"))
    base = PlayModel(view, 2.0, [PRIOR] * 4, skip_lead=True).affinity(k.hidden)
    seat, factors = lead_factors(view, k.hidden, 0.5, 3.0, 5.0)
    for place in range(5):
        want = [a * b for a, b in zip(base[place], factors)] if place == seat else base[place]
        assert got[place] == want
    assert got != _affinity(view, k, ExpertSettings())


def test_convention_lead_leads_from_the_number_the_seat_holds_most_of() -> None:
    """R14, convention "lead": every lead the expert makes shows a number of which its hand holds the
    most tiles (ties: any of them); without the convention some leads do not (the rollouts choose)."""
    from botstates import random_states

    from doublenine.server.bots.playout import PM
    from doublenine.shared.state import Phase
    from doublenine.shared.views import SeatView, view_for

    leads = [v for state, seat in random_states(seed=53, matches=6)
             if state.phase is Phase.PLAY and state.hand is not None and not state.hand.line
             for v in (view_for(state, seat),) if isinstance(v, SeatView) and v.turn == v.viewer]
    assert len(leads) >= 5
    off_suit = 0
    for n, view in enumerate(leads):
        k = knowledge(view)
        counts = [(k.hand & PM[p]).bit_count() for p in range(10)]
        longest = {p for p in range(10) if counts[p] == max(counts)}
        tile = expert_play(view, random.Random(n), ExpertSettings(convention="lead", playouts=200)).tile  # type: ignore[union-attr]
        assert {tile.low, tile.high} & longest
        plain = expert_play(view, random.Random(n), ExpertSettings(playouts=200)).tile  # type: ignore[union-attr]
        off_suit += not {plain.low, plain.high} & longest
    assert off_suit > 0


def test_convention_lead_reads_the_partners_lead_as_a_long_number_and_the_others_as_plays() -> None:
    from doublenine.shared.moves import Play

    led = [v for v in _views(49, 3) if len(v.moves) >= 5 and isinstance(v.moves[0], Play)
           and v.moves[0].seat != v.viewer and v.turn == v.viewer and not v.finished]
    partner = next(v for v in led if v.moves[0].seat - 1 == (v.viewer - 1 + 2) % 4)
    opponent = next(v for v in led if (v.moves[0].seat - v.viewer) % 2 == 1)
    k = knowledge(partner)
    assert _affinity(partner, k, ExpertSettings(convention="lead")) == _affinity(partner, k, ExpertSettings(lead="suit"))
    assert _affinity(partner, k, ExpertSettings(convention="lead")) != _affinity(partner, k, ExpertSettings())
    k = knowledge(opponent)
    assert _affinity(opponent, k, ExpertSettings(convention="lead")) == _affinity(opponent, k, ExpertSettings())


def test_rollout_weights_give_the_opponents_the_strong_fit_and_the_partnership_the_expert_fit() -> None:
    from doublenine.server.bots import imitation
    from doublenine.server.bots.rankplay import NORMAL_WEIGHTS
    strong, expert = imitation.as_tuple(imitation.STRONG), imitation.as_tuple(imitation.EXPERT)
    assert strong != expert and strong != NORMAL_WEIGHTS
    assert imitation.rollout_weights(1, "fitted") == [strong, expert, strong, expert]
    assert imitation.rollout_weights(2, "fitted") == [expert, strong, expert, strong]
    assert imitation.rollout_weights(0, "pooled") == [imitation.as_tuple(imitation.POOLED)] * 4
    assert imitation.rollout_weights(3, "normal") == [NORMAL_WEIGHTS] * 4


CHEAP = dict(playouts=120, min_worlds=8, max_worlds=40)
"""Settings that keep the rollout tests below quick (fewer playouts and worlds than the expert's)."""


def _choices_to_make(seed: int, n: int):  # type: ignore[no-untyped-def]
    """``(view, knowledge, candidates)`` of each view of ``_views(seed, n)`` where the viewer is to play
    and has a choice (no forced move)."""
    for view in _views(seed, n):
        forced, k, cands = choices(view)
        if view.turn == view.viewer and forced is None:
            yield view, k, cands


def test_rollout_fitted_with_the_normal_weights_estimates_exactly_as_the_default(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The expert's imitation rollouts (``rollout="fitted"``) given the normal weights for both fits measure
    exactly the default's estimates on the same worlds; with the fitted weights they measure otherwise."""
    from doublenine.server.bots import imitation
    from doublenine.server.bots.rankplay import NORMAL_WEIGHTS, WEIGHT_KEYS
    normal = dict(zip(WEIGHT_KEYS, NORMAL_WEIGHTS))
    positions = differ = 0
    for view, k, cands in _choices_to_make(53, 3):
        positions += 1
        default = _rollouts(view, k, random.Random(5), cands, ExpertSettings(**CHEAP))
        fitted = _rollouts(view, k, random.Random(5), cands, ExpertSettings(rollout="fitted", **CHEAP))
        differ += fitted != default
        with monkeypatch.context() as m:
            m.setattr(imitation, "STRONG", normal)
            m.setattr(imitation, "EXPERT", normal)
            same = _rollouts(view, k, random.Random(5), cands, ExpertSettings(rollout="fitted", **CHEAP))
        assert same == default
    assert positions >= 20 and differ >= positions // 2


def test_rollout_fitted_plays_legal_reproducible_moves() -> None:
    played = 0
    for view in _views(59, 2):
        if view.turn != view.viewer:
            continue
        for rollout in ("fitted", "pooled"):
            s = ExpertSettings(rollout=rollout, **CHEAP)
            move = expert_play(view, random.Random(3), s)
            assert move in view.legal_moves() and move == expert_play(view, random.Random(3), s)
            played += 1
    assert played >= 20


def test_rollout_sampled_measures_otherwise_reproducibly_and_plays_legal_moves() -> None:
    """``rollout="sampled"`` (every rollout seat samples from the normal score's softmax): the same
    estimates for the same generator, other estimates than the default's on most positions, a legal
    and reproducible choice; with every world's draws the same for every candidate, a candidate's
    estimate does not depend on the others rolled out beside it."""
    s = ExpertSettings(rollout="sampled", **CHEAP)
    positions = differ = 0
    for view, k, cands in _choices_to_make(61, 2):
        positions += 1
        sampled = _rollouts(view, k, random.Random(5), cands, s)
        assert sampled == _rollouts(view, k, random.Random(5), cands, s)
        differ += sampled != _rollouts(view, k, random.Random(5), cands, ExpertSettings(**CHEAP))
        forty = ExpertSettings(rollout="sampled", min_worlds=40, max_worlds=40)
        together = _rollouts(view, k, random.Random(5), cands, forty)
        assert together[-1] == _rollouts(view, k, random.Random(5), cands[-1:], forty)[0]
        move = expert_play(view, random.Random(3), s)
        assert move in view.legal_moves() and move == expert_play(view, random.Random(3), s)
    assert positions >= 15 and differ >= positions - 2


def test_rollout_sampled_temperature_is_bounded() -> None:
    import pytest
    for bad in (0.0, 0.005, 101.0, float("nan")):
        with pytest.raises(ValueError, match="sample_temperature"):
            ExpertSettings(rollout="sampled", sample_temperature=bad)
    assert ExpertSettings(rollout="sampled").sample_temperature == 3.0


def _plain_partner_row(view, k, lam: float) -> list[float]:  # type: ignore[no-untyped-def]
    """The partner's row of ``partner_reading="normal"`` written plainly: for each play of the partner in
    the hand, each hidden tile t that would have fitted is multiplied by 1 / (1 + exp(-lam * (S(c) - S(t)))),
    S the normal level's :func:`score_play` of the partner then with the own-hand terms left out (its hand
    holds only the tile and a phantom bit 55 that follows nothing), c at the end it was laid, t at its
    best end."""
    import math

    from doublenine.server.bots.knowledge import Knowledge
    from doublenine.shared.moves import End, Pass, Play
    from doublenine.shared.tiles import DOUBLE_NINE_SET
    from doublenine.shared.views import ends_before_each

    partner = (k.me + 2) % 4
    voids, exposed = [0, 0, 0, 0], [0, 0, 0, 0]
    row = [1.0] * 55

    def score(tile, end, left, right) -> float:  # type: ignore[no-untyped-def]
        kk = Knowledge(me=partner, hand=tile.bit | 1 << 55, hidden=0, counts=(0, 0, 0, 0), voids=tuple(voids),
                       forbidden=(0, 0, 0, 0), exposed=tuple(exposed), left=left, right=right, passes=0)
        return score_play(kk, tile, end)

    for m, left, right in ends_before_each(view.moves):
        s = m.seat - 1
        if isinstance(m, Pass):
            voids[s] |= 1 << left | 1 << right
            continue
        assert isinstance(m, Play)
        if s == partner:
            mine = score(m.tile, m.end, left, right)
            for t in DOUBLE_NINE_SET:
                if not k.hidden & t.bit:
                    continue
                ends = [End.LEFT] if left < 0 else \
                    [e for e, at in ((End.LEFT, left), (End.RIGHT, right)) if t.has(at)]
                if ends:
                    best = max(score(t, e, left, right) for e in ends)
                    row[t.index] *= 1.0 / (1.0 + math.exp(-lam * (mine - best)))
        if left < 0:
            exposed[s] |= 1 << m.tile.low | 1 << m.tile.high
        else:
            exposed[s] |= 1 << (m.tile.other_end(left) if m.end is End.LEFT else m.tile.other_end(right))
    return row


def test_partner_reading_normal_reads_the_partner_by_the_public_normal_score() -> None:
    """``partner_reading="normal"`` (R21): the partner's row of the world weights is the plain softmax-pair
    reading above at ``partner_lam`` (0.21 by default; 0: passes only, all ones), every other place keeps
    the default's row; on these positions the partner's row really changes."""
    import math

    checked = changed = 0
    for view in _views(49, 3):
        if view.finished or view.turn != view.viewer:
            continue
        k = knowledge(view)
        partner = (k.me + 2) % 4
        default = _affinity(view, k, ExpertSettings())
        got = _affinity(view, k, ExpertSettings(partner_reading="normal"))
        if default is None:
            assert got is None or all(got[p] == [1.0] * 55 for p in range(5) if p != partner)
            continue
        assert got is not None
        for p in range(5):
            if p != partner:
                assert got[p] == default[p]
        want = _plain_partner_row(view, k, 0.21)
        assert all(math.isclose(a, b, rel_tol=1e-12, abs_tol=1e-300) for a, b in zip(got[partner], want))
        passes_only = _affinity(view, k, ExpertSettings(partner_reading="normal", partner_lam=0.0))
        assert passes_only is not None and passes_only[partner] == [1.0] * 55
        checked += 1
        changed += got[partner] != default[partner]
    assert checked >= 30 and changed >= checked // 2


def test_partner_reading_keeps_a_heavy_first_partners_row(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A partner whose fitted style is heavy-first (beta >= heavy_beta) is read as ``reading`` says: with
    the partner's style at beta 8 the weights are the default's; with the opponents' at 8 they are not."""
    from doublenine.server.bots import expert

    view = next(v for v in _views(49, 3) if not v.finished and v.turn == v.viewer and len(v.moves) >= 8)
    k = knowledge(view)
    partner = (k.me + 2) % 4
    heavy = PRIOR._replace(beta=8.0)
    monkeypatch.setattr(expert, "fit_styles", lambda v: tuple(heavy if p == partner else PRIOR for p in range(4)))
    assert _affinity(view, k, ExpertSettings(partner_reading="normal")) == _affinity(view, k, ExpertSettings())
    monkeypatch.setattr(expert, "fit_styles", lambda v: tuple(PRIOR if p == partner else heavy for p in range(4)))
    assert _affinity(view, k, ExpertSettings(partner_reading="normal")) != _affinity(view, k, ExpertSettings())


def test_partner_reading_is_bounded_and_off_by_default() -> None:
    import pytest
    for bad in (-0.1, 100.5, float("nan")):
        with pytest.raises(ValueError, match="partner_lam"):
            ExpertSettings(partner_reading="normal", partner_lam=bad)
    with pytest.raises(ValueError, match="partner_reading"):
        ExpertSettings(partner_reading="fitted")
    assert (ExpertSettings().partner_reading, ExpertSettings().partner_lam) == ("same", 0.21)


def test_partner_reading_normal_measures_otherwise_reproducibly_and_plays_legal_moves() -> None:
    s = ExpertSettings(partner_reading="normal", **CHEAP)
    positions = differ = 0
    for view, k, cands in _choices_to_make(61, 2):
        positions += 1
        read = _rollouts(view, k, random.Random(5), cands, s)
        assert read == _rollouts(view, k, random.Random(5), cands, s)
        differ += read != _rollouts(view, k, random.Random(5), cands, ExpertSettings(**CHEAP))
        move = expert_play(view, random.Random(3), s)
        assert move in view.legal_moves() and move == expert_play(view, random.Random(3), s)
    assert positions >= 15 and differ >= positions // 3


def test_prior_guard_keeps_the_prior_from_overturning_a_clear_rollout_difference() -> None:
    """``prior_guard`` (s15 domino F1): the prior breaks near-ties only. Means 10 +- 1 and 5 +- 1 with a
    prior of +8 for the second: unguarded the second wins (13 against 10); at z = 2 the second is
    10 - 2 x 1.414 = 7.17 below the best's mean, out; at z = 4 (margin 5.66) it stays in and wins."""
    import math

    from doublenine.server.bots.expert import Estimate, guarded
    stats = [Estimate(10.0, 1.0, 300), Estimate(5.0, 1.0, 300), Estimate(9.5, 1.0, 300)]
    score = [10.0, 13.0, 9.5]
    assert guarded(stats, score, 2.0) == [10.0, -math.inf, 9.5]
    assert guarded(stats, score, 4.0) == score
    halved = [10.0, 13.0, -math.inf]  # a candidate dropped by halving stays out, and is never the best
    assert guarded([Estimate(1.0, 1.0, 10)] + stats[1:], [1.0, 13.0, -math.inf], 2.0) == [-math.inf, 13.0, -math.inf]
    assert guarded(stats, halved, 2.0) == [10.0, -math.inf, -math.inf]


def test_streams_keyed_chain_takes_three_draws_per_swap_attempt_whatever_the_reading() -> None:
    """``streams="keyed"``: world ``i`` is made from the chain generator's draws ``3 * (400 + 24 * i)``
    onwards (burn 400, 24 swap attempts per world), under any reading, and the first deal depends on
    the deal generator and the passes only (the same deal under the heavy-first reading, the partner
    read by the normal score, or passes only)."""
    from doublenine.server.bots.worlds import RankWorlds
    view = next(v for v in _views(49, 3) if not v.finished and len(v.moves) >= 8 and v.turn == v.viewer)
    k = knowledge(view)
    readings = [_affinity(view, k, ExpertSettings()), _affinity(view, k, ExpertSettings(partner_reading="normal")),
                None]
    assert readings[0] is not None and readings[0] != readings[1]
    for aff in readings:
        chain = random.Random(11)
        worlds = RankWorlds(k, chain, aff, 24, deal_rng=random.Random(12))
        for _ in range(5):
            worlds.next()
        reference = random.Random(11)
        for _ in range(3 * (400 + 24 * 5)):
            reference.random()
        assert chain.getstate() == reference.getstate()
    first = {tuple(RankWorlds(k, random.Random(11), aff, 0, burn=0, deal_rng=random.Random(12)).next())
             for aff in readings}
    assert len(first) == 1


def test_streams_keyed_seeds_three_generators_from_three_draws() -> None:
    from doublenine.server.bots.expert import streams
    rng = random.Random(4)
    chain, deal, draws = streams(rng, ExpertSettings(streams="keyed"))
    want = random.Random(4)
    keys = [want.getrandbits(64) for _ in range(3)]
    assert [g.getstate() for g in (chain, deal, draws)] == [random.Random(key).getstate() for key in keys]
    assert rng.getstate() == want.getstate()
    shared = random.Random(4)
    assert streams(shared, ExpertSettings()) == (shared, None, shared)
    import pytest
    with pytest.raises(ValueError, match="streams"):
        ExpertSettings(streams="crn")
    assert ExpertSettings().streams == "shared"


def test_streams_keyed_gives_sampled_rollouts_the_same_worlds(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """With common random numbers the sampled rollouts' draws come from their own stream, so the
    default and ``rollout="sampled"`` roll out in the very same worlds; with one shared generator the
    draws move the chain and the worlds differ."""
    from doublenine.server.bots import expert
    from doublenine.server.bots.worlds import RankWorlds
    seen: list[tuple[int, ...]] = []

    class Recording(RankWorlds):
        def next(self) -> list[int]:
            hands = super().next()
            seen.append(tuple(hands))
            return hands

    monkeypatch.setattr(expert, "RankWorlds", Recording)
    view, k, cands = next(_choices_to_make(61, 2))
    worlds = {}
    for streams in ("shared", "keyed"):
        for rollout in ("normal", "sampled"):
            seen.clear()
            _rollouts(view, k, random.Random(5), cands, ExpertSettings(streams=streams, rollout=rollout, **CHEAP))
            worlds[streams, rollout] = seen[:]
    assert len(cands) == 4 and len(worlds["keyed", "normal"]) == 30  # 120 rollouts, 4 candidates
    assert worlds["keyed", "normal"] == worlds["keyed", "sampled"]
    assert worlds["shared", "normal"][0] == worlds["shared", "sampled"][0]  # the chain starts alike
    assert worlds["shared", "normal"] != worlds["shared", "sampled"]


def test_streams_keyed_plays_legal_reproducible_moves() -> None:
    s = ExpertSettings(streams="keyed", **CHEAP)
    played = 0
    for view, k, cands in _choices_to_make(61, 2):
        move = expert_play(view, random.Random(3), s)
        assert move in view.legal_moves() and move == expert_play(view, random.Random(3), s)
        played += 1
    assert played >= 15
