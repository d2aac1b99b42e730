"""Tiles and the double-nine set (R1).

A :class:`Tile` is an unordered pair of pip values ``0 <= low <= high <= 9``.
The 55 tiles of the set are interned: ``Tile(3, 5) is Tile(5, 3)`` holds, and
each tile has a stable ``index`` in ``0..54`` used for bit masks (a hand is a
set of tiles; the engine keeps it as an ``int`` mask with bit ``tile.index``).
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Final

MAX_PIP: Final = 9
"""Highest pip value on a double-nine tile (R1)."""


class Tile:
    """One domino tile {low, high}, 0 <= low <= high <= 9 (R1). Immutable, interned.

    ``Tile(a, b)`` accepts the values either way round and returns the one
    interned instance. Raises ``ValueError`` for values outside 0..9.
    """

    __slots__ = ("low", "high", "index", "pips", "is_double", "bit")

    low: int
    """The smaller pip value."""
    high: int
    """The larger pip value."""
    index: int
    """Position 0..54 in :data:`DOUBLE_NINE_SET`; bit ``1 << index`` in masks."""
    pips: int
    """Pip total ``low + high`` (R1)."""
    is_double: bool
    """True when ``low == high`` (R1: ten doubles)."""
    bit: int
    """``1 << index``."""

    def __new__(cls, a: int, b: int) -> Tile:
        try:
            return _BY_PAIR[(a, b)]
        except (KeyError, TypeError):
            raise ValueError(f"not a double-nine tile: {a!r}-{b!r}") from None
        except NameError:  # building the set itself
            return super().__new__(cls)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Tile is immutable")

    def __reduce__(self) -> tuple[type[Tile], tuple[int, int]]:
        return (Tile, (self.low, self.high))

    def __repr__(self) -> str:
        return f"Tile({self.low}, {self.high})"

    def __str__(self) -> str:
        return f"{self.low}-{self.high}"

    def __lt__(self, other: Tile) -> bool:
        return self.index < other.index

    def other_end(self, pip: int) -> int:
        """The pip value on the other half from ``pip``; ``ValueError`` if ``pip`` is not on the tile."""
        if pip == self.low:
            return self.high
        if pip == self.high:
            return self.low
        raise ValueError(f"{self} has no {pip}")

    def has(self, pip: int) -> bool:
        """True if either half shows ``pip``."""
        return pip == self.low or pip == self.high


def _build() -> tuple[tuple[Tile, ...], dict[tuple[int, int], Tile]]:
    tiles: list[Tile] = []
    by_pair: dict[tuple[int, int], Tile] = {}
    for low in range(MAX_PIP + 1):
        for high in range(low, MAX_PIP + 1):
            t = object.__new__(Tile)
            for name, value in (
                ("low", low), ("high", high), ("index", len(tiles)),
                ("pips", low + high), ("is_double", low == high), ("bit", 1 << len(tiles)),
            ):
                object.__setattr__(t, name, value)
            tiles.append(t)
            by_pair[(low, high)] = t
            by_pair[(high, low)] = t
    return tuple(tiles), by_pair


DOUBLE_NINE_SET: tuple[Tile, ...]
_BY_PAIR: dict[tuple[int, int], Tile]
DOUBLE_NINE_SET, _BY_PAIR = _build()
"""The 55 tiles in index order (R1)."""

FULL_MASK: Final = (1 << len(DOUBLE_NINE_SET)) - 1
"""Mask with all 55 tiles."""

PIP_MASK: Final[tuple[int, ...]] = tuple(
    sum(t.bit for t in DOUBLE_NINE_SET if t.has(p)) for p in range(MAX_PIP + 1)
)
"""``PIP_MASK[p]``: mask of the ten tiles showing pip ``p`` (used for R15 legality)."""

PIPS_BY_INDEX: Final[tuple[int, ...]] = tuple(t.pips for t in DOUBLE_NINE_SET)
DOUBLES_MASK: Final = sum(t.bit for t in DOUBLE_NINE_SET if t.is_double)


def mask_of(tiles: Iterable[Tile]) -> int:
    """Bit mask of an iterable of tiles."""
    m = 0
    for t in tiles:
        m |= t.bit
    return m


def tiles_of(mask: int) -> tuple[Tile, ...]:
    """The tiles of a mask, in index order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(DOUBLE_NINE_SET[low.bit_length() - 1])
        mask ^= low
    return tuple(out)


def pip_total(mask: int) -> int:
    """Sum of the pip totals of the tiles in ``mask`` (R17, R18)."""
    total = 0
    while mask:
        low = mask & -mask
        total += PIPS_BY_INDEX[low.bit_length() - 1]
        mask ^= low
    return total


def count(mask: int) -> int:
    """Number of tiles in ``mask``."""
    return mask.bit_count()
