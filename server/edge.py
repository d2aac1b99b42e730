"""The HTTP edge of the game's port: what every plain HTTP answer carries, whoever builds it.

docs/operations.md promises that every answer carries the security headers
(:func:`~.web.site.security_headers`), that the ``Server`` header names no version, that
only ``GET`` and ``HEAD`` are answered (anything else: ``405`` with ``Allow``) and that a
``HEAD`` gets the headers of its ``GET`` without the body. websockets builds some answers
itself (``431``/``414`` for an oversized request, ``500``, ``503`` while stopping, and the
``/healthz`` and ``/metrics`` answers through ``connection.respond``), and it closes a
request it cannot parse without a word (any ``POST`` with a body, a raw space or non-ASCII
byte in the address, a header line that is not one): :class:`EdgeConnection` (passed to
``serve`` as ``create_connection``, websockets' own hook) covers all of them (``405``, ``400``).
"""
from __future__ import annotations

import asyncio
import dataclasses
import socket
from collections import Counter
from collections.abc import Generator
from http import HTTPStatus
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.frames import CloseCode
from websockets.exceptions import HeaderLineTooLong, InvalidMessage, RequestLineTooLong, TooManyHeaders
from websockets.http11 import Request, Response
from websockets.protocol import Protocol, State
from websockets.server import ServerProtocol

from doublenine.shared.cleantext import said
from doublenine.shared.protocol import CLIENT_LIMITS

from .addresses import from_proxy, group_of, is_loopback
from .lean import lighten
from .readbudget import HOLD_MIN, Allowance, ReadBudget
from .web.site import respond, security_headers

SERVER_HEADER = "doublenine"
"""The ``Server`` header of every answer: the program, never its or its libraries' versions."""
ALLOWED = ("GET", "HEAD")
"""The HTTP methods answered (the websocket handshake is a GET)."""
_METHOD_MAX = 16
"""Bytes of a request line read to find its method: longer, websockets refuses the request itself."""
NOT_ASCII = b"The request line is not ASCII: percent-encode the address (RFC 3986).\n"
NOT_HTTP = (b"The request is not HTTP/1.1 (RFC 9112): a request line METHOD TARGET HTTP/1.1 with no space"
            b" in the address (percent-encode it, RFC 3986), header lines NAME: VALUE, no body.\n")


FEED = 4096
"""Bytes given to websockets' parser at once while a read budget is kept. Each piece is fed only while
the group is within its budget, so a group has at most one piece parsed beyond it each time its debt
is paid, whatever its number of connections (about 190 of the smallest frames); smaller pieces cost
a parser call each (1 KiB pieces of 64 KiB frames took 0.15-0.26 of a core at 30 groups' budgets)."""
READ_BUFFER = 8192
"""Bytes of a connection's socket receive buffer while a read budget is kept (``SO_RCVBUF``; Linux
doubles it): what one read of the socket returns at most, and so what waits here (``_unparsed``) while
the group is in debt, besides what the kernel holds for the connection. asyncio reads up to 256 KiB at
once, 12,000 frames of a ``resync`` flood. A client frame is at most 2,726 bytes (docs/protocol.md "Frame limits")."""


def method_not_allowed(method: str) -> Response:
    """``405`` with ``Allow: GET, HEAD`` (RFC 9110 15.5.6) and the security headers."""
    body = f"{method[:_METHOD_MAX]} is not answered here: use GET or HEAD.\n".encode()
    return respond(HTTPStatus.METHOD_NOT_ALLOWED, body, "text/plain; charset=utf-8", None,
                   (("Allow", ", ".join(ALLOWED)),))


def head_of(request: Request, response: Response | None) -> Response | None:
    """``response`` without its body for a ``HEAD`` (its ``Content-Length`` stays the GET's);
    a HEAD is never a websocket handshake (``None`` becomes ``400``)."""
    if request.method != "HEAD":
        return response
    if response is None:
        response = respond(HTTPStatus.BAD_REQUEST, b"a websocket handshake is a GET\n",
                           "text/plain; charset=utf-8", None)
    return dataclasses.replace(response, body=b"")


