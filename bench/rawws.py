"""A minimal websocket client for the load generator (issue 12: clients cheaper than the server).

The websockets library costs a bench client more per received frame than the server pays to
send it (a parser generator, an assembler and a future per frame), so the clients, not the
server, saturated the machine. This client does only what the bench needs on ``ws://``:
the HTTP upgrade, binary frames parsed straight from ``data_received``, pongs, close. Frames
it sends are masked with a zero key (RFC 6455 allows any key; XOR with zero is the payload
itself), which costs nothing. Both the floor and the game clients use it, so their ratio
still compares servers. ``wss://`` (bench/multiproc.py behind nginx) uses websockets.
"""
from __future__ import annotations

import asyncio
import base64
import os
import struct
from collections import deque
from typing import Any
from urllib.parse import urlsplit

ZERO_MASK = b"\0\0\0\0"


def is_loopback(host: str) -> bool:
    """True for this machine's addresses (127.0.0.0/8, ::1, localhost): what RawWS may dial."""
    import ipaddress
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


class Closed(Exception):
    """The connection is closed (``code`` as received, 1006 when the socket just ended)."""

    def __init__(self, code: int) -> None:
        super().__init__(f"closed ({code})")
        self.code = code


class RawWS(asyncio.Protocol):
    """One websocket: ``await recv()`` or ``async for frame in ws``; ``await send(bytes)``."""

    def __init__(self) -> None:
        self.transport: Any = None
        self._buf = bytearray()
        self._frames: deque[bytes] = deque()
        self._waiter: asyncio.Future[None] | None = None
        self._handshake: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.close_code: int | None = None
        self.on_frame: Any = None
        """When set, each frame is handed to this function as it is parsed (no task wakes up
        per frame); else frames wait for :meth:`recv`."""

    @classmethod
    async def connect(cls, url: str, timeout: float = 60.0) -> RawWS:
        """Open ``ws://host:port/path`` and complete the upgrade."""
        parts = urlsplit(url)
        if parts.scheme != "ws" or not is_loopback(parts.hostname or ""):
            raise ValueError(f"RawWS dials ws:// on this machine only (no proxy, no TLS), not {url}")
        loop = asyncio.get_running_loop()
        _, proto = await asyncio.wait_for(loop.create_connection(cls, parts.hostname, parts.port or 80), timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        host = f"{parts.hostname}:{parts.port}" if parts.port else str(parts.hostname)
        proto.transport.write((f"GET {parts.path or '/'} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\n"
                               f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                               f"Sec-WebSocket-Version: 13\r\n\r\n").encode())
        await asyncio.wait_for(proto._handshake, timeout)
        return proto

    def connection_made(self, transport: Any) -> None:
        self.transport = transport

    def data_received(self, data: bytes) -> None:
        self._buf += data
        if not self._handshake.done():
            end = self._buf.find(b"\r\n\r\n")
            if end < 0:
                return
            status = bytes(self._buf[:end]).split(b"\r\n", 1)[0]
            del self._buf[:end + 4]
            if b" 101 " not in status + b" ":
                self._handshake.set_exception(ConnectionError(status.decode(errors="replace")))
                return
            self._handshake.set_result(None)
        self._parse()

    def _parse(self) -> None:
        buf = self._buf
        while len(buf) >= 2:
            b0, b1 = buf[0], buf[1]
            n, at = b1 & 0x7F, 2
            if n == 126:
                if len(buf) < 4:
                    return
                n, at = struct.unpack_from("!H", buf, 2)[0], 4
            elif n == 127:
                if len(buf) < 10:
                    return
                n, at = struct.unpack_from("!Q", buf, 2)[0], 10
            if len(buf) < at + n:
                return
            payload = bytes(buf[at:at + n])
            del buf[:at + n]
            self._frame(b0 & 0x0F, payload)

    def _frame(self, opcode: int, payload: bytes) -> None:
        if opcode == 2 or opcode == 1:  # the server sends whole binary frames (no fragments here)
            if self.on_frame is not None:
                self.on_frame(payload)
                return
            self._frames.append(payload)
            self._wake()
        elif opcode == 9:
            self._write(0xA, payload)  # pong
        elif opcode == 8:
            self.close_code = struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else 1005
            self._write(0x8, payload[:2])
            self.transport.close()

    def _wake(self) -> None:
        if self._waiter is not None and not self._waiter.done():
            self._waiter.set_result(None)

    def connection_lost(self, exc: Exception | None) -> None:
        if self.close_code is None:
            self.close_code = 1006
        if not self._handshake.done():
            self._handshake.set_exception(ConnectionError("closed during the handshake"))
        self._wake()

    def _write(self, opcode: int, payload: bytes) -> None:
        n = len(payload)
        if n < 126:
            head = struct.pack("!BB", 0x80 | opcode, 0x80 | n)
        elif n < 65536:
            head = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, n)
        else:
            head = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, n)
        self.transport.write(head + ZERO_MASK + payload)

    async def send(self, payload: bytes) -> None:
        """Send one binary frame."""
        self.send_now(payload)

    def send_now(self, payload: bytes) -> None:
        """Send one binary frame, from a callback (the transport buffers it)."""
        if self.close_code is not None:
            raise Closed(self.close_code)
        self._write(0x2, payload)

    async def recv(self) -> bytes:
        """The next frame; :class:`Closed` once the connection is closed."""
        while not self._frames:
            if self.close_code is not None:
                raise Closed(self.close_code)
            self._waiter = asyncio.get_running_loop().create_future()
            await self._waiter
        return self._frames.popleft()

    def __aiter__(self) -> RawWS:
        return self

    async def __anext__(self) -> bytes:
        try:
            return await self.recv()
        except Closed:
            raise StopAsyncIteration from None

    async def close(self) -> None:
        if self.close_code is None and self.transport is not None and not self.transport.is_closing():
            self.close_code = 1000
            self._write(0x8, struct.pack("!H", 1000))
            self.transport.close()
