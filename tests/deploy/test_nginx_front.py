"""The shipped nginx config in front of the operator's setup (operator s11 findings 2, 9, 10, 12).

- 2: behind a CDN or second proxy every player arrived from the front's address; the shipped realip
  lines (commented: the front's ranges are the operator's to fill) make nginx pass the client on.
- 9: Debian's stock default site (``listen 80 default_server; server_name _;``) took the redirect:
  the shipped servers are named, so a request for the site's name gets its redirect beside it.
- 10: ``proxy_set_header Host $host`` dropped the port; HSTS on every https answer.
- 12: ``Connection: close`` to every plain request kept ``keepalive`` from being used; rejections
  logged at error; no upstream address in the access log; ``worker_shutdown_timeout``.

A real nginx (skips where nginx or openssl is missing) with deploy/nginx/doublenine.conf in front of
a recording HTTP/1.1 backend that keeps connections alive. Loopback only.
"""
from __future__ import annotations

import http.client
import http.server
import json
import re
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from .nginxrun import DEPLOY, MISSING, NGINX, OPENSSL, Nginx, QuietBackend, client_tls, command, prepare

pytestmark = pytest.mark.skipif(NGINX is None or OPENSSL is None, reason=MISSING)

SITE = (DEPLOY / "nginx/site.inc").read_text()
HSTS = "max-age=31536000"


class _Recorder(QuietBackend):
    """Answers every GET 200 with the request's headers as JSON, keeping the connection alive;
    records (connection number, path, headers) in ``server.seen``."""

    protocol_version = "HTTP/1.1"

    def setup(self) -> None:
        super().setup()
        with self.server.lock:  # type: ignore[attr-defined]
            self.server.connections += 1  # type: ignore[attr-defined]
            self.number = self.server.connections  # type: ignore[attr-defined]

    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        if self.path == "/t/HOLD":  # a request in progress (a websocket stands for it) for 15 s
            time.sleep(15)
        headers = {k.lower(): v for k, v in self.headers.items()}
        self.server.seen.append((self.number, self.path, headers))  # type: ignore[attr-defined]
        self.answer(json.dumps(headers).encode(), {"Content-Type": "application/json"})


@pytest.fixture
def recorder() -> Iterator[http.server.ThreadingHTTPServer]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Recorder)
    server.seen, server.connections, server.lock = [], 0, threading.Lock()  # type: ignore[attr-defined]
    server.daemon_threads, server.block_on_close = True, False
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server
    server.shutdown()
    server.server_close()


def _start(tmp_path: Path, backend: int, edit: dict[str, str] | None = None) -> tuple[Nginx, int, int]:
    conf, https, plain = prepare(tmp_path, "doublenine.conf", [backend] * 3)
    site = (tmp_path / "site.inc").read_text()
    for old, new in (edit or {}).items():
        assert site.count(old) == 1, old
        site = site.replace(old, new)
    (tmp_path / "site.inc").write_text(site)
    return Nginx(tmp_path, conf, https), https, plain


def _get(port: int, path: str, address: str, headers: dict[str, str] | None = None,
         tls: bool = True) -> tuple[int, dict[str, str], str]:
    conn: http.client.HTTPConnection
    if tls:
        conn = http.client.HTTPSConnection("127.0.0.1", port, timeout=10, context=client_tls(),
                                           source_address=(address, 0))
    else:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10, source_address=(address, 0))
    try:
        conn.request("GET", path, headers=headers or {})
        answer = conn.getresponse()
        return answer.status, {k.lower(): v for k, v in answer.getheaders()}, answer.read().decode()
    finally:
        conn.close()


def _log_lines(path: Path, count: int) -> list[str]:
    """The first ``count`` lines of nginx's log ``path``, waited for (at most 10 s): nginx writes a
    request's line once the request is over, which may be just after the client has its answer."""
    deadline = time.monotonic() + 10
    while True:
        lines = path.read_text().splitlines() if path.exists() else []
        if len(lines) >= count or time.monotonic() > deadline:
            return lines[:count]
        time.sleep(0.05)


REALIP = ("    # set_real_ip_from 192.0.2.0/24;      # the front's address ranges, one line each\n"
          "    # set_real_ip_from 2001:db8::/32;\n"
          "    # real_ip_header X-Forwarded-For;     # or the CDN's own header, e.g. CF-Connecting-IP\n"
          "    # real_ip_recursive on;\n")


