"""Invites: one short string that carries a table's address and code (issue 8).

The canonical form is ``doublenine://HOST:PORT/CODE`` (IPv6 hosts in brackets,
``doublenine://[fd00::5]:8765/KQ7PM``); a table behind TLS adds ``?tls=1``.
:func:`parse_invite` also accepts the ``ws://`` and ``wss://`` forms (path ``/CODE`` or
``/t/CODE``; any other path is refused), a bare ``HOST:PORT/CODE``, and the table's web
link ``http(s)://HOST:PORT/t/CODE`` (:func:`build_web_link`, issue 13). Anything else is
refused with :class:`InviteError`, whose ``key`` is a stable message key
(``invite.malformed``, ``invite.bad_port``...; see shared/failures.py).
"""
from __future__ import annotations

import ipaddress
import re
from dataclasses import dataclass
from urllib.parse import parse_qs, urlsplit

from .dialing import host_ip
from .failures import Failure, FailureError
from .numbers import NumberError, is_ascii_digits, parse_int
from .tablecode import CODE_ALPHABET, CODE_LENGTH, clean_code, is_code

__all__ = ["CODE_ALPHABET", "CODE_LENGTH", "Invite", "InviteError", "build_invite", "build_web_link", "normalize_code",
           "parse_invite"]

SCHEME = "doublenine"
"""The invite's own URL scheme."""
WEB_SCHEMES = ("http", "https")
"""Schemes of a table's web link (:func:`build_web_link`), accepted only in its ``/t/CODE`` form."""
DEFAULT_PORT = 8765
"""Port assumed by a ``doublenine://`` invite without one (the server's default port)."""

_HOSTNAME = re.compile(r"^(?=.{1,253}$)([A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.?)+$")
_TRUE = {"1", "true", "yes", "on"}


class InviteError(FailureError):
    """A malformed or unusable invite; ``.key`` is e.g. ``invite.bad_port``."""


@dataclass(frozen=True, slots=True)
class Invite:
    """Where a table is: ``host`` (name or address, IPv6 without brackets), ``port``, ``code``.

    ``tls`` is True for a server behind TLS (``wss://``). ``watch`` (``?watch=1``) is True for a link
    made to watch the table, not to sit at it: the table page's "Open in doublenine" of a full table
    (s14: it tried to sit and was refused "full").
    """

    host: str
    port: int
    code: str
    tls: bool = False
    watch: bool = False

    def __str__(self) -> str:
        return build_invite(self.host, self.port, self.code, tls=self.tls, watch=self.watch)

    @property
    def netloc(self) -> str:
        """``host:port`` with IPv6 hosts bracketed, as URLs and sockets want it."""
        return f"{_bracket(self.host)}:{self.port}"

    def ws_url(self, path: str = "/") -> str:
        """The websocket URL of the server (``ws://`` or ``wss://``), with ``path``."""
        return f"{'wss' if self.tls else 'ws'}://{self.netloc}{path}"

    @property
    def web_url(self) -> str:
        """The table's web link ``http(s)://HOST:PORT/t/CODE`` (:func:`build_web_link`)."""
        return build_web_link(self.host, self.port, self.code, tls=self.tls)

    @property
    def join_url(self) -> str:
        """The websocket URL to join this table: path ``/t/CODE``, so a proxy routes by code (docs/operations.md)."""
        return self.ws_url(f"/t/{self.code}")


def table_url(server_url: str, code: str | None) -> str:
    """The websocket URL for table ``code`` on a server given as ``ws[s]://HOST:PORT[/]``.

    A server URL with no path (or ``/``), or another table's ``/t/OTHER``, gets ``/t/CODE``, the
    path a reverse proxy routes by (deploy/, docs/operations.md); a URL with its own path, or no
    code (creating a table), is returned unchanged. The server refuses a ``join``, ``rejoin`` or
    ``spectate`` of another code than its path's ``/t/CODE`` (``WRONG_ROUTE``, docs/protocol.md).
    """
    if not code:
        return server_url
    parts = urlsplit(server_url)
    if parts.path in ("", "/"):
        return parts._replace(path=f"/t/{code}").geturl()
    if server_base(server_url) == server_url:  # a proxy's own path
        return server_url
    return parts._replace(path=f"/t/{code}", query="", fragment="").geturl()


