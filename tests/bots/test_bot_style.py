"""Per-seat reading styles fitted from the match's revealed hands (issue 14, R21, R22; server/bots/style.py)."""
from __future__ import annotations

import math
import random

from doublenine.server.bots import decide, style
from doublenine.server.bots.playout import IS_DOUBLE, PIPS
from doublenine.server.bots.style import PRIOR, Style, choices, fit_style, fit_styles, log_likelihood
from doublenine.shared.events import MatchLog
from doublenine.shared.rules import to_act
from doublenine.shared.seats import Team
from doublenine.shared.state import Phase
from doublenine.shared.tiles import Tile
from doublenine.shared.views import SeatView, view_for


def _match(seed: int, level_a: str, level_b: str, hands: int) -> SeatView:
    """Play until ``hands`` hands are finished (or the match ends); the view of seat 1 then."""
    log = MatchLog(seed=seed)
    rng = random.Random(seed)
    while True:
        state = log.state
        seat = min(to_act(state)) if state.phase is not Phase.MATCH_OVER else None
        if seat is None or len(state.finished) >= hands:
            view = view_for(state, min(to_act(state)) if seat else state.opener or seat)  # type: ignore[arg-type]
            break
        view = view_for(state, seat)
        assert isinstance(view, SeatView)
        log.submit(decide(view, level_a if seat.team is Team.A else level_b, rng))
    assert len(view.finished) >= 1
    return view  # type: ignore[return-value]


def test_r22_log_likelihood_of_a_choice_is_the_softmax() -> None:
    """Laying the 6-3 (9 pips) when the 4-4 (8 pips, a double) also fitted: P = e^(9b) / (e^(9b) + e^(b(8 + d)))."""
    a, b = Tile(3, 6).index, Tile(4, 4).index
    records = [(1 << a | 1 << b, a)]
    assert math.isclose(log_likelihood(records, Style(1.0, 0.0)), -math.log1p(math.exp(-1.0)))
    assert math.isclose(log_likelihood(records, Style(2.0, 1.5)), -math.log1p(math.exp(2.0 * 0.5)))
    assert log_likelihood(records, Style(0.0, 0.0)) == -math.log(2.0)


def test_r22_no_data_gives_the_prior_and_consistent_choices_an_extreme_beta() -> None:
    """Twelve choices of the heavier of two tiles one pip apart: beta 5 (the prior pulls from 8);
    the lighter each time: beta 0."""
    assert fit_style([]) == PRIOR
    rng = random.Random(3)
    pairs = []
    while len(pairs) < 12:
        a, b = rng.sample([t for t in range(55) if not IS_DOUBLE[t]], 2)
        if PIPS[a] == PIPS[b] + 1:
            pairs.append((a, b))
    assert fit_style([(1 << a | 1 << b, a) for a, b in pairs]) == Style(5.0, 1.5)  # no double: the prior keeps 1.5
    assert fit_style([(1 << a | 1 << b, b) for a, b in pairs]).beta == 0.0


def test_r22_choices_replay_each_seats_hand_from_the_reveal() -> None:
    """Every record: the laid tile among the options, the options within the hand as dealt, more than one."""
    view = _match(5, "heaviest", "easy", 2)
    records = choices(view.finished)
    dealt = [0, 0, 0, 0]
    for fh in view.finished:
        for s in range(4):
            dealt[s] |= fh.dealt_masks[s]
    for s in range(4):
        assert records[s], s
        for options, laid in records[s]:
            assert options >> laid & 1 and options.bit_count() >= 2
            assert options & ~dealt[s] == 0


def test_r22_heaviest_seats_read_as_heavy_and_random_seats_not() -> None:
    """After three hands, team B (heaviest) gets beta >= 5, team A (random legal plays) beta <= 0.5."""
    view = _match(11, "easy", "heaviest", 3)
    styles = fit_styles(view)
    assert [s.beta >= 5.0 for s in styles] == [False, True, False, True]
    assert styles[0].beta <= 0.5 and styles[2].beta <= 0.5
    assert fit_styles(view) is styles  # memoised on the finished hands


def test_r22_the_memo_tells_apart_hands_with_the_same_deal_and_as_many_moves() -> None:
    """Two matches on one seed deal the same hands (R24) and their hands can end after as many moves;
    the fit must follow each hand's own moves (the memo once keyed on the move count only)."""
    import dataclasses

    def direct(fh):  # type: ignore[no-untyped-def]
        return tuple(fit_style(r) for r in choices((fh,)))

    a_view = _match(11, "easy", "heaviest", 1)
    b_view = _match(12, "heaviest", "easy", 1)
    a, b = a_view.finished[0], b_view.finished[0]
    n = min(len(a.moves), len(b.moves))
    a2 = dataclasses.replace(a, moves=a.moves[:n])
    b2 = dataclasses.replace(b, match=a.match, number=a.number, dealt_masks=a.dealt_masks, moves=b.moves[:n])
    assert direct(a2) != direct(b2)  # else this test could not fail
    assert fit_styles(dataclasses.replace(a_view, finished=(a2,))) == direct(a2)
    assert fit_styles(dataclasses.replace(a_view, finished=(b2,))) == direct(b2)
