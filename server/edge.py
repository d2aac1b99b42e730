"""The HTTP edge of the game's port: what every plain HTTP answer carries, whoever builds it.

docs/operations.md promises that every answer carries the security headers
(:func:`~.web.site.security_headers`), that the ``Server`` header names no version, that
only ``GET`` and ``HEAD`` are answered (anything else: ``405`` with ``Allow``) and that a
``HEAD`` gets the headers of its ``GET`` without the body. websockets builds some answers
itself (``431``/``414`` for an oversized request, ``500``, ``503`` while stopping, and the
``/healthz`` and ``/metrics`` answers through ``connection.respond``), and it closes a
request with a body (any ``POST``) without a word; :class:`EdgeConnection` (passed to
``serve`` as ``create_connection``, websockets' own hook) covers all of them.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Generator
from http import HTTPStatus
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import InvalidMessage
from websockets.http11 import Request, Response
from websockets.server import ServerProtocol

from .lean import lighten
from .web.site import respond, security_headers

SERVER_HEADER = "doublenine"
"""The ``Server`` header of every answer: the program, never its or its libraries' versions."""
ALLOWED = ("GET", "HEAD")
"""The HTTP methods answered (the websocket handshake is a GET)."""
_METHOD_MAX = 16
"""Bytes of a request line read to find its method: longer, websockets refuses the request itself."""
_LINE_MAX = 8192
"""Bytes looked at to find the end of the request line (websockets' own longest line)."""
NOT_ASCII = b"The request line is not ASCII: percent-encode the address (RFC 3986).\n"


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
    (None: no method within :data:`_METHOD_MAX` bytes; websockets then refuses the request)."""
    reader = protocol.reader
    while True:
        space = reader.buffer.find(b" ", 0, _METHOD_MAX + 1)
        if space >= 0:
            return bytes(reader.buffer[:space]).decode("ascii", "replace")
        if len(reader.buffer) > _METHOD_MAX or reader.eof:
            return None
        yield


def _peek_line_ascii(protocol: ServerProtocol) -> Generator[None, None, bool]:
    """Whether the request line is ASCII (RFC 9112 3: a browser percent-encodes anything else),
    looked at without consuming a byte; True while no line end came within :data:`_LINE_MAX`
    bytes (websockets then refuses the request itself)."""
    reader = protocol.reader
    while True:
        end = reader.buffer.find(b"\n", 0, _LINE_MAX)
        if end >= 0:
            return bytes(reader.buffer[:end]).isascii()
        if len(reader.buffer) >= _LINE_MAX or reader.eof:
            return True
        yield


def _parser(protocol: ServerProtocol) -> Generator[None]:
    """websockets' own parser, after a look at the method and the request line: a method not
    allowed is answered 405 at once, as websockets answers a 431 (before its headers or body
    are read); a request line that is not ASCII (which websockets would close without a word)
    is answered 400."""
    method = yield from _peek_method(protocol)
    if method is not None and method not in ALLOWED:
        protocol.handshake_exc = InvalidMessage(f"HTTP method {method!r} is not answered")
        protocol.send_response(method_not_allowed(method))
        yield  # send_response switched to discarding what follows: this generator ends here
    if not (yield from _peek_line_ascii(protocol)):
        protocol.handshake_exc = InvalidMessage("the request line is not ASCII")
        protocol.send_response(respond(HTTPStatus.BAD_REQUEST, NOT_ASCII, "text/plain; charset=utf-8", None))
        yield
    yield from protocol.parse()


class EdgeConnection(ServerConnection):
    """A websocket server connection whose every plain HTTP answer meets docs/operations.md."""

    def __init__(self, protocol: ServerProtocol, *args: Any, **kwargs: Any) -> None:
        super().__init__(protocol, *args, **kwargs)
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


__all__ = ["EdgeConnection", "SERVER_HEADER", "ALLOWED", "method_not_allowed", "head_of"]
