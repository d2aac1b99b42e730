"""Failures a person understands: joining, hosting and invites (issue 8).

Every failure on the way to a table (a bad invite, a port in use, a server that
cannot be reached, a full or closed table, a protocol version mismatch) is a
:class:`Failure`: a stable message ``key`` (tests and logs use it), the English
source text that is also the i18n msgid, and the values that fill it in. No
failure here ever reaches a person as a traceback.

The text goes through ``doublenine.shared.i18n`` (engineer F's translator); an
id without a translation shows in English.
"""
from __future__ import annotations

import errno
import socket
import ssl
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from .errors import ErrorCode
from .i18n import DEFAULT_SEAT_NAMES, N_, default_language, translator
from .reconnect import causes, http_status, retry_dial
from .refusals import LIMITS, PLAYING_PER_SITE, SENTENCES, UNKNOWN, playing_per_site

#: message key -> English source text (the i18n msgid). Never rename a key.
MESSAGES: Mapping[str, str] = MappingProxyType({
    # invites (shared/invite.py)
    "invite.empty": N_("The invite is empty. Paste the whole invite, for example doublenine://192.168.1.20:8765/KQ7PM."),
    "invite.malformed": N_("“{invite}” is not a doublenine invite. It should look like doublenine://HOST:PORT/CODE."),
    "invite.bad_scheme": N_("“{scheme}://” is not an invite address. Use doublenine://, ws:// or wss://."),
    "invite.bad_host": N_("The invite has no usable host name or address ({host}). IPv6 addresses go in brackets, like [fd00::5]."),
    "invite.bad_port": N_("The invite's port “{port}” is not a port number (1 to 65535)."),
    "invite.bad_code": N_("The invite's table code “{code}” is not a table code: {expected}."),
    "invite.code_rule": N_("{length} letters and digits, without 0, 1, I, L, O or U"),
    "table.bad_code": N_("“{code}” is not a table code: {expected}."),
    # an address typed with commas (a German or Brazilian keypad's decimal key): said with its dotted form
    "server.commas": N_("“{url}” is not a server address: it has commas where an address takes dots, as in {dotted}."),
    "server.bad_url": N_("“{url}” is not a server address. It should look like HOST:PORT or ws://HOST:PORT/ (wss:// behind TLS)."),
    # hosting
    "net.port_in_use": N_("Port {port} is already in use on this computer. Try port {alternative} instead, or close the program that uses it."),
    "net.bind_failed": N_("Cannot listen on {host} port {port}: {reason}."),
    # joining
    "net.unreachable": N_("Cannot reach a doublenine table at {host}:{port}. Check the address, that the host still has the game open, and that their firewall lets port {port} through."),
    "net.certificate": N_("The server at {host}:{port} answered with a certificate this computer does not trust ({reason}). If you trust that server (your own, with a self-signed certificate), let this computer trust its certificate: add it to the system's certificates, or start doublenine with SSL_CERT_FILE set to the certificate file (see docs/operations.md)."),
    "net.tls": N_("The secure connection (TLS) to {host}:{port} failed ({reason}). Check that the server speaks TLS there: wss:// is for a server behind TLS, ws:// for one without."),
    "net.unreachable_proxy": N_("Cannot reach a doublenine table at {host}:{port} through the proxy {proxy} (set in this computer's proxy settings, such as https_proxy). Check that proxy, or add {host} to no_proxy to connect directly."),
    # the sentence first, the server after it in parentheses: the refusal sentences hold a colon of their own
    # ("Too many tables from your address: close one first"), and "refused: {detail}" read "a refusé : Trop de
    # tables depuis votre adresse : fermez-en une d'abord", two colons in one line
    "net.refused": N_("{detail} (refused by the server at {host}:{port})"),
    # a definitive HTTP answer to the websocket upgrade, said by what it means (s13 linguists: "HTTP 404 (refusé
    # par le serveur à 192.158.0.1:8765)" for an invite to a web server); the status only in parentheses
    "net.not_a_table": N_("Something answers at {host}:{port}, but it is not a doublenine table (a web page or "
                          "another program, HTTP {status}). Check the address and the port, or ask the host "
                          "for a new invite."),
    "net.forbidden": N_("The server at {host}:{port} does not let this computer in (HTTP {status}): it asks for a "
                        "login or lets only some computers connect. Ask whoever runs that server."),
    "net.server_error": N_("The server at {host}:{port} failed with an error of its own (HTTP {status}). Try again "
                           "in a while, or tell whoever runs that server."),
    # why a server refused (the ``detail`` of net.refused): the one sentence for the stable ErrorCode
    # (shared/refusals.py, keys refused.CODE), never the server's own English text (new user: "…a
    # refusé : 127.0.0.1 has 8 open tables")
    **{f"refused.{code.value}": text for code, text in SENTENCES.items()},
    "refused.other": UNKNOWN,
    **{f"refused.limit.{limit}": text for limit, text in LIMITS.items()},  # RATE_LIMITED by its data.limit
    "refused.playing_per_site": PLAYING_PER_SITE,
    "table.full": N_("Table {code} is full: no seat is left for another person (the others are taken or played by the computer). Ask the host to open a new table, or watch this one."),
    "seat.taken": N_("The {seat} seat at table {code} is taken. Choose another seat, or “Any free seat”."),
    # said at the table, to a player: no server, address or token (new user s9 item 15: "the server at
    # 192.0.2.2:8765 is gone"); the refusals of a join above name the address, the thing to check there
    "seat.replaced": N_("Your seat at table {code} is now played from another window or device."),
    # session 17: a rejoin refused BAD_TOKEN with data.given_up (the seat given up at a match's end after its
    # player had been away): said as what happened, with what can be done, never as a closed table
    "seat.given_up": N_("Your seat at table {code} was given up: the match ended while you had been away {minutes} minutes, so the others went on without you. The table is still open: take a free seat there, or watch it."),
    "host.stopped": N_("The host closed the game, so this table has ended."),
    "host.gone": N_("The host's table is no longer there: nothing has answered at its address for a while, so it "
                    "cannot go on. The host may have closed the game."),
    "host.lost": N_("This table has not answered for several minutes, so it cannot go on: the host may have "
                    "closed the game or lost the connection."),
    "host.port_taken_again": N_("Port {port} is in use by another program, so table {code} is not hosted for your friends: they cannot reach it now. It goes on here, on this computer only. Close that program and start again to host it for them."),
    "host.not_hosted_again": N_("Table {code} could not be hosted again on port {port} ({reason}): your friends cannot reach it now. It goes on here, on this computer only."),
    # a second window on the game file another window serves (client/launcher.py, issue 12 case 0), which
    # keeps no table there for it to watch: it never sits at a table of its own on the other's server
    "window.other_plays": N_("doublenine is already open in another window on this computer, and no table is kept there for this window to watch. Play in that window, or close it and start again."),
    # organiser s16 F11: a table closed by hand (close_table), said to everyone who was at it
    "table.closed_by.creator": N_("Table {code} was closed by the person who created it."),
    "table.closed_by.operator": N_("Table {code} was closed by the server's operator."),
    "table.closed": N_("Table {code} is closed or no longer exists on {host}:{port}. The invite may be old: ask the host for a new one."),
    "protocol.mismatch": N_("This copy of doublenine speaks protocol version {ours}, the server at {host}:{port} speaks version {theirs}. {update}"),
    "protocol.update_server": N_("Ask the host to update doublenine on the server."),
    "protocol.update_client": N_("Update doublenine on this computer."),
})


