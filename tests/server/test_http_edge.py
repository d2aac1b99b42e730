"""Attacker finding, kind: plain HTTP answers that break docs/operations.md's promise ("Every answer
carries Content-Security-Policy ..., X-Frame-Options: DENY"): /healthz, /metrics and websockets'
own 431 carried neither, /healthz named the Python and websockets versions, a ``POST /`` got no
answer (the connection closed), and ``HEAD /`` sent the page's body. server/edge.py covers every
answer, whoever builds it; these are the attacker's requests, sent raw."""
from __future__ import annotations

import asyncio
import socket
from typing import Any

import pytest

from doublenine.server.edge import SERVER_HEADER


def _raw(port: int, request: bytes) -> tuple[int, list[tuple[str, str]], bytes]:
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        s.sendall(request)
        out = b""
        while data := s.recv(65536):
            out += data
    head, _, body = out.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    assert lines[0].startswith("HTTP/1.1 "), out[:80]
    headers = [tuple(part.strip() for part in line.split(":", 1)) for line in lines[1:]]
    return int(lines[0].split()[1]), headers, body  # type: ignore[return-value]


async def raw(server: Any, request: bytes) -> tuple[int, dict[str, list[str]], bytes]:
    status, pairs, body = await asyncio.to_thread(_raw, server.port, request)
    headers: dict[str, list[str]] = {}
    for name, value in pairs:
        headers.setdefault(name.lower(), []).append(value)
    return status, headers, body


