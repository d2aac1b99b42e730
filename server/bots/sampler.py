"""Sampling the hidden tiles consistently with what a seat knows (issue 4, R21, R23).

A *world* deals the seat's hidden tiles (the other three hands plus the 15
unused, mixed) so that each other seat gets exactly its public tile count and
no tile showing a pip it is known not to hold (it passed on that pip, R15); the
rest are the unused tiles. This is the OpenSpiel ``ResampleFromInfostate`` idea.

Without known voids every such deal is equally likely, and a shuffle-and-cut
draws one exactly. With voids, the first world is dealt most-constrained seat
first, and each later world is a few hundred attempted swaps of two hidden tiles
between places that accept them: a Metropolis chain whose stationary law is the
uniform one over consistent deals, cheaper than rejection sampling when voids
make consistent deals rare.

Given an ``affinity`` table (:meth:`.inference.PlayModel.affinity`), the chain
instead targets deals weighted by the product of each tile's affinity for its
place: the Metropolis step accepts a swap with the ratio of the affinities.
"""
from __future__ import annotations

import random

from .knowledge import UNUSED, Knowledge

_NOWHERE = 4
"""Location code of the unused tiles."""


class WorldSampler:
    """Draws hidden-tile deals for ``k.me`` from ``rng`` (see module docstring).

    :meth:`next` returns four hand masks (index seat-1) with the seat's own hand
    in place. Raises ``ValueError`` if the counts do not add up to the hidden
    tiles (a view outside play).
    """

    def __init__(self, k: Knowledge, rng: random.Random, swaps: int = 0,
                 affinity: list[list[float]] | None = None) -> None:
        self._k = k
        self._rng = rng
        self._others = [s for s in range(4) if s != k.me]
        tiles = []
        m = k.hidden
        while m:
            low = m & -m
            tiles.append(low.bit_length() - 1)
            m ^= low
        self._tiles = tiles
        need = sum(k.counts[s] for s in self._others) + UNUSED
        if need != len(tiles):
            raise ValueError(f"{len(tiles)} hidden tiles for {need} places")
        self._forbid = [k.forbidden[s] if s != k.me else 0 for s in range(4)] + [0]
        self._aff = affinity
        self._constrained = affinity is not None or any(k.forbidden[s] & k.hidden for s in self._others)
        self._swaps = swaps or 2 * len(tiles)
        self._loc: list[int] = []
        if self._constrained:
            self._loc = self._first_deal()
            self._mix(4 * self._swaps)

    def next(self) -> list[int]:
        """One consistent world: the four hands as masks (index seat-1)."""
        hands = [0, 0, 0, 0]
        hands[self._k.me] = self._k.hand
        tiles = self._tiles
        if not self._constrained:
            self._rng.shuffle(tiles)
            at = 0
            for s in self._others:
                c = self._k.counts[s]
                m = 0
                for i in tiles[at:at + c]:
                    m |= 1 << i
                hands[s] = m
                at += c
            return hands
        self._mix(self._swaps)
        for i, where in zip(tiles, self._loc):
            if where != _NOWHERE:
                hands[where] |= 1 << i
        return hands

    def _mix(self, attempts: int) -> None:
        """Metropolis swaps: move two tiles between places that both accept them."""
        tiles, loc, forbid, aff = self._tiles, self._loc, self._forbid, self._aff
        n = len(tiles)
        rnd = self._rng.random
        for _ in range(attempts):
            a = int(rnd() * n)
            b = int(rnd() * n)
            la, lb = loc[a], loc[b]
            if la == lb:
                continue
            ta, tb = tiles[a], tiles[b]
            if forbid[lb] >> ta & 1 or forbid[la] >> tb & 1:
                continue
            if aff is not None:  # Metropolis: accept with the ratio of the two affinities
                ratio = aff[lb][ta] * aff[la][tb]
                old = aff[la][ta] * aff[lb][tb]
                if ratio < old and rnd() * old >= ratio:
                    continue
            loc[a], loc[b] = lb, la

    def _first_deal(self) -> list[int]:
        """A consistent deal, the seat with the least slack served first; voids relaxed if stuck."""
        k, rng = self._k, self._rng
        order = sorted(self._others, key=lambda s: (k.hidden & ~k.forbidden[s]).bit_count() - k.counts[s])
        for attempt in range(8):
            loc = self._try_deal(order, relax=attempt == 7)
            if loc is not None:
                return loc
            rng.shuffle(order)
        raise AssertionError("unreachable: the relaxed deal always succeeds")

    def _try_deal(self, order: list[int], relax: bool) -> list[int] | None:
        k, rng = self._k, self._rng
        loc = [_NOWHERE] * len(self._tiles)
        free = list(range(len(self._tiles)))
        for s in order:
            fits = free if relax else [j for j in free if not self._forbid[s] >> self._tiles[j] & 1]
            if len(fits) < k.counts[s]:
                return None
            chosen = rng.sample(fits, k.counts[s])
            for j in chosen:
                loc[j] = s
            taken = set(chosen)
            free = [j for j in free if j not in taken]
        if relax:  # graceful fallback: a relaxed deal may break voids, so never mix it back
            self._forbid = [0, 0, 0, 0, 0]
        return loc