def test_s11_2_the_realip_lines_ship_commented_for_the_operator_to_fill() -> None:
    """On by default they would believe a forged X-Forwarded-For from 192.0.2.0/24 (documentation
    addresses, but someone's): the front's ranges are the operator's to list."""
    assert SITE.count(REALIP) == 1
    assert not re.search(r"^\s*(set_real_ip_from|real_ip_header|real_ip_recursive)\b", SITE, re.M)


def test_s11_2_behind_a_front_each_player_reaches_the_process_as_their_own_address(
        tmp_path: Path, recorder: http.server.ThreadingHTTPServer) -> None:
    """The operator's front (nginx on another address adding X-Forwarded-For): without the realip
    lines the process's --trust-proxy reads the front's address as every client's (127.0.0.1 here,
    "created by 127.0.0.1" for all); with them (the front 127.0.0.1 listed) the last entry is the
    client's, for IPv4 and IPv6 alike, and nginx's own per-address limits count the client too."""
    port = int(recorder.server_address[1])
    front = {"X-Forwarded-For": "192.0.2.2"}
    (tmp_path / "plain").mkdir()
    server, https, _ = _start(tmp_path / "plain", port)
    try:
        _, _, body = _get(https, "/t/KQ7PX", "127.0.0.1", front)
        assert json.loads(body)["x-forwarded-for"] == "192.0.2.2, 127.0.0.1"
    finally:
        server.stop()
    on = REALIP.replace("# set_real_ip_from 192.0.2.0/24;", "set_real_ip_from 127.0.0.1;    ") \
        .replace("# real_ip_header", "real_ip_header").replace("# real_ip_recursive", "real_ip_recursive")
    (tmp_path / "realip").mkdir()
    server, https, _ = _start(tmp_path / "realip", port, {REALIP: on})
    try:
        seen = [json.loads(_get(https, "/t/KQ7PX", "127.0.0.1", {"X-Forwarded-For": client})[2])["x-forwarded-for"]
                for client in ("192.0.2.2", "fd00::2", "203.0.113.5, 192.0.2.9")]
        assert [value.rsplit(",", 1)[-1].strip() for value in seen] == ["192.0.2.2", "fd00::2", "192.0.2.9"]
        assert json.loads(_get(https, "/t/KQ7PX", "127.0.0.2", front)[2])["x-forwarded-for"] \
            == "192.0.2.2, 127.0.0.2"  # a peer not listed is not believed: it is the client
        log = _log_lines(tmp_path / "realip/access.log", 4)
        assert [line.split(" ", 1)[0] for line in log] == ["192.0.2.2", "fd00::2", "192.0.2.9", "127.0.0.2"]
        assert all(line.endswith("via=127.0.0.1") or line.endswith("via=127.0.0.2") for line in log), log
    finally:
        server.stop()


DEBIAN_DEFAULT = "server {{\n    listen 127.0.0.1:{port} default_server;\n    server_name _;\n    return 404;\n}}\n"
"""What /etc/nginx/sites-enabled/default of Debian's nginx holds (its root and try_files aside)."""


def test_the_redirect_keeps_an_https_port_other_than_443(
        tmp_path: Path, recorder: http.server.ThreadingHTTPServer) -> None:
    """Operator s11 round 2: ``return 301 https://$host$request_uri`` sent ``https://play.test/t/A9WG7``
    for nginx's https on 42443, although step 6 supports another port. site.inc's ``$dn_https_port``
    (empty: 443) is put in the redirect; set as step 6 says, the redirect keeps it."""
    conf, https, plain = prepare(tmp_path, "doublenine.conf", [int(recorder.server_address[1])] * 3)
    site = (tmp_path / "site.inc").read_text()
    assert site.count('set $dn_https_port "";') == 1
    (tmp_path / "site.inc").write_text(site.replace('set $dn_https_port "";', f'set $dn_https_port ":{https}";'))
    server = Nginx(tmp_path, conf, https)
    try:
        status, headers, _ = _get(plain, "/t/ABCDE?x=1", "127.0.0.3", {"Host": "play.example.org"}, tls=False)
        assert (status, headers["location"]) == (301, f"https://play.example.org:{https}/t/ABCDE?x=1")
    finally:
        server.stop()


