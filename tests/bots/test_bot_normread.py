"""Reading the plays with the normal score as the play model (issue 14, R21, R22; server/bots/normread.py)."""
from __future__ import annotations

import math
import random

from doublenine.server.bots import decide
from doublenine.server.bots.heuristic import (W_DOUBLE, W_FOLLOW, W_OPPONENT_NUMBER, W_PIPS, ends_after,
                                              score_play)
from doublenine.server.bots.knowledge import knowledge
from doublenine.server.bots.normread import (LAMBDAS, PRIOR_LAMBDA, choices, fit_lambda, fit_lambdas, log_likelihood,
                                             normal_affinity, public_score, replay)
from doublenine.server.bots.playout import PM
from doublenine.shared.events import MatchLog
from doublenine.shared.moves import Play
from doublenine.shared.rules import to_act
from doublenine.shared.seats import Seat, Team
from doublenine.shared.state import Phase
from doublenine.shared.tiles import DOUBLE_NINE_SET
from doublenine.shared.views import SeatView, view_for


def _views(seed: int, level_a: str, level_b: str, hands: int) -> list[SeatView]:
    """Every view met by a deciding seat until ``hands`` hands are finished."""
    log = MatchLog(seed=seed)
    rng = random.Random(seed)
    out = []
    while log.state.phase is not Phase.MATCH_OVER and len(log.state.finished) < hands:
        seat = min(to_act(log.state))
        view = view_for(log.state, seat)
        assert isinstance(view, SeatView)
        out.append(view)
        log.submit(decide(view, level_a if seat.team is Team.A else level_b, rng))
    return out


def test_r22_normal_players_make_the_best_scored_move_and_fit_a_sharp_lam() -> None:
    """The normal level plays the argmax of score_play: in every record the move made scores the
    best of its options, the likelihood grows with lam and the fit is at least the prior's centre."""
    view = _views(4, "normal", "normal", 3)[-1]
    records = choices(view.finished)
    assert all(len(r) >= 10 for r in records), [len(r) for r in records]
    for per_seat in records:
        for scores, made in per_seat:
            assert len(scores) >= 2 and scores[made] == max(scores)
    for per_seat in records:  # sharper always explains argmax choices better (ties cap it at -log 2 each)
        lls = [log_likelihood(per_seat, lam) for lam in LAMBDAS]
        assert lls == sorted(lls) and lls[0] < lls[-1]
    assert min(fit_lambdas(view)) >= 1.0  # the prior (centre 1) pulls a tie-capped likelihood back
    assert fit_lambda([]) == PRIOR_LAMBDA


def test_r22_random_players_fit_a_soft_lam() -> None:
    """Random legal moves (easy) are explained by the softest lam of the grid, not the prior's."""
    view = _views(6, "easy", "easy", 3)[-1]
    assert fit_lambdas(view) == (min(LAMBDAS),) * 4


def test_r21_replay_ends_with_the_views_voids_and_numbers_and_public_score_is_score_play_less_following() -> None:
    """At every decision: the public record replayed gives knowledge()'s voids and laid-open numbers,
    and for a tile that fits one end only, score_play = public_score + the following term."""
    checked = 0
    for view in _views(9, "normal", "easy", 2):
        moves = view.legal_moves()
        if not moves or not isinstance(moves[0], Play) or view.ends is None:
            continue
        k = knowledge(view)
        voids, exposed = [0, 0, 0, 0], [0, 0, 0, 0]
        for _m, _l, _r, v, e in replay(view.moves):
            voids, exposed = v, e
        assert tuple(voids) == k.voids and tuple(exposed) == k.exposed
        left, right = view.ends
        for m in moves:
            assert isinstance(m, Play)
            t = m.tile
            if sum(at in (t.low, t.high) for at in (left, right)) != 1 or left == right:
                continue
            rest = k.hand ^ t.bit
            if not rest:
                continue
            a, z = ends_after(k, t, m.end)
            follow = W_FOLLOW * min((rest & (PM[a] | PM[z])).bit_count(), 3)
            assert math.isclose(score_play(k, t, m.end), public_score(k.me, t.index, left, right, voids, exposed)
                                + follow)
            checked += 1
    assert checked >= 40


def test_r21_affinity_of_one_play_is_the_chance_the_laid_tile_was_preferred() -> None:
    """Seat 1 led, seat 2 answered: for seat 1, each hidden tile t that fitted seat 2's ends has
    affinity sigmoid(lam * (S(laid) - S(t))) for seat 2 (S: pips, 5 per double, -2 per end showing a
    number seat 1 laid open); every other entry is 1."""
    log = MatchLog(seed=31)
    rng = random.Random(31)
    while True:
        state = log.state
        seat = min(to_act(state))
        view = view_for(state, seat)
        plays = [m for m in view.moves if isinstance(m, Play)]
        if state.phase is Phase.PLAY and len(view.moves) == 2 and len(plays) == 2:
            break
        log.submit(decide(view, "heaviest", rng))
        assert len(log.state.finished) == 0
    lead, answer = plays
    reader = view_for(log.state, lead.seat)
    assert isinstance(reader, SeatView)
    k = knowledge(reader)
    left, right = lead.tile.low, lead.tile.high  # orientation does not change the numbers
    laid_open = 1 << left | 1 << right

    def s(t: int, new: int, kept: int) -> float:
        tile = DOUBLE_NINE_SET[t]
        ends = 1 << new | 1 << kept
        return W_PIPS * tile.pips + (W_DOUBLE if tile.is_double else 0.0) - W_OPPONENT_NUMBER * (laid_open & ends).bit_count()

    def best(t: int) -> float:
        tile = DOUBLE_NINE_SET[t]
        return max(s(t, tile.other_end(at), kept) for at, kept in ((left, right), (right, left))
                   if at in (tile.low, tile.high))

    c = answer.tile
    at = left if c.low == left or c.high == left else right  # seat 2 laid c on the end showing ``at``
    ends_now = reader.ends
    assert ends_now is not None
    mine = s(c.index, c.other_end(at), right if at == left else left)
    aff = normal_affinity(reader, k, (0.0, 0.5, 0.0, 0.0))
    assert aff is not None
    seat2 = Seat.TWO - 1
    fitted = 0
    for t in range(55):
        tile = DOUBLE_NINE_SET[t]
        fits = k.hidden >> t & 1 and (left in (tile.low, tile.high) or right in (tile.low, tile.high))
        want = 1.0 / (1.0 + math.exp(-0.5 * (mine - best(t)))) if fits else 1.0
        assert math.isclose(aff[seat2][t], want), (tile, aff[seat2][t], want)
        fitted += bool(fits)
        assert all(aff[p][t] == 1.0 for p in range(5) if p != seat2)
    assert fitted >= 5
