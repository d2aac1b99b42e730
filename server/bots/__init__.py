"""Computer players (issue 4, R12, R23): a decision from a :class:`SeatView` and a generator.

A computer player is a pure function of what its seat may know (R21, R23) and of
a ``random.Random`` the caller derives from the table's seed and the decision's
place in the log (R24). It never receives the match state.
"""
from __future__ import annotations

import random

from doublenine.shared.moves import Decision
from doublenine.shared.views import SeatView

LEVELS: tuple[str, ...] = ("easy", "normal", "strong", "heaviest")
"""Every level name :func:`decide` accepts."""

DEFAULT_LEVEL = "strong"
"""The level a computer seat gets unless told otherwise (issue 4)."""


class UnknownLevel(ValueError):
    """Raised by :func:`decide` for a level name not in :data:`LEVELS`."""


def decide(view: SeatView, level: str, rng: random.Random) -> Decision:
    """Return a legal decision for ``view.viewer`` at ``level`` (issue 4, R23).

    Raises :class:`UnknownLevel` for an unknown ``level`` and ``ValueError`` if the
    seat has no decision to make now.
    """
    if level not in LEVELS:
        raise UnknownLevel(f"unknown computer level {level!r}; one of {', '.join(LEVELS)}")
    options = view.legal_decisions()
    if not options:
        raise ValueError(f"seat {int(view.viewer)} has no decision to make")
    return options[rng.randrange(len(options))]


__all__ = ["LEVELS", "DEFAULT_LEVEL", "UnknownLevel", "decide"]
