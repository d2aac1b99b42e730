"""A headless network client: keeps its own view from the frames it receives and can play
its seat with the computer player (``doublenine bot``, the server tests, bench/load.py).

It uses only the wire protocol and :mod:`doublenine.shared.convert`, exactly as a
third-party client would: its view is rebuilt from the Snapshot and folded with
every Update, and its decisions come from that view alone (R23). :class:`SeatKeeper`
keeps a seat through lost connections with the seat token, as shared/reconnect.py
says (issue 12), and :func:`play_seat` paces its sends and waits out ``RATE_LIMITED``.
"""
from __future__ import annotations

import asyncio
import itertools
import os
import random
import time
from collections.abc import Callable
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, WebSocketException

from doublenine.shared import protocol as p
from doublenine.shared.badframes import ResyncPacer, SkipReporter, resync_refused
from doublenine.shared.chat import kept_lines
from doublenine.shared.dialing import checked_proxy
from doublenine.shared.errors import ErrorCode
from doublenine.shared.failures import UpgradeCut
from doublenine.shared.i18n import N_, SOURCE_LANGUAGE, TranslatedError, translator
from doublenine.shared.convert import advance, intent_for, view_from_wire
from doublenine.shared.moves import Decision, DrawPick
from doublenine.shared.refusals import sentence_for
from doublenine.shared.reconnect import (Backoff, Reconnector, describe_close, ends_game, http_status, refusal_wait,
                                         retry_after, retry_dial, retry_refusal, told_to_wait, told_to_wait_http)
from doublenine.shared.state import Phase
from doublenine.shared.views import SeatView, SpectatorView

_ids = itertools.count(1)

HEARD_KEPT = 32
"""Newest refusals, hints, closed requests and nudges a :class:`TableClient` keeps of each kind: what a
server sends fills nothing without a bound (attacker s9 F2: a long session, or a hostile server's
stream, once grew ``doublenine bot`` to gigabytes)."""
RECV_QUEUE = 16
"""Frames websockets holds received and not yet read (its ``max_queue``, the high-water mark: above
it, reading from the socket pauses until the client catches up). At most this many frames of
``SERVER_LIMITS.max_bytes`` each wait in memory; unbounded (``None``) once let a flooding server
pile up gigabytes behind a busy bot (attacker s9 F2)."""
CLOSE_WAIT = 2.0
"""Seconds :meth:`TableClient.close` waits for the server's side of the closing handshake (websockets'
``close_timeout``, 10 s by default) before it drops the connection: a server that answers nothing, or
whose frames fill :data:`RECV_QUEUE` so that its close is never read, held a stopping bot 10 s."""


def _keep(kept: list[Any], item: Any, bound: int = HEARD_KEPT) -> None:
    """Append ``item`` to ``kept`` and drop its oldest entries beyond ``bound`` (at most ``bound`` moved)."""
    kept.append(item)
    if len(kept) > bound:
        del kept[:len(kept) - bound]


class ServerRefused(RuntimeError):
    """The server answered an attach request with an error."""

    def __init__(self, error: p.Error) -> None:
        super().__init__(f"{error.code}: {error.detail}")
        self.error = error