def test_s11_9_the_redirect_works_beside_debians_default_site(
        tmp_path: Path, recorder: http.server.ThreadingHTTPServer) -> None:
    conf, https, plain = prepare(tmp_path, "doublenine.conf", [int(recorder.server_address[1])] * 3)
    with (tmp_path / "doublenine.conf").open("a") as main:
        main.write(DEBIAN_DEFAULT.format(port=plain))
    checked = subprocess.run(command(tmp_path, conf, "-t"), capture_output=True, text=True, timeout=60)
    assert checked.returncode == 0 and "conflicting server name" not in checked.stderr, checked.stderr
    server = Nginx(tmp_path, conf, https)
    try:
        status, headers, _ = _get(plain, "/t/ABCDE", "127.0.0.3", {"Host": "play.example.org"}, tls=False)
        assert (status, headers["location"]) == (301, "https://play.example.org/t/ABCDE")
        status, headers, _ = _get(plain, "/t/ABCDE", "127.0.0.3", {"Host": "other.example"}, tls=False)
        assert (status, "location" in headers) == (404, False)  # the other site's, as it should
    finally:
        server.stop()


def test_s11_9_the_shipped_servers_are_named() -> None:
    names = re.findall(r"^\s*server_name ([^;]+);", SITE, re.M)
    assert names == ["play.example.org", "play.example.org"]


@pytest.fixture
def front(tmp_path: Path, recorder: http.server.ThreadingHTTPServer) -> Iterator[tuple[int, int]]:
    """nginx (the shipped config) in front of the recorder: (https, plain http) ports."""
    server, https, plain = _start(tmp_path, int(recorder.server_address[1]))
    yield https, plain
    server.stop()


def test_s11_10_the_process_gets_the_host_with_its_port(front: tuple[int, int],
                                                         recorder: http.server.ThreadingHTTPServer) -> None:
    """`Host $host` dropped the port: the page then offered doublenine://localhost:443/ for a site on
    41443. The Host goes on as the client sent it (the process checks it: --public-address)."""
    https = front[0]
    _, _, body = _get(https, "/t/KQ7PX", "127.0.0.4", {"Host": f"localhost:{https}"})
    assert (json.loads(body)["host"], json.loads(body)["x-forwarded-proto"]) == (f"localhost:{https}", "https")


def test_s11_10_every_https_answer_has_hsts_and_plain_http_none(front: tuple[int, int]) -> None:
    https, plain = front
    proxied = _get(https, "/t/KQ7PX", "127.0.0.5")
    own_403 = _get(https, "/metrics", "127.0.0.5")  # nginx's own page (only loopback .1 may scrape)
    redirect = _get(plain, "/t/KQ7PX", "127.0.0.5", {"Host": "play.example.org"}, tls=False)
    assert [(a[0], a[1].get("strict-transport-security")) for a in (proxied, own_403, redirect)] \
        == [(200, HSTS), (403, HSTS), (301, None)]


def test_s11_12_plain_requests_reuse_one_upstream_connection_and_websockets_still_upgrade(
        front: tuple[int, int], recorder: http.server.ThreadingHTTPServer) -> None:
    """20 GETs left 20 upstream TIME_WAITs (`Connection: close`): now a backend that keeps alive
    sees them on one connection, with no Connection header; an upgrade still says `upgrade`."""
    https = front[0]
    for i in range(5):
        assert _get(https, f"/t/KQ7P{i}", f"127.0.1.{i + 1}")[0] == 200
    _get(https, "/t/ZZ9MN", "127.0.1.9", {"Upgrade": "websocket", "Connection": "Upgrade"})
    seen = recorder.seen  # type: ignore[attr-defined]
    assert [(n, path, h.get("connection")) for n, path, h in seen[:5]] == [
        (1, "/t/KQ7P0", None), (1, "/t/KQ7P1", None), (1, "/t/KQ7P2", None), (1, "/t/KQ7P3", None),
        (1, "/t/KQ7P4", None)]
    assert (seen[5][1], seen[5][2].get("connection"), seen[5][2].get("upgrade")) == ("/t/ZZ9MN", "upgrade", "websocket")


def test_s11_12_the_access_log_names_the_process_and_refusals_are_warnings(
        tmp_path: Path, recorder: http.server.ThreadingHTTPServer) -> None:
    """The error log at level warn (nginx's default level, error, then leaves floods out of it)."""
    port = int(recorder.server_address[1])
    conf, https, _ = prepare(tmp_path, "doublenine.conf", [port] * 3)
    main = conf.read_text()
    assert main.count(f"error_log {tmp_path}/error.log;") == 1
    conf.write_text(main.replace(f"error_log {tmp_path}/error.log;", f"error_log {tmp_path}/error.log warn;"))
    server = Nginx(tmp_path, conf, https)
    try:
        _refusals_are_warnings(tmp_path, https, port)
    finally:
        server.stop()


