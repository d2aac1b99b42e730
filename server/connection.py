"""One handler per websocket: handshake -> attach to a table -> messages; cleanup in ``finally``.

Messages are dispatched through a dict from message class to handler. Every
refusal is an ``Error`` frame to this connection only. Outgoing frames go
through a per-connection queue drained by its own writer task, so a slow reader
never delays anybody else; one that falls too far behind is disconnected (1013).
"""
from __future__ import annotations

import asyncio
import hmac
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request
from websockets.protocol import State

_OPEN = State.OPEN

from doublenine.shared import protocol as p
from doublenine.shared.errors import ErrorCode, RuleError
from doublenine.shared.seats import Seat
from doublenine.shared.tablecode import clean_code
from doublenine.shared.wire import PROGRAM_CLIENTS

from . import actions, talk
from .chat import ChatBucket
from .lean import Fifo, Wake
from .addresses import group_of, is_loopback, request_client, site_group
from .logfmt import Repeats, log_event, log_repeated
from .lookup import check_route, look_up, routed_code
from .readbudget import HOLD_MIN
from .registry import Registry
from .table import Refused, Table, store_unavailable
from .storage.metered import log_store_failure

log = logging.getLogger("doublenine.server.connection")


CLOSING_CHECK = 0.5
"""Seconds between two looks, while a connection is not read (its group beyond its read budget), at
whether the server began to close it (``edge.EdgeConnection.closing``): then its handler ends."""
DROP_GRACE = 1.0
"""Seconds a connection closed for reading too slowly gets to take its close frame before it is cut."""


