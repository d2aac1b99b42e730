"""Before sitting down: check an invite's table and say plainly what is wrong (issue 8).

:func:`check_table` connects to the invite's server, greets it, looks at the
table as a spectator and leaves, turning everything that can go wrong into a
:class:`~doublenine.shared.failures.Failure` with a stable key:
``net.unreachable``, ``protocol.mismatch``, ``table.closed``, ``table.full``, ``seat.taken``.
:class:`TableCheck` runs it in a thread so the window keeps drawing.

Every way of coming to a table (``play --join``, ``play --server URL --table CODE``, a desktop link, the
join screen's invite or LAN list, the start screen's Join) goes through :func:`check_arrival` before and
:func:`held_rejoin` when connecting: a seat this computer holds there (config ``held``, D7) is taken back
with its token, and the table being full (that seat is what fills it) is no refusal then.
"""
from __future__ import annotations

import logging
from collections.abc import Callable
import threading
import time
from dataclasses import dataclass
from typing import Any

from doublenine.shared import protocol as p
from doublenine.shared.i18n import N_
from doublenine.shared.dialing import checked_proxy, proxy_for
from doublenine.shared.failures import Failure, FailureError, UpgradeCut, connect_failure, from_server_error
from doublenine.shared.invite import Invite, parse_invite
from doublenine.shared.reconnect import refusal_wait, retry_refusal

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class TableInfo:
    """What the check saw: the table's ``code`` and its ``free_seats`` (human seats nobody holds)."""

    code: str
    free_seats: int


class CheckFailed(FailureError):
    """The check ended with ``.failure`` (``str()`` of it is the person's message); ``silent``: something
    accepted the connection and never answered in time (a server busy or stalled, a relay whose upstream
    is quiet), which :func:`check_arrival` tries again."""

    def __init__(self, failure: Failure, silent: bool = False, wait: float | None = None,
                 code: str | None = None) -> None:
        super().__init__(failure)
        self.silent = silent
        self.code = code
        """The server's refusal code (``ErrorCode`` value), None when the server refused nothing."""
        self.wait = wait
        """Seconds the server said to wait before asking again (a refusal's ``data.retry_ms``:
        shared/reconnect.refusal_wait), None when it said no such thing."""


SILENT_TRIES = 3
"""Checks of a table whose server accepts and does not answer before the command gives up (s13 netplayer:
``play`` exited after 4 s on a server that accepted and never answered, without a word of retrying)."""
SILENT_RETRY = N_("The table at {host}:{port} accepted the connection but has not answered yet: trying again "
                  "({attempt} of {tries})")
"""Said between two checks of a silent server (``doublenine play`` prints it on its error stream)."""
WAIT_RETRY = N_("The table at {host}:{port} asks to wait {seconds} s: trying again ({attempt} of {tries})")
"""Said before a check is sent again after a refusal that said when to come back (``data.retry_ms``; s14 soak:
a client of ours that does not honour a server's "retry after")."""


def held_rejoin(server: str, code: str, seat: int | None = None) -> p.Rejoin | None:
    """A ``rejoin`` of the seat this computer holds at ``server``'s (any spelling of it: an invite's
    ``/t/CODE`` URL, the start screen's typed address) table ``code`` (config ``held``, kept once a join
    worked), or None: none held there (D7). ``seat`` (``--seat N``, the start screen's seat choice) does
    not change it: a player's seat at a table is theirs whatever number is typed (s13 netplayer F6:
    ``--seat 1`` for one's own seat 1 was refused "Table ... is full"), and a seat asked for is joined
    only when the held token no longer holds one there (the caller's fallback ``join``)."""
    from . import config
    code = code.strip().upper()
    token = config.held_seat(config.load(), server, code)
    return p.Rejoin(code=code, token=token) if token else None


