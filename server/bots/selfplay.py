"""``doublenine selfplay``: computer levels play whole matches against each other (issue 4).

No network: each match runs on a :class:`MatchLog` and every seat decides from
``view_for(state, seat)`` only (R23). Matches come in pairs with the same seed
(the same deals, R24) and the two levels swapped between team A and team B, so
the opening-draw and seat advantages cancel. Prints match wins per side with a
95% Wilson interval, hands won, average points per hand, and the decision time
p50/p99 per level.

``--expert-setting KEY=VALUE`` (repeatable) plays the expert level with fields
of :class:`.expert.ExpertSettings` changed, so every variant measured in
docs/computer-players.md has a command; ``--per-match FILE`` writes one JSON
line per match for paired comparisons of variants on the same deals
(``bench/paired.py``).
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import math
import random
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from doublenine.shared.cleantext import for_terminal, said
from doublenine.shared.events import MatchLog
if TYPE_CHECKING:
    from multiprocessing.pool import Pool
from doublenine.shared.numbers import NumberError, arg_int, parse_float, parse_int
from doublenine.shared.moves import Pass, Play
from doublenine.shared.rules import to_act
from doublenine.shared.seats import Team
from doublenine.shared.state import MatchState, Phase
from doublenine.shared.views import SeatView, view_for

from . import LEVELS, decide, expert
from .workers import sigint_blocked, worker_setup

MAX_SEED = 2**63 - 1
"""Largest ``--seed``, as ``play --seed``. A negative one was taken and played the deals of its positive
twin (``random.Random`` seeds with the absolute value: ``--seed -1``'s first pair was ``--seed 1``'s);
s12, kind: an option's value changed without a word."""
MAX_JOBS = 256
"""Most ``--jobs`` (worker processes); 0 or less was refused only after parsing, on stdout."""
MAX_DECISIONS = 20_000
"""Safety stop for a match that never reaches 100 (ties score nothing, R17)."""


@dataclass(slots=True)
class Tally:
    """Totals for one side ("a" or "b") over many matches."""

    matches: int = 0
    hands: int = 0
    points: int = 0
    play_ms: list[float] = field(default_factory=list)
    """Time of every play or pass decision, in milliseconds."""
    choice_ms: list[float] = field(default_factory=list)
    """Time of the play decisions with more than one legal move, in milliseconds."""

    def merge(self, other: Tally) -> None:
        """Add ``other``'s totals to this one."""
        self.matches += other.matches
        self.hands += other.hands
        self.points += other.points
        self.play_ms += other.play_ms
        self.choice_ms += other.choice_ms


@dataclass(slots=True)
class Summary:
    """Results of a selfplay run: per side a :class:`Tally`, plus hands and ties played."""

    a: Tally = field(default_factory=Tally)
    b: Tally = field(default_factory=Tally)
    matches: int = 0
    hands: int = 0
    tied_hands: int = 0
    records: list[dict[str, object]] = field(default_factory=list)
    """One record per match (:func:`match_record`), in the order played within a chunk."""

    def merge(self, other: Summary) -> None:
        """Add ``other``'s results to this one."""
        self.a.merge(other.a)
        self.b.merge(other.b)
        self.matches += other.matches
        self.hands += other.hands
        self.tied_hands += other.tied_hands
        self.records += other.records


def decision_rng(match_seed: int, seq: int) -> random.Random:
    """R24: a computer's generator, from the table's seed and the decision's place in the log."""
    return random.Random(match_seed * 1_000_003 + seq)


def play_match(match_seed: int, level_a: str, level_b: str, summary: Summary, a_is_team_a: bool) -> None:
    """Play one match with side "a" (``level_a``) on team A if ``a_is_team_a``; add to ``summary``."""
    log = MatchLog(seed=match_seed)
    side_of = {Team.A: "a" if a_is_team_a else "b", Team.B: "b" if a_is_team_a else "a"}
    level = {"a": level_a, "b": level_b}
    for _ in range(MAX_DECISIONS):
        state = log.state
        if state.phase is Phase.MATCH_OVER:
            break
        seat = min(to_act(state))
        side = side_of[seat.team]
        view = view_for(state, seat)
        assert isinstance(view, SeatView)
        rng = decision_rng(match_seed, len(log.events))
        started = time.perf_counter()
        decision = decide(view, level[side], rng)
        elapsed = (time.perf_counter() - started) * 1000.0
        if isinstance(decision, (Play, Pass)):
            tally = getattr(summary, side)
            tally.play_ms.append(elapsed)
            if len(view.legal_moves()) > 1:
                tally.choice_ms.append(elapsed)
        log.submit(decision)
    _score_match(log, side_of, summary, match_seed)