class Connection:
    """A live client: its websocket, its send queue, the table and seat it is attached to."""

    __slots__ = ("ws", "registry", "config", "table", "seat", "greeted", "closed", "program", "_queue", "_queued_bytes",
                 "_state_frames", "_stalled_since", "_measured", "_close_with", "_wake", "_writing",
                 "_allowance", "_stamp", "address", "group", "own_player", "current_type", "current_code",
                 "_refusal_logged", "_refusals_unlogged", "hinting", "chat_bucket", "coaching", "route",
                 "resynced", "watch_name", "waiting", "created")
    # slots: four connections a table, each about 500 bytes lighter than with a dict (issue 12);
    # ``coaching`` is set by server/coaching.py (read with a default there)

    def __init__(self, ws: Any, registry: Registry) -> None:
        self.ws = ws
        self.watch_name = ""
        """This connection's name as a spectator (``spectate.name``, actions.watcher_name); "" for none."""
        self.created: str | None = None
        """The code of the table this connection created (``Table.is_creator``: it may close it, organiser s16 F11)."""
        self.waiting: Seat | None = None
        """The seat this spectator joined mid-hand and takes at the next deal (``SeatSlot.waits``, attacker s14 F1)."""
        self.registry = registry
        self.config = registry.config
        self.table: Table | None = None
        self.seat: Seat | None = None
        self.greeted = False
        self.closed = False
        self.program = False
        """The ``hello`` said this client is a computer player playing over the network (its
        ``client`` in :data:`~doublenine.shared.wire.PROGRAM_CLIENTS`; ``SeatW.program``)."""
        self._queue: Fifo[bytes] = Fifo()  # no 600-byte deque block while empty (issue 12)
        self._queued_bytes = 0
        self._state_frames: set[int] = set()
        """ids of the queued updates and snapshots (a resync answer supersedes them)."""
        self._stalled_since = 0.0
        """When the oldest waiting frame began to wait (monotonic seconds)."""
        self._measured = 0.0
        """When the unread bytes were last measured (monotonic seconds)."""
        self._close_with: tuple[int, str] | None = None
        self._wake = Wake()  # one waiter, the writer task: no deque of waiters (issue 12)
        self._writing = False  # the writer is inside ws.send: frames must queue behind it
        self._allowance = self.config.burst
        self._stamp = time.monotonic()
        request = getattr(ws, "request", None)
        self.address = request_client(ws, request, self.config)
        self.route = routed_code(getattr(request, "path", None))
        """The table code this connection's path names (``/t/CODE``: what nginx routed it by), or
        None; its lookups must name it (WRONG_ROUTE), and only they may ask for a hand-over."""
        local = getattr(ws, "local_address", None)
        self.group = group_of(self.address, str(local[0]) if local else None, self.config)
        """What every per-address limit counts this connection as (a global IPv6 address by its /64,
        issue 12; a LAN peer by its own address, ``addresses.on_lan``)."""
        self.own_player = self.config.own_player_unlimited and not self.config.trust_proxy \
            and is_loopback(self.address)
        """The embedded server's own player (ServerConfig.own_player_unlimited): tables unlimited."""
        self.current_type = "-"
        """Type of the message being handled, for log lines."""
        self.current_code: str | None = None
        """The table code the message being handled names (``join``, ``rejoin``, ``spectate``), cleaned,
        for log lines (:meth:`logged_table`)."""
        self._refusal_logged = -1.0  # monotonic time of the last ``refused`` line
        self._refusals_unlogged = 0
        self.hinting = False
        """R25: a hint for this connection is being computed (one at a time)."""
        self.chat_bucket = ChatBucket()
        """Issue 15: this connection's own chat allowance (CHAT_TOO_FAST)."""
        self.resynced: tuple[str, int, bool] | None = None
        """What the last snapshot answering this connection's ``resync`` showed
        (``Table.snapshot_key``): a ``resync`` for the same is not answered again."""

    # ------------------------------------------------------------ sending

    def send(self, frame: bytes, *, state: bool = False) -> None:
        """Queue one frame (never waits). ``state``: an update or snapshot, which a later resync
        answer supersedes. A reader that falls behind (unsent bytes over ``max_unsent``, or
        frames waiting longer than ``stall_timeout``) is closed with 1013 (issue 12 case 4)."""
        if self.closed:
            return
        now = time.monotonic()
        if now - self._measured >= 1.0:  # a syscall: at most once a second per connection
            self._measured = now
            if self.unsent_bytes() > self.config.max_unsent:
                self.limit("slow_reader", f"more than {self.config.max_unsent} bytes unread", 1013)
                self.close(1013, "reading too slowly", drop=True)
                return
        if not self._queue and not self._writing and self._write_now(frame):
            return
        if not self._queue:
            self._stalled_since = time.monotonic()
        self._queue.append(frame)
        self._queued_bytes += len(frame)
        if state:
            self._state_frames.add(id(frame))
        behind = self._behind()
        if behind is not None:
            self.limit("slow_reader", behind, 1013)
            self.close(1013, "reading too slowly", drop=True)
            return
        self._wake.set()

    def resync(self, snapshot: bytes) -> None:
        """Answer ``resync``: the snapshot replaces every unsent update and snapshot (it says all
        they say), so a client asking again and again while not reading costs one snapshot."""
        if self._queue and self._state_frames:
            keep = [f for f in self._queue if id(f) not in self._state_frames]
            self._queue.clear()
            self._queue.extend(keep)
            self._queued_bytes = sum(len(f) for f in keep)
            self._state_frames.clear()
        self.send(snapshot, state=True)

    def unsent_bytes(self) -> int:
        """Bytes sent to this connection that its reader has not taken: queued here, in the
        transport, and in the kernel's send queue (Linux ``SIOCOUTQ``; 0 where unknown)."""
        try:
            transport = self.ws.transport
            buffered = int(transport.get_write_buffer_size())
            sock = transport.get_extra_info("socket")
        except AttributeError:  # test doubles
            return self._queued_bytes
        return self._queued_bytes + buffered + _kernel_unsent(sock)

    def _behind(self) -> str | None:
        """Why this reader is too far behind, or None."""
        cfg = self.config
        if self._queued_bytes > cfg.max_unsent:
            return f"more than {cfg.max_unsent} bytes unsent"
        if len(self._queue) >= cfg.max_queue:
            return f"{cfg.max_queue} frames unsent"
        if time.monotonic() - self._stalled_since > cfg.stall_timeout:
            return f"frames unsent for more than {cfg.stall_timeout:g} s"
        return None

    def _write_now(self, frame: bytes) -> bool:
        """Hand ``frame`` to the socket at once if nothing is queued or buffered (issue 7 load:
        waking the writer task for every frame cost a task switch per seat per move).

        What ``ws.send`` does without its awaits, taken only when they would not wait: the
        connection open, no fragmented send in progress, the transport not paused or
        closing. False: use the queue (the writer then sends it, with flow control).
        """
        ws = self.ws
        try:
            if ws.protocol.state is not _OPEN or ws.send_in_progress is not None or ws.paused \
                    or ws.transport.is_closing():
                return False
            ws.protocol.send_binary(frame)
            ws.send_data()
        except AttributeError:  # not a websockets asyncio connection (test doubles)
            return False
        return True

    async def writer(self) -> None:
        """Drain the queue in order; ends when the connection closes."""
        try:
            while True:
                await self._wake.wait()
                self._wake.clear()
                self._writing = True
                while self._queue:
                    frame = self._queue.popleft()
                    self._queued_bytes -= len(frame)
                    self._state_frames.discard(id(frame))
                    await self.ws.send(frame)
                    self._stalled_since = time.monotonic()  # it reads: the wait starts again
                self._writing = False
                if self._close_with is not None:
                    await self.ws.close(*self._close_with)
                    return
        except ConnectionClosed:
            pass

    def close(self, code: int, reason: str, drop: bool = False) -> None:
        """Close this connection only, after the frames already queued (``drop``: at once, and
        if the reader does not take the close frame within a second, the socket is cut, so a
        reader that never reads leaves its table at once instead of after the keepalive).

        The handler's ``finally`` then detaches it from its table.
        """
        if self._close_with is None:
            self.closed = True
            if drop:
                self._queue.clear()
                self._state_frames.clear()
                self._queued_bytes = 0
                asyncio.get_running_loop().call_later(DROP_GRACE, self._cut)
            self._close_with = (code, reason)
            self._wake.set()

    def cut(self) -> None:
        """Cut the socket now, with nothing more sent (a server stopping: :meth:`GameServer.stop`)."""
        self.closed = True
        self._cut()

    def _cut(self) -> None:
        transport = getattr(self.ws, "transport", None)
        if transport is not None and not transport.is_closing():
            transport.abort()  # the close frame could not get through a full pipe

    def error(self, code: ErrorCode, detail: str, intent_id: str | None = None,
              data: dict[str, Any] | None = None, logged: str | None = None) -> None:
        """Refuse with a stable code, to this connection only; ``logged``: the operator's words for the
        log line when they differ from the client's ``detail`` (a server's inner reason: operator s17 F9)."""
        self.note_refusal(code, logged or detail, (data or {}).get("limit"))
        msg: dict[str, Any] = {"type": "error", "code": code.value, "detail": detail}
        if intent_id is not None:
            msg["intent_id"] = intent_id
        if data is not None:
            msg["data"] = data
        self.send(p.pack(msg))

    def note_refusal(self, code: ErrorCode, detail: str, limit: str | None = None) -> None:
        """Count a refusal for /metrics and log it; limits log as ``limit`` warnings (issue 7),
        named ``limit`` when given (the refusal's ``data.limit``: :data:`LIMIT_CODES`), else by the code.

        At most one ``refused`` line a second per connection, with ``more``: the refusals
        since the last line that were not written (issue 16.1 kind: a flood of bad frames
        must not write the operator's disk full; every one is still counted)."""
        self.registry.metrics.errors.labels(code=code.value).inc()
        if code in LIMIT_CODES:
            self.limit(limit or LIMIT_CODES[code], detail, code.value)
            return
        now = time.monotonic()
        if now - self._refusal_logged < 1.0:
            self._refusals_unlogged += 1
            return
        more, self._refusal_logged, self._refusals_unlogged = self._refusals_unlogged, now, 0
        log_event(log, logging.INFO, "refused", table=self.logged_table(),
                  seat=self.seat, type=self.current_type, code=code.value, detail=detail,
                  **({"more": more} if more else {}))

    def logged_table(self) -> str | None:
        """The table a log line of this connection names: the one it is at, else the one the message
        being handled names (a ``join``, ``rejoin`` or ``spectate`` refused before it reached it), else
        the one its path names (``/t/CODE``); None: none (``table=-``). Operator s15 F7: every
        ``TABLE_MOVING`` refusal of a rejoin said ``table=-``, so ``grep table=CODE`` missed them."""
        if self.table is not None:
            return self.table.code
        return self.current_code or self.route

    def limit(self, name: str, detail: str, code: str | int) -> None:
        """A limit refused or closed this connection: count it, log it (:func:`note_limit`: one line a
        minute for each limit and site, whatever the number of connections)."""
        self.registry.metrics.limits.labels(limit=name).inc()
        note_limit(self.registry.limit_lines, name, self.group, detail, table=self.logged_table(),
                   seat=self.seat, type=self.current_type, code=code, peer=self.address)

    # ------------------------------------------------------------ receiving

    async def read_budget(self) -> bool:
        """Before a frame is handled: wait while this connection is beyond its own allowance
        (``readbudget.SHARE`` of the group's: a quiet connection is never held for its neighbour's flood,
        attacker s13 F1) and its address group is beyond its read budget
        (``ServerConfig.read_rate`` frames and ``read_bytes`` bytes a second over all its connections,
        :class:`~.readbudget.ReadBudget`): its frames are not answered meanwhile, and its socket is not
        read either (``edge.EdgeConnection.hold_if_due``; attacker s12 round 2 N5: a frame flood from
        30 addresses held a hosted server's loop for seconds). Each pause is counted and
        logged as the limit ``read_budget`` (one line a minute per site, :func:`note_limit`). The wait
        ends early when the connection closes (a stopping server waits for every handler): False, and
        the frames it left unread are dropped (beyond the budget, and nobody to answer); else True."""
        reads = self.registry.reads
        own = getattr(self.ws, "allowance", None)  # charged to the connection that spends (attacker s13 F1)
        wait = reads.pause(self.group, own)
        if wait <= 0:
            return True
        self.limit("read_budget", f"beyond {reads.says()} from this address group: not read for {wait:.2f} s",
                   "paused")
        closed = asyncio.ensure_future(self.ws.wait_closed())
        try:
            while wait > 0 and not closed.done() and not getattr(self.ws, "closing", False):
                await asyncio.wait((closed,), timeout=min(max(wait, HOLD_MIN), CLOSING_CHECK))
                wait = reads.pause(self.group, own)
            return not closed.done() and not getattr(self.ws, "closing", False)
        finally:
            closed.cancel()

    def _allowed(self) -> bool:
        """Token bucket: ``rate`` messages per second, ``burst`` at once."""
        now = time.monotonic()
        self._allowance = min(self.config.burst, self._allowance + (now - self._stamp) * self.config.rate)
        self._stamp = now
        if self._allowance < 1:
            return False
        self._allowance -= 1
        return True

    async def receive(self, frame: bytes | str) -> None:
        """Handle one frame; every refusal becomes an Error frame. Frames that arrive after the
        server closed or replaced this connection (4002, 1013, table closed) are ignored, so a
        dead connection can never claim a seat nobody would hold the token of."""
        if self.closed:
            return
        self.current_type = "-"
        self.current_code = None
        if self.registry.stopping:  # issue 12: stop taking actions before the last frames go out
            self.error(ErrorCode.SHUTTING_DOWN, "the server is stopping: nothing was done; reconnect and send again",
                       p.intent_id_of(frame))
            return
        if not self._allowed():  # parsed (within the limits) only to echo its intent id
            self.error(ErrorCode.RATE_LIMITED, f"more than {self.config.rate:g} messages per second",
                       p.intent_id_of(frame))
            return
        try:  # issue 16.1: parsed once, within limits sized to the protocol, before any other work
            msg = p.decode_client(frame)  # type: ignore[arg-type]
        except p.FrameError as exc:
            self.error(exc.code, exc.detail, exc.intent_id)
            return
        self.current_type = msg.type
        named = getattr(msg, "code", None)  # bounded by the model (16 characters)
        self.current_code = clean_code(named) if isinstance(named, str) else None
        handler = HANDLERS[type(msg)]
        try:
            if not self.greeted and not isinstance(msg, p.Hello):
                raise Refused(ErrorCode.HANDSHAKE_REQUIRED, "send hello first")
            await handler(self, msg)
        except RuleError as exc:
            data = exc.data if isinstance(exc, Refused) else None
            self.error(exc.code, exc.message, getattr(msg, "intent_id", None), data, getattr(exc, "logged", None))
        except OSError:  # Store contract: a store failure a handler did not refuse itself (attacker s10 F7:
            # a locked SQLite file closed the connection 1011); logged as the fault it is, refused, kept
            table = self.logged_table() or "-"
            log_store_failure(log, self.registry.store, "connection %s table %s seat %s: %s: the store failed",
                              self.address, table, self.seat, msg.type)
            refusal = store_unavailable(f"{msg.type} was not done")
            self.error(refusal.code, refusal.message, getattr(msg, "intent_id", None), refusal.data)

    # ------------------------------------------------------------ helpers for handlers

    def attached(self) -> Table:
        if self.table is None:
            raise Refused(ErrorCode.NOT_AT_TABLE, "create, join or spectate a table first")
        return self.table

    def actor(self) -> tuple[Table, Seat]:
        table = self.attached()
        if self.seat is None:
            raise Refused(ErrorCode.SPECTATOR_CANNOT_ACT, "spectators only watch (D8)")
        return table, self.seat

    def playing(self) -> tuple[Table, Seat]:
        table, seat = self.actor()
        if not table.meta.started:
            raise Refused(ErrorCode.NOT_STARTED, "the match has not started")
        return table, seat

    def unattached(self) -> None:
        if self.table is not None:
            raise Refused(ErrorCode.ALREADY_AT_TABLE, f"attached to table {self.table.code}: leave first")


