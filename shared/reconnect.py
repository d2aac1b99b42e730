"""When a client comes back to its table, and when it stops trying (issue 12).

THE reconnection policy of every doublenine client: the game window
(client/net.py, a thread) and ``doublenine bot`` (server/netbot.py, asyncio)
both ask it. A table that may still exist is never given up for minutes: an
unexpected loss of the server, a server that stops (1001, a rolling restart),
the "table moved" close code (:data:`MOVED`) and ``UNKNOWN_TABLE`` while
rejoining (another process is taking the table over) all mean "wait and rejoin
with the seat token". Only a deliberate end (:data:`ENDED`: the host closed its
window, the table was closed) or a refusal that waiting cannot change (a bad
token, a protocol version, an HTTP status other than "not now": :func:`retry_dial`) ends the game
for the client. A transient HTTP answer to the upgrade (502 from a proxy whose backend restarts, 503,
429, 504) or a handshake cut short is a lost connection like any other, and its ``Retry-After`` is
honoured (:func:`retry_after`).

No I/O, clock or global random here: the caller passes the time and its own
``random.Random``, so tests drive it exactly.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from .i18n import N_, SOURCE_LANGUAGE, translator

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
yet, a store briefly unwritable): retried like a lost connection, until :attr:`Backoff.give_up_after`
(with ``retry_ms``, a server saying "wait": :func:`told_to_wait`, which restarts that count)."""
ALWAYS_RETRY = frozenset({"TABLE_MOVING", "SHUTTING_DOWN"})
"""Refusals of any attach that say nothing is wrong with it but the moment: the table exists and is
being handed over, or the server is stopping (docs/protocol.md: "reconnect ... and send again")."""


def ends_game(close_code: int | None) -> bool:
    """True when a connection closed with ``close_code`` must not be reconnected (a deliberate end)."""
    return close_code in FINAL_CLOSE_CODES or close_code == REPLACED


CLOSE_WORDS = {
    1000: N_("the server closed the connection normally"),
    1001: N_("the server is stopping or restarting, or closed the table for idleness"),
    1006: N_("the connection dropped without a close message: network trouble, or the server stopped abruptly"),
    1008: N_("the server closed an idle or surplus connection (no table joined in time, or too many from one address)"),
    1009: N_("a frame was too large for the server"),
    1011: N_("the server hit an internal error"),
    1013: N_("the server closed a connection that read too slowly"),
    4001: N_("this client's protocol version is not the server's"),
    REPLACED: N_("a newer connection of the same player took the seat"),
    MOVED: N_("the table moved to another server process"),
    ENDED: N_("the game was ended on purpose (the host closed its window)"),
}
"""What a close code means, in words (RFC 6455 section 7.4.1; 4xxx: docs/protocol.md): English
message ids, translated by :func:`describe_close`."""
CLOSED = N_("the connection was closed")
"""The words for a close code :data:`CLOSE_WORDS` does not name."""
STOPPING = N_("the server is stopping or restarting")
"""1001 whose reason is the server's graceful stop ("server shutting down", docs/protocol.md)."""
IDLE_CLOSED = N_("the server closed the table for idleness")
"""1001 whose reason is an idle table's close ("table closed", server/registry.py)."""
GOING_AWAY = (("server shutting down", STOPPING), ("table closed", IDLE_CLOSED))
"""1001's reasons the server sends, and the words each says in place of 1001's guess at both (club s14 F14:
"the server is stopping or restarting, or closed the table for idleness (close code 1001): server shutting
down, reconnect" guessed what the reason said)."""


def describe_close(close_code: int | None, reason: str = "", lang: str = SOURCE_LANGUAGE) -> str:
    """What happened to a connection closed with ``close_code`` (``None``: no close frame was
    received, which websockets also reports as 1006), in words in ``lang`` (one of
    shared/i18n.LANGUAGES), with the code when there is one and the server's ``reason`` when it
    gave one (1001's own reasons are said in words: :data:`GOING_AWAY`); e.g. ``the server is stopping or
    restarting (close code 1001)``."""
    t = translator(lang)
    words = t.gettext(CLOSE_WORDS.get(close_code if close_code is not None else 1006, CLOSED))
    known = next((w for r, w in GOING_AWAY if close_code == 1001 and reason.startswith(r)), None)
    if known is not None:  # the reason says which: its words, not the guess, and not the server's English again
        words, reason = t.gettext(known), ""
    if close_code is not None and close_code != 1006:
        words = t.gettext("{words} (close code {code})", words=words, code=close_code)
    return t.gettext("{words}: {reason}", words=words, reason=reason) if reason else words