def _peek_method(protocol: ServerProtocol) -> Generator[None, None, str | None]:
    """The request's method once its first space arrived, without consuming a byte
    (None: no method within :data:`_METHOD_MAX` bytes; :func:`_parse_request` then refuses the request)."""
    reader = protocol.reader
    while True:
        space = reader.buffer.find(b" ", 0, _METHOD_MAX + 1)
        if space >= 0 and reader.buffer.find(b"\n", 0, space) < 0:
            return bytes(reader.buffer[:space]).decode("ascii", "replace")
        if space >= 0 or len(reader.buffer) > _METHOD_MAX or reader.eof or b"\n" in reader.buffer:
            return None  # a line ended (or too long) before a space: not a request line, parsed and refused
        yield


def _parse_request(protocol: ServerProtocol) -> Generator[None]:
    """websockets' own handshake parsing (``ServerProtocol.parse``), with one request parse: a request
    it would close without a word (a request line that is not ``METHOD TARGET HTTP/1.1``, such as a raw
    space in the address; bytes that are not ASCII in it; a header line that is not one; a ``GET``
    with a body) is answered ``400``; one too long gets websockets' ``414``/``431`` (its ``reject``,
    so with the security headers); a connection closed mid-request is closed as websockets closes it."""
    try:
        request = yield from Request.parse(protocol.reader.read_line)
    except RequestLineTooLong as exc:
        yield from _refuse(protocol, exc, protocol.reject(HTTPStatus.REQUEST_URI_TOO_LONG,
                                                          f"Failed to open a WebSocket connection: {said(exc)}.\n"))
    except (HeaderLineTooLong, TooManyHeaders) as exc:
        yield from _refuse(protocol, exc, protocol.reject(HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE,
                                                          f"Failed to open a WebSocket connection: {said(exc)}.\n"))
    except (UnicodeDecodeError, ValueError, NotImplementedError) as exc:
        body = NOT_ASCII if isinstance(exc, UnicodeDecodeError) else NOT_HTTP
        refusal = InvalidMessage("not a valid HTTP/1.1 request")
        refusal.__cause__ = exc
        yield from _refuse(protocol, refusal, respond(HTTPStatus.BAD_REQUEST, body, "text/plain; charset=utf-8", None))
    except EOFError as exc:
        if not protocol.reader.eof:  # "line without CRLF": a line ended by a bare LF, not a closed connection
            refusal = InvalidMessage("not a valid HTTP/1.1 request")
            refusal.__cause__ = exc
            yield from _refuse(protocol, refusal, respond(HTTPStatus.BAD_REQUEST, NOT_HTTP,
                                                          "text/plain; charset=utf-8", None))
        yield from _closed(protocol, exc)  # closed before a whole request; closed as websockets does
    except Exception as exc:
        yield from _closed(protocol, exc)
    if request.method not in ALLOWED:  # a method too long for the peek (websockets' parse takes any)
        yield from _refuse(protocol, InvalidMessage(f"HTTP method {request.method[:_METHOD_MAX]!r} is not answered"),
                           method_not_allowed(request.method))
    protocol.events.append(request)
    if "Upgrade" not in request.headers:
        # a plain HTTP request: what follows it before the answer (a stray CRLF, a pipelined request,
        # garbage) is not websocket frames; parsed as frames it failed the connection, which then
        # closed twice (an AssertionError logged per connection) and the request had no answer
        while not (yield from protocol.reader.at_eof()):
            protocol.reader.discard()
        yield
    yield from Protocol.parse(protocol)  # the frames, as ServerProtocol.parse goes on after the request


def _closed(protocol: ServerProtocol, exc: Exception) -> Generator[None]:
    """End a handshake whose connection closed before a whole request, as websockets does."""
    protocol.handshake_exc = InvalidMessage("did not receive a valid HTTP request")
    protocol.handshake_exc.__cause__ = exc
    protocol.send_eof()
    protocol.parser = protocol.discard()
    next(protocol.parser)
    yield


def _refuse(protocol: ServerProtocol, exc: Exception, response: Response) -> Generator[None]:
    """Answer ``response`` and end the handshake with ``exc``: ``send_response`` switches the
    parser to discarding what follows, so this generator never resumes."""
    protocol.handshake_exc = exc
    protocol.send_response(response)
    yield


