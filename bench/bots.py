"""Speed of the computer players: decision time p50/p99 per level (issue 4).

Plays ``--matches`` seeded matches with the normal level to collect play
positions, then times every level's decision on the very same positions (each
seat's own view only). Prints p50/p99/max in milliseconds over all play
decisions and over the "choices" (more than one legal move): wall clock, and
the CPU time of the deciding thread (``time.thread_time``), which other work
on a shared machine does not inflate as much.

    .venv/bin/python bench/bots.py --matches 20 --seed 1
    .venv/bin/python bench/bots.py --matches 20 --seed 1 --expert-setting endgame=16

With ``--expert-setting KEY=VALUE`` (as ``doublenine selfplay``'s) a row "expert*" times the expert
with those settings on the same positions, after the plain "expert" row (a ratio in the same run).

Strength is measured with ``doublenine selfplay`` (see docs/performance.md).
"""
from __future__ import annotations

import argparse
import os
import random
import time

from doublenine.server.bots import LEVELS, decide
from doublenine.server.bots.selfplay import decision_rng, expert_settings, parse_expert_setting, percentile
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
    parser.add_argument("--expert-setting", action="append", default=[], type=parse_expert_setting,
                        metavar="KEY=VALUE", help="also time the expert with these settings (row expert*)")
    args = parser.parse_args()
    changes = dict(args.expert_setting)
    views = positions(args.matches, args.seed)
    choices = sum(1 for v, _ in views if len(v.legal_moves()) > 1)
    print(f"bench/bots.py --matches {args.matches} --seed {args.seed}"
          + "".join(f" --expert-setting {k}={v}" for k, v in changes.items()) + ": "
          f"{len(views)} play positions, {choices} with a choice")
    print(f"{'level':>9} | wall ms: {'all p50':>7} {'all p99':>7} {'choice p50':>10} {'choice p99':>10} {'max':>7}"
          f" | cpu ms: {'choice p50':>10} {'choice p99':>10}")
    rows = [(level, level, None) for level in LEVELS] + ([("expert*", "expert", changes)] if changes else [])
    every: dict[str, list[float]] = {name: [] for name, _, _ in rows}
    chosen: dict[str, list[float]] = {name: [] for name, _, _ in rows}
    cpu: dict[str, list[float]] = {name: [] for name, _, _ in rows}
    for view, r in views:  # interleaved: every row times the same position in turn (a noisy machine)
        for name, level, changed in rows:
            with expert_settings(changed):
                started, cpu_started = time.perf_counter(), time.thread_time()
                decide(view, level, random.Random(r))
                ms = (time.perf_counter() - started) * 1000.0
                cpu_ms = (time.thread_time() - cpu_started) * 1000.0
            every[name].append(ms)
            if len(view.legal_moves()) > 1:
                chosen[name].append(ms)
                cpu[name].append(cpu_ms)
    for name, _, _ in rows:
        print(f"{name:>9} |          {percentile(every[name], 0.5):7.3f} {percentile(every[name], 0.99):7.3f} "
              f"{percentile(chosen[name], 0.5):10.3f} {percentile(chosen[name], 0.99):10.3f} {max(every[name]):7.2f}"
              f" |         {percentile(cpu[name], 0.5):10.3f} {percentile(cpu[name], 0.99):10.3f}")
    if changes:
        ratio = sum(cpu["expert*"]) / max(sum(cpu["expert"]), 1e-9)
        print(f"expert* / expert, total CPU of the choices: {ratio:.3f}")
    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")

if __name__ == "__main__":
    main()
