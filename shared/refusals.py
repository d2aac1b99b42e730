"""One sentence for every refusal code, the only list of them (the window's status line and the
failure panel both take their words from here).

Every :class:`~doublenine.shared.errors.ErrorCode` has exactly one sentence in :data:`SENTENCES`: an
English message id marked with ``N_`` (translate it with ``tr``/``translator``), present in the five
catalogs. tests/unit/test_refusal_sentences.py fails when a code has none or a language lacks one.
A server's ``Error.detail`` is English, written for logs and operators: never shown to a player, who
reads the sentence for the stable code instead (docs/protocol.md "Error codes").
"""
from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from .errors import ErrorCode
from .i18n import N_

TABLES_PER_ADDRESS = N_("Your address has too many tables open. A table nobody has started closes after a while "
                        "(30 minutes by default), a finished one a minute after its players leave. For a club "
                        "evening, the server's operator can allow more: doublenine serve --max-tables-per-address N")
"""For ``TOO_MANY_TABLES`` of the tables-per-address limit (no ``data.limit``): what the person can do
and when room comes by itself, not "close one first" (club s14 F11: nothing closes a table, and an
organiser setting up round 2 from one machine met the limit). The ``playing_per_site`` refusal keeps
the old sentence, :data:`PLAYING_PER_SITE`: its remedy is to stop following a table."""
PLAYING_PER_SITE = N_("Too many tables from your address: close one first")
"""For ``TOO_MANY_TABLES`` with ``data.limit`` ``"playing_per_site"`` (tables of computers only kept playing)."""

SENTENCES: Mapping[ErrorCode, str] = MappingProxyType({
    ErrorCode.WRONG_PHASE: N_("That cannot be done at this moment of the hand"),
    ErrorCode.NOT_YOUR_TURN: N_("It is not your turn"),
    ErrorCode.TILE_NOT_HELD: N_("That tile is not in your hand"),
    ErrorCode.TILE_DOES_NOT_FIT: N_("That tile does not fit an open end"),
    ErrorCode.MUST_PLAY: N_("A tile fits: you cannot pass"),
    ErrorCode.HAND_OVER: N_("The hand is over"),
    ErrorCode.MATCH_OVER: N_("The match is over"),
    ErrorCode.NOT_ENTITLED: N_("Your team does not choose who leads this hand"),
    ErrorCode.BAD_OPENER: N_("The one who leads must be of the team that chooses"),
    ErrorCode.REDEAL_NOT_ALLOWED: N_("A redeal needs five or more doubles"),
    ErrorCode.ALREADY_ANSWERED: N_("You already answered for this hand"),
    ErrorCode.NOT_A_DRAWER: N_("Only two players draw for the lead"),
    ErrorCode.ALREADY_DRAWN: N_("You already drew a tile"),
    ErrorCode.BAD_POSITION: N_("That face-down tile is taken or not there"),
    ErrorCode.NOTHING_TO_UNDO: N_("You have nothing to undo"),
    ErrorCode.NOTHING_TO_REDO: N_("Nothing was undone, so nothing can be redone"),
    ErrorCode.NOTHING_TO_RESTART: N_("There is no hand to restart"),
    ErrorCode.MALFORMED: N_("The file is not a hand script"),
    ErrorCode.BAD_TILE: N_("That is not a double-nine tile"),
    ErrorCode.DUPLICATE_TILE: N_("A tile appears twice"),
    ErrorCode.WRONG_COUNT: N_("A hand must hold 10 tiles"),
    ErrorCode.BAD_SEAT: N_("There is no such seat"),
    ErrorCode.UNREADABLE: N_("The file cannot be read"),
    ErrorCode.MALFORMED_FRAME: N_("The server did not understand this window: update doublenine"),
    ErrorCode.UNKNOWN_MESSAGE: N_("The server did not understand this window: update doublenine"),
    ErrorCode.WRONG_TYPES: N_("The server did not understand this window: update doublenine"),
    ErrorCode.HANDSHAKE_REQUIRED: N_("The server did not understand this window: update doublenine"),
    ErrorCode.PROTOCOL_VERSION: N_("This window and the server are different versions: update doublenine"),
    ErrorCode.ALREADY_AT_TABLE: N_("You are already at a table: leave it first"),
    ErrorCode.NOT_AT_TABLE: N_("You are not at a table"),
    ErrorCode.UNKNOWN_TABLE: N_("That table is closed or does not exist"),
    ErrorCode.TABLE_MOVING: N_("The table is moving to another server: try again in a moment"),
    ErrorCode.WRONG_ROUTE: N_("That table is reached at its own address: open its invite or link"),
    ErrorCode.SEAT_TAKEN: N_("That seat is taken"),
    ErrorCode.TABLE_FULL: N_("The table is full"),
    ErrorCode.BAD_TOKEN: N_("This seat belongs to someone else"),
    ErrorCode.BAD_TABLE: N_("The table's seats do not fit together"),
    ErrorCode.SPECTATOR_CANNOT_ACT: N_("Spectators only watch"),
    ErrorCode.NOT_STARTED: N_("The match has not started yet"),
    ErrorCode.ALREADY_STARTED: N_("The match has already started"),
    ErrorCode.STALE: N_("The table moved on before your move arrived: look again"),
    ErrorCode.DUPLICATE: N_("That was already done"),
    ErrorCode.REQUEST_PENDING: N_("Another request is waiting for answers"),
    ErrorCode.REQUEST_TOO_SOON: N_("You asked a moment ago: wait before asking again"),
    ErrorCode.NO_SUCH_REQUEST: N_("That request is already closed"),
    ErrorCode.NOT_ASKED: N_("Your answer is not needed for that request"),
    ErrorCode.NOT_REQUESTER: N_("Only the player who asked can cancel the request"),
    ErrorCode.NOT_DISCONNECTED: N_("Only a player who is away can be handed to the computer"),
    ErrorCode.RATE_LIMITED: N_("Too many actions at once: wait a moment"),
    ErrorCode.TOO_MANY_TABLES: TABLES_PER_ADDRESS,
    ErrorCode.TOO_MANY_CONNECTIONS: N_("Too many windows from your address: close one first"),
    ErrorCode.SPECTATORS_FULL: N_("This table has all the spectators it allows"),
    ErrorCode.SPECTATORS_PER_ADDRESS: N_("Too many spectators from your address at this table"),
    ErrorCode.HINT_PENDING: N_("A hint is already on its way"),
    ErrorCode.COACH_PENDING: N_("A hand review is already on its way"),
    ErrorCode.NO_SUCH_HAND: N_("That hand is not finished yet"),
    ErrorCode.CONSENT_UNAVAILABLE: N_("A player who must agree is away"),
    ErrorCode.CHAT_TOO_FAST: N_("You are chatting too fast: wait a moment"),
    ErrorCode.CHAT_BLANK: N_("The message is empty"),
    ErrorCode.PHRASES_ONLY: N_("Only phrases while a hand is in play at this table"),
    ErrorCode.NUDGE_TOO_SOON: N_("Someone nudged this player less than 30 seconds ago"),
    ErrorCode.HAND_OVER_TOO_SOON: N_("A player can be handed to the computer only after a minute of waiting"),
    ErrorCode.NOT_AWAITED: N_("The table is not waiting for that player"),
    ErrorCode.NOT_HANDED_OVER: N_("The computer is not playing that seat"),
    ErrorCode.SHUTTING_DOWN: N_("The server is stopping: nothing was done, try again in a moment"),
    ErrorCode.INTERNAL: N_("The server had a fault: nothing was done, try again"),
})
"""ErrorCode -> the player's sentence (English message id): capitalised, no final full stop, one line."""