@dataclass(frozen=True, slots=True)
class Failure:
    """One failure: stable ``key`` (a :data:`MESSAGES` key) and the values of its text."""

    key: str
    """Stable message key, e.g. ``"table.full"``; tests assert on it."""
    params: Mapping[str, object] = field(default_factory=dict)
    """Values for the ``{placeholders}``: str() of each, a nested Failure as its own text."""

    def __post_init__(self) -> None:
        if self.key not in MESSAGES:
            raise KeyError(f"unknown failure key {self.key!r}")

    @property
    def msgid(self) -> str:
        """The English source text with placeholders: the i18n msgid."""
        return MESSAGES[self.key]

    def text(self, lang: str | None = None) -> str:
        """The message for a person in ``lang`` (default: the system's language), filled in. A ``seat``
        given as its number (1..4, R2) is said by the word the table shows for it, "North" (s13 item 4:
        "Seat 3 ... is taken" where the table and the rules say North)."""
        lang = lang or default_language()
        values = {k: v.text(lang) if isinstance(v, Failure) else str(v) for k, v in self.params.items()}
        seat = self.params.get("seat")
        if isinstance(seat, int) and not isinstance(seat, bool) and seat in DEFAULT_SEAT_NAMES:
            values["seat"] = translator(lang).gettext(DEFAULT_SEAT_NAMES[seat])
        return translator(lang).gettext(self.msgid, **values)

    def __str__(self) -> str:
        return self.text()


class FailureError(Exception):
    """An exception carrying a :class:`Failure`; ``str(exc)`` is the person's message."""

    def __init__(self, failure: Failure) -> None:
        super().__init__(failure.text())
        self.failure = failure

    @property
    def key(self) -> str:
        """The stable message key of the failure."""
        return self.failure.key


def port_in_use(port: int, host: str = "0.0.0.0") -> Failure:
    """``net.port_in_use``, offering a port that is free on ``host`` right now."""
    return Failure("net.port_in_use", {"port": port, "alternative": free_port_near(port, host)})


