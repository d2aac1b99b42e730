"""``doublenine tables``: the server's operator closes or unlists a table (organiser s16 F11).

A mistaken table, or one everybody left while a friend's spectator window stayed on it, stood on ``/`` and the
room's projector for up to 30 minutes: nothing closed or unlisted a table by hand. This sends the server a
``close_table`` (docs/protocol.md) with the operator's key, ``$DOUBLENINE_OPERATOR_KEY`` (the same value the
``serve`` processes were started with), on the table's own path ``/t/CODE``: behind the shipped nginx that path
reaches the process serving the table (several processes on one PostgreSQL store: "Routing by table code"), and
a process reached for a table another one serves has it handed over first, as for a player.

``--close CODE``: every connection at the table is told (the windows say who closed it, in their players'
languages) and closed; no seat token opens it again; its finished matches stay (``doublenine results``).
``--unlist CODE``: the table goes on, no longer on ``/`` nor the projector. Operator text, in English like
``serve``'s; the key is never shown. Exit 0 done, 1 refused or the server not reached, 2 a bad command line or no key.
"""
from __future__ import annotations

import argparse
import os
import sys
from typing import Any

WAIT = 15.0
"""Seconds the command waits for each answer of the server (a table moving between processes takes up to 3 s)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``doublenine tables``."""
    parser.add_argument("--server", default="127.0.0.1:8765", metavar="URL",
                        help="the server: HOST:PORT or ws[s]://HOST[:PORT]/ (default: %(default)s); behind nginx "
                             "its public address, so the request reaches the process serving the table")
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument("--close", metavar="CODE", help="close the table for everyone at it (they are told)")
    what.add_argument("--unlist", metavar="CODE", help="take the table off the server's page / and the projector")


def run(args: argparse.Namespace) -> int:
    """Ask the server (see the module); one line said either way."""
    from doublenine.shared.cleantext import for_terminal, said
    from doublenine.shared.invite import InviteError, server_url, table_url
    from doublenine.shared.tablecode import clean_code

    from .cli import OPERATOR_KEY, operator_key

    try:
        key = operator_key(dict(os.environ))
    except argparse.ArgumentTypeError as exc:
        print(f"doublenine tables: {said(exc)}", file=sys.stderr)
        return 2
    if key is None:
        print(f"doublenine tables: set ${OPERATOR_KEY} to the key the server was started with "
              "(docs/operations.md \"Closing a table by hand\")", file=sys.stderr)
        return 2
    raw = args.close if args.close is not None else args.unlist
    code = clean_code(raw)
    if not 1 <= len(code) <= 16:
        print(f"doublenine tables: not a table code: {for_terminal(raw[:40])!r}", file=sys.stderr)
        return 2
    try:
        url = table_url(server_url(args.server), code)
    except InviteError:
        print(f"doublenine tables: not a server address: {for_terminal(args.server[:80])!r}", file=sys.stderr)
        return 2
    try:
        answer = ask(url, code, key, unlist=args.unlist is not None)
    except (OSError, TimeoutError) as exc:
        print(f"doublenine tables: {for_terminal(url)}: {for_terminal(str(exc)[:200]) or type(exc).__name__}",
              file=sys.stderr)
        return 1
    print(for_terminal(answer[1]), file=sys.stdout if answer[0] == 0 else sys.stderr)
    return answer[0]


def ask(url: str, code: str, key: str, unlist: bool) -> tuple[int, str]:
    """Send ``close_table`` for ``code`` to the server at ``url`` (its ``/t/CODE``): (exit code, the line to say).
    ``OSError``/``TimeoutError`` when the server cannot be reached or does not answer within :data:`WAIT`."""
    from websockets.exceptions import ConnectionClosed, InvalidHandshake
    from websockets.sync.client import connect

    from doublenine.shared import protocol as p
    from doublenine.shared.dialing import checked_proxy

    try:  # the proxy chosen as every dialler of ours chooses it (shared/dialing.py: never the system's for the LAN)
        with connect(url, open_timeout=WAIT, max_size=p.SERVER_LIMITS.max_bytes, proxy=checked_proxy(url)) as ws:
            ws.send(p.encode(p.Hello(protocol_version=p.PROTOCOL_VERSION, client="doublenine-tables")))
            ws.send(p.encode(p.CloseTable(code=code, unlist=unlist, key=key)))
            while True:
                msg = _next(ws)
                if isinstance(msg, p.Error):
                    return 1, f"doublenine tables: refused by the server: {msg.code} ({msg.detail[:200]})"
                if isinstance(msg, p.LeftTable) and not unlist:
                    return 0, f"table {msg.code} closed; the people at it were told"
                if isinstance(msg, p.TableUpdate) and unlist:
                    return 0, f"table {code} unlisted: no longer on / nor the projector; it goes on"
    except ConnectionClosed as exc:
        raise OSError(f"the server closed the connection ({exc})") from None
    except InvalidHandshake as exc:
        raise OSError(f"not a doublenine server's websocket ({exc})") from None


def _next(ws: Any) -> Any:
    """The next server message this command knows (others skipped), within :data:`WAIT` seconds."""
    from doublenine.shared import protocol as p

    while True:
        try:
            return p.decode_server(ws.recv(timeout=WAIT))
        except p.FrameError:
            continue
