"""Operator s15 F2: the guide's rolling restart gave every table ``502 no live upstreams``.

nginx (round-robin peer accounting, which ``hash`` uses) marked a process it could not reach as failed
(``max_fails=1``) and forgets that only when a request sent to it after ``fail_timeout`` *finishes*
successfully. After a restart the requests a process gets are websocket upgrades, which do not finish
for hours: each one that reaches it keeps it "failed" another ``fail_timeout``, so every other request
for its codes skips it, and when the next process stops nginx has none left (69 ``502``s in one roll,
the guide's ``sleep 6`` notwithstanding). The shipped upstreams now say ``max_fails=0``: a process is
never marked, a refused connection goes to the next process at once, and a healthy one is used again
at once. The reported case, with three small backends behind the shipped config: process A refused a
connection while it restarted; back up for longer than the old ``fail_timeout``, it holds one long
request (a websocket); B and C stop. A request for A's code must reach A (it got ``502``).
Kind: a proxy state that a long-lived request never clears. bench/nginx_roll.py counts a whole roll.
"""
from __future__ import annotations

import http.client
import http.server
import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from .nginxrun import MISSING, NGINX, OPENSSL, Nginx, QuietBackend, client_tls, free_port, prepare

pytestmark = pytest.mark.skipif(NGINX is None or OPENSSL is None, reason=MISSING)

CODES = [f"{a}{b}7P{c}" for a in "KQZWM" for b in "AB3CD" for c in "XY"]


class _Backend(QuietBackend):
    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        if "long=1" in self.path:  # a websocket's stand-in: answered only much later
            self.server.arrived.set()  # type: ignore[attr-defined]
            self.server.holding.wait(30)  # type: ignore[attr-defined]
        self.answer(str(self.server.server_address[1]).encode())  # which process answered


class _Process:
    """A backend on a fixed port that can stop (its port then refuses) and start again."""

    def __init__(self, port: int) -> None:
        self.port, self.server = port, None
        self.holding, self.arrived = threading.Event(), threading.Event()
        self.start()

    def start(self) -> None:
        server = http.server.ThreadingHTTPServer(("127.0.0.1", self.port), _Backend)
        server.daemon_threads = True
        server.holding, server.arrived = self.holding, self.arrived  # type: ignore[attr-defined]
        threading.Thread(target=server.serve_forever, daemon=True).start()
        self.server = server

    def stop(self) -> None:
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()
            self.server = None


def _get(https: int, path: str, timeout: float = 10) -> tuple[int, str]:
    conn = http.client.HTTPSConnection("127.0.0.1", https, timeout=timeout, context=client_tls())
    try:
        conn.request("GET", path)
        answer = conn.getresponse()
        return answer.status, answer.read().decode()
    finally:
        conn.close()


@pytest.fixture
def processes() -> Iterator[list[_Process]]:
    started = [_Process(free_port()) for _ in range(3)]
    yield started
    for p in started:
        p.holding.set()
        p.stop()


@pytest.mark.parametrize("upstream", ["shipped", "max_fails=1 fail_timeout=5s"])
def test_s15_f2_a_restarted_process_holding_a_websocket_is_used_when_the_others_stop(
        tmp_path: Path, processes: list[_Process], upstream: str) -> None:
    conf, https, _ = prepare(tmp_path, "doublenine.conf", [p.port for p in processes])
    servers = re.findall(r"^\s*server 127\.0\.0\.1:\d+ ([^;]*);", (tmp_path / "doublenine.conf").read_text(), re.M)
    assert servers == ["max_fails=0"] * 3  # what is shipped
    if upstream != "shipped":  # the config of sessions 13-15, which the operator rolled
        main = tmp_path / "doublenine.conf"
        main.write_text(main.read_text().replace("max_fails=0;", upstream + ";"))
    proxy = Nginx(tmp_path, conf, https)
    try:
        a = processes[0]
        code = next(c for c in CODES if _get(https, f"/t/{c}")[1] == str(a.port))  # a code A serves
        a.stop()  # A restarts: a player's reconnect meets its closed port; the next process answers
        assert _get(https, f"/t/{code}")[0] == 200
        a.start()
        # longer than the old fail_timeout (the guide's pause after a healthy process): 7 s, as nginx counts
        # whole seconds (5.5 s after a mark at x.1 s was still within 5 s: the request went to B)
        time.sleep(7.0)
        held = threading.Thread(target=_get, args=(https, f"/t/{code}?long=1", 40), daemon=True)
        held.start()  # a player's websocket to A: open for the rest of the test
        assert a.arrived.wait(10)  # nginx sent it to A (under load, not within a fixed sleep)
        for p in processes[1:]:  # B, then C, stop
            p.stop()
        answers = [_get(https, f"/t/{code}") for _ in range(5)]
        if upstream == "shipped":
            assert answers == [(200, str(a.port))] * 5
        else:  # the reported case: "no live upstreams", though A runs
            assert [status for status, _ in answers] == [502] * 5
            assert "no live upstreams" in (tmp_path / "error.log").read_text()
        a.holding.set()
        held.join(10)
    finally:
        proxy.stop()
