"""Issue 16.6: a proxy set for the internet never breaks loopback and LAN play.

The exact case: ``https_proxy=http://127.0.0.1:9`` in the environment (nothing
listens on port 9), no ``no_proxy``. Joining ``ws://127.0.0.1:PORT/`` works
(the join screen's check and the window's connection), ``doublenine bot
--server ws://127.0.0.1:PORT/`` takes its seat, and a failure that did go
through a proxy names it. Nothing here leaves loopback: a name that is not
local is sent to the dead proxy on 127.0.0.1:9, never resolved or dialled.
"""
from __future__ import annotations

import asyncio
import os
import queue
import sys

import pytest

from doublenine.client.joining import CheckFailed, check_table
from doublenine.client.net import NetClient
from doublenine.client.store import Failed
from doublenine.server.netbot import TableClient
from doublenine.shared import protocol as p
from doublenine.shared.dialing import UnusableProxy, checked_proxy, dials_directly, proxy_for, shown_proxy
from doublenine.shared.invite import Invite

from .conftest import create

DEAD_PROXY = "http://127.0.0.1:9"


@pytest.fixture
def office_proxy(monkeypatch):  # type: ignore[no-untyped-def]
    for var in ("no_proxy", "NO_PROXY", "http_proxy", "HTTP_PROXY", "all_proxy", "ALL_PROXY", "ws_proxy", "wss_proxy",
                "socks_proxy"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("https_proxy", DEAD_PROXY)
    return DEAD_PROXY


@pytest.mark.parametrize("host, direct", [
    ("127.0.0.1", True), ("127.5.6.7", True), ("::1", True), ("[::1]", True), ("10.1.2.3", True),
    ("192.168.1.20", True), ("172.16.0.9", True), ("fd00::5", True), ("fe80::1%eth0", True), ("169.254.3.4", True),
    ("::ffff:192.168.1.2", True), ("localhost", True), ("LOCALHOST.", True), ("ana.local", True), ("x.localhost", True),
    ("8.8.8.8", False), ("example.org", False), ("2606:4700::1111", False), ("local.example.org", False),
])
def test_which_hosts_are_dialled_directly(host: str, direct: bool) -> None:
    assert dials_directly(host) is direct


def test_proxy_for_with_an_office_proxy(office_proxy, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    assert proxy_for("ws://127.0.0.1:18770/") is None  # the case
    assert proxy_for("ws://192.168.1.20:8765/t/KQ7PM") is None
    assert proxy_for("ws://[fd00::5]:8765/") is None
    assert proxy_for("ws://tables.example.org:8765/") == DEAD_PROXY
    assert proxy_for("wss://tables.example.org/") == DEAD_PROXY
    monkeypatch.setenv("no_proxy", "example.org")
    assert proxy_for("wss://tables.example.org/") is None
    monkeypatch.delenv("no_proxy")
    monkeypatch.setenv("socks_proxy", "socks5h://127.0.0.1:1080")
    assert proxy_for("ws://tables.example.org/") == "socks5h://127.0.0.1:1080"  # websockets' order: socks first


def test_no_proxy_no_choice(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    for var in ("https_proxy", "HTTPS_PROXY", "http_proxy", "HTTP_PROXY", "all_proxy", "ALL_PROXY"):
        monkeypatch.delenv(var, raising=False)
    assert proxy_for("wss://tables.example.org/") is None


def test_shown_proxy_hides_the_password() -> None:
    assert shown_proxy("http://ana:s3cret@proxy.corp:3128") == "http://proxy.corp:3128"
    assert shown_proxy(DEAD_PROXY) == DEAD_PROXY


@pytest.mark.parametrize("setting", ["http://[::1", "http://127.0.0.1:99999", "ftp://127.0.0.1:21", ":", "http://"])
def test_s10_a_proxy_setting_websockets_cannot_use_is_an_unreachable_proxy_not_a_traceback(
        office_proxy, monkeypatch, setting: str) -> None:  # type: ignore[no-untyped-def]
    """Attacker, session 10: ``https_proxy=http://[::1`` (or a port out of range, a scheme websockets does
    not speak) made ``play --join`` end in a ValueError traceback and the desktop link show nothing. Kind:
    a proxy setting read by websockets only when dialling, where no caller expected its errors."""
    monkeypatch.setenv("https_proxy", setting)
    with pytest.raises(UnusableProxy):
        checked_proxy("ws://tables.example.invalid:8765/")
    with pytest.raises(CheckFailed) as caught:
        check_table(Invite("tables.example.invalid", 8765, "KQ7PM"), timeout=3)
    assert caught.value.failure.key == "net.unreachable_proxy"
    assert checked_proxy("ws://127.0.0.1:8765/") is None  # loopback never sees it


def test_s10_socks_proxies_are_dialled_through_python_socks(office_proxy, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("https_proxy", "socks5h://127.0.0.1:9")  # the attacker's case: an ImportError traceback
    assert checked_proxy("wss://tables.example.invalid/") == "socks5h://127.0.0.1:9"
    with pytest.raises(CheckFailed) as caught:  # dialled through it (nothing listens on 9): said as such
        check_table(Invite("tables.example.invalid", 8765, "KQ7PM"), timeout=3)
    assert caught.value.failure.key == "net.unreachable_proxy"


def test_s10_a_shown_proxy_is_escaped_bounded_and_never_shows_a_password() -> None:
    assert shown_proxy("http://\x1b]0;PWNED\x07evil\u202e:1") == "http://\\x1b]0;PWNED\\x07evil\\u202e:1"
    assert shown_proxy("http://ana:s3cret@[::1") == "http://[::1"
    assert shown_proxy("http://" + "a" * 5000) == "http://" + "a" * 93 + "…"


async def test_join_check_and_window_connect_directly_past_an_office_proxy(server, office_proxy) -> None:  # type: ignore[no-untyped-def]
    host = await create(server, "hhcc", sit=1)
    port = int(server.url.rsplit(":", 1)[1].strip("/"))
    info = await asyncio.to_thread(check_table, Invite("127.0.0.1", port, host.code))  # the join screen's check
    assert (info.code, info.free_seats) == (host.code, 1)
    client = NetClient(f"ws://127.0.0.1:{port}/", p.Join(code=host.code, seat=2, name="Bo")).start()
    try:
        seen = await asyncio.to_thread(_until_snapshot, client)
    finally:
        await asyncio.to_thread(client.close)
    assert seen == "snapshot"


def _until_snapshot(client: NetClient) -> str:
    while True:
        try:
            msg = client.inbox.get(timeout=10)
        except queue.Empty:
            return "timeout"
        if isinstance(msg, Failed):
            return f"failed: {msg.failure.key}"
        if isinstance(msg, p.Snapshot):
            return "snapshot"


async def test_netbot_connects_directly_past_an_office_proxy(server, office_proxy) -> None:  # type: ignore[no-untyped-def]
    c = await TableClient.connect(server.url)
    assert c.ws.state.name == "OPEN"
    await c.close()


async def test_doublenine_bot_dials_directly_past_an_office_proxy(server, office_proxy) -> None:  # type: ignore[no-untyped-def]
    host = await create(server, "hhcc", sit=1)
    port = int(server.url.rsplit(":", 1)[1].strip("/"))
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "doublenine", "bot", "--server", f"ws://127.0.0.1:{port}/", "--table", host.code,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE, env=dict(os.environ))
    try:
        line = await asyncio.wait_for(proc.stdout.readline(), 30)  # type: ignore[union-attr]
    finally:
        if proc.returncode is None:
            proc.kill()
        await proc.wait()
    assert line.decode().strip() == f"doublenine bot: seat 2 at table {host.code}"


def test_failure_through_a_proxy_names_it(office_proxy, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("https_proxy", "http://ana:s3cret@127.0.0.1:9")
    with pytest.raises(CheckFailed) as caught:
        check_table(Invite("tables.example.invalid", 8765, "KQ7PM"), timeout=3)
    failure = caught.value.failure
    assert failure.key == "net.unreachable_proxy"
    assert failure.text("en") == (
        "Cannot reach a doublenine table at tables.example.invalid:8765 through the proxy http://127.0.0.1:9 "
        "(set in this computer's proxy settings, such as https_proxy). Check that proxy, or add "
        "tables.example.invalid to no_proxy to connect directly.")
    assert "s3cret" not in failure.text("fr")


async def test_bot_failure_through_a_proxy_names_it(office_proxy) -> None:  # type: ignore[no-untyped-def]
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "doublenine", "bot", "--server", "ws://tables.example.invalid:8765/", "--table", "KQ7PM",
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE, env=dict(os.environ))
    out, err = await asyncio.wait_for(proc.communicate(), 60)
    assert proc.returncode == 1, err.decode()
    assert err.decode().startswith("doublenine bot: cannot reach ws://tables.example.invalid:8765/ through the proxy "
                                   "http://127.0.0.1:9: ")
    assert b"Traceback" not in err


def test_every_websocket_dial_in_the_code_chooses_its_proxy() -> None:
    """The kind stays fixed: each call of websockets' client ``connect`` passes ``proxy=checked_proxy(url)`` (or
    sets it so in the ``kwargs`` it forwards), so no dialler falls back to the system proxy for this machine or
    the LAN, and none meets a proxy setting it cannot use as anything but an OSError (session 10)."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    unchosen, calls, dialers = [], 0, set()
    for folder in ("client", "server", "shared", "doublenine", "bench", "deploy"):
        for path in sorted((root / folder).rglob("*.py")):
            source = path.read_text(encoding="utf-8")
            tree = ast.parse(source)
            names = {a.asname or a.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
                     and (node.module or "").startswith("websockets") and (node.module or "").endswith("client")
                     for a in node.names if a.name == "connect"}
            for node in ast.walk(tree):
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in names:
                    calls += 1
                    dialers.add(str(path.relative_to(root)))
                    chosen = {k.arg: k.value for k in node.keywords}
                    value = chosen.get("proxy")
                    checked = (isinstance(value, ast.Call) and isinstance(value.func, ast.Name)
                               and value.func.id == "checked_proxy")
                    if not checked and not (None in chosen and 'kwargs["proxy"] = checked_proxy(' in source):
                        unchosen.append(f"{path.relative_to(root)}:{node.lineno}")
    assert unchosen == []
    assert {"client/net.py", "client/joining.py", "server/netbot.py"} <= dialers  # the scan sees the real diallers


def test_s10_whatever_the_library_meets_while_opening_is_a_failure_to_reach_not_a_traceback(
        office_proxy, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Attacker, session 10 round 2: a SOCKS proxy answering its handshake and then 100 KB of junk ended
    ``play --join`` in websockets' own ``AssertionError`` (3 runs of 6, a traceback, rc 1)."""
    import websockets.sync.client

    def broken(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise AssertionError("assert self.close_deadline is None")

    monkeypatch.setattr(websockets.sync.client, "connect", broken)
    monkeypatch.setenv("https_proxy", "socks5h://127.0.0.1:9")
    with pytest.raises(CheckFailed) as caught:
        check_table(Invite("tables.example.invalid", 8765, "KQ7PM"), timeout=3)
    assert caught.value.failure.key == "net.unreachable_proxy"
