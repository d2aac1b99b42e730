"""What each level chooses on hand-built positions (issue 4), and the selfplay figures."""
from __future__ import annotations

import argparse
import random

import pytest
from botstates import random_states, review_state

from doublenine.server.bots import decide, selfplay
from doublenine.server.bots.heuristic import heaviest_play, normal_play
from doublenine.server.bots.knowledge import knowledge
from doublenine.server.bots.strong import strong_play
from doublenine.shared.moves import End, Nominate, Pass, Play, Review
from doublenine.shared.rules import apply
from doublenine.shared.seats import Seat
from doublenine.shared.state import HandState, MatchState, Phase
from doublenine.shared.tiles import Tile, mask_of
from doublenine.shared.views import SeatView, view_for


def _play_state(hands: list[list[Tile]], moves: list[Play | Pass]) -> MatchState:
    """A hand in play: seats hold ``hands`` (rest unused), then ``moves`` are applied."""
    base = review_state(tuple(range(55)))
    masks = tuple(mask_of(h) for h in hands)
    state = MatchState(**{**{n: getattr(base, n) for n in MatchState.__dataclass_fields__},
                          "phase": Phase.PLAY, "hand": HandState(masks, (), -1, -1, Seat.ONE, 0, ())})  # type: ignore[arg-type]
    for m in moves:
        state = apply(state, m)
    return state


def _view(state: MatchState, seat: Seat) -> SeatView:
    v = view_for(state, seat)
    assert isinstance(v, SeatView)
    return v


HANDS = [
    [Tile(5, 5), Tile(5, 1), Tile(9, 1), Tile(9, 8), Tile(0, 0)],
    [Tile(4, 4), Tile(4, 2), Tile(2, 6)],
    [Tile(3, 3), Tile(3, 5), Tile(7, 5)],
    [Tile(6, 6), Tile(6, 8), Tile(8, 2)],
]


def test_heaviest_lead_is_the_heaviest_tile_laid_left() -> None:
    view = _view(_play_state(HANDS, []), Seat.ONE)
    assert heaviest_play(view) == Play(Seat.ONE, Tile(9, 8), End.LEFT)


def test_heaviest_takes_the_first_matching_end() -> None:
    state = _play_state(HANDS, [Play(Seat.ONE, Tile(5, 5), End.LEFT)])  # ends 5 | 5
    assert _view(state, Seat.TWO).legal_moves() == (Pass(Seat.TWO),)
    state = apply(state, Pass(Seat.TWO))
    view = _view(state, Seat.THREE)  # 3-5 and 7-5 fit both ends (D5)
    assert len(view.legal_moves()) == 4
    assert heaviest_play(view) == Play(Seat.THREE, Tile(7, 5), End.LEFT)


def test_normal_and_strong_lay_the_last_tile() -> None:
    hands = [[Tile(0, 1), Tile(9, 9)], [Tile(1, 2), Tile(4, 4)], [Tile(0, 3), Tile(3, 3)], [Tile(6, 6), Tile(8, 8)]]
    state = _play_state(hands, [Play(Seat.ONE, Tile(0, 1), End.LEFT)])  # ends 0 | 1
    state = apply(state, Play(Seat.TWO, Tile(1, 2), End.RIGHT))  # ends 0 | 2
    # seat 3 holds 0-3 (fits, leaves 3-3) and 3-3 (does not fit): one choice only
    state = apply(state, Play(Seat.THREE, Tile(0, 3), End.LEFT))  # ends 3 | 2
    state = apply(state, Pass(Seat.FOUR))
    state = apply(state, Pass(Seat.ONE))
    state = apply(state, Pass(Seat.TWO))
    view = _view(state, Seat.THREE)
    going_out = Play(Seat.THREE, Tile(3, 3), End.LEFT)
    assert normal_play(view) == going_out
    assert strong_play(view, random.Random(0)) == going_out


def test_knowledge_reads_passes_as_voids() -> None:
    state = _play_state(HANDS, [Play(Seat.ONE, Tile(5, 1), End.RIGHT), Pass(Seat.TWO)])
    k = knowledge(_view(state, Seat.THREE))
    assert k.voids == (0, 1 << 5 | 1 << 1, 0, 0)
    assert (k.left, k.right, k.passes, k.counts) == (5, 1, 1, (4, 3, 3, 3))
    assert k.exposed == (1 << 5 | 1 << 1, 0, 0, 0)


def test_r6_nomination_names_itself_and_r12_review() -> None:
    state = review_state(tuple(range(55)))
    rng = random.Random(1)
    for level in ("normal", "strong", "heaviest"):
        for s, seat in random_states(seed=2, matches=1):
            if s.phase is Phase.NOMINATE:
                assert decide(_view(s, seat), level, rng) == Nominate(seat, seat)
                break
    assert decide(_view(state, Seat.ONE), "strong", rng) == Review(Seat.ONE, False)


def test_strong_is_reproducible_from_its_generator() -> None:
    for n, (state, seat) in enumerate(random_states(seed=9, matches=1)):
        if state.phase is Phase.PLAY and n % 4 == 0:
            view = _view(state, seat)
            assert strong_play(view, random.Random(n)) == strong_play(view, random.Random(n))


def test_wilson_interval_exact_values() -> None:
    lo, hi = selfplay.wilson(60, 100)
    assert (round(lo, 4), round(hi, 4)) == (0.5020, 0.6906)
    assert selfplay.wilson(0, 0) == (0.0, 1.0)
    assert selfplay.percentile([3.0, 1.0, 2.0, 4.0], 0.5) == 2.0
    assert selfplay.percentile([], 0.99) == 0.0


def test_selfplay_pairs_swap_sides_and_count_every_match(capsys) -> None:  # type: ignore[no-untyped-def]
    parser = argparse.ArgumentParser()
    selfplay.add_arguments(parser)
    args = parser.parse_args(["--matches", "4", "--seed", "5", "--team-a", "normal", "--team-b", "heaviest"])
    assert selfplay.run(args) == 0
    out = capsys.readouterr().out
    assert "--matches 4 --seed 5 --team-a normal --team-b heaviest" in out
    summary = selfplay.selfplay(4, 5, "normal", "heaviest")
    assert summary.matches == 4
    assert summary.a.matches + summary.b.matches == 4
    assert summary.a.hands + summary.b.hands + summary.tied_hands == summary.hands
    again = selfplay.selfplay(4, 5, "normal", "heaviest")
    assert (again.a.matches, again.a.points, again.hands) == (summary.a.matches, summary.a.points, summary.hands)


def test_selfplay_refuses_bad_numbers() -> None:
    parser = argparse.ArgumentParser()
    selfplay.add_arguments(parser)
    for argv in (["--matches", "0"], ["--matches", "3"], ["--jobs", "0"], ["--seed", "-1"]):  # argparse's refusal
        with pytest.raises(SystemExit) as stop:  # (the sentences: tests/unit/test_no_silent_option_values.py)
            parser.parse_args(argv)
        assert stop.value.code == 2


def test_selfplay_two_jobs_give_the_same_figures_as_one() -> None:
    one = selfplay.selfplay(4, 8, "normal", "heaviest", jobs=1)
    two = selfplay.selfplay(4, 8, "normal", "heaviest", jobs=2)
    assert (two.matches, two.hands, two.tied_hands) == (one.matches, one.hands, one.tied_hands)
    assert (two.a.matches, two.a.hands, two.a.points) == (one.a.matches, one.a.hands, one.a.points)
    assert (two.b.matches, two.b.hands, two.b.points) == (one.b.matches, one.b.hands, one.b.points)
