"""Seats and teams (R2). All seat arithmetic lives here.

Seats are numbered 1-4 and play counterclockwise 1->2->3->4->1. Partners sit
opposite: team A = seats 1 and 3, team B = seats 2 and 4.
"""
from __future__ import annotations

from enum import Enum, IntEnum


class Seat(IntEnum):
    """A seat at the table, 1..4 (R2)."""

    ONE = 1
    TWO = 2
    THREE = 3
    FOUR = 4

    @property
    def team(self) -> Team:
        """The seat's team (R2): seats 1, 3 -> A; 2, 4 -> B."""
        return _TEAM_OF[self]

    @property
    def next(self) -> Seat:
        """The next seat in turn order (R2: counterclockwise 1->2->3->4->1)."""
        return _NEXT[self]

    @property
    def partner(self) -> Seat:
        """The seat opposite (R2)."""
        return _PARTNER[self]


class Team(str, Enum):
    """A team of two partners (R2)."""

    A = "A"
    B = "B"

    @property
    def seats(self) -> tuple[Seat, Seat]:
        """The team's seats, lower-numbered first (R6: the lower one nominates)."""
        return (Seat.ONE, Seat.THREE) if self is Team.A else (Seat.TWO, Seat.FOUR)

    @property
    def lower_seat(self) -> Seat:
        """The team's lower-numbered seat, which nominates the opener (R6) and draws (R3)."""
        return self.seats[0]

    @property
    def other(self) -> Team:
        """The opposing team."""
        return Team.B if self is Team.A else Team.A

    @property
    def index(self) -> int:  # type: ignore[override]  # shadows str.index on purpose
        """0 for A, 1 for B: position in score pairs."""
        return 0 if self is Team.A else 1


SEATS: tuple[Seat, ...] = (Seat.ONE, Seat.TWO, Seat.THREE, Seat.FOUR)
"""All seats in turn order."""

_TEAM_OF = {Seat.ONE: Team.A, Seat.TWO: Team.B, Seat.THREE: Team.A, Seat.FOUR: Team.B}
_NEXT = {Seat.ONE: Seat.TWO, Seat.TWO: Seat.THREE, Seat.THREE: Seat.FOUR, Seat.FOUR: Seat.ONE}
_PARTNER = {Seat.ONE: Seat.THREE, Seat.TWO: Seat.FOUR, Seat.THREE: Seat.ONE, Seat.FOUR: Seat.TWO}


def team_of(seat: Seat) -> Team:
    """R2: the team of ``seat``."""
    return _TEAM_OF[seat]


def seats_from(seat: Seat) -> tuple[Seat, Seat, Seat, Seat]:
    """The four seats in turn order starting at ``seat``."""
    s2 = _NEXT[seat]
    s3 = _NEXT[s2]
    return (seat, s2, s3, _NEXT[s3])
