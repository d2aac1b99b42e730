"""Engine speed: random full hands per second and legal-move queries per second (issue 2).

Run: ``.venv/bin/python bench/engine.py`` (``--runs N``, ``--quick``). One process,
one core; every figure is the median of several runs, timed in CPU seconds of
this process (``time.process_time``) so that other work on a shared machine
weighs less. Prints figures, asserts nothing: speed is never a test
(docs/performance.md keeps the measured figures).

A random full hand is: shuffle the 55 tiles and deal 10 to each seat (R9), four
accepts at review (R10), then play to the end of the hand, each seat choosing
uniformly among its legal moves (``moves[int(random() * len(moves))]``). Three
paths of ours are measured:

- engine: ``apply_shuffle`` + ``apply`` on the frozen MatchState (the path the
  server, replays and the log use);
- match log: whole matches through ``MatchLog.submit`` (events recorded, every
  decision validated; opening draws and nominations included);
- fast playout: ``shared/playout.py`` on plain ints (same moves for the same
  random numbers, checked by tests/property/test_playout_differential.py).

Where installed, the same figures for two peers, both on the smaller DOUBLE-SIX
set (28 tiles, 7 per seat, all dealt): the PyPI ``dominoes`` library and
OpenSpiel's ``python_team_dominoes``. They are printed beside ours as ratios.
"""
from __future__ import annotations

import argparse
import dataclasses
import datetime
import os
import platform
import random
import statistics
import sys
import time
import timeit
from collections.abc import Callable
from typing import Any

from doublenine.shared.events import MatchLog
from doublenine.shared.numbers import arg_int
from doublenine.shared.moves import End, Review
from doublenine.shared.playout import deal_masks, random_playout
from doublenine.shared.rules import apply, apply_shuffle, legal_decisions, legal_moves, to_act
from doublenine.shared.seats import SEATS, Seat
from doublenine.shared.state import (
    HandState, MatchState, Phase, Placed, evolve_match, new_hand, new_placed, with_hand,
)
from doublenine.shared.tiles import Tile

Timed = Callable[[int], float]
"""Runs ``n`` units of work and returns the seconds it took."""

_clock = time.process_time
"""CPU seconds of this process: the machine is often shared, and we measure one core's work."""


