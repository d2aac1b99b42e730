"""The ``strong`` level: determinized rollouts within a fixed work budget (issue 4, R23).

For a play decision with more than one distinct choice, it draws worlds (deals
of the hidden tiles consistent with the view, :mod:`.sampler`), plays every
candidate in every world and finishes the hand with the fast playout policy
(:mod:`.playout`), and keeps the candidate with the best mean value for its
team, plus a small weight times the normal level's score. This is Perfect
Information Monte Carlo ("determinization") with flat rollouts; using the same
worlds for every candidate compares them on equal luck. The worlds lean
towards what the plays of the hand suggest (:mod:`.inference`). The budget is counted in playouts, not seconds, so a seeded table makes
the same choice on any machine (R24); it is sized to keep p99 under 50 ms.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from doublenine.shared.moves import End, Move, Pass, Play
from doublenine.shared.views import SeatView

from .knowledge import Knowledge, knowledge
from .heuristic import score_play
from .playout import LEFT_END, RIGHT_END, heavy_choice, outcome, play, rollout, smart_choice
from .inference import PlayModel, resample
from .sampler import WorldSampler

TARGET = 100
"""R19: points that win the match."""


@dataclass(frozen=True, slots=True)
class StrongSettings:
    """Work budget and value of a hand for the strong level.

    ``playouts`` is the total playouts per decision, shared by the candidates;
    each candidate gets at least ``min_worlds`` and at most ``max_worlds`` worlds.
    A hand won is worth its points (capped at what the match still needs, R19)
    plus ``win_bonus`` (the winners nominate the next opener, R7) plus
    ``match_bonus`` if it wins the match; a hand lost is worth minus the same.
    """

    playouts: int = 360
    min_worlds: int = 24
    max_worlds: int = 160
    win_bonus: float = 8.0
    match_bonus: float = 40.0
    policy: str = "heavy"
    """Playout policy: "smart" (:func:`.playout.smart_choice`) or "heavy"."""
    beta: float = 2.0
    """Sharpness of the play model that weighs worlds (:mod:`.inference`); 0 turns it off."""
    weighting: str = "affinity"
    """How the play model weighs worlds: "affinity" (in the sampler's chain), "resample" or "none"."""
    proposals: int = 3
    """Worlds proposed per world kept, when the play model weighs them."""
    prior: float = 2.0
    """Weight of the normal level's score added to each candidate's mean value."""


DEFAULT = StrongSettings()


def choices(view: SeatView) -> tuple[Move | None, Knowledge | None, list[tuple[Play, int, int]]]:
    """R15, D4, D5: ``(forced, knowledge, candidates)`` for a searching level.

    ``forced`` is the move to make without search (a pass, the only legal move,
    or the only distinct play), else None and ``candidates`` are the distinct
    plays of :func:`distinct_plays`; ``knowledge`` is None only with a pass or a
    single legal move (no search needs it then). Shared by the strong and expert levels.
    """
    moves = view.legal_moves()
    if len(moves) == 1 or isinstance(moves[0], Pass):
        return moves[0], None, []
    k = knowledge(view)
    cands = distinct_plays(k, moves)
    return (cands[0][0] if len(cands) == 1 else None), k, cands


def strong_play(view: SeatView, rng: random.Random, settings: StrongSettings | None = None) -> Move:
    """The move with the best mean rollout value over sampled worlds (ties: first legal).

    ``settings`` defaults to the module's :data:`DEFAULT` at call time.
    """
    settings = settings or DEFAULT
    forced, k, cands = choices(view)
    if forced is not None:
        return forced
    worlds = max(settings.min_worlds, min(settings.max_worlds, settings.playouts // len(cands)))
    value = value_table(view, k, settings.win_bonus, settings.match_bonus)
    totals = [0.0] * len(cands)
    tail = [k.left, k.right, k.me, k.passes]
    me = k.me
    policy = smart_choice if settings.policy == "smart" else heavy_choice
    for hands, times in _worlds(view, k, rng, worlds, settings):
        for c, (_, i, end) in enumerate(cands):
            board = hands + tail
            if play(board, i, end):
                team, points = outcome(board, me)
            else:
                team, points = rollout(board, policy)
            if team >= 0:
                totals[c] += times * value[team][points]
    means = [t / worlds for t in totals]
    if settings.prior:
        means = [v + settings.prior * score_play(k, m.tile, m.end) for v, (m, _, _) in zip(means, cands)]
    best = max(range(len(cands)), key=lambda c: (means[c], -c))
    return cands[best][0]


def _worlds(view: SeatView, k: Knowledge, rng: random.Random, n: int,
            settings: StrongSettings) -> list[tuple[list[int], int]]:
    """``n`` worlds as (four hand masks, times drawn), resampled by the play model if it can tell."""
    model = PlayModel(view, settings.beta)
    if model.informative and settings.weighting == "affinity":
        sampler = WorldSampler(k, rng, affinity=model.affinity(k.hidden))
        return [(sampler.next(), 1) for _ in range(n)]
    sampler = WorldSampler(k, rng)
    if not model.informative or settings.weighting != "resample":
        return [(sampler.next(), 1) for _ in range(n)]
    pool = [sampler.next() for _ in range(n * settings.proposals)]
    picked = resample([model.weight(h) for h in pool], n, rng)
    return [(pool[i], times) for i, times in picked.items()]


def distinct_plays(k: Knowledge, moves: tuple[Move, ...]) -> list[tuple[Play, int, int]]:
    """Plays that lead to different positions: ``(move, tile index, end code)``, legal order.

    The lead's orientation (R14) and a tile that leaves the same two ends at
    either end (D5) do not change what can follow, so only the first is kept.
    """
    seen: set[tuple[int, int, int]] = set()
    out: list[tuple[Play, int, int]] = []
    for m in moves:
        assert isinstance(m, Play)
        t = m.tile
        if k.left < 0:
            ends = (t.low, t.high)
        elif m.end is End.LEFT:
            ends = (t.other_end(k.left), k.right)
        else:
            ends = (k.left, t.other_end(k.right))
        key = (t.index, min(ends), max(ends))
        if key in seen:
            continue
        seen.add(key)
        out.append((m, t.index, LEFT_END if m.end is End.LEFT else RIGHT_END))
    return out


def value_table(view: SeatView, k: Knowledge, win_bonus: float,
                match_bonus: float) -> tuple[list[float], list[float]]:
    """``value[team][points]``: the hand's worth to ``k.me``'s team if ``team`` (0 = A) wins ``points``.

    The points (R18) capped at what the team still needs (R19), plus ``win_bonus`` (the
    winners name the next opener, R7) plus ``match_bonus`` if they win the match; negative
    when the opponents win. Points run 0..399.
    """
    mine = k.me & 1
    out: list[list[float]] = []
    for team in (0, 1):
        need = max(TARGET - view.scores[team], 1)
        sign = 1.0 if team == mine else -1.0
        row = [sign * (min(p, need) + win_bonus + (match_bonus if p >= need else 0.0))
               for p in range(400)]
        out.append(row)
    return out[0], out[1]