def _refusals_are_warnings(tmp_path: Path, https: int, port: int) -> None:
    _get(https, "/t/KQ7PX", "127.0.0.6")
    line = _log_lines(tmp_path / "access.log", 1)[0]
    assert line.startswith("127.0.0.6 - - [") and '"GET /t/KQ7PX HTTP/1.1" 200 ' in line
    assert f" upstream=127.0.0.1:{port} upstream_status=200 request_time=" in line
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(8) as pool:  # more than the burst of 80 at once from one address
        statuses = list(pool.map(lambda _: _get(https, "/healthz", "127.0.0.7")[0], range(120)))
    assert 429 in statuses
    errors = (tmp_path / "error.log").read_text()
    refused = [ln for ln in errors.splitlines() if "limiting requests" in ln]
    assert refused and all(" [warn] " in ln for ln in refused), refused[:3]


def test_s11_12_a_reload_ends_the_old_workers_websockets_after_worker_shutdown_timeout(
        tmp_path: Path, recorder: http.server.ThreadingHTTPServer) -> None:
    """After `nginx -s reload` the old workers kept their websockets for ever: the documented
    `worker_shutdown_timeout` (compose: nginx -g) closes them; here 1 s instead of 30 s."""
    compose = (DEPLOY / "compose.yaml").read_text()
    assert 'command: ["nginx", "-g", "daemon off; worker_shutdown_timeout 30s;"]' in compose
    conf, https, _ = prepare(tmp_path, "doublenine.conf", [int(recorder.server_address[1])] * 3)
    proc = subprocess.Popen(command(tmp_path, conf, "-g", "worker_shutdown_timeout 1s;"),
                            stdin=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                conn = http.client.HTTPSConnection("127.0.0.1", https, timeout=10, context=client_tls())
                conn.request("GET", "/t/KQ7PX")
                assert conn.getresponse().read()
                conn.request("GET", "/t/HOLD")  # in progress at the reload, as a websocket would be
                break
            except OSError:
                assert time.monotonic() < deadline, "nginx did not start"
                time.sleep(0.1)
        subprocess.run(command(tmp_path, conf, "-s", "reload"), check=True, capture_output=True, timeout=30)
        started = time.monotonic()
        with pytest.raises((http.client.RemoteDisconnected, ConnectionError)):
            conn.getresponse()  # closed by the old worker 1 s after the reload, no answer
        assert time.monotonic() - started < 5
    finally:
        proc.terminate()
        proc.wait(timeout=20)


@pytest.mark.parametrize("public", [False, True])
def test_s11_10_through_nginx_the_page_names_the_site_with_its_port_never_a_forged_host(
        tmp_path: Path, public: bool) -> None:
    """The operator's case on a real ``serve`` behind the shipped config: at https://localhost:41443
    the page named ``localhost:443`` (``Host $host``), and ``Host: evil.example`` came back. Now the
    port stays; with ``--public-address`` a Host that is not one of its names gives the configured one."""
    from .fleet import Serve
    from .nginxrun import free_port

    port = free_port()
    nginx_dir = tmp_path / "nginx"
    nginx_dir.mkdir()
    conf, https, _ = prepare(nginx_dir, "doublenine.conf", [port] * 3)
    extra = ("--public-address", f"localhost:{https}") if public else ()
    serve = Serve(port, str(tmp_path / "tables.sqlite3"), tmp_path / "serve.log", extra=extra)
    proxy: Nginx | None = None
    try:
        serve.start()
        proxy = Nginx(nginx_dir, conf, https)
        servers = []
        for n, asked in enumerate((f"localhost:{https}", "evil.example")):
            status, headers, page = _get(https, "/", f"127.0.2.{n + 1}", {"Host": asked})
            assert status == 200 and headers["strict-transport-security"] == HSTS
            servers.append(re.findall(r"wss://[^\s\"<]+", page)[0])
        assert servers == [f"wss://localhost:{https}", f"wss://localhost:{https}" if public else "wss://evil.example"]
    finally:
        if proxy is not None:
            proxy.stop()
        serve.stop_quietly()
