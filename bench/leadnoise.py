"""How much the expert's lead (R14) follows its generator (s13 expert F2; docs/computer-players.md,
"The lead's budget").

Deals ``--hands`` random first hands (seat 1 leads a fresh match; the deals from ``--seed``), has the
expert lead each with 10 generators, and prints per hand the leads chosen, then the mean number of
distinct leads, the loss of the chosen leads against a fixed reference (6,000 rollouts, no bonuses, in
points of the hand) with its standard error, and the thread CPU time of the lead decisions.

    nice -n 10 .venv/bin/python bench/leadnoise.py --hands 10 --expert-setting lead_keep=0
"""
from __future__ import annotations

import argparse
import collections
import dataclasses
import random
import statistics
import time

from doublenine.server.bots import decide, expert
from doublenine.server.bots.selfplay import parse_expert_setting
from doublenine.shared import handscript
from doublenine.shared.numbers import arg_int
from doublenine.shared.seats import Seat
from doublenine.shared.views import view_for

REFERENCE = expert.ExpertSettings(playouts=6000, min_worlds=400, max_worlds=3000, win_bonus=0.0, match_bonus=0.0)
"""The yardstick of a lead's loss (the coach's budget before it judged in match points)."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=arg_int(1, 1000), default=10)
    parser.add_argument("--seed", type=arg_int(0), default=77)
    parser.add_argument("--expert-setting", action="append", default=[], type=parse_expert_setting)
    args = parser.parse_args()
    expert.DEFAULT = dataclasses.replace(expert.DEFAULT, **dict(args.expert_setting))
    rng = random.Random(args.seed)
    losses: list[float] = []
    distinct: list[int] = []
    cpu: list[float] = []
    for _ in range(args.hands):
        tiles = [[a, b] for a in range(10) for b in range(a, 10)]
        rng.shuffle(tiles)
        doc = {"hands": {str(s): tiles[10 * (s - 1):10 * s] for s in (1, 2, 3, 4)}, "opener": 1, "moves": []}
        view = view_for(handscript.start_state(handscript.parse(doc)), Seat.ONE)
        picks: collections.Counter[str] = collections.Counter()
        for i in range(10):
            t0 = time.thread_time()
            d = decide(view, "expert", random.Random(i))  # type: ignore[arg-type]
            cpu.append(time.thread_time() - t0)
            picks[str(d.tile)] += 1  # type: ignore[union-attr]
        value: dict[str, float] = {}
        for m, e in expert.evaluate(view, random.Random(3), REFERENCE).items():  # type: ignore[arg-type]
            value[str(m.tile)] = max(value.get(str(m.tile), -1e9), e.mean)  # type: ignore[union-attr]
        best = max(value.values())
        losses += [best - value[t] for t, n in picks.items() for _ in range(n)]
        distinct.append(len(picks))
        print("hand", sorted(value), "leads", dict(picks), "reference's best", max(value, key=value.__getitem__),
              flush=True)
    cpu.sort()
    print("distinct leads per hand", distinct, f"mean {statistics.mean(distinct):.1f}",
          f"reference's loss of the lead {statistics.mean(losses):.2f} +- "
          f"{statistics.stdev(losses) / len(losses) ** 0.5:.2f}",
          f"lead CPU ms p50 {1000 * cpu[len(cpu) // 2]:.1f} max {1000 * cpu[-1]:.1f}")


if __name__ == "__main__":
    main()
