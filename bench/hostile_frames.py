"""Hostile frames against the frame limits (issue 16.1): what they cost, and what they cost others.

Run: ``nice -n 10 .venv/bin/python bench/hostile_frames.py`` (about 30 s; ``--rounds N``).
Prints figures, asserts nothing (docs/performance.md keeps them).

1. Decode cost per frame, in this process: each of the worst frames we can build against
   ``CLIENT_LIMITS`` (client frames, read by the server) and ``SERVER_LIMITS`` (server
   frames, read by clients and bots), through ``decode_client``/``decode_server``; median
   of many calls, and its ratio to a control frame of the same size made of ``c1`` bytes
   (refused at its first byte). The unbounded decode of the issue's reproduction frame
   (``msgpack.unpackb`` without limits, as the server did twice per frame) is printed
   beside it for reference.
2. Another connection's cost: a real server (``doublenine serve``, its own process, rate
   limit lifted so every frame is decoded), one connection sends 8 frames of a kind right
   before another connection's ``resync``; the median of that round trip over the rounds,
   interleaved with the control frame, as a ratio to the control.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import platform
import re
import statistics
import struct
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

import msgpack

from doublenine.shared.badframes import resync_refused
from doublenine.shared import protocol as p
from doublenine.shared.numbers import arg_int

REPRODUCTION = bytes.fromhex("dcfde8") * 21835
CLIENT = p.CLIENT_LIMITS
SERVER = p.SERVER_LIMITS


def wide_pack(value: Any) -> bytes:
    """msgpack with 32-bit headers and 64-bit ints (legal, and the largest encoding)."""
    if isinstance(value, bool) or value is None:
        return msgpack.packb(value)
    if isinstance(value, int):
        return b"\xcf" + struct.pack(">Q", value)
    if isinstance(value, str):
        raw = value.encode()
        return b"\xdb" + struct.pack(">I", len(raw)) + raw
    if isinstance(value, list):
        return b"\xdd" + struct.pack(">I", len(value)) + b"".join(wide_pack(v) for v in value)
    return b"\xdf" + struct.pack(">I", len(value)) + b"".join(wide_pack(k) + wide_pack(v) for k, v in value.items())


def widest_tree(budget: int, fanout: int) -> bytes:
    """As many arrays as ``budget`` bytes hold, each of ``fanout`` arrays, breadth first: the
    most containers the depth check must look at."""
    nodes, out, level = 1, bytearray(), 0
    while True:
        width = fanout ** level
        if len(out) + width * 2 > budget:
            break
        level += 1
        nodes = width
    del nodes
    head = bytes([0x90 | fanout])
    body = b"".join(head * (fanout ** lv) for lv in range(level - 1)) + b"\x90" * (fanout ** (level - 1))
    return msgpack.packb(0) if not body else body[:budget]


LARGEST_LEGAL = wide_pack({"type": "create_table", "seats": [{"kind": "computer", "level": "heaviest",
                                                               "name": "\U0001d11e" * 32}] * 4,
                           "seed": 2**63 - 1, "language": "zho-Hant-TW-abcd", "sit": 4, "name": "\U0001d11e" * 32})


def client_frames() -> dict[str, bytes]:
    """The worst client frames we can build against CLIENT_LIMITS, and the control."""
    size = CLIENT.max_bytes
    return {
        "control: c1 bytes, 65,505 B": b"\xc1" * len(REPRODUCTION),
        "issue 16.1 reproduction, 65,505 B": REPRODUCTION,
        f"reproduction cut to the limit, {size - size % 3:,} B": bytes.fromhex("dcfde8") * (size // 3),
        "array16 headers at max_array, nested to msgpack's stack": (b"\xdc" + struct.pack(">H", CLIENT.max_array))
        * (size // 3),
        "fixarrays nested 1,024 deep (msgpack's stack)": b"\x91" * 1024 + b"\xc0",
        "fixarrays nested to max_depth + 1": b"\x91" * (CLIENT.max_depth + 1) + b"\xc0",
        f"widest tree of arrays within the size ({size:,} B)": widest_tree(size, min(CLIENT.max_array, 15)),
        "maps of max_map entries nested": (bytes([0x80 | min(CLIENT.max_map, 15)]) + b"\xa0") * (size // 2),
        "longest strings (4-byte characters)": wide_pack(["\U0001d11e" * (CLIENT.max_str // 4)] * 2)[:size],
        "invalid UTF-8 at max_str": b"\xda" + struct.pack(">H", CLIENT.max_str) + b"\xff" * CLIENT.max_str,
        "largest legal frame, widest encoding (accepted)": LARGEST_LEGAL,
    }


def server_frames() -> dict[str, bytes]:
    """The worst server frames against SERVER_LIMITS (what a client or bot reads)."""
    return {
        "control: c1 bytes, 1 MiB": b"\xc1" * SERVER.max_bytes,
        "array16 headers of max_array, nested to msgpack's stack": (b"\xdc" + struct.pack(">H", SERVER.max_array))
        * 1100,
        "issue 16.1 reproduction": REPRODUCTION,
        "1 MiB map of max_array arrays of small ints (parsed whole)":
        msgpack.packb({"type": "x", "a": [[1] * SERVER.max_array] * 1000}),
    }


def decode_cost(decode: Callable[[bytes], Any], frame: bytes, budget: float = 0.4) -> float:
    """Median seconds of one ``decode(frame)`` (refusals included) over ``budget`` seconds."""
    times: list[float] = []
    end = time.perf_counter() + budget
    while time.perf_counter() < end or len(times) < 5:
        start = time.perf_counter()
        try:
            decode(frame)
        except p.FrameError:
            pass
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def unbounded_twice(frame: bytes) -> None:
    """The server's decode before issue 16.1: no limits, twice (read, then its intent id)."""
    for _ in range(2):
        try:
            msgpack.unpackb(frame, raw=False, strict_map_key=True)
        except Exception:
            pass


