"""Bounded msgpack decoding of frames from outside (issue 16.1; docs/protocol.md "Frame limits").

Kind of bug this module closes: *work done on untrusted input before it is bounded*.
msgpack's C unpacker allocates a list of the length an array header declares before
reading its elements, and nests up to 1024 levels (its fixed stack): 65,505 bytes of
``dc fd e8`` (array16 headers of 65,000 elements, nested) cost about 0.3-0.75 s of CPU.
Here a frame is refused on its size before it is parsed, parsed once with msgpack's own
length limits, and its nesting depth is checked before anything else looks at it.

The limits of client frames are computed from the protocol models' JSON schema
(:func:`limits_from_schema`): the widest legal msgpack encoding of every field, so no
legal frame is ever refused and nothing larger is ever parsed.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import msgpack  # type: ignore[import-untyped]

from .errors import ErrorCode

_HEADER = 5
"""Widest msgpack header of a str, array or map (type byte + 32-bit length)."""
_SCALAR = 9
"""Widest msgpack int or float (type byte + 8 bytes)."""
_UTF8 = 4
"""Widest UTF-8 character, in bytes (a ``maxLength`` counts characters)."""


class FrameError(ValueError):
    """A frame the protocol refuses, with its :class:`ErrorCode`; ``intent_id`` is the
    frame's own (a valid one, to echo) when the frame could be read at all."""

    def __init__(self, code: ErrorCode, detail: str, intent_id: str | None = None) -> None:
        super().__init__(f"{code}: {detail}")
        self.code = code
        self.detail = detail
        self.intent_id = intent_id


@dataclass(frozen=True, slots=True)
class FrameLimits:
    """What one frame may hold before any work is done on it (bytes, counts, levels)."""

    max_bytes: int
    """Largest frame, in bytes."""
    max_depth: int
    """Deepest nesting of maps and arrays; the frame's own map is level 1."""
    max_array: int
    """Most elements in one array."""
    max_map: int
    """Most entries in one map."""
    max_str: int
    """Longest str, in bytes (keys included)."""
    max_bin: int = 0
    """Longest bin, in bytes (no frame of the protocol carries one)."""

    def widened(self, factor: int) -> FrameLimits:
        """Every limit but ``max_bin`` times ``factor``: near misses (an extra field, a name too
        long) still parse, so their refusal can name the field (``WRONG_TYPES``)."""
        return FrameLimits(self.max_bytes * factor, self.max_depth * factor, self.max_array * factor,
                           self.max_map * factor, self.max_str * factor, self.max_bin)


def read_frame(frame: Any, limits: FrameLimits) -> Any:
    """msgpack-decode one frame within ``limits``; :class:`FrameError` (``MALFORMED_FRAME``)
    for a text frame, bad bytes, or anything beyond a limit.

    Cost: a refused frame is never parsed past its first excess, so no frame costs more
    than parsing ``max_bytes`` of legal msgpack (docs/performance.md, bench/hostile_frames.py).
    """
    if not isinstance(frame, (bytes, bytearray, memoryview)):
        raise FrameError(ErrorCode.MALFORMED_FRAME, "frames are binary msgpack, not text")
    if len(frame) > limits.max_bytes:
        raise FrameError(ErrorCode.MALFORMED_FRAME,
                         f"{len(frame)} bytes: the largest legal frame is {limits.max_bytes}")
    try:
        obj = msgpack.unpackb(frame, raw=False, strict_map_key=True, max_array_len=limits.max_array,
                              max_map_len=limits.max_map, max_str_len=limits.max_str,
                              max_bin_len=limits.max_bin, max_ext_len=0)
    except Exception as exc:  # msgpack raises several unrelated types for bad input
        raise FrameError(ErrorCode.MALFORMED_FRAME, _why(exc)) from None
    if not _depth_within(obj, limits.max_depth):
        raise FrameError(ErrorCode.MALFORMED_FRAME, f"nested deeper than {limits.max_depth} levels")
    return obj


_WHY = {"StackError": "nested deeper than msgpack's 1,024 levels", "FormatError": "not msgpack (a reserved byte)",
        "ExtraData": "bytes after the frame's one value", "UnicodeDecodeError": "a string that is not UTF-8"}


def _why(exc: Exception) -> str:
    """msgpack's refusal in words, naming the limit when it was one (``65000 exceeds max_array_len(8)``)."""
    name = type(exc).__name__
    return f"not msgpack within the limits: {_WHY.get(name) or str(exc)[:100] or name}"