REQUESTS = {
    "/healthz": (b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n", 200),
    "/metrics": (b"GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n", 200),
    "/": (b"GET / HTTP/1.1\r\nHost: x\r\n\r\n", 200),
    "404": (b"GET /nothing HTTP/1.1\r\nHost: x\r\n\r\n", 404),
    "431": (b"GET / HTTP/1.1\r\nHost: x\r\nX: " + b"a" * 9000 + b"\r\n\r\n", 431),
    "414": (b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 414),
    "431 too many headers": (b"GET / HTTP/1.1\r\n" + b"X: y\r\n" * 200 + b"\r\n", 431),
    "raw non-ASCII in the address": (b"GET /\xc3\xa9 HTTP/1.1\r\nHost: x\r\n\r\n", 400),
    "POST / with a body": (b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\nhi", 405),
    "POST / without": (b"POST / HTTP/1.1\r\nHost: x\r\n\r\n", 405),
    "DELETE /healthz": (b"DELETE /healthz HTTP/1.1\r\nHost: x\r\n\r\n", 405),
    "HEAD /": (b"HEAD / HTTP/1.1\r\nHost: x\r\n\r\n", 200),
    "HEAD /healthz": (b"HEAD /healthz HTTP/1.1\r\nHost: x\r\n\r\n", 200),
    # attacker finding F9, kind: a request websockets cannot parse, closed without a word (nginx says 400)
    "raw space in the address": (b"GET /?before=1 .A HTTP/1.1\r\nHost: x\r\n\r\n", 400),
    "no protocol": (b"GET /\r\nHost: x\r\n\r\n", 400),
    "HTTP/2 on a request line": (b"GET / HTTP/2.0\r\nHost: x\r\n\r\n", 400),
    "a header line that is not one": (b"GET / HTTP/1.1\r\nHost x\r\n\r\n", 400),
    "GET with a body": (b"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\nhi", 400),
    "GET chunked": (b"GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400),
    "HTTP/1.0": (b"GET / HTTP/1.0\r\nHost: x\r\n\r\n", 200),
}


@pytest.mark.parametrize("name", list(REQUESTS))
async def test_every_answer_carries_the_security_headers_and_no_version(server, name: str) -> None:
    request, expected = REQUESTS[name]
    status, headers, _ = await raw(server, request)
    assert status == expected
    assert len(headers["content-security-policy"]) == 1 and "frame-ancestors 'none'" in headers["content-security-policy"][0]
    assert headers["x-frame-options"] == ["DENY"]
    assert headers["x-content-type-options"] == ["nosniff"]
    assert headers.get("server", [SERVER_HEADER]) == [SERVER_HEADER]  # was "Python/3.11 websockets/17.4"


@pytest.mark.parametrize("request_line", [b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\nhi",
                                          b"PUT /t/ABCDE HTTP/1.1\r\nHost: x\r\n\r\n"])
async def test_a_method_other_than_get_or_head_gets_405_with_allow(server, request_line: bytes) -> None:
    status, headers, body = await raw(server, request_line)
    assert (status, headers["allow"]) == (405, ["GET, HEAD"])
    assert int(headers["content-length"][0]) == len(body) > 0


@pytest.mark.parametrize("path", ["/", "/healthz", "/static/page.css", "/nothing"])
async def test_head_sends_the_get_headers_without_the_body(server, path: str) -> None:
    get_status, get_headers, get_body = await raw(server, f"GET {path} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    status, headers, body = await raw(server, f"HEAD {path} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    assert (status, body) == (get_status, b"")
    assert headers["content-length"] == [str(len(get_body))] and len(get_body) > 0
    assert headers["content-type"] == get_headers["content-type"]


async def test_f9_a_raw_space_in_the_address_gets_400_saying_so_and_the_server_goes_on(server) -> None:
    """Attacker finding F9: ``GET /?before=1 .A HTTP/1.1`` (a space not percent-encoded) was closed
    with no answer; now a plain 400 that says what to do, as for raw non-ASCII bytes."""
    from doublenine.server.edge import NOT_HTTP

    status, headers, body = await raw(server, b"GET /?before=1 .A HTTP/1.1\r\nHost: x\r\n\r\n")
    assert (status, headers["content-type"], body) == (400, ["text/plain; charset=utf-8"], NOT_HTTP)
    assert (await raw(server, b"GET / HTTP/1.1\r\nHost: x\r\n\r\n"))[0] == 200


async def test_a_non_ascii_address_gets_400_saying_to_percent_encode(server) -> None:
    """The request is parsed once (server/edge._parse_request): its UnicodeDecodeError is the 400 NOT_ASCII."""
    from doublenine.server.edge import NOT_ASCII

    status, headers, body = await raw(server, b"GET /\xc3\xa9 HTTP/1.1\r\nHost: x\r\n\r\n")
    assert (status, headers["content-type"], body) == (400, ["text/plain; charset=utf-8"], NOT_ASCII)


def _trickle(port: int, request: bytes) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        for i in range(len(request)):
            s.sendall(request[i:i + 1])
        out = b""
        while data := s.recv(65536):
            out += data
    return out


async def test_a_request_sent_byte_by_byte_is_parsed_as_it_arrives(server) -> None:
    """The one parse resumes on every byte: a valid request trickled in is answered 200, an invalid
    one 400 (nothing is read twice, nothing lost between the method's peek and the parse)."""
    from doublenine.server.edge import NOT_HTTP

    good = await asyncio.to_thread(_trickle, server.port, b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
    bad = await asyncio.to_thread(_trickle, server.port, b"GET /a b HTTP/1.1\r\nHost: x\r\n\r\n")
    assert (good.split(b"\r\n", 1)[0], bad.split(b"\r\n", 1)[0]) == (b"HTTP/1.1 200 OK", b"HTTP/1.1 400 Bad Request")
    assert bad.endswith(b"\r\n\r\n" + NOT_HTTP)


async def test_a_connection_closed_mid_request_gets_no_answer_and_the_server_goes_on(server) -> None:
    """EOF before the blank line: closed without a word, as websockets closes it."""
    def half() -> bytes:
        with socket.create_connection(("127.0.0.1", server.port), timeout=5) as s:
            s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
            s.shutdown(socket.SHUT_WR)
            out = b""
            while data := s.recv(65536):
                out += data
        return out

    assert await asyncio.to_thread(half) == b""
    assert (await raw(server, b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"))[0] == 200


# Attacker finding (session 6), kind: a request the one parse read but the edge mis-answered.
@pytest.mark.parametrize("request_bytes, status", [
    (b"ABCDEFGHIJKLMNOPQ / HTTP/1.1\r\nHost: x\r\n\r\n", 405),  # a method longer than the peek: was 200
    (b"GARBAGE\r\n\r\n", 400),  # a short line without a space: was 10 s of silence, then a close
    (b"\r\n\r\n", 400),
    (b"GET /healthz HTTP/1.1\nHost: x\n\n", 400),  # bare LF line ends: was a silent close
    (b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n\r\n", 200),  # a stray CRLF after the request
    (b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\nXX", 200),  # garbage after it: was no answer and
    (b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\nGET / HTTP/1.1\r\n\r\n", 200),  # an AssertionError logged
])
async def test_every_complete_or_broken_request_gets_its_answer_at_once(server, request_bytes: bytes,
                                                                       status: int, caplog) -> None:
    got, headers, _ = await asyncio.wait_for(raw(server, request_bytes), 4)
    assert (got, "content-security-policy" in headers) == (status, True)
    assert [r.getMessage() for r in caplog.records if r.levelname == "ERROR"] == []
    assert (await raw(server, b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"))[0] == 200