# ---------------------------------------------------------------- handlers

async def _hello(c: Connection, m: p.Hello) -> None:
    if m.protocol_version != p.PROTOCOL_VERSION:
        c.error(ErrorCode.PROTOCOL_VERSION,
                f"server speaks protocol {p.PROTOCOL_VERSION}, client {m.protocol_version}",
                data={"server": p.PROTOCOL_VERSION, "client": m.protocol_version})
        c.close(4001, f"protocol version {p.PROTOCOL_VERSION}")
        return
    if not c.greeted:  # a later hello changes nothing but is answered (docs/protocol.md "Conversation")
        c.program = m.client in PROGRAM_CLIENTS
    c.greeted = True
    c.send(p.encode(p.Welcome(protocol_version=p.PROTOCOL_VERSION, server="doublenine")))


async def _create(c: Connection, m: p.CreateTable) -> None:
    c.unattached()
    table = await c.registry.create(m, c.group, limited=not c.own_player)
    c.created = table.code
    if m.sit is not None:
        await actions.join(table, c, Seat(m.sit), None, creator=True)  # named by registry.create
    else:
        await actions.spectate(table, c, creator=True, name=m.name)  # the creator watching: its own name


async def _lookup(c: Connection, code: str, token: str | None = None) -> Table:
    """The table ``code`` names, with table-code misses limited per address group (issue 12 case 7):
    while the group has no miss left, every lookup is refused RATE_LIMITED before the code is read.
    A code other than the one the connection's path named is refused WRONG_ROUTE first, and only a
    lookup on its own path may have a live process hand the table over (server/lookup.py)."""
    check_route(code, c.route)
    return await look_up(c.registry, code, c.group, token=token, limited=not c.own_player,
                         routed=c.route is not None)


