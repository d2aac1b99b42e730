"""What the client asks of the server: intents, independent of the wire encoding.

Input produces these on confirmation (R25); :mod:`doublenine.client.net` turns
them into protocol messages, and :mod:`doublenine.client.local` applies them to a
local match log (screenshots, tests without a server).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Union

from doublenine.shared.moves import Decision


@dataclass(frozen=True, slots=True)
class Decide:
    """A seat's decision: draw pick, nomination, review answer, play or pass (R3-R15)."""

    decision: Decision


@dataclass(frozen=True, slots=True)
class AskHint:
    """Ask the server for a hint; it comes back as a preview, never as a move (R23, R25)."""


@dataclass(frozen=True, slots=True)
class Control:
    """R27/R28 table controls: undo, redo, restart the hand, start a new match."""

    what: Literal["undo", "redo", "restart", "new_match", "start"]
    """``start``: start the match now, empty human seats becoming computer seats."""


@dataclass(frozen=True, slots=True)
class HandOver:
    """D7: ask the others to let the computer play disconnected ``seat`` until it returns."""

    seat: int


@dataclass(frozen=True, slots=True)
class Pause:
    """R26: this player opened (``on``) or closed the rules or the ledger."""

    what: Literal["rules", "ledger"]
    on: bool


@dataclass(frozen=True, slots=True)
class Answer:
    """D1/D7: accept or refuse another player's request ``request_id``."""

    request_id: str
    accept: bool


@dataclass(frozen=True, slots=True)
class Withdraw:
    """D1: the requester takes back its own open request ``request_id`` (``cancel_request``)."""

    request_id: str


@dataclass(frozen=True, slots=True)
class Say:
    """Issue 15: a chat line: ``phrase`` (a phrase id of shared/chat.py) or free ``text``."""

    text: str | None = None
    phrase: str | None = None


@dataclass(frozen=True, slots=True)
class Nudge:
    """Issue 15: nudge ``seat``, whose decision the table waits for."""

    seat: int


@dataclass(frozen=True, slots=True)
class Resay:
    """Say again every chat line the server did not take (``ClientState.saying``'s ``unsent`` ones), each with a new
    ``intent_id``: the chat panel's Retry."""


@dataclass(frozen=True, slots=True)
class AskCoach:
    """Issue 14.2: "Review my hand": the coach's review of this seat's decisions in finished
    hand ``hand`` of match ``match``; it comes back as the server's ``coach`` frame."""

    match: int
    hand: int


@dataclass(frozen=True, slots=True)
class Back:
    """D7: take this seat back from the computer that plays it."""


@dataclass(frozen=True, slots=True)
class CloseIt:
    """Close this table for everyone, or with ``unlist`` take it off the server's page: its creator's
    (``close_table``, organiser s16 F11)."""

    unlist: bool = False


Intent = Union[Decide, AskHint, Control, HandOver, Pause, Answer, Withdraw, Say, Nudge, Back, AskCoach, Resay, CloseIt]
"""Anything the UI sends."""

__all__ = ["CloseIt", "AskCoach", "Decide", "AskHint", "Control", "HandOver", "Pause", "Answer", "Withdraw", "Say", "Nudge", "Back", "Resay", "Intent"]
