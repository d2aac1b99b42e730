"""``doublenine serve``: run the websocket server (issue 3, issue 7)."""
from __future__ import annotations

import argparse
import logging
import re
import sys
from typing import Any

from doublenine.shared.cleantext import said
from doublenine.shared.numbers import arg_float, arg_int


DAY = 86400
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
"""``--log-level``'s words (any case)."""
MIN_FRAME = 4096
"""Smallest ``--max-frame``: above every legal client frame (``protocol.CLIENT_LIMITS``, 2726 bytes),
so no client is ever closed 1009 for a legal message (operator s11: ``--max-frame 10`` closed all)."""
MAX_FRAME = 16 * 1024 * 1024

RANGES: dict[str, tuple[float, float]] = {
    "--port": (0, 65535),
    "--bot-delay": (0, 3600),
    "--idle-timeout": (10, 30 * DAY),
    "--solo-idle-timeout": (1, 30 * DAY),
    "--rate": (1, 1_000_000),
    "--burst": (2, 1_000_000),
    "--max-tables-per-address": (1, 1_000_000),
    "--max-playing-per-site": (0, 1_000_000),
    "--max-connections-per-address": (0, 1_000_000),
    "--max-handshakes-per-address": (0, 1_000_000),
    "--read-rate": (0, 1_000_000),
    "--read-bytes": (0, 1_000_000_000),
    "--max-read-held": (0, 1 << 40),
    "--code-miss-rate": (0.001, 1_000_000),
    "--code-miss-burst": (1, 1_000_000),
    "--page-rate": (0.01, 1_000_000),
    "--page-burst": (1, 1_000_000),
    "--max-spectators": (0, 10_000),
    "--max-spectators-per-address": (0, 10_000),
    "--max-frame": (MIN_FRAME, MAX_FRAME),
    "--connection-idle": (5, 3600),
}
"""Every numeric option's accepted range, inclusive (operator s11, finding 11: ``--idle-timeout 0``
closed a new table 11 ms after its creator left, ``--burst 0`` refused every message; now refused
in one line, exit 2). docs/operations.md's option table says the same."""


def _int(option: str) -> Any:
    lo, hi = RANGES[option]
    return arg_int(int(lo), int(hi))


def _float(option: str) -> Any:
    lo, hi = RANGES[option]
    return arg_float(lo, hi)


def log_level(text: str) -> str:
    """``--log-level``'s argparse ``type=``: one of :data:`LOG_LEVELS`, any case, returned upper case;
    anything else is argparse's one-line refusal (exit 2), not ``logging``'s traceback."""
    word = text.strip().upper()
    if word not in LOG_LEVELS:
        raise argparse.ArgumentTypeError(f"not a log level: {text[:40]!a}; use one of {', '.join(LOG_LEVELS)}")
    return word


def _zone(text: str) -> str:
    """``--time-zone``'s argparse ``type=`` (server/zones.zone_option)."""
    from .zones import zone_option

    return zone_option(text)


def store_address(text: str) -> str:
    """``--db``'s argparse ``type=``: ``text`` unchanged when it reads as a store address
    (``storage.address.parse_address``), else argparse's one-line refusal (exit 2) that never
    shows the password (operator s11, finding 5)."""
    from .storage.address import BadAddress, parse_address

    try:
        parse_address(text, "--db")
    except BadAddress as exc:
        raise argparse.ArgumentTypeError(str(exc).removeprefix("--db: ")) from None
    return text


D = " (default: %(default)s)"


