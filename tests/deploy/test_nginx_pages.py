"""nginx's own answers in the shipped config: its refusals are 429 and carry our security headers.

Kind: an answer one part of the deployment makes itself, differing from what the processes say
for the same thing. ``limit_conn`` answered ``503`` (nginx's default), the code a process sends
while stopping or while its store fails, which health checks and clients treat as "this server
is unwell", while ``limit_req`` answered ``429``; and nginx's own pages (``429``, ``5xx``,
its ``403`` for ``/metrics``, ``413``, the redirect to https) carried none of the headers every answer of a process carries (docs/operations.md "What a
server serves"). A real nginx with deploy/nginx/doublenine.conf, in front of a backend that
holds every request (so connections stay counted by ``limit_conn``) and drops the ones for
``/t/DROPS`` without answering (nginx's own ``502``). Skips where nginx or openssl is missing.

The same kind again (attacker F5): a request line over 8 KiB got a ``500`` with nginx's HTML page
(``empty URI in redirect to named location``: a request nginx could not read has no URI), and a
header over 8 KiB (494), plain http to the https port (497), 405, 501, 505 got nginx's default
pages without our headers. Every status nginx makes itself is sent here, each checked exactly.
"""
from __future__ import annotations

import asyncio
import http.client
import re
import socket
import ssl
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from .fleet import fleet
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


def _answer(conn: http.client.HTTPConnection) -> tuple[int, dict[str, str], str]:
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
    """More than the burst (80) at once from one address: refused. Sent 16 at a time: one at a time on a
    loaded machine (CI, load 7), each TLS connection took over the 100 ms the rate (10/s) refills per
    request, and 120 of them never went past the burst (502 from the dead backend instead)."""
    from concurrent.futures import ThreadPoolExecutor

    def one(_: int) -> tuple[int, dict[str, str], str]:
        conn = _send(proxy, "127.0.0.3", "/t/DROPS")
        try:
            return _answer(conn)
        finally:
            conn.close()

    with ThreadPoolExecutor(16) as pool:
        answers = list(pool.map(one, range(200)))
    refused = [a for a in answers if a[0] == 429]
    assert refused, sorted({a[0] for a in answers})
    status, headers, body = refused[0]
    assert headers.get("retry-after") == "1" and _ours(headers) == SECURITY


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