WATCH_FULL = frozenset({"SPECTATORS_FULL", "SPECTATORS_PER_ADDRESS"})
"""Refusals of a ``spectate`` that the window retries every :data:`WATCH_RETRY` seconds, saying so, as the
table's web page does (stream s16 F3: a viewer's window started from a link to a full stream never opened)."""
WATCH_RETRY = 60.0
"""Seconds a window refused :data:`WATCH_FULL` waits before it asks to watch again (the web page's minute)."""


def watch_retry(error_code: str, watching: bool) -> float | None:
    """Seconds to wait before a ``spectate`` refused ``error_code`` is sent again (``watching``: the attach
    was a ``spectate``), or None when that refusal is not retried so."""
    return WATCH_RETRY if watching and error_code in WATCH_FULL else None


def retry_refusal(error_code: str, seated: bool, data: object = None) -> bool:
    """True when a refused attach is worth retrying: a table being handed over (``TABLE_MOVING``),
    a seated client's rejoin refused during a failover, or any refusal whose ``data`` says when to
    come back (``retry_ms``: :func:`refusal_wait`; soak s14 F-bot-restart: ``RATE_LIMITED`` with
    ``limit: "seats"`` for 10 s after the same address's ``leave`` ended a restarted bot for good)."""
    return error_code in ALWAYS_RETRY or (seated and error_code in RETRY_REFUSALS) \
        or refusal_wait(data) is not None


def refusal_wait(data: object) -> float | None:
    """Seconds a refusal's ``data`` (untrusted: anything) asks to wait before the same request is sent
    again: its ``retry_ms`` (a whole number of milliseconds, 0 or more; docs/protocol.md "Error codes"),
    at most :data:`RETRY_AFTER_CAP`; None when it says no such thing. Kind (s14 soak): a client of ours
    that does not honour a server's "retry after"."""
    ms = data.get("retry_ms") if isinstance(data, dict) else None
    if isinstance(ms, bool) or not isinstance(ms, int) or ms < 0:
        return None
    return min(ms / 1000.0, RETRY_AFTER_CAP)


def told_to_wait(error_code: str, data: object = None) -> bool:
    """True when a refused attach is a live server saying "wait, then send again": a table being handed
    over or a server stopping (:data:`ALWAYS_RETRY`: ``TABLE_MOVING``, which a process whose store is down
    answers every rejoin with; ``SHUTTING_DOWN``), or any refusal whose ``data`` says when to come back
    (``retry_ms``: :func:`refusal_wait`). Such an answer restarts :class:`Reconnector`'s give-up clock
    (operator s17 F13); ``UNKNOWN_TABLE`` or ``INTERNAL`` without ``retry_ms`` does not (a table that is
    gone for good answers so too)."""
    return error_code in ALWAYS_RETRY or refusal_wait(data) is not None


WAIT_STATUSES = frozenset({429, 503})
"""HTTP statuses answered to a websocket upgrade that, with a ``Retry-After``, are a server saying "wait"
(:func:`told_to_wait_http`); a 502 or 504 is a proxy whose backend is gone, which says nothing of it."""


def told_to_wait_http(exc: BaseException | None) -> bool:
    """True when a failed upgrade was answered :data:`WAIT_STATUSES` with a ``Retry-After`` in seconds
    (:func:`retry_after`): a live server (or its rate limit) asking the client to come back later, which
    restarts :class:`Reconnector`'s give-up clock as :func:`told_to_wait` does (operator s17 F13)."""
    return exc is not None and http_status(exc) in WAIT_STATUSES and retry_after(exc) is not None


@dataclass(frozen=True, slots=True)
class Backoff:
    """Delays between attempts: ``first`` seconds doubling to ``cap``, each jittered by up to
    ``jitter`` of itself (so clients of a dead process do not all come back in the same
    millisecond), for ``give_up_after`` seconds of failing in a row (10 minutes) without a live server
    answering "wait" (:meth:`Reconnector.failed`'s ``told_wait``: that restarts the count)."""

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

    heard: float | None = None
    """When a live server last answered "wait" (:func:`told_to_wait`, :func:`told_to_wait_http`), None
    when none did since the last successful attach: the give-up clock runs from it, not from :attr:`since`."""

    def failed(self, now: float, at_least: float | None = None, told_wait: bool = False) -> float | None:
        """Record a failure at ``now``: seconds to wait before the next attempt, or None to give up.
        ``at_least``: the server's ``Retry-After`` (seconds, :func:`retry_after`), never undercut.
        ``told_wait``: this failure was a live server's answer "wait" (a ``TABLE_MOVING``, a refusal with
        ``retry_ms``, a 503 or 429 with ``Retry-After``): the give-up clock starts again, so a client told to
        wait by a server that is up waits as long as it is told to, every wait bounded by the policy's
        ``cap`` or the server's (capped) ``retry_ms``; only :attr:`Backoff.give_up_after` seconds without any
        such answer give up. Kind (operator s17 F13): a PostgreSQL outage over 10 minutes ended every bot
        and window at its table although every server had answered "wait" the whole time."""
        if self.since is None:
            self.since = now
        if told_wait:
            self.heard = now
        if now - max(self.since, self.heard if self.heard is not None else self.since) >= self.policy.give_up_after:
            return None
        wait = self.policy.delay(self.attempt, self.rng)
        self.attempt += 1
        return max(wait, at_least or 0.0)

    def connected(self) -> None:
        """The client is attached again: the next loss starts from the first delay."""
        self.attempt, self.since, self.heard = 0, None, None