def check_arrival(invite: Invite, *, seat: int | None = None, spectate: bool = False, kept: bool = True,
                  timeout: float = 4.0, say: Callable[[str, dict[str, Any]], None] | None = None) -> TableInfo:
    """What coming to ``invite``'s table meets before any window opens; raises :class:`CheckFailed`.

    ``seat``: the seat asked for (None: any); ``spectate``: only watching. ``kept``: this window takes a
    seat it holds there back (:func:`held_rejoin`; False for ``--autoplay``, which keeps nothing): then a
    full table is no refusal, that seat being what fills it (new user: ``play --join`` the second time
    said "Table ... is full" though client.json held the seat's token); closed, unreachable, another
    protocol version still are. Kind: each way of coming to a table checked it its own way.
    """
    holds = kept and not spectate and held_rejoin(invite.join_url, invite.code, seat) is not None
    for attempt in range(2, SILENT_TRIES + 1):  # a server that accepts and says nothing is asked again,
        try:  # and one that says when to come back is asked again then (at most SILENT_TRIES checks in all)
            return check_table(invite, want_seat=not spectate and not holds, seat=None if holds else seat,
                               timeout=timeout)
        except CheckFailed as exc:
            if not exc.silent and exc.wait is None:
                raise
            if say is not None:  # ``say(msgid, args)``: the caller's language and stream
                say(SILENT_RETRY if exc.wait is None else WAIT_RETRY,
                    {"host": invite.host, "port": invite.port, "attempt": attempt, "tries": SILENT_TRIES}
                    | ({} if exc.wait is None else {"seconds": f"{exc.wait:.1f}"}))
            if exc.wait is not None:
                time.sleep(exc.wait)
    return check_table(invite, want_seat=not spectate and not holds, seat=None if holds else seat, timeout=timeout)


def watch_anyway(exc: BaseException, watching: bool) -> bool:
    """Whether a window that comes to watch (``watching``) opens although the check was refused ``exc``: the
    table has all the spectators it takes (shared/reconnect.WATCH_FULL); the window says so and asks again
    every minute, as the table's web page does (stream s16 F3: one stderr line and no window, so a viewer who
    clicked a stream's link saw nothing happen)."""
    from doublenine.shared.reconnect import watch_retry

    code = getattr(exc, "code", None)
    return isinstance(code, str) and watch_retry(code, watching) is not None


def watches_invite(invite: Invite, seat: int | None = None, kept: bool = True) -> bool:
    """True when coming by ``invite`` watches its table rather than sits: a link made to watch
    (:attr:`~doublenine.shared.invite.Invite.watch`, the table page's "Open in doublenine" of a full table),
    unless a seat is asked for (``seat``) or this computer holds one there (``kept`` and :func:`held_rejoin`):
    the player's own seat is taken back, full or not (D7). s14: that button tried to sit and was refused."""
    if not invite.watch or seat is not None:
        return False
    return not (kept and held_rejoin(invite.join_url, invite.code, None) is not None)


def resolve_invite(text: str, *, seat: int | None = None, spectate: bool = False, kept: bool = True,
                   say: Callable[[str, dict[str, Any]], None] | None = None) -> Invite:
    """Parse ``text`` and check its table (``doublenine play --join``, :func:`check_arrival`; ``say``: told
    of each retry of a silent server), as a spectator when ``spectate`` or the invite watches
    (:func:`watches_invite`); raises FailureError with a stable key."""
    invite = parse_invite(text)
    check_arrival(invite, seat=seat, spectate=spectate or watches_invite(invite, seat, kept), kept=kept, say=say)
    return invite


def check_named_table(server: str, code: str, seat: int | None, spectate: bool,
                      kept: bool = True, say: Callable[[str, dict[str, Any]], None] | None = None
                      ) -> FailureError | None:
    """What ``play --server URL --table CODE [--seat N | --spectate]`` meets at that table before any
    window opens (full, closed, seat taken, unreachable: :func:`check_arrival`), or None; said and exit 2
    as ``--join`` says it (kind: one refusal reported two ways: the same full table opened a window saying
    "Seat 3 ... is taken. Choose another seat")."""
    from dataclasses import replace

    from doublenine.shared.invite import check_server_url
    try:
        check_arrival(replace(check_server_url(server), code=code), seat=seat, spectate=spectate, kept=kept, say=say)
    except FailureError as exc:
        return exc
    return None


