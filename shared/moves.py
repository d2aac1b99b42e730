"""Decisions a seat makes (R3, R6, R10, R14, R15, D4).

All are small frozen values. ``Play`` and ``Pass`` make up the move union of
play; ``DrawPick``, ``Nominate`` and ``Review`` are the decisions outside play.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Union

from .seats import Seat
from .tiles import Tile


class End(str, Enum):
    """One of the two open ends of the line of play (R14)."""

    LEFT = "left"
    RIGHT = "right"


@dataclass(frozen=True, slots=True)
class Play:
    """R15: ``seat`` lays ``tile`` at ``end`` of the line.

    For the opener's first tile (R14) ``end`` chooses the orientation:
    ``LEFT`` lays it low-high from left to right, ``RIGHT`` high-low.
    """

    seat: Seat
    tile: Tile
    end: End


@dataclass(frozen=True, slots=True)
class Pass:
    """R15, D4: ``seat`` holds no tile matching an open end and passes."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class DrawPick:
    """R3: seat 1 (team A) or seat 2 (team B) turns over face-down tile ``position`` (0..54)."""

    seat: Seat
    position: int


@dataclass(frozen=True, slots=True)
class Nominate:
    """R6: the entitled team's lower seat names its team's ``opener`` for the next deal."""

    seat: Seat
    opener: Seat


@dataclass(frozen=True, slots=True)
class Review:
    """R10: after looking at the hand, accept it or (five or more doubles) demand a redeal."""

    seat: Seat
    demand_redeal: bool = False


Move = Union[Play, Pass]
"""A move of play (R15)."""

Decision = Union[Play, Pass, DrawPick, Nominate, Review]
"""Anything a seat decides; each becomes one event in the match log."""
