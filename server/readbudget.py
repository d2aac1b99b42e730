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

The group's debt is charged to the connection that spends it, never to its quiet neighbours (attacker
s13 F1: six flooding connections behind one public address, CGNAT or a campus, held the honest player
beside them: pings 3.7 s, 10.5 s, then closed 1006 at +32 s, and a new connection's handshake was never
read, ~48 s after a 3 s flood). Each connection has an :class:`Allowance` of its own, :data:`SHARE` of
the group's budget (at the defaults 1.5625 frames and 4 KiB a second, bursts of 2 s): a connection
within its allowance is always read, whatever the group owes (a handshake, a ping's pong, a player's
move); one beyond it is read only while the group is within the group's budget, and held otherwise, for
the shorter of its own debt and the group's. So a group's connections read at most the group's budget
plus each connection's allowance (64 connections, ``--max-connections-per-address``: twice the
budget), and a quiet connection never waits for its neighbour's flood.

One bound is server-wide (s15, carried from s13: every group within its own budget, N groups held N
budgets' frames in memory, and IPv6 /64s are cheap): :attr:`ReadBudget.held` counts the bytes read from
every connection's socket and not yet handled (what waits for websockets' parser, its partial frame, its
frames waiting for ``recv``), and while it is at :attr:`ReadBudget.held_max` or more a connection that
holds a client frame's limit or more (``protocol.CLIENT_LIMITS.max_bytes``) is not read until its frames
are handled or the server is back under the bound (``edge.EdgeConnection``). A player's connection holds
less than one frame between two moves, so live tables are read as ever; what waits is the backlog of
connections that send faster than the server handles them.
"""
from __future__ import annotations

import logging
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable

BURST_SECONDS = 2.0
"""Seconds of the budget one address group may spend at once (its buckets' depth)."""
HOLD_MIN = 0.5
"""Seconds a connection of a group in debt waits at least before it looks at the budget again: a debt
of one 4 KiB piece is paid in 16 ms at 256 KiB a second, and every held connection of every flooding
group woke that often (0.18 of a core at 30 groups of 32 connections, docs/performance.md)."""
log = logging.getLogger("doublenine.server.reads")

HELD_SAID_EVERY = 60.0
"""Seconds between two log lines saying the server-wide bound holds connections (one a minute at most)."""
SHARE = 1 / 64
"""A connection's own allowance, as a part of its group's budget (frames and bytes a second, bursts of
:data:`BURST_SECONDS`): read within it whatever the group owes (attacker s13 F1)."""


class Allowance:
    """One connection's own bucket within its group's budget (:meth:`ReadBudget.allowance`): frames
    left, bytes left, and when they were last brought up to date (the budget's clock, seconds)."""

    __slots__ = ("frames", "bytes", "stamp")

    def __init__(self, frames: float, bytes_: float, stamp: float) -> None:
        self.frames, self.bytes, self.stamp = frames, bytes_, stamp


class ReadBudget:
    """Token buckets per address group of the frames and bytes its connections read.

    ``frames`` a second and ``bytes_`` a second (each 0: not counted), :data:`BURST_SECONDS`
    of each at once. A group's levels may go below zero (a read is charged after it was made,
    whatever it held): the debt is what :meth:`pause` waits out. At most ``max_groups`` groups
    are remembered, the least recently seen forgotten (which only ever gives a group full buckets
    again). Single-threaded: used from the event loop only."""

    def __init__(self, frames: float, bytes_: float, max_groups: int = 10_000,
                 clock: Callable[[], float] = time.monotonic, held_max: int = 0) -> None:
        self.frames, self.bytes = frames, bytes_
        self.max_groups, self.clock = max_groups, clock
        self.held_max = held_max
        """Bytes read and not yet handled, over every connection of the server, beyond which a connection
        holding a frame's limit or more is not read (``ServerConfig.max_read_held``; 0: no bound)."""
        self.held = 0
        """Bytes read from every connection's socket and not yet handled, as the connections last counted
        them (``edge.EdgeConnection.recount``)."""
        self._said = float("-inf")
        self._levels: OrderedDict[Hashable, tuple[float, float, float]] = OrderedDict()
        """group -> (frames left, bytes left, when they were last brought up to date)."""

    @property
    def on(self) -> bool:
        """Whether anything is counted (a budget of frames or bytes is set, or the server-wide bound)."""
        return self.frames > 0 or self.bytes > 0 or self.held_max > 0

    @property
    def budgeted(self) -> bool:
        """Whether the groups' budget is kept (frames or bytes a second): each connection then has its own
        :class:`Allowance` and a small socket buffer (``edge.READ_BUFFER``)."""
        return self.frames > 0 or self.bytes > 0

    def over(self) -> bool:
        """Whether the server holds :attr:`held_max` bytes read and not yet handled, or more (logged once a
        minute at most while it lasts)."""
        if self.held_max <= 0 or self.held < self.held_max:
            return False
        now = self.clock()
        if now - self._said >= HELD_SAID_EVERY:
            self._said = now
            log.warning("limit=read_held: %d bytes read and not yet handled (--max-read-held %d): connections "
                        "holding a frame or more are not read until they are handled", self.held, self.held_max)
        return True

    def allowance(self) -> Allowance:
        """A new connection's own bucket, full: :data:`SHARE` of the group's budget."""
        return Allowance(self.frames * SHARE * BURST_SECONDS, self.bytes * SHARE * BURST_SECONDS, self.clock())

    def _own(self, own: Allowance, now: float) -> tuple[float, float]:
        rate = (self.frames * SHARE, self.bytes * SHARE)
        elapsed = max(0.0, now - own.stamp)
        return (min(rate[0] * BURST_SECONDS, own.frames + elapsed * rate[0]),
                min(rate[1] * BURST_SECONDS, own.bytes + elapsed * rate[1]))

    def _wait(self, frames: float, bytes_: float, share: float) -> float:
        wait = 0.0
        if frames < 0 and self.frames > 0:
            wait = -frames / (self.frames * share)
        if bytes_ < 0 and self.bytes > 0:
            wait = max(wait, -bytes_ / (self.bytes * share))
        return wait

    def _level(self, group: Hashable, now: float) -> tuple[float, float]:
        full = (self.frames * BURST_SECONDS, self.bytes * BURST_SECONDS)
        frames, bytes_, stamp = self._levels.get(group, (*full, now))
        elapsed = max(0.0, now - stamp)
        return min(full[0], frames + elapsed * self.frames), min(full[1], bytes_ + elapsed * self.bytes)

    def charge(self, group: Hashable, frames: int, size: int, own: Allowance | None = None) -> None:
        """``frames`` frames and ``size`` bytes were read from a connection of ``group`` (whose own
        bucket is ``own``, None: the group's only)."""
        if not self.on:
            return
        now = self.clock()
        if own is not None:
            left, bytes_ = self._own(own, now)
            own.frames, own.bytes, own.stamp = left - frames, bytes_ - size, now
        left, bytes_ = self._level(group, now)
        self._levels[group] = (left - (frames if self.frames > 0 else 0), bytes_ - (size if self.bytes > 0 else 0), now)
        self._levels.move_to_end(group)
        while len(self._levels) > self.max_groups:
            self._levels.popitem(last=False)

    def pause(self, group: Hashable, own: Allowance | None = None) -> float:
        """Seconds a connection of ``group`` must wait before it reads its next frame: 0 while the
        group's buckets are not in debt, or while the connection's own ``own`` are not; else the
        shorter of the times they take to refill to zero (None: the group's)."""
        if not self.on:
            return 0.0
        now = self.clock()
        group_wait = self._wait(*self._level(group, now), 1.0) if group in self._levels else 0.0
        if own is None or group_wait <= 0:
            return group_wait
        return min(group_wait, self._wait(*self._own(own, now), SHARE))

    def says(self) -> str:
        """The budget in words, for the ``limit`` line: ``"100 frames and 262144 bytes a second"``
        (a part that is not counted left out)."""
        parts = ([f"{self.frames:g} frames"] if self.frames > 0 else []) + \
            ([f"{self.bytes:g} bytes"] if self.bytes > 0 else [])
        return " and ".join(parts) + " a second"

    def groups(self) -> int:
        """How many groups are remembered (for tests: bounded by ``max_groups``)."""
        return len(self._levels)


__all__ = ["BURST_SECONDS", "HELD_SAID_EVERY", "SHARE", "Allowance", "ReadBudget"]
