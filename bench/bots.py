"""Speed of the computer players: decision time p50/p99 per level (issue 4).

Plays ``--matches`` seeded matches with the normal level to collect play
positions, then times every level's decision on the very same positions (each
seat's own view only). Prints p50/p99/max in milliseconds over all play
decisions and over the "choices" (more than one legal move): wall clock, and
the CPU time of the deciding thread (``time.thread_time``), which other work
on a shared machine does not inflate as much.

    .venv/bin/python bench/bots.py --matches 20 --seed 1

Strength is measured with ``doublenine selfplay`` (see docs/performance.md).
"""
from __future__ import annotations

import argparse
import os
import random
import time

from doublenine.server.bots import LEVELS, decide
from doublenine.server.bots.selfplay import decision_rng, percentile
from doublenine.shared.events import MatchLog
from doublenine.shared.numbers import arg_int
from doublenine.shared.rules import to_act
from doublenine.shared.state import Phase
from doublenine.shared.views import SeatView, view_for


def positions(matches: int, seed: int) -> list[tuple[SeatView, int]]:
    """Play positions (the seat's view, the decision's rng seed) from normal-level matches."""
    out: list[tuple[SeatView, int]] = []
    for m in range(matches):
        log = MatchLog(seed=seed * 1000 + m)
        while log.state.phase is not Phase.MATCH_OVER:
            state = log.state
            seat = min(to_act(state))
            view = view_for(state, seat)
            assert isinstance(view, SeatView)
            if state.phase is Phase.PLAY:
                out.append((view, seed * 1000 + m + 7919 * len(log.events)))
            log.submit(decide(view, "normal", decision_rng(seed * 1000 + m, len(log.events))))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=arg_int(), default=20)
    parser.add_argument("--seed", type=arg_int(), default=1)
    args = parser.parse_args()
    views = positions(args.matches, args.seed)
    choices = sum(1 for v, _ in views if len(v.legal_moves()) > 1)
    print(f"bench/bots.py --matches {args.matches} --seed {args.seed}: "
          f"{len(views)} play positions, {choices} with a choice")
    print(f"{'level':>9} | wall ms: {'all p50':>7} {'all p99':>7} {'choice p50':>10} {'choice p99':>10} {'max':>7}"
          f" | cpu ms: {'choice p50':>10} {'choice p99':>10}")
    for level in LEVELS:
        every: list[float] = []
        chosen: list[float] = []
        cpu: list[float] = []
        for view, r in views:
            started, cpu_started = time.perf_counter(), time.thread_time()
            decide(view, level, random.Random(r))
            ms = (time.perf_counter() - started) * 1000.0
            cpu_ms = (time.thread_time() - cpu_started) * 1000.0
            every.append(ms)
            if len(view.legal_moves()) > 1:
                chosen.append(ms)
                cpu.append(cpu_ms)
        print(f"{level:>9} |          {percentile(every, 0.5):7.3f} {percentile(every, 0.99):7.3f} "
              f"{percentile(chosen, 0.5):10.3f} {percentile(chosen, 0.99):10.3f} {max(every):7.2f}"
              f" |         {percentile(cpu, 0.5):10.3f} {percentile(cpu, 0.99):10.3f}")
    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")

if __name__ == "__main__":
    main()