def decisions(matches: int, seed: int, level: str) -> Iterator[tuple[MatchState, object]]:
    """Every ``(state, decision)`` of ``matches`` seeded matches with ``level`` on all four seats.

    Match ``n`` has the seed ``seed * 100_000 + n`` and each decision the generator of
    :func:`decision_rng` (R24), from the deciding seat's view only (R23). After the last decision of
    a match comes ``(final state, None)``, whose ``finished`` holds the match's hands (R22). For the
    fitting tools (:mod:`.readfit`, :mod:`.equityfit`).
    """
    for n in range(matches):
        match_seed = seed * 100_000 + n
        log = MatchLog(seed=match_seed)
        while log.state.phase is not Phase.MATCH_OVER:
            state = log.state
            view = view_for(state, min(to_act(state)))
            assert isinstance(view, SeatView)
            d = decide(view, level, decision_rng(match_seed, len(log.events)))
            yield state, d
            log.submit(d)
        yield log.state, None


def _score_match(log: MatchLog, side_of: dict[Team, str], summary: Summary, match_seed: int) -> None:
    state = log.state
    summary.matches += 1
    points = {"a": 0, "b": 0}
    for hand in state.finished:
        summary.hands += 1
        if hand.winner is None:
            summary.tied_hands += 1
            continue
        tally: Tally = getattr(summary, side_of[hand.winner])
        tally.hands += 1
        tally.points += hand.points
        points[side_of[hand.winner]] += hand.points
    if state.winner is not None:
        getattr(summary, side_of[state.winner]).matches += 1
    summary.records.append(match_record(match_seed, side_of[Team.A] == "a",
                                        None if state.winner is None else side_of[state.winner],
                                        points["a"], points["b"], len(state.finished)))


def match_record(seed: int, a_is_team_a: bool, winner: str | None, points_a: int, points_b: int,
                 hands: int) -> dict[str, object]:
    """One line of ``--per-match``: the match's seed (R24: its deals), whether side a was team A,
    the winning side ("a", "b" or None if the safety stop ended it), each side's points, the hands played."""
    return {"seed": seed, "a_is_team_a": a_is_team_a, "winner": winner, "points_a": points_a,
            "points_b": points_b, "hands": hands}


def run_pairs(seed: int, first_pair: int, pairs: int, level_a: str, level_b: str) -> Summary:
    """Play ``pairs`` pairs of matches (sides swapped within a pair), pair seeds from ``seed``."""
    summary = Summary()
    for p in range(first_pair, first_pair + pairs):
        match_seed = seed * 1_000_000 + p
        play_match(match_seed, level_a, level_b, summary, a_is_team_a=True)
        play_match(match_seed, level_a, level_b, summary, a_is_team_a=False)
    return summary


@contextmanager
def expert_settings(changes: dict[str, object] | None) -> Iterator[None]:
    """Within the block the expert level plays with ``changes`` applied to :data:`.expert.DEFAULT`."""
    if not changes:
        yield
        return
    before = expert.DEFAULT
    expert.DEFAULT = dataclasses.replace(before, **changes)  # type: ignore[arg-type]
    try:
        yield
    finally:
        expert.DEFAULT = before


def _run_chunk(job: tuple[int, int, int, str, str, dict[str, object] | None]) -> Summary:
    *pairs_job, changes = job
    with expert_settings(changes):
        return run_pairs(*pairs_job)  # type: ignore[arg-type]


