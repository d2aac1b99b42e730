"""``doublenine bot``: play one seat of a table over the network with the computer player (R23)."""
from __future__ import annotations

import argparse

from doublenine.shared.numbers import arg_int


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``doublenine bot``."""
    parser.add_argument("--server", required=True, help="websocket URL, e.g. ws://192.168.1.20:8765/")
    parser.add_argument("--table", required=True, help="table code")
    parser.add_argument("--seat", type=arg_int(1, 4), choices=(1, 2, 3, 4), default=None,
                        help="seat to take (default: the lowest free one)")
    parser.add_argument("--name", default="Bot")
    parser.add_argument("--level", default="normal", choices=("easy", "normal", "strong", "heaviest"))
    parser.add_argument("--matches", type=arg_int(1), default=1, help="stop after this many matches end")


async def _play(args: argparse.Namespace) -> int:
    import random

    from doublenine.shared.state import Phase

    from .computer import load_decide
    from .netbot import TableClient, play_seat

    decide = load_decide()
    from doublenine.shared.invite import table_url

    client = await TableClient.connect(table_url(args.server, args.table))
    client.keep_frames = False
    await client.attach({"type": "join", "code": args.table, "seat": args.seat, "name": args.name})
    print(f"doublenine bot: seat {client.seat} at table {client.code}", flush=True)
    ended = 0

    def stop(c: TableClient) -> bool:
        nonlocal ended
        if c.view is not None and c.view.phase is Phase.MATCH_OVER:
            ended += 1
            return True
        return False

    rng = random.Random()
    while ended < args.matches:
        await play_seat(client, lambda v, r: decide(v, args.level, r), rng, stop, timeout=3600)
        if ended < args.matches:
            await client.send({"type": "new_match", "expected_seq": client.seq})
            await client.until(lambda m: getattr(m, "type", "") == "update")
    await client.close()
    return 0


def run(args: argparse.Namespace) -> int:
    """Play until the requested number of matches is over."""
    import asyncio

    from websockets.exceptions import ConnectionClosed

    from .netbot import ServerRefused

    from doublenine.shared.failures import FailureError
    from doublenine.shared.invite import check_server_url

    try:
        check_server_url(args.server)
    except FailureError as exc:
        print(f"doublenine bot: {exc.failure.text('en')}")
        return 2
    try:
        return asyncio.run(_play(args))
    except ServerRefused as exc:
        print(f"doublenine bot: refused: {exc}")
        return 2
    except ConnectionClosed as exc:
        why = exc.rcvd.reason if exc.rcvd is not None and exc.rcvd.reason else "no reason given"
        print(f"doublenine bot: the server closed the connection ({why})")
        return 1
    except OSError as exc:
        print(f"doublenine bot: cannot reach {args.server}: {exc}")
        return 1
    except KeyboardInterrupt:
        return 130