def server_base(url: str) -> str:
    """``url`` without a table's ``/t/CODE`` path: the server's own address, the one worth remembering.

    A join by invite dials ``ws://HOST:PORT/t/CODE`` (:attr:`Invite.join_url`); remembered as is, the
    start screen showed that table's path as the "Server address" and "Create table" used it. Any
    other URL (a proxy's own path, text that is not a URL) is returned unchanged.
    """
    try:
        parts = urlsplit(url.strip())
    except ValueError:
        return url
    segments = [s for s in parts.path.split("/") if s]
    if parts.scheme.lower() not in ("ws", "wss") or len(segments) != 2 or segments[0] != "t":
        return url
    return parts._replace(path="/", query="", fragment="").geturl()


SERVER_URL_CHARS = 2048
"""Longest server URL (``ws[s]://HOST[:PORT][/PATH]``) taken: a longer one is ``server.bad_url``."""


def is_loopback(host: str) -> bool:
    """True for an address that reaches only the computer using it: 127.0.0.0/8, ``::1`` (also IPv4-mapped
    ``::ffff:127.0.0.1``), ``0.0.0.0``/``::`` and ``localhost`` with its subdomains (RFC 6761). An invite
    at such an address works in this computer's windows only, never for a friend on another computer."""
    name = host.strip().strip("[]").lower().rstrip(".")
    if name == "localhost" or name.endswith(".localhost"):
        return True
    ip = host_ip(host)
    return ip is not None and (ip.is_loopback or ip.is_unspecified)


def server_key(url: str) -> str:
    """One spelling per server, to key what this computer keeps about it (the seats it holds, D7).

    ``ws://127.0.0.1:8799``, ``WS://127.0.0.1:8799/`` and ``ws://127.0.0.1:8799/t/ZKVXH`` (an invite's
    :attr:`Invite.join_url`) are one server: ``ws://127.0.0.1:8799/``. The scheme and host in lower case,
    the port always written, the path the server's own (:func:`server_base`; ``/`` when none); a proxy's
    own path is kept. Text that is no server URL is returned unchanged (it matches nothing else).
    """
    try:
        where = check_server_url(url)
        path = urlsplit(server_base(url.strip())).path or "/"
    except (InviteError, ValueError):
        return url
    return where.ws_url(path)


def check_server_url(url: str) -> Invite:
    """Where a ``ws[s]://HOST[:PORT][/PATH]`` server URL points (``code`` empty); raises InviteError.

    The port must be ASCII digits 1..65535 (urllib would
    raise a bare ValueError on ``²`` and Python's int() reads ``８７６５``), the host
    a name or an address, the scheme ws or wss; anything else is
    ``server.bad_url``, so ``--server`` and the start screen say what is wrong
    before dialling.
    """
    raw = url.strip()
    scheme = raw.split("://", 1)[0].lower() if "://" in raw else ""
    if scheme not in ("ws", "wss") or len(raw) > SERVER_URL_CHARS:
        raise InviteError(Failure("server.bad_url", {"url": _short(url)}))
    try:
        parts = urlsplit(raw)
        host = parts.hostname or ""
    except ValueError:
        raise InviteError(Failure("server.bad_url", {"url": _short(url)})) from None
    if not parts.netloc or "@" in parts.netloc or (not parts.netloc.startswith("[") and parts.netloc.count(":") > 1):
        raise InviteError(Failure("server.bad_url", {"url": _short(url)}))
    tls = scheme == "wss"
    port_text = _port_text(parts.netloc)
    try:
        host = _check_host(host, parts.netloc)
        port = (443 if tls else 80) if port_text is None else _check_port(port_text)
    except InviteError:
        raise InviteError(Failure("server.bad_url", {"url": _short(url)})) from None
    return Invite(host=host, port=port, code="", tls=tls)