REFUSED = "This request is refused.\n"
UNAVAILABLE = "The game server did not answer: try again in a few seconds.\n"
LONG = b"a" * 9000
"""Over nginx's 8 KiB request-line and header buffers (``large_client_header_buffers 4 8k``)."""
NGINX_4XX = [  # (what, raw request, the status nginx answers): every one of them a plain page of ours
    ("414: a request line over 8 KiB: no URI for a named location",
     b"GET /" + LONG + b" HTTP/1.1\r\nHost: x\r\n\r\n", 414),
    ("494: a header over 8 KiB, answered 400",
     b"GET / HTTP/1.1\r\nHost: x\r\nX-A: " + LONG + b"\r\n\r\n", 400),
    ("400: a method nginx cannot parse, no URI", b"G\x01T / HTTP/1.1\r\nHost: x\r\n\r\n", 400),
    ("400: two Host headers", b"GET / HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n", 400),
    ("505: HTTP/2.0 in an HTTP/1 request line", b"GET / HTTP/2.0\r\nHost: x\r\n\r\n", 505),
    ("501: a Transfer-Encoding nginx does not know",
     b"POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n", 501),
    ("405: TRACE", b"TRACE / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 405),
    ("404: the error pages' own path, asked from outside",
     b"GET /.dn-nginx/refused HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 404),
]


def _raw(port: int, request: bytes, address: str, tls: bool = True,
         timeout: float = 10) -> tuple[int, dict[str, str], str]:
    """Send ``request`` as it is (no client library fixes it up) to ``port`` from ``address``, over
    TLS unless ``tls`` is false, and read the answer to the close: (status, headers with lower-case
    names, each name once, body); status 0 when nothing came."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=timeout, source_address=(address, 0))
    with client_tls().wrap_socket(sock) if tls else sock as conn:
        conn.sendall(request)
        data = b""
        try:
            while chunk := conn.recv(65536):
                data += chunk
        except (ConnectionResetError, ssl.SSLError):
            pass  # nginx may close without reading the rest of a refused request
    if not data:
        return 0, {}, ""
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers: dict[str, str] = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        assert name.lower() not in headers, f"{name} sent twice"
        headers[name.lower()] = value.strip()
    return int(lines[0].split()[1]), headers, body.decode("latin-1")


@pytest.mark.parametrize("what, request_bytes, expected", NGINX_4XX,
                         ids=[f"{case[0][:3]}-{i}" for i, case in enumerate(NGINX_4XX)])
def test_every_request_nginx_refuses_itself_gets_its_status_our_headers_and_a_plain_page(
        ports: tuple[int, int], what: str, request_bytes: bytes, expected: int) -> None:
    """Kind: an answer nginx makes itself without our headers or with a broken page. A 414 or a
    request line nginx cannot parse has no URI, and a redirect to a named location then fails
    (``empty URI in redirect to named location``: a 500 with nginx's HTML page); 494 (400) and the
    rest were not in ``error_page`` at all. Both servers: the https one and the port-80 redirect."""
    https, plain = ports
    for port, tls in ((https, True), (plain, False)):
        status, headers, body = _raw(port, request_bytes, "127.0.0.7", tls=tls)
        assert (status, _ours(headers), headers.get("content-type"), body) == (
            expected, SECURITY, "text/plain", REFUSED), (what, port)


def test_plain_http_to_the_https_port_gets_400_our_headers_and_a_plain_page(ports: tuple[int, int]) -> None:
    """497, answered 400 (nginx's default page said 'The plain HTTP request was sent to HTTPS port')."""
    status, headers, body = _raw(ports[0], b"GET / HTTP/1.1\r\nHost: x\r\n\r\n", "127.0.0.8", tls=False)
    assert (status, _ours(headers), body) == (400, SECURITY, REFUSED)


@pytest.fixture
def hurried(tmp_path: Path, backend: int) -> Iterator[tuple[int, Path]]:
    """nginx's https port with the shipped config but 1 s for a process's answer and for a client's
    body (so its 504 and 408 come within a test), and the folder it runs in."""
    conf, https, _ = prepare(tmp_path, "doublenine.conf", [backend] * 3)
    site = (tmp_path / "site.inc").read_text()
    assert "proxy_read_timeout 120s;" in site and "client_max_body_size 64k;" in site
    site = site.replace("proxy_read_timeout 120s;", "proxy_read_timeout 1s;")
    site = site.replace("client_max_body_size 64k;", "client_max_body_size 64k;\n    client_body_timeout 1s;")
    (tmp_path / "site.inc").write_text(site)
    server = Nginx(tmp_path, conf, https)
    yield https, tmp_path
    server.stop()


def test_no_answer_in_time_gets_nginxs_504_with_our_headers(hurried: tuple[int, Path]) -> None:
    status, headers, body = _raw(hurried[0], b"GET /t/HOLD HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
                                 "127.0.0.9")
    assert (status, _ours(headers), body) == (504, SECURITY, UNAVAILABLE)


def test_nginxs_own_500_gets_our_headers_and_a_plain_page(hurried: tuple[int, Path]) -> None:
    """A body over client_body_buffer_size (16 KiB) goes to a temporary file; where nginx cannot
    write it (its folder made a file here), nginx answers 500 itself."""
    https, folder = hurried
    (folder / "client_body").rmdir()
    (folder / "client_body").write_text("not a folder")
    request = b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 20000\r\n\r\n" + b"b" * 20000
    status, headers, body = _raw(https, request, "127.0.0.10")
    assert (status, _ours(headers), body) == (500, SECURITY, UNAVAILABLE)


def test_a_body_that_stops_coming_is_closed_without_an_answer(hurried: tuple[int, Path]) -> None:
    """408: nginx ends the request without sending its page (so nothing of it can lack our headers)."""
    request = b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n" + b"b" * 10
    assert _raw(hurried[0], request, "127.0.0.11") == (0, {}, "")


async def test_f5_the_attackers_long_paths_through_three_processes_on_postgresql(
        tmp_path: Path, pg: str) -> None:
    """The attacker's case on the real fleet: a path of 8,100 characters still reaches a process (its
    own 404 page, passed untouched); one of 9,000 is nginx's 414, never a 500, with our page."""
    async with fleet(tmp_path, pg) as f:
        def get(path: bytes) -> tuple[int, dict[str, str], str]:
            request = b"GET " + path + b" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
            return _raw(f.https, request, "127.0.0.12")

        status, headers, _ = await asyncio.to_thread(get, b"/" + b"a" * 8100)
        assert (status, headers["content-type"], headers["vary"]) == (  # the process's page
            404, "text/html; charset=utf-8", "Accept-Language")
        status, headers, body = await asyncio.to_thread(get, b"/" + b"a" * 9000)
        assert (status, _ours(headers), body) == (414, SECURITY, REFUSED)
        assert "empty URI" not in (f.nginx_dir / "error.log").read_text()
