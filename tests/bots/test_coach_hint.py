"""The coach measures; the hint is reported beside it (R25, issue 14.2).

Session 13 made the coach's best the hint's move, so that a player who followed Hint was not told
"1 mistake" (5-9 played for its weight, which the expert's prior favours, against 1-5 by the rollout
mean alone). Session 15's expert player (domino F1/F2) found what that cost: a hinted move was never a
mistake, whatever the coach measured, and "The expert agrees" was said over a play the coach itself
measured 12 points worse (a block won on the count, missed by the hint). Now ``best`` is the measured
best, the hint's move is measured and reported as ``hint``, and a hinted move is a mistake when the
longer measurement says so.
"""
from __future__ import annotations

import random

from test_bot_expert import _views

from doublenine.server import coach
from doublenine.server.bots.expert import DEFAULT, Estimate
from doublenine.server.bots.heuristic import score_play
from doublenine.server.bots.knowledge import knowledge
from doublenine.shared.moves import Play


def _position():  # type: ignore[no-untyped-def]
    """A play with two tiles whose normal scores differ by more than 10 (weight, say)."""
    for view in _views(51, 4):
        if view.turn != view.viewer or view.ends is None:
            continue
        k = knowledge(view)
        plays = [m for m in view.legal_moves() if isinstance(m, Play)]
        if len({m.tile for m in plays}) != 2:
            continue
        scored = sorted(plays, key=lambda m: score_play(k, m.tile, m.end))
        low, high = scored[0], scored[-1]
        if low.tile != high.tile and score_play(k, high.tile, high.end) - score_play(k, low.tile, low.end) > 10:
            return view, k, low, high
    raise AssertionError("no such position")


def _stub(means):  # type: ignore[no-untyped-def]
    return lambda view, rng: {m: Estimate(means[m.tile], 0.1, 3000) for m in view.legal_moves()}


def test_a_move_the_prior_prefers_is_a_mistake_when_measured_worse() -> None:
    """The expert's prior (0.5 x the normal score) no longer hides a measured loss (s15 domino F1)."""
    view, k, low, high = _position()
    gap = DEFAULT.prior * (score_play(k, high.tile, high.end) - score_play(k, low.tile, low.end))
    loss = min(3.6, gap - 0.5)  # the mean prefers the low tile by less than the prior prefers the high one
    assert loss > coach.THRESHOLD + coach.Z * 0.1 * 2 ** 0.5
    row = coach.review_decision(5, view, high, random.Random(1), _stub({low.tile: loss, high.tile: 0.0}))
    assert (row.mistake, row.best.tile, round(row.loss, 9)) == (True, low.tile, round(loss, 9))


def test_a_mean_gap_beyond_the_prior_is_still_a_mistake() -> None:
    view, k, low, high = _position()
    gap = DEFAULT.prior * (score_play(k, high.tile, high.end) - score_play(k, low.tile, low.end))
    row = coach.review_decision(5, view, high, random.Random(1), _stub({low.tile: gap + 2.0, high.tile: 0.0}))
    assert row.mistake is True and row.best.tile == low.tile
    assert abs(row.loss - (gap + 2.0)) < 1e-9


# --- the coach judges against the hint's very move (s13 expert finding F1) -------------------------

LEAD_HAND = [(0, 2), (0, 4), (0, 5), (0, 6), (1, 3), (3, 3), (3, 7), (4, 5), (4, 7), (4, 9)]
"""s13 finding F1, hand 7 seat 1: the hint led 0-6 and the coach (its own 6,000-playout argmax) said
'lead 3-3, lost 6.6'."""


def _lead_view():  # type: ignore[no-untyped-def]
    from doublenine.shared import handscript
    from doublenine.shared.seats import Seat
    from doublenine.shared.views import view_for
    mine = [list(t) for t in LEAD_HAND]
    rest = [[a, b] for a in range(10) for b in range(a, 10) if [a, b] not in mine]
    doc = {"hands": {"1": mine, "2": rest[0:10], "3": rest[10:20], "4": rest[20:30]}, "opener": 1, "moves": []}
    return view_for(handscript.start_state(handscript.parse(doc)), Seat.ONE)


def _hinted(view, seed):  # type: ignore[no-untyped-def]
    from doublenine.server.bots import decide
    from doublenine.server.computer import hint_rng
    return decide(view, "expert", hint_rng(seed, view)), ("expert", hint_rng(seed, view))


