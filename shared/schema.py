"""A JSON Schema of every frame of the protocol, generated from its pydantic models (issue 16.7).

``docs/protocol.schema.json`` is this module's output, committed; a test fails when it
differs from the models. Regenerate it with::

    .venv/bin/python -m doublenine.shared.schema > docs/protocol.schema.json

The document (JSON Schema draft 2020-12) holds every model under ``$defs``, plus
``ClientMessage`` (what a client may send) and ``ServerMessage`` (what the server
sends), each a ``oneOf`` on the ``type`` tag. A msgpack frame decoded to plain values
(maps, lists, str, int, float, bool, nil) validates as JSON would. A property with a
``default`` may be absent from a frame (either direction): absent means that default.
Every message's ``type`` is required.
"""
from __future__ import annotations

import json
import sys
from typing import Any

from pydantic import TypeAdapter

from . import protocol as p

DIALECT = "https://json-schema.org/draft/2020-12/schema"


def _half(adapter: TypeAdapter[Any], name: str, defs: dict[str, Any]) -> None:
    """Put ``adapter``'s models into ``defs`` and its union under ``name``."""
    schema = adapter.json_schema(ref_template="#/$defs/{model}")
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


def protocol_schema() -> dict[str, Any]:
    """The whole protocol as one JSON Schema document (a fresh dict each call)."""
    defs: dict[str, Any] = {}
    _half(p.CLIENT_ADAPTER, "ClientMessage", defs)
    _half(p.SERVER_ADAPTER, "ServerMessage", defs)
    _require_type(defs)
    return {
        "$schema": DIALECT,
        "title": f"doublenine protocol {p.PROTOCOL_VERSION}",
        "description": "Every websocket frame is one msgpack map: a ClientMessage from a client, a "
                       "ServerMessage from the server (docs/protocol.md). A property with a default may be "
                       "absent; absent means that default. This describes the frames of this version "
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
