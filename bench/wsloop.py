"""The load generator's websocket client: one epoll loop driving every socket of a process.

Issue 12: the clients must be clearly cheaper than the server they measure. A client built on
asyncio pays, for every frame received, a selector callback, a protocol call and (with a
stream or the websockets library) a future and a task wake-up; four receives per move made
the clients cost as much CPU as the server. Here the measured part runs without asyncio: a
plain ``select.epoll`` loop reads each ready socket once (``recv``), splits the bytes into
websocket frames in place and hands each payload to its handler; frames it sends are masked
with a zero key (RFC 6455 allows any key; XOR with zero is the payload itself) and written
with one ``send``. Timers (the paced runs) are a heap checked between polls.

Setting up (upgrade, TLS, ``hello``, joins) is not measured and uses asyncio's socket calls
on the same non-blocking sockets (:func:`connect`, :meth:`Conn.recv`), so the sockets carry on
unchanged into :class:`Engine`. ``wss://`` (nginx in bench/multiproc.py) is TLS through
``ssl.MemoryBIO``, so the same loop serves it. Only this machine's addresses are dialled.
"""
from __future__ import annotations

import asyncio
import base64
import heapq
import ipaddress
import os
import select
import socket
import ssl
import struct
import time
from collections import deque
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

ZERO_MASK = b"\0\0\0\0"
_HEAD = [bytes((0x82, 0x80 | n)) + ZERO_MASK for n in range(126)]
"""The header of a binary frame of n < 126 bytes, masked with the zero key (every intent)."""
EPOLLIN, EPOLLOUT = select.EPOLLIN, select.EPOLLOUT
READ_SIZE = 262144


class Closed(Exception):
    """The connection is closed (``code`` as received, 1006 when the socket just ended)."""

    def __init__(self, code: int) -> None:
        super().__init__(f"closed ({code})")
        self.code = code