def bind_failure(exc: OSError, host: str, port: int) -> Failure:
    """The failure for an ``OSError`` raised while binding ``host:port``."""
    if exc.errno in (errno.EADDRINUSE, getattr(errno, "WSAEADDRINUSE", -1)):
        return port_in_use(port, host)
    return Failure("net.bind_failed", {"host": host, "port": port, "reason": exc.strerror or exc})


def protocol_mismatch(ours: int, theirs: int, host: str, port: int) -> Failure:
    """``protocol.mismatch``, naming both versions and the side that must update."""
    side = "protocol.update_server" if theirs < ours else "protocol.update_client"
    return Failure("protocol.mismatch",
                   {"ours": ours, "theirs": theirs, "host": host, "port": port, "update": Failure(side)})


def free_port_near(port: int, host: str = "0.0.0.0", tries: int = 20) -> int:
    """A port that can be bound on ``host`` now: ``port+1``... first, else any free one (port 0)."""
    for candidate in range(port + 1, min(port + 1 + tries, 65536)):
        if _bindable(host, candidate):
            return candidate
    with socket.socket(_family(host), socket.SOCK_STREAM) as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


def _bindable(host: str, port: int) -> bool:
    with socket.socket(_family(host), socket.SOCK_STREAM) as s:
        try:
            s.bind((host, port))
        except OSError:
            return False
        return True


def _family(host: str) -> socket.AddressFamily:
    return socket.AF_INET6 if ":" in host else socket.AF_INET


def unreachable(host: str, port: int, proxy: str | None = None) -> Failure:
    """``net.unreachable``: nothing answered at ``host:port`` (refused, timed out, no route, bad name).

    ``proxy``: the proxy the connection went through (shared/dialing.proxy_for), if any: the
    message is then ``net.unreachable_proxy`` and names it, without its password (issue 16.6).
    """
    if proxy:
        from .dialing import shown_proxy
        return Failure("net.unreachable_proxy", {"host": _bracket(host), "port": port, "proxy": shown_proxy(proxy)})
    return Failure("net.unreachable", {"host": _bracket(host), "port": port})


class UpgradeCut(ConnectionError):
    """The server closed the connection before answering the websocket upgrade (the dialers raise it
    from the library's ConnectionClosed): behind wss://, a TLS front that refused this client, for
    instance one that demands a client certificate. Retried like any lost connection."""


CUT_WORDS = "closed without answering: does the server demand a client certificate?"
"""The reason told for a wss:// server that closed before answering the upgrade (TLS 1.3 hides its alert)."""
TLS_TIMEOUT_WORDS = ("handshake operation timed out", "ssl handshake is taking longer")
"""CPython's words for a TLS handshake that never completed (the ssl module's blocking sockets;
asyncio's ``ssl_handshake_timeout``): a front that accepts TCP and never speaks TLS."""


def tls_failure(exc: BaseException | None, secure: bool = False) -> ssl.SSLError | None:
    """The TLS failure behind ``exc``, or None: the first ``ssl.SSLError`` in its ``__cause__`` /
    ``__context__`` chain (websockets reports a TLS alert as ConnectionClosedError or InvalidMessage
    raised from it); on a ``secure`` (wss://) dial also a TLS handshake that timed out and a server
    that closed before answering the upgrade (:class:`UpgradeCut`, or an EOFError under websockets'
    InvalidMessage: a front demanding a client certificate), as an ``ssl.SSLError`` saying so. An
    ``ssl.SSLEOFError`` (the peer closed without TLS's close_notify) is that same cut, said the same way:
    whether the client meets it as an EOF or as an SSLEOFError depends on timing."""
    chain = causes(exc)
    for link in chain:
        if isinstance(link, ssl.SSLEOFError):  # the front closed mid-TLS: which exception says so is a race
            return ssl.SSLError(errno.ECONNRESET, CUT_WORDS)
        if isinstance(link, ssl.SSLError):
            return link
    if not secure:
        return None
    for link in chain:
        if isinstance(link, OSError) and any(w in str(link).lower() for w in TLS_TIMEOUT_WORDS):
            return ssl.SSLError(errno.ETIMEDOUT, "the TLS handshake timed out")
        if isinstance(link, UpgradeCut | EOFError):
            return ssl.SSLError(errno.ECONNRESET, CUT_WORDS)
    return None


