"""R1: the double-nine set."""
from __future__ import annotations

from doublenine.shared.tiles import DOUBLE_NINE_SET, Tile


def test_r1_fifty_five_distinct_tiles_with_ten_doubles() -> None:
    assert len(DOUBLE_NINE_SET) == 55
    assert len({(t.low, t.high) for t in DOUBLE_NINE_SET}) == 55
    assert sum(t.is_double for t in DOUBLE_NINE_SET) == 10
    assert Tile(5, 3) is Tile(3, 5)
    assert Tile(9, 4).pips == 13
