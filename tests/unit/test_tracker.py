"""Issue 14.3: the tile tracker counts only what the view shows (R15, R21, D8).

Checked against the truth of seeded random matches: at every decision of play,
for every seat and for a spectator, the unseen tiles are exactly the other three
hands plus the unused tiles (less what the viewer holds or sees on the line), and
every number a seat is said to lack is truly absent from its hand then and at the
hand's reveal (R22).
"""
from __future__ import annotations

import random

from doublenine.shared.events import MatchLog
from doublenine.shared.moves import Pass
from doublenine.shared.rules import legal_decisions, to_act
from doublenine.shared.seats import SEATS
from doublenine.shared.state import Phase
from doublenine.shared.tiles import DOUBLE_NINE_SET, tiles_of
from doublenine.shared.tracker import Tracker, track
from doublenine.shared.views import view_for

from enginekit import HAND1, HAND2, HAND3, HAND4, L, R, S1, S2, S3, S4, in_play, play, run, t, ts


def test_issue14_tracker_of_a_seat_at_a_known_position() -> None:
    # Seat 1 leads 0-5, seat 2 plays 1-5 right, seat 3 passes on ends (0, 1).
    state = run(in_play(), play(S1, "0-5", L), play(S2, "1-5", R), Pass(S3))
    tr = track(view_for(state, S4))
    seen = ts(HAND4) | {t("0-5"), t("1-5")}
    assert tr.unseen == tuple(sorted(set(DOUBLE_NINE_SET) - seen))
    assert len(tr.unseen) == 55 - 10 - 2
    # tiles with a 9 that seat 4 has not seen: 0-9 1-9 2-9 5-9 6-9 7-9 8-9 9-9 (3-9 and 4-9 are its own)
    assert tr.unseen_by_number[9] == 8
    # 0 and 5 tiles: all 10 with a 0 except 0-5 (line); seat 4 holds none
    assert tr.unseen_by_number[0] == 9
    assert tr.lacking == (frozenset(), frozenset(), frozenset({0, 1}), frozenset())


def test_issue14_spectator_tracker_counts_only_the_line() -> None:
    state = run(in_play(), play(S1, "0-5", L), play(S2, "1-5", R), Pass(S3))
    tr = track(view_for(state, None))
    assert len(tr.unseen) == 53
    assert tr.unseen_by_number[5] == 8
    assert tr.lacking[S3 - 1] == frozenset({0, 1})


def _truth_unseen(state, viewer):  # type: ignore[no-untyped-def]
    """The tiles the viewer cannot see, from the whole state: other hands now plus the unused."""
    hidden = set(state.deal.unused)
    for s in SEATS:
        if s != viewer:
            hidden |= set(tiles_of(state.hand.hands[s - 1]))
    return tuple(sorted(hidden))


def _check(state, tr: Tracker, viewer) -> None:  # type: ignore[no-untyped-def]
    assert tr.unseen == _truth_unseen(state, viewer) if viewer is not None else True
    for s in SEATS:
        held = set(tiles_of(state.hand.hands[s - 1]))
        assert not any(tile.has(n) for tile in held for n in tr.lacking[s - 1]), (s, tr.lacking)
    assert tr.unseen_by_number == tuple(sum(1 for x in tr.unseen if x.has(n)) for n in range(10))


def test_issue14_tracker_equals_the_truth_over_random_matches() -> None:
    checked = lacking_seen = 0
    for seed in range(12):
        rng = random.Random(seed)
        log = MatchLog(seed=seed)
        while log.state.phase is not Phase.MATCH_OVER and checked < 6000:
            state = log.state
            if state.phase is Phase.PLAY:
                for viewer in (*SEATS, None):
                    tr = track(view_for(state, viewer))
                    _check(state, tr, viewer)
                    if viewer is None:
                        line = {p.tile for p in state.hand.line}
                        assert set(tr.unseen) == set(DOUBLE_NINE_SET) - line
                    lacking_seen += sum(len(x) for x in tr.lacking)
                    checked += 1
            seat = min(to_act(state))
            log.submit(rng.choice(legal_decisions(state, seat)))
    assert checked > 1000 and lacking_seen > 100
