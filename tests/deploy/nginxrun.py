"""Run the shipped nginx config for tests: no root, no system paths, bounded in time.

The deploy/nginx files are copied into a temporary folder with their paths, ports and
certificate rewritten (a throwaway self-signed pair), every upstream ``server`` line
pointed at a port the test names, and nginx started in the foreground there.
Loopback only. ``NGINX``/``OPENSSL`` are None where the binaries are missing (the
tests then skip, saying so; .ci/run installs nginx, so CI runs them).
"""
from __future__ import annotations

import http.server
import re
import shutil
import socket
import ssl
import subprocess
import time
from pathlib import Path

from ports import free_port

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
OPENSSL = shutil.which("openssl")
MISSING = "nginx or openssl not installed (.ci/run installs nginx)"


class QuietBackend(http.server.BaseHTTPRequestHandler):
    """A test upstream's base: :meth:`answer` sends one 200 with its body; nothing goes to stderr."""

    def answer(self, body: bytes, headers: dict[str, str] | None = None) -> None:
        """200 with ``headers`` (in order), then Content-Length and ``body``."""
        self.send_response(200)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


def prepare(tmp: Path, conf: str, upstreams: list[int] | None = None,
            connections: int = 1024, listen: tuple[int, int] | None = None) -> tuple[Path, int, int]:
    """Copy deploy/nginx/``conf`` into ``tmp``; returns (nginx.conf, https port, http port).

    The upstream servers, in order of first mention, become 127.0.0.1:``upstreams[i]``;
    ``connections``: nginx's ``worker_connections`` (each proxied websocket takes two);
    ``listen``: nginx's (https, http) ports (default: two :func:`free_port`).
    """
    (tmp / "tls").mkdir()
    subprocess.run(
        [str(OPENSSL), "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
         "-nodes", "-days", "1", "-subj", "/CN=localhost", "-keyout", str(tmp / "tls/privkey.pem"),
         "-out", str(tmp / "tls/fullchain.pem")],
        check=True, capture_output=True, timeout=60,
    )
    https, plain = listen if listen is not None else (free_port(), free_port())
    site = (DEPLOY / "nginx/site.inc").read_text()
    site = site.replace("/etc/doublenine/tls/", f"{tmp}/tls/")
    site = site.replace("/etc/nginx/doublenine/", f"{tmp}/")
    site = site.replace("/var/log/nginx/", f"{tmp}/")  # the servers' access_log: {tmp}/access.log
    site = re.sub(r"\n\s*listen \[::\]:\d+[^;]*;", "", site)
    site = site.replace("listen 443 ssl;", f"listen 127.0.0.1:{https} ssl;")
    site = site.replace("listen 80;", f"listen 127.0.0.1:{plain};")
    (tmp / "site.inc").write_text(site)
    for snippet in ("codes.inc", "pages.inc", "headers.inc"):  # what site.inc includes, as installed
        text = (DEPLOY / "nginx" / snippet).read_text()
        (tmp / snippet).write_text(text.replace("/etc/nginx/doublenine/", f"{tmp}/"))
    main = (DEPLOY / "nginx" / conf).read_text().replace("/etc/nginx/doublenine/site.inc", f"{tmp}/site.inc")
    hosts: dict[str, int] = {}  # each upstream host, in order of first mention, to a backend port
    for host in re.findall(r"server ([\w.]+:\d+)", main):
        if host not in hosts:
            hosts[host] = (upstreams or [9, 9, 9])[len(hosts)]
    main = re.sub(r"server ([\w.]+:\d+)", lambda m: f"server 127.0.0.1:{hosts[m[1]]}", main)
    (tmp / "doublenine.conf").write_text(main)
    temps = "\n".join(f"  {k}_temp_path {tmp}/{k};" for k in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    (tmp / "nginx.conf").write_text(
        f"pid {tmp}/nginx.pid;\nerror_log {tmp}/error.log;\ndaemon off;\n"
        f"worker_rlimit_nofile {2 * connections + 64};\nevents {{ worker_connections {connections}; }}\n"
        f"http {{\n  access_log {tmp}/access.log;\n{temps}\n  include {tmp}/doublenine.conf;\n}}\n"
    )
    return tmp / "nginx.conf", https, plain


def command(tmp: Path, conf: Path, *extra: str) -> list[str]:
    """The nginx command line for the prepared folder ``tmp``."""
    return [str(NGINX), "-p", str(tmp), "-c", str(conf), "-e", str(tmp / "error.log"), *extra]


class Nginx:
    """nginx running the prepared config in the foreground; ``stop()`` ends it (bounded)."""

    def __init__(self, tmp: Path, conf: Path, https: int) -> None:
        self.tmp, self.https = tmp, https
        self.proc = subprocess.Popen(command(tmp, conf), stdin=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 20
        while not _listening(https):
            if self.proc.poll() is not None or time.monotonic() > deadline:
                err = self.proc.stderr.read().decode() if self.proc.stderr else ""
                self.stop()
                raise RuntimeError(f"nginx did not start: {err}")
            time.sleep(0.05)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=20)


def _listening(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.2):
            return True
    except OSError:
        return False


_TLS: ssl.SSLContext | None = None


def client_tls() -> ssl.SSLContext:
    """TLS for the throwaway certificate (loopback tests only): one context, made once, with no
    certificate store loaded (``create_default_context`` reads the system's CA files, tens of
    milliseconds of CPU, on every call: fifty players reconnecting at once paid seconds for it)."""
    global _TLS
    if _TLS is None:
        _TLS = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
        _TLS.check_hostname, _TLS.verify_mode = False, ssl.CERT_NONE
    return _TLS
