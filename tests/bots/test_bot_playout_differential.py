"""The bots' int playout agrees with the rules engine on thousands of seeded hands (issue 4, R14-R18)."""
from __future__ import annotations

import random

from botstates import shuffled

from doublenine.server.bots.playout import (
    LEFT_END, heavy_choice, outcome, pass_turn, play, playable, rollout, smart_choice,
)
from doublenine.shared.moves import End, Pass, Play
from doublenine.shared.rules import apply, initial_hand, legal_moves
from doublenine.shared.seats import SEATS
from doublenine.shared.state import Deal, MatchState, Phase
from doublenine.shared.tiles import DOUBLE_NINE_SET

HANDS = 2000


def _start(rng: random.Random) -> tuple[MatchState, list[int]]:
    deal = Deal.from_order(shuffled(rng))
    opener = SEATS[rng.randrange(4)]
    state = MatchState(phase=Phase.PLAY, hand_number=1, opener=opener, deal=deal,
                       hand=initial_hand(deal, opener))
    return state, list(deal.masks) + [-1, -1, opener - 1, 0]


def _same(state: MatchState, board: list[int]) -> None:
    h = state.hand
    assert h is not None
    assert list(h.hands) == board[:4]
    assert (h.left, h.right, h.turn - 1, h.passes) == tuple(board[4:])


def _engine_result(state: MatchState) -> tuple[int, int]:
    done = state.finished[-1]
    return (-1 if done.winner is None else done.winner.index), done.points


def test_r14_r18_random_moves_step_for_step() -> None:
    """Same legal tiles, same board after every play or pass, same result, for 2,000 hands."""
    rng = random.Random(4)
    for _ in range(HANDS):
        state, board = _start(rng)
        while True:
            seat = state.hand.turn  # type: ignore[union-attr]
            moves = legal_moves(state, seat)
            tiles = {m.tile.index for m in moves if isinstance(m, Play)}
            assert playable(board) == sum(1 << i for i in tiles)
            m = moves[rng.randrange(len(moves))]
            state = apply(state, m)
            if isinstance(m, Pass):
                over, ender = pass_turn(board), -1
            else:
                over = play(board, m.tile.index, LEFT_END if m.end is End.LEFT else 1)
                ender = seat - 1
            if state.phase is not Phase.PLAY:
                assert over
                assert outcome(board, ender) == _engine_result(state)
                break
            assert not over
            _same(state, board)


def test_r14_r18_rollout_policies_replay_through_the_engine() -> None:
    """Both playout policies only make legal moves and score as the engine does (2 x 1,000 hands)."""
    rng = random.Random(5)
    for k in range(HANDS):
        state, board = _start(rng)
        record: list[tuple[int, int, int]] = []
        result = rollout(board, heavy_choice if k % 2 else smart_choice, record)
        for seat, i, end in record:
            if i < 0:
                state = apply(state, Pass(SEATS[seat]))
            else:
                state = apply(state, Play(SEATS[seat], DOUBLE_NINE_SET[i], End.LEFT if end == 0 else End.RIGHT))
        assert state.phase is not Phase.PLAY
        assert result == _engine_result(state)
