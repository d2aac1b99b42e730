"""The connection: a background thread reads the websocket, the UI thread sends.

:class:`NetClient` runs a ``websockets.sync.client`` receive loop in one thread:
each frame is decoded and validated with the protocol adapters and put on
``inbox`` (a ``queue.Queue``), so the window never waits on the network. Only
the UI thread sends, through :meth:`NetClient.send`. A lost connection is
reported on the inbox ("Connection lost: reconnecting…", the table stays
drawn, Leave stays available), then retried as shared/reconnect.py says
(0.5 s doubling to 10 s, jittered, for 10 minutes); once seated, the retry
rejoins with the seat token (D7), also through a server stop (1001), the "table
moved" close code and ``UNKNOWN_TABLE`` during a failover (issue 12). Only a
deliberate end (close code 4010: the host closed its window; 4002: the seat is
played from another window), a refusal waiting cannot change, a server never
reached before the first seat, a certificate this computer does not trust (also
after a seat: waiting never makes it trusted), or minutes without the table are
put on the inbox as a :class:`~.store.Failed` with a shared/failures.py key; a
TLS failure is said as such (``net.certificate``, ``net.tls``), never as "the
host stopped the game".
:class:`NetSession` is what a scene holds: the inbox drained into
:class:`ClientState` by ``reduce``, intents encoded with the table's ``seq``
(STALE protection) and a unique id.
"""
from __future__ import annotations

import itertools
import logging
import queue
import threading
import time
import uuid
from collections.abc import Callable
from typing import Any

from doublenine.shared import protocol as p
from doublenine.shared.badframes import ResyncPacer, SkipReporter
from doublenine.shared.convert import intent_for
from doublenine.shared.moves import DrawPick

from .intents import (
    Answer, AskCoach, AskHint, Back, CloseIt, Control, Decide, HandOver, Intent, Nudge, Pause, Resay, Say, Withdraw,
)
from doublenine.shared.dialing import checked_proxy, proxy_for
from doublenine.shared.failures import (Failure, FailureError, UpgradeCut, connect_failure, from_server_error,
                                        tls_failure, unreachable)
from doublenine.shared.reconnect import (NOBODY_SECONDS, NOBODY_TRIES, REPLACED, Backoff, Reconnector, ends_game,
                                         nobody_listens, refusal_wait, retry_after, retry_dial, retry_refusal,
                                         told_to_wait, told_to_wait_http, watch_retry)
from doublenine.shared.refusals import store_failing

from .missed import played_while_away
from .store import UNDELIVERED, ClientState, Connection, Failed, Saying, reduce, review_of, unseen_chat

log = logging.getLogger(__name__)

INBOX_KEPT = 64
"""Messages the network thread lets wait in :attr:`NetClient.inbox` before it stops reading: the window
drains the inbox every frame (:meth:`NetSession.pump`), so a server sending faster than the window
applies waits in its socket (websockets' ``max_queue``, then the server's slow-reader limit), not in
this process's memory (attacker s9 F2: every collection a client fills from a server's frames is
bounded)."""


KEEPALIVE = (5.0, 10.0)
"""(ping interval, pong timeout) in seconds of the window's own websocket pings: a link that has gone silent
is noticed within 15 s, "Connection lost: reconnecting..." then, and a move sent meanwhile goes again after
the rejoin. s13 netplayer F3: with the library's 20 s + 20 s the window said "Your turn" for ~37 s over a
dead link. A ping is a few bytes every 5 s; a pong slower than 10 s is a link nobody can play on."""


