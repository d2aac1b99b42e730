"""Every refusal code a window can receive, as a sentence for the player (issue: raw codes shown).

One mapping for all of :class:`doublenine.shared.errors.ErrorCode` plus the window's own ``REFUSED``
(a consent request turned down); tests/client/test_refusals.py fails when a code has no sentence or a
sentence lacks a translation. A code from a newer server falls back to a sentence, never to the code.
"""
from __future__ import annotations

from doublenine.shared.i18n import N_

REFUSALS: dict[str, str] = {
    "WRONG_PHASE": N_("That cannot be done at this moment of the hand"),
    "NOT_YOUR_TURN": N_("It is not your turn"),
    "TILE_NOT_HELD": N_("That tile is not in your hand"),
    "TILE_DOES_NOT_FIT": N_("That tile does not fit an open end"),
    "MUST_PLAY": N_("A tile fits: you cannot pass"),
    "HAND_OVER": N_("The hand is over"),
    "MATCH_OVER": N_("The match is over"),
    "NOT_ENTITLED": N_("Your team does not choose who leads this hand"),
    "BAD_OPENER": N_("The one who leads must be of the team that chooses"),
    "REDEAL_NOT_ALLOWED": N_("A redeal needs five or more doubles"),
    "ALREADY_ANSWERED": N_("You already answered for this hand"),
    "NOT_A_DRAWER": N_("Only two players draw for the lead"),
    "ALREADY_DRAWN": N_("You already drew a tile"),
    "BAD_POSITION": N_("That face-down tile is taken or not there"),
    "NOTHING_TO_UNDO": N_("You have nothing to undo"),
    "NOTHING_TO_REDO": N_("Nothing was undone, so nothing can be redone"),
    "NOTHING_TO_RESTART": N_("There is no hand to restart"),
    "MALFORMED": N_("The file is not a hand script"),
    "BAD_TILE": N_("That is not a double-nine tile"),
    "DUPLICATE_TILE": N_("A tile appears twice"),
    "WRONG_COUNT": N_("A hand must hold 10 tiles"),
    "BAD_SEAT": N_("There is no such seat"),
    "UNREADABLE": N_("The file cannot be read"),
    "MALFORMED_FRAME": N_("The server did not understand this window: update doublenine"),
    "UNKNOWN_MESSAGE": N_("The server did not understand this window: update doublenine"),
    "WRONG_TYPES": N_("The server did not understand this window: update doublenine"),
    "HANDSHAKE_REQUIRED": N_("The server did not understand this window: update doublenine"),
    "PROTOCOL_VERSION": N_("This window and the server are different versions: update doublenine"),
    "ALREADY_AT_TABLE": N_("You are already at a table: leave it first"),
    "NOT_AT_TABLE": N_("You are not at a table"),
    "UNKNOWN_TABLE": N_("That table is closed or does not exist"),
    "TABLE_MOVING": N_("The table is moving to another server: try again in a moment"),
    "SEAT_TAKEN": N_("That seat is taken"),
    "TABLE_FULL": N_("The table is full"),
    "BAD_TOKEN": N_("This seat belongs to someone else"),
    "BAD_TABLE": N_("The table's seats do not fit together"),
    "SPECTATOR_CANNOT_ACT": N_("Spectators only watch"),
    "NOT_STARTED": N_("The match has not started yet"),
    "ALREADY_STARTED": N_("The match has already started"),
    "STALE": N_("The table moved on before your move arrived: look again"),
    "DUPLICATE": N_("That was already done"),
    "REQUEST_PENDING": N_("Another request is waiting for answers"),
    "NO_SUCH_REQUEST": N_("That request is already closed"),
    "NOT_ASKED": N_("Your answer is not needed for that request"),
    "NOT_REQUESTER": N_("Only the player who asked can cancel the request"),
    "NOT_DISCONNECTED": N_("Only a player who is away can be handed to the computer"),
    "RATE_LIMITED": N_("Too many actions at once: wait a moment"),
    "TOO_MANY_TABLES": N_("Too many tables from your address: close one first"),
    "TOO_MANY_CONNECTIONS": N_("Too many windows from your address: close one first"),
    "SPECTATORS_FULL": N_("This table has all the spectators it allows"),
    "SPECTATORS_PER_ADDRESS": N_("Too many spectators from your address at this table"),
    "HINT_PENDING": N_("A hint is already on its way"),
    "COACH_PENDING": N_("A hand review is already on its way"),
    "NO_SUCH_HAND": N_("That hand is not finished yet"),
    "CONSENT_UNAVAILABLE": N_("A player who must agree is away"),
    "CHAT_TOO_FAST": N_("You are chatting too fast: wait a moment"),
    "CHAT_BLANK": N_("The message is empty"),
    "PHRASES_ONLY": N_("Only phrases while a hand is in play at this table"),
    "NUDGE_TOO_SOON": N_("Someone nudged this player less than 30 seconds ago"),
    "HAND_OVER_TOO_SOON": N_("A player can be handed to the computer only after a minute of waiting"),
    "NOT_AWAITED": N_("The table is not waiting for that player"),
    "NOT_HANDED_OVER": N_("The computer is not playing that seat"),
    "SHUTTING_DOWN": N_("The server is stopping: nothing was done, try again in a moment"),
    "INTERNAL": N_("The server had a fault: nothing was done, try again"),
    "REFUSED": N_("Your request was refused"),
}
UNKNOWN = N_("The table refused that")
"""A code this window does not know (a newer server): a sentence, never the code."""


def refusal(code: str) -> str:
    """The message id (English source, translate with ``tr``) for refusal ``code``, or :data:`UNKNOWN`."""
    return REFUSALS.get(code, UNKNOWN)