class TableClient:
    """One websocket to a doublenine server, with the view and table it has been told about."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.view: SeatView | SpectatorView | None = None
        self.table: Any = None
        self.seq = -1
        self.code: str | None = None
        self.seat: int | None = None
        self.token: str | None = None
        self.seed: int | None = None
        self.frames: list[bytes] = []
        """Every frame received, raw, while :attr:`keep_frames` is on (tests decode them again)."""
        self.errors: list[p.Error] = []
        """Refusals heard, oldest first: the newest :data:`HEARD_KEPT`."""
        self.hints: list[p.HintReply] = []
        """Hints heard, oldest first: the newest :data:`HEARD_KEPT`."""
        self.closed_requests: list[p.RequestClosed] = []
        """Ends of consent requests heard, oldest first: the newest :data:`HEARD_KEPT`."""
        self.chat: list[p.ChatLineW] = []
        """Chat lines heard, oldest first, each id once: the newest ``shared.chat.KEPT`` (50), as the
        table keeps and the window shows (a history frame replaces them; docs/protocol.md "Chat")."""
        self.nudges: list[p.Nudged] = []
        """Nudges heard, oldest first: the newest :data:`HEARD_KEPT`."""
        self.shut: str | None = None
        """Who closed the table by hand (``left.closed``: "creator" or "operator"), None until then."""
        self.keep_frames = False
        """Keep every raw frame in :attr:`frames`, without bound: for tests only (tests/server/conftest.py
        turns it on); a client that runs for long (``doublenine bot``, the benches) leaves it off."""
        self.on_skip: Callable[[str], None] = lambda _: None
        """Told why each frame was skipped (``doublenine bot`` counts and says it, cleaned for the terminal)."""
        self.resyncs = ResyncPacer()
        """When a snapshot may be asked for again (shared/badframes.py: the window's policy too)."""
        self.clock: Callable[[], float] = time.monotonic
        """Seconds, for :attr:`resyncs` (tests pass a fake clock)."""
        self._resync_wanted = False
        """A frame did not fit the view held and no snapshot has come since: a resync is to be asked for."""

    @classmethod
    async def connect(cls, url: str, *, hello_client: str = "netbot", **kwargs: Any) -> TableClient:
        """Open a websocket and complete the handshake (Hello/Welcome).

        Loopback, private and link-local servers are dialled directly, others through the
        system proxy if one is set (shared/dialing.checked_proxy: a setting that cannot be used raises
        ``UnusableProxy``, an OSError; ``proxy=`` in ``kwargs`` overrides).
        At most :data:`RECV_QUEUE` received frames wait unread (``max_queue=`` overrides), and a close
        waits at most :data:`CLOSE_WAIT` s for the server (``close_timeout=`` overrides).
        ``hello_client``: the ``hello.client`` said ("netbot": a computer program, ``SeatW.program``; tests
        speak as a person's window with another name).
        """
        if "proxy" not in kwargs:  # UnusableProxy (an OSError) for a setting that cannot be used
            kwargs["proxy"] = checked_proxy(url)
        kwargs.setdefault("max_queue", RECV_QUEUE)
        kwargs.setdefault("close_timeout", CLOSE_WAIT)
        if url.lower().startswith("wss:") and kwargs["proxy"] is None:  # a front that never completes TLS is
            kwargs.setdefault("ssl_handshake_timeout", 8.0)  # said as TLS, before the 10 s open_timeout
        try:
            ws = await connect(url, compression=None, max_size=p.SERVER_LIMITS.max_bytes, **kwargs)
        except ConnectionClosed as exc:  # cut before the upgrade was answered: behind wss://, a TLS front
            raise UpgradeCut(str(exc)) from exc  # refusing this client (shared/failures.tls_failure)
        client = cls(ws)
        await client.send({"type": "hello", "protocol_version": p.PROTOCOL_VERSION, "client": hello_client})
        msg = await client.next()
        if isinstance(msg, p.Error):
            await ws.close()
            raise ServerRefused(msg)
        return client

    async def send(self, fields: dict[str, Any] | p.Model) -> None:
        """Send one message (a model, or a plain map that must validate as one)."""
        if isinstance(fields, dict):
            fields = p.CLIENT_ADAPTER.validate_python(fields)
        await self.ws.send(p.encode(fields))

    async def send_raw(self, frame: bytes | str) -> None:
        """Send bytes as they are (tests of malformed frames)."""
        await self.ws.send(frame)

    async def intent(self, decision: Decision) -> str:
        """Ask for ``decision`` at the seq this client has seen; returns the intent id."""
        iid = f"i{next(_ids)}"
        await self.send(intent_for(decision, self.seq, iid))
        return iid

    async def next(self, timeout: float | None = 10.0) -> Any:
        """Receive, decode and apply one server message. A frame this client cannot use is skipped, as the
        window skips it: a message type this version does not know (docs/protocol.md "Versions and
        compatibility"), a text frame, a frame off the schema or over the limits, one that does not fit
        the view held (then a snapshot is asked for). Each skip is told through :attr:`on_skip` (the
        reconnecting bot counts them over every connection); a hostile server's frame once ended ``doublenine bot`` with a traceback
        (attacker F4). ``timeout`` bounds each wait for a frame (None: no bound); raises TimeoutError.

        Each frame goes back through the event loop before it is used: frames already received come
        without a wait, and a flood of them once held the loop so that SIGTERM's and Ctrl-C's
        cancellation never ran; ``asyncio.timeout``, not ``wait_for``, which on Python 3.11 drops a
        cancellation that meets a frame (attacker s9 F2: ``doublenine bot`` kept running after SIGTERM)."""
        while True:
            async with asyncio.timeout(timeout):
                frame = await self.ws.recv()
            await asyncio.sleep(0)
            await self._ask_resync()  # one still wanted whose wait has passed
            if self.keep_frames and isinstance(frame, bytes):
                self.frames.append(frame)
            try:
                if not isinstance(frame, bytes):
                    raise p.FrameError(ErrorCode.MALFORMED_FRAME, "a text frame (server frames are binary)")
                msg = p.decode_server(frame)
            except p.FrameError as exc:
                if not p.unknown_message(exc):
                    self._skip(str(exc))
                continue
            try:
                self.apply(msg)
            except Exception as exc:  # noqa: BLE001 - fits the schema, not the view: skipped, then a snapshot
                self._skip(f"{type(msg).__name__} does not fit the view held ({type(exc).__name__})")
                self._resync_wanted = True
                await self._ask_resync()
                continue
            return msg

    async def _ask_resync(self) -> None:
        """Send ``resync`` if one is wanted and :attr:`resyncs` allows it now: at most one per wait,
        doubling from 0.25 to 5 s while frames keep not fitting (a server sending out-of-order updates
        once drew ~72,000 resyncs in 18 s from ``doublenine bot``: attacker s9 round 2)."""
        if self._resync_wanted and self.resyncs.due(self.clock()):
            self._resync_wanted = False
            await self.ws.send(p.encode(p.Resync()))

    def _skip(self, why: str) -> None:
        self.on_skip(why)

    def apply(self, msg: Any) -> None:
        """Fold one message into what this client knows. Its work is bounded by the frame, never by
        what came before: every list kept is bounded (:data:`HEARD_KEPT`, ``shared.chat.KEPT``), and a
        chat frame is checked against the lines kept alone (attacker s9 F2: every chat line kept, the
        whole list copied and its ids gathered again at each frame)."""
        if isinstance(msg, p.Joined):
            self.code, self.seat = msg.code, msg.seat
            self.token = msg.token or self.token
            self.seed = msg.seed
        elif isinstance(msg, p.Snapshot):
            self.view, self.table, self.seq = view_from_wire(msg), msg.table, msg.seq
            self._resync_wanted = False
        elif isinstance(msg, p.Update):
            if self.view is None or msg.seq not in (self.seq, self.seq + 1):
                raise ValueError(f"update {msg.seq} after {self.seq}")
            self.view, self.seq = advance(self.view, msg), msg.seq
            self.resyncs.fitted()
        elif isinstance(msg, p.TableUpdate):
            self.table = msg.table
        elif isinstance(msg, p.Error):
            _keep(self.errors, msg)
        elif isinstance(msg, p.HintReply):
            _keep(self.hints, msg)
        elif isinstance(msg, p.RequestClosed):
            _keep(self.closed_requests, msg)
        elif isinstance(msg, p.ChatLines):
            self.chat = kept_chat(self.chat, msg)
        elif isinstance(msg, p.Nudged):
            _keep(self.nudges, msg)
        elif isinstance(msg, p.LeftTable) and msg.closed is not None:
            self.shut = msg.closed

    async def until(self, pred: Callable[[Any], bool], timeout: float = 10.0) -> Any:
        """Receive messages until ``pred(msg)`` holds; returns that message. Raises TimeoutError
        after ``timeout`` s in all, however many other frames come meanwhile (a stream of them once
        held a stopping bot's wait for ``left`` for good: attacker s9 F2)."""
        async with asyncio.timeout(timeout):
            while True:
                msg = await self.next(None)
                if pred(msg):
                    return msg

    async def attach(self, fields: dict[str, Any]) -> TableClient:
        """Send a create/join/rejoin/spectate and wait for its Joined and Snapshot."""
        await self.send(fields)
        msg = await self.until(lambda m: isinstance(m, (p.Joined, p.Error)))
        if isinstance(msg, p.Error):
            raise ServerRefused(msg)
        await self.until(lambda m: isinstance(m, p.Snapshot))
        return self

    def my_decisions(self) -> tuple[Decision, ...]:
        """What this seat may decide now, from its view alone (R23)."""
        if not isinstance(self.view, SeatView) or self.table is None or not self.table.started:
            return ()
        return self.view.legal_decisions()

    async def close(self) -> None:
        """Close the connection: at most :data:`CLOSE_WAIT` s waited for the server's answer. Frames
        still arriving are read and dropped meanwhile: with :data:`RECV_QUEUE` full, reading pauses and
        the server's close would wait behind them for the whole :data:`CLOSE_WAIT`."""
        closing = asyncio.ensure_future(self.ws.close())
        try:
            while not closing.done():
                await self.ws.recv()
        except WebSocketException:  # closed; or another task reads (ConcurrencyError): the close goes on
            pass
        finally:
            await closing


def kept_chat(held: list[p.ChatLineW], msg: p.ChatLines) -> list[p.ChatLineW]:
    """The chat lines a client keeps after ``msg`` (docs/protocol.md "Chat"): a history replaces
    ``held``; a live frame's lines are appended once each (an id already held is dropped); the lines
    ``shared.chat.kept_lines`` keeps (the newest 50, of them at most 25 spectators'), as the window keeps
    them (client/store.py). Work: the frame's lines and the lines held, never more (``held`` is at most 50 long)."""
    if msg.history:
        return kept_lines(msg.lines, _watching)
    known = {line.id for line in held}
    new: list[p.ChatLineW] = []
    for line in msg.lines:
        if line.id not in known:
            known.add(line.id)
            new.append(line)
    return kept_lines(held + new, _watching)


def _watching(line: p.ChatLineW) -> bool:
    return line.seat is None


BENIGN = frozenset({"STALE", "NOT_YOUR_TURN", "WRONG_PHASE", "DUPLICATE", "BAD_POSITION"})
"""Refusals of this client's own intent that only mean "the table moved on": decide again. ``BAD_POSITION``:
in the opening draw the other drawer took the same face-down tile a moment before (R3: picks commute), as
the window picks another then (client/net.NetSession._draw_another)."""
CONSENT_LATE = frozenset({"NO_SUCH_REQUEST", "NOT_ASKED"})
"""Refusals of a consent to a hand-over that only mean it was settled meanwhile (:func:`play_seat`)."""
RATE_WAIT = 1.0
"""Seconds to wait after ``RATE_LIMITED`` before deciding and sending again (the bucket refills)."""


HAND_OVER_AFTER = 60.0
"""Seconds ``doublenine bot`` waits for a disconnected player the table waits for (:func:`absent_awaited`)
before it asks to let the computer play that seat (D7: ``hand_over``, by the consent of the other seated
humans; the bots at the table consent at once). The window offers the same after the same minute
(client/waiting.HAND_OVER_AFTER). Club s14 F7: a player's window closed at a table of three bots and
the table stood still for good, since only seated humans may ask and the bots never did."""
HAND_OVER_REFUSED = frozenset({"REQUEST_PENDING", "REQUEST_TOO_SOON", "NOT_DISCONNECTED", "NOT_AWAITED",
                               "HAND_OVER_TOO_SOON", "STALE", "NOT_STARTED", "WRONG_PHASE"})
"""Refusals of a bot's own ``hand_over`` that only mean the table moved on (another seat asked first, the
player came back, the seat was handed over meanwhile): the bot plays on and asks again later if need be."""


def absent_awaited(client: TableClient) -> int | None:
    """The seat of a disconnected player the table waits for, if any (D7), as this seat sees it: another
    human seat a person holds (``claimed``), not connected, not played by the computer (not handed over),
    and awaited: in the draw, nomination and play the seat to act (``SpectatorView.waiting_for``); in the
    review every seat, its answer private (R10). None while this seat itself has to act (it acts first)."""
    view, table = client.view, client.table
    if view is None or table is None or not table.started or view.phase is Phase.MATCH_OVER:
        return None
    waiting = {int(s) for s in view.waiting_for()}
    me = None if client.seat is None else int(client.seat)
    if me in waiting and view.phase is not Phase.REVIEW:
        return None
    return next((s.seat for s in table.seats if s.seat in waiting and s.seat != me and s.kind == "human"
                 and s.claimed and not s.connected and not s.computer_plays), None)


async def play_seat(client: TableClient, decide: Callable[[SeatView, random.Random], Decision],
                    rng: random.Random, stop: Callable[[TableClient], bool],
                    timeout: float = 30.0, pace: float = 0.0, hand_over_after: float | None = None) -> None:
    """Play the client's seat until ``stop(client)``: decide from the view, send, wait for news. A
    ``hand_over`` request that waits for this seat is accepted (D7: ``doublenine bot`` stands in for a
    player and waits for nobody; s13 netplayer F5: two bot seats never answered and the request waited
    until the 180 s point).

    ``hand_over_after`` (``doublenine bot``: :data:`HAND_OVER_AFTER`; None: never): once the table has
    waited this many seconds at one ``seq`` for a disconnected player (:func:`absent_awaited`) and no
    request is open, this seat asks to ``hand_over`` that seat (D7; club s14 F7: a table of bots and one
    player whose window closed froze for good). Its refusals in :data:`HAND_OVER_REFUSED` are not fatal.

    ``pace``: at least this many seconds between two sends (``doublenine bot`` keeps four bots
    at one table under the server's messages-per-second limit, issue 12 case 8); the frames that come
    meanwhile are read and folded, so what is sent is decided on the view as it is when it goes.
    A decision sent is pending until its answer: a refusal naming it, or a frame after which the view
    no longer offers it (it was applied, or the table moved past it). Another seat's frame does not
    answer it (soak s14 F-refusal-noise: in the opening draw both drawers pick at once, and seat 2,
    seeing seat 1's pick land before its own, picked again and was refused ``STALE``, every match).
    ``RATE_LIMITED`` is not fatal: wait :data:`RATE_WAIT`, then decide again from the view and resend;
    ``SHUTTING_DOWN`` neither: nothing is resent, and the server's close follows (a seat kept by
    :class:`SeatKeeper` comes back). Any other refusal of its intent raises :class:`ServerRefused`.
    Kind: a client of ours sending what the view already says will be refused.
    """
    loop = asyncio.get_running_loop()
    pending: tuple[str, Decision, tuple[Any, ...]] | None = None  # intent id, decision, own_mark when sent
    sent_at = -pace
    answered: int | None = None  # the last hand-over request consented to
    absent: tuple[int, int, float] | None = None  # (seq, seat, loop time first seen) of an absent awaited player
    asked_for: tuple[int, int] | None = None  # (seq, seat) this seat asked to hand over
    handing: set[str] = set()  # intent ids of this seat's hand_over requests
    while not stop(client):
        wait: float | None = timeout
        seat = absent_awaited(client) if hand_over_after is not None else None
        if seat is None:
            absent = None
        else:
            if absent is None or absent[:2] != (client.seq, seat):
                absent = (client.seq, seat, loop.time())
            left = absent[2] + (hand_over_after or 0.0) - loop.time()
            if left <= 0 and asked_for != (client.seq, seat) and client.table is not None \
                    and client.table.request is None:
                asked_for, iid = (client.seq, seat), f"h{next(_ids)}"
                handing.add(iid)
                await client.send({"type": "hand_over", "seat": seat, "expected_seq": client.seq, "intent_id": iid})
            elif left > 0:
                wait = left if timeout is None else min(timeout, left)
        request = client.table.request if client.table is not None else None
        if request is not None and request.action == "hand_over" and request.id != answered \
                and client.seat is not None and int(client.seat) in request.waiting:
            answered = int(request.id)  # D7: a computer player waits for nobody, so it consents (s13 F5)
            await client.send({"type": "consent", "request_id": answered, "accept": True})
        paced = False  # the pace holds this seat's decision back: frames are read until it is over
        if pending is None and client.my_decisions():
            pace_left = sent_at + pace - loop.time()
            if pace_left <= 0:
                assert isinstance(client.view, SeatView)
                decision = apart(decide(client.view, rng), client.my_decisions())
                pending = (await client.intent(decision), decision, own_mark(client.view))
                sent_at = loop.time()
                continue
            if wait is None or pace_left < wait:
                wait, paced = pace_left, True
        try:
            msg = await client.next(wait)
        except TimeoutError:
            if wait == timeout and not paced:
                raise
            continue  # the pace is over, or the wait for an absent player: decide on the view as it is now
        if isinstance(msg, p.Error) and msg.intent_id in handing:
            if msg.code not in HAND_OVER_REFUSED:
                raise ServerRefused(msg)
            continue
        if isinstance(msg, (p.Update, p.Snapshot)):
            if pending is not None and (pending[1] not in client.my_decisions()
                                        or own_mark(client.view) != pending[2]):
                pending = None  # applied, or the table moved past it: decide again from this view
        elif isinstance(msg, p.Error) and msg.code == "SHUTTING_DOWN":
            continue  # nothing was done and the close (1001) follows: the keeper reconnects, nothing is resent
        elif isinstance(msg, p.Error) and msg.code == "RATE_LIMITED" and not resync_refused(msg):
            await asyncio.sleep(RATE_WAIT)
            pending = None
        elif isinstance(msg, p.Error) and msg.code in CONSENT_LATE:
            continue  # its consent came after the request closed, or was not asked any more: nothing to do
        elif isinstance(msg, p.Error) and pending is not None and msg.intent_id == pending[0]:
            if msg.code not in BENIGN:
                raise ServerRefused(msg)
            pending = None


def apart(decision: Decision, options: tuple[Decision, ...]) -> Decision:
    """``decision``, or for an opening-draw pick the free face-down position nearest to it on this seat's
    side: seat 1 takes the even positions, seat 2 the odd ones, while one is free. R3: both drawers pick at
    once and every face-down tile is as unknown as another, so nothing changes for the draw, but two bots
    never pick the same tile at the same moment, the later refused ``BAD_POSITION`` (soak s14
    F-refusal-noise: a refusal our own clients could see coming)."""
    if not isinstance(decision, DrawPick):
        return decision
    mine = [d for d in options if isinstance(d, DrawPick) and d.position % 2 == (int(decision.seat) - 1) % 2]
    if not mine or decision in mine:
        return decision
    return min(mine, key=lambda d: (abs(d.position - decision.position), d.position))


def own_mark(view: Any) -> tuple[Any, ...]:
    """What changes in a seat's view when a decision of its own is applied, and not when another seat's
    pick lands in the same opening draw (R3: the two drawers pick at once, the only decisions that
    commute): the match, hand and phase, the draws finished, whether this seat has picked in the current
    one, the redeals of the hand. A tied draw (R4) and a redeal (R13) offer the same decisions again, so
    "no longer offered" alone misses their answer."""
    if not isinstance(view, SeatView):
        return ()
    fields = [getattr(view, name, None) for name in ("match", "hand_number", "phase")]
    picked = any(s == getattr(view, "viewer", None) for s, _ in getattr(view, "draw_taken", ()))
    # a redeal (R13) offers the same review answers again in the same hand and phase: the redeals
    # counted tell its answer (a bot that demanded one waited for ever, test_leak 1 run in 7)
    return (*fields, len(getattr(view, "draws", ())), picked, len(getattr(view, "redeals", ())))


LEAVE_WAIT = 2.0
"""Seconds a stopping bot waits for the server's ``left`` before it closes anyway."""


class GaveUp(TranslatedError):
    """The table ``code`` could not be reached for ``seconds`` s, longer than the reconnection
    policy allows; ``str()`` says so in English, :meth:`text` in a player's language."""

    def __init__(self, code: str | None, seconds: float) -> None:
        super().__init__(N_("table {code} unreachable for {seconds} s"), code=code or "?", seconds=f"{seconds:g}")
        self.code, self.seconds = code, seconds


class TableShut(TranslatedError):
    """The table was closed by hand (organiser s16 F11: ``left.closed``): nothing to come back to. ``str()`` says
    so in English, :meth:`text` in a player's language (the window's words, shared/failures.py)."""

    def __init__(self, code: str | None, by: str) -> None:
        from doublenine.shared.failures import MESSAGES

        super().__init__(MESSAGES[f"table.closed_by.{by}"], code=code or "?")
        self.code, self.by = code, by


class SeatKeeper:
    """One seat kept through lost connections (issue 12): attach with ``attach`` (a join or
    create map) once, then after any loss reconnect to ``url`` and ``rejoin`` with the seat
    token it received, backing off as :class:`~doublenine.shared.reconnect.Backoff` says.

    ``await keeper.run(body)`` calls ``body(client)`` with a freshly attached
    :class:`TableClient` (its view from the new snapshot) after each (re)connection, until
    ``body`` returns. Raises ConnectionClosed for a deliberate end (4010, 4001, 4002),
    :class:`ServerRefused` for a refusal waiting cannot change, ``ssl.SSLCertVerificationError``
    at once for a certificate this computer does not trust (the server came back with another),
    websockets' InvalidStatus for a definitive HTTP refusal of the upgrade (403, 404, ...; a
    transient one -- 429, 502, 503, 504, a handshake cut -- is retried, its ``Retry-After``
    honoured: shared/reconnect.retry_dial), :class:`GaveUp` after minutes (its ``__cause__``: the
    last attempt's failure, if any).
    """

    def __init__(self, url: str, attach: dict[str, Any], *, policy: Backoff | None = None,
                 rng: random.Random | None = None, say: Callable[[str], None] = lambda _: None,
                 keep_frames: bool = False, lang: str = SOURCE_LANGUAGE) -> None:
        self.url, self.attach, self.say, self.keep_frames = url, attach, say, keep_frames
        """``say``: told what happens (lost connections, skipped frames), in ``lang``; its text holds
        a server's words (a close reason, a skipped frame's fault)."""
        self.lang = lang
        """The language of what :attr:`say` is told (one of shared/i18n.LANGUAGES)."""
        self._t = translator(lang)
        self.retry = Reconnector(policy or Backoff(), rng or random.Random())
        self.code: str | None = None
        self.token: str | None = None
        """The seat token received in ``joined``: kept for every rejoin (D7)."""
        self.client: TableClient | None = None
        self.reporter = SkipReporter(say, lang)
        """Says skipped server frames over every connection, boundedly (shared/badframes.py, as the window)."""

    @property
    def skips(self) -> int:
        """Server frames skipped so far, over every connection."""
        return self.reporter.skips

    async def _attach(self) -> TableClient:
        client = await TableClient.connect(self.url)
        client.keep_frames = self.keep_frames
        client.on_skip = self.reporter.skipped
        try:
            if self.token is not None:
                await client.attach({"type": "rejoin", "code": self.code, "token": self.token})
            else:
                await client.attach(self.attach)
        except BaseException:
            await client.close()
            raise
        self.code, self.token = client.code, client.token or self.token
        return client

    async def leave(self, timeout: float = LEAVE_WAIT) -> bool:
        """Give the seat up and close: ``leave`` (docs/protocol.md "Session"), then wait at most
        ``timeout`` s for the server's ``left``. For a stop on purpose (the matches asked for are
        played, a refusal ends the bot, Ctrl-C, SIGTERM): a seat left so is played by the computer
        and no longer asked for consent (D1, D7), whereas a seat whose connection only closed is
        kept for its player's return, and a new match at that table waited for it (an hour per
        frame, then again after each reconnection). True when the server answered ``left``; False
        when there is no seat to leave or the connection is gone (the server then keeps the seat,
        D7). The seat token is forgotten either way: this keeper never rejoins after it."""
        client, self.client = self.client, None
        seated, self.token = self.token is not None, None
        if client is None:
            return False
        try:
            if not seated:
                return False
            await client.send(p.Leave())
            await client.until(lambda m: isinstance(m, p.LeftTable), timeout)
            return True
        except (ConnectionClosed, OSError, asyncio.TimeoutError, WebSocketException):
            return False
        finally:
            await client.close()

    async def run(self, body: Callable[[TableClient], Any]) -> Any:
        """Run ``body`` on an attached client, reconnecting after every loss; its result."""
        loop = asyncio.get_running_loop()
        last: BaseException | None = None  # the last attempt's failure to connect, the cause of a GaveUp
        while True:
            last, at_least, seated, told = None, None, False, False
            try:
                self.client = await self._attach()
                self.retry.connected()
                seated = True
                return await body(self.client)
            except ConnectionClosed as exc:
                code = exc.rcvd.code if exc.rcvd is not None else None
                shut = getattr(self.client, "shut", None) if seated else None
                if shut is not None:  # closed by its creator or the operator: no rejoin opens it again
                    raise TableShut(self.code, shut) from exc
                if ends_game(code) or self.token is None:
                    raise
                reason = exc.rcvd.reason if exc.rcvd is not None else ""
                self.say(self._t.gettext("connection lost: {why}; reconnecting",
                                         why=describe_close(code, reason, self.lang)))
            except ServerRefused as exc:
                if not retry_refusal(str(exc.error.code), self.token is not None, exc.error.data):
                    raise
                # a move's refusal, or the attach's: the sentence for its code and data (a server's English
                # detail is never shown, docs/translating.md), then the code; a refusal that says when to
                # come back (data.retry_ms: the 10 s seat wait after a leave, a table moving) is retried
                # after that time (s14 soak F-bot-restart), the wait said; its sentence is the GaveUp's cause
                refusal = self._t.gettext(sentence_for(str(exc.error.code), exc.error.data))
                last, at_least = exc, refusal_wait(exc.error.data)
                told = told_to_wait(str(exc.error.code), exc.error.data)  # a live server's "wait": no give-up (F13)
                if at_least is not None:
                    wait = self.retry.failed(loop.time(), at_least, told)
                    if wait is None:
                        raise GaveUp(self.code, self.retry.policy.give_up_after) from exc
                    self.say(self._t.gettext("{refusal} ({code}): trying again in {seconds} s", refusal=refusal,
                                             code=exc.error.code, seconds=f"{wait:.1f}"))
                    await asyncio.sleep(wait)
                    continue
                self.say(self._t.gettext("{refusal} ({code}, refused for now); retrying", refusal=refusal,
                                         code=exc.error.code) if seated else
                         self._t.gettext("{refusal} ({code}, the rejoin refused for now); retrying",
                                         refusal=refusal, code=exc.error.code))
            except asyncio.CancelledError as exc:
                task = asyncio.current_task()
                if task is None or task.cancelling() or self.token is None:
                    raise  # this bot was stopped (SIGTERM, Ctrl-C, its caller): its ``finally`` gives the seat up
                # evening s16 F9: a cancellation raised by an operation this bot awaited (the connection's own
                # tasks), not by a stop: it ended the bot mid-match saying "terminated", no signal sent. Said
                # with where it came from, then a lost connection like any other: the bot comes back to its seat
                last = exc
                self.say(self._t.gettext("connection lost: {why}; reconnecting",
                                         why=cancelled_where(exc)))
            except (OSError, asyncio.TimeoutError, WebSocketException) as exc:
                # an HTTP answer to the upgrade (502 while a proxy's backend restarts) is a lost
                # connection like a refused one; only a definitive one, or a certificate this computer
                # does not trust, ends the seat (no wait changes either); never seated: said at once
                if self.token is None or not retry_dial(exc):
                    raise
                last, at_least, told = exc, retry_after(exc), told_to_wait_http(exc)
                if seated:  # the server was reached: it went silent (a timeout) or the socket failed
                    self.say(self._t.gettext("connection lost: {why}; reconnecting",
                                             why=described(exc, self.lang, self.url)))
                else:
                    self.say(self._t.gettext("cannot reach the server ({why}): retrying",
                                             why=described(exc, self.lang, self.url)))
            wait = self.retry.failed(loop.time(), at_least, told)
            if wait is None:  # ``from last``: a TLS failure is said as such (doublenine bot), not lost
                raise GaveUp(self.code, self.retry.policy.give_up_after) from last
            await asyncio.sleep(wait)


def cancelled_where(exc: BaseException) -> str:
    """Where a cancellation that no stop asked for was raised: ``CancelledError at FILE:LINE in FUNCTION`` of
    the innermost frame of its traceback (the library's own task, in practice), plus its message if any
    (evening s16 F9: "terminated" said for a cancellation whose cause nobody could find). English, as
    tracebacks are."""
    tb = exc.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    where = "" if tb is None else \
        f" at {os.path.basename(tb.tb_frame.f_code.co_filename)}:{tb.tb_lineno} in {tb.tb_frame.f_code.co_name}"
    said = f": {exc.args[0]}" if exc.args and exc.args[0] else ""
    return f"CancelledError{where}{said}"


NOT_NOW = N_("the server, or a proxy in front of it, cannot take the connection now: HTTP {status}")
"""A transient HTTP answer to the upgrade (shared/reconnect.TRANSIENT_STATUSES: 429, 502, 503...) in words,
the status after them (s14: the bot printed websockets' "server rejected WebSocket connection: HTTP 502")."""


def described(exc: BaseException, lang: str = SOURCE_LANGUAGE, url: str = "") -> str:
    """``exc`` in words for a terminal line, never empty: an HTTP answer to the upgrade as the window says
    it (shared/failures.http_refusal for a definitive one, at ``url``'s host and port; :data:`NOT_NOW` for a
    transient one), the status after the words; else its message (the system's words), else what its kind
    means, in ``lang``. A timeout's message is empty: "cannot reach the server (): retrying" (attacker F6)
    hid the cause. Kind (s14): a command-line program saying a refusal in raw HTTP where the window says
    it in words."""
    status = http_status(exc)
    if status is not None:
        return translator(lang).gettext(NOT_NOW, status=status) if retry_dial(exc) else \
            http_words(status, url, lang)
    text = str(exc).strip()
    if text:
        return text
    if isinstance(exc, TimeoutError):
        return translator(lang).gettext("the server sent nothing in time")
    return type(exc).__name__


def http_words(status: int, url: str, lang: str) -> str:
    """The window's sentence for a definitive HTTP ``status`` answered to the upgrade at ``url``
    (shared/failures.http_refusal: "The server at HOST:PORT does not let this computer in (HTTP 403): ...")."""
    from doublenine.shared.failures import http_refusal
    from doublenine.shared.invite import InviteError, check_server_url

    try:
        where = check_server_url(url)
        host, port = where.host, where.port
    except InviteError:  # a URL already checked by the caller (botcli); said without it rather than not at all
        host, port = "?", 0
    return http_refusal(status, host, port).text(lang)


def match_over(client: TableClient) -> bool:
    """Stop condition: the match this client watches is over."""
    return client.view is not None and client.view.phase is Phase.MATCH_OVER