def _depth_within(obj: Any, limit: int) -> bool:
    """True if maps and arrays nest at most ``limit`` levels (breadth first, no recursion:
    the frame's size already bounds how many containers there are to look at)."""
    level = [obj] if type(obj) is dict or type(obj) is list else []
    depth = 0
    while level:
        depth += 1
        if depth > limit:
            return False
        deeper: list[Any] = []
        for container in level:
            values = container.values() if type(container) is dict else container
            kinds = set(map(type, values))  # in C: a long list of scalars costs little
            if dict in kinds or list in kinds:
                deeper.extend(v for v in values if type(v) is dict or type(v) is list)
        level = deeper
    return True


# ---------------------------------------------------------------- limits from the models

@dataclass(frozen=True, slots=True)
class _Bound:
    size: int
    depth: int = 0
    array: int = 0
    map: int = 0
    string: int = 0

    def join(self, other: _Bound) -> _Bound:
        """Either one (a union): the larger of each."""
        return _Bound(max(self.size, other.size), max(self.depth, other.depth), max(self.array, other.array),
                      max(self.map, other.map), max(self.string, other.string))


def limits_from_schema(schema: dict[str, Any]) -> FrameLimits:
    """The tightest :class:`FrameLimits` that every frame valid under ``schema`` (a pydantic
    JSON schema) meets in the widest msgpack encoding of each value: 32-bit headers, 9-byte
    numbers, 4 bytes per character, every optional field present.

    Raises ``ValueError`` naming the place if a string, array or value is unbounded there:
    a frame from outside must have a size known before it is read.
    """
    defs = schema.get("$defs", {})
    bound = _bound(schema, defs, "frame")
    return FrameLimits(bound.size, bound.depth, bound.array, bound.map, bound.string)


def _bound(node: dict[str, Any], defs: dict[str, Any], where: str) -> _Bound:
    if "$ref" in node:
        name = node["$ref"].rsplit("/", 1)[-1]
        return _bound(defs[name], defs, name)
    for key in ("anyOf", "oneOf"):
        if key in node:
            parts = [_bound(n, defs, where) for n in node[key]]
            out = parts[0]
            for part in parts[1:]:
                out = out.join(part)
            return out
    kind = node.get("type")
    if "const" in node or "enum" in node:
        values = [node["const"]] if "const" in node else node["enum"]
        if all(isinstance(v, str) for v in values):
            longest = max(len(v.encode()) for v in values)
            return _Bound(_HEADER + longest, string=longest)
        kind = kind or "integer"
    if kind == "object":
        return _object(node, defs, where)
    if kind == "array":
        return _array(node, defs, where)
    if kind == "string":
        if "maxLength" not in node:
            raise ValueError(f"{where}: a string without maxLength")
        longest = node["maxLength"] * _UTF8
        return _Bound(_HEADER + longest, string=longest)
    if kind in ("integer", "number"):
        return _Bound(_SCALAR)
    if kind in ("boolean", "null"):
        return _Bound(1)
    raise ValueError(f"{where}: a value of no bounded type ({sorted(node)})")


def _object(node: dict[str, Any], defs: dict[str, Any], where: str) -> _Bound:
    props = node.get("properties", {})
    if node.get("additionalProperties", True) is not False:
        raise ValueError(f"{where}: a map that takes any key")
    out = _Bound(_HEADER, depth=1, map=len(props))
    for key, sub in props.items():
        key_len = len(key.encode())
        child = _bound(sub, defs, f"{where}.{key}")
        out = _Bound(out.size + _HEADER + key_len + child.size, max(out.depth, child.depth + 1),
                     max(out.array, child.array), max(out.map, child.map), max(out.string, key_len, child.string))
    return out


def _array(node: dict[str, Any], defs: dict[str, Any], where: str) -> _Bound:
    items = node.get("prefixItems")
    if items is None:
        if "maxItems" not in node or "items" not in node:
            raise ValueError(f"{where}: an array without maxItems")
        items = [node["items"]] * node["maxItems"]
    out = _Bound(_HEADER, depth=1, array=len(items))
    for i, sub in enumerate(items):
        child = _bound(sub, defs, f"{where}[{i}]")
        out = _Bound(out.size + child.size, max(out.depth, child.depth + 1), max(out.array, child.array),
                     max(out.map, child.map), max(out.string, child.string))
    return out


__all__ = ["FrameError", "FrameLimits", "read_frame", "limits_from_schema"]