def _parser(protocol: ServerProtocol) -> Generator[None]:
    """The handshake parser: a look at the method first, so a method not allowed is answered 405 at
    once, as websockets answers a 431 (before its headers or body are read); then the request, parsed
    once (:func:`_parse_request`)."""
    method = yield from _peek_method(protocol)
    if method is not None and method not in ALLOWED:
        yield from _refuse(protocol, InvalidMessage(f"HTTP method {method!r} is not answered"),
                           method_not_allowed(method))
    yield from _parse_request(protocol)


class Handshakes:
    """Connections under way before their websocket upgrade or plain HTTP answer, per client address
    group (``addresses.group_of``: an IPv4 address, a global IPv6 /64, a LAN peer's own address): at most ``limit`` (0: no limit);
    a connection beyond is closed as soon as it is accepted, and ``refused(group)`` is called. Each is
    counted from its TCP accept to the end of its handshake (websockets' ``open_timeout``, 10 s, ends an
    unfinished one). Loopback (this machine) and a trusted proxy (``addresses.from_proxy``: its clients
    are told apart only by their forwarded headers, read later) are not counted. Attacker s12 A2:
    half-open handshakes were bounded by nothing before the upgrade, where the per-address cap of open
    websockets applies; 2 x 9,500 of them held 8,621 descriptors of a hosting window."""

    def __init__(self, limit: int, config: Any, refused: Any = None) -> None:
        self.limit = limit
        self.config = config
        self.refused = refused
        self.pending: Counter[str] = Counter()
        """Handshakes under way per address group (a group leaves the counter at 0)."""

    def enter(self, peer: str, local: str | None = None) -> tuple[bool, str | None]:
        """A connection from ``peer`` to this machine's address ``local`` was accepted: (whether it may go
        on, the group it is counted in, or None when it is not counted); the caller hands the group back
        to :meth:`leave` once. Grouped as the connection's own limits are (``addresses.group_of``)."""
        if not self.limit or is_loopback(peer) or from_proxy(peer, self.config):
            return True, None
        group = group_of(peer, local, self.config)
        if self.pending[group] >= self.limit:
            if self.refused is not None:
                self.refused(group)
            return False, None
        self.pending[group] += 1
        return True, group

    def leave(self, group: str) -> None:
        """A handshake counted in ``group`` ended (upgraded, answered, refused, timed out or closed)."""
        self.pending[group] -= 1
        if self.pending[group] <= 0:
            del self.pending[group]


CUT_AFTER = 10.0
"""Seconds an ended connection (:meth:`EdgeConnection._ended`) waits for its peer's EOF when websockets
has no ``close_timeout``: then it is aborted."""


def _nothing() -> None:
    """What a lost connection's flow control does (:func:`let_go`)."""


def let_go(connection: Any) -> None:
    """Break the reference cycles of a lost connection (an asyncio ``ServerConnection`` whose
    ``connection_lost`` has run), so reference counting frees it, its protocol, its parser and the bytes
    they hold at once: our flow-control hooks (``recv_messages.pause``/``resume``, bound methods of the
    connection), our ``reject`` of the protocol (a closure of its own method), the traceback of the
    exception its parser failed with or its connection was lost with (frames whose ``self`` is the
    protocol: a ``PayloadTooBig`` for a frame over ``--max-frame``), websockets' parser (a generator whose
    frame holds the protocol: closed), the transport's read callback (a bound method of itself, asyncio's). Found by the cyclic collector only, such a connection waited for it;
    and the server moves every object alive every 5 s out of its reach (``gcpolicy``, ``gc.freeze``),
    so a connection alive at a freeze and then closed stayed until the hourly full collection (stream s16
    F6: every connection closed 1009 while held 10-20 s, ~18 KB each, the server's memory grew ~12.5 MB
    per 40 s of one attacker's loop; kind: objects freed only by the cyclic collector)."""
    queue = getattr(connection, "recv_messages", None)
    if queue is not None:
        queue.pause = queue.resume = _nothing
    protocol = getattr(connection, "protocol", None)
    if protocol is not None:
        vars(protocol).pop("reject", None)
        for exc in (getattr(protocol, "parser_exc", None), getattr(protocol, "handshake_exc", None),
                    getattr(connection, "connection_exc", None)):
            seen = 0
            while exc is not None and seen < 8:  # its causes' tracebacks hold frames too
                exc.__traceback__ = None
                exc, seen = exc.__cause__ or exc.__context__, seen + 1
        parser = getattr(protocol, "parser", None)
        if isinstance(parser, Generator):  # its frame holds the protocol; closed, a next() stops at once
            parser.close()
    transport = getattr(connection, "transport", None)
    if transport is not None and "_read_ready_cb" in vars(transport):
        transport._read_ready_cb = None  # asyncio's own cycle: its transport is closed, never read again