async def _join(c: Connection, m: p.Join) -> None:
    c.unattached()
    seat = None if m.seat is None else Seat(m.seat)
    await actions.join(await _lookup(c, m.code), c, seat, m.name)


async def _rejoin(c: Connection, m: p.Rejoin) -> None:
    c.unattached()
    await actions.rejoin(await _lookup(c, m.code, m.token), c, m.token, m.claim)


async def _spectate(c: Connection, m: p.Spectate) -> None:
    c.unattached()
    await actions.spectate(await _lookup(c, m.code), c, name=m.name)


async def _leave(c: Connection, m: p.Leave) -> None:
    await actions.leave(c.attached(), c)


async def _close_table(c: Connection, m: p.CloseTable) -> None:
    """Close or unlist a table by hand (``close_table``, organiser s16 F11): its creator, at it
    (``Table.is_creator``), or the server's operator (``key`` equal to ``config.operator_key``, compared in
    constant time; then any table, looked up as a ``spectate`` would be, on its own route). Anyone else, and a
    wrong key, is refused NOT_ENTITLED (logged as every refusal; the connection's rate bounds the tries); so is
    the creator's close of a match other people are playing (``Table.others_playing``: attacker s17 F5; unlisting
    it is allowed), and a creator who gave the seat up is no longer its creator (s17 F1)."""
    key = c.config.operator_key
    operator = m.key is not None and key is not None and hmac.compare_digest(m.key.encode(), key.encode())
    if m.key is not None and not operator:
        raise Refused(ErrorCode.NOT_ENTITLED, "that is not this server's operator key" if key is not None
                      else "this server has no operator key ($DOUBLENINE_OPERATOR_KEY)")
    table = c.table if c.table is not None and c.table.code == clean_code(m.code) else None
    if table is None and not operator:
        raise Refused(ErrorCode.NOT_ENTITLED, "only the table's creator, at it, or the server's operator may close it")
    if table is not None and not operator and not table.is_creator(c):
        raise Refused(ErrorCode.NOT_ENTITLED, "only the table's creator or the server's operator may close it")
    if table is not None and not operator and not m.unlist and table.others_playing(c):
        raise Refused(ErrorCode.NOT_ENTITLED, "other people are playing a match at this table: it closes once they "
                      "leave; take it off the list instead (unlist)")
    if table is None:
        table = await _lookup(c, m.code)
    by = "operator" if operator else "creator"
    if m.unlist:
        changed = await actions.unlist(table, by, c.address)
        if c.table is not table or not changed:  # answered always: a table unlisted already (or private) too
            c.send(p.pack({"type": "table", "table": table.table_wire()}))  # (attacker s17 F6: no answer at all)
        return
    attached = c.table is table
    await c.registry.close_by_hand(table, by, c.address)
    if not attached:  # told once it is done (a store failure above is refused, nothing closed)
        c.send(p.pack({"type": "left", "code": table.code, "closed": by}))


