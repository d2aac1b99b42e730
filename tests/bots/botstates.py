"""Random and constructed match states for the computer-player tests (seeded, reproducible)."""
from __future__ import annotations

import random
from collections.abc import Iterator

from doublenine.shared.moves import DrawPick, Nominate
from doublenine.shared.rules import apply, apply_shuffle, legal_decisions, to_act
from doublenine.shared.seats import Seat
from doublenine.shared.state import INITIAL, MatchState, Phase
from doublenine.shared.tiles import DOUBLE_NINE_SET


def shuffled(rng: random.Random) -> tuple[int, ...]:
    """A random order of the 55 tile indices."""
    order = list(range(len(DOUBLE_NINE_SET)))
    rng.shuffle(order)
    return tuple(order)


def random_states(seed: int, matches: int) -> Iterator[tuple[MatchState, Seat]]:
    """Every (state, seat to decide) met while random legal decisions play ``matches`` matches."""
    rng = random.Random(seed)
    for _ in range(matches):
        state = INITIAL
        while state.phase is not Phase.MATCH_OVER:
            if state.needs_shuffle:
                state = apply_shuffle(state, shuffled(rng))
                continue
            seats = sorted(to_act(state))
            for seat in seats:
                yield state, seat
            seat = seats[rng.randrange(len(seats))]
            options = legal_decisions(state, seat)
            state = apply(state, options[rng.randrange(len(options))])


def review_state(order: tuple[int, ...], opener: Seat = Seat.ONE) -> MatchState:
    """The review (R10) of the first deal of a match, dealt from ``order`` (R9: 10 each, 15 unused)."""
    state = apply_shuffle(INITIAL, tuple(range(55)))
    # positions 54 (9-9) and 0 (0-0): team A wins the opening draw (R4)
    state = apply(apply(state, DrawPick(Seat.ONE, 54)), DrawPick(Seat.TWO, 0))
    state = apply(state, Nominate(Seat.ONE, opener if opener in (Seat.ONE, Seat.THREE) else Seat.ONE))
    return apply_shuffle(state, order)


def order_with_doubles(seat: Seat, doubles: int, rng: random.Random) -> tuple[int, ...]:
    """A deal order in which ``seat`` holds exactly ``doubles`` doubles."""
    dbl = [t.index for t in DOUBLE_NINE_SET if t.is_double]
    plain = [t.index for t in DOUBLE_NINE_SET if not t.is_double]
    rng.shuffle(dbl)
    rng.shuffle(plain)
    hand = dbl[:doubles] + plain[:10 - doubles]
    rest = dbl[doubles:] + plain[10 - doubles:]
    rng.shuffle(rest)
    at = 10 * (seat - 1)
    return tuple(rest[:at] + hand + rest[at:])
