"""How much the expert's choice loses to the noise of its rollouts, against a high-budget reference.

    .venv/bin/python bench/expertnoise.py --matches 12 --seed 77 --positions 140

On ``--positions`` play positions with more than one distinct tile to play
(:func:`bots.positions`, normal-level matches, each seat's own view, shuffled
with a fixed seed), :func:`expert.evaluate` with 40,000 rollouts (up to 10,000
worlds per candidate) gives each play its reference value; each variant then
chooses twice with other generators, and its regret is the reference's best
value minus the reference value of its choice, in points of the value table
(``strong.value_table``: the hand's points plus the hand-win and match-win
bonuses). "reference + prior" is the reference's own choice with the normal
score's prior added (the regret the prior costs by itself). Prints the mean
regret per decision every 20 positions and at the end. The reference is itself
an estimate (a few thousand worlds per play), so small regrets are within its noise.
"""
from __future__ import annotations

import argparse
import random

from bots import positions

from doublenine.server.bots.expert import ExpertSettings, evaluate, expert_play
from doublenine.server.bots.heuristic import score_play
from doublenine.server.bots.knowledge import knowledge
from doublenine.shared.moves import Play
from doublenine.shared.numbers import arg_int

REFERENCE = ExpertSettings(playouts=40_000, max_worlds=10_000)
VARIANTS = {
    "default": ExpertSettings(),
    "no prior": ExpertSettings(prior=0.0),
    "3x rollouts": ExpertSettings(playouts=3000, max_worlds=1440),
    "3x, no prior": ExpertSettings(playouts=3000, max_worlds=1440, prior=0.0),
    "halving": ExpertSettings(allocation="halving"),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=arg_int(1, 1000), default=12)
    parser.add_argument("--seed", type=arg_int(0), default=77)
    parser.add_argument("--positions", type=arg_int(1, 100_000), default=140)
    args = parser.parse_args()
    views = [(v, r) for v, r in positions(args.matches, args.seed)
             if len({m.tile for m in v.legal_moves() if isinstance(m, Play)}) > 1]
    random.Random(5).shuffle(views)
    views = views[:args.positions]
    regret = dict.fromkeys([*VARIANTS, "reference + prior"], 0.0)
    for n, (view, r) in enumerate(views, 1):
        ref = evaluate(view, random.Random(r + 99_991), REFERENCE)
        best = max(e.mean for e in ref.values())
        for name, settings in VARIANTS.items():
            for again in range(2):
                regret[name] += (best - ref[expert_play(view, random.Random(r * 7 + again), settings)].mean) / 2
        k = knowledge(view)
        chosen = max(ref, key=lambda m: ref[m].mean + 0.5 * score_play(k, m.tile, m.end))  # type: ignore[union-attr]
        regret["reference + prior"] += best - ref[chosen].mean
        if n % 20 == 0 or n == len(views):
            print(f"{n} positions: " + ", ".join(f"{k} {v / n:.3f}" for k, v in regret.items()), flush=True)
    print(f"bench/expertnoise.py --matches {args.matches} --seed {args.seed} --positions {args.positions}:"
          f" mean regret per decision in points of the value table")


if __name__ == "__main__":
    main()