async def _resync(c: Connection, m: p.Resync) -> None:
    """A fresh snapshot, once per state this connection may see (``Table.snapshot_key``: table,
    ``seq``, the seat's own review answer): a repeated ``resync`` before that changes is refused
    RATE_LIMITED with ``data: {limit: "resync", seq}``, that snapshot being sent already (attacker
    s11 F8: a 15-byte ``resync`` 20 times a second drew an 18 KB snapshot each time, 8.3 MB/s to
    24 spectators; up to ~870 KB each for a long match). Whether it is answered depends on nothing
    another seat decided privately (R10)."""
    table = c.attached()
    async with table.lock:
        key = table.snapshot_key(c.seat)
        if key == c.resynced:
            raise Refused(ErrorCode.RATE_LIMITED, f"the snapshot of seq {key[1]} was sent already",
                          {"limit": "resync", "seq": key[1]})
        c.resynced = key
        c.resync(table.snapshot_frame(c.seat))


async def _start(c: Connection, m: p.Start) -> None:
    table, seat = c.actor()
    await actions.start(table, seat)


async def _panel(c: Connection, m: p.Panel) -> None:
    table = c.attached()
    if c.seat is not None:  # a spectator's panel pauses nobody
        actions.panel(table, c.seat, m.open)


async def _present(table: Table, seat: Seat) -> None:
    """D7: an intent from a seat's own connection takes the seat back from the computer (issue 15)."""
    r = table.request
    if table.slots[seat].handed_over or (r is not None and r.action == "hand_over" and r.target == seat):
        async with table.lock:
            await talk.take_back(table, seat)


