"""deploy/nginx: `nginx -t` accepts both configs, and a running nginx routes by table code.

Issue 7 item 4, issue 12 (routing: `hash ... consistent` on the code compared
case-insensitively; a process that goes away moves only its own codes). Needs the
nginx and openssl binaries (.ci/run installs nginx); skips, saying so, where either is
missing. Everything listens on 127.0.0.1 only.
"""
from __future__ import annotations

import http.client
import http.server
import itertools
import random
import re
import socket
import string
import threading
import urllib.parse
from collections.abc import Iterator
from pathlib import Path

import pytest

from doublenine.server.lookup import routed_code

from .nginxrun import DEPLOY, MISSING, NGINX, OPENSSL, Nginx, QuietBackend, client_tls, command, free_port, prepare
from .spellings import targets

pytestmark = pytest.mark.skipif(NGINX is None or OPENSSL is None, reason=MISSING)


def test_codes_inc_is_what_make_codes_writes() -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location("make_codes", DEPLOY / "nginx/make_codes.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert (DEPLOY / "nginx/codes.inc").read_text() == module.render()


@pytest.mark.parametrize("conf", ["doublenine.conf", "compose.conf"])
def test_nginx_syntax_check_accepts_the_config(tmp_path: Path, conf: str) -> None:
    import subprocess

    path, _, _ = prepare(tmp_path, conf)
    done = subprocess.run(command(tmp_path, path, "-t"), capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "syntax is ok" in done.stderr


class _Backend(QuietBackend):
    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        self.answer(str(self.server.server_address[1]).encode())  # which upstream answered


@pytest.fixture
def stoppable() -> Iterator[list[http.server.ThreadingHTTPServer]]:
    servers = [http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Backend) for _ in range(3)]
    for s in servers:
        threading.Thread(target=s.serve_forever, daemon=True).start()
    yield servers
    for s in servers:
        s.shutdown()
        s.server_close()


@pytest.fixture
def backends(stoppable: list[http.server.ThreadingHTTPServer]) -> list[int]:
    return [int(s.server_address[1]) for s in stoppable]


_SOURCES = itertools.cycle(f"127.0.2.{n}" for n in range(1, 251))
"""The routing tests' requests come from many loopback addresses, as many players' would: the
shipped ``limit_req`` (80 at once per address group, test_ratelimit.py) is not what they test."""


def _get(url: str) -> tuple[int, str]:
    parts = urllib.parse.urlsplit(url)
    conn = http.client.HTTPSConnection(parts.hostname or "", parts.port, timeout=10, context=client_tls(),
                                       source_address=(next(_SOURCES), 0))
    try:
        conn.request("GET", parts.path + (f"?{parts.query}" if parts.query else ""))
        answer = conn.getresponse()
        body = answer.read().decode()
        return (answer.status, body) if answer.status == 200 else (answer.status, "")
    finally:
        conn.close()


@pytest.fixture
def proxy(tmp_path: Path, backends: list[int]) -> Iterator[int]:
    """nginx with deploy/nginx/doublenine.conf in front of the three backends; its https port."""
    conf, https, _ = prepare(tmp_path, "doublenine.conf", backends)
    server = Nginx(tmp_path, conf, https)
    yield https
    server.stop()


CODES = ["KQ7PX", "A2BCD", "ZZ9MN", "HJK34", "PQRST", "W8X2Y", "MNB56", "C3D4E", "FG7HJ", "RSTV2", "XY34Z", "B9C8D"]


def test_nginx_sends_every_request_for_one_code_to_one_process(proxy: int, backends: list[int]) -> None:
    routed = {c: {_get(f"https://127.0.0.1:{proxy}/t/{c}")[1] for _ in range(3)} for c in CODES}
    assert all(len(seen) == 1 for seen in routed.values()), routed
    assert len({next(iter(s)) for s in routed.values()}) >= 2  # the codes spread over processes
    assert _get(f"https://127.0.0.1:{proxy}/?table={CODES[5]}")[1] == next(iter(routed[CODES[5]]))
    assert {_get(f"https://127.0.0.1:{proxy}/healthz")[1] for _ in range(3)} <= {str(p) for p in backends}


def test_case_3_a_code_in_any_case_reaches_the_same_process(proxy: int) -> None:
    """Issue 12 case 3: a lower-case (or mixed, or dashed) code is routed like the canonical one."""
    for code in CODES:
        canonical = _get(f"https://127.0.0.1:{proxy}/t/{code}")[1]
        for typed in (code.lower(), code.swapcase(), code[:2].lower() + "-" + code[2:], code.lower() + "_"):
            assert _get(f"https://127.0.0.1:{proxy}/t/{typed}")[1] == canonical, (code, typed)
            assert _get(f"https://127.0.0.1:{proxy}/?table={typed}")[1] == canonical, (code, typed)
    every = string.ascii_lowercase  # each letter folds, wherever it stands
    for i in range(0, 26, 5):
        code = every[i:i + 5]
        assert _get(f"https://127.0.0.1:{proxy}/t/{code}")[1] == _get(f"https://127.0.0.1:{proxy}/t/{code.upper()}")[1]


def test_a_process_going_away_moves_only_its_own_codes(proxy: int, backends: list[int],
                                                       stoppable: list[http.server.ThreadingHTTPServer]) -> None:
    """Consistent hashing: losing one process moves its codes to the others; no other code moves."""
    # 75 codes: with random backend ports the ring can give one process a small share, and
    # 18 codes once missed backend 0 entirely (0.9 ** 18 = 15% at a 10% share; 0.9 ** 75 < 0.1%)
    codes = [f"{a}{b}7P{c}" for a in "KQZWM" for b in "AB3CD" for c in "XYZ"]
    before = {c: _get(f"https://127.0.0.1:{proxy}/t/{c}")[1] for c in codes}
    gone = str(backends[0])
    assert gone in before.values()
    stoppable[0].shutdown()
    stoppable[0].server_close()
    after = {c: _get(f"https://127.0.0.1:{proxy}/t/{c}")[1] for c in codes}
    for code in codes:
        if before[code] == gone:
            assert after[code] in {str(p) for p in backends[1:]}
        else:
            assert after[code] == before[code], code


@pytest.fixture
def holder() -> Iterator[int]:
    """A backend that accepts connections and never answers: each request proxied to it stays
    in progress (counted by ``limit_conn``) until the test ends. Its port."""
    listener = socket.create_server(("127.0.0.1", 0))
    held: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        listener.settimeout(0.1)
        while not stop.is_set():
            try:
                held.append(listener.accept()[0])
            except OSError:
                continue

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield int(listener.getsockname()[1])
    stop.set()
    thread.join(timeout=5)
    for conn in held:
        conn.close()
    listener.close()


def test_per_address_limits_group_ipv6_by_64_and_ipv4_by_address(tmp_path: Path, holder: int) -> None:
    """Issue 12 case 7: the shipped connection limit (zone dn_per_addr, keyed by the shipped
    $dn_addr_group map) counts an IPv6 /64 as one client, an IPv4 address as one, an
    IPv4-mapped address as its IPv4 address. A test server block beside the shipped one takes
    the client address from X-Real-IP (nginx's realip module) and allows 1 connection per group,
    with the shipped server block's refusal status, so each address below either gets in (its
    request hangs at the backend) or gets 429 (test_nginx_pages.py: the shipped block itself)."""
    conf, https, _ = prepare(tmp_path, "doublenine.conf")
    probe = free_port()
    shipped = re.search(r"limit_conn_status \d+;", (tmp_path / "site.inc").read_text())
    assert shipped is not None
    with (tmp_path / "site.inc").open("a") as site:
        site.write(f"server {{\n listen 127.0.0.1:{probe};\n set_real_ip_from 127.0.0.1;\n"
                   f" real_ip_header X-Real-IP;\n limit_conn dn_per_addr 1;\n {shipped[0]}\n"
                   f" location / {{ proxy_pass http://127.0.0.1:{holder}; proxy_read_timeout 60s; }}\n}}\n")
    server = Nginx(tmp_path, conf, https)
    opened: list[socket.socket] = []

    def status(address: str) -> str:
        """'held' when the request got past the limit (the backend keeps it), else the status."""
        conn = socket.create_connection(("127.0.0.1", probe), timeout=10)
        opened.append(conn)
        conn.sendall(f"GET / HTTP/1.1\r\nHost: x\r\nX-Real-IP: {address}\r\n\r\n".encode())
        conn.settimeout(0.5)
        try:
            return conn.recv(64).decode().split(" ")[1]
        except TimeoutError:
            return "held"

    try:
        seen = [(a, status(a)) for a in (
            "2001:db8:1:2::5", "2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:3::5",  # one /64, then another
            "2001:db8::1", "2001:db8:0:0:9::3",  # compressed forms of one /64
            "192.0.2.1", "192.0.2.1", "192.0.2.2",  # IPv4: the exact address
            "198.51.100.7", "::ffff:198.51.100.7")]  # mapped: its IPv4 address
        assert seen == [("2001:db8:1:2::5", "held"), ("2001:db8:1:2:ffff:ffff:ffff:ffff", "429"),
                        ("2001:db8:1:3::5", "held"), ("2001:db8::1", "held"), ("2001:db8:0:0:9::3", "429"),
                        ("192.0.2.1", "held"), ("192.0.2.1", "429"), ("192.0.2.2", "held"),
                        ("198.51.100.7", "held"), ("::ffff:198.51.100.7", "429")]
    finally:
        for conn in opened:
            conn.close()
        server.stop()


def test_every_spelling_the_server_reads_as_a_route_reaches_the_process_of_its_code(proxy: int) -> None:
    """Attacker s10 F5 (kind: nginx and the server normalising a table code differently): codes.inc
    drops only the first two ``-``/``_`` before hashing, the server dropped them all, so
    ``/t/R-G-Q-4-F`` reached another process, which read RGQ4F as its route and took that table
    over. Property: for random spellings (case, separators, path or query), whenever the server
    reads a route from the request target (``routed_code``), nginx sends it to the process it
    sends the plain ``/t/CODE`` to; spellings it reads no route from may go anywhere."""
    rng = random.Random(20261207)
    read, unread = 0, 0
    for code in CODES:
        home = _get(f"https://127.0.0.1:{proxy}/t/{code}")[1]
        for target in targets(code, rng, 24):
            route = routed_code(target)
            if route is None:
                unread += 1
                continue
            read += 1
            assert route == code, (target, route)
            assert _get(f"https://127.0.0.1:{proxy}{target}")[1] == home, (code, target)
    assert read >= 80 and unread >= 80, (read, unread)  # both kinds were tried, many times


def test_s15_f9_nginx_answers_its_own_health_with_every_process_down(tmp_path: Path) -> None:
    """Operator s15 F9: no location nginx answered itself, so a monitor's check went to a random process
    (failing with that process, counted as one) and compose's healthcheck (``nginx -t -q``) only read
    the files. ``/nginx-healthz`` is answered by nginx, over https and plain http, with nothing behind it."""
    dead = [free_port() for _ in range(3)]  # nothing listens on the upstreams
    conf, https, plain = prepare(tmp_path, "doublenine.conf", dead)
    server = Nginx(tmp_path, conf, https)
    try:
        assert _get(f"https://127.0.0.1:{https}/nginx-healthz") == (200, "ok\n")
        assert _get(f"https://127.0.0.1:{https}/healthz")[0] == 502  # a process's own: none runs
        conn = http.client.HTTPConnection("127.0.0.1", plain, timeout=10)
        conn.request("GET", "/nginx-healthz")
        answer = conn.getresponse()
        assert (answer.status, answer.read(), answer.getheader("Cache-Control")) == (200, b"ok\n", "no-store")
        assert answer.getheader("X-Frame-Options") == "DENY"
        conn.close()
    finally:
        server.stop()
    compose = (DEPLOY / "compose.yaml").read_text()
    assert '"curl", "-fsk", "-o", "/dev/null", "https://127.0.0.1/nginx-healthz"' in compose
    assert "nginx -t -q" not in compose