def edge_connection(handshakes: Handshakes | None, reads: ReadBudget | None = None) -> type[EdgeConnection]:
    """The ``create_connection`` of one server: :class:`EdgeConnection` counting its handshakes in
    ``handshakes`` and the bytes its websockets read in ``reads`` (None: not counted)."""
    return type("EdgeConnection", (EdgeConnection,), {"handshakes": handshakes, "reads": reads})


class EdgeConnection(ServerConnection):
    """A websocket server connection whose every plain HTTP answer meets docs/operations.md, and whose
    handshake is counted in its server's :class:`Handshakes` (:func:`edge_connection`)."""

    handshakes: Handshakes | None = None
    reads: ReadBudget | None = None
    read_group: str | None = None
    """The address group whose read budget this websocket's bytes count in (set by the handler once it
    knows the client's address, ``connection.handle``); None: not counted (the handshake)."""
    _counted: str | None = None
    _queue_full = False
    closing = False
    """:meth:`close` was called (the read budget holds the socket no longer)."""
    _held: asyncio.TimerHandle | None = None
    _cut: asyncio.TimerHandle | None = None
    """Aborts a connection that ended on this side and whose peer did not close (:meth:`_ended`)."""
    _holding = 0
    """Bytes this connection held when last counted in its server's ``ReadBudget.held`` (:meth:`recount`)."""
    _gone = False
    """The connection is lost: it holds nothing any more."""
    allowance: Allowance | None = None
    """This connection's own part of its group's read budget (``readbudget.Allowance``): within it, it is
    read whatever its group owes (attacker s13 F1: a neighbour's flood froze it); None: not counted."""

    def __init__(self, protocol: ServerProtocol, *args: Any, **kwargs: Any) -> None:
        super().__init__(protocol, *args, **kwargs)
        self._unparsed = bytearray()
        """Bytes read and not yet given to websockets' parser while the group is in debt (at most one read)."""
        build = protocol.reject

        def reject(status: HTTPStatus, text: str) -> Response:
            response = build(status, text)
            for name, value in security_headers(None):
                response.headers[name] = value
            return response

        protocol.reject = reject  # type: ignore[method-assign]
        # nothing has been read yet: websockets' parser, started in its __init__, is replaced whole
        protocol.parser = _parser(protocol)
        next(protocol.parser)

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)
        lighten(self)  # issue 12: no empty deque blocks per connection (server/lean.py)
        peer = transport.get_extra_info("peername")
        local = transport.get_extra_info("sockname")
        address, mine = (str(peer[0]) if peer else "?"), (str(local[0]) if local else None)
        if self.handshakes is not None:
            allowed, self._counted = self.handshakes.enter(address, mine)
            if not allowed:
                transport.abort()  # before a byte is read: its handshake ends at once (connection lost)
                return
        # websockets' own flow control (its frames waiting unread) and the read budget both hold the socket
        self.recv_messages.pause = self._queue_pause
        self.recv_messages.resume = self._queue_resume
        if self.reads is not None and self.reads.on:
            if self.reads.budgeted:
                self.allowance = self.reads.allowance()
                sock = transport.get_extra_info("socket")
                try:  # one read parses at most this much (a 256 KiB read of 21-byte frames was 12,000 frames)
                    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, READ_BUFFER)
                except (AttributeError, OSError):
                    pass
            config = getattr(self.handshakes, "config", None)
            if config is not None and not from_proxy(address, config):  # a proxy's clients: named by the handler
                self.read_group = group_of(address, mine, config)
                self.hold_if_due()  # its own allowance is full: its handshake is read whatever the group owes

    def _queue_pause(self) -> None:
        self._queue_full = True
        self.transport.pause_reading()

    def _queue_resume(self) -> None:
        self._queue_full = False
        if self._held is None:
            self.transport.resume_reading()

    def data_received(self, data: bytes) -> None:
        """websockets' reading (its parse of ``data`` into frames), once the group is known
        (:attr:`read_group`) by pieces of :data:`FEED` bytes, each charged its bytes and the frames
        websockets parsed from it: while the group is in debt nothing more is parsed (the rest of
        ``data`` waits here) and the socket is not read (TCP holds the rest at the sender), until the
        debt is paid (attacker s12 round 2 N5: a read of 21-byte frames was 12,000 frames parsed)."""
        if self.read_group is None or self.reads is None or self.closing:
            super().data_received(data)
            return
        self._unparsed += data
        if self.protocol.eof_sent:
            self._ended()
            return
        self._feed()

    def _feed(self) -> None:
        """Parse what waits in :attr:`_unparsed` piece by piece while the group is within its budget
        and the server within its bound of bytes held (:meth:`_over_held`); hold the socket when not
        (:meth:`hold_if_due`)."""
        reads, group = self.reads, self.read_group
        assert reads is not None and group is not None
        if self.protocol.eof_sent:
            self._ended()
            return
        while self._unparsed and self._held is None:
            if reads.pause(group, self.allowance) > 0:
                break
            if self._over_held():
                self._shed()
                break
            piece = bytes(self._unparsed[:FEED])
            del self._unparsed[:FEED]
            queued = len(self.recv_messages.frames)
            super().data_received(piece)
            reads.charge(group, max(0, len(self.recv_messages.frames) - queued), len(piece), self.allowance)
            self.recount()  # the next piece is weighed against what this one left held
            if self.protocol.eof_sent:
                self._ended()
                return
        self.recount()
        self.hold_if_due()

    def _ended(self) -> None:
        """The connection is ending on this side (websockets sent its close and its EOF: it failed the
        connection, 1009 for a frame over ``--max-frame``, or answered the peer's close): what it reads now
        is only discarded until the peer's EOF, so it is read at once whatever its group owes, and what
        waited for the parser is dropped. Held by the read budget instead, its close waited 10-20 s while
        the connection still counted against its address (stream s16 F6: 196 connections counted for an
        attacker holding 10, each kept with what it had read). A peer that never closes is cut
        ``close_timeout`` later (websockets' 10 s), so discarding costs no more than that."""
        if self._held is not None:
            self._held.cancel()
            self._held = None
        data, self._unparsed = bytes(self._unparsed), bytearray()
        self.recount()
        if data and not self.transport.is_closing():
            super().data_received(data)  # websockets' discard() parser: nothing is kept
        if not self.transport.is_closing():
            self.transport.resume_reading()
            if self._cut is None:
                self._cut = self.loop.call_later(self.close_timeout or CUT_AFTER, self._cut_off)

    def _cut_off(self) -> None:
        self._cut = None
        if not self.transport.is_closing():
            self.transport.abort()

    def parsed_held(self) -> int:
        """Bytes given to websockets' parser and not yet taken by the handler: its partial frame and the
        frames waiting for ``recv``."""
        frames = getattr(self.recv_messages.frames, "queue", ())
        return len(self.protocol.reader.buffer) + sum(len(f.data) for f in frames)

    def recount(self) -> None:
        """Count what this connection holds now (:meth:`parsed_held` and what waits for the parser) in its
        server's ``ReadBudget.held``; called after each feed and each frame the handler takes."""
        if self.reads is None or self._gone:
            return
        holding = len(self._unparsed) + self.parsed_held()
        self.reads.held += holding - self._holding
        self._holding = holding

    def _shed(self) -> None:
        """Over the server-wide bound: a partial frame already at the client frame limit or beyond (one that
        would be refused ``MALFORMED_FRAME`` once whole) is refused now, closing the connection 1009 as
        websockets does for a frame over ``--max-frame``, and what it held is dropped. Holding it instead
        waited for bytes it was not given: a few such connections held the server over its bound for good."""
        if len(self.protocol.reader.buffer) < CLIENT_LIMITS.max_bytes:
            return
        self.protocol.fail(CloseCode.MESSAGE_TOO_BIG, "frame over the client frame limit while the server is busy")
        self.protocol.reader.discard()
        self._unparsed = bytearray()
        try:
            self.send_data()
        except Exception as exc:  # as websockets' own data_received: the connection is lost anyway
            self.set_connection_exc(exc)
        self.recount()

    def _over_held(self) -> bool:
        """The server holds its bound of bytes read and not yet handled (``ReadBudget.over``) and this
        connection, past its handshake, holds a client frame's limit or more: it waits (a player's connection
        holds less than one frame between two moves, so it is read as ever; s15). An HTTP request's head is
        websockets' to bound (its header limits), never a frame: attacker s15 F4, a page or upgrade with
        3.5 KB of headers arriving in pieces was dropped with no answer while the server was over the bound."""
        reads = self.reads
        return reads is not None and reads.held_max > 0 and self.protocol.state is State.OPEN \
            and self.parsed_held() >= CLIENT_LIMITS.max_bytes and reads.over()

    def hold_if_due(self) -> None:
        """Stop reading the socket while :attr:`read_group` is beyond its read budget and this connection
        beyond its own :attr:`allowance`; read again once either is back within it (unless websockets'
        own flow control holds it)."""
        if self._held is not None or self.read_group is None or self.reads is None or self.closing \
                or self.protocol.eof_sent:
            return
        wait = self.reads.pause(self.read_group, self.allowance)
        if wait <= 0 and self._unparsed and self._over_held():
            wait = HOLD_MIN  # the server-wide bound: looked at again when its frames may have been handled
        if wait > 0 and not self.transport.is_closing():
            self.transport.pause_reading()
            self._held = self.loop.call_later(max(wait, HOLD_MIN), self._release_hold)

    async def close(self, *args: Any, **kwargs: Any) -> None:
        """websockets' close; a socket the read budget holds is read again first: the close handshake
        needs the peer's close frame (a held one waited ``close_timeout``, 10 s, and held a stopping
        server up as long)."""
        self.closing = True
        if self._held is not None:
            self._held.cancel()
            self._held = None
            if not self._queue_full and not self.transport.is_closing():
                self.transport.resume_reading()
        if self._unparsed and not self.transport.is_closing():  # the peer's close frame may be in it
            data, self._unparsed = bytes(self._unparsed), bytearray()
            super().data_received(data)
        await super().close(*args, **kwargs)

    def _release_hold(self) -> None:
        self._held = None
        if self.transport.is_closing():
            self._unparsed = bytearray()
            return
        self._feed()
        if self._held is None and not self._queue_full:
            self.transport.resume_reading()

    async def handshake(self, *args: Any, **kwargs: Any) -> None:
        """websockets' handshake; the connection stops counting as one under way when it ends."""
        try:
            await super().handshake(*args, **kwargs)
        finally:
            self._handshake_over()

    def connection_lost(self, exc: Exception | None) -> None:
        self._handshake_over()
        for timer in (self._held, self._cut):
            if timer is not None:
                timer.cancel()
        self._held = self._cut = None
        super().connection_lost(exc)
        self._gone = True
        if self.reads is not None:  # what it held is dropped with it
            self.reads.held -= self._holding
            self._holding = 0
        self._unparsed = bytearray()
        let_go(self)

    def _handshake_over(self) -> None:
        group, self._counted = self._counted, None
        if group is not None and self.handshakes is not None:
            self.handshakes.leave(group)


__all__ = ["CUT_AFTER", "EdgeConnection", "Handshakes", "let_go", "SERVER_HEADER", "ALLOWED", "edge_connection", "method_not_allowed",
           "head_of"]
