"""The fast constructors of state.py build the same frozen values as the dataclass __init__."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import pytest

from doublenine.shared.moves import End, Pass
from doublenine.shared.seats import Seat, Team
from doublenine.shared.state import (
    INITIAL, HandState, MatchState, Phase, Placed, _slot_builders, evolve_match, new_hand,
    new_placed, with_hand,
)
from doublenine.shared.tiles import Tile


def test_evolve_match_equals_dataclasses_replace_for_every_field() -> None:
    changes = dict(phase=Phase.PLAY, match=2, scores=(40, 7), entitled=Team.B, opener=Seat.FOUR,
                   hand_number=3, answered=frozenset({Seat.ONE}))
    built = evolve_match(INITIAL, **changes)
    assert built == dataclasses.replace(INITIAL, **changes)
    assert type(built) is MatchState
    assert hash(built) == hash(dataclasses.replace(INITIAL, **changes))
    assert evolve_match(INITIAL) == INITIAL and evolve_match(INITIAL) is not INITIAL


def test_with_hand_changes_only_the_hand_and_stays_frozen() -> None:
    hand = HandState((1, 2, 4, 8), (), -1, -1, Seat.TWO, 0, (Pass(Seat.ONE),))
    built = with_hand(INITIAL, hand)
    assert built == dataclasses.replace(INITIAL, hand=hand)
    with pytest.raises(dataclasses.FrozenInstanceError):
        built.hand = None  # type: ignore[misc]


def test_new_hand_and_new_placed_equal_their_dataclass_init() -> None:
    args = ((1, 2, 4, 8), (), 3, 5, Seat.THREE, 2, ())
    assert new_hand(*args) == HandState(*args)
    assert type(new_hand(*args)) is HandState
    placed = new_placed(Tile(3, 5), Seat.ONE, End.RIGHT, 5, 3)
    assert placed == Placed(Tile(3, 5), Seat.ONE, End.RIGHT, 5, 3)
    with pytest.raises(dataclasses.FrozenInstanceError):
        placed.left = 0  # type: ignore[misc]


def test_builders_fall_back_when_no_twin_layout_fits() -> None:
    @dataclass(frozen=True, slots=True, weakref_slot=True)  # a weakref slot the twin lacks
    class Odd:
        a: int
        b: str

    ns = _slot_builders(Odd)
    assert ns["twin"] is None
    assert ns["build"](1, "x") == Odd(1, "x")
    assert ns["evolve"](Odd(1, "x"), b="y") == Odd(1, "y")
