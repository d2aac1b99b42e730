"""What the hidden tiles are worth to the expert: selfplay with an expert that is told part of the deal.

    .venv/bin/python bench/oracle.py MODE --matches 100 --seed 2024 --per-match oracle.jsonl
    .venv/bin/python bench/paired.py base.jsonl oracle.jsonl

MODE says what the expert (side a) is told, besides its view:
- ``hands``: every hand (its only world is the true deal; the 15 unused tiles too);
- ``partner``: its partner's hand (the other hands and the unused tiles sampled as usual);
- ``asleep``: which 15 tiles are out of play (R9), not who holds the rest.

A research tool that breaks the information limit on purpose (R21, R23): it
wraps the expert's world sampler (``expert.RankWorlds``) with the match state
of the table being played, which no player or level ever receives. It bounds
what a better reading of the hidden tiles could win (docs/computer-players.md,
"Where the strength is"). Same deals and records as ``doublenine selfplay
--per-match`` with ``--team-a expert``, so ``bench/paired.py`` compares them.
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import random
import sys
from typing import Any

from doublenine.server.bots import expert, selfplay
from doublenine.shared.cleantext import for_terminal
from doublenine.server.bots.knowledge import Knowledge
from doublenine.server.bots.rankplay import to_rank
from doublenine.shared.numbers import arg_int
from doublenine.shared.seats import SEATS, Team
from doublenine.shared.state import MatchState

MODES = ("hands", "partner", "asleep")


class Told:
    """The match state the expert is deciding in, set by the wrapped ``view_for``."""

    state: MatchState | None = None
    told_team: Team = Team.A
    """The team side a plays in the current match: only its seats are told (the other side may be the expert too)."""


def told_worlds(mode: str, real: Any) -> type:
    """A stand-in for :class:`.worlds.RankWorlds` that knows what ``mode`` tells."""

    class Worlds:
        def __init__(self, k: Knowledge, rng: random.Random, aff: list[list[float]] | None,
                     swaps: int, burn: int = 400) -> None:
            assert Told.state is not None and Told.state.hand is not None
            hands = Told.state.hand.hands
            self.add: tuple[int, int] | None = None
            self.fixed: list[int] | None = None
            if SEATS[k.me].team is not Told.told_team:  # the other side decides as usual
                self.inner = real(k, rng, aff, swaps, burn)
                return
            if mode == "hands":
                self.fixed = [to_rank(m) for m in hands]
                return
            if mode == "partner":
                p = (k.me + 2) & 3
                counts = list(k.counts)
                counts[p] = 0
                k = dataclasses.replace(k, hidden=k.hidden & ~hands[p], counts=tuple(counts))
                self.add = (p, to_rank(hands[p]))
            else:  # the unused tiles are known: forbidden to every seat, the chain puts them out of play
                asleep = k.hidden & ~(hands[0] | hands[1] | hands[2] | hands[3])
                k = dataclasses.replace(k, forbidden=tuple(f | asleep for f in k.forbidden))
            self.inner = real(k, rng, aff, swaps, burn)

        def next(self) -> list[int]:
            if self.fixed is not None:
                return self.fixed[:]
            h: list[int] = self.inner.next()
            if self.add is not None:
                h[self.add[0]] |= self.add[1]
            return h

    return Worlds


def main(argv: list[str] | None = None) -> int:
    """Play the matches (side a: the told expert) and write the per-match records; 0, or 2 if the file fails."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=MODES)
    parser.add_argument("--matches", type=arg_int(1), default=100)
    parser.add_argument("--seed", type=arg_int(0), default=2024)
    parser.add_argument("--against", choices=selfplay.LEVELS, default="strong")
    parser.add_argument("--per-match", required=True)
    args = parser.parse_args(argv)
    real_view_for = selfplay.view_for

    def view_for(state: MatchState, seat: Any) -> Any:
        Told.state = state
        return real_view_for(state, seat)

    selfplay.view_for = view_for  # type: ignore[assignment]
    expert.RankWorlds = told_worlds(args.mode, expert.RankWorlds)  # type: ignore[misc]
    summary = selfplay.Summary()
    try:
        with open(args.per_match, "w", encoding="utf-8") as out:
            for p in range((args.matches + 1) // 2):
                for side in (True, False):
                    one = selfplay.Summary()
                    Told.told_team = Team.A if side else Team.B
                    selfplay.play_match(args.seed * 1_000_000 + p, "expert", args.against, one, a_is_team_a=side)
                    summary.merge(one)
                    out.write(json.dumps(one.records[0]) + "\n")
                    out.flush()
    except OSError as exc:
        print(f"oracle: cannot write --per-match {for_terminal(args.per_match)}: {for_terminal(exc)}")
        return 2
    print(f"oracle {args.mode}: expert won {summary.a.matches}/{summary.matches} against {args.against}; "
          f"points/hand {summary.a.points / max(summary.hands, 1):.2f} vs {summary.b.points / max(summary.hands, 1):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
