"""The ``expert`` level: determinized rollouts over many worlds with the normal policy (issue 14, R23).

Like :mod:`.strong` (Perfect Information Monte Carlo with flat rollouts, the
same worlds for every candidate, the "heavier first" reading weighing the
worlds, the normal score as a prior), with what measured stronger
(docs/computer-players.md, "expert"):

- every seat in a rollout plays as the ``normal`` level scores a play
  (:func:`.rankplay.normal_rollout`), knowing only its own hand and the passes,
  instead of "heaviest first";
- the rollouts run on rank masks (:mod:`.rankplay`, the same moves as the
  reference playouts, about five times faster for the heavy policy) and the
  worlds come from a chain that keeps rank masks (:class:`.worlds.RankWorlds`),
  so the budget buys about three times more worlds than the strong level's,
  each with one rollout per candidate;
- each other seat is read with its own heavy-first style, fitted on the
  match's finished hands (R22, :mod:`.style`), never softer than the strong
  level's; a seat read as strictly heavy-first (beta 5 or more, a player like
  the ``heaviest`` level) also plays heavy-first in the rollouts.

:func:`evaluate` is the public evaluation of a view (expected value per legal
move with its standard error) that the coach and tile tracker build on;
:func:`expert_play` picks from the same estimates. The budget is counted in
rollouts, never seconds, so a seeded table replays the same choice on any
machine (R24).
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import NamedTuple

from doublenine.shared.moves import End, Move, Pass, Play
from doublenine.shared.views import SeatView

from .endgame import solve
from .equity import equity_table, tie_value
from .heuristic import W_DOUBLE, W_LEAD_SUIT, W_PARTNER_LOCKED, score_play
from .inference import PlayModel, lead_factors
from .ismcts import choose, search
from .knowledge import Knowledge, knowledge
from .playout import PIPS, PM
from .normread import fit_lambdas, normal_affinity
from .reading import fitted_affinity
from .imitation import rollout_weights
from .rankplay import (RANK, SAMPLED_DRAWS, block_rollout, follow_rollout, heavy_rollout, normal_rollout, rank_pips,
                       sampled_rollout, to_rank, weighted_rollout)
from .style import PRIOR, fit_styles
from .strong import choices, distinct_plays, value_table
from .worlds import RankWorlds


@dataclass(frozen=True, slots=True)
class ExpertSettings:
    """Work budget, reading and value of a hand for the expert level.

    ``playouts`` is the total rollouts per decision, shared by the candidates;
    each candidate gets between ``min_worlds`` and ``max_worlds`` worlds, one
    rollout in each. ``swaps`` is the Metropolis swap attempts between worlds.
    ``reading`` picks the world weights: "floor" (the default: each other seat
    read heavy-first with the style fitted on the match's revealed hands,
    :mod:`.style`, but never softer than the strong level's model), "styled"
    (the fitted style as it is), "auto" (fitted style for seats read as
    heavy-first, the fitted table for the others), "fitted" (:mod:`.reading`),
    "heavy" (the strong level's play model at ``beta`` for every seat),
    "normal" (a softmax of the normal score per seat, :mod:`.normread`) or
    "none" (passes only).
    The value of a hand (``value``) is "bonus", :func:`.strong.value_table` with
    ``win_bonus`` and ``match_bonus``, or "equity", the change in match-winning
    chances scaled to points (:mod:`.equity`); ``prior`` weighs the normal score.
    """

    playouts: int = 1000
    min_worlds: int = 64
    max_worlds: int = 480
    swaps: int = 24
    policy: str = "normal"
    """Rollout policy: "normal", "heavy", "block" or "follow" (:mod:`.rankplay`)."""
    reading: str = "floor"
    beta: float = 2.0
    temper: float = 1.0
    """Exponent on the fitted reading's likelihood ratios (naive Bayes overcounts)."""
    prior: float = 0.5
    auto_beta: float = 3.0
    """Reading "auto": seats fitted at least this beta are read heavy-first, others by the fitted table."""
    lam: float = 0.0
    """Reading "normal": the softmax sharpness (1/point of the normal score) for every seat; 0 fits it per seat."""
    heavy_beta: float = 5.0
    """Other seats whose fitted style (:mod:`.style`, readings "styled", "auto", "floor", "normal") has at
    least this beta play heavy-first in the rollouts (0: never)."""
    numbers: bool = False
    """Rollouts count the laid-open-numbers terms of the normal score (``normal_rollout(exposed=)``)."""
    win_bonus: float = 8.0
    match_bonus: float = 40.0
    value: str = "bonus"
    """Value of a finished hand: "bonus" or "equity" (:func:`.equity.equity_table`, ties included)."""
    floor: float = 2.0
    """Reading "floor": each other seat is read at least this hard (the ``beta`` of :data:`.style.PRIOR`'s form)."""
    lead: str = "heavy"
    """How another seat's lead is read: "heavy" (as its plays, heavier first) or "suit" (as the normal
    level leads: weight and the tiles sharing a number, :func:`.inference.lead_factors`, at ``lead_lam``)."""
    lead_lam: float = 0.5
    unseen: float = 0.0
    """Rollouts: each play loses this per unseen tile showing an end's number (``normal_rollout(unseen=)``)."""
    partner_locked: float = W_PARTNER_LOCKED
    """Rollouts: the penalty for closing both ends to the partner (``normal_rollout(partner_locked=)``)."""
    allocation: str = "uniform"
    """How a decision's rollouts are shared: "uniform" (every candidate in every world) or "halving"
    (sequential halving, Karnin, Koren, Somekh 2013: rounds that keep the better half by mean plus prior)."""
    convention: str = "none"
    """A partnership convention (R21: a public agreement, documented): "lead" leads from the number
    the seat holds most of (the rollouts choose among those tiles) and reads the partner's lead so
    (:func:`.inference.lead_factors` at ``lead_lam``), the opponents' leads as their plays; "none"."""
    endgame: int = 0
    """Once at most this many tiles are left in the four hands after the play, each world is searched
    exactly (:func:`.endgame.solve`, perfect-information minimax) instead of rolled out (0: never)."""
    endgame_worlds: int = 160
    """The worlds per candidate when the exact search is used (it costs about ten rollouts)."""
    search: str = "flat"
    """How a play is chosen: "flat" (every candidate in every world, above) or "ismcts" (a single-observer
    information-set tree, :mod:`.ismcts`: ``iterations`` iterations on a pool of ``max_worlds`` worlds,
    UCB1 constant ``exploration`` in points, the prior added at the root; the most visited play)."""
    iterations: int = 900
    exploration: float = 60.0
    rollout: str = "normal"
    """The rollouts' play model (with ``policy="normal"``): "normal" (:func:`.rankplay.normal_rollout`) or
    weights fitted to predict real players' choices (:mod:`.imitation`, :func:`.rankplay.weighted_rollout`):
    "fitted" (the opponents with the weights fitted on strong players, the seat and its partner with
    those fitted on expert players), "pooled" (the weights fitted on both, for every seat), or "sampled":
    every seat *samples* its play from the softmax of the normal score at ``sample_temperature``
    (:func:`.rankplay.sampled_rollout`; the draws come from ``rng``, the same for every candidate of a
    world). The flat search only; the fitted weights replace ``unseen`` and ``partner_locked``, which
    "sampled" leaves out too."""
    sample_temperature: float = 3.0
    """``rollout="sampled"``: the softmax temperature, in points of the normal score (3: about the scale
    at which the normal score best predicts logged strong and expert plays, docs/computer-players.md)."""
    lead_keep: int = 4
    """At the lead (empty line), only this many candidates with the highest normal score (the normal
    level's lead score: weight plus the tiles sharing a number) are rolled out, sharing the whole
    budget (0: every candidate). With all ten tiles the lead's 1,000 rollouts gave each about 100 worlds
    and the chosen lead changed with the generator (s13 expert F2); :func:`lead_shortlist`."""
    lead_playouts: int = 0
    """The rollouts of a lead decision (shared by its :attr:`lead_keep` candidates; at most
    ``max_worlds`` each); 0: ``playouts``, as every other decision."""
    partner_reading: str = "same"
    """How the partner's plays of the hand are read: "same" (as the other seats, by ``reading``) or
    "normal": a softmax of the normal score's public part at ``partner_lam`` (:func:`.normread.normal_affinity`,
    the partner's row only; the opponents keep ``reading``), unless the partner's fitted style is
    heavy-first (beta >= ``heavy_beta``), which keeps ``reading``. The floor reads an expert partner at
    beta 2, a model its plays do not follow (docs/computer-players.md, "The partner read as it plays")."""
    partner_lam: float = 0.21
    """``partner_reading="normal"``: the softmax sharpness (1/point of the normal score); 0.21 is the
    scale at which the normal score best predicts logged expert plays (``bench/imitate.py``, T 4.8)."""
    prior_guard: float = 0.0
    """When > 0, the prior chooses only among the candidates whose rollout mean is within ``prior_guard``
    standard errors of the best mean (the error of the difference, taken as both errors combined): the
    0.5 x normal-score prior breaks near-ties but never overturns a difference the rollouts measured
    clearly (s15 domino F1: the prior's +12.5 for "the next opponent passed on both ends" outweighed a
    9-point rollout lead of a block won on the count). 0: the prior is added to every candidate."""
    streams: str = "shared"
    """Where a decision's randomness comes from. "shared": the decision's generator serves the first
    deal, the world chain and the sampled rollouts' draws in turn, each taking what it needs, so two
    settings that weigh the worlds differently (or draw for their rollouts) see other worlds from the
    first swap on. "keyed" (common random numbers, :func:`streams`): three generators seeded by three
    draws of the decision's generator (itself keyed by the deal's seed and the decision's place in
    the log, R24), one for the first deal, one for the chain with a fixed number of draws per world
    (:class:`.worlds.RankWorlds` ``deal_rng``), one for the rollouts' draws (a fixed number per
    world), so world ``i`` and its rollout draws are keyed by (deal, decision, ``i``): two settings
    that differ in a choice rule, the rollouts or the reading see the same worlds (coupled chains for
    a reading) and the same rollout luck where their positions agree, and a paired comparison
    (``bench/duplicate.py --base``) measures the change instead of the luck."""

    def __post_init__(self) -> None:
        """Raises ``ValueError`` for a choice not listed above or a number outside :data:`LIMITS`."""
        for name, allowed in CHOICES.items():
            if getattr(self, name) not in allowed:
                raise ValueError(f"{name} must be one of {', '.join(allowed)}, not {getattr(self, name)!r}")
        for name, (lo, hi) in LIMITS.items():
            v = getattr(self, name)
            if not lo <= v <= hi:  # also refuses NaN
                raise ValueError(f"{name} must be in {lo}..{hi}, not {v!r}")
        if self.min_worlds > self.max_worlds:
            raise ValueError(f"min_worlds ({self.min_worlds}) is above max_worlds ({self.max_worlds})")


CHOICES: dict[str, tuple[str, ...]] = {
    "policy": ("normal", "heavy", "block", "follow"),
    "reading": ("floor", "styled", "auto", "fitted", "heavy", "normal", "none"),
    "value": ("bonus", "equity"),
    "allocation": ("uniform", "halving"),
    "lead": ("heavy", "suit"),
    "convention": ("none", "lead"),
    "search": ("flat", "ismcts"),
    "rollout": ("normal", "fitted", "pooled", "sampled"),
    "partner_reading": ("same", "normal"),
    "streams": ("shared", "keyed"),
}
"""The allowed values of the :class:`ExpertSettings` fields that name a choice."""
LIMITS: dict[str, tuple[float, float]] = {
    "playouts": (1, 100_000), "min_worlds": (1, 10_000), "max_worlds": (1, 10_000), "swaps": (0, 10_000),
    "beta": (0.0, 100.0), "temper": (0.0, 10.0), "prior": (0.0, 1_000.0), "auto_beta": (0.0, 100.0),
    "lam": (0.0, 100.0), "floor": (0.0, 100.0), "lead_lam": (0.0, 100.0),
    "heavy_beta": (0.0, 100.0), "win_bonus": (0.0, 1_000.0), "match_bonus": (0.0, 1_000.0),
    "unseen": (0.0, 100.0), "partner_locked": (-100.0, 100.0), "endgame": (0, 20), "endgame_worlds": (1, 10_000),
    "iterations": (1, 100_000), "exploration": (0.0, 1_000.0), "lead_keep": (0, 55), "lead_playouts": (0, 100_000),
    "sample_temperature": (0.01, 100.0), "partner_lam": (0.0, 100.0), "prior_guard": (0.0, 100.0),
}
"""Bounds of the numeric :class:`ExpertSettings` fields: a decision's work stays bounded (at most
``max_worlds`` worlds of ``swaps`` swap attempts and one rollout per candidate) and every value finite."""


DEFAULT = ExpertSettings()


class Estimate(NamedTuple):
    """A move's expected value for the seat's team over the sampled worlds.

    ``mean`` is in points of :func:`.strong.value_table` (the hand's points,
    capped at what the match needs, plus the hand-win and match-win bonuses;
    negative when the opponents win; with both bonuses 0 it is the signed
    expected points; with ``value="equity"``, :data:`.equity.SCALE` times the
    expected change in the team's match-winning chances). ``stderr`` is the standard error of that mean. ``worlds``
    is how many worlds it was measured on (the same worlds for every move).
    """

    mean: float
    stderr: float
    worlds: int


def evaluate(view: SeatView, rng: random.Random, settings: ExpertSettings | None = None,
             samples: dict[Move, list[float]] | None = None) -> dict[Move, Estimate]:
    """Every legal play of ``view.viewer`` mapped to its :class:`Estimate` (R15, R21, R23).

    Reads only the view (and ``rng``); plays that lead to the same position
    (the lead's orientation, D5) share one estimate. The ``prior`` is not
    included. A pass (the only move) maps to ``Estimate(0.0, 0.0, 0)``. With ``samples`` given, it
    is filled with each move's value in every world, in the same world order for every move (so the
    difference of two moves can be measured world by world: the coach's paired error bar).
    Raises ``ValueError`` if the seat has no play to make.
    """
    settings = settings or DEFAULT
    moves = view.legal_moves()
    if not moves:
        raise ValueError(f"seat {int(view.viewer)} has no play to make")
    if isinstance(moves[0], Pass):
        return {moves[0]: Estimate(0.0, 0.0, 0)}
    k = knowledge(view)
    cands = distinct_plays(k, moves)
    per_world: list[list[float]] | None = [[] for _ in cands] if samples is not None else None
    stats = _rollouts(view, k, rng, cands, settings, samples=per_world)
    by_key = {_position(k, m): est for (m, _, _), est in zip(cands, stats)}
    if samples is not None and per_world is not None:
        kept = {_position(k, m): vs for (m, _, _), vs in zip(cands, per_world)}
        samples.update({m: kept[_position(k, m)] for m in moves})
    return {m: by_key[_position(k, m)] for m in moves}  # type: ignore[arg-type]


def expert_play(view: SeatView, rng: random.Random, settings: ExpertSettings | None = None) -> Move:
    """The play with the best estimate plus ``prior`` times the normal score (ties: first legal)."""
    settings = settings or DEFAULT
    forced, k, cands = choices(view)
    if forced is not None:
        return forced
    if settings.convention == "lead" and k.left < 0:
        cands = long_suit(k, cands)
        if len(cands) == 1:
            return cands[0][0]
    if k.left < 0 and 0 < settings.lead_keep < len(cands):
        cands = lead_shortlist(k, cands, settings.lead_keep)
    prior = prior_scores(k, [m for m, _, _ in cands], settings)
    if settings.search == "ismcts":
        return _tree_search(view, k, rng, cands, settings, prior)
    stats = _rollouts(view, k, rng, cands, settings, prior)
    most = max(e.worlds for e in stats)  # halving: choose among the last round's candidates
    score = [e.mean + p if e.worlds == most else -math.inf for e, p in zip(stats, prior)]
    if settings.prior_guard > 0:
        score = guarded(stats, score, settings.prior_guard)
    best = max(range(len(cands)), key=lambda c: (score[c], -c))
    return cands[best][0]


def guarded(stats: list[Estimate], score: list[float], z: float) -> list[float]:
    """``score`` (mean plus prior, per candidate) with every candidate whose mean is more than ``z``
    combined standard errors below the best mean set to -inf (:attr:`ExpertSettings.prior_guard`)."""
    top = max(range(len(stats)), key=lambda c: (stats[c].mean if score[c] > -math.inf else -math.inf, -c))
    best = stats[top]
    return [sc if c == top or e.mean >= best.mean - z * math.hypot(e.stderr, best.stderr) else -math.inf
            for c, (e, sc) in enumerate(zip(stats, score))]


def long_suit(k: Knowledge, cands: list[tuple[Play, int, int]]) -> list[tuple[Play, int, int]]:
    """The lead candidates showing a number the seat holds the most tiles of (ties: every such number),
    the convention "lead" (the partner reads the lead as the leader's long number)."""
    counts = [(k.hand & PM[n]).bit_count() for n in range(10)]
    most = max(counts)
    numbers = {n for n in range(10) if counts[n] == most}
    return [c for c in cands if c[0].tile.low in numbers or c[0].tile.high in numbers]


def lead_shortlist(k: Knowledge, cands: list[tuple[Play, int, int]], keep: int) -> list[tuple[Play, int, int]]:
    """R14: the ``keep`` lead candidates with the highest normal score (:func:`.heuristic.score_play`;
    ties: the first in legal order), in legal order: the expert's lead rolls out only these, so each gets
    several times the worlds and the choice stops following the generator (s13 expert F2)."""
    ranked = sorted(range(len(cands)), key=lambda c: (-score_play(k, cands[c][0].tile, cands[c][0].end), c))
    return [cands[c] for c in sorted(ranked[:keep])]


def prior_scores(k: Knowledge, plays: list[Play], settings: ExpertSettings | None = None) -> list[float]:
    """Per play, ``settings.prior`` times its normal score (:func:`.heuristic.score_play`): what the
    expert adds to a rollout mean to choose (points of the value table). The coach reports a review's
    best by its measured means alone (s15 domino F1), not with this prior."""
    weight = (settings or DEFAULT).prior
    return [weight * score_play(k, m.tile, m.end) for m in plays]


def _rollouts(view: SeatView, k: Knowledge, rng: random.Random, cands: list[tuple[Play, int, int]],
              s: ExpertSettings, prior: list[float] | None = None,
              samples: list[list[float]] | None = None) -> list[Estimate]:
    """One rollout per candidate in each of the same sampled worlds; an :class:`Estimate` per candidate.

    With ``allocation="halving"`` and the candidates' ``prior`` given, the rollouts come in rounds and
    only the better half (mean plus prior) goes on to the next; a candidate dropped after a round keeps
    the estimate of the worlds it was measured on, and a candidate's last survivors were measured on
    the most worlds (``Estimate.worlds`` differs between candidates then).
    """
    n = max(s.min_worlds, min(s.max_worlds, (s.lead_playouts if k.left < 0 and s.lead_playouts else s.playouts) // len(cands)))
    exact = s.endgame > 0 and k.hand.bit_count() - 1 + sum(k.counts) - k.counts[k.me] <= s.endgame
    if exact:
        n = min(n, s.endgame_worlds)
    value, tie = (value_table(view, k, s.win_bonus, s.match_bonus), 0.0) if s.value == "bonus" \
        else (equity_table(view, k), tie_value(view, k))
    mine = k.me & 1
    me, nxt = k.me, (k.me + 1) & 3
    after = []  # per candidate: (rank bit, left, right) after the play
    weighted = s.policy == "normal" and s.rollout in ("fitted", "pooled")
    sampled = s.policy == "normal" and s.rollout == "sampled"
    inverse_temperature = 1.0 / s.sample_temperature
    chain_rng, deal_rng, draw_rng = streams(rng, s)
    draw = draw_rng.random
    numbers = s.numbers or weighted
    exposed_after = []  # per candidate: the laid-open numbers after the play
    for m, i, end in cands:
        t = m.tile
        if k.left < 0:
            ends = (t.low, t.high) if m.end is End.LEFT else (t.high, t.low)
        elif m.end is End.LEFT:
            ends = (t.pips - k.left, k.right)
        else:
            ends = (k.left, t.pips - k.right)
        after.append((1 << RANK[i], ends[0], ends[1]))
        if numbers:
            ex = list(k.exposed)
            ex[me] |= (1 << ends[0] | 1 << ends[1]) if k.left < 0 else (1 << ends[0] if m.end is End.LEFT else 1 << ends[1])
            exposed_after.append(ex)
    sums = [0.0] * len(cands)
    squares = [0.0] * len(cands)
    worlds = RankWorlds(k, chain_rng, _affinity(view, k, s), s.swaps, deal_rng=deal_rng)
    finish = {"block": block_rollout, "follow": follow_rollout}.get(s.policy, heavy_rollout)
    normal = s.policy == "normal"
    heavy = _heavy_seats(view, k, s)
    counts = [0] * len(cands)
    line = to_rank(((1 << 55) - 1) ^ (k.hidden | k.hand)) if s.unseen or weighted else 0
    weights = rollout_weights(k.me, s.rollout) if weighted else []
    unseen, partner_locked = s.unseen, s.partner_locked

    def measure(alive: list[int], worlds_n: int) -> None:
        for _ in range(worlds_n):
            hands = worlds.next()
            draws = [draw() for _ in range(SAMPLED_DRAWS)] if sampled else []
            for c in alive:
                bit, left, right = after[c]
                h = hands[:]
                h[me] ^= bit
                if h[me] == 0:  # R16: the play goes out
                    o = mine ^ 1
                    v = value[mine][rank_pips(h[o]) + rank_pips(h[o + 2])]
                elif exact:
                    v = solve(h[:4], left, right, nxt, 0, value, tie, mine)
                elif sampled:
                    team, points = sampled_rollout(h[0], h[1], h[2], h[3], left, right, nxt, 0, list(k.voids), draws,
                                                   inverse_temperature, heavy)
                    v = value[team][points] if team >= 0 else tie
                elif weighted:
                    team, points = weighted_rollout(h[0], h[1], h[2], h[3], left, right, nxt, 0, list(k.voids),
                                                    weights, exposed_after[c][:], line | bit, heavy)
                    v = value[team][points] if team >= 0 else tie
                else:
                    team, points = normal_rollout(h[0], h[1], h[2], h[3], left, right, nxt, 0, list(k.voids), heavy,
                                                  exposed_after[c][:] if numbers else None, line | bit, unseen,
                                                  partner_locked) \
                        if normal else finish(h[0], h[1], h[2], h[3], left, right, nxt, 0)
                    v = value[team][points] if team >= 0 else tie
                sums[c] += v
                squares[c] += v * v
                if samples is not None:
                    samples[c].append(v)
                counts[c] += 1

    alive = list(range(len(cands)))
    if s.allocation == "halving" and prior is not None and len(cands) > 2:
        rounds = (len(cands) - 1).bit_length()  # ceil(log2 k)
        per_round = max(s.playouts // rounds, 1)
        while True:
            measure(alive, max(s.min_worlds // rounds, min(s.max_worlds, per_round // len(alive)), 1))
            if len(alive) <= 2:
                break
            alive.sort(key=lambda c: (-(sums[c] / counts[c] + prior[c]), c))
            alive = sorted(alive[:(len(alive) + 1) // 2])
    else:
        measure(alive, n)
    out = []
    for total, sq, m in zip(sums, squares, counts):
        mean = total / max(m, 1)
        var = max(sq / max(m, 1) - mean * mean, 0.0)
        out.append(Estimate(mean, math.sqrt(var / max(m - 1, 1)), m))
    return out


def streams(rng: random.Random, s: ExpertSettings) -> tuple[random.Random, random.Random | None, random.Random]:
    """``(chain, first deal, rollout draws)`` generators of one decision (:attr:`ExpertSettings.streams`).

    "shared": ``(rng, None, rng)``, the decision's generator for everything. "keyed": three new
    generators seeded by three 64-bit draws of ``rng`` (always three, whatever the decision), so each
    stream depends on the decision's generator only and never on what another stream consumed."""
    if s.streams == "shared":
        return rng, None, rng
    chain, deal, draws = (random.Random(rng.getrandbits(64)) for _ in range(3))
    return chain, deal, draws


def _heavy_seats(view: SeatView, k: Knowledge, s: ExpertSettings) -> int:
    """Bit set of the other seats whose fitted style is at least ``s.heavy_beta``: heavy-first in rollouts."""
    if s.heavy_beta <= 0 or s.reading not in ("styled", "auto", "floor", "normal"):
        return 0
    return sum(1 << seat for seat, st in enumerate(fit_styles(view)) if seat != k.me and st.beta >= s.heavy_beta)


def _tree_search(view: SeatView, k: Knowledge, rng: random.Random, cands: list[tuple[Play, int, int]],
                 s: ExpertSettings, prior: list[float]) -> Play:
    """``search="ismcts"``: the most visited root child of :func:`.ismcts.search` on the same worlds,
    reading, value table and rollouts as the flat search."""
    value, tie = (value_table(view, k, s.win_bonus, s.match_bonus), 0.0) if s.value == "bonus" \
        else (equity_table(view, k), tie_value(view, k))
    chain_rng, deal_rng, _ = streams(rng, s)
    worlds = RankWorlds(k, chain_rng, _affinity(view, k, s), s.swaps, deal_rng=deal_rng)
    stats = search(k, worlds, cands, prior, value, tie, _heavy_seats(view, k, s), s.iterations,
                   s.max_worlds, s.exploration, s.partner_locked)
    return cands[choose(stats, prior)][0]


def _affinity(view: SeatView, k: Knowledge, s: ExpertSettings) -> list[list[float]] | None:
    """The world weights ``aff[place][tile index]`` for ``s.reading`` (None: passes only), with the
    partner's row read by ``s.partner_reading``."""
    aff = _reading_affinity(view, k, s)
    if s.partner_reading == "same":
        return aff
    return partner_read(view, k, aff, s)


def partner_read(view: SeatView, k: Knowledge, aff: list[list[float]] | None,
                 s: ExpertSettings) -> list[list[float]] | None:
    """``aff`` (``aff[place][tile index]``, places 0..3 seats and 4 unused; None for all ones) with the
    partner's row replaced by :func:`.normread.normal_affinity` at ``s.partner_lam`` (R21: the partner's
    plays of the hand in play, the public part of the normal score). A partner whose fitted style is
    heavy-first (beta >= ``s.heavy_beta``, :mod:`.style`) keeps its row. None if nothing is read."""
    partner = (k.me + 2) & 3
    if s.heavy_beta > 0 and fit_styles(view)[partner].beta >= s.heavy_beta:
        return aff
    read = normal_affinity(view, k, tuple(s.partner_lam if p == partner else 0.0 for p in range(4)))
    row = read[partner] if read is not None else [1.0] * len(PIPS)
    if aff is None:
        return None if read is None else [row if p == partner else [1.0] * len(PIPS) for p in range(5)]
    return [row if p == partner else aff[p] for p in range(5)]


def _reading_affinity(view: SeatView, k: Knowledge, s: ExpertSettings) -> list[list[float]] | None:
    """The world weights ``aff[place][tile index]`` for ``s.reading`` (None: passes only)."""
    if s.reading == "none":
        return None
    if s.reading == "fitted":
        return fitted_affinity(view, k, s.temper)
    if s.reading == "normal":
        return _normal_reading(view, k, s)
    styles = fit_styles(view) if s.reading in ("styled", "auto", "floor") else None
    if styles is not None and s.reading == "floor":  # read harder than the prior, never softer
        least = PRIOR._replace(beta=s.floor)
        styles = tuple(st if st.beta > least.beta else least for st in styles)
    lead = s.lead
    if s.convention == "lead":  # the partner's lead as a long number, the opponents' as their plays
        first = next(iter(view.moves), None)
        lead = "suit" if isinstance(first, Play) and first.seat - 1 == (k.me + 2) & 3 else "heavy"
    model = PlayModel(view, s.beta, styles, skip_lead=lead == "suit" and s.reading == "floor")
    heavy = model.affinity(k.hidden) if model.informative else None
    if lead == "suit" and s.reading == "floor":
        read = lead_factors(view, k.hidden, s.lead_lam, W_LEAD_SUIT, W_DOUBLE)
        if read is not None:
            seat, factors = read
            heavy = heavy if heavy is not None else [[1.0] * len(factors) for _ in range(5)]
            heavy[seat] = [a * b for a, b in zip(heavy[seat], factors)]
    if s.reading != "auto" or styles is None or heavy is None:
        return heavy
    fitted = fitted_affinity(view, k, s.temper)
    if fitted is None:
        return heavy
    # per seat: the heavy-first rows for a seat read as heavy-first, the fitted rows otherwise
    return [heavy[p] if p < 4 and styles[p].beta >= s.auto_beta else fitted[p] for p in range(5)]


def _normal_reading(view: SeatView, k: Knowledge, s: ExpertSettings) -> list[list[float]] | None:
    """Reading "normal": each other seat by the normal score's softmax (:mod:`.normread`), except a
    seat whose fitted style is strictly heavy-first (beta >= ``heavy_beta``): by that style."""
    styles = fit_styles(view)
    lams = fit_lambdas(view) if s.lam <= 0 else (s.lam,) * 4
    heavy_seats = [p for p in range(4) if p != k.me and s.heavy_beta > 0 and styles[p].beta >= s.heavy_beta]
    lams = tuple(0.0 if p in heavy_seats else lams[p] for p in range(4))
    aff = normal_affinity(view, k, lams)
    if heavy_seats:
        model = PlayModel(view, s.beta, styles)
        if model.informative:
            rows = model.affinity(k.hidden)
            if aff is None:
                aff = [[1.0] * len(rows[0]) for _ in range(5)]
            for p in heavy_seats:
                aff[p] = rows[p]
    return aff


def _position(k: Knowledge, m: Move) -> tuple[int, int, int]:
    """What a play leaves: (tile, ends as a set), the key :func:`.strong.distinct_plays` merges on."""
    assert isinstance(m, Play)
    t = m.tile
    if k.left < 0:
        ends = (t.low, t.high)
    elif m.end is End.LEFT:
        ends = (t.other_end(k.left), k.right)
    else:
        ends = (k.left, t.other_end(k.right))
    return (t.index, min(ends), max(ends))


__all__ = ["ExpertSettings", "CHOICES", "LIMITS", "DEFAULT", "Estimate", "evaluate", "expert_play",
           "lead_shortlist", "partner_read", "prior_scores", "streams"]
