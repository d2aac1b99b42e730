"""Which proxy a websocket goes through: none for this machine and the local network (issue 16.6).

websockets (14+) dials through the system's proxy by default, read from the
environment (``https_proxy``, ``all_proxy``...) with ``urllib.request.getproxies``.
Office machines often set one for the internet and no ``no_proxy``; then
``ws://127.0.0.1:18770/`` or a friend's ``ws://192.168.1.20:8765/`` went to the
proxy and failed. Every place that dials (client/net.py, client/joining.py,
server/netbot.py for ``doublenine bot`` and the tests, bench/) passes
``proxy=proxy_for(url)``:

- ``None`` (dial directly) for loopback, private (RFC 1918, RFC 4193 ``fc00::/7``,
  and the rest of :attr:`ipaddress.IPv4Address.is_private`) and link-local
  addresses, ``localhost`` and ``*.localhost``, and mDNS ``*.local`` names;
- otherwise exactly the proxy websockets itself would pick (same variables, same
  order: ``wss``/``ws``, then ``socks``, ``https``, ``http``; ``no_proxy`` honoured).

A failure through a proxy then names it (:func:`shown_proxy`, without any password).
Where a connection is opened, :func:`checked_proxy` gives the same choice and refuses one that
websockets cannot use (a malformed URL, a port out of range, a scheme it does not speak) as
:class:`UnusableProxy`, an ``OSError`` like any failure to reach the server: a malformed
``https_proxy`` made ``play --join`` end in a ValueError traceback (attacker, session 10).
SOCKS proxies (``https_proxy=socks5h://...``, common in offices) go through python-socks, which
websockets uses for them. This module reads the proxy settings of the environment and nothing else.
"""
from __future__ import annotations

import importlib.util
import ipaddress
import urllib.request
from urllib.parse import urlsplit, urlunsplit

from .cleantext import for_terminal

SHOWN_PROXY_CHARS = 100
"""Longest proxy setting a message shows (it comes from the environment: bounded and escaped)."""


class UnusableProxy(OSError):
    """The proxy setting for a server cannot be used to dial it (:func:`checked_proxy`)."""


def host_ip(host: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """``host`` (a name or an address as a URL, a socket or a header gives it: IPv6 with or without
    brackets, with or without a ``%zone``) as an IP address, an IPv4-mapped IPv6 address as its IPv4
    one; None for a name or anything else that is not an IP address."""
    try:
        ip = ipaddress.ip_address(host.strip().strip("[]").split("%", 1)[0])
    except ValueError:
        return None
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    return ip


def dials_directly(host: str) -> bool:
    """True for hosts no proxy should ever see: loopback, private and link-local addresses, local names.

    ``host`` is a name or an address (IPv6 with or without brackets, with or without a ``%zone``).
    """
    ip = host_ip(host)
    if ip is None:
        name = host.strip("[]").split("%", 1)[0].rstrip(".").lower()
        return name == "localhost" or name.endswith((".localhost", ".local"))
    return ip.is_loopback or ip.is_private or ip.is_link_local


def proxy_for(url: str) -> str | None:
    """The proxy URL a websocket to ``url`` (``ws://`` or ``wss://``) goes through; None: directly.

    Pass it as ``connect(url, proxy=proxy_for(url))``: websockets then uses exactly
    this choice. A URL that cannot be read is dialled directly (the connect fails on it anyway).
    """
    try:
        parts = urlsplit(url)
        host = parts.hostname or ""
        secure = parts.scheme.lower() == "wss"
        port = parts.port or (443 if secure else 80)
    except ValueError:
        return None
    if not host or dials_directly(host):
        return None
    if urllib.request.proxy_bypass(f"{host}:{port}"):
        return None
    proxies = urllib.request.getproxies()
    for scheme in ("wss", "socks", "https") if secure else ("ws", "socks", "https", "http"):
        proxy = proxies.get(scheme)
        if proxy:
            if scheme == "socks" and proxy.startswith("http://"):
                proxy = "socks5h://" + proxy[len("http://"):]  # as websockets reads a system SOCKS setting
            return proxy
    return None


def checked_proxy(url: str) -> str | None:
    """:func:`proxy_for` ``url``, checked as websockets will read it (``websockets.proxy.parse_proxy``).

    Raises :class:`UnusableProxy` (an ``OSError``: callers say "cannot reach ... through the proxy
    ...") for a proxy URL that does not parse (``http://[::1``), has a port out of range
    (``:99999``), a scheme websockets does not speak (``ftp://``), or is SOCKS while python-socks
    is not installed.
    """
    from websockets.exceptions import InvalidProxy
    from websockets.proxy import parse_proxy

    proxy = proxy_for(url)
    if proxy is None:
        return None
    try:
        scheme = parse_proxy(proxy).scheme
    except (InvalidProxy, ValueError) as exc:
        raise UnusableProxy(f"the proxy setting {shown_proxy(proxy)} cannot be used ({type(exc).__name__})") from None
    if scheme.startswith("socks") and importlib.util.find_spec("python_socks") is None:
        raise UnusableProxy(f"the SOCKS proxy {shown_proxy(proxy)} needs python-socks")
    return proxy


def address_list(value: str, name: str = "the setting") -> list[str] | None:
    """Comma-separated IP addresses from an environment variable (``DOUBLENINE_MDNS_INTERFACES``).

    None when ``value`` is blank (no limit); else the addresses, canonical, at most 16.
    Raises ``OSError`` naming ``name`` when an entry is not an IP address: a limit
    that cannot be read must not silently become "every interface", nor a ValueError
    out of zeroconf deep in a screen (issue 16, environment variables).
    """
    items = [item.strip() for item in value[:4096].split(",") if item.strip()]
    if not items:
        return None
    out = []
    for item in items[:16]:
        try:
            out.append(str(ipaddress.ip_address(item)))
        except ValueError:
            raise OSError(f"{name} is not a list of IP addresses: {item[:40]!a}") from None
    return out


def shown_proxy(proxy: str) -> str:
    """``proxy`` as a message may show it: without user name and password (``http://proxy.corp:3128``),
    control and invisible characters escaped, at most :data:`SHOWN_PROXY_CHARS` characters
    (``cleantext.for_terminal``); of one that does not parse, its scheme and what follows its last "@"."""
    try:
        parts = urlsplit(proxy)
        if parts.username is None and parts.password is None:
            shown = proxy
        else:
            shown = urlunsplit(parts._replace(netloc=parts.netloc.rsplit("@", 1)[1]))
    except ValueError:  # what follows the last "@" (a password may hold anything before it)
        head, sep, rest = proxy.partition("://")
        shown = (head + sep if sep else "") + (rest if sep else head).rsplit("@", 1)[-1]
    return for_terminal(shown, SHOWN_PROXY_CHARS)
