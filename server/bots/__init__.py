"""Computer players (issue 4, R12, R23): a decision from a :class:`SeatView` and a generator.

A computer player is a pure function of what its seat may know (R21, R23) and of
a ``random.Random`` the caller derives from the table's seed and the decision's
place in the log (R24). It never receives the match state.

Levels, weakest first: ``easy`` (a random legal decision), the baseline ``heaviest``
(heaviest legal tile at the first matching end), ``normal`` (rules of thumb,
:mod:`.heuristic`), ``strong`` (determinized rollouts, :mod:`.strong`) and
``expert`` (the default: more rollouts with the normal policy, :mod:`.expert`).
docs/computer-players.md describes each.
"""
from __future__ import annotations

import random

from doublenine.shared import wire
from doublenine.shared.moves import Decision, DrawPick, Nominate, Review
from doublenine.shared.state import Phase
from doublenine.shared.views import SeatView

from .heuristic import heaviest_play, normal_play
from .expert import expert_play
from .strong import strong_play

LEVELS: tuple[str, ...] = wire.LEVELS
"""Every level name :func:`decide` accepts, weakest first (:data:`doublenine.shared.wire.LEVELS`)."""

DEFAULT_LEVEL = "expert"
"""The level a computer seat gets unless told otherwise (issue 4)."""


class UnknownLevel(ValueError):
    """Raised by :func:`decide` for a level name not in :data:`LEVELS`."""


def decide(view: SeatView, level: str, rng: random.Random) -> Decision:
    """Return a legal decision for ``view.viewer`` at ``level`` (issue 4, R23).

    Every kind: the opening-draw pick (R3), the nomination (R6), the review
    (R10, R12: always demand a redeal when eligible), a play or a pass (R15).
    Raises :class:`UnknownLevel` for an unknown ``level`` and ``ValueError`` if the
    seat has no decision to make now.
    """
    if level not in LEVELS:
        raise UnknownLevel(f"unknown computer level {level!r}; one of {', '.join(LEVELS)}")
    options = view.legal_decisions()
    if not options:
        raise ValueError(f"seat {int(view.viewer)} has no decision to make")
    first = options[0]
    if isinstance(first, Review):
        return Review(view.viewer, view.may_demand_redeal)  # R12
    if isinstance(first, DrawPick):
        return options[rng.randrange(len(options))]  # R3: face down, every pick is alike
    if isinstance(first, Nominate):
        return _nominate(view, level, rng, options)
    if view.phase is not Phase.PLAY:
        raise ValueError(f"unexpected decision kind {first!r}")
    if level == "easy":
        return options[rng.randrange(len(options))]
    if level == "heaviest":
        return heaviest_play(view)
    if level == "normal":
        return normal_play(view)
    if level == "expert":
        return expert_play(view, rng)
    return strong_play(view, rng)


def _nominate(view: SeatView, level: str, rng: random.Random,
              options: tuple[Decision, ...]) -> Decision:
    """R6: the nominator cannot see the coming deal, so both partners are equally placed
    to open; a computer names itself, which a human partner can predict (easy picks at random)."""
    if level == "easy":
        return options[rng.randrange(len(options))]
    return Nominate(view.viewer, view.viewer)


__all__ = ["LEVELS", "DEFAULT_LEVEL", "UnknownLevel", "decide"]