def _ranged(group: Any, option: str, kind: Any, default: float, help: str) -> None:
    """Adds the numeric ``option`` to ``group`` (a parser or argument group): its value read by ``kind``
    (:func:`_int` or :func:`_float`) within ``RANGES[option]``, ``help`` followed by its default."""
    group.add_argument(option, type=kind(option), default=default, help=help + D)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``doublenine serve``; every number within :data:`RANGES`, ``--help`` shows the defaults."""
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (0.0.0.0 or :: to accept other machines; :: takes IPv4 and IPv6)" + D)
    _ranged(parser, "--port", _int, 8765, help="TCP port, 0..65535 (0: any free port)")
    parser.add_argument("--db", default=None, type=store_address,
                        help="match storage: SQLite file path, postgresql://..., or :memory: "
                             "(default: $DOUBLENINE_DB, else a SQLite file in the user data folder); "
                             "give a PostgreSQL password through $DOUBLENINE_DB, not here: a command line "
                             "is visible to every user of the machine (ps)")
    _ranged(parser, "--bot-delay", _float, 0.8,
            help="seconds a computer seat waits before acting, so people can follow, 0..3600")
    _ranged(parser, "--idle-timeout", _float, 1800.0,
            help="seconds before a table nobody is connected to is closed (its log stays "
                 "stored), 10..2592000")
    _ranged(parser, "--solo-idle-timeout", _float, 60.0,
            help="seconds before a started table with at most one player (the others computers) "
                 "nobody is connected to is closed; that player's rejoin opens it again; "
                 "1..--idle-timeout")
    parser.add_argument("--log-level", type=log_level, default="INFO", metavar="LEVEL",
                        help="DEBUG, INFO, WARNING, ERROR or CRITICAL" + D + "; $DOUBLENINE_LOG_FORMAT=json "
                             "gives one JSON object per line (text by default)")
    parser.add_argument("--time-zone", default=None, metavar="ZONE", type=_zone,
                        help="the time zone the web pages show times in and whose days /results?date= picks, an "
                             "IANA name such as Europe/Madrid (default: $DOUBLENINE_TIME_ZONE, else UTC); give "
                             "doublenine results the same")
    parser.add_argument("--announce", action="store_true",
                        help="announce the tables on the LAN (mDNS/DNS-SD) so join screens list them")
    limits = parser.add_argument_group("limits (docs/operations.md)")
    _ranged(limits, "--rate", _float, 20.0,
            help="messages per second per connection, 1..1000000")
    _ranged(limits, "--burst", _float, 40.0,
            help="messages one connection may send at once, 2..1000000")
    _ranged(limits, "--max-tables-per-address", _int, 8,
            help="open tables one client address may have created, 1..1000000; a club whose organiser "
                 "sets every table up from one machine needs more (docs/operations.md \"A club evening\")")
    _ranged(limits, "--max-playing-per-site", _int, 8,
            help="tables of computers only one site (IPv4 address, IPv6 /48) may keep playing "
                 "at once by watching them, 0..1000000 (0: no limit)")
    _ranged(limits, "--max-connections-per-address", _int, 64,
            help="open connections one client address may have, 0..1000000 (0: no limit)")
    _ranged(limits, "--max-handshakes-per-address", _int, 64,
            help="connections one client address (IPv6: one /64) may have opening (before the websocket "
                 "upgrade or an HTTP answer), 0..1000000 (0: no limit)")
    _ranged(limits, "--read-rate", _float, 100.0,
            help="frames the connections of one client address (IPv6: one /64) may have read per second "
                 "together, bursts of 2 s' worth; beyond, they are not read for a while, 0..1000000 (0: no limit)")
    _ranged(limits, "--read-bytes", _float, 262144.0,
            help="bytes of frames the connections of one client address may have read per second together, "
                 "bursts of 2 s' worth, 0..1000000000 (0: no limit)")
    _ranged(limits, "--max-read-held", _int, 32 * 1024 * 1024,
            help="bytes read from all connections and not yet handled, server-wide; at this or more, a "
                 "connection holding a frame or more waits (a player's moves are read as ever), "
                 "0..1099511627776 (0: no bound)")
    _ranged(limits, "--code-miss-rate", _float, 1.0,
            help="table codes naming no table one address (IPv6: one /64) may try per second, "
                 "0.001..1000000")
    _ranged(limits, "--code-miss-burst", _float, 20.0,
            help="table codes naming no table one address may try at once, 1..1000000")
    _ranged(limits, "--page-rate", _float, 2.0,
            help="web pages (/, /t/CODE) one address (IPv6: one /64) may ask for per second "
                 "(429 beyond), 0.01..1000000")
    _ranged(limits, "--page-burst", _float, 30.0,
            help="web pages one address may ask for at once, 1..1000000")
    _ranged(limits, "--max-spectators", _int, 32,
            help="spectators one table accepts, 0..10000 (0: none)")
    _ranged(limits, "--max-spectators-per-address", _int, 8,
            help="spectators one address (IPv6: one /64) may have at one table, 0..10000 "
                 "(0: no limit)")
    _ranged(limits, "--max-frame", _int, 64 * 1024,
            help=f"largest frame in bytes (1009 beyond), {MIN_FRAME}..{MAX_FRAME}")
    _ranged(limits, "--connection-idle", _float, 60.0,
            help="seconds a connection may stay without a table before it is closed (1008), "
                 "5..3600")
    limits.add_argument("--trust-proxy", action="store_true",
                        help="behind nginx: take the client address from X-Forwarded-For, when the "
                             "connection comes from loopback or a --proxy-from network")
    limits.add_argument("--proxy-from", action="append", default=[], type=_network, metavar="NETWORK",
                        help="with --trust-proxy: the proxy also connects from NETWORK (e.g. 10.0.0.5; "
                             "repeatable); by default only this machine (loopback) is believed")
    limits.add_argument("--public-address", action="append", default=[], type=public_address,
                        metavar="HOST[:PORT]",
                        help="a name players reach this server by (behind nginx: the site's name; "
                             "repeatable): invites and page links use the request's Host only when it is "
                             "one of these, else the first (default: $DOUBLENINE_PUBLIC_ADDRESS, "
                             "comma-separated; none: the request's Host)")
    limits.add_argument("--metrics-from", action="append", default=[], type=_network, metavar="NETWORK",
                        help="also answer /metrics to clients in NETWORK (e.g. 10.0.0.0/8; 0.0.0.0/0 for "
                             "everyone; repeatable); by default only this machine (loopback) gets it")


def check_arguments(args: argparse.Namespace) -> str | None:
    """Options that are each in range but cannot work together (``doublenine.cli``: refused like
    argparse's own errors, exit 2): a solo table kept longer than any other table."""
    if args.solo_idle_timeout > args.idle_timeout:
        return (f"--solo-idle-timeout {args.solo_idle_timeout:g} is longer than --idle-timeout "
                f"{args.idle_timeout:g}: a solo table is never kept longer than any other")
    return None


def _network(text: str) -> str:
    """``--metrics-from``'s value: an IP network or address, normalised (``10.1.2.3/8`` ->
    ``10.0.0.0/8``); anything else is an argparse error (exit 2)."""
    import ipaddress

    try:
        return str(ipaddress.ip_network(text.strip(), strict=False))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an IP network or address: {text!r}") from None


_HOST_PORT = re.compile(r"(?:[a-z0-9.-]{1,253}|\[[0-9a-f:.]{2,45}\])(?::[0-9]{1,5})?")
"""``host[:port]`` as the pages accept a Host header (``web.site._NETLOC``), in lower case."""
PUBLIC_ENV = "DOUBLENINE_PUBLIC_ADDRESS"
"""The environment variable giving ``--public-address``'s values (comma-separated) when none is given."""


def public_address(text: str) -> str:
    """``--public-address``'s value: ``host`` or ``host:port`` (a DNS name, an IPv4 address or a
    bracketed IPv6 one; port 1..65535), in lower case (``Play.Example.org`` ->
    ``play.example.org``); anything else, a URL with a scheme or path included, is an argparse
    error (exit 2)."""
    from urllib.parse import urlsplit

    from doublenine.shared.invite import InviteError, build_invite

    value = text.strip().lower()
    try:
        parts = urlsplit("//" + value)
        port = parts.port
        if not _HOST_PORT.fullmatch(value) or not parts.hostname or port == 0:
            raise ValueError(value)
        build_invite(parts.hostname, port or 443, "AAAAA")  # the invite's own check of a host
    except (ValueError, InviteError):
        raise argparse.ArgumentTypeError(
            f"not HOST or HOST:PORT (e.g. play.example.org or play.example.org:8443): {text[:100]!r}") from None
    return value


def public_addresses(given: list[str], environ: dict[str, str]) -> tuple[str, ...]:
    """The public addresses: ``--public-address``'s, else ``$DOUBLENINE_PUBLIC_ADDRESS``'s
    (comma- or space-separated, each checked as :func:`public_address`, ArgumentTypeError naming
    the variable for a bad one), else none."""
    if given:
        return tuple(dict.fromkeys(given))
    raw = environ.get(PUBLIC_ENV, "")
    try:
        return tuple(dict.fromkeys(public_address(item) for item in raw.replace(",", " ").split()))
    except argparse.ArgumentTypeError as exc:
        raise argparse.ArgumentTypeError(f"${PUBLIC_ENV}: {said(exc)}") from None


def said_store(given: str | None, db: str, environ: dict[str, str]) -> list[str]:
    """Warn (logged at WARNING, and returned) what about the chosen store an operator must know
    before tables seem gone: ``$DOUBLENINE_DB`` set but not used because ``--db`` (``given``) names
    the store, and a SQLite file an older version made of the PostgreSQL address ``db`` in the
    working folder (operator s13 finding 5; docs/operations.md "Upgrade")."""
    from pathlib import Path

    from .storage import left_behind, unused_setting
    from .storage.address import shown

    lines = []
    unused = unused_setting(given, environ)
    if unused is not None:
        lines.append(unused)
    old = left_behind(db)
    if old is not None:
        top = Path.cwd() / old.relative_to(Path.cwd()).parts[0]
        lines.append(f"an older doublenine kept its tables in a SQLite file named after the PostgreSQL address"
                     f" {shown(db)}, under {top} (ls -R '{top}'; the password is in its name): they are not in"
                     " this database. Stop every instance, then copy them: doublenine copy-store --from THAT-FILE"
                     " (docs/operations.md \"Upgrade\")")
    for line in lines:
        logging.getLogger("doublenine.server").warning("%s", line)
    return lines


OPERATOR_KEY = "DOUBLENINE_OPERATOR_KEY"
"""The environment variable holding the operator's key (``serve`` and ``doublenine tables`` read it)."""


def operator_key(environ: dict[str, str]) -> str | None:
    """The operator's key from ``environ`` (:data:`OPERATOR_KEY`): None when unset or empty; 16..128 visible
    ASCII characters (``!``..``~``), else ``argparse.ArgumentTypeError`` (the key itself never shown)."""
    key = environ.get(OPERATOR_KEY, "")
    if not key:
        return None
    if not 16 <= len(key) <= 128 or not all("!" <= c <= "~" for c in key):
        raise argparse.ArgumentTypeError(f"${OPERATOR_KEY} must be 16 to 128 visible ASCII characters (no spaces): "
                                         f"it has {len(key)} characters; e.g. openssl rand -hex 24")
    return key


def run(args: argparse.Namespace) -> int:
    """Serve until SIGTERM/SIGINT: 0 after a graceful stop; 1 when the store cannot be used or the
    address not listened on; 2 for a bad environment or store address (130 after Ctrl-C: doublenine/cli).
    Every refusal is one line on stderr (s12: the store's and the port's went to stdout)."""
    import asyncio

    from doublenine.shared.cleantext import for_terminal  # --db and its errors echoed: escaped (attacker F7)

    from .app import run as serve
    from .config import ServerConfig
    from .logfmt import configure_logging, console_line
    from .storage import BadAddress, MissingFolder, check_chosen, default_store
    from .storage.base import StoreError
    from .storage.ownerfile import StoreInUse

    try:  # the environment is outside text too: refused in one line, exit 2, like a bad option (finding 11)
        configure_logging(args.log_level)  # one line per event; DOUBLENINE_LOG_FORMAT=json
    except ValueError as exc:
        print(f"doublenine serve: {for_terminal(exc)}", file=sys.stderr)
        return 2
    import os

    try:
        public = public_addresses(args.public_address, dict(os.environ))
        key = operator_key(dict(os.environ))
        from .zones import zone_default

        try:
            time_zone = args.time_zone or zone_default(dict(os.environ))
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
    except argparse.ArgumentTypeError as exc:  # logging is set up: in its format (JSON: a JSON object)
        print(console_line(f"doublenine serve: {for_terminal(exc)}", level=logging.ERROR), file=sys.stderr)
        return 2
    try:  # a typo must not make a new empty store where every table seems gone: --db and $DOUBLENINE_DB alike
        if args.db is not None:
            check_chosen(args.db)
        db = args.db if args.db is not None else default_store()
    except (MissingFolder, BadAddress) as exc:  # BadAddress: never the password (finding 5)
        print(console_line(f"doublenine serve: {for_terminal(exc)}", level=logging.ERROR), file=sys.stderr)
        return 2
    except StoreError as exc:
        print(console_line(f"doublenine serve: {for_terminal(exc)}", level=logging.ERROR), file=sys.stderr)
        return 1
    said_store(args.db, db, dict(os.environ))
    config = ServerConfig(host=args.host, port=args.port, db=db, bot_delay=args.bot_delay,
                          idle_timeout=args.idle_timeout, solo_idle_timeout=args.solo_idle_timeout,
                          rate=args.rate, burst=args.burst, max_tables_per_address=args.max_tables_per_address,
                          max_size=args.max_frame, connection_idle=args.connection_idle,
                          trust_proxy=args.trust_proxy, proxy_from=tuple(args.proxy_from), metrics_from=tuple(args.metrics_from),
                          public_addresses=public, operator_key=key, time_zone=time_zone,
                          max_connections_per_address=args.max_connections_per_address,
                          max_handshakes_per_address=args.max_handshakes_per_address,
                          max_playing_per_site=args.max_playing_per_site,
                          max_spectators=args.max_spectators,
                          max_spectators_per_address=args.max_spectators_per_address, code_miss_rate=args.code_miss_rate,
                          code_miss_burst=args.code_miss_burst, read_rate=args.read_rate, read_bytes=args.read_bytes, page_rate=args.page_rate,
                          max_read_held=args.max_read_held,
                          page_burst=args.page_burst)
    try:
        return asyncio.run(serve(config, announce=args.announce))
    except (StoreInUse, StoreError) as exc:  # issue 12: what is wrong with the store, not the port
        print(console_line(f"doublenine serve: {for_terminal(exc)}", level=logging.ERROR), file=sys.stderr)
        return 1
    except OSError as exc:
        from doublenine.shared.failures import bind_failure  # issue 8: port in use offers another

        said = for_terminal(bind_failure(exc, args.host, args.port).text())
        print(console_line(f"doublenine serve: {said}", level=logging.ERROR), file=sys.stderr)
        return 1
