"""What a seat is now, in one word used everywhere a seat's state is named.

A seat a friend gave up once read "computer" on its name card in the window but "free seat" on the
web page and in the LAN list: the computer played it and anybody could take it, and each place said
half of that. Kind: a seat's state named by each place from its own reading of ``TableW``'s fields.
Every place (the window's name cards, the web page's seat cards and lists, the script of the web
page, the LAN announce's count) reads a seat through :func:`seat_state` and names it with
:data:`SEAT_WORDS`. No I/O; the fields are those of ``SeatW`` (docs/protocol.md "Table").
"""
from __future__ import annotations

from enum import StrEnum

from .i18n import N_


class SeatState(StrEnum):
    """A seat's state as players see it (docs/protocol.md ``SeatW``)."""

    COMPUTER = "computer"
    """A computer seat, or a seat a computer program holds (``program``): no person may take it."""
    FREE = "free"
    """A human seat nobody holds before the start: the table waits for a person to take it."""
    OPEN = "open"
    """A human seat nobody holds that the computer plays (``computer_plays``; the match has started
    with it empty, or its holder gave it up with ``leave``), until a person takes it (``join``)."""
    PLAYER = "player"
    """A person holds the seat and is connected."""
    AWAY = "away"
    """A person holds the seat but is disconnected, and nobody plays it: the table waits (D7)."""
    STAND_IN = "stand_in"
    """A person holds the seat and the computer plays it for them (handed over by consent, D7) until
    they take it back (``take_back``, or ``rejoin`` after a lost connection)."""
    NEXT_DEAL = "next_deal"
    """A person took the seat while a hand was dealt (``waits``): the computer plays that hand out and the
    person sits at the next deal (attacker s14 F1; session 15: it read "computer stands in", as if the
    person had handed the seat over)."""


SEAT_WORDS: dict[SeatState, str] = {
    SeatState.COMPUTER: N_("computer"),
    SeatState.FREE: N_("free seat"),
    SeatState.OPEN: N_("computer, free seat"),
    SeatState.PLAYER: N_("player"),
    SeatState.AWAY: N_("disconnected"),
    SeatState.STAND_IN: N_("computer stands in"),
    SeatState.NEXT_DEAL: N_("player: next hand"),
}
"""The word that names each :class:`SeatState` (msgids, translated where shown)."""
YOU_NEXT_DEAL = N_("you: next hand")
""":attr:`SeatState.NEXT_DEAL` as the window of the person who took the seat says it on that seat's card
(the other windows and the pages say :data:`SEAT_WORDS`'s "player: next hand")."""

NEXT_DEAL_NAMED = N_("{name}: next hand")
""":attr:`SeatState.NEXT_DEAL` on another window's card when the table frame names the person waiting
(``SeatW.next_name``; rp5 s15: the card said "player: next hand" and nobody saw who it was)."""

TAKEABLE = frozenset({SeatState.FREE, SeatState.OPEN})
"""The states of a seat a person may take with ``join``: what "{count} free seats" counts."""


def seat_state(kind: str, claimed: bool, connected: bool, computer_plays: bool, program: bool = False,
               waits: bool = False) -> SeatState:
    """The state of a seat from its ``SeatW`` fields: ``kind`` "human" or "computer"; ``claimed``, a
    person holds it; ``connected``, that person is connected; ``computer_plays``, the server's
    computer decides for it now; ``program``, its holder is a computer program (D7 for hand-overs);
    ``waits``, its person sits at the next deal (taken mid-hand, R21/D8)."""
    if kind == "computer" or program:
        return SeatState.COMPUTER
    if not claimed:
        return SeatState.OPEN if computer_plays else SeatState.FREE
    if waits:
        return SeatState.NEXT_DEAL
    if computer_plays:
        return SeatState.STAND_IN
    return SeatState.PLAYER if connected else SeatState.AWAY


__all__ = ["NEXT_DEAL_NAMED", "SEAT_WORDS", "SeatState", "TAKEABLE", "YOU_NEXT_DEAL", "seat_state"]
