"""How heavy-first each other seat plays, fitted from the revealed hands of the match (R21, R22).

The reading of :mod:`.inference` scores a play of tile ``c`` against the
other tiles ``o`` that would have fitted with a soft "heavier first" choice
model, ``P(c) = e(c) / sum e(o)``, ``e(t) = exp(beta * (pips(t) + double *
is_double(t)))``. One ``(beta, double)`` for every player describes none of
them well: a ``heaviest`` player is deterministic (beta very large, no double
bonus), a player who weighs the rest of the position far less so
(docs/computer-players.md, "reading").

Every finished hand of the match is public in full (R22: the four hands as
dealt and every move), so each seat's real choices can be replayed: at each
play with more than one fitting tile, which tile it laid among those it held.
:func:`fit_styles` picks, per seat, the ``(beta, double)`` of a small grid
with the highest log-likelihood of those choices plus a log-prior centred on
the strong level's model (so a few hands do not swing it to an extreme), the
maximum a posteriori in the sense of Bishop, *Pattern Recognition and
Machine Learning*, 1.2.5. With no finished hand it returns the prior's
centre for every seat. A pure function of the view; memoised on the
finished hands, which change once per hand.
"""
from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable
from typing import NamedTuple, TypeVar

from doublenine.shared.moves import Play
from doublenine.shared.state import FinishedHand
from doublenine.shared.tiles import FULL_MASK
from doublenine.shared.views import SpectatorView, ends_before_each

from .playout import IS_DOUBLE, PIPS, PM


class Style(NamedTuple):
    """A seat's heavy-first choice model: ``beta`` per pip (1/pip), ``double`` extra pips of a double."""

    beta: float
    double: float


PRIOR = Style(2.0, 1.5)
"""The strong level's model (:mod:`.inference`): the centre of the prior and the fit with no data."""

BETAS = (0.0, 0.5, 1.0, 2.0, 3.0, 5.0, 8.0)
DOUBLES = (0.0, 1.5, 3.0)
"""The grid of styles tried; beta 8 makes a one-pip-lighter choice about 3,000 times less likely."""

PRIOR_SPREAD = (8.0, 3.0)
"""Standard deviations of the Gaussian log-prior on (beta, double) around :data:`PRIOR`."""

MAX_HANDS = 24
"""At most this many of the newest finished hands are read (bounded work per hand)."""

R = TypeVar("R")
T = TypeVar("T")
_CACHE: OrderedDict[tuple[object, ...], tuple[Style, Style, Style, Style]] = OrderedDict()
_CACHE_SIZE = 256


def choices(hands: tuple[FinishedHand, ...]) -> list[list[tuple[int, int]]]:
    """Per seat index 0..3, the ``(options mask, laid tile index)`` of every play with a choice of tile.

    ``options`` is the tiles the seat held that fitted an open end (all its tiles
    at the lead); plays with one fitting tile tell nothing and are left out.
    """
    out: list[list[tuple[int, int]]] = [[], [], [], []]
    for fh in hands:
        held = list(fh.dealt_masks)
        for m, left, right in ends_before_each(fh.moves):
            if not isinstance(m, Play):
                continue
            s = m.seat - 1
            fit = FULL_MASK if left < 0 else PM[left] | PM[right]
            options = held[s] & fit
            i = m.tile.index
            if options & (options - 1):
                out[s].append((options, i))
            held[s] &= ~(1 << i)
    return out


def log_likelihood(records: list[tuple[int, int]], style: Style) -> float:
    """Natural log of the probability of ``records`` (see :func:`choices`) under ``style``."""
    total = 0.0
    for options, laid in records:
        keys = []
        m = options
        while m:
            low = m & -m
            t = low.bit_length() - 1
            keys.append(style.beta * (PIPS[t] + (style.double if IS_DOUBLE[t] else 0.0)))
            m ^= low
        top = max(keys)
        chosen = style.beta * (PIPS[laid] + (style.double if IS_DOUBLE[laid] else 0.0))
        total += chosen - top - math.log(sum(math.exp(k - top) for k in keys))
    return total


def _log_prior(style: Style) -> float:
    db = (style.beta - PRIOR.beta) / PRIOR_SPREAD[0]
    dd = (style.double - PRIOR.double) / PRIOR_SPREAD[1]
    return -0.5 * (db * db + dd * dd)


def fit_style(records: list[tuple[int, int]]) -> Style:
    """The grid style with the highest log-likelihood of ``records`` plus log-prior (first on ties)."""
    if not records:
        return PRIOR
    best, best_score = PRIOR, -math.inf
    for beta in BETAS:
        for double in DOUBLES if beta > 0 else (0.0,):
            style = Style(beta, double)
            score = log_likelihood(records, style) + _log_prior(style)
            if score > best_score:
                best, best_score = style, score
    return best


def fit_per_seat(view: SpectatorView, records: Callable[[tuple[FinishedHand, ...]], list[list[R]]],
                 fit: Callable[[list[R]], T], memo: OrderedDict[tuple[object, ...], tuple[T, T, T, T]],
                 ) -> tuple[T, T, T, T]:
    """Per seat index 0..3, ``fit`` of its ``records`` on the match's newest :data:`MAX_HANDS`
    finished hands (R22), memoised in ``memo`` on those hands' deals and moves (at most
    :data:`_CACHE_SIZE` entries). With no finished hand, ``fit([])`` for every seat. Shared by the
    heavy-first styles here and :mod:`.normread`."""
    hands = view.finished[-MAX_HANDS:]
    if not hands:
        return (fit([]),) * 4  # type: ignore[return-value]
    key = tuple((fh.match, fh.number, fh.dealt_masks, fh.moves) for fh in hands)
    hit = memo.get(key)
    if hit is not None:
        memo.move_to_end(key)
        return hit
    per_seat = records(hands)
    out = (fit(per_seat[0]), fit(per_seat[1]), fit(per_seat[2]), fit(per_seat[3]))
    memo[key] = out
    if len(memo) > _CACHE_SIZE:
        memo.popitem(last=False)
    return out


def fit_styles(view: SpectatorView) -> tuple[Style, Style, Style, Style]:
    """Per seat index 0..3, its :class:`Style` fitted on the match's finished hands (R22).

    Reads ``view.finished`` only (the newest :data:`MAX_HANDS`), so it is the
    same for every seat and spectator of the match.
    """
    return fit_per_seat(view, choices, fit_style, _CACHE)


__all__ = ["Style", "PRIOR", "BETAS", "DOUBLES", "choices", "log_likelihood", "fit_style", "fit_styles", "fit_per_seat"]
