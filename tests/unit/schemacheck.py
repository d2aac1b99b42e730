"""Validate decoded frames against the committed docs/protocol.schema.json (issue 16.7), with
``jsonschema``: a reader of the schema independent of the pydantic models that generated it."""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

import msgpack
from jsonschema import Draft202012Validator

SCHEMA_FILE = Path(__file__).resolve().parents[2] / "docs" / "protocol.schema.json"


@lru_cache(maxsize=None)
def validator(name: str) -> Draft202012Validator:
    """A validator of ``$defs/<name>`` (``ClientMessage``, ``ServerMessage``) of the committed file."""
    schema = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    return Draft202012Validator({"$schema": schema["$schema"], "$defs": schema["$defs"],
                                 "$ref": f"#/$defs/{name}"})


def plain(frame: bytes) -> Any:
    """A frame as a JSON reader sees it: msgpack's maps, lists, str, numbers (no tuples, no bytes)."""
    return msgpack.unpackb(frame, raw=False)


def schema_errors(frames: list[bytes], name: str = "ServerMessage") -> list[str]:
    """One line per frame of ``frames`` that the schema refuses (empty: every frame is valid)."""
    check = validator(name)
    out = []
    for i, frame in enumerate(frames):
        for err in check.iter_errors(plain(frame)):
            out.append(f"frame {i} ({plain(frame).get('type')}): {err.message[:300]} at {list(err.absolute_path)}")
            break
    return out
