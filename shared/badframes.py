"""What a client does about a server's frames it cannot use: THE policy of every doublenine client
(the game window, client/net.py, a thread; ``doublenine bot``, server/netbot.py, asyncio).

A server is a peer this client does not control: whatever it sends, the output and the requests it
drives are bounded here (attacker s9 round 2: the window logged 456 "server frame skipped" lines in
20 s where the bot said 3, and the bot asked for ~72,000 snapshots in 18 s of out-of-order updates).

- :class:`SkipReporter`: the first :data:`SAID_SKIPS` skipped frames are said one by one, then once
  that more are not said, then nothing.
- :class:`ResyncPacer`: a frame that does not fit the view held calls for a snapshot (``resync``,
  docs/protocol.md "Updates"), at most one per wait, the wait doubling from :attr:`ResyncPacer.first`
  to :attr:`ResyncPacer.cap` while frames keep not fitting; an update that fits starts afresh.

No I/O or clock here: the caller passes the time, so tests drive it exactly.
"""
from __future__ import annotations

import threading
from collections.abc import Callable

from .i18n import SOURCE_LANGUAGE, translator

SAID_SKIPS = 20
"""Skipped server frames a client says one by one before it stops saying them."""


class SkipReporter:
    """Counts a client's skipped server frames and says (``say``, one line each, in ``lang``) the first
    ``limit`` of them, then once "more server frames skipped: not said any more", then nothing, however
    many follow: at most ``limit + 1`` lines in all. Safe to call from several threads (the window's
    network thread skips bad frames, its UI thread frames that do not fit the match)."""

    def __init__(self, say: Callable[[str], None], lang: str = SOURCE_LANGUAGE, limit: int = SAID_SKIPS) -> None:
        self.say, self.limit = say, limit
        self._t = translator(lang)
        self._lock = threading.Lock()
        self.skips = 0
        """Server frames skipped so far (over every connection of the client)."""

    def skipped(self, why: str) -> None:
        """One more frame skipped, for ``why`` (a server's words may be in it: the caller's ``say``
        cleans or bounds them for where they go)."""
        with self._lock:
            self.skips += 1
            n = self.skips
        if n <= self.limit:
            self.say(self._t.gettext("server frame skipped: {why}", why=why))
        elif n == self.limit + 1:
            self.say(self._t.gettext("more server frames skipped: not said any more"))


def resync_refused(msg: object) -> bool:
    """``msg`` refuses a repeated ``resync`` (``error RATE_LIMITED``, ``data.limit`` "resync"; docs/protocol.md
    ``resync``): the snapshot it asked for was sent already, so there is nothing to say or wait for."""
    data = getattr(msg, "data", None)
    return str(getattr(msg, "code", "")) == "RATE_LIMITED" and isinstance(data, dict) and data.get("limit") == "resync"


class ResyncPacer:
    """When a client that holds a view which a server frame did not fit may ask for a snapshot.

    :meth:`due` ``(now)`` after such a frame (or while one is waiting to be asked for): True when the
    ``resync`` is to be sent now. At most one is asked for per wait: the first at once, then after
    ``first`` seconds, doubling to ``cap`` while frames keep not fitting -- so an answer has time to
    come (one in flight) and a server that sends out-of-order frames without end gets one request per
    ``cap`` seconds, not one per frame. :meth:`fitted` after an update that fitted: the next misfit is
    asked for at once. Times are the caller's clock, in seconds."""

    def __init__(self, first: float = 0.25, cap: float = 5.0) -> None:
        self.first, self.cap = first, cap
        self._wait = 0.0
        self._next_at: float | None = None
        self.asked = 0
        """Resyncs :meth:`due` has allowed so far."""

    def due(self, now: float) -> bool:
        """True when a resync is to be sent at ``now`` (it then counts as sent: the next waits)."""
        if self._next_at is not None and now < self._next_at:
            return False
        self._wait = self.first if self._next_at is None else min(self.cap, self._wait * 2)
        self._next_at = now + self._wait
        self.asked += 1
        return True

    def fitted(self) -> None:
        """An update fitted the view held: the server is in step again, the next misfit is asked for at once."""
        self._wait, self._next_at = 0.0, None
