"""Work a stranger can start, counted per address group: a cap per group and a cap over all groups.

The hints (:mod:`.computer`, R25) and the coach's reviews (:mod:`.coaching`, issue 14.2) bound
the same way (attacker findings: one address queued 53 reviews; 30 cheap groups, IPv6 /64s, each
keeping 4 hints waiting held everyone's hint): at most ``per_group`` units at once for one address
group (another is refused with the budget's own code) and at most ``total`` over all groups
(another is refused ``RATE_LIMITED`` with ``data: {limit, retry_ms}``).
"""
from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from doublenine.shared.errors import ErrorCode


class Refusal(NamedTuple):
    """What to answer a request the budget has no room for: ``Refused(*refusal)``."""

    code: ErrorCode
    message: str
    data: dict[str, Any] | None


@dataclass(eq=False)
class GroupBudget:
    """Units of work being done per address group, bounded per group and over all groups.

    The caps are read at each check (callables), so a module constant (and a test's monkeypatch
    of it) is followed. ``group_says`` and ``total_says`` are format strings of the refusals'
    messages (fields ``group``, ``per_group``, ``total``); ``limit`` and ``retry_ms`` are the
    ``RATE_LIMITED`` refusal's ``data``. Single-threaded: used from the event loop only."""

    per_group: Callable[[], int]
    total: Callable[[], int]
    group_code: ErrorCode
    group_says: str
    total_says: str
    limit: str
    retry_ms: int
    counts: dict[Hashable, int] = field(default_factory=dict)
    """Units being done per group; a group with none has no entry (so an idle budget is ``{}``)."""

    def room_for(self, group: Hashable) -> bool:
        """Whether ``group`` has fewer than ``per_group()`` units being done."""
        return self.counts.get(group, 0) < self.per_group()

    def full(self) -> bool:
        """Whether ``total()`` units or more are being done over all groups."""
        return sum(self.counts.values()) >= self.total()

    def refusal(self, group: Hashable) -> Refusal | None:
        """None when ``group`` may start another unit now; else what to refuse it with (the
        group's cap first, then the total's)."""
        say = {"group": group, "per_group": self.per_group(), "total": self.total()}
        if not self.room_for(group):
            return Refusal(self.group_code, self.group_says.format(**say), None)
        if self.full():
            return Refusal(ErrorCode.RATE_LIMITED, self.total_says.format(**say),
                           {"limit": self.limit, "retry_ms": self.retry_ms})
        return None

    def take(self, group: Hashable) -> None:
        """Count one more unit for ``group`` (check :meth:`refusal` first; this never refuses)."""
        self.counts[group] = self.counts.get(group, 0) + 1

    def release(self, group: Hashable) -> None:
        """A unit of ``group`` ended; raises KeyError for a group with none taken."""
        self.counts[group] -= 1
        if self.counts[group] <= 0:
            del self.counts[group]


__all__ = ["GroupBudget", "Refusal"]
