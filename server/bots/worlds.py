"""Worlds for the expert level: deals of the hidden tiles as rank masks, weighted by a reading (R21, R23).

Same law as :class:`.sampler.WorldSampler` with an affinity table: deals that
give each other seat exactly its public tile count and no tile showing a pip it
passed on (R15), weighted by the product over tiles of ``aff[place][tile]``.
The differences are for speed: the tiles are numbered by playout rank
(:mod:`.rankplay`), so a world is ready for :func:`.rankplay.heavy_rollout`
without conversion; the four hand masks are kept up to date by each accepted
swap instead of being rebuilt; and the number of swap attempts per world is a
setting (the expert trades chain mixing for more worlds).
"""
from __future__ import annotations

import random

from .knowledge import UNUSED, Knowledge
from .rankplay import RANK, to_rank

NOWHERE = 4
"""Place code of the unused tiles."""


class RankWorlds:
    """A Metropolis chain over consistent deals of ``k.hidden`` for seat ``k.me``.

    ``aff[place][tile index]`` (places 0..3 seats, 4 unused; ``None`` for all
    ones) weighs the deals. :meth:`next` returns four rank masks (index seat-1)
    with the seat's own hand in place. Raises ``ValueError`` if the counts do
    not add up to the hidden tiles (a view outside play).

    With ``deal_rng`` given (common random numbers, ``ExpertSettings(streams="keyed")``), the
    first deal comes from ``deal_rng`` and the chain from ``rng`` with exactly three uniforms per
    swap attempt (the two tiles and the acceptance draw, drawn even when unused), so world ``i``
    is made from the draws ``3 * (burn + swaps * i)`` onwards of ``rng`` whatever the weights:
    two readings of the same view start from the same deal and propose the same swaps with the
    same acceptance draws (coupled chains), and differ only where one accepts a swap that the
    other refuses. Without it (the default), one generator serves both and an attempt draws only
    what it needs (the law is the same; the draws are not aligned between readings).
    """

    def __init__(self, k: Knowledge, rng: random.Random, aff: list[list[float]] | None,
                 swaps: int, burn: int = 400, deal_rng: random.Random | None = None) -> None:
        self._rng = rng
        self._swaps = swaps
        self._aligned = deal_rng is not None
        others = [s for s in range(4) if s != k.me]
        tiles: list[int] = []
        m = k.hidden
        while m:
            low = m & -m
            tiles.append(low.bit_length() - 1)
            m ^= low
        need = sum(k.counts[s] for s in others) + UNUSED
        if need != len(tiles):
            raise ValueError(f"{len(tiles)} hidden tiles for {need} places")
        self._bits = [1 << RANK[i] for i in tiles]
        weights = []
        for place in range(5):
            forbid = k.forbidden[place] if place < 4 and place != k.me else 0
            row = aff[place] if aff is not None else None
            weights.append([0.0 if forbid >> i & 1 else (row[i] if row is not None else 1.0) for i in tiles])
        self._w = weights
        self._loc = self._first_deal(k, others, tiles, deal_rng or rng)
        hands = [0, 0, 0, 0, 0]
        for bit, where in zip(self._bits, self._loc):
            hands[where] |= bit
        hands[k.me] = to_rank(k.hand)
        self._hands = hands
        self._mix(burn)

    def next(self) -> list[int]:
        """One world: the four hands as rank masks (index seat-1)."""
        self._mix(self._swaps)
        return self._hands[:4]

    def _mix(self, attempts: int) -> None:
        """Metropolis swaps of two tiles between places, accepted with the ratio of the weights."""
        loc, w, bits, hands = self._loc, self._w, self._bits, self._hands
        n = len(loc)
        rnd = self._rng.random
        if self._aligned:
            for _ in range(attempts):
                a = int(rnd() * n)
                b = int(rnd() * n)
                u = rnd()
                la = loc[a]
                lb = loc[b]
                if la == lb:
                    continue
                new = w[lb][a] * w[la][b]
                if new == 0.0:
                    continue  # a pass rules it out (R15)
                old = w[la][a] * w[lb][b]
                if new < old and u * old >= new:
                    continue
                loc[a], loc[b] = lb, la
                both = bits[a] | bits[b]
                hands[la] ^= both
                hands[lb] ^= both
            return
        for _ in range(attempts):
            a = int(rnd() * n)
            b = int(rnd() * n)
            la = loc[a]
            lb = loc[b]
            if la == lb:
                continue
            new = w[lb][a] * w[la][b]
            if new == 0.0:
                continue  # a pass rules it out (R15)
            old = w[la][a] * w[lb][b]
            if new < old and rnd() * old >= new:
                continue
            loc[a], loc[b] = lb, la
            both = bits[a] | bits[b]
            hands[la] ^= both
            hands[lb] ^= both

    def _first_deal(self, k: Knowledge, others: list[int], tiles: list[int], rng: random.Random) -> list[int]:
        """A consistent deal, the seat with the least slack first; passes relaxed if stuck."""
        w = self._w
        order = sorted(others, key=lambda s: sum(1 for x in w[s] if x > 0.0) - k.counts[s])
        for attempt in range(8):
            loc = [NOWHERE] * len(tiles)
            free = list(range(len(tiles)))
            for s in order:
                fits = [j for j in free if w[s][j] > 0.0 or attempt == 7]
                if len(fits) < k.counts[s]:
                    break
                chosen = set(rng.sample(fits, k.counts[s]))
                for j in chosen:
                    loc[j] = s
                free = [j for j in free if j not in chosen]
            else:
                if attempt == 7:  # a relaxed deal may break a pass: let the chain leave it
                    self._w = [[x if x > 0.0 else 1e-9 for x in row] for row in w]
                return loc
            rng.shuffle(order)
        raise AssertionError("unreachable: the relaxed deal always succeeds")