async def _decide(c: Connection, m: Any) -> None:
    table, seat = c.playing()
    await _present(table, seat)
    start = time.perf_counter()
    await table.decide(c, seat, m)
    elapsed = time.perf_counter() - start
    await talk.decided(table, seat)
    metrics = c.registry.metrics
    metrics.decision_seconds.observe(elapsed)
    metrics.moves.labels(kind=m.type).inc()
    log_event(log, logging.INFO, "move", table=table.code, seat=int(seat), type=m.type, seq=table.seq,
              ms=round(elapsed * 1000, 3))


async def _hint(c: Connection, m: p.AskHint) -> None:
    table, seat = c.playing()
    await _present(table, seat)
    await table.hint(c, seat, m)


async def _coach(c: Connection, m: p.AskCoach) -> None:
    table, seat = c.actor()
    table.coach_desk.ask(c, seat, m.match, m.hand)


async def _control(c: Connection, m: Any) -> None:
    table, seat = c.playing()
    await _present(table, seat)
    await actions.control(table, seat, m)


async def _hand_over(c: Connection, m: p.HandOver) -> None:
    table, seat = c.playing()
    await _present(table, seat)
    await actions.hand_over(table, seat, m)


async def _consent(c: Connection, m: p.Consent) -> None:
    table, seat = c.actor()
    await actions.consent(table, seat, m.request_id, m.accept)


