"""docs/protocol.md says, for every client message, which fields may be left out and what that
means, exactly as docs/protocol.schema.json does (tester's finding, session 10: `create_table`'s
`sit`, `seed`, `language`, `name` and `join`'s `seat`, `name` were accepted missing but marked
optional only in the schema, and a left-out `name` gave "Player" where the document promised the
seat's default name). Kind: a client field's required/default stated in the schema only, so a
client written from the document alone guesses. The table "Fields a client may leave out" is
compared with the schema's `required` and `default` of every client message (and of the maps
inside them), both ways, so the two never drift."""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from doublenine.shared.schema import protocol_schema

DOC = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"
NO_DEFAULT = object()
"""A field that may be left out with no wire value standing for "left out" (the schema has no default)."""


def _section(title: str) -> str:
    text = DOC.read_text(encoding="utf-8")
    start = text.index(title)
    return text[start:text.index("\n#", start + len(title))]


def documented() -> dict[tuple[str, str], Any]:
    """(message, field) -> its default as the table says it (:data:`NO_DEFAULT`: "no default")."""
    out: dict[tuple[str, str], Any] = {}
    rows = re.findall(r"^\| (.+?) \| `(\w+)` \| (.+?) \|$", _section("### Fields a client may leave out"), re.M)
    for where, name, left_out in rows:
        if where == "message":
            continue
        if left_out.startswith("no default"):
            value: Any = NO_DEFAULT
        else:
            literal = re.match(r"`([^`]*)`", left_out)
            assert literal is not None, f"{where} {name}: the default must come first, as `JSON`: {left_out}"
            value = json.loads(literal.group(1))
        messages = [f"`{t}`" for t in intents()] if where == "every intent" else [where]
        for message in messages:
            assert (message, name) not in out, f"{message} {name} listed twice"
            out[message, name] = value
    return out


def _defs() -> dict[str, Any]:
    return protocol_schema()["$defs"]  # type: ignore[no-any-return]


def _messages() -> dict[str, dict[str, Any]]:
    defs = _defs()
    out = {}
    for ref in defs["ClientMessage"]["oneOf"]:
        sub = defs[ref["$ref"].rsplit("/", 1)[1]]
        out[sub["properties"]["type"]["const"]] = sub
    return out


def intents() -> list[str]:
    """The client messages that carry ``expected_seq`` (docs/protocol.md "Intents")."""
    return sorted(t for t, sub in _messages().items() if "expected_seq" in sub["required"])


def _optional(where: str, sub: dict[str, Any], out: dict[tuple[str, str], Any]) -> None:
    defs = _defs()
    for name, prop in sub["properties"].items():
        if name == "type":
            continue
        if name not in sub.get("required", []):
            out[where, name] = prop.get("default", NO_DEFAULT)
        array = "prefixItems" in prop or "items" in prop
        inner = prop.get("prefixItems") or [prop.get("items", {})] if array else [prop]
        for ref in {item["$ref"] for item in inner if "$ref" in item}:
            nested = defs[ref.rsplit("/", 1)[1]]
            if "properties" in nested:  # a map inside the message (create_table's seats)
                _optional(f"{where} `{name}[]`" if array else f"{where} `{name}`", nested, out)


def in_schema() -> dict[tuple[str, str], Any]:
    """(message, field) -> the schema's default, for every client field that is not required."""
    out: dict[tuple[str, str], Any] = {}
    for t, sub in _messages().items():
        _optional(f"`{t}`", sub, out)
    return out


def test_every_optional_client_field_is_in_the_document_with_the_schemas_default() -> None:
    doc = documented()
    schema = in_schema()
    assert doc.keys() - schema.keys() == set(), "documented as optional, required in the schema"
    assert schema.keys() - doc.keys() == set(), "optional in the schema, not in the document's table"
    for key, value in schema.items():
        assert doc[key] is value if value is NO_DEFAULT else doc[key] == value, key


def test_the_reported_fields_are_listed_with_their_meaning() -> None:
    doc = documented()
    assert doc["`create_table`", "sit"] is None and doc["`join`", "seat"] is None
    assert doc["`create_table`", "name"] is NO_DEFAULT and doc["`join`", "name"] is NO_DEFAULT
    assert doc["`create_table`", "seed"] is None and doc["`create_table`", "language"] is None
    assert doc["`create_table` `seats[]`", "name"] is None
    assert len([k for k in doc if k[1] == "intent_id"]) == len(intents()) + 2 == 13  # s15: chat's and nudge's
    assert "watches as a spectator" in _section("### Fields a client may leave out")