def connect_failure(exc: BaseException, host: str, port: int, proxy: str | None = None, *,
                    secure: bool = False) -> Failure:
    """The person's message for ``exc``, raised while connecting to ``host:port`` (``secure``: over
    wss://): a certificate this computer does not trust (``net.certificate``, with OpenSSL's reason,
    such as "self-signed certificate") or another TLS failure (``net.tls``; :func:`tls_failure`
    finds it under the library's exceptions) said as such; a definitive HTTP refusal of the upgrade
    (``net.refused`` with ``HTTP 403``; a transient 502/503 is "unreachable":
    shared/reconnect.retry_dial); anything else is :func:`unreachable`. A TLS failure once read
    "cannot reach ... check the firewall" in the window while ``doublenine bot`` said
    CERTIFICATE_VERIFY_FAILED (new user): the cause is never hidden.
    """
    where = {"host": _bracket(host), "port": port}
    tls = tls_failure(exc, secure)
    if isinstance(tls, ssl.SSLCertVerificationError):
        return Failure("net.certificate", {**where, "reason": _ssl_reason(tls.verify_message or tls.reason)})
    if tls is not None:
        return Failure("net.tls", {**where, "reason": _ssl_reason(getattr(tls, "reason", None) or tls.strerror or tls)})
    status = http_status(exc)
    if status is not None and not retry_dial(exc):  # a definitive HTTP refusal (403, 404): not "unreachable"
        return http_refusal(status, host, port)
    return unreachable(host, port, proxy)


FORBIDDEN_STATUSES = frozenset({401, 403, 407})
"""HTTP statuses saying the server (or a proxy) wants a login or lets only some computers in (RFC 9110)."""


def http_refusal(status: int, host: str, port: int) -> Failure:
    """The person's message for a definitive HTTP ``status`` answered to the websocket upgrade at ``host:port``
    (never a bare "HTTP 404", s13 linguists): a login or an allow list (:data:`FORBIDDEN_STATUSES`,
    ``net.forbidden``), the server's own error (5xx, ``net.server_error``), else something that is not a
    doublenine table answers there (a web server's 404, a redirect: ``net.not_a_table``). The status is a
    three-digit number (bounded: websockets parses it), kept in parentheses for whoever runs the server."""
    where = {"host": _bracket(host), "port": port, "status": status}
    if status in FORBIDDEN_STATUSES:
        return Failure("net.forbidden", where)
    return Failure("net.server_error" if 500 <= status <= 599 else "net.not_a_table", where)


def _ssl_reason(reason: object) -> str:
    """OpenSSL's words for a TLS failure, bounded (they come from outside: the server's handshake)."""
    text = " ".join(str(reason).replace("_", " ").split())
    return (text[:80] or "TLS").lower()


def from_server_error(code: str, *, host: str, port: int, table: str = "",
                      ours: int = 0, theirs: int | None = None, data: object = None) -> Failure:
    """The person's message for a server refusal (an ``ErrorCode`` value) met while joining.

    ``TABLE_FULL`` -> ``table.full``; ``UNKNOWN_TABLE`` -> ``table.closed`` (a
    stale invite); ``PROTOCOL_VERSION`` -> ``protocol.mismatch`` (``theirs``: the
    server's version when known). Any other code: ``net.refused`` with the sentence for the
    code and its ``data`` (:func:`refusal`). The server's ``detail`` is never an argument: it is English,
    for the log.
    """
    if code == ErrorCode.TABLE_FULL:
        return Failure("table.full", {"code": table})
    if code == ErrorCode.UNKNOWN_TABLE:
        return Failure("table.closed", {"code": table, "host": _bracket(host), "port": port})
    if code == ErrorCode.PROTOCOL_VERSION:
        return protocol_mismatch(ours, theirs if theirs is not None else -1, _bracket(host), port)
    return Failure("net.refused", {"host": _bracket(host), "port": port, "detail": refusal(code, data)})


def refusal(code: str, data: object = None) -> Failure:
    """The translated reason for a server refusal with stable ``code`` (shared/errors.py) and its ``data``
    (untrusted), the ``detail`` of ``net.refused``: ``refused.limit.LIMIT`` for a ``RATE_LIMITED`` whose
    ``data.limit`` has a sentence of its own (shared/refusals.LIMITS), else ``refused.CODE`` (the sentence of
    shared/refusals.py; ``refused.playing_per_site`` for the
    ``TOO_MANY_TABLES`` of ``data.limit`` "playing_per_site", club s14), else ``refused.other``. The server's own detail text is English and never shown."""
    limit = data.get("limit") if isinstance(data, dict) else None
    if code == ErrorCode.RATE_LIMITED and isinstance(limit, str) and limit in LIMITS:
        return Failure(f"refused.limit.{limit}")
    if playing_per_site(code, data):  # club s14 F11: the tables-per-address limit has its own sentence
        return Failure("refused.playing_per_site")
    key = f"refused.{code}"
    return Failure(key) if key in MESSAGES else Failure("refused.other")


def _bracket(host: str) -> str:
    return f"[{host}]" if ":" in host and not host.startswith("[") else host
