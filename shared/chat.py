"""Table chat and nudges: the shared vocabulary (issue 15; docs/protocol.md "Chat and nudges").

Chat is kept with a table but is not a game event: it never enters the match log,
so undo, redo, restart, replays, match records, hand scripts and ledger exports
never carry it. A preset phrase travels as its id (:data:`PHRASES`), so each
client shows it in its own language; free text is cleaned by
:func:`doublenine.shared.cleantext.clean_text` (the one cleaning of player-typed
text) and bounded by :data:`MAX_CHARS`.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Literal, TypeVar, get_args

from .i18n import N_

PhraseId = Literal["hello", "good_luck", "well_played", "good_game", "thanks", "sorry",
                   "one_moment", "back", "oops", "bye"]
"""The ids of the preset phrases (wire values; never renamed, new ones only appended)."""

PHRASE_IDS: tuple[str, ...] = get_args(PhraseId)

PHRASES: dict[str, str] = {
    "hello": N_("Hello!"),
    "good_luck": N_("Good luck!"),
    "well_played": N_("Well played!"),
    "good_game": N_("Good game!"),
    "thanks": N_("Thanks!"),
    "sorry": N_("Sorry!"),
    "one_moment": N_("One moment, please."),
    "back": N_("I'm back."),
    "oops": N_("Oops!"),
    "bye": N_("Bye!"),
}
"""Phrase id -> English text (the gettext message id the client translates)."""

MAX_CHARS = 200
"""Characters a chat message keeps once cleaned (longer text is cut, never refused)."""
MAX_RAW_CHARS = 256
"""Characters a ``chat`` frame's ``text`` may carry before cleaning (WRONG_TYPES beyond)."""
KEPT = 50
"""Chat lines a table keeps (in memory and in the store) and sends to a connection that attaches."""
NUDGE_EVERY = 30.0
"""Seconds between two nudges at one table, whoever sends them (issue 15: at most once every 30 s)."""
CHAT_RATE = 0.5
"""Chat messages per second a connection may send on average (one every 2 s) ..."""
CHAT_BURST = 5
"""... with bursts of this many (CHAT_TOO_FAST beyond)."""
CROWD_RATE = 1.0
"""Chat messages per second all spectators of one table may send together on average (slow mode) ...
(stream s16 F4: each address's spectators had their own allowance, so k watching addresses added k/2
lines a second: 300 viewers of a stream from 300 homes, 150 lines a second at the players.)"""
CROWD_BURST = 5
"""... with bursts of this many (CHAT_TOO_FAST with ``data.limit`` "table" beyond). Seated players never
spend it."""
SPECTATOR_LINES_KEPT = 25
"""Of the :data:`KEPT` lines a table keeps, at most this many are spectators' (a line whose ``seat`` is
null): a spectator's line older than the newest 25 spectators' lines goes first, so the crowd never pushes
the players' own lines out of the history (stream s16 F4)."""

T = TypeVar("T")


def kept_lines(lines: Sequence[T], spectators: Callable[[T], bool]) -> list[T]:
    """The chat lines kept of ``lines`` (oldest first; ``spectators(line)``: whether it is a spectator's),
    oldest first: going from the newest, every player's line and the newest :data:`SPECTATOR_LINES_KEPT`
    spectators' lines, at most :data:`KEPT` in all. The server's history, its store and the shipped
    clients keep the same lines (docs/protocol.md "Chat and nudges", "Kept")."""
    out: list[T] = []
    watching = 0
    for line in reversed(lines):
        if len(out) >= KEPT:
            break
        if spectators(line):
            if watching >= SPECTATOR_LINES_KEPT:
                continue
            watching += 1
        out.append(line)
    out.reverse()
    return out

ChatRule = Literal["free", "phrases_in_hand"]
"""A table's chat setting: ``free`` text always, or only preset phrases while a hand is in play."""