def check_table(invite: Invite, *, want_seat: bool = True, timeout: float = 4.0,
                ours: int = p.PROTOCOL_VERSION, seat: int | None = None) -> TableInfo:
    """Look at the invite's table without taking a seat; raises :class:`CheckFailed`.

    ``want_seat``: a table with no free human seat is ``table.full`` (False: watching is fine).
    ``seat``: the seat asked for (``play --seat N``): ``seat.taken`` when it is not free while another
    is; a full table is ``table.full`` whatever seat was asked (the server says the same).
    ``ours``: the protocol version this client speaks (tests pass another one).
    """
    from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidProxy, InvalidURI
    from websockets.sync.client import connect

    proxy = proxy_for(invite.join_url)  # None on this machine and the LAN: never the system proxy (16.6)
    try:
        ws = connect(invite.join_url, open_timeout=timeout, close_timeout=1,  # a proxy setting websockets
                     max_size=p.SERVER_LIMITS.max_bytes, proxy=checked_proxy(invite.join_url))  # cannot use: an OSError
    except Exception as exc:  # noqa: BLE001 - whatever opening meets is said as a failure to reach the table
        expected = (OSError, TimeoutError, InvalidHandshake, InvalidURI,
                    InvalidProxy,  # a bad https_proxy
                    ConnectionClosed)  # closed during the opening handshake: a traceback once, not a message
        if not isinstance(exc, expected):  # attacker s10: a SOCKS proxy sending 100 KB of junk after its
            # handshake ended in websockets' own AssertionError and a traceback: never shown to the person
            log.info("opening %s failed inside the websocket library: %r", invite.join_url, exc)
        cut = UpgradeCut(str(exc)) if isinstance(exc, ConnectionClosed) else exc  # wss://: a front refusing us
        raise CheckFailed(connect_failure(cut, invite.host, invite.port, proxy,
                                          secure=invite.join_url.lower().startswith("wss:")),
                          silent=isinstance(exc, TimeoutError)) from None
    try:
        with ws:
            return _converse(ws, invite, want_seat, timeout, ours, seat)
    except (ConnectionClosed, OSError, TimeoutError, p.FrameError) as exc:
        raise CheckFailed(connect_failure(exc, invite.host, invite.port, proxy),
                          silent=isinstance(exc, TimeoutError)) from None


def _converse(ws: Any, invite: Invite, want_seat: bool, timeout: float, ours: int, seat: int | None) -> TableInfo:
    ws.send(p.encode(p.Hello(protocol_version=ours, client="doublenine-check")))
    _expect(ws, invite, timeout, ours, p.Welcome)
    ws.send(p.encode(p.Spectate(code=invite.code)))
    _expect(ws, invite, timeout, ours, p.Joined)
    snapshot = _expect(ws, invite, timeout, ours, p.Snapshot)
    free = [int(s.seat) for s in snapshot.table.seats if s.kind == "human" and not s.claimed]
    ws.send(p.encode(p.Leave()))
    if want_seat and not free:
        raise CheckFailed(Failure("table.full", {"code": invite.code}))
    if want_seat and seat is not None and seat not in free:
        raise CheckFailed(Failure("seat.taken", {"code": invite.code, "seat": seat}))
    return TableInfo(snapshot.table.code, len(free))


def _expect(ws: Any, invite: Invite, timeout: float, ours: int, kind: type) -> Any:
    """The next message of type ``kind`` (skipping others) within ``timeout`` seconds in all, so a
    server that talks without answering cannot keep the check going; a server Error becomes its failure."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            msg = p.decode_server(ws.recv(timeout=max(0.0, deadline - time.monotonic())))
        except p.FrameError as exc:
            if p.unknown_message(exc):  # a newer server's other message: skipped (docs/protocol.md)
                continue
            raise
        if isinstance(msg, p.Error):
            theirs = (msg.data or {}).get("server")
            raise CheckFailed(from_server_error(msg.code, host=invite.host, port=invite.port, table=invite.code,
                                                ours=ours, theirs=theirs if isinstance(theirs, int) else None,
                                                data=msg.data),
                              wait=refusal_wait(msg.data) if retry_refusal(str(msg.code), False, msg.data) else None,
                              code=str(msg.code))
        if isinstance(msg, kind):
            return msg


class TableCheck:
    """:func:`check_arrival` in a background thread; poll :attr:`done`, then read ``info`` or ``failure``."""

    def __init__(self, invite: Invite, want_seat: bool = True) -> None:
        self.invite = invite
        self.info: TableInfo | None = None
        self.failure: Failure | None = None
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(not want_seat,), name="doublenine-check", daemon=True)

    def start(self) -> TableCheck:
        """Start checking; returns self."""
        self._thread.start()
        return self

    @property
    def done(self) -> bool:
        """True once ``info`` or ``failure`` is set."""
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until done (tests); True if done."""
        return self._done.wait(timeout)

    def _run(self, spectate: bool) -> None:
        try:
            self.info = check_arrival(self.invite, spectate=spectate)
        except CheckFailed as exc:
            self.failure = exc.failure
        finally:
            self._done.set()