def server_url(text: str) -> str:
    """The server URL an address given by a person means; raises InviteError ``server.bad_url``.

    ``ws[s]://HOST[:PORT][/PATH]`` is taken as given (checked by :func:`check_server_url`); a bare
    ``HOST:PORT`` (or ``HOST``, port :data:`DEFAULT_PORT` as in an invite) is ``ws://HOST:PORT/``, as an
    invite's bare ``HOST:PORT/CODE`` is read. New user s10: the start screen's field refused
    ``127.0.0.1:8765`` while the line under Create table said it "uses the server 127.0.0.1:8765". Kind:
    one address read differently by each place that takes one; the start screen's field, ``play --server``
    and ``bot --server`` all read it here.
    """
    raw = text.strip() if isinstance(text, str) else ""
    try:
        return _server_url(raw, text)
    except InviteError:
        if "," in raw and len(raw) <= SERVER_URL_CHARS:  # s13: a keypad's decimal comma, "192,168,0,5:8765"
            dotted = raw.replace(",", ".")
            try:
                _server_url(dotted, dotted)
            except InviteError:
                raise InviteError(Failure("server.bad_url", {"url": _short(text)})) from None
            raise InviteError(Failure("server.commas", {"url": _short(text), "dotted": _short(dotted)})) from None
        raise


def _server_url(raw: str, text: str) -> str:
    """:func:`server_url` of the stripped ``raw`` (``text`` as given, for the message)."""
    if "://" in raw:
        check_server_url(raw)
        return raw
    bare = raw[:-1] if raw.endswith("/") else raw
    if not bare or "/" in bare or len(bare) > SERVER_URL_CHARS:
        raise InviteError(Failure("server.bad_url", {"url": _short(text)}))
    try:
        where = check_server_url(f"ws://{bare}/")
    except InviteError:
        raise InviteError(Failure("server.bad_url", {"url": _short(text)})) from None
    if _port_text(bare) is None:
        where = Invite(where.host, DEFAULT_PORT, "")
    return where.ws_url("/")


def build_invite(host: str, port: int, code: str, *, tls: bool = False, watch: bool = False) -> str:
    """The canonical invite ``doublenine://HOST:PORT/CODE``, with ``?tls=1`` behind TLS and ``watch=1`` for a
    link that watches the table (:attr:`Invite.watch`); raises InviteError on a bad part."""
    host = _check_host(host.strip("[]"))
    _check_port(str(port))
    code = normalize_code(code)
    flags = "&".join(f for f, on in (("tls=1", tls), ("watch=1", watch)) if on)
    return f"{SCHEME}://{_bracket(host)}:{port}/{code}" + (f"?{flags}" if flags else "")


def build_web_link(host: str, port: int, code: str, *, tls: bool = False) -> str:
    """The link ``http(s)://HOST:PORT/t/CODE`` that any chat program shows as a link (issue 13).

    The same path as the websocket's (the server tells the two apart): a browser
    gets the table's page there, with an "Open in doublenine" button; pasted into
    the game it joins like the invite. The port is left out when it is the
    scheme's own (80, 443). Raises InviteError on a bad part, as :func:`build_invite`.
    """
    host = _check_host(host.strip("[]"))
    _check_port(str(port))
    code = normalize_code(code)
    scheme = "https" if tls else "http"
    shown = "" if port == (443 if tls else 80) else f":{port}"
    return f"{scheme}://{_bracket(host)}{shown}/t/{code}"


def parse_invite(text: str) -> Invite:
    """Parse an invite in any accepted form; raises :class:`InviteError` with a stable key."""
    raw = text.strip().strip("<>\"'").strip()
    if not raw:
        raise InviteError(Failure("invite.empty"))
    if "://" not in raw:
        raw = f"{SCHEME}://{raw}"
    scheme = raw.split("://", 1)[0].lower()
    if scheme in WEB_SCHEMES and _is_web_link(raw):
        scheme = "wss" if scheme == "https" else "ws"  # the table's web link joins like its invite
        raw = scheme + raw[raw.index("://"):]
    if scheme not in (SCHEME, "ws", "wss"):
        raise InviteError(Failure("invite.bad_scheme", {"scheme": scheme}))
    try:
        parts = urlsplit(raw)
        host = parts.hostname or ""
    except ValueError:
        raise InviteError(Failure("invite.malformed", {"invite": _short(text)})) from None
    if not parts.netloc or "@" in parts.netloc or parts.fragment:
        raise InviteError(Failure("invite.malformed", {"invite": _short(text)}))
    if not parts.netloc.startswith("[") and parts.netloc.count(":") > 1:
        raise InviteError(Failure("invite.bad_host", {"host": _short(parts.netloc)}))  # IPv6 unbracketed
    host = _check_host(host, parts.netloc)
    tls = scheme == "wss" or _flag(parts.query, "tls")
    port_text = _port_text(parts.netloc)
    port = _default_port(scheme, tls) if port_text is None else _check_port(port_text)
    return Invite(host=host, port=port, code=normalize_code(_code_segment(parts.path, text)), tls=tls,
                  watch=_flag(parts.query, "watch"))


