"""A hostile server's chat flood against the window (attacker F3): what one window step costs.

Run: ``nice -n 10 .venv/bin/python bench/chat_flood.py`` (about 30 s; ``--rounds N``).
Prints figures, asserts nothing (docs/performance.md keeps them).

The attacker's flood is 300 ``chat`` frames of 120 lines of 4,000 characters, all drained by one
``NetSession.pump`` (one window step). Timed, interleaved over the rounds, median:

1. floor: one pump of one such frame (the least a step with chat in it costs);
2. flood: one pump of the 300 frames (the batch is trimmed to the lines it leaves, then cleaned);
3. per frame, unbatched: each frame reduced on its own (trimmed to 50 lines, then cleaned), as a
   step would cost if frames came one per step -- 30 frames, cost given per frame.
"""
from __future__ import annotations

import argparse
import statistics
import time

from doublenine.client.net import NetClient, NetSession
from doublenine.client.store import ClientState, reduce
from doublenine.shared import protocol as p
from doublenine.shared.numbers import arg_int


def flood(frames: int, first: int = 1) -> list[p.ChatLines]:
    """``frames`` frames of 120 lines of 4,000 characters, ids from ``first`` on."""
    return [p.ChatLines(lines=tuple(p.ChatLineW(id=first + 120 * f + k, at=0.0, seat=1, name="N" * 30, text="W" * 4000)
                                    for k in range(120))) for f in range(frames)]


def pump_seconds(frames: list[p.ChatLines]) -> float:
    """Seconds of one pump draining ``frames``."""
    session = NetSession(NetClient("ws://127.0.0.1:9/", p.Spectate(code="KQ7PM")), ClientState())
    for frame in frames:
        session.client.inbox.put(frame)
    start = time.perf_counter()
    session.pump()
    return time.perf_counter() - start


def unbatched_seconds(frames: list[p.ChatLines]) -> float:
    """Seconds per frame, each reduced on its own."""
    state, start = ClientState(), time.perf_counter()
    for frame in frames:
        state = reduce(state, frame)
    return (time.perf_counter() - start) / len(frames)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=arg_int(1, 50), default=5)
    args = parser.parse_args()
    one, attack, some = flood(1), flood(300), flood(30)
    floor, whole, each = [], [], []
    for _ in range(args.rounds):
        floor.append(pump_seconds(one))
        whole.append(pump_seconds(attack))
        each.append(unbatched_seconds(some))
    f, w, e = (statistics.median(x) for x in (floor, whole, each))
    print(f"rounds {args.rounds}, medians")
    print(f"floor: one pump of 1 frame          {f * 1000:8.1f} ms")
    print(f"flood: one pump of 300 frames       {w * 1000:8.1f} ms   x{w / f:.2f} floor")
    print(f"unbatched: per frame (30 frames)    {e * 1000:8.1f} ms   x{e / f:.2f} floor")


if __name__ == "__main__":
    main()