def is_loopback(host: str) -> bool:
    """True for this machine's addresses (127.0.0.0/8, ::1, localhost): all a bench may dial."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def client_frame(payload: bytes, opcode: int = 2) -> bytes:
    """``payload`` as one masked client frame (zero key)."""
    n = len(payload)
    if opcode == 2 and n < 126:
        return _HEAD[n] + payload
    if n < 126:
        head = struct.pack("!BB", 0x80 | opcode, 0x80 | n)
    elif n < 65536:
        head = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, n)
    else:
        head = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, n)
    return head + ZERO_MASK + payload


class Conn:
    """One client websocket on a non-blocking socket (plain or TLS).

    During set-up, frames queue in :attr:`frames` and :meth:`recv` awaits them (asyncio); once
    :meth:`Engine.add` gives it a handler, each frame is handed to it as soon as it is parsed.
    """

    __slots__ = ("sock", "fd", "tls", "bio_in", "bio_out", "buf", "out", "on_frame", "frames",
                 "close_code", "engine")

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.fd = sock.fileno()
        self.tls: ssl.SSLObject | None = None
        self.bio_in = ssl.MemoryBIO()
        self.bio_out = ssl.MemoryBIO()
        """TLS records in and out (used only once :attr:`tls` is set)."""
        self.buf = b""
        self.out = b""
        self.on_frame: Callable[[bytes], None] | None = None
        self.frames: deque[bytes] = deque()
        self.close_code: int | None = None
        self.engine: Engine | None = None

    # ---------------------------------------------------------------- writing

    def send(self, payload: bytes) -> None:
        """Send one binary frame now (what the transport cannot take waits for EPOLLOUT)."""
        if self.close_code is not None:
            raise Closed(self.close_code)
        self._write(_HEAD[len(payload)] + payload if len(payload) < 126 else client_frame(payload))

    def _write(self, data: bytes) -> None:
        if self.tls is not None:
            self.tls.write(data)
            data = self.bio_out.read()
        if self.out:
            self.out += data
            return
        try:
            sent = self.sock.send(data)
        except BlockingIOError:
            sent = 0
        except OSError:
            self._lost()
            return
        if sent < len(data):
            self.out = data[sent:]
            if self.engine is not None:
                self.engine.want_write(self, True)

    def flush(self) -> None:
        """EPOLLOUT: write what waited."""
        try:
            sent = self.sock.send(self.out)
        except BlockingIOError:
            return
        except OSError:
            self._lost()
            return
        self.out = self.out[sent:]
        if not self.out and self.engine is not None:
            self.engine.want_write(self, False)

    # ---------------------------------------------------------------- reading

    def read(self) -> None:
        """EPOLLIN: one ``recv``, its frames handled."""
        try:
            data = self.sock.recv(READ_SIZE)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:
            self._lost()
            return
        self.ingest(data)

    def ingest(self, data: bytes) -> None:
        """Bytes from the socket: decrypted if TLS, split into frames, each handled."""
        if self.tls is not None:
            self.bio_in.write(data)
            parts = []
            while True:
                try:
                    parts.append(self.tls.read(READ_SIZE))
                except ssl.SSLWantReadError:
                    break
                except ssl.SSLError:
                    self._lost()
                    return
            data = b"".join(parts)
        if self.buf:
            data = self.buf + data
        n, i = len(data), 0
        while n - i >= 2:
            size, at = data[i + 1] & 0x7F, i + 2  # server frames are never masked
            if size == 126:
                if n - at < 2:
                    break
                size, at = (data[at] << 8) | data[at + 1], at + 2
            elif size == 127:
                if n - at < 8:
                    break
                size, at = int.from_bytes(data[at:at + 8], "big"), at + 8
            end = at + size
            if end > n:
                break
            op = data[i] & 0x0F
            i = end
            if op == 2:
                if self.on_frame is not None:
                    self.on_frame(data[at:end])
                else:
                    self.frames.append(data[at:end])
            else:
                self._control(op, data[at:end])
        self.buf = data[i:] if i < n else b""

    def _control(self, op: int, payload: bytes) -> None:
        if op == 9:
            self._write(client_frame(payload, 0xA))  # pong
        elif op == 8:
            self.close_code = struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else 1005
            self._write(client_frame(payload[:2], 0x8))
            self._lost()
        elif op == 1:  # the server sends binary frames only: a text frame is handled alike
            if self.on_frame is not None:
                self.on_frame(payload)
            else:
                self.frames.append(payload)

    def _lost(self) -> None:
        if self.close_code is None:
            self.close_code = 1006
        if self.engine is not None:
            self.engine.drop(self)
        self.sock.close()

    def close(self) -> None:
        """Send a close frame (1000) and close the socket."""
        if self.close_code is None:
            self.close_code = 1000
            try:
                self._write(client_frame(struct.pack("!H", 1000), 0x8))
            except OSError:
                pass
            if self.engine is not None:
                self.engine.drop(self)
            self.sock.close()

    # ---------------------------------------------------------------- set-up (asyncio)

    async def _raw_recv(self, timeout: float) -> bytes:
        data = await asyncio.wait_for(asyncio.get_running_loop().sock_recv(self.sock, READ_SIZE), timeout)
        if not data:
            self.close_code = self.close_code or 1006
            raise Closed(self.close_code)
        return data

    async def recv(self, timeout: float = 60.0) -> bytes:
        """Set-up only: the next frame; :class:`Closed` once the connection is closed."""
        while not self.frames:
            if self.close_code is not None:
                raise Closed(self.close_code)
            self.ingest(await self._raw_recv(timeout))
        return self.frames.popleft()

    async def _handshake_tls(self, context: ssl.SSLContext, host: str, timeout: float) -> None:
        loop = asyncio.get_running_loop()
        tls = context.wrap_bio(self.bio_in, self.bio_out, server_hostname=host)
        while True:
            try:
                tls.do_handshake()
                break
            except ssl.SSLWantReadError:
                if pending := self.bio_out.read():
                    await loop.sock_sendall(self.sock, pending)
                self.bio_in.write(await self._raw_recv(timeout))
        if pending := self.bio_out.read():
            await loop.sock_sendall(self.sock, pending)
        self.tls = tls


_TLS: ssl.SSLContext | None = None


def _tls_context() -> ssl.SSLContext:
    """TLS to this machine's nginx (bench/multiproc.py: a throwaway self-signed certificate on
    loopback, so not verified); one context for every connection."""
    global _TLS
    if _TLS is None:
        _TLS = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
        _TLS.check_hostname, _TLS.verify_mode = False, ssl.CERT_NONE
    return _TLS


async def connect(url: str, timeout: float = 60.0) -> Conn:
    """Open ``ws://`` or ``wss://`` HOST:PORT/PATH on this machine and complete the upgrade."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    if parts.scheme not in ("ws", "wss") or not is_loopback(host):
        raise ValueError(f"the load clients dial ws:// or wss:// on this machine only, not {url}")
    port = parts.port or (443 if parts.scheme == "wss" else 80)
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setblocking(False)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    conn = Conn(sock)
    try:
        await asyncio.wait_for(asyncio.get_running_loop().sock_connect(sock, (host, port)), timeout)
        if parts.scheme == "wss":
            await conn._handshake_tls(_tls_context(), host, timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        netloc = f"[{host}]" if family == socket.AF_INET6 else host
        conn._write((f"GET {parts.path or '/'} HTTP/1.1\r\nHost: {netloc}:{port}\r\nUpgrade: websocket\r\n"
                     f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                     f"Sec-WebSocket-Version: 13\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            head += await _plain(conn, timeout)
            if len(head) > 16384:
                raise ConnectionError("no end to the upgrade answer")
        head, rest = head.split(b"\r\n\r\n", 1)
        status = head.split(b"\r\n", 1)[0]
        if b" 101 " not in status + b" ":
            raise ConnectionError(status.decode(errors="replace"))
        tls, conn.tls = conn.tls, None  # ``rest`` is already decrypted
        conn.ingest(rest)
        conn.tls = tls
    except BaseException:
        sock.close()
        raise
    return conn


async def _plain(conn: Conn, timeout: float) -> bytes:
    """Set-up: the next bytes from the socket, decrypted if TLS."""
    data = await conn._raw_recv(timeout)
    if conn.tls is None:
        return data
    conn.bio_in.write(data)
    out = []
    while True:
        try:
            out.append(conn.tls.read(READ_SIZE))
        except ssl.SSLWantReadError:
            return b"".join(out)


class Engine:
    """The measured loop: every registered connection's frames, and timers, in one thread."""

    def __init__(self) -> None:
        self.ep = select.epoll()
        self.conns: dict[int, Conn] = {}
        self.timers: list[tuple[float, int, Callable[[], None]]] = []
        self._n = 0

    def add(self, conn: Conn, on_frame: Callable[[bytes], None]) -> None:
        """Hand ``conn``'s frames to ``on_frame`` from now on (the queued ones first, when the
        loop runs)."""
        conn.engine, conn.on_frame = self, on_frame
        if conn.close_code is None:
            self.conns[conn.fd] = conn
            self.ep.register(conn.fd, EPOLLIN | (EPOLLOUT if conn.out else 0))
        queued = list(conn.frames)
        conn.frames.clear()
        if queued:
            def replay() -> None:
                for frame in queued:
                    on_frame(frame)
            self.later(0.0, replay)

    def drop(self, conn: Conn) -> None:
        if self.conns.pop(conn.fd, None) is not None:
            try:
                self.ep.unregister(conn.fd)
            except OSError:
                pass

    def want_write(self, conn: Conn, on: bool) -> None:
        if conn.fd in self.conns:
            self.ep.modify(conn.fd, EPOLLIN | EPOLLOUT if on else EPOLLIN)

    def later(self, when: float, fn: Callable[[], None]) -> None:
        """Call ``fn`` at ``time.perf_counter()`` >= ``when``."""
        self._n += 1
        heapq.heappush(self.timers, (when, self._n, fn))

    def run(self, until: float) -> None:
        """Serve sockets and timers until ``time.perf_counter()`` reaches ``until``."""
        poll, conns, timers, clock = self.ep.poll, self.conns, self.timers, time.perf_counter
        while True:
            now = clock()
            while timers and timers[0][0] <= now:
                heapq.heappop(timers)[2]()
            if now >= until:
                return
            wait = until - now
            if timers and timers[0][0] - now < wait:
                wait = max(0.0, timers[0][0] - now)
            for fd, ev in poll(wait):
                conn = conns.get(fd)
                if conn is None:
                    continue
                if ev & EPOLLOUT:
                    conn.flush()
                if ev & ~EPOLLOUT:
                    conn.read()

    def close(self) -> None:
        for conn in list(self.conns.values()):
            conn.close()
        self.ep.close()