def test_f1_the_reported_lead_hint_is_reported_and_judged_by_the_measurement() -> None:
    """s13's lead (the hint led 0-6): the row names the hint's move with its value on the same worlds,
    and the verdict is the measurement's: ``best`` is the play of highest mean, a mistake only beyond
    the threshold plus two standard errors of the loss."""
    view = _lead_view()
    k = knowledge(view)
    move, hint = _hinted(view, 4242)
    values = coach._expert(view, random.Random("4242:1:1:0:coach"))
    row = coach.review_decision(0, view, move, random.Random("4242:1:1:0:coach"), None, hint)
    top = max((m for m in view.legal_moves() if isinstance(m, Play)), key=lambda m: values[m].mean)
    assert row.kind == "lead" and row.hint == move and row.hint_value == values[move]
    assert row.best_value is not None and row.best_value.mean == max(values[move].mean, values[top].mean)
    assert row.mistake == (row.loss - coach.Z * row.loss_stderr > coach.THRESHOLD)
    assert k.hand.bit_count() == 10


def test_f1_a_play_other_than_the_hint_is_judged_against_the_measured_best() -> None:
    """The best shown is the measured best; the hint's move is reported beside it."""
    view = _lead_view()
    move, hint = _hinted(view, 4242)
    other = next(m for m in view.legal_moves() if isinstance(m, Play) and m.tile != move.tile)
    third = next(m for m in view.legal_moves() if isinstance(m, Play) and m.tile not in (move.tile, other.tile))
    means = {m.tile: {move.tile: 4.0, third.tile: 10.0}.get(m.tile, 0.0) for m in view.legal_moves()}
    row = coach.review_decision(0, view, other, random.Random(1), _stub(means), hint)
    assert (row.best.tile, row.mistake, row.loss, row.hint) == (third.tile, True, 10.0, move)
    assert row.hint_value is not None and row.hint_value.mean == 4.0


# --- s15 domino F1: a block won on the count, missed by the hint, "The expert agrees" -------------

DOMINO_F1 = {
    "hands": {"1": [[2, 4], [2, 9], [1, 7], [3, 8], [0, 4], [3, 4], [0, 6], [0, 5], [1, 2], [0, 1]],
              "2": [[7, 8], [5, 5], [6, 9], [8, 9], [0, 7], [5, 8], [6, 7], [5, 6], [2, 7], [3, 7]],
              "3": [[0, 8], [2, 2], [6, 8], [1, 6], [6, 6], [5, 9], [0, 0], [4, 7], [1, 5], [0, 9]],
              "4": [[7, 7], [3, 5], [4, 8], [1, 9], [1, 1], [4, 4], [3, 6], [4, 5], [2, 8], [9, 9]]},
    "opener": 2, "scores_before": {"A": 0, "B": 57},
    "moves": [{"seat": s, "pass": True} if t is None else {"seat": s, "play": list(t), "end": e} for s, t, e in [
        (2, (7, 8), "left"), (3, (6, 8), "right"), (4, (7, 7), "left"), (1, (1, 7), "left"),
        (2, (6, 9), "right"), (3, (5, 9), "right"), (4, (1, 9), "left"), (1, (2, 9), "left"),
        (2, (5, 5), "right"), (3, (1, 5), "right"), (4, (2, 8), "left"), (1, (3, 8), "left"),
        (2, (3, 7), "left"), (3, (4, 7), "left"), (4, (4, 4), "left"), (1, (0, 4), "left"),
        (2, (0, 7), "left"), (3, (1, 6), "right"), (4, (3, 6), "right"), (1, (3, 4), "right"),
        (2, (2, 7), "left"), (3, (2, 2), "left"), (4, (4, 5), "right"), (1, (0, 5), "right"),
        (2, None, None), (3, (0, 8), "right"), (4, (4, 8), "right")]]}
"""Match 2, hand 2 of the tester's match (table seed 1515), South to play at move 27: ends 2|4, South holds
0-1 0-6 1-2 2-4; East passed on 2|0 and every 4 South has not seen is among the unused tiles. 2-4 on the 4
(ends 2|2, East must pass) was played and hinted; 2-4 on the 2 (ends 4|4) is a block South wins on the count."""


def test_domino_f1_a_hinted_move_the_coach_measures_13_points_worse_is_a_mistake(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from doublenine.server import bots
    from doublenine.shared import handscript
    from doublenine.shared.moves import End
    from doublenine.shared.seats import Seat
    from doublenine.shared.tiles import Tile
    from doublenine.shared.views import view_for
    view = view_for(handscript.run(handscript.parse(DOMINO_F1)), Seat.ONE)
    made, block = Play(Seat.ONE, Tile(2, 4), End.RIGHT), Play(Seat.ONE, Tile(2, 4), End.LEFT)
    monkeypatch.setattr(bots, "decide", lambda v, level, rng: made)  # the table's hint gave the 2|2 there
    row = coach.review_decision(27, view, made, coach.position_rng(view), None, ("expert", random.Random(1515)))
    wire = coach.row_wire(row)
    assert (row.mistake, row.best, row.hint, row.reason) == (True, block, made, None)
    assert (wire["made_mean"], wire["best_mean"], wire["loss"], wire["loss_stderr"]) == (22.5, 35.62, 13.12, 0.85)
    assert wire["hint_mean"] == wire["made_mean"] and wire["hint"] == wire["made"]
