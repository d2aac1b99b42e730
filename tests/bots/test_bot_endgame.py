"""The expert's exact search of a hand's last tiles (issue 14, R14-R18): :func:`endgame.solve` on rank
masks, with alpha-beta and a memo, gives exactly the value of a plain minimax over every legal play
built on the reference playout functions (:mod:`.playout`, themselves checked against ``rules.apply``)."""
from __future__ import annotations

import random

import pytest

from doublenine.server.bots import decide
from doublenine.server.bots.endgame import solve, tiles_left
from doublenine.server.bots.expert import ExpertSettings, expert_play
from doublenine.server.bots.playout import LEFT_END, RIGHT_END, HIGH, LOW, outcome, pass_turn, play, playable
from doublenine.server.bots.rankplay import to_rank
from doublenine.server.bots.selfplay import decision_rng
from doublenine.shared.events import MatchLog
from doublenine.shared.moves import Play
from doublenine.shared.rules import to_act
from doublenine.shared.state import Phase
from doublenine.shared.tiles import DOUBLE_NINE_SET
from doublenine.shared.views import SeatView, view_for

VALUE = [[float(p) + (8.0 if p else 0.0) for p in range(400)], [-float(p) - 8.0 for p in range(400)]]
"""A value table of the shape the expert uses: points plus a hand bonus for team A, the negative for B."""
TIE = -3.0


def reference(board: list[int], mine: int) -> float:
    """Plain minimax over every legal (tile, end) on the reference board (no pruning, no memo)."""
    mask = playable(board)
    if not mask:
        after = board[:]
        if pass_turn(after):  # R17
            team, points = outcome(after, -1)
            return VALUE[team][points] if team >= 0 else TIE
        return reference(after, mine)
    turn = board[6]
    values = []
    for i in range(55):
        if not mask >> i & 1:
            continue
        for end, at in ((LEFT_END, board[4]), (RIGHT_END, board[5])):
            if at not in (LOW[i], HIGH[i]):
                continue
            after = board[:]
            if play(after, i, end):  # R16
                team, points = outcome(after, turn)
                values.append(VALUE[team][points])
            else:
                values.append(reference(after, mine))
    return max(values) if (turn & 1) == mine else min(values)


def positions(seed: int, count: int, most: int) -> list[list[int]]:
    """``count`` boards with at most ``most`` tiles left, from random legal play of random deals."""
    rng = random.Random(seed)
    out: list[list[int]] = []
    while len(out) < count:
        tiles = list(range(55))
        rng.shuffle(tiles)
        board = [sum(1 << t for t in tiles[10 * s:10 * s + 10]) for s in range(4)] + [-1, -1, rng.randrange(4), 0]
        over = False
        while not over and tiles_left(board[:4]) > most:
            mask = playable(board)
            if not mask:
                over = pass_turn(board)
                continue
            i = rng.choice([t for t in range(55) if mask >> t & 1])
            ends = [e for e, at in ((LEFT_END, board[4]), (RIGHT_END, board[5])) if board[4] < 0 or at in (LOW[i], HIGH[i])]
            over = play(board, i, rng.choice(ends))
        if not over:
            out.append(board)
    return out


@pytest.mark.parametrize("most", [4, 7, 10])
def test_r14_r18_solve_equals_plain_minimax(most: int) -> None:
    """Every position: the same value for either team searching, passes and blocks included."""
    for n, board in enumerate(positions(most, 150, most)):
        hands = [to_rank(h) for h in board[:4]]
        mine = n & 1
        assert solve(hands, board[4], board[5], board[6], board[7], VALUE, TIE, mine) == reference(board, mine)


def test_r16_r17_a_planted_ending_has_its_exact_value() -> None:
    """Seat index 0 (team A) to play on ends 3 and 5, holding 3-3 and 5-9; seat 1 holds 9-9, seat 2 0-1,
    seat 3 2-2. Laying 5-9 lets seat 1 go out with 9-9: team B wins A's 6 + 1 = 7 points (R16, R18),
    worth -15 in ``VALUE``. Laying 3-3, nobody can follow 3 or 5 (three passes, R15), seat 0 goes out
    with 5-9 and team A wins B's 18 + 4 = 22 points: 30. Searching for team A the value is 30; with
    ``VALUE`` as the other team's table (team A minimising) the same position is worth -15."""
    tile = {(t.low, t.high): t.index for t in DOUBLE_NINE_SET}
    hands = [1 << tile[3, 3] | 1 << tile[5, 9], 1 << tile[9, 9], 1 << tile[0, 1], 1 << tile[2, 2]]
    ranked = [to_rank(h) for h in hands]
    assert solve(ranked, 3, 5, 0, 0, VALUE, TIE, 0) == 30.0
    assert solve(ranked, 3, 5, 0, 0, VALUE, TIE, 1) == -15.0
    assert reference(hands + [3, 5, 0, 0], 0) == 30.0 and reference(hands + [3, 5, 0, 0], 1) == -15.0


def test_expert_with_the_exact_search_plays_a_legal_move_from_its_view_only() -> None:
    """The option reads only the seat's view (R23) and is deterministic for a seed: the decisions of a
    match's first hand, made twice, are the same and legal."""
    settings = ExpertSettings(endgame=16)
    log = MatchLog(seed=11)
    searched = 0
    while log.state.phase is not Phase.MATCH_OVER and not log.state.finished:
        seat = min(to_act(log.state))
        view = view_for(log.state, seat)
        assert isinstance(view, SeatView)
        rng_seed = len(log.events)
        moves = view.legal_moves()
        if len(moves) > 1 and isinstance(moves[0], Play) and sum(view.counts) <= 17:
            first = expert_play(view, decision_rng(11, rng_seed), settings)
            assert first == expert_play(view, decision_rng(11, rng_seed), settings)
            assert first in moves
            searched += 1
        log.submit(decide(view, "expert", decision_rng(11, rng_seed)))
    assert searched > 0
