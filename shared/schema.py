"""A JSON Schema of every frame of the protocol, generated from its pydantic models (issue 16.7).

``docs/protocol.schema.json`` is this module's output, committed; a test fails when it
differs from the models. Regenerate it with::

    .venv/bin/python -m doublenine.shared.schema > docs/protocol.schema.json

The document (JSON Schema draft 2020-12) holds every model under ``$defs``, plus
``ClientMessage`` (what a client may send) and ``ServerMessage`` (what the server
sends), each a ``oneOf`` on the ``type`` tag. A msgpack frame decoded to plain values
(maps, lists, str, int, float, bool, nil) validates as JSON would. Client models are
described as the server reads them (validation mode): a property with a ``default`` may
be left out, and absent means that default. Server models are described as the server
writes them (pydantic's serialization mode with ``json_schema_serialization_defaults_required``):
every property is ``required`` except the ones the model names in ``LEFT_OUT``, the fields
docs/protocol.md "Transport" says the server leaves out when it has nothing to say (protodoc
s12: the schema marked 40 always-sent fields optional, so validating against it did not check
the document's "always sent" promise). Every message's ``type`` is required.
"""
from __future__ import annotations

import json
import sys
from typing import Any

from pydantic import TypeAdapter
from pydantic.json_schema import JsonSchemaMode

from . import protocol as p
from .wire import Model

DIALECT = "https://json-schema.org/draft/2020-12/schema"


def _half(adapter: TypeAdapter[Any], name: str, defs: dict[str, Any], mode: JsonSchemaMode) -> None:
    """Put ``adapter``'s models into ``defs`` and its union under ``name`` (``mode``: ``"validation"``
    for what the server reads, ``"serialization"`` for what it writes)."""
    schema = adapter.json_schema(ref_template="#/$defs/{model}", mode=mode)
    for key, sub in schema.pop("$defs", {}).items():
        if key in defs and defs[key] != sub:
            raise ValueError(f"two different models are both named {key}")
        defs[key] = sub
    defs[name] = schema


def _require_type(defs: dict[str, Any]) -> None:
    """pydantic gives ``type`` a default (the models set it themselves); on the wire it is required."""
    for sub in defs.values():
        tag = sub.get("properties", {}).get("type")
        if isinstance(tag, dict) and "const" in tag:
            required = sub.setdefault("required", [])
            if "type" not in required:
                required.insert(0, "type")


def _models() -> dict[str, type[Model]]:
    """Every wire model by its name (the ``$defs`` key pydantic gives it)."""
    out: dict[str, type[Model]] = {}
    todo: list[type[Model]] = [Model]
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        out[cls.__name__] = cls
    return out


def _left_out(defs: dict[str, Any], names: set[str]) -> None:
    """Server models: the fields of ``LEFT_OUT`` are not ``required``; a required field has no
    ``default`` (it is always sent, so a default would never be used)."""
    models = _models()
    for key in names:
        sub, cls = defs[key], models.get(key)
        if cls is None or "properties" not in sub:
            continue
        unknown = cls.LEFT_OUT - sub["properties"].keys()
        if unknown:
            raise ValueError(f"{key}.LEFT_OUT names no field: {sorted(unknown)}")
        required = [f for f in sub["properties"] if f not in cls.LEFT_OUT]
        for field in required:
            sub["properties"][field].pop("default", None)
        if required:
            sub["required"] = required
        else:
            sub.pop("required", None)


def protocol_schema() -> dict[str, Any]:
    """The whole protocol as one JSON Schema document (a fresh dict each call)."""
    defs: dict[str, Any] = {}
    _half(p.CLIENT_ADAPTER, "ClientMessage", defs, "validation")
    client = set(defs)
    _half(p.SERVER_ADAPTER, "ServerMessage", defs, "serialization")
    _left_out(defs, set(defs) - client)
    _require_type(defs)
    return {
        "$schema": DIALECT,
        "title": f"doublenine protocol {p.PROTOCOL_VERSION}",
        "description": "Every websocket frame is one msgpack map: a ClientMessage from a client, a "
                       "ServerMessage from the server (docs/protocol.md). In a ClientMessage a property with a "
                       "default may be absent; absent means that default. In a ServerMessage every property "
                       "in `required` is always sent (null, [], 0 or \"\" when it has nothing to say); the "
                       "others are left out when they have nothing to say. This describes the frames of this version "
                       "exactly; a client must ignore properties and ServerMessage types it does not know "
                       "(docs/protocol.md, Versions and compatibility), the server refuses unknown "
                       "properties in client frames.",
        "anyOf": [{"$ref": "#/$defs/ClientMessage"}, {"$ref": "#/$defs/ServerMessage"}],
        "$defs": dict(sorted(defs.items())),
    }


def schema_text() -> str:
    """The committed file's exact text."""
    return json.dumps(protocol_schema(), indent=1, ensure_ascii=False) + "\n"


def main() -> int:
    """Print the schema (``> docs/protocol.schema.json`` regenerates the committed copy)."""
    sys.stdout.write(schema_text())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())


__all__ = ["protocol_schema", "schema_text", "DIALECT"]
