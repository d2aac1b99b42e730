"""R1: tiles are unordered pairs 0..9, interned, with pip totals and masks."""
from __future__ import annotations

import pytest

from doublenine.shared.tiles import DOUBLE_NINE_SET, FULL_MASK, PIP_MASK, Tile, mask_of, pip_total, tiles_of


def test_r1_tiles_are_unordered_pairs_zero_to_nine() -> None:
    assert Tile(9, 0) is Tile(0, 9) and (Tile(9, 0).low, Tile(9, 0).high) == (0, 9)
    for a, b in ((10, 0), (-1, 3), (0, 10)):
        with pytest.raises(ValueError):
            Tile(a, b)
    assert [t.index for t in DOUBLE_NINE_SET] == list(range(55))
    assert sum(t.pips for t in DOUBLE_NINE_SET) == 495  # each pip value on 11 halves: 11 * 45


def test_r1_each_pip_value_shows_on_ten_tiles() -> None:
    assert [m.bit_count() for m in PIP_MASK] == [10] * 10
    assert mask_of(DOUBLE_NINE_SET) == FULL_MASK
    assert tiles_of(mask_of([Tile(5, 3), Tile(0, 0)])) == (Tile(0, 0), Tile(3, 5))
    assert pip_total(mask_of([Tile(9, 9), Tile(4, 5)])) == 27