def _code_segment(path: str, text: str) -> str:
    """The code of an invite's ``path``: ``/CODE`` or ``/t/CODE`` (:attr:`Invite.join_url`), nothing else.

    Kind: a parser that took the last part that fit; ``doublenine://127.0.0.1:8766/ABCD127.0.0.1:8765/DWFBM``
    (two invites run together) was read as table DWFBM at port 8766. Any other path is ``invite.malformed``.
    """
    segments = [s for s in path.split("/") if s]
    if len(segments) == 1 or (len(segments) == 2 and segments[0] == "t"):
        return segments[-1]
    raise InviteError(Failure("invite.malformed", {"invite": _short(text)}))


def _is_web_link(raw: str) -> bool:
    """True for ``http(s)://HOST[:PORT]/t/CODE`` (the form :func:`build_web_link` makes), nothing else."""
    try:
        path = urlsplit(raw).path
    except ValueError:
        return False
    segments = [s for s in path.split("/") if s]
    return len(segments) == 2 and segments[0] == "t"


def normalize_code(code: str, key: str = "invite.bad_code") -> str:
    """A table code as the server spells it (:func:`~doublenine.shared.tablecode.clean_code`: case,
    spaces, dashes, full-width forms); :class:`InviteError` ``key`` (``invite.bad_code``, or
    ``table.bad_code`` for a code typed on its own) when it cannot be a code."""
    cleaned = clean_code(code)
    if not is_code(cleaned):
        raise InviteError(Failure(key, {"code": _short(code), "expected": code_rule()}))
    return cleaned


def code_rule() -> Failure:
    """How a table code looks (``invite.code_rule``), for a message that refuses one."""
    return Failure("invite.code_rule", {"length": CODE_LENGTH})


def _port_text(netloc: str) -> str | None:
    """The text after the host's colon, or None when the netloc names no port."""
    tail = netloc.rsplit("]", 1)[-1] if netloc.startswith("[") else netloc
    return tail.rpartition(":")[2] if ":" in tail else None


def _check_port(text: str) -> int:
    """Port 1..65535 in ASCII digits (issue 16.4: ``²`` and fullwidth ``８７６５`` are bad ports)."""
    try:
        if text.strip(" \t") != text or text.startswith(("+", "-")):
            raise NumberError(text)
        return parse_int(text, 1, 65535)
    except NumberError:
        raise InviteError(Failure("invite.bad_port", {"port": _short(text)})) from None


def _check_host(host: str, shown: str | None = None) -> str:
    try:
        return str(ipaddress.ip_address(host))
    except ValueError:
        pass
    if host and _HOSTNAME.match(host) and not is_ascii_digits(host.replace(".", "")):
        return host.lower()
    raise InviteError(Failure("invite.bad_host", {"host": _short(shown if shown is not None else host)}))


def _default_port(scheme: str, tls: bool) -> int:
    if scheme == SCHEME:
        return DEFAULT_PORT
    return 443 if tls else 80


def _flag(query: str, name: str) -> bool:
    values = parse_qs(query).get(name, [])
    return any(v.lower() in _TRUE for v in values)


def _bracket(host: str) -> str:
    return f"[{host}]" if ":" in host else host


def _short(text: str, limit: int = 60) -> str:
    text = text.strip()
    return text if len(text) <= limit else text[: limit - 1] + "…"
