#!/usr/bin/env python3
"""A table's match log at its worst point against its average (issue 12): not a test; prints figures.

    nice -n 10 timeout 300 .venv/bin/python bench/matchlog_peak.py --tables 20 --matches 10

bench/tablemem.py measures what a table adds on average over tables that are each somewhere
in their current match; the goal is about a table at its worst point. What changes along a
table's life is its match log (the events of the current match, checkpoints, the hand
records, the last 2 earlier matches' records): this plays ``--tables`` evenings of
``--matches`` matches with random legal decisions (seeded), as a table does (the log
forgets past matches at each new match, keeping 2 records, server/table.py PAST_KEPT), and
measures each log's Python heap with ``tracemalloc`` after every event. Printed: over all
points, the mean and the largest, and the largest minus the mean, in KB per table: how far a
table's worst point is above the average the slope of bench/tablemem.py holds. Every shared
value is made and one evening played first, so what the process allocates once (the shared
values, lazy imports) is not counted.
"""
from __future__ import annotations

import argparse
import random
import statistics
import tracemalloc

from doublenine.server.table import PAST_KEPT
from doublenine.shared.events import MatchLog
from doublenine.shared.numbers import arg_int
from doublenine.shared.rules import legal_decisions, to_act
from doublenine.shared.state import Phase


def evening(seed: int, matches: int) -> tuple[int, int, int]:
    """(points, sum of bytes, largest bytes) of one table's log heap over ``matches`` matches,
    sampled after each event. Running sums, not a list: the samples must not be measured."""
    rng = random.Random(seed)
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    log = MatchLog(seed=seed, clock=lambda: 1.0e9 + rng.random())
    points = total = peak = 0
    for n in range(matches):
        while log.state.phase is not Phase.MATCH_OVER:
            seat = min(to_act(log.state))
            options = legal_decisions(log.state, seat)
            log.submit(options[int(rng.random() * len(options))])
            size = tracemalloc.get_traced_memory()[0] - base
            points, total, peak = points + 1, total + size, max(peak, size)
        if n + 1 < matches:
            log.new_match()
            log.forget_past_matches(PAST_KEPT)
    tracemalloc.stop()
    return points, total, peak


def warm_up() -> None:
    """Make every shared Placed and decision, and import what a match imports lazily: the
    process's allocations, not a table's."""
    from doublenine.shared.events import decided
    from doublenine.shared.moves import DrawPick, End, Nominate, Pass, Play, Review
    from doublenine.shared.seats import SEATS
    from doublenine.shared.state import new_placed
    from doublenine.shared.tiles import DOUBLE_NINE_SET

    for seat in SEATS:
        decided(Pass(seat))
        for other in SEATS:
            decided(Nominate(seat, other))
        for redeal in (False, True):
            decided(Review(seat, redeal))
        for position in range(len(DOUBLE_NINE_SET)):
            decided(DrawPick(seat, position))
        for tile in DOUBLE_NINE_SET:
            for end in End:
                decided(Play(seat, tile, end))
                new_placed(tile, seat, end, tile.low, tile.high)
                new_placed(tile, seat, end, tile.high, tile.low)
    evening(999, 2)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tables", type=arg_int(1), default=20)
    ap.add_argument("--matches", type=arg_int(1), default=10)
    args = ap.parse_args()
    warm_up()
    runs = [evening(1000 + t, args.matches) for t in range(args.tables)]
    points = sum(r[0] for r in runs)
    mean, top = sum(r[1] for r in runs) / points, max(r[2] for r in runs)
    print(f"{args.tables} evenings of {args.matches} matches, {points} points: match log per table "
          f"mean {mean / 1024:.1f} KB, largest {top / 1024:.1f} KB (evenings' peaks: median "
          f"{statistics.median(r[2] for r in runs) / 1024:.1f}), largest - mean {(top - mean) / 1024:.1f} KB")


if __name__ == "__main__":
    main()
