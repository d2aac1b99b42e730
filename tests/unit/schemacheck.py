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


FUTURE = "zz_from_a_newer_server"
"""A field no version of the protocol has: what a newer server of the same version may add."""


def with_future_fields(obj: Any, under: str = "") -> Any:
    """``obj`` (a decoded frame) with :data:`FUTURE` added to every map of a model (not to the
    free-form ``data`` map of an error, whose keys are its values)."""
    if isinstance(obj, dict):
        out = {k: with_future_fields(v, k) for k, v in obj.items()}
        if under != "data":
            out[FUTURE] = {"nested": [1, "x"]}
        return out
    if isinstance(obj, list):
        return [with_future_fields(v, under) for v in obj]
    return obj


def intolerant(frames: list[bytes]) -> list[str]:
    """One line per frame that a client (``decode_server``) reads differently once a newer server's
    unknown fields are added to every map (empty: every frame is read the same, docs/protocol.md
    "Versions and compatibility")."""
    from doublenine.shared import protocol as p
    out = []
    for i, frame in enumerate(frames):
        future = msgpack.packb(with_future_fields(plain(frame)), use_bin_type=True)
        try:
            same = p.decode_server(future) == p.decode_server(frame)
        except p.FrameError as exc:
            out.append(f"frame {i} ({plain(frame).get('type')}): {exc}")
            continue
        if not same:
            out.append(f"frame {i} ({plain(frame).get('type')}): read differently")
    return out


def left_out(frames: list[bytes]) -> set[str]:
    """Every field some frame of ``frames`` left out, as docs/protocol.md names it: a message's by its
    ``type`` (``update.cause``), a map inside by its model (``SeatW.program``). A patch (``ViewPatch``)
    names only what changed, by design, so its fields are not counted (docs/protocol.md "Folding")."""
    from pydantic import BaseModel

    from doublenine.shared import protocol as p

    out: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, BaseModel):
            fields = type(value).model_fields
            if type(value).__name__ == "ViewPatch":
                return
            where = getattr(value, "type", None) if "type" in fields else type(value).__name__
            out.update(f"{where}.{name}" for name in fields if name != "type" and name not in value.model_fields_set)
            for name in value.model_fields_set:
                walk(getattr(value, name))
        elif isinstance(value, (list, tuple)):
            for v in value:
                walk(v)

    for frame in frames:
        walk(p.decode_server(frame))
    return out
