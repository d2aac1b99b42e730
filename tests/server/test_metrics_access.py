"""Attacker finding F5: ``serve --host 0.0.0.0`` (README's LAN set-up) answered ``/metrics`` to
anyone who could reach the port. It is answered to this machine's loopback, and to the networks
``--metrics-from`` names; everyone else gets ``403``. ``/healthz`` stays open to all.

A test client always comes from loopback, so the other addresses arrive as ``X-Forwarded-For``
under ``trust_proxy`` (the client address every per-address rule uses behind nginx), and as a
stand-in connection for the socket peer."""
from __future__ import annotations

import argparse
from types import SimpleNamespace

import pytest
from websockets.datastructures import Headers
from websockets.http11 import Request

from doublenine.server.cli import add_arguments

from .test_http_edge import raw


def _get(path: str, forwarded: str | None = None) -> bytes:
    extra = b"" if forwarded is None else b"X-Forwarded-For: " + forwarded.encode() + b"\r\n"
    return b"GET " + path.encode() + b" HTTP/1.1\r\nHost: x\r\n" + extra + b"\r\n"


async def test_f5_metrics_only_to_loopback_by_default_and_healthz_to_everyone(make_server) -> None:
    server = await make_server(trust_proxy=True)
    status, _, body = await raw(server, _get("/metrics"))
    assert status == 200 and b"doublenine_connections" in body  # a scrape on this machine
    status, _, body = await raw(server, _get("/metrics", "10.1.2.3, 203.0.113.9"))
    assert status == 403
    assert body == b"/metrics is served to this machine only (doublenine serve --metrics-from NETWORK)\n"
    assert (await raw(server, _get("/metrics", "127.0.0.1")))[0] == 200  # nginx's own scrape
    assert (await raw(server, _get("/metrics", "::ffff:127.0.0.1")))[0] == 200
    status, _, body = await raw(server, _get("/healthz", "203.0.113.9"))
    assert status == 200 and body.startswith(b'{"status": "ok"')


async def test_f5_metrics_from_names_the_networks_that_may_scrape(make_server) -> None:
    server = await make_server(trust_proxy=True, metrics_from=("203.0.113.0/24", "2001:db8::/32"))
    assert (await raw(server, _get("/metrics", "203.0.113.9")))[0] == 200
    assert (await raw(server, _get("/metrics", "::ffff:203.0.113.9")))[0] == 200
    assert (await raw(server, _get("/metrics", "2001:db8:5::1")))[0] == 200
    assert (await raw(server, _get("/metrics", "203.0.114.1")))[0] == 403
    assert (await raw(server, _get("/metrics", "not-an-address")))[0] == 403


async def test_f5_the_socket_peer_counts_without_trust_proxy(make_server) -> None:
    server = await make_server(metrics_from=("192.0.2.0/28",))
    request = Request("/metrics", Headers({"Host": "x", "X-Forwarded-For": "127.0.0.1"}))
    lan = SimpleNamespace(remote_address=("198.51.100.4", 50000))
    listed = SimpleNamespace(remote_address=("192.0.2.14", 50000))
    local = SimpleNamespace(remote_address=("::1", 50000, 0, 0))
    assert server.metrics_allowed(lan, request) is False  # a forged header is not read
    assert server.metrics_allowed(listed, request) is True
    assert server.metrics_allowed(local, request) is True
    everyone = await make_server(metrics_from=("0.0.0.0/0", "::/0"))
    assert everyone.metrics_allowed(lan, request) is True


def test_f5_metrics_from_option_normalises_networks_and_refuses_anything_else(capsys) -> None:
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    assert parser.parse_args([]).metrics_from == []
    args = parser.parse_args(["--metrics-from", "10.1.2.3/8", "--metrics-from", "2001:db8::1"])
    assert args.metrics_from == ["10.0.0.0/8", "2001:db8::1/128"]
    with pytest.raises(SystemExit) as exit_:
        parser.parse_args(["--metrics-from", "lan"])
    assert exit_.value.code == 2 and "not an IP network or address: 'lan'" in capsys.readouterr().err
