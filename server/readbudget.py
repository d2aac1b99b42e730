"""What one address group's frames may cost the server: a read budget in frames and bytes a second.

A stranger's input must never cost another player anything. The per-connection rate
(``ServerConfig.rate``) answers each frame beyond it ``RATE_LIMITED``, which is work too, and many
connections (64 an address group) from many addresses slowed a hosted server's loop for everyone
(attacker s12 round 2 N5: websocket ping p95 5.8 s while 30 addresses sent 64 KiB frames). Here each
address group (``addresses.group_of``, as every per-address cap) has a token bucket of ``frames``
frames and ``bytes_`` bytes a second, with :data:`BURST_SECONDS` of each at once. Each read of a
connection's socket is charged its bytes and the frames websockets parsed from it
(``edge.EdgeConnection.data_received``; a read is at most ``edge.READ_BUFFER`` bytes, so few frames).
While the group is in debt each of its sockets is held at its next read (``EdgeConnection.hold_if_due``,
combined with websockets' own flow control; TCP holds the rest at the sender; a new connection at its
accept) and none of its frames already parsed
is handled (``connection.Connection.read_budget``), until the debt is paid: so its connections
together cost at most the budget on average, and another group's frames are read as ever.
"""
from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable, Hashable

BURST_SECONDS = 2.0
"""Seconds of the budget one address group may spend at once (its buckets' depth)."""
HOLD_MIN = 0.5
"""Seconds a connection of a group in debt waits at least before it looks at the budget again: a debt
of one 4 KiB piece is paid in 16 ms at 256 KiB a second, and every held connection of every flooding
group woke that often (0.18 of a core at 30 groups of 32 connections, docs/performance.md)."""


class ReadBudget:
    """Token buckets per address group of the frames and bytes its connections read.

    ``frames`` a second and ``bytes_`` a second (each 0: not counted), :data:`BURST_SECONDS`
    of each at once. A group's levels may go below zero (a read is charged after it was made,
    whatever it held): the debt is what :meth:`pause` waits out. At most ``max_groups`` groups
    are remembered, the least recently seen forgotten (which only ever gives a group full buckets
    again). Single-threaded: used from the event loop only."""

    def __init__(self, frames: float, bytes_: float, max_groups: int = 10_000,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.frames, self.bytes = frames, bytes_
        self.max_groups, self.clock = max_groups, clock
        self._levels: OrderedDict[Hashable, tuple[float, float, float]] = OrderedDict()
        """group -> (frames left, bytes left, when they were last brought up to date)."""

    @property
    def on(self) -> bool:
        """Whether anything is counted (a budget of frames or bytes is set)."""
        return self.frames > 0 or self.bytes > 0

    def _level(self, group: Hashable, now: float) -> tuple[float, float]:
        full = (self.frames * BURST_SECONDS, self.bytes * BURST_SECONDS)
        frames, bytes_, stamp = self._levels.get(group, (*full, now))
        elapsed = max(0.0, now - stamp)
        return min(full[0], frames + elapsed * self.frames), min(full[1], bytes_ + elapsed * self.bytes)

    def charge(self, group: Hashable, frames: int, size: int) -> None:
        """``frames`` frames and ``size`` bytes were read from a connection of ``group``."""
        if not self.on:
            return
        now = self.clock()
        left, bytes_ = self._level(group, now)
        self._levels[group] = (left - (frames if self.frames > 0 else 0), bytes_ - (size if self.bytes > 0 else 0), now)
        self._levels.move_to_end(group)
        while len(self._levels) > self.max_groups:
            self._levels.popitem(last=False)

    def pause(self, group: Hashable) -> float:
        """Seconds a connection of ``group`` must wait before it reads its next frame: 0 while the
        group's buckets are not in debt, else the time they take to refill to zero."""
        if not self.on or group not in self._levels:
            return 0.0
        frames, bytes_ = self._level(group, self.clock())
        wait = 0.0
        if frames < 0 and self.frames > 0:
            wait = -frames / self.frames
        if bytes_ < 0 and self.bytes > 0:
            wait = max(wait, -bytes_ / self.bytes)
        return wait

    def says(self) -> str:
        """The budget in words, for the ``limit`` line: ``"100 frames and 262144 bytes a second"``
        (a part that is not counted left out)."""
        parts = ([f"{self.frames:g} frames"] if self.frames > 0 else []) + \
            ([f"{self.bytes:g} bytes"] if self.bytes > 0 else [])
        return " and ".join(parts) + " a second"

    def groups(self) -> int:
        """How many groups are remembered (for tests: bounded by ``max_groups``)."""
        return len(self._levels)


__all__ = ["BURST_SECONDS", "ReadBudget"]