def print_decode_costs() -> None:
    for title, frames, decode in (("client frames, server side (decode_client)", client_frames(), p.decode_client),
                                  ("server frames, client side (decode_server)", server_frames(), p.decode_server)):
        print(f"\n{title}")
        control = None
        for name, frame in frames.items():
            cost = decode_cost(decode, frame)
            control = control or cost
            try:
                decode(frame)
                verdict = "accepted"
            except p.FrameError as exc:
                verdict = str(exc.code)
            print(f"  {name:58s} {len(frame):>9,} B  {cost * 1e6:9.1f} us  x{cost / control:6.2f}  {verdict}")
    cost = decode_cost(unbounded_twice, REPRODUCTION, budget=2.0)
    print(f"\nreference, before the fix: reproduction through msgpack.unpackb without limits, twice: "
          f"{cost * 1e3:.0f} ms per frame")


# ---------------------------------------------------------------- resync on a long table

def long_table(matches: int) -> Any:
    """A server Table whose log holds ``matches`` whole matches played at random (in memory)."""
    import random

    from doublenine.server.config import ServerConfig
    from doublenine.server.seating import SeatSlot, TableMeta
    from doublenine.server.table import Table
    from doublenine.shared.events import MatchLog
    from doublenine.shared.rules import legal_decisions, to_act
    from doublenine.shared.seats import SEATS
    from doublenine.shared.state import Phase

    rng, log = random.Random(1), MatchLog(seed=3)
    for _ in range(matches):
        while log.state.phase is not Phase.MATCH_OVER:
            seat = min(to_act(log.state))
            options = legal_decisions(log.state, seat)
            log.submit(options[int(rng.random() * len(options))])
        log.new_match()
    meta = TableMeta("BENCH", 3, False, None, None, {s: SeatSlot(s) for s in SEATS})
    return Table(meta, None, ServerConfig(), None, list(log.events))  # type: ignore[arg-type]