TRANSIENT_STATUSES = frozenset({408, 425, 429, 500, 502, 503, 504})
"""HTTP statuses answered to a websocket upgrade that say "not now" (RFC 9110 section 15; 429:
RFC 6585): a proxy whose backend restarts (502, 504), a server draining or overloaded (503), a
rate limit (429). A reconnecting client retries them with backoff; any other status is definitive."""
RETRY_AFTER_CAP = 300.0
"""The longest ``Retry-After`` honoured, seconds (it comes from outside: bounded)."""


def causes(exc: BaseException | None, limit: int = 16) -> list[BaseException]:
    """``exc`` and what it was raised from or during (``__cause__``, else ``__context__``), outermost
    first, at most ``limit`` links (a chain may loop)."""
    chain: list[BaseException] = []
    while exc is not None and len(chain) < limit and all(exc is not seen for seen in chain):
        chain.append(exc)
        exc = exc.__cause__ or exc.__context__
    return chain


def http_status(exc: BaseException) -> int | None:
    """The HTTP status of a refused upgrade (websockets' InvalidStatus, InvalidProxyStatus:
    ``exc.response.status_code``), else None; read here only (shared/failures too)."""
    status = getattr(getattr(exc, "response", None), "status_code", None)
    return status if isinstance(status, int) else None


def retry_dial(exc: BaseException) -> bool:
    """True when a failed attempt to (re)connect may succeed later: a transient HTTP status
    (:data:`TRANSIENT_STATUSES`), a handshake cut or garbled (websockets' InvalidMessage, another
    InvalidHandshake), a timeout, a refused or reset connection. False for a definitive HTTP refusal
    (401, 403, 404, 426, ...) and for a certificate this computer does not trust (no wait changes
    either). Duck-typed on ``exc.response.status_code`` so this module imports no network library."""
    import ssl

    if any(isinstance(link, ssl.SSLCertVerificationError) for link in causes(exc)):
        return False
    status = http_status(exc)
    return status is None or status in TRANSIENT_STATUSES


def retry_after(exc: BaseException) -> float | None:
    """Seconds the server asked to wait (``Retry-After: <seconds>`` on a refused upgrade, RFC 9110
    section 10.2.3), at most :data:`RETRY_AFTER_CAP`; None when absent or not a delay in seconds
    (the HTTP-date form is not honoured: it needs the server's clock to agree with ours)."""
    headers = getattr(getattr(exc, "response", None), "headers", None)
    raw = headers.get("Retry-After") if headers is not None else None
    from .numbers import is_ascii_digits  # ASCII only: "٣" or "²" is no delay (shared/numbers)

    text = raw.strip() if isinstance(raw, str) else ""
    if not is_ascii_digits(text) or len(text) > 6:
        return None
    return min(float(text), RETRY_AFTER_CAP)


NOBODY_TRIES = 8
"""Attempts in a row that find nobody listening (:func:`nobody_listens`) after which a seated window stops
reconnecting and says the host's table is gone (``host.gone``), once :data:`NOBODY_SECONDS` have passed."""
NOBODY_SECONDS = 40.0
"""Seconds since the connection was lost before :data:`NOBODY_TRIES` refusals end it: a server restart
(about 10 s) is waited through; a host that closed its window is said in under a minute, not after the
policy's 10 minutes (s13 netplayer F7: a friend whose link stalled as the host left missed the 4010 and
said "reconnecting" for 10 minutes against a closed port)."""


def nobody_listens(exc: BaseException | None) -> bool:
    """True when a connection attempt found nothing listening at the address: the connection refused, or
    closed before any HTTP answer to the upgrade (a relay or proxy whose upstream refuses). A timeout, a
    reset mid-answer, an HTTP status or a TLS failure is not that (something is there, slow or refusing)."""
    if exc is None:
        return False
    for link in causes(exc):
        if isinstance(link, ConnectionRefusedError) or type(link).__name__ == "UpgradeCut":
            return True  # UpgradeCut (shared/failures): the same close before any answer, seen by the dialer first
        if type(link).__name__ == "InvalidMessage" and any(isinstance(c, EOFError) for c in causes(link)[1:]):
            return True
    return False