STORE_FAILING = N_("The server cannot save moves right now: play goes on as soon as it can")
"""For a refusal whose ``data.store`` is "failing" (``INTERNAL``, and the ``TABLE_MOVING`` of a process
that cannot claim tables while its database is down): the truth, not "a fault, try again" nor "the
table is moving", and nothing for the player to do (operator s13: "The table is moving to another
server" 18 times in a row while PostgreSQL was down; "try again" while a computer seat was to play)."""

UNKNOWN = N_("The table refused that")
"""For a code this version does not know (none reaches a window: ``Error.code`` is validated against
:class:`ErrorCode`, and a newer server's frame that fails it is skipped): a sentence, never the code."""


LIMITS: Mapping[str, str] = MappingProxyType({
    "seats": N_("A seat at this table was given up from your address less than 10 seconds ago: join again in a "
                "moment"),
    "code_misses": N_("Too many table codes from your address named no table: wait a moment"),
})
"""``RATE_LIMITED`` by ``data.limit`` when it is an allowance of its own (docs/operations.md "Limits"), not
the message rate: the real reason, said (soak s14 F-bot-restart: a bot restarted within the 10 s after its
own ``leave`` printed "Too many actions at once" and exited)."""


def store_failing(data: object) -> bool:
    """Whether a refusal's ``data`` (untrusted: anything) says the server's store is failing."""
    return isinstance(data, dict) and data.get("store") == "failing"


def sentence_for(code: str, data: object = None) -> str:
    """The message id for refusal ``code`` with its ``data``: :data:`STORE_FAILING` when ``data.store``
    is "failing" (for ``INTERNAL`` and ``TABLE_MOVING``), the :data:`LIMITS` sentence of ``data.limit`` for
    ``RATE_LIMITED``, else :func:`sentence`."""
    if code in (ErrorCode.INTERNAL.value, ErrorCode.TABLE_MOVING.value) and store_failing(data):
        return STORE_FAILING
    limit = data.get("limit") if isinstance(data, dict) else None
    if code == ErrorCode.RATE_LIMITED.value and isinstance(limit, str) and limit in LIMITS:
        return LIMITS[limit]
    if playing_per_site(code, data):
        return PLAYING_PER_SITE
    return sentence(code)


def playing_per_site(code: str, data: object = None) -> bool:
    """Whether refusal ``code`` with ``data`` (untrusted) is the limit of tables of computers only kept
    playing per site: ``TOO_MANY_TABLES`` with ``data.limit`` ``"playing_per_site"`` (docs/protocol.md);
    without it, ``TOO_MANY_TABLES`` is the tables-per-address limit (:data:`TABLES_PER_ADDRESS`)."""
    return code == ErrorCode.TOO_MANY_TABLES.value and isinstance(data, dict) and data.get("limit") == "playing_per_site"


def sentence(code: str) -> str:
    """The message id (English source; translate with ``tr``) for refusal ``code``, else :data:`UNKNOWN`."""
    try:
        return SENTENCES[ErrorCode(code)]
    except ValueError:
        return UNKNOWN