async def _cancel(c: Connection, m: p.CancelRequest) -> None:
    table, seat = c.actor()
    await actions.cancel(table, seat, m.request_id)


async def _chat(c: Connection, m: p.Chat) -> None:
    await talk.say(c.attached(), c, m)


async def _nudge(c: Connection, m: p.Nudge) -> None:
    table, seat = c.playing()
    await talk.nudge(table, seat, Seat(m.seat), m.intent_id)


async def _back(c: Connection, m: p.Back) -> None:
    table, seat = c.playing()
    await talk.back(table, seat)


HANDLERS: dict[type, Callable[[Connection, Any], Awaitable[None]]] = {
    p.Hello: _hello, p.CreateTable: _create, p.Join: _join, p.Rejoin: _rejoin,
    p.Spectate: _spectate, p.Leave: _leave, p.Resync: _resync, p.Start: _start, p.Panel: _panel,
    p.DrawTile: _decide, p.NominateOpener: _decide, p.ReviewHand: _decide, p.PlayTile: _decide,
    p.PassTurn: _decide, p.AskHint: _hint, p.Undo: _control, p.Redo: _control,
    p.Restart: _control, p.NewMatch: _control, p.HandOver: _hand_over, p.Consent: _consent,
    p.CancelRequest: _cancel, p.Chat: _chat, p.Nudge: _nudge, p.Back: _back, p.AskCoach: _coach,
    p.CloseTable: _close_table,
}
"""Message class -> handler coroutine (no if/elif ladders)."""


def note_limit(repeats: Repeats, name: str, group: str, detail: str, **fields: Any) -> None:
    """Log that limit ``name`` refused or closed a connection of address group ``group``: one ``limit``
    WARNING line a minute for each (limit, site) (``addresses.site_group``: an IPv4 address, an IPv6
    /48), saying the limit, the group it counted (``site=``: an IPv4 address, an IPv6 /64, a LAN
    peer's /128), ``detail`` and ``fields``; the next one carries ``repeats=N``, the
    lines held back meanwhile, as the server's other repeated failures (``logfmt.Repeats``). Attacker s12
    A5: one line per connection per second, 9,418 lines in a host's terminal reading just "limit"."""
    site = site_group(group)
    held = repeats.due(f"{name}\x00{site}")
    if held is None:
        return
    # site= says the group the limit counted (a /64 limit was labelled with its /48: attacker s12 round 2 N1)
    log_event(log, logging.WARNING, "limit", limit=name, site=group, **fields, detail=detail,
              **({"repeats": held} if held else {}))


