"""The expert's value of a hand, "bonus" against "equity": decision CPU time and how often the choice differs.

On the play positions with a choice of ``--matches`` seeded normal-level matches
(:func:`bots.positions`, each seat's own view), times ``expert_play`` with
``ExpertSettings(value="bonus")`` and ``value="equity"`` (:mod:`doublenine.server.bots.equity`)
interleaved, alternating which goes first, with the same generator seed, and
prints thread-CPU p50/p99, the ratio of the totals, the one-off cost of solving
the match equity, and the share of positions where the two choose a different
play, by the higher of the two scores (the equity value should differ more
where the match is at stake).

    .venv/bin/python bench/expertvalue.py --matches 8 --seed 1
"""
from __future__ import annotations

import argparse
import os
import random
import time

from bots import positions

from doublenine.server.bots.equity import table
from doublenine.server.bots.expert import ExpertSettings, expert_play
from doublenine.server.bots.selfplay import percentile
from doublenine.shared.numbers import arg_int

SETTINGS = {"bonus": ExpertSettings(value="bonus"), "equity": ExpertSettings(value="equity")}
BANDS = ((0, "below 50"), (50, "50-79"), (80, "80 or more"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=arg_int(), default=8)
    parser.add_argument("--seed", type=arg_int(), default=1)
    args = parser.parse_args()
    started = time.thread_time()
    table()
    solve_ms = (time.thread_time() - started) * 1000.0
    views = [(v, r) for v, r in positions(args.matches, args.seed) if len(v.legal_moves()) > 1]
    cpu: dict[str, list[float]] = {k: [] for k in SETTINGS}
    differ = {label: [0, 0] for _, label in BANDS}
    for n, (view, r) in enumerate(views):
        chosen = {}
        for name in (("bonus", "equity") if n % 2 == 0 else ("equity", "bonus")):
            started = time.thread_time()
            chosen[name] = expert_play(view, random.Random(r), SETTINGS[name])
            cpu[name].append((time.thread_time() - started) * 1000.0)
        band = [label for low, label in BANDS if max(view.scores) >= low][-1]
        differ[band][0] += 1
        differ[band][1] += chosen["bonus"] != chosen["equity"]
    print(f"bench/expertvalue.py --matches {args.matches} --seed {args.seed}: {len(views)} positions with a choice;"
          f" solving the match equity once: {solve_ms:.1f} ms CPU")
    for name, ms in cpu.items():
        print(f"{name:>7}: thread CPU ms p50 {percentile(ms, 0.5):.2f} p99 {percentile(ms, 0.99):.2f}")
    print(f"total CPU equity / bonus: {sum(cpu['equity']) / sum(cpu['bonus']):.3f}")
    total = sum(d for _, d in differ.values())
    print(f"different play: {total}/{len(views)} = {total / max(len(views), 1):.1%}")
    for label, (n, d) in differ.items():
        print(f"  higher score {label}: {d}/{n} = {d / max(n, 1):.1%}")
    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
