"""How often a variant of the expert chooses another play than the default on the same positions and generators.

    .venv/bin/python bench/crnagree.py --matches 3 --seed 1 --variant partner_reading=normal

On the play positions of ``--matches`` seeded normal-level matches (``bench/bots.py``'s, each seat's
own view and the decision's generator seed), every position with more than one distinct play is
decided by the expert twice with the same generator seed, with the default settings and with the
``--variant`` settings, once with each :attr:`ExpertSettings.streams` ("shared": one generator for
the chain and the rollout draws; "keyed": common random numbers). A choice that differs only because
the variant's worlds or draws came out otherwise is noise that a paired comparison
(``bench/duplicate.py --base``) has to average away: the fewer such differences, the tighter the
pairing. A research tool (issue 14), not a test.
"""
from __future__ import annotations

import argparse
import dataclasses
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bots import positions  # noqa: E402

from doublenine.server.bots import expert  # noqa: E402
from doublenine.server.bots.selfplay import parse_expert_setting  # noqa: E402
from doublenine.server.bots.strong import choices  # noqa: E402
from doublenine.shared.numbers import arg_int  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=arg_int(1, 1000), default=3)
    parser.add_argument("--seed", type=arg_int(), default=1)
    parser.add_argument("--variant", action="append", default=[], type=parse_expert_setting, metavar="KEY=VALUE")
    args = parser.parse_args()
    changes = dict(args.variant)
    views = [(v, s) for v, s in positions(args.matches, args.seed) if choices(v)[0] is None]
    print(f"bench/crnagree.py --matches {args.matches} --seed {args.seed}"
          + "".join(f" --variant {k}={v}" for k, v in changes.items()) + f": {len(views)} positions with a choice")
    for mode in ("shared", "keyed"):
        base = dataclasses.replace(expert.DEFAULT, streams=mode)
        variant = dataclasses.replace(base, **changes)
        differ = sum(expert.expert_play(v, random.Random(s), base) != expert.expert_play(v, random.Random(s), variant)
                     for v, s in views)
        print(f"streams={mode}: the variant chooses another play in {differ} of {len(views)}"
              f" ({100 * differ / max(len(views), 1):.1f}%)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
