"""Errors with stable codes.

Every refusal the engine or server makes carries an :class:`ErrorCode`. The
codes are part of the wire protocol (docs/protocol.md) and of the hand-script
format (docs/hand-script.md): never rename one.
"""
from __future__ import annotations

from enum import StrEnum


class ErrorCode(StrEnum):
    """Stable error codes. Rule references say which rule a refusal enforces."""

    # engine: decisions refused by the rules
    WRONG_PHASE = "WRONG_PHASE"                  # decision not expected now
    NOT_YOUR_TURN = "NOT_YOUR_TURN"              # R15, D4: out of turn
    TILE_NOT_HELD = "TILE_NOT_HELD"              # R15
    TILE_DOES_NOT_FIT = "TILE_DOES_NOT_FIT"      # R15: no matching open end
    MUST_PLAY = "MUST_PLAY"                      # D4: pass while holding a playable tile
    HAND_OVER = "HAND_OVER"                      # R16/R17: move after the hand ended
    MATCH_OVER = "MATCH_OVER"                    # R19: decision after the match ended
    NOT_ENTITLED = "NOT_ENTITLED"                # R6: only the entitled team's lower seat nominates; start: only the creator before every seat is taken
    BAD_OPENER = "BAD_OPENER"                    # R6: opener must be of the entitled team
    REDEAL_NOT_ALLOWED = "REDEAL_NOT_ALLOWED"    # R10: demand with fewer than five doubles
    ALREADY_ANSWERED = "ALREADY_ANSWERED"        # R10: one answer per seat per deal
    NOT_A_DRAWER = "NOT_A_DRAWER"                # R3: only seats 1 and 2 draw
    ALREADY_DRAWN = "ALREADY_DRAWN"              # R3
    BAD_POSITION = "BAD_POSITION"                # R3: face-down position out of range or taken
    NOTHING_TO_UNDO = "NOTHING_TO_UNDO"          # R27, D6
    NOTHING_TO_REDO = "NOTHING_TO_REDO"          # R27
    NOTHING_TO_RESTART = "NOTHING_TO_RESTART"    # R28
    # hand scripts (docs/hand-script.md)
    MALFORMED = "MALFORMED"                      # not JSON / wrong shape or types
    BAD_TILE = "BAD_TILE"                        # not a double-nine tile
    DUPLICATE_TILE = "DUPLICATE_TILE"            # R1: a tile appears twice
    WRONG_COUNT = "WRONG_COUNT"                  # R9: a hand does not hold 10 tiles
    BAD_SEAT = "BAD_SEAT"                        # not 1..4
    UNREADABLE = "UNREADABLE"                    # replay FILE cannot be read
    # wire protocol and server (docs/protocol.md)
    MALFORMED_FRAME = "MALFORMED_FRAME"          # not a binary msgpack map
    UNKNOWN_MESSAGE = "UNKNOWN_MESSAGE"          # missing or unknown "type"
    WRONG_TYPES = "WRONG_TYPES"                  # known type, missing/extra/mistyped fields
    PROTOCOL_VERSION = "PROTOCOL_VERSION"        # Hello with another protocol version
    HANDSHAKE_REQUIRED = "HANDSHAKE_REQUIRED"    # first message must be Hello
    ALREADY_AT_TABLE = "ALREADY_AT_TABLE"        # create/join while attached: leave first
    NOT_AT_TABLE = "NOT_AT_TABLE"                # intent before create/join/spectate
    UNKNOWN_TABLE = "UNKNOWN_TABLE"              # no open table with that code
    TABLE_MOVING = "TABLE_MOVING"                # another server process holds it and is handing it over: retry
    WRONG_ROUTE = "WRONG_ROUTE"                  # the code is not the one the connection's path /t/CODE named
    SEAT_TAKEN = "SEAT_TAKEN"                    # seat claimed by someone or a computer seat
    TABLE_FULL = "TABLE_FULL"                    # join without seat: no free human seat
    BAD_TOKEN = "BAD_TOKEN"                      # D7: seat token does not match
    BAD_TABLE = "BAD_TABLE"                      # create_table: inconsistent seat list
    SPECTATOR_CANNOT_ACT = "SPECTATOR_CANNOT_ACT"  # D8: spectators only watch
    NOT_STARTED = "NOT_STARTED"                  # decision before the table started
    ALREADY_STARTED = "ALREADY_STARTED"          # start on a running table
    STALE = "STALE"                              # expected_seq is not the table's seq
    DUPLICATE = "DUPLICATE"                      # intent_id already applied for this seat
    REQUEST_PENDING = "REQUEST_PENDING"          # D1: another consent request is open
    REQUEST_TOO_SOON = "REQUEST_TOO_SOON"        # D1/D7: this seat's last request was refused or cancelled just now
    NO_SUCH_REQUEST = "NO_SUCH_REQUEST"          # consent/cancel for a closed request
    NOT_ASKED = "NOT_ASKED"                      # D1: this seat's consent is not needed
    NOT_REQUESTER = "NOT_REQUESTER"              # D1: only the requester cancels
    NOT_DISCONNECTED = "NOT_DISCONNECTED"        # D7: hand over only a disconnected human seat
    RATE_LIMITED = "RATE_LIMITED"                # too many messages per second
    TOO_MANY_TABLES = "TOO_MANY_TABLES"          # tables per address limit
    TOO_MANY_CONNECTIONS = "TOO_MANY_CONNECTIONS"  # connections per address limit; hosted join: one seat per address before the start
    SPECTATORS_FULL = "SPECTATORS_FULL"          # spectators per table limit
    SPECTATORS_PER_ADDRESS = "SPECTATORS_PER_ADDRESS"  # spectators one address group has at one table
    HINT_PENDING = "HINT_PENDING"                # R25: one hint at a time per connection, 4 per address group
    COACH_PENDING = "COACH_PENDING"              # issue 14.2: one hand review at a time per connection/seat, 4 per address group
    NO_SUCH_HAND = "NO_SUCH_HAND"                # issue 14.2: that hand is not finished or not in the ledger
    CONSENT_UNAVAILABLE = "CONSENT_UNAVAILABLE"  # D1/D7: an asked human is away (handed over)
    CHAT_TOO_FAST = "CHAT_TOO_FAST"              # issue 15: more chat than a connection may send
    CHAT_BLANK = "CHAT_BLANK"                    # issue 15: nothing visible left once cleaned
    PHRASES_ONLY = "PHRASES_ONLY"                # issue 15: the table allows only phrases during a hand
    NUDGE_TOO_SOON = "NUDGE_TOO_SOON"            # issue 15: the table was nudged less than 30 s ago
    HAND_OVER_TOO_SOON = "HAND_OVER_TOO_SOON"    # D7: the connected seat's decision has waited < 60 s, or the seat disconnected < 60 s ago
    NOT_AWAITED = "NOT_AWAITED"                  # issue 15: that seat is not a human the table waits for
    NOT_HANDED_OVER = "NOT_HANDED_OVER"          # D7: back from a seat the computer does not play
    SHUTTING_DOWN = "SHUTTING_DOWN"              # the server is stopping: nothing done; reconnect, send again
    INTERNAL = "INTERNAL"                        # server fault; logged with context


FILE_ONLY: frozenset[ErrorCode] = frozenset({
    ErrorCode.MALFORMED, ErrorCode.BAD_TILE, ErrorCode.DUPLICATE_TILE, ErrorCode.WRONG_COUNT, ErrorCode.BAD_SEAT,
    ErrorCode.UNREADABLE})
"""The codes of the hand-script and match-record files (docs/hand-script.md "Errors"), read by
``doublenine replay``/``check`` and the window's import, never by the server: no ``error`` frame
carries them."""
WIRE_CODES: tuple[ErrorCode, ...] = tuple(c for c in ErrorCode if c not in FILE_ONLY)
"""The codes an ``error`` frame may carry (docs/protocol.md "Error codes"; the schema's ``ErrorCode``)."""


class RuleError(Exception):
    """Base of every refusal that carries a stable :class:`ErrorCode`."""

    def __init__(self, code: ErrorCode, message: str = "") -> None:
        super().__init__(f"{code}: {message}" if message else str(code))
        self.code = code
        self.message = message or str(code)


class IllegalMove(RuleError):
    """A decision the rules refuse (R3-R28). The state is left unchanged."""
