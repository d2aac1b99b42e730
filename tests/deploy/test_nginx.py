"""deploy/nginx: `nginx -t` accepts both configs, and a running nginx routes by table code.

Issue 7 item 4. Needs the nginx and openssl binaries (.ci/run installs nginx); skips,
saying so, where either is missing. Everything listens on 127.0.0.1 only.
"""
from __future__ import annotations

import http.server
import re
import shutil
import socket
import ssl
import subprocess
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
OPENSSL = shutil.which("openssl")
pytestmark = pytest.mark.skipif(
    NGINX is None or OPENSSL is None, reason="nginx or openssl not installed (.ci/run installs nginx)"
)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _prepare(tmp: Path, conf: str, upstreams: list[int] | None = None) -> tuple[Path, int, int]:
    """Copy deploy/nginx/``conf`` into ``tmp`` with paths, ports and a throwaway cert rewritten."""
    (tmp / "tls").mkdir()
    subprocess.run(
        [str(OPENSSL), "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
         "-nodes", "-days", "1", "-subj", "/CN=localhost", "-keyout", str(tmp / "tls/privkey.pem"),
         "-out", str(tmp / "tls/fullchain.pem")],
        check=True, capture_output=True, timeout=60,
    )
    https, plain = _free_port(), _free_port()
    site = (DEPLOY / "nginx/site.inc").read_text()
    site = site.replace("/etc/doublenine/tls/", f"{tmp}/tls/")
    site = re.sub(r"\n\s*listen \[::\]:\d+[^;]*;", "", site)
    site = site.replace("listen 443 ssl;", f"listen 127.0.0.1:{https} ssl;")
    site = site.replace("listen 80;", f"listen 127.0.0.1:{plain};")
    (tmp / "site.inc").write_text(site)
    main = (DEPLOY / "nginx" / conf).read_text().replace("/etc/nginx/doublenine/site.inc", f"{tmp}/site.inc")
    hosts: dict[str, int] = {}  # each upstream host, in order of first mention, to a backend port
    for host in re.findall(r"server ([\w.]+:\d+)", main):
        if host not in hosts:
            hosts[host] = (upstreams or [9, 9, 9])[len(hosts)]
    main = re.sub(r"server ([\w.]+:\d+)", lambda m: f"server 127.0.0.1:{hosts[m[1]]}", main)
    (tmp / "doublenine.conf").write_text(main)
    temps = "\n".join(f"  {k}_temp_path {tmp}/{k};" for k in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    (tmp / "nginx.conf").write_text(
        f"pid {tmp}/nginx.pid;\nerror_log {tmp}/error.log;\ndaemon off;\nevents {{}}\n"
        f"http {{\n  access_log {tmp}/access.log;\n{temps}\n  include {tmp}/doublenine.conf;\n}}\n"
    )
    return tmp / "nginx.conf", https, plain


def _nginx(tmp: Path, conf: Path, *extra: str) -> list[str]:
    return [str(NGINX), "-p", str(tmp), "-c", str(conf), "-e", str(tmp / "error.log"), *extra]


@pytest.mark.parametrize("conf", ["doublenine.conf", "compose.conf"])
def test_nginx_syntax_check_accepts_the_config(tmp_path: Path, conf: str) -> None:
    path, _, _ = _prepare(tmp_path, conf)
    done = subprocess.run(_nginx(tmp_path, path, "-t"), capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "syntax is ok" in done.stderr


class _Backend(http.server.BaseHTTPRequestHandler):
    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        body = str(self.server.server_address[1]).encode()  # which upstream answered
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def backends() -> Iterator[list[int]]:
    servers = [http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Backend) for _ in range(3)]
    for s in servers:
        threading.Thread(target=s.serve_forever, daemon=True).start()
    yield [int(s.server_address[1]) for s in servers]
    for s in servers:
        s.shutdown()
        s.server_close()


def _get(url: str) -> tuple[int, str]:
    ctx = ssl.create_default_context()
    ctx.check_hostname, ctx.verify_mode = False, ssl.CERT_NONE
    try:
        with urllib.request.urlopen(url, context=ctx, timeout=10) as r:  # noqa: S310 (loopback only)
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, ""


def test_nginx_sends_every_request_for_one_code_to_one_process(tmp_path: Path, backends: list[int]) -> None:
    conf, https, plain = _prepare(tmp_path, "doublenine.conf", backends)
    proc = subprocess.Popen(_nginx(tmp_path, conf), stdin=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        for _ in range(100):
            if (tmp_path / "nginx.pid").exists():
                break
            time.sleep(0.05)
        codes = [f"K{i:02d}Q" for i in range(12)]  # K: no process prefix
        routed = {c: {_get(f"https://127.0.0.1:{https}/t/{c}")[1] for _ in range(3)} for c in codes}
        assert all(len(seen) == 1 for seen in routed.values()), routed
        assert len({next(iter(s)) for s in routed.values()}) >= 2  # the codes spread over processes
        assert _get(f"https://127.0.0.1:{https}/?table={codes[5]}")[1] == next(iter(routed[codes[5]]))
        # A code's first letter names the process that created it (--code-prefix A, B, C).
        for prefix, port in zip("ABC", backends):
            assert {_get(f"https://127.0.0.1:{https}/t/{prefix}{c}")[1] for c in codes} == {str(port)}
        assert {_get(f"https://127.0.0.1:{https}/healthz")[1] for _ in range(3)} <= {str(p) for p in backends}
    finally:
        proc.terminate()
        proc.wait(timeout=20)
