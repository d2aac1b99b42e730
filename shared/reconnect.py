"""When a client comes back to its table, and when it stops trying (issue 12).

THE reconnection policy of every doublenine client: the game window
(client/net.py, a thread) and ``doublenine bot`` (server/netbot.py, asyncio)
both ask it. A table that may still exist is never given up for minutes: an
unexpected loss of the server, a server that stops (1001, a rolling restart),
the "table moved" close code (:data:`MOVED`) and ``UNKNOWN_TABLE`` while
rejoining (another process is taking the table over) all mean "wait and rejoin
with the seat token". Only a deliberate end (:data:`ENDED`: the host closed its
window, the table was closed) or a refusal that waiting cannot change (a bad
token, a protocol version) ends the game for the client.

No I/O, clock or global random here: the caller passes the time and its own
``random.Random``, so tests drive it exactly.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

SHUTTING_DOWN = 1001
"""Close code of a server that stops or a table closed for idleness: reconnect later and rejoin."""
MOVED = 4003
"""Close code "table moved": another process serves the table now; reconnect and rejoin at once."""
ENDED = 4010
"""Close code of a deliberate end: the host closed its window or the table was closed for good."""

FINAL_CLOSE_CODES = frozenset({ENDED, 4001})
"""Close codes after which no reconnection can help (4001: protocol version mismatch)."""
REPLACED = 4002
"""The seat was reclaimed by a newer connection of the same player: this one must not fight it."""
RETRY_REFUSALS = frozenset({"UNKNOWN_TABLE", "INTERNAL"})
"""Refusals of a ``rejoin`` that a failover window explains (a process that cannot have the table
yet, a store briefly unwritable): retried like a lost connection, until :attr:`Backoff.give_up_after`."""
ALWAYS_RETRY = frozenset({"TABLE_MOVING"})
"""Refusals of any attach that say the table exists and is being handed over: always retried."""


def ends_game(close_code: int | None) -> bool:
    """True when a connection closed with ``close_code`` must not be reconnected (a deliberate end)."""
    return close_code in FINAL_CLOSE_CODES or close_code == REPLACED


def retry_refusal(error_code: str, seated: bool) -> bool:
    """True when a refused attach is worth retrying: a table being handed over (``TABLE_MOVING``),
    or a seated client's rejoin refused during a failover."""
    return error_code in ALWAYS_RETRY or (seated and error_code in RETRY_REFUSALS)


@dataclass(frozen=True, slots=True)
class Backoff:
    """Delays between attempts: ``first`` seconds doubling to ``cap``, each jittered by up to
    ``jitter`` of itself (so clients of a dead process do not all come back in the same
    millisecond), for ``give_up_after`` seconds of failing in a row (10 minutes)."""

    first: float = 0.5
    factor: float = 2.0
    cap: float = 10.0
    jitter: float = 0.5
    """Fraction of the delay drawn at random and taken off it (0.5: between half and all of it)."""
    give_up_after: float = 600.0

    def delay(self, attempt: int, rng: random.Random) -> float:
        """Seconds to wait before attempt ``attempt`` (0: the first retry)."""
        base = min(self.cap, self.first * self.factor ** min(attempt, 64))
        return base * (1.0 - self.jitter * rng.random())


@dataclass(slots=True)
class Reconnector:
    """One client's reconnection attempts: ``failed(now)`` after each loss or failed attempt gives
    the seconds to wait, or None once it has failed for longer than the policy allows;
    ``connected()`` after a successful attach starts afresh."""

    policy: Backoff = field(default_factory=Backoff)
    rng: random.Random = field(default_factory=random.Random)
    attempt: int = 0
    """Failed attempts since the last successful attach."""
    since: float | None = None
    """When the failing began (the caller's clock, seconds), None while connected."""

    def failed(self, now: float) -> float | None:
        """Record a failure at ``now``: seconds to wait before the next attempt, or None to give up."""
        if self.since is None:
            self.since = now
        if now - self.since >= self.policy.give_up_after:
            return None
        wait = self.policy.delay(self.attempt, self.rng)
        self.attempt += 1
        return wait

    def connected(self) -> None:
        """The client is attached again: the next loss starts from the first delay."""
        self.attempt, self.since = 0, None
