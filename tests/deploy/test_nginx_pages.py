"""nginx's own answers in the shipped config: its refusals are 429 and carry our security headers.

Kind: an answer one part of the deployment makes itself, differing from what the processes say
for the same thing. ``limit_conn`` answered ``503`` (nginx's default), the code a process sends
while stopping or while its store fails, which health checks and clients treat as "this server
is unwell", while ``limit_req`` answered ``429``; and nginx's own pages (``429``, ``5xx``,
its ``403`` for ``/metrics``, ``413``, the redirect to https) carried none of the headers every answer of a process carries (docs/operations.md "What a
server serves"). A real nginx with deploy/nginx/doublenine.conf, in front of a backend that
holds every request (so connections stay counted by ``limit_conn``) and drops the ones for
``/t/DROPS`` without answering (nginx's own ``502``). Skips where nginx or openssl is missing.
"""
from __future__ import annotations

import http.client
import re
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from .nginxrun import DEPLOY, MISSING, NGINX, OPENSSL, Nginx, client_tls, prepare

pytestmark = pytest.mark.skipif(NGINX is None or OPENSSL is None, reason=MISSING)

PER_ADDRESS = int(re.search(r"limit_conn dn_per_addr (\d+);", (DEPLOY / "nginx/site.inc").read_text())[1])  # type: ignore[index]
"""The shipped connections per address group (64)."""
SECURITY = {
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
    "cache-control": "no-store",
    "server": "nginx",
}
"""What each of nginx's own answers carries: the processes' headers (a plain-text page: no script,
style or connection of its own), and ``Server`` without a version, like the processes'."""


@pytest.fixture
def backend() -> Iterator[int]:
    """A backend that reads each request and holds it unanswered, or closes at once for ``/t/DROPS``."""
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(0.1)
    held: list[socket.socket] = []
    stop = threading.Event()

    def serve() -> None:
        while not stop.is_set():
            try:
                conn = listener.accept()[0]
            except OSError:
                continue
            conn.settimeout(5)
            try:
                head = conn.recv(4096)
            except OSError:
                head = b""
            if b" /t/DROPS " in head:
                conn.close()
            else:
                held.append(conn)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield int(listener.getsockname()[1])
    stop.set()
    thread.join(timeout=5)
    for conn in held:
        conn.close()
    listener.close()


@pytest.fixture
def ports(tmp_path: Path, backend: int) -> Iterator[tuple[int, int]]:
    """nginx's (https, plain http) ports."""
    conf, https, plain = prepare(tmp_path, "doublenine.conf", [backend] * 3)
    server = Nginx(tmp_path, conf, https)
    yield https, plain
    server.stop()


@pytest.fixture
def proxy(ports: tuple[int, int]) -> int:
    return ports[0]


def _send(https: int, address: str, path: str) -> http.client.HTTPSConnection:
    conn = http.client.HTTPSConnection("127.0.0.1", https, timeout=10, context=client_tls(),
                                       source_address=(address, 0))
    conn.request("GET", path, headers={"Host": f"127.0.0.1:{https}"})
    return conn


def _answer(conn: http.client.HTTPSConnection) -> tuple[int, dict[str, str], str]:
    answer = conn.getresponse()
    body = answer.read().decode()
    return answer.status, {k.lower(): v for k, v in answer.getheaders()}, body


def _ours(headers: dict[str, str]) -> dict[str, str]:
    return {k: headers.get(k, "") for k in SECURITY}


def test_connections_beyond_the_limit_get_429_with_the_security_headers(proxy: int) -> None:
    held = [_send(proxy, "127.0.0.1", f"/t/HOLD{i}") for i in range(PER_ADDRESS)]
    try:
        for conn in held:  # each request reached the backend and is held there: counted by limit_conn
            conn.sock.settimeout(0.3)
            with pytest.raises(TimeoutError):
                conn.getresponse()
        status, headers, body = _answer(_send(proxy, "127.0.0.1", "/t/ONEMORE"))
        assert (status, headers.get("retry-after"), body) == (
            429, "1", "Too many requests from your address: wait a second, then try again.\n")
        assert _ours(headers) == SECURITY
        other = _send(proxy, "127.0.0.2", "/t/OTHER")  # another address is not refused: held too
        other.sock.settimeout(0.3)
        with pytest.raises(TimeoutError):
            other.getresponse()
        other.close()
    finally:
        for conn in held:
            conn.close()


def test_a_request_flood_gets_429_with_the_security_headers(proxy: int) -> None:
    answers = []
    for _ in range(120):  # more than the burst (80), one request at a time: refused at once
        conn = _send(proxy, "127.0.0.3", "/t/DROPS")
        answers.append(_answer(conn))
        conn.close()
        if answers[-1][0] == 429:
            break
    status, headers, body = answers[-1]
    assert status == 429 and headers.get("retry-after") == "1" and _ours(headers) == SECURITY


def test_no_process_answering_gets_nginxs_502_with_the_security_headers(proxy: int) -> None:
    conn = _send(proxy, "127.0.0.4", "/t/DROPS")
    status, headers, body = _answer(conn)
    conn.close()
    assert (status, body) == (502, "The game server did not answer: try again in a few seconds.\n")
    assert _ours(headers) == SECURITY and "retry-after" not in headers


def test_nginxs_own_4xx_and_its_redirect_carry_the_security_headers(ports: tuple[int, int]) -> None:
    https, plain = ports
    status, headers, body = _answer(_send(https, "127.0.0.5", "/metrics"))  # only 127.0.0.1 may scrape
    assert (status, body) == (403, "This request is refused.\n") and _ours(headers) == SECURITY
    conn = http.client.HTTPSConnection("127.0.0.1", https, timeout=10, context=client_tls(),
                                       source_address=("127.0.0.6", 0))
    conn.putrequest("POST", "/")
    conn.putheader("Content-Length", "70000")  # over client_max_body_size (64k): refused before the body
    conn.endheaders()
    status, headers, body = _answer(conn)
    conn.close()
    assert (status, body) == (413, "This request is refused.\n") and _ours(headers) == SECURITY
    redirect = http.client.HTTPConnection("127.0.0.1", plain, timeout=10)
    redirect.request("GET", "/t/KQ7PX", headers={"Host": "example.org"})
    status, headers, _ = _answer(redirect)
    redirect.close()
    assert (status, headers["location"]) == (301, "https://example.org/t/KQ7PX")
    assert _ours(headers) == {**SECURITY, "cache-control": ""}