def print_resync_costs(matches: int = 100) -> None:
    """What one ``resync`` (or ``spectate``) makes the server do on a table with a long past."""
    from doublenine.shared.convert import view_to_wire
    from doublenine.shared.views import view_for

    table = long_table(matches)

    def before(_: bytes) -> None:  # the code before: the whole past converted, then cut to 20
        view = view_to_wire(view_for(table.log.state, None))
        view["past"] = tuple(view["past"])[-20:]
        p.pack({"type": "snapshot", "seq": table.seq, "view": view, "table": table.table_wire()})

    def first(_: bytes) -> None:
        table._snapshot_views.clear()
        table.snapshot_frame(None)

    size = len(table.snapshot_frame(None))
    print(f"\nresync on a table with {matches} earlier matches ({size:,} B snapshot), per snapshot frame")
    for name, fn in (("before: whole past converted each time", before), ("first for a state: last 20 converted", first),
                     ("again at the same state (cached view)", lambda _: table.snapshot_frame(None))):
        print(f"  {name:58s} {decode_cost(fn, b'', budget=1.0) * 1e3:9.2f} ms")


# ---------------------------------------------------------------- another connection

async def observer_ratios(url: str, rounds: int) -> None:
    from doublenine.server.netbot import TableClient

    observer = await TableClient.connect(url)
    await observer.attach({"type": "create_table", "sit": 1, "name": "Obs",
                           "seats": [{"kind": "human"}] + [{"kind": "computer"}] * 3})
    attacker = await TableClient.connect(url)
    observer.keep_frames = attacker.keep_frames = False
    kinds = client_frames()
    control_name = next(iter(kinds))
    times: dict[str, list[float]] = {name: [] for name in kinds}

    async def one(frame: bytes) -> float:
        for _ in range(8):
            await attacker.send_raw(frame)
        start = time.perf_counter()
        await observer.send({"type": "resync"})
        await observer.until(lambda m: isinstance(m, p.Snapshot) or resync_refused(m))  # a round trip either way
        elapsed = time.perf_counter() - start
        for _ in range(8):
            await attacker.until(lambda m: isinstance(m, (p.Error, p.Joined, p.Snapshot)), timeout=120)
        return elapsed

    for _ in range(rounds):
        for name, frame in kinds.items():
            if name.startswith("largest legal"):
                continue  # it would create tables; its cost is the decode figure above
            times[control_name].append(await one(kinds[control_name]))
            times[name].append(await one(frame))
    control = statistics.median(times[control_name])
    print(f"\nanother connection's resync round trip, 8 frames of a kind sent just before it "
          f"(median of {rounds} rounds, interleaved with the control)")
    for name, got in times.items():
        if got:
            med = statistics.median(got)
            print(f"  {name:58s} {med * 1e3:8.2f} ms  x{med / control:6.2f}")
    await observer.close()
    await attacker.close()


def run_server() -> tuple[subprocess.Popen[str], str]:
    cmd = [sys.executable, "-m", "doublenine", "serve", "--host", "127.0.0.1", "--port", "0", "--db", ":memory:",
           "--rate", "1000000", "--burst", "1000000", "--read-rate", "0", "--read-bytes", "0",
           "--log-level", "error"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    found = re.search(r"ws://\S+", line)
    if not found:
        proc.kill()
        raise SystemExit(f"server did not start: {line!r}")
    return proc, found.group(0)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=arg_int(1), default=7)
    args = parser.parse_args()
    print(f"hostile frames: {platform.python_version()}, msgpack {'.'.join(map(str, msgpack.version))}, "
          f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}")
    print(f"client frame limits: {CLIENT}\nserver frame limits: {SERVER}")
    print_decode_costs()
    print_resync_costs()
    proc, url = run_server()
    try:
        asyncio.run(observer_ratios(url, args.rounds))
    finally:
        proc.terminate()
        proc.wait(10)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
