"""Real matches played through MatchLog for the ledger tests and screenshots (issue 6).

Every seat picks a seeded random legal decision from its own SeatView; a seat
with five or more doubles always demands a redeal (R12, the computer's rule), so
long matches carry real redeal records (R13).
"""
from __future__ import annotations

import random

from doublenine.shared.events import MatchLog
from doublenine.shared.moves import Review
from doublenine.shared.rules import to_act
from doublenine.shared.state import Phase
from doublenine.shared.views import SeatView, view_for


def _step(log: MatchLog, rng: random.Random) -> None:
    seat = min(to_act(log.state))
    view = view_for(log.state, seat)
    assert isinstance(view, SeatView)
    options = view.legal_decisions()
    if view.may_demand_redeal:
        options = (Review(seat, True),)
    log.submit(rng.choice(options))


def play_match(log: MatchLog, rng: random.Random, max_hands: int | None = None) -> MatchLog:
    """Play the current match of ``log`` to its end (or ``max_hands`` finished hands)."""
    while log.state.phase is not Phase.MATCH_OVER:
        if max_hands is not None and len(log.state.finished) >= max_hands:
            break
        _step(log, rng)
    return log


def played_log(seed: int, earlier: int = 1, current_hands: int | None = 2) -> MatchLog:
    """A seeded table with ``earlier`` finished matches and a current one ``current_hands`` deep."""
    log = MatchLog(seed=seed)
    rng = random.Random(seed)
    for _ in range(earlier):
        play_match(log, rng)
        log.new_match()
    play_match(log, rng, current_hands)
    return log


def find_seed_with_redeal(start: int = 0) -> int:
    """The first seed >= ``start`` whose first match holds a redeal record (R13)."""
    seed = start
    while True:
        log = play_match(MatchLog(seed=seed), random.Random(seed))
        if log.state.redeals:
            return seed
        seed += 1
