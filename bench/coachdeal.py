"""The coach on the redeal answer (issue 14.2, R10): what keeping a hand and a redeal are worth.

Prints, for a fresh deal (the seat's own team opening, and the opponents opening) and for a few
hands of five or more doubles kept (seat 1 opening, seat 2 opening), the value for seat 1's team
at 0-0 (``server/coachdeal.py``: every seat plays the ``normal`` level to the hand's end, points
capped at what the winner needs, R19) with its standard error over ``--deals`` deals, and the
CPU time per hand played out.

    nice -n 10 .venv/bin/python bench/coachdeal.py --deals 2000

Figures and the command go in docs/performance.md.
"""
from __future__ import annotations

import argparse
import random
import time

from doublenine.server import coachdeal
from doublenine.shared.numbers import arg_int
from doublenine.shared.seats import Seat
from doublenine.shared.tiles import Tile, mask_of

HANDS = {
    "nine doubles and 2-7": mask_of([Tile(d, d) for d in range(9)] + [Tile(2, 7)]),
    "six doubles (0 2 4 6 8 9) and 1-3 3-5 5-7 7-9": mask_of(
        [Tile(d, d) for d in (0, 2, 4, 6, 8, 9)] + [Tile(1, 3), Tile(3, 5), Tile(5, 7), Tile(7, 9)]),
    "five doubles (5-9) and 0-1 0-2 1-3 2-4 0-4": mask_of(
        [Tile(d, d) for d in range(5, 10)] + [Tile(0, 1), Tile(0, 2), Tile(1, 3), Tile(2, 4), Tile(0, 4)]),
}


def main(argv: list[str] | None = None) -> int:
    """Run the measurements and print one line each."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=arg_int(100, 100_000), default=2000)
    ap.add_argument("--seed", type=arg_int(0, 2**31), default=1)
    args = ap.parse_args(argv)
    settings = coachdeal.RedealSettings(worlds=args.deals, deals=args.deals)
    rng = random.Random(args.seed)
    t0 = time.process_time()
    for opener, who in ((Seat.ONE, "own team opens"), (Seat.TWO, "opponents open")):
        e = coachdeal.redeal_value(Seat.ONE, opener, (0, 0), rng, settings)
        print(f"fresh deal, {who}: {e.mean:+.2f} +- {e.stderr:.2f} points ({e.worlds} deals)", flush=True)
    for name, hand in HANDS.items():
        for opener, who in ((Seat.ONE, "seat 1 opens"), (Seat.TWO, "seat 2 opens")):
            e = coachdeal.keep_value(Seat.ONE, hand, opener, (0, 0), rng, settings)
            print(f"keep {name}, {who}: {e.mean:+.2f} +- {e.stderr:.2f} points", flush=True)
    hands = args.deals * (2 + 2 * len(HANDS))
    print(f"CPU per hand played out: {1000 * (time.process_time() - t0) / hands:.2f} ms ({hands} hands)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