def median_rate(work: Timed, n: int, runs: int) -> float:
    """Median over ``runs`` of ``n / seconds`` (after one untimed warm-up run)."""
    work(max(1, n // 10))
    return statistics.median(n / work(n) for _ in range(runs))


# ---------------------------------------------------------------- ours

_BEFORE_DEAL = MatchState(phase=Phase.DEAL_SHUFFLE, opener=Seat.ONE, hand_number=1)
_ACCEPTS = tuple(Review(s, False) for s in SEATS)


def engine_hands(n: int, seed: int = 1) -> float:
    """``n`` random full hands through apply_shuffle/apply on the immutable MatchState."""
    rng = random.Random(seed)
    rnd, shuffle, order = rng.random, rng.shuffle, list(range(55))
    play = Phase.PLAY
    start = _clock()
    for _ in range(n):
        shuffle(order)
        state = apply_shuffle(_BEFORE_DEAL, tuple(order))
        for accept in _ACCEPTS:
            state = apply(state, accept)
        while state.phase is play:
            moves = legal_moves(state, state.hand.turn)  # type: ignore[union-attr]
            state = apply(state, moves[int(rnd() * len(moves))] if len(moves) > 1 else moves[0])
    return _clock() - start


def playout_hands(n: int, seed: int = 1) -> float:
    """``n`` random full hands through the int playout (review: four accepts, nothing to do)."""
    rng = random.Random(seed)
    rnd, shuffle, order = rng.random, rng.shuffle, list(range(55))
    start = _clock()
    for k in range(n):
        shuffle(order)
        random_playout(deal_masks(order), SEATS[k & 3], rnd)
    return _clock() - start


def match_log_hands(n: int, seed: int = 1) -> float:
    """``n`` hands of whole random matches through MatchLog.submit (events, validation)."""
    rng = random.Random(seed)
    rnd = rng.random
    hands = 0
    start = _clock()
    while hands < n:
        log = MatchLog(seed=rng.getrandbits(32))
        while log.state.phase is not Phase.MATCH_OVER and hands < n:
            state = log.state
            seat = min(to_act(state))
            options = legal_decisions(state, seat)
            if state.phase is Phase.REVIEW:
                options = options[:1]  # R10: four accepts, as in the other paths
            log.submit(options[int(rnd() * len(options))] if len(options) > 1 else options[0])
            hands += len(log.state.finished) - len(state.finished)
    return _clock() - start


def sample_states(hands: int, seed: int = 2) -> list[tuple[MatchState, Seat]]:
    """Every mid-hand state (with the seat to play) of ``hands`` seeded random hands."""
    rng = random.Random(seed)
    order = list(range(55))
    out: list[tuple[MatchState, Seat]] = []
    for _ in range(hands):
        rng.shuffle(order)
        state = apply_shuffle(_BEFORE_DEAL, tuple(order))
        for accept in _ACCEPTS:
            state = apply(state, accept)
        while state.phase is Phase.PLAY:
            assert state.hand is not None
            out.append((state, state.hand.turn))
            moves = legal_moves(state, state.hand.turn)
            state = apply(state, moves[rng.randrange(len(moves))])
    return out


def query_timer(states: list[tuple[MatchState, Seat]]) -> Timed:
    """A Timed that calls legal_moves(state, seat) ``n`` times, cycling over ``states``."""
    def work(n: int) -> float:
        rounds, rest = divmod(n, len(states))
        batches = [states] * rounds + [states[:rest]]
        start = _clock()
        for batch in batches:
            for state, seat in batch:
                legal_moves(state, seat)
        return _clock() - start
    return work


def construction_costs(runs: int) -> list[tuple[str, float, float]]:
    """(what, ns with the dataclass __init__, ns with the state.py builders), medians."""
    state, _ = sample_states(1)[5]
    hand = state.hand
    assert hand is not None
    tile = Tile(3, 5)
    args = (hand.hands, hand.line, hand.left, hand.right, hand.turn, hand.passes, hand.moves)
    pairs: list[tuple[str, Callable[[], object], Callable[[], object]]] = [
        ("MatchState, hand replaced", lambda: dataclasses.replace(state, hand=hand),
         lambda: with_hand(state, hand)),
        ("MatchState, two fields replaced", lambda: dataclasses.replace(state, match=2, hand=hand),
         lambda: evolve_match(state, match=2, hand=hand)),
        ("HandState", lambda: HandState(*args), lambda: new_hand(*args)),
        ("Placed", lambda: Placed(tile, Seat.ONE, End.LEFT, 5, 3),
         lambda: new_placed(tile, Seat.ONE, End.LEFT, 5, 3)),
    ]
    n = 20000

    def ns(f: Callable[[], object]) -> float:
        return statistics.median(timeit.Timer(f, timer=_clock).timeit(n) / n * 1e9 for _ in range(runs))
    return [(what, ns(slow), ns(fast)) for what, slow, fast in pairs]


# ---------------------------------------------------------------- peers (double-six)

Peer = tuple[str, Timed, Timed]
"""(label, hands timer, queries timer)."""


def _version(dist: str) -> str:
    from importlib.metadata import PackageNotFoundError, version
    try:
        return version(dist)
    except PackageNotFoundError:
        return "?"


def dominoes_peer(seed: int = 3) -> Peer | str:
    """The PyPI ``dominoes`` library: Game.new() deals, make_move plays (passes are automatic)."""
    try:
        import copy

        import dominoes  # type: ignore  # untyped, optional
    except ImportError:
        return "dominoes (PyPI): not installed here (pip install dominoes); skipped"
    rng = random.Random(seed)
    rnd = rng.random

    def hands(n: int) -> float:
        random.seed(seed)  # Game.new shuffles with the global generator
        start = _clock()
        for _ in range(n):
            game = dominoes.Game.new()
            while game.result is None:
                moves = game.valid_moves
                game.make_move(*(moves[int(rnd() * len(moves))] if len(moves) > 1 else moves[0]))
        return _clock() - start

    games: list[Any] = []
    random.seed(seed)
    while len(games) < 2000:
        game = dominoes.Game.new()
        while game.result is None:
            if game.moves:  # _update_valid_moves needs a tile on the board
                games.append(copy.deepcopy(game))
            game.make_move(*game.valid_moves[rng.randrange(len(game.valid_moves))])

    def queries(n: int) -> float:
        picks = [games[k % len(games)] for k in range(n)]
        start = _clock()
        for game in picks:
            game._update_valid_moves()  # what valid_moves holds: recomputed after each move
        return _clock() - start

    return f"dominoes {_version('dominoes')} (PyPI)", hands, queries


def openspiel_peer(seed: int = 4) -> Peer | str:
    """OpenSpiel's python_team_dominoes: the deal is 28 chance actions, then play actions."""
    try:
        import pyspiel  # type: ignore  # optional
        from open_spiel.python.games import team_dominoes  # type: ignore  # noqa: F401 (registers it)
    except ImportError:
        return "OpenSpiel python_team_dominoes: open_spiel not installed here (pip install open_spiel); skipped"
    game = pyspiel.load_game("python_team_dominoes")
    rng = random.Random(seed)
    rnd = rng.random

    def hands(n: int) -> float:
        start = _clock()
        for _ in range(n):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():  # uniform over the tiles left to deal
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[int(rnd() * len(outcomes))][0])
                else:
                    actions = state.legal_actions()
                    state.apply_action(actions[int(rnd() * len(actions))] if len(actions) > 1 else actions[0])
        return _clock() - start

    states: list[Any] = []
    while len(states) < 2000:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                states.append(state.clone())
                actions = state.legal_actions()
                state.apply_action(actions[rng.randrange(len(actions))])

    def queries(n: int) -> float:
        picks = [states[k % len(states)] for k in range(n)]
        start = _clock()
        for state in picks:
            state.legal_actions()
        return _clock() - start

    return f"OpenSpiel {_version('open_spiel')} python_team_dominoes", hands, queries


# ---------------------------------------------------------------- report

def _rate(x: float, unit: str) -> str:
    return f"{x:>12,.0f} {unit}"


def main(argv: list[str] | None = None) -> int:
    """Measure and print; returns 0."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=arg_int(), default=5, help="timed runs per figure (median)")
    parser.add_argument("--quick", action="store_true", help="a tenth of the work, for a smoke run")
    args = parser.parse_args(argv)
    scale = 0.1 if args.quick else 1.0
    runs = max(1, args.runs)

    def size(n: int) -> int:
        return max(10, int(n * scale))

    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    print(f"bench/engine.py  {now}  nproc {os.cpu_count()}  {platform.python_implementation()} "
          f"{platform.python_version()}  {platform.machine()}  median of {runs} runs, one process, "
          "CPU time")
    print("random full hands/s, DOUBLE-NINE (55 tiles, 10 per seat; deal + 4 accepts + random play)")
    engine = median_rate(engine_hands, size(3000), runs)
    print(f"  engine path   (MatchState + rules.apply, immutable) {_rate(engine, 'hands/s')}")
    log = median_rate(match_log_hands, size(2000), runs)
    print(f"  match log     (MatchLog.submit, whole matches)      {_rate(log, 'hands/s')}")
    fast = median_rate(playout_hands, size(15000), runs)
    print(f"  fast playout  (shared/playout.py, plain ints)       {_rate(fast, 'hands/s')}")
    states = sample_states(100)
    queries = median_rate(query_timer(states), size(500_000), runs)
    print("legal-move queries/s")
    print(f"  rules.legal_moves(MatchState, seat), {len(states)} mid-hand states "
          f"{_rate(queries, 'queries/s')}")
    print("targets: >= 15,000 hands/s (floor 5,000), >= 500,000 queries/s: "
          f"engine path {'meets' if engine >= 15000 else 'below'} 15,000 "
          f"({'above' if engine >= 5000 else 'BELOW'} the floor), fast playout "
          f"{'meets' if fast >= 15000 else 'below'} 15,000, queries "
          f"{'meet' if queries >= 500_000 else 'below'} 500,000")
    print("building one frozen value, ns: dataclass __init__/replace -> state.py builder")
    for what, slow, quick in construction_costs(runs):
        print(f"  {what:32} {slow:7,.0f} -> {quick:5,.0f} ns")
    print("peers on the smaller DOUBLE-SIX set (28 tiles, 7 per seat); ratio = ours / theirs")
    for make in (dominoes_peer, openspiel_peer):
        _report_peer(make(), engine, fast, queries, runs, size)
    return 0


def _report_peer(peer: Peer | str, engine: float, fast: float, queries: float, runs: int,
                 size: Callable[[int], int]) -> None:
    if isinstance(peer, str):
        print(f"  {peer}")
        return
    label, hands, query = peer
    theirs = median_rate(hands, size(1000), runs)
    their_queries = median_rate(query, size(100_000), runs)
    print(f"  {label} (double-six)")
    print(f"    {_rate(theirs, 'hands/s')}: engine path {engine / theirs:.1f}x, "
          f"fast playout {fast / theirs:.1f}x theirs")
    print(f"    {_rate(their_queries, 'queries/s')}: ours {queries / their_queries:.1f}x theirs")


if __name__ == "__main__":
    sys.exit(main())
