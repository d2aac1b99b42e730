"""Single-observer information-set Monte Carlo tree search for the expert (issue 14, R14-R18, R21, R23).

SO-ISMCTS (Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree
Search", IEEE TCIAIG 2012): one tree for the deciding seat's information set
instead of one flat evaluation per world. Every move of the game is public
(plays and passes, R15), so a node is the public move sequence from the root
and its mover is known; what differs between worlds is only which moves are
available there. Each iteration:

1. takes a world (a deal of the hidden tiles) from a pool drawn up front from
   the expert's own chain and reading (:class:`.worlds.RankWorlds`), in turn;
2. descends from the root: at each node the mover's legal moves *in that world*
   (its hand there, the open ends; a pass when nothing fits, R15) are the
   available children, and the mover picks by UCB1 with availability counts
   (``mean + c * sqrt(ln(available) / visits)``, the mean from the mover's
   team's side; at the root plus the expert's prior, 0.5 x the normal score);
   a node with one available move is passed through without spending the
   expansion;
3. expands one new child (the untried available move with the highest playout
   rank: heaviest first, doubles first), then finishes the hand with the
   normal-policy rollout (:func:`.rankplay.normal_rollout`, the passes of the
   hand and of the tree as the seats' knowledge, as the flat rollouts);
4. backs up the hand's value for the seat's team (the expert's value table).

The choice is the most visited root child (ties: best mean plus prior, then the
first legal). Moves are merged as :func:`.strong.distinct_plays` merges them
(a tile and the two ends it leaves). Deterministic for the view and ``rng``:
the budget is counted in iterations (R24). It reads the seat's view only,
through the expert's knowledge, reading and value table.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from doublenine.shared.moves import End, Play

from .knowledge import Knowledge
from .rankplay import FITS, R_HIGH, R_LOW, R_PIPS, RANK, blocked, normal_rollout, rank_pips
from .worlds import RankWorlds

PASS = -1
"""The action key of a pass (R15); a play's key is ``100 * rank + 10 * low end + high end``."""

Child = list[Any]
"""A tree edge as ``[visits, total value for the deciding team, times available, children by key]``."""


def root_keys(k: Knowledge, cands: list[tuple[Play, int, int]]) -> list[int]:
    """Per candidate, its action key: the tile's rank and the two ends it leaves (D5, R14)."""
    keys = []
    for m, i, _ in cands:
        t = m.tile
        if k.left < 0:
            a, z = t.low, t.high
        elif m.end is End.LEFT:
            a, z = t.pips - k.left, k.right
        else:
            a, z = k.left, t.pips - k.right
        keys.append(100 * RANK[i] + 10 * min(a, z) + max(a, z))
    return keys


def _actions(hand: int, left: int, right: int) -> list[int]:
    """R14-R15: the distinct plays of ``hand`` (a rank mask) on ends ``left``/``right``, highest rank
    first, or ``[PASS]`` when nothing fits."""
    mask = hand & FITS[10 * left + right]
    if not mask:
        return [PASS]
    out = []
    while mask:
        b = mask.bit_length() - 1
        mask ^= 1 << b
        lo, hi, p = R_LOW[b], R_HIGH[b], R_PIPS[b]
        if lo == left or hi == left:
            a = p - left
            out.append(100 * b + (10 * a + right if a <= right else 10 * right + a))
        if (lo == right or hi == right) and left != right:  # D5: on equal ends either side is the same
            a = p - right
            out.append(100 * b + (10 * a + left if a <= left else 10 * left + a))
    return out


def search(k: Knowledge, worlds: RankWorlds, cands: list[tuple[Play, int, int]], prior: list[float],
           value: Sequence[Sequence[float]], tie: float, heavy: int, iterations: int, pool: int,
           exploration: float, partner_locked: float) -> list[tuple[int, float]]:
    """Per candidate ``(visits, mean value for the seat's team)`` after ``iterations`` iterations.

    ``worlds`` gives ``pool`` worlds, used in turn; ``prior[c]`` is added to candidate ``c``'s mean at
    the root; ``value[team][points]`` is the hand's worth to ``k.me``'s team (``tie`` for a tie);
    ``heavy`` the seats that play heavy-first in the rollouts; ``exploration`` is UCB1's ``c`` in
    points of the value table; ``partner_locked`` the rollouts' penalty (:func:`.rankplay.normal_rollout`).
    """
    me, mine = k.me, k.me & 1
    hands_pool = [worlds.next() for _ in range(max(1, min(pool, iterations)))]
    keys = root_keys(k, cands)
    root: dict[int, Child] = {}
    bias = dict(zip(keys, prior))
    log, sqrt = math.log, math.sqrt
    for it in range(iterations):
        hands = hands_pool[it % len(hands_pool)][:]
        voids = list(k.voids)
        left, right, turn, passes = k.left, k.right, me, k.passes
        kids = root
        path: list[Child] = []
        v = None
        while True:
            acts = keys if kids is root else _actions(hands[turn], left, right)
            fresh = False
            if len(acts) == 1:  # a forced move: passed through, not an expansion
                key = acts[0]
                child = kids.get(key)
                if child is None:
                    child = kids[key] = [0, 0.0, 0, {}]
                child[2] += 1
            else:
                untried = next((a for a in acts if a not in kids), None)
                if untried is not None:  # expand the first untried move (highest rank; at the root, legal order)
                    key = untried
                    child = kids[key] = [0, 0.0, 1, {}]
                    fresh = True
                else:  # UCB1 with availability counts, from the mover's team's side
                    sign = 1.0 if turn & 1 == mine else -1.0
                    best, key = -math.inf, acts[0]
                    at_root = kids is root
                    for a in acts:
                        c = kids[a]
                        score = sign * c[1] / c[0] + exploration * sqrt(log(c[2]) / c[0])
                        if at_root:
                            score += bias[a]
                        if score > best:
                            best, key = score, a
                    for a in acts:
                        kids[a][2] += 1
                    child = kids[key]
            path.append(child)
            if key == PASS:
                voids[turn] |= 1 << left | 1 << right
                passes += 1
                if passes == 4:  # R17: blocked
                    team, points = blocked(hands)
                    v = value[team][points] if team >= 0 else tie
                    break
            else:
                b, ends = divmod(key, 100)
                hands[turn] ^= 1 << b
                left, right = divmod(ends, 10)
                passes = 0
                if not hands[turn]:  # R16: domino
                    o = (turn & 1) ^ 1
                    v = value[turn & 1][rank_pips(hands[o]) + rank_pips(hands[o + 2])]
                    break
            turn = (turn + 1) & 3
            kids = child[3]
            if fresh:
                break
        if v is None:
            team, points = normal_rollout(hands[0], hands[1], hands[2], hands[3], left, right, turn, passes,
                                          voids, heavy, None, 0, 0.0, partner_locked)
            v = value[team][points] if team >= 0 else tie
        for c in path:
            c[0] += 1
            c[1] += v
    stats = [root.get(key, [0, 0.0]) for key in keys]
    return [(c[0], c[1] / max(c[0], 1)) for c in stats]


def choose(stats: list[tuple[int, float]], prior: list[float]) -> int:
    """The most visited candidate; ties: the best mean plus prior, then the first."""
    return max(range(len(stats)), key=lambda c: (stats[c][0], stats[c][1] + prior[c], -c))


__all__ = ["PASS", "root_keys", "search", "choose"]
