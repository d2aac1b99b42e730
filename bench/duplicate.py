"""Duplicate first hands: the expert against another level on the same deals, seats swapped.

    .venv/bin/python bench/duplicate.py --deals 2000 --seed 1 --out base.jsonl
    .venv/bin/python bench/duplicate.py --deals 1000 --seed 1 --expert-setting allocation=halving \\
        --out halving.jsonl --base base.jsonl

For each deal ``n`` (match seed ``seed * 100_000 + n``), the first hand of that
seeded match (opening draw, nomination, deal: the same in both orders, R24) is
played twice, the expert's team on team A and then on team B, against
``--against``; the deal's margin is the expert's team's points minus the
other team's in the two hands together (R18; a tied or drawn-out hand gives 0).
Prints the mean margin per hand with its standard error every 100 deals and at
the end; ``--out`` writes one JSON line per deal (``{"deal": seed, "margin": m}``),
and ``--base`` compares with such a file on the deals both played (the paired
difference per hand, its standard error, and in how many deals the margins differ);
``--compare FILE --base BASE`` compares two such files without playing (every 100
deals in deal order, then all). Two variants pair tightly when the expert draws its
worlds and rollout luck from keyed streams (``--expert-setting streams=keyed`` in both
runs: common random numbers, docs/computer-players.md). A finer screen than whole matches
for a change in play: one hand at 0-0, none of the match's later luck. It is a
research tool (issue 14), not a test.
"""
from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

from doublenine.server.bots import LEVELS, decide
from doublenine.server.bots.selfplay import _quiet_pool, decision_rng, expert_settings, parse_expert_setting
from doublenine.shared.events import MatchLog
from doublenine.shared.rules import to_act
from doublenine.shared.seats import Team
from doublenine.shared.state import Phase
from doublenine.shared.views import SeatView, view_for
from doublenine.shared.numbers import arg_int

MAX_LINE = 200
"""A line of an ``--out`` file is about 40 bytes; longer lines are refused."""
MAX_DEALS = 1_000_000


def first_hand(match_seed: int, expert_team: Team, against: str) -> int:
    """The expert's team's points minus the other team's after the first hand of ``match_seed``."""
    log = MatchLog(seed=match_seed)
    while not log.state.finished and log.state.phase is not Phase.MATCH_OVER:
        state = log.state
        seat = min(to_act(state))
        view = view_for(state, seat)
        assert isinstance(view, SeatView)
        level = "expert" if seat.team is expert_team else against
        log.submit(decide(view, level, decision_rng(match_seed, len(log.events))))
    a, b = log.state.scores
    return a - b if expert_team is Team.A else b - a


def deal_margin(job: tuple[int, str, dict[str, object]]) -> tuple[int, int]:
    """``(match seed, margin over both hands)`` for one deal, with the expert's settings changed."""
    match_seed, against, changes = job
    with expert_settings(changes):
        return match_seed, first_hand(match_seed, Team.A, against) + first_hand(match_seed, Team.B, against)


def load(path: Path) -> dict[int, int]:
    """An ``--out`` file as {deal seed: margin}. Raises ``ValueError`` on a line that is not one such
    record, on a deal given twice, or on more than :data:`MAX_DEALS` lines."""
    out: dict[int, int] = {}
    with path.open(encoding="utf-8") as f:
        for number, line in enumerate(iter(lambda: f.readline(MAX_LINE + 1), ""), 1):
            if len(line) > MAX_LINE or number > MAX_DEALS:
                raise ValueError(f"{path}:{number}: line too long or too many lines")
            record = json.loads(line)
            deal, margin = (record.get("deal"), record.get("margin")) if isinstance(record, dict) else (None, None)
            if type(deal) is not int or type(margin) is not int or deal in out:
                raise ValueError(f"{path}:{number}: not a new {{\"deal\": int, \"margin\": int}} record")
            out[deal] = margin
    return out


def mean_se(values: list[float]) -> tuple[float, float]:
    """Mean and its standard error (0 for fewer than two values)."""
    mu = sum(values) / len(values)
    if len(values) < 2:
        return mu, 0.0
    return mu, math.sqrt(sum((x - mu) ** 2 for x in values) / (len(values) - 1) / len(values))


def paired(base: dict[int, int], margins: dict[int, int], deals: list[int] | None = None) -> tuple[int, float, float, int]:
    """``(deals, mean, standard error, deals whose margins differ)`` of the variant's margin minus the base's,
    per hand, on ``deals`` (default: every deal both played)."""
    both = sorted(set(base) & set(margins)) if deals is None else deals
    if not both:
        return 0, 0.0, 0.0, 0
    mu, se = mean_se([(margins[d] - base[d]) / 2 for d in both])
    return len(both), mu, se, sum(margins[d] != base[d] for d in both)


def compare(base: dict[int, int], margins: dict[int, int]) -> None:
    """Print :func:`paired` on the first 100, 200, ... common deals (in deal order), then on all."""
    both = sorted(set(base) & set(margins))
    for n in [*range(100, len(both), 100), len(both)]:
        k, mu, se, differ = paired(base, margins, both[:n])
        print(f"against --base on the first {k} deals: {mu:+.2f} +- {se:.2f} points per hand"
              f" (margins differ in {differ})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=arg_int(1, MAX_DEALS), default=1000)
    parser.add_argument("--seed", type=arg_int(0), default=1)
    parser.add_argument("--against", choices=[lv for lv in LEVELS if lv != "expert"], default="strong")
    parser.add_argument("--expert-setting", action="append", default=[], type=parse_expert_setting,
                        metavar="KEY=VALUE")
    parser.add_argument("--jobs", type=arg_int(1, 64), default=2)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--base", type=Path)
    parser.add_argument("--compare", type=Path, help="compare this --out file with --base, without playing")
    args = parser.parse_args()
    base = load(args.base) if args.base else None
    if args.compare is not None:
        if base is None:
            parser.error("--compare needs --base")
        compare(base, load(args.compare))
        return 0
    changes = dict(args.expert_setting)
    margins: dict[int, int] = {}
    out = args.out.open("w", encoding="utf-8") if args.out else None
    jobs = [(args.seed * 100_000 + n, args.against, changes) for n in range(args.deals)]
    with _quiet_pool(args.jobs) as pool:
        for deal, margin in pool.imap_unordered(deal_margin, jobs, chunksize=4):
            margins[deal] = margin
            if out:
                out.write(json.dumps({"deal": deal, "margin": margin}) + "\n")
            if len(margins) % 100 == 0 or len(margins) == args.deals:
                if out:
                    out.flush()  # a run stopped early keeps what it measured
                mu, se = mean_se([m / 2 for m in margins.values()])
                print(f"{len(margins)} deals: expert's margin per hand {mu:+.2f} +- {se:.2f}", flush=True)
    if out:
        out.close()
    print(f"bench/duplicate.py --deals {args.deals} --seed {args.seed} --against {args.against}"
          + "".join(f" --expert-setting {k}={v}" for k, v in changes.items()))
    if base is not None:
        both = sorted(set(base) & set(margins))
        if not both:
            print("no deal in common with --base")
            return 1
        n, mu, se, differ = paired(base, margins)
        print(f"against --base on {n} deals: {mu:+.2f} +- {se:.2f} points per hand (margins differ in {differ})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
