"""The coach's cost (issue 14.2): time per hand review, and what a review does to the event loop.

Plays ``--hands`` finished hands among normal players (seeded), then:

1. times ``server.coach.review_hand`` for every seat of every hand (CPU time of the thread and
   wall clock; p50/p99/max per review and per measured decision);
2. measures the event loop's lateness while reviews run the way the server runs them (one
   decision per job in the coach's own worker process, ``Brain.in_coach``), and in a thread
   instead, against the same loop idle, interleaved: a ticker sleeps ``--tick`` ms and records
   how late each wake-up is. The ratio of the p99 lateness (busy / idle) is what a table feels.

    nice -n 10 .venv/bin/python bench/coach.py --hands 8 --seed 1

Figures and the command go in docs/performance.md.
"""
from __future__ import annotations

import argparse
import asyncio
import random
import time

from doublenine.server import coach
from doublenine.server.bots import decide
from doublenine.server.bots.selfplay import percentile
from doublenine.server.computer import Brain, _coach_worker
from doublenine.shared.events import MatchLog
from doublenine.shared.numbers import arg_float, arg_int
from doublenine.shared.rules import to_act
from doublenine.shared.seats import SEATS
from doublenine.shared.state import MatchState, Phase
from doublenine.shared.views import SeatView, view_for


def finished_hands(hands: int, seed: int) -> MatchState:
    """A match state with at least ``hands`` finished hands (several matches if needed: the last)."""
    log = MatchLog(seed=seed)
    rng = random.Random(seed)
    while len(log.state.finished) < hands:
        st = log.state
        if st.phase is Phase.MATCH_OVER:
            log.new_match()
            continue
        seat = min(to_act(st))
        view = view_for(st, seat)
        assert isinstance(view, SeatView)
        log.submit(decide(view, "normal", rng))
    return log.state


def time_reviews(state: MatchState) -> tuple[list[float], list[float], list[float]]:
    """(CPU seconds per review, wall seconds per review, CPU seconds per measured decision)."""
    cpu, wall, per_decision = [], [], []
    for h in state.finished:
        for seat in SEATS:
            _, _, jobs = coach.plan_review(state, h.match, h.number, seat, 1)
            c0, w0 = time.thread_time(), time.perf_counter()
            for at, view, move, rng, hint in jobs:
                d0 = time.thread_time()
                row = coach.review_decision(at, view, move, rng, None, hint)
                if row.made_value is not None:
                    per_decision.append(time.thread_time() - d0)
            cpu.append(time.thread_time() - c0)
            wall.append(time.perf_counter() - w0)
    return cpu, wall, per_decision


async def lateness(state: MatchState, mode: str, seconds: float, tick: float) -> list[float]:
    """Wake-up lateness (s) of a ticker over ``seconds``: ``mode`` "idle", or reviews running in the
    coach's worker as the server runs it ("process") or in a thread ("thread")."""
    brain = Brain(None)
    busy = mode != "idle"
    if mode == "thread":
        brain.coach_executor = _coach_worker(thread=True)
    elif busy:  # the process is started before the measurement, as a running server's would be
        await brain.in_coach(time.sleep, 0)
    stop = asyncio.Event()

    async def reviews() -> None:
        while not stop.is_set():
            for h in state.finished:
                for seat in SEATS:
                    _, _, jobs = coach.plan_review(state, h.match, h.number, seat, 1)
                    for at, view, move, rng, hint in jobs:
                        if stop.is_set():
                            return
                        await brain.in_coach(coach.review_decision, at, view, move, rng, None, hint)

    task = asyncio.create_task(reviews()) if busy else None
    late: list[float] = []
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    while loop.time() < end:
        t0 = time.perf_counter()
        await asyncio.sleep(tick)
        late.append(time.perf_counter() - t0 - tick)
    stop.set()
    if task is not None:
        await task
    brain.close()
    return late


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--hands", type=arg_int(1), default=8)
    ap.add_argument("--seed", type=arg_int(0), default=1)
    ap.add_argument("--rounds", type=arg_int(1), default=3, help="idle/busy loop rounds, interleaved")
    ap.add_argument("--seconds", type=arg_float(0.1), default=2.0, help="seconds per loop round")
    ap.add_argument("--tick", type=arg_float(0.1), default=5.0, help="ticker period in ms")
    a = ap.parse_args()
    state = finished_hands(a.hands, a.seed)
    cpu, wall, dec = time_reviews(state)
    ms = 1000.0
    print(f"reviews: {len(cpu)} (hands {len(state.finished)} x 4 seats), measured decisions {len(dec)}, "
          f"playouts {coach.COACH.playouts}")
    print(f"review CPU ms p50 {percentile(cpu, 0.5) * ms:.0f} p99 {percentile(cpu, 0.99) * ms:.0f} "
          f"max {max(cpu) * ms:.0f}; wall ms p50 {percentile(wall, 0.5) * ms:.0f} max {max(wall) * ms:.0f}")
    print(f"decision CPU ms p50 {percentile(dec, 0.5) * ms:.0f} p99 {percentile(dec, 0.99) * ms:.0f}")
    late: dict[str, list[float]] = {"idle": [], "process": [], "thread": []}
    for _ in range(a.rounds):
        for mode in late:
            late[mode] += asyncio.run(lateness(state, mode, a.seconds, a.tick / ms))
    p99 = {mode: percentile(v, 0.99) * ms for mode, v in late.items()}
    print(f"event loop lateness ms (tick {a.tick:g} ms, {a.rounds} x {a.seconds:g} s each, interleaved):")
    for mode, v in late.items():
        print(f"  {mode:8s} p50 {percentile(v, 0.5) * ms:6.2f} p99 {p99[mode]:6.2f}  p99 / idle "
              f"{p99[mode] / max(p99['idle'], 1e-6):.1f}")


if __name__ == "__main__":  # the spawned coach worker imports this file: run only here
    main()
