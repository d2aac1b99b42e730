"""Issue 16.7: docs/protocol.schema.json is the models' own JSON Schema, and it says what they say."""
from __future__ import annotations

from typing import Any

import pytest
from jsonschema import Draft202012Validator
from schemacheck import SCHEMA_FILE, plain, validator

from doublenine.shared import protocol as p
from doublenine.shared.schema import protocol_schema, schema_text

REGENERATE = ".venv/bin/python -m doublenine.shared.schema > docs/protocol.schema.json"


def test_committed_schema_is_the_models_schema() -> None:
    committed = SCHEMA_FILE.read_text(encoding="utf-8")
    assert committed == schema_text(), (
        f"docs/protocol.schema.json differs from the protocol models: regenerate it with `{REGENERATE}` "
        "and commit it (and say in docs/protocol.md what changed)")


def test_schema_is_valid_json_schema_2020_12() -> None:
    Draft202012Validator.check_schema(protocol_schema())


def test_every_message_requires_its_type_and_refuses_other_fields() -> None:
    defs = protocol_schema()["$defs"]
    messages = [ref["$ref"].rsplit("/", 1)[1] for union in ("ClientMessage", "ServerMessage")
                for ref in defs[union]["oneOf"]]
    assert len(messages) == len(set(messages)) >= 31
    for name in messages:
        assert defs[name]["required"][0] == "type", name
        assert defs[name]["additionalProperties"] is False, name


@pytest.mark.parametrize("fields, in_schema, read", [
    # protodoc s12: `server` is always sent (docs/protocol.md "Transport"), so the schema refuses a welcome
    # without it; a client still reads it (the field's default: an older server may lack a field, below)
    ({"type": "welcome", "protocol_version": 1}, False, True),
    ({"type": "welcome", "protocol_version": 1, "server": "doublenine"}, True, True),
    ({"protocol_version": 1, "server": "doublenine"}, False, False),
    ({"type": "update", "seq": 3, "patch": {"turn": 2, "clear": ["ends"]}, "cause": "undo"}, True, True),
    ({"type": "update", "seq": 3, "patch": {"turn": 5}}, False, False),
    ({"type": "error", "code": "NOPE", "detail": ""}, False, False),
    ({"type": "error", "code": "STALE", "detail": "old", "data": {"seq": 4}}, True, True),
    ({"type": "error", "code": "STALE"}, False, True),  # `detail` is always sent
])
def test_schema_and_models_agree_on_server_frames(fields: dict[str, Any], in_schema: bool, read: bool) -> None:
    frame = p.pack(fields)
    assert validator("ServerMessage").is_valid(plain(frame)) is in_schema
    try:
        p.decode_server(frame)
        decoded = True
    except p.FrameError:
        decoded = False
    assert decoded is read
