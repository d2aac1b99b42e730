"""The connection: a background thread reads the websocket, the UI thread sends.

:class:`NetClient` runs a ``websockets.sync.client`` receive loop in one thread:
each frame is decoded and validated with the protocol adapters and put on
``inbox`` (a ``queue.Queue``), so the window never waits on the network. Only
the UI thread sends, through :meth:`NetClient.send`. A lost connection is
reported on the inbox, then retried with growing delays; once seated, the
retry rejoins with the seat token (D7). :class:`NetSession` is what a scene
holds: the inbox drained into :class:`ClientState` by ``reduce``, intents
encoded with the table's ``seq`` (STALE protection) and a unique id.
"""
from __future__ import annotations

import itertools
import logging
import queue
import threading
import uuid
from collections.abc import Callable
from typing import Any

from doublenine.shared import protocol as p
from doublenine.shared.convert import intent_for

from .intents import Answer, AskHint, Control, Decide, HandOver, Intent, Pause
from .store import ClientState, Connection, reduce

log = logging.getLogger(__name__)

BACKOFF = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)
"""Seconds between reconnection attempts, the last one repeated."""


class NetClient:
    """One websocket to ``url`` attached to a table by ``attach`` (create, join or spectate)."""

    def __init__(self, url: str, attach: p.Model, *, backoff: tuple[float, ...] = BACKOFF,
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
        self._backoff = backoff
        self._open_timeout = open_timeout
        self._ws: Any = None
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="doublenine-net", daemon=True)

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
        from websockets.exceptions import WebSocketException
        from websockets.sync.client import connect

        failures = 0
        while not self._stop.is_set():
            self.inbox.put(Connection("connecting" if failures == 0 else "lost"))
            try:
                with connect(self.url, open_timeout=self._open_timeout, max_size=2**20) as ws:
                    self._handshake(ws)
                    self._ws = ws
                    failures = 0
                    self.inbox.put(Connection("connected"))
                    for frame in ws:
                        self._receive(ws, frame)
            except (OSError, WebSocketException, TimeoutError, p.FrameError) as exc:
                log.info("connection to %s lost: %s", self.url, exc)
            finally:
                self._ws = None
            if self._stop.is_set():
                break
            self.inbox.put(Connection("lost"))
            delay = self._backoff[min(failures, len(self._backoff) - 1)]
            failures += 1
            self._stop.wait(delay)

    def _handshake(self, ws: Any) -> None:
        ws.send(p.encode(p.Hello(protocol_version=p.PROTOCOL_VERSION, client="doublenine-pygame")))
        welcome = p.decode_server(ws.recv(timeout=self._open_timeout))
        if isinstance(welcome, p.Error):
            self.inbox.put(welcome)
            self._stop.set()  # another protocol version: retrying cannot help
            raise p.FrameError(welcome.code, welcome.detail)
        if self.token is not None and self.code is not None:
            ws.send(p.encode(p.Rejoin(code=self.code, token=self.token)))
        elif self.code is not None and isinstance(self.attach, p.Spectate | p.CreateTable):
            ws.send(p.encode(p.Spectate(code=self.code)))
        else:
            ws.send(p.encode(self.attach))

    def _receive(self, ws: Any, frame: Any) -> None:
        try:
            msg = p.decode_server(frame)
        except p.FrameError as exc:
            log.warning("bad frame from server: %s", exc)
            return
        if isinstance(msg, p.Joined):
            self.code = msg.code
            self.token = msg.token or self.token
            self.fallback = None
            if self.on_joined is not None:
                self.on_joined(msg.code, msg.token)
        elif isinstance(msg, p.Error) and self.fallback is not None and self.code is None \
                and str(msg.code) in ("UNKNOWN_TABLE", "BAD_TOKEN"):
            self.fallback, self.attach = None, self.fallback
            ws.send(p.encode(self.attach))
            return
        self.inbox.put(msg)


class NetSession:
    """A scene's link to the server: ``state`` from the inbox, ``send`` for intents."""

    def __init__(self, client: NetClient, state: ClientState | None = None) -> None:
        self.client = client
        self.state = state or ClientState(connection="connecting")
        self._ids = itertools.count(1)
        self._prefix = uuid.uuid4().hex[:8]

    def pump(self, limit: int = 500) -> bool:
        """Drain the inbox into the state without waiting; True if anything changed."""
        changed = False
        for _ in range(limit):
            try:
                msg = self.client.inbox.get_nowait()
            except queue.Empty:
                break
            new = reduce(self.state, msg)
            changed = changed or new is not self.state
            self.state = new
        if self.state.resync:
            from dataclasses import replace
            if self.client.send(p.Resync()):
                self.state = replace(self.state, resync=False)
        return changed

    def send(self, intent: Intent) -> bool:
        """Encode ``intent`` against the last applied ``seq`` and send it."""
        msg = self.encode(intent)
        return msg is not None and self.client.send(msg)

    def encode(self, intent: Intent) -> p.Model | None:
        """The protocol message for ``intent`` (None before the first snapshot)."""
        seq = self.state.seq
        iid = f"{self._prefix}-{next(self._ids)}"
        if isinstance(intent, Pause):
            return p.Panel(open=intent.on)
        if isinstance(intent, Answer):
            return p.Consent(request_id=int(intent.request_id), accept=intent.accept)
        if isinstance(intent, Control) and intent.what == "start":
            return p.Start()
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
        """Close the connection; with ``leave`` give the seat up first (else the seat waits, D7)."""
        if leave:
            self.client.send(p.Leave())
        self.client.close()
