"""The client state: what the server has told this connection, and ``reduce``.

:class:`ClientState` changes only through :func:`reduce` from server messages
(DESIGN "Client"); nothing in the drawing or input code mutates it.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from doublenine.shared.moves import Move
from doublenine.shared.seats import Seat
from doublenine.shared.views import SeatView, SpectatorView


@dataclass(frozen=True, slots=True)
class ConsentPrompt:
    """D1/D7: another player asks the table to accept ``what`` (undo, redo, restart, new_match, ...)."""

    request_id: str
    seat: Seat
    what: str


@dataclass(frozen=True, slots=True)
class ClientState:
    """Everything the client knows, all from the server (R21: only this seat's view)."""

    view: SeatView | SpectatorView | None = None
    seq: int = -1
    table: str = ""
    names: tuple[str, str, str, str] = ("", "", "", "")
    computers: frozenset[Seat] = frozenset()
    seeded: bool = False
    seed: int | None = None
    """D9: shown only to the player who set it."""
    consent: tuple[ConsentPrompt, ...] = ()
    paused_by: frozenset[Seat] = frozenset()
    """R26/D2: seats with the rules or the ledger open."""
    connection: str = "connected"
    """"connecting", "connected" or "lost" (a banner shows while lost)."""
    error: str | None = None
    """The stable code of the last refusal, shown briefly."""
    hint: Move | None = None
    """The last hint received (R23), shown as a preview (R25)."""
    can_undo: bool = True
    can_redo: bool = False

    def name(self, seat: Seat) -> str:
        """The seat's display name (empty names fall back to "Seat N" in the caller)."""
        return self.names[seat - 1]


@dataclass(frozen=True, slots=True)
class Replace:
    """A local message: the whole state replaced (local play and tests)."""

    state: ClientState


def reduce(state: ClientState, msg: Any) -> ClientState:
    """The new state after one message (pure). Unknown messages leave the state as it was."""
    if isinstance(msg, Replace):
        return msg.state
    return state


def with_connection(state: ClientState, status: str) -> ClientState:
    """The same state with a new connection status."""
    return replace(state, connection=status)