class _QuietKeepalive(logging.Filter):
    """websockets logs a keepalive timeout as an error with its traceback (s13 netplayer F3: one in the
    terminal at every timeout); it is an ordinary lost connection, which the window says: one info line."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.getMessage() == "keepalive ping failed":
            record.msg, record.args = "keepalive ping unanswered: the connection is lost", ()
            record.levelno, record.levelname, record.exc_info, record.exc_text = logging.INFO, "INFO", None, None
        return True


_WS_LOG = logging.getLogger("doublenine.client.websocket")
_WS_LOG.addFilter(_QuietKeepalive())


FULL = "full"
"""``Connection.why`` of a window asking to watch a table that has all the spectators it takes: it asks
again every minute (shared/reconnect.watch_retry) and the status line says so (stream s16 F3)."""
STORE = "store"
"""``Connection.why`` of a seated window whose rejoin the server refused because its store is down
(``data.store`` "failing"): the status line says the server cannot save moves now (shared/refusals
STORE_FAILING), and the window waits as long as the server answers so (operator s17 F13)."""
WAITING = "wait"
"""``Connection.why`` of a window not yet at its table whose attach the server said to send again later
(``data.retry_ms``): the status line says it waits (panels.status_line), not "Connecting…" for 10 s."""


UNANSWERED_KEPT = 16
"""Most intents :attr:`NetSession.unanswered` keeps waiting for an answer (a window sends one decision at a
time; hints and requests are few): the oldest is forgotten beyond."""


LOGGED_CHARS = 500
"""Longest skipped-frame line the window logs: its fault may quote a server's words (a 4000-character
error detail)."""


def _log_skip(line: str) -> None:
    log.warning("%s", line[:LOGGED_CHARS])


def given_up_minutes(error: Any) -> int | None:
    """The whole minutes (3 at least: D7's long wait) a ``BAD_TOKEN`` refusal of a rejoin says the player had
    been away when their seat was given up at a match's end (``data: {given_up, away}``, docs/protocol.md; a
    server's data, untrusted: a seat 1..4 and whole seconds 0..2^31-1), else None (an old or other refusal)."""
    data = getattr(error, "data", None)
    if str(getattr(error, "code", "")) != "BAD_TOKEN" or not isinstance(data, dict):
        return None
    seat, away = data.get("given_up"), data.get("away")
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (seat, away)) \
            or not 1 <= seat <= 4 or not 0 <= away < 2**31:  # type: ignore[operator]
        return None
    return max(3, away // 60)  # type: ignore[operator]


class Refused(FailureError):
    """The server refused the attach; ``.failure`` says why, ``.error_code`` is the server's code,
    ``.data`` the refusal's facts (untrusted: read with shared/reconnect.refusal_wait)."""

    def __init__(self, failure: Failure, error_code: str, data: object = None) -> None:
        super().__init__(failure)
        self.error_code = error_code
        self.data = data


class NetClient:
    """One websocket to ``url`` attached to a table by ``attach`` (create, join or spectate)."""

    def __init__(self, url: str, attach: p.Model, *, backoff: Backoff | None = None,
                 open_timeout: float = 5.0, fallback: p.Model | None = None,
                 on_joined: Callable[[str, str | None], None] | None = None) -> None:
        self.url = url
        self.attach = attach
        self.fallback = fallback
        """Sent instead when ``attach`` (a rejoin of a remembered table) is refused."""
        self.on_joined = on_joined
        self.inbox: queue.Queue[Any] = queue.Queue()
        self.token: str | None = None
        self.code: str | None = None
        self.claim: int | None = None
        """The seat's grant this window was last given (``joined.claim``), sent back in every rejoin: a window
        the player moved away from is then told its seat is played elsewhere instead of taking it back
        (s13 netplayer F6). None before a seat, or from a server that sends none."""
        self._claims = True
        """False once the server refused a ``rejoin`` carrying ``claim`` (an older version-2 server)."""
        self.given_up: int | None = None
        """The minutes away a held seat's ``rejoin`` was refused for (its seat given up at a match's end,
        :func:`given_up_minutes`) when the ``fallback`` join took a free seat instead: the table window says so
        (``TableScene._tell_given_up``, session 17), as the person would not know why they sit elsewhere."""
        self._names = True
        """False once the server refused a ``spectate`` carrying ``name`` (an older version-2 server)."""
        self._nobody = 0
        """Attempts in a row that found nobody listening (shared/reconnect.nobody_listens)."""
        self._why = ""
        """Why the last connection ended, said with "lost" (:class:`~.store.Connection`): "restart" or ""."""
        self._retry = Reconnector(backoff or Backoff())
        self._open_timeout = open_timeout
        self._leaving_old = False
        self._shut: Failure | None = None
        """The table was closed by hand (``left.closed``, organiser s16 F11): said once its connection ends."""
        self._ws: Any = None
        self._stop = threading.Event()
        self._closed = threading.Event()
        """Set by :meth:`close`: nobody drains the inbox any more, so the thread no longer waits on it."""
        self._thread = threading.Thread(target=self._run, name="doublenine-net", daemon=True)
        self.skips = SkipReporter(_log_skip)
        """Logs skipped server frames boundedly, over every connection (shared/badframes.py, as ``doublenine
        bot`` says them): a hostile server once had the window log 456 lines in 20 s (attacker s9 round 2)."""

    def start(self) -> NetClient:
        """Start the receive thread; returns self."""
        self._thread.start()
        return self

    def send(self, message: p.Model) -> bool:
        """Send one message (UI thread only). False when not connected: the caller shows the banner."""
        ws = self._ws
        if ws is None:
            return False
        try:
            ws.send(p.encode(message))
            return True
        except Exception:  # noqa: BLE001 - any send failure means the socket is gone; the thread reconnects
            return False

    def close(self) -> None:
        """Stop reconnecting, close the socket and wait for the thread."""
        self._stop.set()
        self._closed.set()
        ws = self._ws
        if ws is not None:
            try:
                ws.close()
            except Exception:  # noqa: BLE001 - closing a broken socket
                pass
        if self._thread.is_alive() and threading.current_thread() is not self._thread:
            self._thread.join(timeout=5)

    # ------------------------------------------------------------ thread
    def _run(self) -> None:
        """The thread's body: it never ends without telling the window (a silent end once left
        "Connection lost: reconnecting..." up for good: attacker F2)."""
        try:
            self._connect_loop()
        except BaseException:  # noqa: BLE001 - told below: the window must never wait on a dead thread
            log.exception("the network thread for %s failed", self.url)
            if not self._stop.is_set():
                self._fail(unreachable(*host_port(self.url)))

    def _connect_loop(self) -> None:
        from websockets.exceptions import WebSocketException

        refused: Failure | None = None  # the last refusal of a rejoin, told if the table never returns
        tls: BaseException | None = None  # the last attempt's TLS failure, told if the table never returns
        waiting = WAITING  # what the status line says while not yet at the table (FULL: its spectators are)
        while not self._stop.is_set():
            cause: BaseException | None = None  # why the last connection failed (a TLS failure is said as such)
            self._put(Connection("connecting", "") if self._retry.since is None else
                      Connection("connecting", waiting) if self.code is None else Connection("lost", self._why))
            end: Failure | None = None
            moving = False  # a refusal that says the table exists: retried even before a seat
            wait: float | None = None  # the seconds a refusal asked to wait (data.retry_ms)
            told = False  # a live server answered "wait": the give-up clock starts again (operator s17 F13)
            try:
                end = self._session()
            except Refused as exc:  # said no to this table or seat: retry only what a failover explains, or
                # what the server says to send again later (data.retry_ms: the 10 s seat wait after a leave
                # from this address, a table moving; s14 soak F-bot-restart, the window's join alike)
                full = watch_retry(str(exc.error_code), self.code is None and isinstance(self.attach, p.Spectate))
                if full is None and not retry_refusal(str(exc.error_code), self.token is not None, exc.data):
                    self._fail(exc.failure)
                    break
                refused, moving, wait = exc.failure, True, full if full is not None else refusal_wait(exc.data)
                told = full is not None or told_to_wait(str(exc.error_code), exc.data)
                if self.code is not None:  # seated: the status line says the server's store is down, when it is
                    self._why = STORE if store_failing(exc.data) else "" if self._why == STORE else self._why
                waiting = FULL if full is not None else WAITING
                log.info("%s of %s refused for now (%s): retrying%s", type(self.attach).__name__,
                         self.code or getattr(self.attach, "code", None), exc.error_code,
                         "" if wait is None else f" in {wait:g} s or more")
            except (OSError, WebSocketException, TimeoutError, p.FrameError) as exc:
                log.info("connection to %s lost: %s", self.url, exc)
                cause = exc
            except Exception as exc:  # noqa: BLE001 - anything else ends this connection, not the thread
                log.exception("connection to %s failed", self.url)
                cause = exc
            finally:
                self._ws = None
            if self._stop.is_set():
                break
            if end is not None:  # a deliberate end: the host closed its window, the seat moved away
                self._fail(end)
                break
            secure = self.url.lower().startswith("wss:")
            if self.code is None and not moving:  # never seated: nothing to come back to, say why at once
                self._fail(connect_failure(cause, *host_port(self.url), proxy_for(self.url), secure=secure)
                           if cause is not None else unreachable(*host_port(self.url), proxy_for(self.url)))
                break
            if cause is not None and not retry_dial(cause):  # seated, then a certificate this computer
                # does not trust (the server came back with another one, or someone in between) or a
                # definitive HTTP refusal (403, 404): no wait changes it, the player must act, so say it
                # now, with what to do (the join's words); 502/503/429 are retried (shared/reconnect)
                self._fail(connect_failure(cause, *host_port(self.url), secure=secure))
                break
            # the last attempt's failure counts; a TLS one may hide under the library's exceptions
            tls = cause if cause is not None and tls_failure(cause, secure) is not None else None
            # (behind wss:// a cut upgrade is a TLS front refusing this client, not nobody: shared/failures)
            self._nobody = self._nobody + 1 if nobody_listens(cause) \
                and not (secure and isinstance(cause, UpgradeCut)) else 0
            if self._nobody >= NOBODY_TRIES and self._retry.since is not None \
                    and time.monotonic() - self._retry.since >= NOBODY_SECONDS:
                self._fail(Failure("host.gone", dict(zip(("host", "port"), host_port(self.url)))))
                break
            # never attached, told to come back later: still connecting, the wait said (no "lost" banner)
            self._put(Connection("connecting", waiting) if self.code is None else Connection("lost", self._why))
            delay = self._retry.failed(time.monotonic(), retry_after(cause) if cause is not None else wait,
                                       told or told_to_wait_http(cause))
            if delay is None:  # minutes without the table: the host is gone for good, or its TLS fails
                self._fail(connect_failure(tls, *host_port(self.url), secure=secure) if tls is not None else
                           refused or Failure("host.lost", dict(zip(("host", "port"), host_port(self.url)))))
                break
            self._stop.wait(delay)  # a restarted or new owner gives the seat back to its token (D7)

    def _session(self) -> Failure | None:
        """One connection: handshake, attach, receive until it closes. Returns the failure to tell
        when the server ended the game on purpose, None when the table may still be reached."""
        from websockets.exceptions import ConnectionClosed
        from websockets.sync.client import connect

        from doublenine.shared.invite import table_url

        code = self.code or getattr(self.attach, "code", None)
        url = table_url(self.url, code)
        try:  # directly on this machine and the LAN (issue 16.6)
            opened = connect(url, open_timeout=self._open_timeout, max_size=p.SERVER_LIMITS.max_bytes,
                             proxy=checked_proxy(url), ping_interval=KEEPALIVE[0], ping_timeout=KEEPALIVE[1],
                             logger=_WS_LOG)
        except ConnectionClosed as exc:  # cut before the upgrade was answered: behind wss://, a TLS
            raise UpgradeCut(str(exc)) from exc  # front refusing this client (tls_failure says so)
        with opened as ws:
            try:
                self._handshake(ws)
            except ConnectionClosed:  # 4002 at once: the seat was taken over by the player's newer window
                if ws.close_code == REPLACED:
                    return Failure("seat.replaced", {"code": self.code or ""})
                raise
            self._ws = ws
            self._retry.connected()
            self._put(Connection("connected"))
            try:
                for frame in ws:
                    self._receive(ws, frame)
            except ConnectionClosed:  # any close code: read it below
                pass
            closed = ws.close_code
            self._why = "restart" if restarting(closed, ws.close_reason) else ""
        if self._shut is not None:  # closed by its creator or the operator: nothing to come back to
            return self._shut
        if closed == REPLACED:
            return Failure("seat.replaced", {"code": self.code or ""})
        if ends_game(closed):
            return Failure("host.stopped", dict(zip(("host", "port"), host_port(self.url))))
        return None

    def _put(self, msg: Any) -> None:
        """Put ``msg`` on the inbox for the window, first waiting while :data:`INBOX_KEPT` messages wait
        there already (until :meth:`close`: then it is dropped, as nobody reads it)."""
        while self.inbox.qsize() >= INBOX_KEPT:
            if self._closed.wait(0.02):
                return
        self.inbox.put(msg)

    def _fail(self, failure: Failure) -> None:
        self._stop.set()
        self._put(Failed(failure))

    def _handshake(self, ws: Any) -> None:
        """Hello, then attach; waits at most ``open_timeout`` for each answer (raises Refused, TimeoutError)."""
        ws.send(p.encode(p.Hello(protocol_version=p.PROTOCOL_VERSION, client="doublenine-pygame")))
        welcome = self._next_known(ws)
        if isinstance(welcome, p.Error):
            raise Refused(self._failure_of(welcome), str(welcome.code), welcome.data)
        rejoin = self.token is not None and self.code is not None
        claimed = rejoin and self._claims and self.claim is not None
        watch = self.code if self.code is not None and isinstance(self.attach, p.Spectate | p.CreateTable) else \
            self.attach.code if isinstance(self.attach, p.Spectate) else None
        named = not rejoin and watch is not None and self._names and spectator_name(self.attach) is not None
        if rejoin:
            ws.send(p.encode(p.Rejoin(code=self.code, token=self.token, claim=self.claim if claimed else None)))
        elif watch is not None:  # a spectator, named (spectate.name) unless this server refused the name
            ws.send(p.encode(spectate_frame(watch, spectator_name(self.attach) if named else None)))
        else:
            ws.send(p.encode(self.attach))
        table_named = not rejoin and watch is None and getattr(self.attach, "table_name", None) is not None
        while True:  # until joined: a silent server must not leave "Connecting..." up forever
            msg = self._next_known(ws)
            if claimed and isinstance(msg, p.Error) and str(msg.code) == "WRONG_TYPES":
                self._claims = claimed = False  # an older server: the same rejoin without ``claim``
                ws.send(p.encode(p.Rejoin(code=self.code, token=self.token)))
                continue
            if table_named and isinstance(msg, p.Error) and str(msg.code) == "WRONG_TYPES":
                table_named = False  # club s14: an older version-2 server: the same create_table without its name
                ws.send(p.encode(p.CreateTable.model_validate(
                    self.attach.model_dump(exclude={"table_name"}, exclude_unset=True))))
                continue
            if named and isinstance(msg, p.Error) and str(msg.code) == "WRONG_TYPES":
                self._names = named = False  # an older version-2 server: the same spectate without ``name``
                ws.send(p.encode(p.Spectate(code=watch)))  # type: ignore[arg-type]
                continue
            if isinstance(msg, p.Error) and \
                    not (self.fallback is not None and str(msg.code) in ("UNKNOWN_TABLE", "BAD_TOKEN")):
                raise Refused(self._failure_of(msg), str(msg.code), msg.data)
            self._receive(ws, msg)
            if isinstance(msg, p.Joined):
                return

    def _next_known(self, ws: Any) -> Any:
        """The next server message this client can use, waited for at most ``open_timeout`` in all
        (raises TimeoutError): a newer server's other messages (docs/protocol.md) and bad frames are
        skipped as after joining (attacker F4), and a stream of them never holds "Connecting..." up."""
        deadline = time.monotonic() + self._open_timeout
        while True:
            try:
                return p.decode_server(ws.recv(timeout=max(0.0, deadline - time.monotonic())))
            except p.FrameError as exc:  # a newer server's other message: skipped unsaid (docs/protocol.md)
                if not p.unknown_message(exc):
                    self.skips.skipped(str(exc))

    def _failure_of(self, error: p.Error) -> Failure:
        """The person's message for a server refusal while attaching (shared/failures.py keys): always
        the sentence for ``error.code`` in the player's language; the server's English ``detail`` goes
        to the log only (bounded: it comes from outside)."""
        log.info("%s refused by %s: %s %r", type(self.attach).__name__, self.url, error.code, error.detail[:200])
        host, port = host_port(self.url)
        code = getattr(self.attach, "code", None) or self.code or ""
        if str(error.code) == "SEAT_TAKEN":
            return Failure("seat.taken", {"code": code, "seat": getattr(self.attach, "seat", None) or "?"})
        given = given_up_minutes(error)
        if given is not None:  # session 17: the seat was given up at the match's end, the table is open
            return Failure("seat.given_up", {"code": code, "minutes": given})
        if str(error.code) in ("BAD_TOKEN",) or (str(error.code) == "UNKNOWN_TABLE" and self.token is not None):
            return Failure("table.closed", {"code": code, "host": host, "port": port})
        theirs = (error.data or {}).get("server")
        return from_server_error(str(error.code), host=host, port=port, table=code, ours=p.PROTOCOL_VERSION,
                                 theirs=theirs if isinstance(theirs, int) else None, data=error.data)

    def _receive(self, ws: Any, frame: Any) -> None:
        try:
            msg = frame if isinstance(frame, p.Model) else p.decode_server(frame)
        except p.FrameError as exc:  # a message type of a newer server is skipped as well, unsaid (docs/protocol.md)
            if not p.unknown_message(exc):
                self.skips.skipped(str(exc))
            return
        if isinstance(msg, p.Joined):
            self.code = msg.code
            self.token = msg.token or self.token
            self.claim = msg.claim if msg.seat is not None else None
            if self.on_joined is not None and self.fallback is None:
                self.on_joined(msg.code, msg.token)
        elif isinstance(msg, p.Snapshot) and self.fallback is not None:
            if _over(msg):
                self._start_fresh(ws)  # the remembered match is over: a new one, quietly
                return
            self.fallback = None
            if self.on_joined is not None and self.code is not None:
                self.on_joined(self.code, self.token)
        elif isinstance(msg, p.Error) and self.fallback is not None and str(msg.code) in ("UNKNOWN_TABLE", "BAD_TOKEN"):
            self.given_up = given_up_minutes(msg)  # session 17: the seat was given up: said at the new seat
            self._start_fresh(ws)  # the remembered table is gone
            return
        elif isinstance(msg, p.LeftTable) and self._leaving_old:
            self._leaving_old = False
            return
        elif isinstance(msg, p.LeftTable) and msg.closed is not None:
            self._shut = Failure(f"table.closed_by.{msg.closed}", {"code": msg.code})
        self._put(msg)

    def _start_fresh(self, ws: Any) -> None:
        """Drop the remembered table (gone or finished) and send the fallback attach instead."""
        if self.code is not None:
            ws.send(p.encode(p.Leave()))
            self._leaving_old = True
        self.code = self.token = None
        self.fallback, self.attach = None, self.fallback
        ws.send(p.encode(self.attach))


def restarting(close_code: int | None, reason: str | None) -> bool:
    """The server closed saying it restarts: 1012 (RFC 6455 "service restart"), or 1001 with
    docs/protocol.md's "server shutting down" (1001 "table closed" is an idle table's close, no restart)."""
    return close_code == 1012 or (close_code == 1001 and (reason or "").startswith("server shutting down"))


def _over(msg: Any) -> bool:
    """True when a snapshot shows a finished match (R19)."""
    from doublenine.shared.convert import view_from_wire
    from doublenine.shared.state import Phase
    try:
        return view_from_wire(msg).phase is Phase.MATCH_OVER
    except Exception:  # noqa: BLE001 - an unreadable snapshot is the reducer's business, not a reason to leave
        return False


def host_port(url: str) -> tuple[str, int]:
    """``(host, port)`` of a websocket URL, for messages; ``(url, 0)`` when it cannot be read."""
    from urllib.parse import urlsplit
    try:
        parts = urlsplit(url)
        return parts.hostname or url, parts.port or (443 if parts.scheme == "wss" else 80)
    except ValueError:
        return url, 0


def spectate_frame(code: str, name: str | None) -> p.Spectate:
    """``spectate{code, name}``, ``name`` left out of the frame when None or "" (the field takes no null)."""
    return p.Spectate(code=code, **({"name": name} if name else {}))


def spectator_name(attach: p.Model) -> str | None:
    """The name a spectator's window gives in ``spectate.name`` (the chat says it): a ``Spectate``'s own, or
    the name of a ``CreateTable`` whose creator watches; None for none."""
    return attach.name if isinstance(attach, p.Spectate) or watches(attach) else None  # type: ignore[attr-defined]


def watches(attach: p.Model) -> bool:
    """D8: ``attach`` takes no seat (a ``Spectate``, or a ``CreateTable`` with no ``sit``)."""
    return isinstance(attach, p.Spectate) or (isinstance(attach, p.CreateTable) and attach.sit is None)


class NetSession:
    """A scene's link to the server: ``state`` from the inbox, ``send`` for intents."""

    def __init__(self, client: NetClient, state: ClientState | None = None, *, keeps_seat: bool = True,
                 others_return: bool = True) -> None:
        """``others_return``: False where nobody else can reach the server (``ClientState.others_return``)."""
        self.client = client
        self.state = state or ClientState(connection="connecting", watching=watches(client.attach),
                                          starts=not isinstance(client.attach, p.Join), others_return=others_return,
                                          created=isinstance(client.attach, p.CreateTable))
        self.keeps_seat = keeps_seat
        """Whether the seat's token is kept for a return (the player's settings remember it: the
        client's ``on_joined``). False (``play --autoplay``, which remembers nothing): nothing could
        ever come back to the seat, so :meth:`close` always gives it up."""
        self._ids = itertools.count(1)
        self._prefix = uuid.uuid4().hex[:8]
        self.resyncs = ResyncPacer()
        """When a snapshot may be asked for again (shared/badframes.py, as ``doublenine bot``)."""
        self.reopened = isinstance(client.attach, p.Rejoin)
        """This window came back to a seat it held (a rejoin with the kept token: the game started again, the
        start screen's Back to your match): its first view may show the hand's end it missed (client.missed)."""
        self.played_away: tuple[Any, ...] = ()
        """D7: this seat's moves the computer made while the connection was lost (client.missed), set at a
        rejoin's snapshot; the table scene says them once and empties it."""
        self.clock: Callable[[], float] = time.monotonic
        """Seconds, for :attr:`resyncs` (tests pass a fake clock)."""
        self.steps: list[ClientState] = []
        """The states :meth:`pump` passed through whose view changed, oldest first, until the table scene
        takes them (client.pacing shows each play in turn; a frame's batch of moves is not one jump)."""
        self.unanswered: dict[str, tuple[p.Model, int, bool]] = {}
        """Intents sent (or meant to be sent) whose answer has not come, by ``intent_id``: (the message as
        sent, its ``expected_seq``, whether it is a move of this seat). An answer is an ``error`` naming the
        id, or the table's ``seq`` moving past the message's (its update, or another that made it stale).
        s13 netplayer F4: a play written on a link that was silently dead was lost and the window never
        said so. After a rejoin each is sent again unchanged (:meth:`_resend`): the server applies an
        ``intent_id`` once only (``DUPLICATE``) and refuses an old ``expected_seq`` (``STALE``), so a move
        can never count twice, and one that did not reach the table is said (:data:`store.UNDELIVERED`).
        At most :data:`UNANSWERED_KEPT`."""
        self._resent: set[str] = set()
        """Ids of :attr:`unanswered` sent again after a rejoin: their refusal is said, not shown raw."""
        self._rejoining = False
        """The connection was lost since the last snapshot: the next snapshot is a rejoin's."""
        self._answers: dict[str, p.Model] = {}
        """Answers to a request sent, which carry no ``intent_id`` (a consent, a request taken back, "I'm
        back"), by what they answer: after a rejoin each goes again while the rejoin's snapshot shows it still
        unanswered (the prompt still waits for this seat; this seat's request still open; the computer still
        playing for it), idempotent by its ``request_id`` (kind: intents sent without knowing they arrived).
        Also a start, a coach review asked and an open panel (s15): after a rejoin each goes again while the
        snapshot shows it unanswered (the table not started; no review received; the server closed the panel
        with the lost connection, so the computers no longer waited for the reader)."""
        self.talk: dict[str, p.Model] = {}
        """Chat lines and nudges sent whose answer has not come, by ``intent_id``, oldest first: the
        sender's own copy (a ``chat`` line with ``mine``, a ``nudge`` by this seat) or an ``error`` naming
        the id. s15: a line said on a silently dead link was lost and nobody said so. After a rejoin each
        goes again unchanged (:meth:`_resend`); the server says each ``intent_id`` once (``DUPLICATE``
        for one it had: the rejoin's history shows it), so nothing is said twice. At most
        :data:`UNANSWERED_KEPT`."""
        self._talk_ids = True
        """False once the server refused a chat's or nudge's ``intent_id`` (``WRONG_TYPES``: a version-2
        server before s15): they go without one from then on, as before."""
        self.unsent: dict[str, p.Model] = {}
        """Chat lines and nudges that will not arrive as said, by ``intent_id``, oldest first: the server
        refused them (its chat rate, a hand begun at a phrases-only table, its store, the table moving; not
        ``DUPLICATE``: that one was said) or the connection ended for good (``failure``) with them in
        :attr:`talk`. Shown "Not sent" (``ClientState.saying``); :meth:`retry` says the lines again. At most
        :data:`UNANSWERED_KEPT`."""

    def pump(self, limit: int = 500) -> bool:
        """Drain the inbox into the state without waiting; True if anything changed. A message that does
        not fit the match is skipped and said as the network thread says bad frames (boundedly:
        :attr:`NetClient.skips`); a snapshot is asked for (``resync``) when the state wants one and
        :attr:`resyncs` allows it: at most one per wait, doubling from 0.25 to 5 s while frames keep not
        fitting, the same policy as ``doublenine bot`` (shared/badframes.py)."""
        changed = False
        batch: list[Any] = []
        for _ in range(limit):
            try:
                batch.append(self.client.inbox.get_nowait())
            except queue.Empty:
                break
        told = self._talk_answers(batch)  # before unseen_chat drops a frame: every own copy answers one
        for msg in unseen_chat(batch):  # chat lines a later frame pushes out are never cleaned (F3)
            if any(msg is t for t in told):
                continue  # a line or nudge sent again that the server had already: nothing to show
            if isinstance(msg, Connection) and msg.status == "lost":
                self._rejoining = True
            before = self.state
            if isinstance(msg, p.Error) and msg.intent_id is not None and self._answered_error(msg):
                continue  # a resent intent already applied: nothing to show
            try:
                new = reduce(self.state, msg)
            except Exception as exc:  # a server's frame that fits the schema but not the match: never crash
                self.client.skips.skipped(f"{type(msg).__name__} does not fit the view held ({type(exc).__name__})")
                from dataclasses import replace
                new = replace(self.state, resync=isinstance(msg, p.Update) or self.state.resync)
            else:
                if isinstance(msg, p.Update) and not new.resync:
                    self.resyncs.fitted()
            if isinstance(msg, p.Update) or (isinstance(msg, p.Snapshot) and not self._rejoining):
                self._answered_by(new.seq)  # a rejoin's snapshot answers nothing: its intents go again
                self._answered_privately(new)
            if new.failure is not None and self.talk:  # the end for good: what waited will never go
                self.unsent.update(self.talk)
                self.talk.clear()
                self._bound_unsent()
            new = self._with_talk(self._with_sending(new))
            changed = changed or new is not self.state
            if new.view is not self.state.view:  # each move its own moment (client.pacing)
                self.steps.append(new)
                del self.steps[:-64]  # a scene that never takes them keeps a bounded few
            self.state = new
            if isinstance(msg, p.Snapshot) and self._rejoining:
                self._rejoining = False
                # D7 (evening s16 F1): what the computer played for this seat while the link was down, said once
                self.played_away = played_while_away(before.view, new.view,
                                                     (m for m, _, decide in self.unanswered.values() if decide))
                self._resend()
        talked = self._with_talk(self.state)  # a batch whose answers were all taken out of it still answers
        if talked is not self.state:
            self.state, changed = talked, True
        if self.state.resync and self.resyncs.due(self.clock()):
            from dataclasses import replace
            if self.client.send(p.Resync()):
                self.state = replace(self.state, resync=False)
        return changed

    def send(self, intent: Intent) -> bool:
        """Encode ``intent`` against the last applied ``seq`` and send it. An intent the server answers
        (one with an ``intent_id``: a decision, a hint, a control, a hand-over) is kept in
        :attr:`unanswered` until its answer comes, also when it could not be sent now (False: the
        connection is lost): it goes out again after the rejoin (:meth:`_resend`)."""
        if isinstance(intent, Resay):
            return self.retry()
        msg = self.encode(intent)
        if msg is None:
            return False
        if isinstance(intent, Answer | Withdraw | Back | Pause | AskCoach) or isinstance(msg, p.Start):
            key = "back" if isinstance(intent, Back) else "panel" if isinstance(intent, Pause) \
                else "start" if isinstance(msg, p.Start) else f"coach:{intent.match}:{intent.hand}" \
                if isinstance(intent, AskCoach) else f"{type(intent).__name__}:{intent.request_id}"
            self._answers.pop(key, None)
            self._answers[key] = msg
            while len(self._answers) > UNANSWERED_KEPT:
                self._answers.pop(next(iter(self._answers)))
        iid = getattr(msg, "intent_id", None)
        if iid is not None and isinstance(intent, Decide | AskHint | Control | HandOver):
            self.unanswered[iid] = (msg, int(getattr(msg, "expected_seq", self.state.seq)), isinstance(intent, Decide))
            while len(self.unanswered) > UNANSWERED_KEPT:
                self.unanswered.pop(next(iter(self.unanswered)))
            self.state = self._with_sending(self.state)
        if isinstance(msg, p.Chat | p.Nudge) and msg.intent_id is not None:
            self.talk[msg.intent_id] = msg
            while len(self.talk) > UNANSWERED_KEPT:
                self.talk.pop(next(iter(self.talk)))
            if self.state.failure is not None:  # no connection will come: not sent, at once
                self.unsent[msg.intent_id] = self.talk.pop(msg.intent_id)
                self._bound_unsent()
            self.state = self._with_talk(self.state)  # shown at once, "Sending…" (ClientState.saying)
        return self.client.send(msg)

    def retry(self) -> bool:
        """The chat panel's Retry: every chat line of :attr:`unsent` said again, oldest first, each with a new
        ``intent_id`` (the refused one was never said); unsent nudges are dropped (the wait card's Nudge asks
        again). True when something was sent now (False: the connection is down; the lines wait in
        :attr:`talk` for the rejoin, or stay unsent when it ended for good)."""
        said, self.unsent = list(self.unsent.values()), {}
        sent = False
        for msg in said:
            if isinstance(msg, p.Chat):
                sent = self.send(Say(text=msg.text, phrase=msg.phrase)) or sent
        self.state = self._with_talk(self.state)
        return sent

    def _bound_unsent(self) -> None:
        while len(self.unsent) > UNANSWERED_KEPT:
            self.unsent.pop(next(iter(self.unsent)))

    def _with_talk(self, state: ClientState) -> ClientState:
        """``state`` with :attr:`ClientState.saying` holding :attr:`talk` and :attr:`unsent` (oldest first)."""
        def saying(iid: str, msg: p.Model, unsent: bool) -> Saying:
            if isinstance(msg, p.Nudge):
                return Saying(iid, nudge=int(msg.seat), unsent=unsent)
            return Saying(iid, text=getattr(msg, "text", None), phrase=getattr(msg, "phrase", None), unsent=unsent)
        now = tuple([saying(i, m, True) for i, m in self.unsent.items()]
                    + [saying(i, m, False) for i, m in self.talk.items()])
        if now == state.saying:
            return state
        from dataclasses import replace
        return replace(state, saying=now)

    def _talk_answers(self, batch: list[Any]) -> list[Any]:
        """Take the answers to :attr:`talk` out of ``batch`` (oldest first, as the server answers one
        connection's frames in order): the sender's own copy of a line (``mine``) answers the oldest chat
        line waiting, a ``nudge`` by this seat the oldest nudge of that seat, an ``error`` its
        ``intent_id``. Returns the errors the window shows nothing of: ``DUPLICATE`` for one sent again
        after a rejoin (it was said before the link died: the rejoin's history shows it) and an older
        server's ``WRONG_TYPES`` for the ``intent_id`` (each is sent again without it)."""
        told: list[Any] = []
        me = getattr(self.state.view, "seat", None)
        for msg in batch:
            if isinstance(msg, p.ChatLines) and not msg.history:
                for _ in range(sum(1 for line in msg.lines if line.mine)):
                    self._answer_talk(lambda m: isinstance(m, p.Chat))
            elif isinstance(msg, p.Nudged) and me is not None and int(msg.by) == int(me):
                self._answer_talk(lambda m, seat=int(msg.seat): isinstance(m, p.Nudge) and m.seat == seat)
            elif isinstance(msg, p.Error) and msg.intent_id is not None and str(msg.intent_id) in self.talk:
                iid = str(msg.intent_id)
                said = self.talk.pop(iid)
                resent = iid in self._resent
                self._resent.discard(iid)
                if str(msg.code) == "WRONG_TYPES" and self._talk_ids:
                    self._talk_ids = False  # an older version-2 server: say it again without the id
                    fields = said.model_dump(mode="json", exclude_unset=True)
                    fields.pop("intent_id", None)
                    self.client.send(type(said)(**fields))
                    told.append(msg)
                elif resent and str(msg.code) == "DUPLICATE":
                    told.append(msg)
                elif str(msg.code) not in ("DUPLICATE", "WRONG_TYPES"):  # refused: it was not said
                    self.unsent[iid] = said
                    self._bound_unsent()
        return told

    def _answer_talk(self, answers: Callable[[p.Model], bool]) -> None:
        """Drop the oldest of :attr:`talk` that ``answers`` matches."""
        iid = next((i for i, m in self.talk.items() if answers(m)), None)
        if iid is not None:
            del self.talk[iid]
            self._resent.discard(iid)

    def _with_sending(self, state: ClientState) -> ClientState:
        """``state`` with :attr:`ClientState.sending` saying whether a move of this seat is unanswered."""
        sending = any(move for _, _, move in self.unanswered.values())
        if state.sending is sending:
            return state
        from dataclasses import replace
        return replace(state, sending=sending)

    def _answered_by(self, seq: int) -> None:
        """The table's ``seq`` is now ``seq``: every intent sent against an older one is answered (applied,
        or stale: the server says so to the sender, and the window decides again from the new view)."""
        for iid in [i for i, (_, expected, _) in self.unanswered.items() if expected < seq]:
            del self.unanswered[iid]
            self._resent.discard(iid)

    def _answered_privately(self, state: ClientState) -> None:
        """R10: the review accept is answered by a private update at the same ``seq`` (server.fanout: only
        the answering seat hears of it, and ``seq`` moves only with the fourth answer), so
        :meth:`_answered_by` never sees it answered: the seat's view saying it has answered is the answer.
        New user s14: "Sending your move…" 18 s and more under "Bo is disconnected" after Accept the hand,
        until the hand-over let the computer answer for Bo. Kind: a pending state that outlives its answer
        (every other decision moves ``seq``; a hint, a control, a hand-over are not moves)."""
        from doublenine.shared.state import Phase
        from doublenine.shared.views import SeatView

        view = state.view
        if not isinstance(view, SeatView) or view.phase is not Phase.REVIEW or not view.answered:
            return
        for iid in [i for i, (msg, _, _) in self.unanswered.items() if isinstance(msg, p.ReviewHand)]:
            del self.unanswered[iid]
            self._resent.discard(iid)

    def _answered_error(self, error: p.Error) -> bool:
        """An ``error`` naming one of :attr:`unanswered`: it is answered. True when the window shows nothing
        of it: an intent sent again after a rejoin that the server had applied (``DUPLICATE``: it counted
        once, before the connection dropped) or a resent hint or request no longer valid. A resent move
        refused otherwise (``STALE``: the table moved on without it) sets :data:`store.UNDELIVERED`, said
        by the status line until the next update: "Your move did not reach the table"."""
        iid = str(error.intent_id)
        kept = self.unanswered.pop(iid, None)
        if kept is not None and str(error.code) == "BAD_POSITION" and self._draw_another(kept[0]):
            self._resent.discard(iid)
            return True
        if kept is None or iid not in self._resent:
            return False
        self._resent.discard(iid)
        from dataclasses import replace
        if str(error.code) != "DUPLICATE" and kept[2]:
            self.state = replace(self.state, error=UNDELIVERED)
        self.state = self._with_sending(self.state)
        return True

    def _draw_another(self, msg: p.Model) -> bool:
        """R3: an opening-draw pick refused because the other drawer took that face-down tile first: every
        face-down tile is as unknown as another, so the free one nearest to it is taken instead (s13
        netplayer F8: over a slow link the pick was refused "That face-down tile is taken or not there" and
        the grid moved under the pointer). True when one was sent."""
        view = self.state.view
        position = getattr(msg, "position", None)
        if getattr(msg, "type", "") != "draw" or view is None or view.seat is None or not isinstance(position, int):
            return False
        free = [d.position for d in view.legal_decisions() if isinstance(d, DrawPick)]
        if not free:
            return False
        self.send(Decide(DrawPick(view.seat, min(free, key=lambda x: (abs(x - position), x)))))
        return True

    def _resend(self) -> None:
        """After a rejoin's snapshot: every :attr:`unanswered` intent sent again as it was (same
        ``intent_id``, same ``expected_seq``), so the server applies what it never received, refuses what
        it had applied (``DUPLICATE``) or what the table moved past (``STALE``), each said by
        :meth:`_answered_error`. D7, docs/protocol.md "Sequence numbers, staleness, duplicates"."""
        for iid, (msg, _, _) in list(self.unanswered.items()):
            self._resent.add(iid)
            self.client.send(msg)
        for iid, said in list(self.talk.items()):  # chat lines and nudges: the server says each id once
            self._resent.add(iid)
            self.client.send(said)
        state, answers, self._answers = self.state, self._answers, {}
        for key, msg in answers.items():
            what, _, rid = key.partition(":")
            if (what == "Answer" and any(c.request_id == rid for c in state.consent)) \
                    or (what == "Withdraw" and state.asking is not None and state.asked_id == rid) \
                    or (what == "back" and (state.playing_for_me or state.handing_me_over)) \
                    or (what == "start" and not state.started) \
                    or (what == "coach" and review_of(state, *map(int, rid.split(":"))) is None) \
                    or (what == "panel" and getattr(msg, "open", False)):
                self.client.send(msg)  # its request still waits for it: it never arrived
                if what == "panel":
                    self._answers[key] = msg  # still open: a later rejoin opens it again too

    def encode(self, intent: Intent) -> p.Model | None:
        """The protocol message for ``intent`` (None before the first snapshot)."""
        seq = self.state.seq
        iid = f"{self._prefix}-{next(self._ids)}"
        if isinstance(intent, Pause):
            return p.Panel(open=intent.on)
        if isinstance(intent, Answer):
            return p.Consent(request_id=int(intent.request_id), accept=intent.accept)
        if isinstance(intent, Withdraw):
            return p.CancelRequest(request_id=int(intent.request_id))
        if isinstance(intent, Control) and intent.what == "start":
            return p.Start()
        if isinstance(intent, CloseIt):
            return p.CloseTable(code=self.state.table, unlist=intent.unlist) if self.state.table else None
        tag = {"intent_id": iid} if isinstance(intent, Say | Nudge) and self._talk_ids else {}  # s15: resent once
        if isinstance(intent, Say):
            said = {"text": intent.text} if intent.text is not None else {"phrase": intent.phrase}
            return p.Chat(**said, **tag)  # type: ignore[arg-type]
        if isinstance(intent, Nudge):
            return p.Nudge(seat=intent.seat, **tag)
        if isinstance(intent, Back):
            return p.Back()
        if isinstance(intent, AskCoach):
            return p.AskCoach(match=intent.match, hand=intent.hand)
        if seq < 0:
            return None
        if isinstance(intent, Decide):
            return intent_for(intent.decision, seq, iid)  # type: ignore[no-any-return]
        if isinstance(intent, HandOver):
            return p.HandOver(expected_seq=seq, intent_id=iid, seat=intent.seat)
        if isinstance(intent, AskHint):
            return p.AskHint(expected_seq=seq, intent_id=iid)
        if isinstance(intent, Control):
            cls: Callable[..., p.Model] = {"undo": p.Undo, "redo": p.Redo, "restart": p.Restart,
                                           "new_match": p.NewMatch}[intent.what]
            return cls(expected_seq=seq, intent_id=iid)
        return None

    def close(self, leave: bool = True) -> None:
        """Close the connection; with ``leave`` give the seat up first (else the seat waits, D7), and
        always when the seat's token is not kept (:attr:`keeps_seat`): a seat kept for a return that
        nothing can make was held at that server for good, and the other players' new match waited
        for its consent (as ``doublenine bot`` gives its seat up: server/netbot.SeatKeeper.leave)."""
        if leave or not self.keeps_seat:
            self.client.send(p.Leave())
        self.client.close()
