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


async def test_s9_forwarded_headers_are_read_only_from_loopback_or_proxy_from(make_server) -> None:
    """Attacker s9: with ``--trust-proxy`` a direct client sent ``X-Forwarded-For: 127.0.0.1`` and
    got ``/metrics`` (and chose the address every per-address limit counted)."""
    server = await make_server(trust_proxy=True, proxy_from=("10.0.0.5/32",))
    request = Request("/metrics", Headers({"Host": "x", "X-Forwarded-For": "127.0.0.1"}))
    direct = SimpleNamespace(remote_address=("198.51.100.4", 50000))
    proxy = SimpleNamespace(remote_address=("10.0.0.5", 50000))
    mapped = SimpleNamespace(remote_address=("::ffff:10.0.0.5", 50000, 0, 0))
    assert server.metrics_allowed(direct, request) is False  # the forged header is not read
    assert server.metrics_allowed(proxy, request) is True  # the named proxy's header is
    assert server.metrics_allowed(mapped, request) is True
    outside = Request("/metrics", Headers({"Host": "x", "X-Forwarded-For": "203.0.113.9"}))
    assert server.metrics_allowed(proxy, outside) is False
    site = server.site
    assert site._group(direct, outside) == "198.51.100.4"
    assert site._group(proxy, outside) == "203.0.113.9"
    tls = Request("/", Headers({"Host": "x", "X-Forwarded-Proto": "https"}))
    assert (site._tls(direct, tls), site._tls(proxy, tls)) == (False, True)


def test_s9_client_address_believes_only_loopback_and_named_proxies() -> None:
    from doublenine.server.addresses import client_address
    from doublenine.server.config import ServerConfig

    on = ServerConfig(trust_proxy=True)
    assert client_address("127.0.0.1", "10.1.1.1, 203.0.113.9", on) == "203.0.113.9"
    assert client_address("::1", "203.0.113.9", on) == "203.0.113.9"
    assert client_address("198.51.100.4", "127.0.0.1", on) == "198.51.100.4"
    assert client_address("10.0.0.5", "203.0.113.9", ServerConfig(trust_proxy=True, proxy_from=("10.0.0.0/24",))) \
        == "203.0.113.9"
    assert client_address("127.0.0.1", "203.0.113.9", ServerConfig()) == "127.0.0.1"  # no --trust-proxy


def test_s9_proxy_from_option_is_repeatable_and_normalised() -> None:
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    assert parser.parse_args([]).proxy_from == []
    assert parser.parse_args(["--proxy-from", "10.0.0.5", "--proxy-from", "fd00::/8"]).proxy_from \
        == ["10.0.0.5/32", "fd00::/8"]


async def test_a_header_sent_twice_is_nobodys_word_and_costs_no_traceback(make_server) -> None:
    """Review finding: ``X-Forwarded-For`` sent twice made ``Headers.get`` raise
    ``MultipleValuesError`` (a traceback per websocket connection, a failed ``/metrics``): a header
    given more than once is read as not given, as the pages already read theirs."""
    server = await make_server(trust_proxy=True)
    twice = b"GET /metrics HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 203.0.113.9\r\nX-Forwarded-For: 10.1.2.3\r\n\r\n"
    assert (await raw(server, twice))[0] == 200  # the loopback peer's own scrape
    request = Request("/", Headers([("Host", "x"), ("X-Forwarded-For", "203.0.113.9"), ("X-Forwarded-For", "10.0.0.1")]))
    peer = SimpleNamespace(remote_address=("127.0.0.1", 50000))
    assert server.metrics_allowed(peer, request) is True


def test_configured_networks_are_parsed_once_not_at_every_request(monkeypatch: pytest.MonkeyPatch) -> None:
    """Code read: ``in_networks`` parsed ``proxy_from``/``metrics_from`` at every connection and
    every ``/metrics`` request; now once per configured tuple."""
    import ipaddress

    from doublenine.server import addresses

    calls: list[str] = []
    real = ipaddress.ip_network

    def counting(net: str, strict: bool = True) -> ipaddress.IPv4Network | ipaddress.IPv6Network:
        calls.append(net)
        return real(net, strict=strict)

    monkeypatch.setattr(ipaddress, "ip_network", counting)
    addresses.parsed_networks.cache_clear()
    nets = ("10.0.0.0/8", "2001:db8::/32")
    answers = [addresses.in_networks(a, nets) for a in ("10.9.8.7", "::ffff:10.0.0.1", "2001:db8:5::1",
                                                         "192.0.2.1", "?", "10.1.1.1")]
    assert answers == [True, True, True, False, False, True]
    assert calls == ["10.0.0.0/8", "2001:db8::/32"]
    addresses.parsed_networks.cache_clear()