def selfplay(matches: int, seed: int, level_a: str, level_b: str, jobs: int = 1,
             progress: Callable[[Summary], None] | None = None,
             expert_changes: dict[str, object] | None = None) -> Summary:
    """Play ``matches`` matches (an even number: pairs with the sides swapped) on ``jobs`` processes; merged results.

    Raises ``ValueError`` for an odd or non-positive ``matches``: it was rounded up without a word
    (``--matches 1`` played 2).

    ``progress``, if given, receives the running total after each chunk of pairs
    (chunks finish in any order with several jobs). ``expert_changes`` are
    :class:`.expert.ExpertSettings` fields the expert level plays with
    (:func:`parse_expert_setting` builds them).
    """
    if matches < 1 or matches % 2:
        raise ValueError(f"matches must be a positive even number, not {matches}")
    pairs = matches // 2
    chunk = max(1, min(25, pairs // max(1, 4 * jobs)))
    work = [(seed, p, min(chunk, pairs - p), level_a, level_b, expert_changes) for p in range(0, pairs, chunk)]
    total = Summary()
    if jobs <= 1:
        for w in work:
            total.merge(_run_chunk(w))
            if progress is not None:
                progress(total)
        return total
    with _quiet_pool(jobs) as pool:
        for part in pool.imap_unordered(_run_chunk, work):
            total.merge(part)
            if progress is not None:
                progress(total)
    return total


def _quiet_pool(jobs: int) -> Pool:
    """A spawn pool of ``jobs`` workers that never see Ctrl-C (:mod:`.workers`): this process alone
    stops (leaving the ``with``, the pool ends its workers)."""
    import multiprocessing

    with sigint_blocked():
        return multiprocessing.get_context("spawn").Pool(jobs, initializer=worker_setup)


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for ``wins`` out of ``n`` (95% for z = 1.96); (0, 1) if n = 0."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) by nearest rank; 0.0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def report(summary: Summary, level_a: str, level_b: str) -> str:
    """The printed result of a run: one block per side, then the totals."""
    lines = []
    for side, level in (("a", level_a), ("b", level_b)):
        t: Tally = getattr(summary, side)
        lo, hi = wilson(t.matches, summary.matches)
        share = t.matches / summary.matches if summary.matches else 0.0
        lines.append(
            f"team-{side} {level:>8}: matches {t.matches}/{summary.matches} = {share:.1%} "
            f"(95% CI {lo:.1%}-{hi:.1%}); hands won {t.hands}; "
            f"points/hand {t.points / max(1, summary.hands):.2f}; "
            f"play ms p50 {percentile(t.play_ms, 0.5):.2f} p99 {percentile(t.play_ms, 0.99):.2f}; "
            f"choices ms p50 {percentile(t.choice_ms, 0.5):.2f} p99 {percentile(t.choice_ms, 0.99):.2f} "
            f"(n={len(t.choice_ms)})")
    lines.append(f"hands {summary.hands}, tied {summary.tied_hands}; sides alternate teams A/B per match")
    return "\n".join(lines)


def parse_expert_setting(text: str) -> tuple[str, object]:
    """``KEY=VALUE`` -> (field, value) of :class:`.expert.ExpertSettings`, the value in the field's type.

    Raises ``argparse.ArgumentTypeError`` for an unknown field or a value that is not of its type
    (bool: true/false; numbers in ASCII digits, finite, >= 0, :mod:`doublenine.shared.numbers`).
    """
    key, sep, raw = text.partition("=")
    fields = {f.name: f for f in dataclasses.fields(expert.ExpertSettings)}
    if not sep or key not in fields:
        raise argparse.ArgumentTypeError(f"expected KEY=VALUE with KEY one of {', '.join(fields)}")
    kind = type(getattr(expert.DEFAULT, key))
    if kind is bool:
        if raw not in ("true", "false"):
            raise argparse.ArgumentTypeError(f"{key}: expected true or false")
        return key, raw == "true"
    if kind is str:
        return key, raw
    try:  # ASCII digits only (shared/numbers.py: int() would take fullwidth digits)
        return key, parse_int(raw, 0) if kind is int else parse_float(raw, 0.0)
    except NumberError as exc:
        raise argparse.ArgumentTypeError(f"{key}: {said(exc)}") from None


def even_matches(text: str) -> int:
    """``--matches``: a positive even ASCII-digit count (argparse's usage error, exit 2, otherwise).

    Matches come in pairs with the same deals and the sides swapped (R24), so an odd count cannot be
    played as asked; it was rounded up without a word (``--matches 1`` played 2 and printed
    ``--matches 2``). Kind: counts changed silently; refused like any other bad value instead.
    """
    count = arg_int(1)(text)
    if count % 2:
        instead = f"{count + 1}" if count == 1 else f"{count - 1} or {count + 1}"
        raise argparse.ArgumentTypeError(f"{count} is odd: matches come in pairs with the sides swapped; "
                                         f"give {instead}")
    return count
even_matches.__name__ = "even number"  # argparse names the type in its message


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``doublenine selfplay``."""
    parser.add_argument("--matches", type=even_matches, default=100,
                        help="matches to play, an even number: they come in pairs with the sides swapped")
    parser.add_argument("--seed", type=arg_int(0, MAX_SEED), default=0,
                        help=f"seed of the run (deals and computer choices), 0..{MAX_SEED}")
    parser.add_argument("--team-a", choices=LEVELS, default="strong", help="level of side a")
    parser.add_argument("--team-b", choices=LEVELS, default="normal", help="level of side b")
    parser.add_argument("--jobs", type=arg_int(1, MAX_JOBS), default=1,
                        help=f"worker processes, 1..{MAX_JOBS} (2 uses both cores)")
    parser.add_argument("--progress", action="store_true",
                        help="print the running match score after each chunk of pairs")
    parser.add_argument("--expert-setting", type=parse_expert_setting, action="append", default=[],
                        metavar="KEY=VALUE", help="play the expert level with this ExpertSettings field changed "
                        "(repeatable; e.g. reading=normal)")
    parser.add_argument("--per-match", metavar="FILE", default=None,
                        help="write one JSON line per match (seed, sides, winner, points) to FILE")


def _print_progress(level_a: str) -> Callable[[Summary], None]:
    started = time.perf_counter()

    def show(total: Summary) -> None:
        lo, hi = wilson(total.a.matches, total.matches)
        print(f"  after {total.matches} matches: {level_a} {total.a.matches}/{total.matches} "
              f"= {total.a.matches / total.matches:.1%} (95% CI {lo:.1%}-{hi:.1%}), points/hand "
              f"{total.a.points / max(1, total.hands):.2f} vs {total.b.points / max(1, total.hands):.2f}, "
              f"{time.perf_counter() - started:.0f} s", flush=True)
    return show


class PerMatchFile:
    """``--per-match``: opened before the first match (a path that cannot be written fails the run
    at once, not after hours of play), one JSON line per match written as its chunk finishes."""

    def __init__(self, path: str) -> None:
        """Raises ``OSError`` if ``path`` cannot be opened for writing (``ValueError`` if it is empty)."""
        if not path:
            raise ValueError("empty path")
        self._out = open(path, "w", encoding="utf-8")  # noqa: SIM115 (closed by close())
        self._written = 0
        self.error: str | None = None

    def write_new(self, total: Summary) -> None:
        """Write the records of ``total`` not written yet; a write error is kept and stops the writing."""
        if self.error is not None:
            return
        try:
            for record in total.records[self._written:]:
                self._out.write(json.dumps(record) + "\n")
            self._out.flush()
        except OSError as exc:
            self.error = said(exc)
        self._written = len(total.records)

    def close(self) -> None:
        """Close the file; a close error is kept like a write error."""
        try:
            self._out.close()
        except OSError as exc:
            self.error = self.error or said(exc)


def run(args: argparse.Namespace) -> int:
    """Play the matches and print the figures (stdout); returns 0, 2 on bad options, 1 if ``--per-match``
    failed (130 after Ctrl-C: doublenine/cli). Each refusal is one line on stderr, named ``doublenine
    selfplay:`` as every command's (s12: they went to stdout, named ``selfplay:``)."""
    if args.matches < 1 or args.jobs < 1:
        print("doublenine selfplay: --matches and --jobs must be at least 1", file=sys.stderr)
        return 2
    changes = dict(getattr(args, "expert_setting", None) or [])
    if changes and "expert" not in (args.team_a, args.team_b):
        print("doublenine selfplay: --expert-setting changes the expert level, which neither team plays", file=sys.stderr)
        return 2
    try:
        dataclasses.replace(expert.DEFAULT, **changes)  # type: ignore[arg-type]
    except (TypeError, ValueError) as exc:
        print(f"doublenine selfplay: bad expert settings: {for_terminal(exc)}", file=sys.stderr)
        return 2
    per_match = None
    if getattr(args, "per_match", None) is not None:
        try:
            per_match = PerMatchFile(args.per_match)
        except (OSError, ValueError) as exc:
            print(f"doublenine selfplay: cannot write --per-match {for_terminal(args.per_match)}: {for_terminal(exc)}", file=sys.stderr)
            return 2
    show = _print_progress(args.team_a) if getattr(args, "progress", False) else None

    def progress(total: Summary) -> None:
        if per_match is not None:
            per_match.write_new(total)
        if show is not None:
            show(total)

    started = time.perf_counter()
    try:
        summary = selfplay(args.matches, args.seed, args.team_a, args.team_b, args.jobs, progress, changes or None)
    finally:
        if per_match is not None:
            per_match.close()
    settings = "".join(f" --expert-setting {k}={str(v).lower() if isinstance(v, bool) else v}"
                       for k, v in changes.items())
    print(f"selfplay --matches {summary.matches} --seed {args.seed} "
          f"--team-a {args.team_a} --team-b {args.team_b} --jobs {args.jobs}{settings}")
    print(report(summary, args.team_a, args.team_b))
    print(f"wall time {time.perf_counter() - started:.1f} s")
    if per_match is not None and per_match.error is not None:
        print(f"doublenine selfplay: --per-match {for_terminal(args.per_match)} is incomplete: {for_terminal(per_match.error)}", file=sys.stderr)
        return 1
    return 0
