"""``doublenine serve``: run the websocket server (issue 3, issue 7)."""
from __future__ import annotations

import argparse

from doublenine.shared.numbers import arg_float, arg_int


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``doublenine serve``."""
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (0.0.0.0 or :: to accept other machines; :: takes IPv4 and IPv6)")
    parser.add_argument("--port", type=arg_int(0, 65535), default=8765, help="TCP port (0: any free port)")
    parser.add_argument("--db", default=None,
                        help="match storage: SQLite file path, postgresql://..., or :memory: "
                             "(default: $DOUBLENINE_DB, else a SQLite file in the user data folder)")
    parser.add_argument("--bot-delay", type=arg_float(0, 3600), default=0.8,
                        help="seconds a computer seat waits before acting, so people can follow")
    parser.add_argument("--idle-timeout", type=arg_float(0), default=1800.0,
                        help="seconds before a table nobody is connected to is closed (its log stays stored)")
    parser.add_argument("--solo-idle-timeout", type=arg_float(0), default=60.0,
                        help="seconds before a started table with at most one player (the others computers) "
                             "nobody is connected to is closed; that player's rejoin opens it again")
    parser.add_argument("--log-level", default="INFO")
    parser.add_argument("--announce", action="store_true",
                        help="announce the tables on the LAN (mDNS/DNS-SD) so join screens list them")
    limits = parser.add_argument_group("limits (docs/operations.md)")
    limits.add_argument("--rate", type=arg_float(0), default=20.0, help="messages per second per connection")
    limits.add_argument("--burst", type=arg_float(0), default=40.0, help="messages one connection may send at once")
    limits.add_argument("--max-tables-per-address", type=arg_int(0), default=8,
                        help="open tables one client address may have created")
    limits.add_argument("--max-playing-per-site", type=arg_int(0), default=8,
                        help="tables of computers only one site (IPv4 address, IPv6 /48) may keep playing "
                             "at once by watching them (0: no limit)")
    limits.add_argument("--max-connections-per-address", type=arg_int(0), default=64,
                        help="open connections one client address may have (0: no limit)")
    limits.add_argument("--code-miss-rate", type=arg_float(0), default=1.0,
                        help="table codes naming no table one address (IPv6: one /64) may try per second")
    limits.add_argument("--code-miss-burst", type=arg_float(1), default=20.0,
                        help="table codes naming no table one address may try at once")
    limits.add_argument("--page-rate", type=arg_float(0), default=2.0,
                        help="web pages (/, /t/CODE) one address (IPv6: one /64) may ask for per second (429 beyond)")
    limits.add_argument("--page-burst", type=arg_float(1), default=30.0,
                        help="web pages one address may ask for at once")
    limits.add_argument("--max-spectators", type=arg_int(0), default=32, help="spectators one table accepts (0: none)")
    limits.add_argument("--max-spectators-per-address", type=arg_int(0), default=8,
                        help="spectators one address (IPv6: one /64) may have at one table (0: no limit)")
    limits.add_argument("--max-frame", type=arg_int(1), default=64 * 1024, help="largest frame in bytes (1009 beyond)")
    limits.add_argument("--connection-idle", type=arg_float(0), default=60.0,
                        help="seconds a connection may stay without a table before it is closed (1008)")
    limits.add_argument("--trust-proxy", action="store_true",
                        help="behind nginx: take the client address from X-Forwarded-For, when the "
                             "connection comes from loopback or a --proxy-from network")
    limits.add_argument("--proxy-from", action="append", default=[], type=_network, metavar="NETWORK",
                        help="with --trust-proxy: the proxy also connects from NETWORK (e.g. 10.0.0.5; "
                             "repeatable); by default only this machine (loopback) is believed")
    limits.add_argument("--metrics-from", action="append", default=[], type=_network, metavar="NETWORK",
                        help="also answer /metrics to clients in NETWORK (e.g. 10.0.0.0/8; 0.0.0.0/0 for "
                             "everyone; repeatable); by default only this machine (loopback) gets it")


def _network(text: str) -> str:
    """``--metrics-from``'s value: an IP network or address, normalised (``10.1.2.3/8`` ->
    ``10.0.0.0/8``); anything else is an argparse error (exit 2)."""
    import ipaddress

    try:
        return str(ipaddress.ip_network(text.strip(), strict=False))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an IP network or address: {text!r}") from None


def run(args: argparse.Namespace) -> int:
    """Serve until SIGTERM/SIGINT."""
    import asyncio

    from doublenine.shared.cleantext import for_terminal  # --db and its errors echoed: escaped (attacker F7)

    from .app import run as serve
    from .config import ServerConfig
    from .logfmt import configure_logging
    from .storage import MissingFolder, check_chosen, default_store
    from .storage.base import StoreError
    from .storage.ownerfile import StoreInUse

    configure_logging(args.log_level.upper())  # one line per event; DOUBLENINE_LOG_FORMAT=json
    try:  # a typo must not make a new empty store where every table seems gone: --db and $DOUBLENINE_DB alike
        if args.db is not None:
            check_chosen(args.db)
        db = args.db if args.db is not None else default_store()
    except MissingFolder as exc:
        print(f"doublenine serve: {for_terminal(exc)}")
        return 2
    except StoreError as exc:
        print(f"doublenine serve: {for_terminal(exc)}")
        return 1
    config = ServerConfig(host=args.host, port=args.port, db=db, bot_delay=args.bot_delay,
                          idle_timeout=args.idle_timeout, solo_idle_timeout=args.solo_idle_timeout,
                          rate=args.rate, burst=args.burst, max_tables_per_address=args.max_tables_per_address,
                          max_size=args.max_frame, connection_idle=args.connection_idle,
                          trust_proxy=args.trust_proxy, proxy_from=tuple(args.proxy_from), metrics_from=tuple(args.metrics_from),
                          max_connections_per_address=args.max_connections_per_address,
                          max_playing_per_site=args.max_playing_per_site,
                          max_spectators=args.max_spectators,
                          max_spectators_per_address=args.max_spectators_per_address, code_miss_rate=args.code_miss_rate,
                          code_miss_burst=args.code_miss_burst, page_rate=args.page_rate,
                          page_burst=args.page_burst)
    try:
        return asyncio.run(serve(config, announce=args.announce))
    except (StoreInUse, StoreError) as exc:  # issue 12: what is wrong with the store, not the port
        print(f"doublenine serve: {for_terminal(exc)}")
        return 1
    except OSError as exc:
        from doublenine.shared.failures import bind_failure  # issue 8: port in use offers another

        print(f"doublenine serve: {for_terminal(bind_failure(exc, args.host, args.port).text())}")
        return 1
