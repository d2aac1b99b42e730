"""Whether the table's controls that need the other players' consent can be granted now (D1, D7).

Undo, redo, restart and a new match act at once only where this seat is the only human; else every other
human seated must accept (D1). Two of them cannot: one the computer stands in for (handed over, D7: the
server refuses ``CONSENT_UNAVAILABLE`` until that player is back), and one who is away from a table nobody
can come back to (this window's own loopback-only server, ``ClientState.others_return``: a table once
hosted for friends and no longer hosted), whose request would wait for ever. A new match at the match's end
needs neither (organiser s16 F2: it undoes nothing; the computer plays a stood-in seat on). s13: such a table kept
offering Undo and Restart. Every such control (the top bar's Undo, Redo and Restart, the match end's New
match) is offered greyed with the reason (:func:`why_not`), said under the pointer, on a click or its key.
Pure: no pygame.
"""
from __future__ import annotations

from doublenine.shared.i18n import Nn_
from doublenine.shared.seats import Seat
from doublenine.shared.seatstate import SeatState
from doublenine.shared.state import Phase

from .store import ClientState, seat_name, seat_state_of
from .text import named

NEEDS_CONSENT = ("undo", "redo", "restart", "new_match")
"""The controls whose request the other humans must accept (D1; a hand-over asks them too, D7, but its
target is never asked and a long wait settles it without them: ``server.actions.hand_over``)."""
STANDS_IN = Nn_("{names} must agree, and the computer plays for them until they are back",
               "{names} must agree, and the computer plays for them until they are back")
"""D1/D7: another human whose seat the computer plays (handed over) must accept: the server refuses the
request until that player is back."""
CANNOT_COME_BACK = Nn_("{names} must agree, and cannot come back: this table is not hosted for your friends now",
                      "{names} must agree, and cannot come back: this table is not hosted for your friends now")
"""D1: another human is away from a table no other computer can reach: a request would wait for ever."""

NOT_CONNECTED = Nn_("{names} must agree, and is not connected now", "{names} must agree, and are not connected now")
"""D1 with D7 (league s17 F3): another human who is not connected must accept an undo, redo or restart: the
server refuses the request until that player is back (it never waits on someone who cannot answer)."""

Text = tuple[str, dict[str, object]]


def unanswerable(state: ClientState, action: str | None = None) -> tuple[tuple[str, str], tuple[Seat, ...]] | None:
    """(the reason's plural msgids, the seats) when another human whose consent a request of this seat needs cannot
    give it now: at a table nobody can come back to, every one away or stood in for (:data:`CANNOT_COME_BACK`),
    else every one stood in for (:data:`STANDS_IN`, the server's own refusal), else every one not connected
    (:data:`NOT_CONNECTED`, the server's refusal since league s17 F3); None when every one can (or
    this seat is the only human, or watches). ``action`` "new_match" at MATCH_OVER: a seat stood in for is
    neither asked nor waited for (the server plays it on in the new match; organiser s16 F2), nor one not
    connected (league s17 F3), only an away one at a table nobody can come back to counts; else (None) undo,
    redo and restart."""
    view = state.view
    me = view.seat if view is not None else None
    if me is None:
        return None
    others = [s for s in sorted(state.humans) if s != me]
    ignored = (SeatState.STAND_IN,) if action == "new_match" and view.phase is Phase.MATCH_OVER else ()
    absent = tuple(s for s in others if seat_state_of(state, s) in (SeatState.AWAY, SeatState.STAND_IN)
                   and seat_state_of(state, s) not in ignored)
    if absent and not state.others_return:  # "until they are back" would be untrue: they cannot come back
        return CANNOT_COME_BACK, absent
    standing = tuple(s for s in absent if seat_state_of(state, s) is SeatState.STAND_IN)
    if standing:
        return STANDS_IN, standing
    if ignored:  # a new match at the match's end: a person not connected is not asked either (league s17 F3)
        return None
    gone = tuple(s for s in absent if seat_state_of(state, s) is SeatState.AWAY)
    return (NOT_CONNECTED, gone) if gone else None


def why_not(state: ClientState, lang: str, action: str | None = None) -> Text | None:
    """The reason (msgid, params) the consent controls (:data:`NEEDS_CONSENT`) cannot be granted now, with
    the players' names as this window shows them, or None when they can; ``action`` as :func:`unanswerable`."""
    found = unanswerable(state, action)
    if found is None:
        return None
    msgids, seats = found
    return named(msgids, [seat_name(state, s, lang) for s in seats], lang)


__all__ = ["CANNOT_COME_BACK", "NEEDS_CONSENT", "NOT_CONNECTED", "STANDS_IN", "unanswerable", "why_not"]
