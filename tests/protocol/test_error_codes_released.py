"""The error codes a server may send are the ones of its protocol version as released
(docs/protocol.md "Versions and compatibility": a new error code is a new value clients must
understand, so it needs a new version).

Kind: a new error code kept under the same version. Session 11 added ``TOO_MANY_PLAYING`` to
``spectate`` and ``create_table`` answers and kept version 2: a window or ``doublenine bot`` built
before it skipped that ``error`` as off its schema and waited for ever for an answer. The schema test
(test_schema.py) could not see it, since the schema is generated from the same ``ErrorCode``; this
list is what version-2 clients were built with, so a code added to ``shared/errors.py`` fails here
until the version is raised (and a new entry written) or the history says why no version-2 client
can meet it (the "(same version)" exception, as ``WRONG_ROUTE``).
"""
from __future__ import annotations

import json
import re

from schemacheck import SCHEMA_FILE

from doublenine.shared import protocol as p
from doublenine.shared.errors import FILE_ONLY, WIRE_CODES, ErrorCode

VERSION_2 = (
    "WRONG_PHASE", "NOT_YOUR_TURN", "TILE_NOT_HELD", "TILE_DOES_NOT_FIT", "MUST_PLAY", "HAND_OVER",
    "MATCH_OVER", "NOT_ENTITLED", "BAD_OPENER", "REDEAL_NOT_ALLOWED", "ALREADY_ANSWERED", "NOT_A_DRAWER",
    "ALREADY_DRAWN", "BAD_POSITION", "NOTHING_TO_UNDO", "NOTHING_TO_REDO", "NOTHING_TO_RESTART",
    "MALFORMED", "BAD_TILE", "DUPLICATE_TILE", "WRONG_COUNT", "BAD_SEAT", "UNREADABLE",
    "MALFORMED_FRAME", "UNKNOWN_MESSAGE", "WRONG_TYPES", "PROTOCOL_VERSION", "HANDSHAKE_REQUIRED",
    "ALREADY_AT_TABLE", "NOT_AT_TABLE", "UNKNOWN_TABLE", "TABLE_MOVING", "WRONG_ROUTE", "SEAT_TAKEN",
    "TABLE_FULL", "BAD_TOKEN", "BAD_TABLE", "SPECTATOR_CANNOT_ACT", "NOT_STARTED", "ALREADY_STARTED",
    "STALE", "DUPLICATE", "REQUEST_PENDING", "REQUEST_TOO_SOON", "NO_SUCH_REQUEST", "NOT_ASKED",
    "NOT_REQUESTER", "NOT_DISCONNECTED", "RATE_LIMITED", "TOO_MANY_TABLES", "TOO_MANY_CONNECTIONS",
    "SPECTATORS_FULL", "SPECTATORS_PER_ADDRESS", "HINT_PENDING", "COACH_PENDING", "NO_SUCH_HAND",
    "CONSENT_UNAVAILABLE", "CHAT_TOO_FAST", "CHAT_BLANK", "PHRASES_ONLY", "NUDGE_TOO_SOON",
    "HAND_OVER_TOO_SOON", "NOT_AWAITED", "NOT_HANDED_OVER", "SHUTTING_DOWN", "INTERNAL",
)
"""Version 2's error codes, as its clients were built with them: docs/protocol.schema.json's
``ErrorCode`` enumeration before commit 3cf351a (the file's blob 0a5b64f), in its order. Six of them
(``MALFORMED`` ... ``UNREADABLE``) are the hand-script format's (docs/hand-script.md), never sent: the
schema lists them no more (protodoc s12), which changes nothing a version-2 client may receive."""
RELEASED = {2: VERSION_2}
"""Each protocol version's error codes. Raising the version adds its entry."""
SCRIPT_ONLY = {"MALFORMED", "BAD_TILE", "DUPLICATE_TILE", "WRONG_COUNT", "BAD_SEAT", "UNREADABLE"}


def test_the_error_codes_are_exactly_the_released_versions() -> None:
    released = RELEASED[p.PROTOCOL_VERSION]
    codes = [c.value for c in ErrorCode]
    added, removed = sorted(set(codes) - set(released)), sorted(set(released) - set(codes))
    assert (added, removed) == ([], []), (
        f"protocol version {p.PROTOCOL_VERSION}'s clients do not know {added} (a new code needs a new "
        "version: docs/protocol.md 'Versions and compatibility'; answer with a code they know) "
        f"and would never be sent {removed}")
    assert len(codes) == len(released) == 66


def test_the_committed_schema_lists_exactly_the_released_codes_a_server_sends() -> None:
    """The schema a client writer reads is the version's own (it is generated from ``ErrorCode``:
    test_schema.py; this says the two never part), less the six codes of hand-script files, which no
    ``error`` frame carries (protodoc s12: listed in the schema, never named by the prose)."""
    schema = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    assert schema["$defs"]["Error"]["properties"]["code"] == {"$ref": "#/$defs/ErrorCode"}
    sent = [c for c in RELEASED[p.PROTOCOL_VERSION] if c not in SCRIPT_ONLY]
    assert schema["$defs"]["ErrorCode"]["enum"] == sent == [c.value for c in WIRE_CODES]
    assert len(sent) == 60 and {c.value for c in FILE_ONLY} == SCRIPT_ONLY


def _documented() -> list[str]:
    text = (SCHEMA_FILE.parent / "protocol.md").read_text(encoding="utf-8")
    section = text[text.index("\n## Error codes\n"):]
    section = section[:section.index("\n## ", 1)]
    return re.findall(r"^\| `([A-Z_]+)` \|", section, re.M)


def test_the_documents_error_table_names_every_code_the_server_sends_and_no_other() -> None:
    rows = _documented()
    assert len(rows) == len(set(rows)) == 60
    assert set(rows) == set(RELEASED[p.PROTOCOL_VERSION]) - SCRIPT_ONLY


def test_the_schemas_error_codes_are_the_documents() -> None:
    """protodoc s12: the schema's ``ErrorCode`` set is exactly the prose table's."""
    schema = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    assert set(schema["$defs"]["ErrorCode"]["enum"]) == set(_documented())


def test_an_error_frame_never_carries_a_hand_script_code() -> None:
    """The model refuses the six file codes, so the server cannot send one, and a client's decoder
    refuses such a frame as off the schema."""
    import pytest
    from pydantic import ValidationError

    with pytest.raises(ValidationError, match="hand-script"):
        p.Error(code=ErrorCode.BAD_TILE, detail="")
    with pytest.raises(p.FrameError) as refused:
        p.decode_server(p.pack({"type": "error", "code": "UNREADABLE", "detail": ""}))
    assert refused.value.code is ErrorCode.WRONG_TYPES
    assert p.decode_server(p.pack({"type": "error", "code": "STALE", "detail": ""})).code is ErrorCode.STALE
