"""Consent requests (D1, D7): undo, redo, restart, new match and hand-over at multi-human tables.

A request reaches every other seated human; any refusal or the requester's
cancel ends it; when every asked seat has accepted, the action is done. Only
one request is open per table. A request about the match (all but hand-over)
expires when the match moves on before it is accepted.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from doublenine.shared.seats import SEATS, Seat

from .seating import SeatSlot

MATCH_ACTIONS = frozenset({"undo", "redo", "restart", "new_match"})
"""Actions pinned to the table's seq when requested."""


@dataclass
class ConsentRequest:
    """An open request: ``waiting`` seats still have to answer."""

    id: int
    action: str
    by: Seat
    target: Seat | None
    seq: int
    waiting: set[Seat] = field(default_factory=set)
    accepted: set[Seat] = field(default_factory=set)

    def wire(self) -> dict[str, Any]:
        """The ``RequestW`` map."""
        return {"id": self.id, "action": self.action, "by": int(self.by),
                "target": None if self.target is None else int(self.target),
                "waiting": tuple(int(s) for s in sorted(self.waiting)),
                "accepted": tuple(int(s) for s in sorted(self.accepted))}


def askable(slots: dict[Seat, SeatSlot], by: Seat, target: Seat | None = None) -> set[Seat]:
    """D1/D7: the other seated humans who must accept (handed-over seats and the target excluded)."""
    return {s for s in SEATS
            if s != by and s != target and slots[s].claimed and not slots[s].handed_over}
