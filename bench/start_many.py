#!/usr/bin/env python3
"""How long a start takes with many open tables stored, and when its first player is answered (s15,
carried from s13: "start-up resumes every table at once"); not a test, prints figures for
docs/performance.md "A start with many open tables".

    nice -n 10 timeout 900 .venv/bin/python bench/start_many.py [--tables 2000] [--db PATH]

Creates one solo table (seat 1 a person, three computers, its first hand dealt) through a server on a
SQLite file, then copies its record and log under ``--tables`` - 1 new codes (as many players' tables
left open by a stop), and starts a server on that file ``--rounds`` times: the seconds until ``start()``
returns (the port listens from then on), until a new player's ``create_table`` is answered (connect,
hello, create: the first player of the morning), and until the first table's own player is back at it
(``rejoin``), and how many tables are held when the new player is answered.
"""
from __future__ import annotations

import argparse
import asyncio
import logging
import os
import secrets
import tempfile
import time

from doublenine.server.app import GameServer
from doublenine.server.config import ServerConfig
from doublenine.server.netbot import TableClient
from doublenine.server.storage import open_store
from doublenine.shared.codec import decode_meta, encode_meta
from doublenine.shared.numbers import arg_int
from doublenine.shared.tablecode import CODE_ALPHABET, CODE_LENGTH

SEATS = [{"kind": "human"}] + [{"kind": "computer", "level": "easy"}] * 3


def _config() -> ServerConfig:
    return ServerConfig(host="127.0.0.1", port=0, bot_delay=0.8, max_tables_per_address=1_000_000,
                        read_rate=0.0, read_bytes=0.0)


async def _make(path: str, tables: int) -> tuple[str, str]:
    """The first table's code and token; the others are copies of its stored record and log."""
    server = await GameServer(_config(), store=open_store(path)).start()
    c = await TableClient.connect(server.url)
    await c.attach({"type": "create_table", "seats": SEATS, "sit": 1, "name": "Ana"})
    code, token = c.code, c.token
    await asyncio.sleep(0.5)
    await c.close()
    await server.stop()
    store = open_store(path)
    stored = await store.load(code)
    assert stored is not None
    record = decode_meta(stored.meta)
    codes = {code}
    while len(codes) < tables:
        other = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if other in codes:
            continue
        codes.add(other)
        await store.create_table(other, encode_meta({**record, "code": other}))
        await store.append(other, list(stored.rows))
    await store.close()
    return code, token


async def _round(path: str, code: str, token: str) -> dict[str, float]:
    t0 = time.monotonic()
    server = await GameServer(_config(), store=open_store(path)).start()
    listening = time.monotonic() - t0
    new = await TableClient.connect(server.url)
    await new.attach({"type": "create_table", "seats": SEATS, "sit": 1, "name": "Bo"})
    created = time.monotonic() - t0
    held = len(server.registry.tables)
    back = await TableClient.connect(server.url)
    await back.attach({"type": "rejoin", "code": code, "token": token})
    rejoined = time.monotonic() - t0
    worst = 0.0  # the new player's round trips (panel open/close: a table frame back) while the rest resume
    resuming = asyncio.ensure_future(server.registry.resumed())
    trips = 0
    while not resuming.done():
        sent = time.monotonic()
        await new.send({"type": "panel", "open": trips % 2 == 0})
        await new.until(lambda m: type(m).__name__ == "TableUpdate", 30)
        worst, trips = max(worst, time.monotonic() - sent), trips + 1
        await asyncio.sleep(0.1)
    await resuming
    every = time.monotonic() - t0
    total = len(server.registry.tables)
    await new.close()
    await back.close()
    await server.stop()
    return {"listening_s": round(listening, 2), "new_player_s": round(created, 2),
            "rejoin_s": round(rejoined, 2), "tables_held_then": held, "all_resumed_s": round(every, 2),
            "tables_held": total, "round_trips": trips, "worst_round_trip_s": round(worst, 3)}


async def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=arg_int(1, 100_000), default=2000)
    ap.add_argument("--rounds", type=arg_int(1, 10), default=3)
    ap.add_argument("--db", default=None, help="SQLite file to use (default: a temporary one)")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING)
    folder = tempfile.mkdtemp(prefix="dn-start-")
    path = args.db or os.path.join(folder, "many.sqlite3")
    t = time.monotonic()
    code, token = await _make(path, args.tables)
    print(f"{args.tables} open tables stored in {time.monotonic() - t:.1f} s")
    for _ in range(args.rounds):
        print(await _round(path, code, token))


if __name__ == "__main__":
    asyncio.run(main())