async def handle(ws: Any, registry: Registry) -> None:
    """Serve one websocket until it closes; detach it from its table in ``finally``."""
    conn = Connection(ws, registry)
    _drop_handshake(ws)
    limit = registry.config.max_connections_per_address
    if limit and registry.per_address[conn.group] >= limit:  # issue 7: one address, bounded sockets
        conn.error(ErrorCode.TOO_MANY_CONNECTIONS, f"{conn.group} has {limit} open connections")
        conn.close(1008, "too many connections from this address")
        await conn.writer()
        return
    registry.connections.add(conn)
    registry.per_address[conn.group] += 1
    if registry.reads.on and hasattr(ws, "hold_if_due"):  # edge.EdgeConnection: behind a proxy, named only now
        ws.read_group = conn.group
    writer = asyncio.get_running_loop().create_task(conn.writer())
    try:
        while True:
            if conn.table is None:  # issue 7: a connection without a table may not linger
                try:
                    frame = await asyncio.wait_for(ws.recv(), registry.config.connection_idle)
                except asyncio.TimeoutError:
                    idle = registry.config.connection_idle
                    conn.limit("idle", f"no table within {idle:g} s", 1008)
                    await ws.close(1008, f"idle: no table joined within {idle:g} s")
                    break
            else:
                frame = await ws.recv()
            if hasattr(ws, "recount"):  # edge.EdgeConnection: the frame taken no longer counts as held (s15)
                ws.recount()
            if not await conn.read_budget():  # its frames were charged as they were parsed (edge.py)
                break
            await conn.receive(frame)
    except ConnectionClosed as exc:
        if exc.sent is not None and exc.sent.code == 1009:
            conn.limit("frame_size", f"frame over {registry.config.max_size} bytes", 1009)
        # the exception is also the result of wait_for's task, whose frame its traceback holds: a cycle that
        # kept this connection for the cyclic collector only (stream s16 F6, ``edge.let_go``)
        exc.__traceback__ = None
    except Exception:
        table = conn.logged_table() or "-"
        log_repeated(log, logging.ERROR, "server fault", "connection %s table %s seat %s: server fault", conn.address,
                     table, conn.seat, exc_info=True)
        conn.error(ErrorCode.INTERNAL, "server fault; reconnect")
        await ws.close(1011, "server fault")
    finally:
        conn.closed = True
        writer.cancel()
        registry.connections.discard(conn)
        registry.per_address[conn.group] -= 1
        if registry.per_address[conn.group] <= 0:
            del registry.per_address[conn.group]
        if conn.table is not None:
            conn.table.disconnect(conn)


LIMIT_CODES: dict[ErrorCode, str] = {
    ErrorCode.RATE_LIMITED: "rate", ErrorCode.TOO_MANY_TABLES: "tables_per_address",
    ErrorCode.TOO_MANY_CONNECTIONS: "connections_per_address", ErrorCode.SPECTATORS_FULL: "spectators",
    ErrorCode.SPECTATORS_PER_ADDRESS: "spectators_per_address",
    ErrorCode.HINT_PENDING: "hints", ErrorCode.COACH_PENDING: "coach", ErrorCode.CHAT_TOO_FAST: "chat", ErrorCode.NUDGE_TOO_SOON: "nudge",
    ErrorCode.REQUEST_TOO_SOON: "requests",
}
"""Refusals that are limits (issue 7): counted in ``doublenine_limits_total`` and logged as warnings,
labelled by the code's limit here unless the refusal's ``data.limit`` names another (``code_misses``,
``seats`` and ``resync``, all ``RATE_LIMITED``; ``playing_per_site``: a ``TOO_MANY_TABLES`` or
``SPECTATORS_FULL`` of :mod:`.playing`; docs/operations.md "Limits")."""


def _kernel_unsent(sock: Any) -> int:
    """Bytes in ``sock``'s kernel send queue not yet taken by the peer (Linux SIOCOUTQ), else 0."""
    try:
        import fcntl
        import termios
        out = fcntl.ioctl(sock.fileno(), termios.TIOCOUTQ, b"\0\0\0\0")
        return int.from_bytes(out, "little", signed=True)
    except (ImportError, AttributeError, OSError, ValueError):  # other systems, closed sockets
        return 0


def _drop_handshake(ws: Any) -> None:
    """Let go of the handshake's request and response headers once :class:`Connection` has read
    what it needs (the address, ``X-Forwarded-For``): websockets keeps both for the life of the
    connection, about 2 KB a connection, 8 KB a table (issue 12, memory per table). The request
    stays (websockets tells the handshake from later events by ``request is None``, and its
    parser's frame still refers to it), its headers emptied in place; nothing reads
    ``response`` after the handshake."""
    request = getattr(ws, "request", None)
    if isinstance(request, Request):
        request.headers.clear()
    if getattr(ws, "response", None) is not None:
        ws.response = None

