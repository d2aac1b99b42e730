"""Every field of a server frame that docs/protocol.md promises is always sent is ``required`` in
docs/protocol.schema.json (protodoc s12: a client written from the two documents found 38 such fields
optional in the schema, ``Welcome.server`` to ``CoachRowW.pips``, so validating the server's frames
against the schema did not check the prose's "Every other field of every server frame is always sent").

Kind: a server field's presence said one way in the prose and another in the schema. The prose's list
("The server leaves out **only these** fields") is read here and compared, model by model, with the
schema's ``required`` of every server model (messages by their ``type``, maps inside by their model
name, as the list names them; a patch's fields all may be absent, "Folding an update into the view").
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from doublenine.shared.schema import protocol_schema

DOC = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"


def documented_left_out() -> set[str]:
    """``where.field`` for every field the prose says the server may leave out."""
    text = " ".join(DOC.read_text(encoding="utf-8").split())
    start = text.index("The server leaves out **only these** fields")
    return set(re.findall(r"`(\w+\.\w+)`", text[start:text.index("Every other field", start)]))


def server_models() -> dict[str, dict[str, Any]]:
    """Every model a server frame holds, named as the prose names it: a message by its ``type``
    (``update``), a map inside by its model (``SeatW``)."""
    defs = protocol_schema()["$defs"]
    names: set[str] = set()

    def refs(node: Any) -> list[str]:
        if isinstance(node, dict):
            own = [node["$ref"].rsplit("/", 1)[1]] if "$ref" in node else []
            return own + [r for v in node.values() for r in refs(v)]
        return [r for v in node for r in refs(v)] if isinstance(node, list) else []

    todo = ["ServerMessage"]
    while todo:
        name = todo.pop()
        if name not in names:
            names.add(name)
            todo.extend(refs(defs[name]))
    out = {}
    for name in names:
        sub = defs[name]
        if "properties" not in sub:
            continue
        tag = sub["properties"].get("type", {}).get("const")
        out[tag or name] = sub
    return out


def test_every_server_field_is_required_but_those_the_prose_lets_the_server_leave_out() -> None:
    listed = documented_left_out()
    models = server_models()
    optional = {f"{where}.{field}" for where, sub in models.items() if where != "ViewPatch"
                for field in sub["properties"] if field not in sub.get("required", [])}
    assert optional == listed, (f"optional in the schema, always sent by the prose: {sorted(optional - listed)}; "
                                f"left out by the prose, required in the schema: {sorted(listed - optional)}")
    assert models["ViewPatch"].get("required", []) == []  # a patch names only what changed
    assert "every field of a patch that did not change" in " ".join(DOC.read_text(encoding="utf-8").split())


def test_the_reported_fields_are_required() -> None:
    """The finding's list, field by field (each was optional in the schema and always sent)."""
    models = server_models()
    reported = {
        "welcome": ["server"], "joined": ["seat"], "snapshot": ["waited"], "error": ["detail"],
        "hint": ["reason", "pips", "instead"], "request_closed": ["seat", "detail"],
        "ViewW": ["viewer", "hand", "answered"],
        "TableW": ["panels", "holding", "request", "can_redo", "spectators", "language", "chat", "tracker", "public"],
        "SeatW": ["program"], "RequestW": ["target", "accepted"], "EffectW": ["passes", "hands"],
        "ChatLineW": ["seat", "name"],
        "CoachRowW": ["forced", "made_mean", "made_stderr", "best_mean", "best_stderr", "worlds", "loss", "mistake",
                      "reason", "pips"],
    }
    assert sum(map(len, reported.values())) == 38
    for where, fields in reported.items():
        for field in fields:
            assert field in models[where]["required"], f"{where}.{field}"
            assert "default" not in models[where]["properties"][field], f"{where}.{field}"


def test_client_fields_keep_their_defaults() -> None:
    """Client messages are still described as the server reads them: a field with a default may be left
    out (docs/protocol.md "Fields a client may leave out"; tests/protocol/test_doc_fields.py)."""
    defs = protocol_schema()["$defs"]
    assert defs["CreateTable"]["required"] == ["type", "seats"]
    assert defs["CreateTable"]["properties"]["chat"]["default"] == "free"
    assert defs["Join"]["required"] == ["type", "code"]
