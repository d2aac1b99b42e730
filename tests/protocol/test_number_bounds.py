"""Every number of every frame is bounded in the schema, by the bounds docs/protocol.md "Numbers" gives.

protodoc s12: `consent` and `cancel_request` took any `request_id` >= 1 (2^64-1 was answered
NO_SUCH_REQUEST), though "Numbers" bounds ids to 1..2^53-1 and "Client frames: the server is strict"
refuses a value out of range WRONG_TYPES; the schema agreed with the server. Kind: a number field
documented with a range whose model has none. Every integer and float property of the schema (both
directions) has a minimum and a maximum, and every field the "Numbers" table names has its bounds.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Iterator

import pytest

from doublenine.shared import protocol as p
from doublenine.shared.errors import ErrorCode
from doublenine.shared.schema import protocol_schema

DOC = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"
DEFS = protocol_schema()["$defs"]


def _numbers(node: Any, path: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every integer or float schema under ``node`` (not through ``$ref``), with where it is."""
    if isinstance(node, dict):
        if node.get("type") in ("integer", "number") and "const" not in node and "enum" not in node:
            yield path, node
        for key, value in node.items():
            yield from _numbers(value, f"{path}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _numbers(value, f"{path}/{i}")


def test_every_number_in_the_schema_has_a_minimum_and_a_maximum() -> None:
    unbounded = [where for name, sub in DEFS.items() for where, num in _numbers(sub, name)
                 if not num.keys() & {"minimum", "exclusiveMinimum"} or not num.keys() & {"maximum", "exclusiveMaximum"}]
    assert unbounded == []


def _value(text: str) -> float:
    """A bound as the table writes it: ``2^53-1``, ``10^11``, ``1,000,000``, ``-990``."""
    text = text.replace(",", "").strip()
    m = re.fullmatch(r"(-?)(\d+)\^(\d+)(-1)?", text)
    if m:
        return (-1 if m.group(1) else 1) * (int(m.group(2)) ** int(m.group(3)) - (1 if m.group(4) else 0))
    return float(text)


SCOPE = {"chat": ("ChatLineW",), "chat line": ("ChatLineW",), "request": ("RequestW",), "coach": ("CoachRowW", "CoachReply"),
         "effect": ("EffectW",)}
"""A word before a name in the table says whose field it is (`at` is a chat line's time and a coach row's index)."""
ELSEWHERE = {("AskCoach", "match"): "`match` int 1..1000000", ("AskCoach", "hand"): "`hand` int 1..1000000"}
"""Fields whose narrower range their own row says (the coach's request: no match or hand 0)."""
TILE_LISTS = {"hand", "dealt", "left", "doubles"}
PAIRS = {"draw_taken": {(1, 4): "/prefixItems/0", (0, 54): "/prefixItems/1"},
         "draw_taken_add": {(1, 4): "/prefixItems/0", (0, 54): "/prefixItems/1"}}
"""Lists of pairs whose two numbers have two rows: ``[seat, position]``."""


def bounds(num: dict[str, Any]) -> tuple[float, float]:
    """A number schema's (minimum, maximum), an exclusive bound of an integer made inclusive."""
    low = num["minimum"] if "minimum" in num else num["exclusiveMinimum"] + 1
    high = num["maximum"] if "maximum" in num else num["exclusiveMaximum"] - 1
    return low, high


def documented() -> list[tuple[str, tuple[str, ...] | None, float, float]]:
    """(field, models or None for any, minimum, maximum) per name of the "Numbers" table."""
    text = DOC.read_text(encoding="utf-8")
    table = text[text.index("### Numbers"):text.index("## Values")]
    out = []
    for names, bounds in re.findall(r"^\| (.+?) \| (.+?) \|$", table, re.M):
        if names == "numbers" or names.startswith("`error.data`"):  # the header; error.data: no names
            continue
        scope_seen = ""  # a scope word holds for the rest of its row ("coach `worlds` / `at`")
        for group, span in zip(names.split(" / "), bounds.split(" / ")):
            low, high = re.match(r"(-?[\d,^]+(?:-1)?)\.\.(-?[\d,^]+(?:-1)?)", span.strip()).groups()  # type: ignore[union-attr]
            for i, (scope, name) in enumerate(re.findall(r"(?:(chat line|chat|request|coach|effect) )?`(\w+)`", group)):
                out.append((name, SCOPE.get(scope or (scope_seen if i == 0 else "")), _value(low), _value(high)))
                scope_seen = scope or scope_seen
    return out


def test_every_field_the_numbers_table_names_has_its_bounds_in_the_schema() -> None:
    rows = documented()
    assert len(rows) >= 25 and ("request_id", None, 1, 2**53 - 1) in rows
    text = DOC.read_text(encoding="utf-8")
    checked = 0
    for name, models, low, high in rows:
        for model, sub in DEFS.items():
            prop = sub.get("properties", {}).get(name)
            if prop is None or (models and model not in models):
                continue
            if (model, name) in ELSEWHERE:
                assert ELSEWHERE[model, name] in text
                continue
            if name == "left" and model == "PlacedW":
                continue  # a pip of a laid tile, not a hand
            nums = [num for where, num in _numbers(prop, name)
                    if name not in PAIRS or where.endswith(PAIRS[name].get((low, high), "-"))]
            tiles = name in TILE_LISTS and bool(nums) and all(n["maximum"] == 9 for n in nums)
            if name in TILE_LISTS and tiles != ((low, high) == (0, 10)):
                continue  # `hand` is a list of tiles in a view and a hand number in a redeal: the other row
            if tiles:
                # a list of tiles (each two pips 0..9): the bound is how many tiles it holds
                sizes = [int(n) for n in re.findall(r"'maxItems': (\d+)", str(prop))]
                assert sorted(set(sizes) - {2, 4}) == [high], (model, name, sizes)
                checked += 1
                continue
            assert nums, (model, name)
            assert {bounds(n) for n in nums} == {(low, high)}, (model, name)
            checked += 1
    assert checked >= 40


@pytest.mark.parametrize("message", [
    {"type": "consent", "request_id": 0, "accept": True},
    {"type": "consent", "request_id": 2**53, "accept": True},
    {"type": "consent", "request_id": 2**64 - 1, "accept": True},  # the finding's: NO_SUCH_REQUEST
    {"type": "cancel_request", "request_id": 2**53},
    {"type": "cancel_request", "request_id": 2**64 - 1},
])
def test_an_id_beyond_its_range_is_wrong_types(message: dict[str, Any]) -> None:
    with pytest.raises(p.FrameError) as refused:
        p.decode_client(p.pack(message))
    assert refused.value.code is ErrorCode.WRONG_TYPES
    assert refused.value.detail.startswith("request_id: Input should be")


def test_the_largest_id_is_read() -> None:
    assert p.decode_client(p.pack({"type": "consent", "request_id": 2**53 - 1, "accept": False})).request_id == 2**53 - 1
    assert p.decode_client(p.pack({"type": "cancel_request", "request_id": 1})).request_id == 1


def test_every_number_of_every_frame_has_its_bounds_in_the_document() -> None:
    """The other way round (protoclient s14 F1: `joined.claim` was documented "int >= 1" while
    `rejoin.claim` was 1..2147483647, and "Numbers" did not name `claim` at all; the same for `seed`, the
    `_total`s, `protocol_version` and an undo's `effect`). Kind: a number a frame carries whose bound the
    document leaves out, so a client written from it alone validates too little or too much. Every
    integer or float of every message (both directions) is named in "Numbers" with the schema's bounds;
    the two halves of a tile are "Values"' pips, and `error.data` has its own row."""
    rows = documented()
    missing = []
    for model, sub in DEFS.items():
        for name, prop in sub.get("properties", {}).items():
            if model == "Error" and name == "data":
                continue
            for where, num in _numbers(prop, name):
                low, high = bounds(num)
                if (low, high) == (0, 9) and re.search(r"/prefixItems/[01]$", where):
                    continue  # one pip of a tile (or of `ends`): "Values", and the pips row
                if (model, name) in ELSEWHERE and ELSEWHERE[model, name].endswith(f"{int(low)}..{int(high)}"):
                    continue
                if not any(n == name and (scope is None or model in scope) and (lo, hi) == (low, high)
                           for n, scope, lo, hi in rows):
                    missing.append(f"{model}.{where} {low}..{high}")
    assert missing == [], "\n".join(missing)


def test_no_number_is_documented_with_one_bound_only() -> None:
    """"int >= 1" is how `joined.claim` lost its upper bound (protoclient s14 F1): every int the
    document gives a range gives both ends."""
    text = DOC.read_text(encoding="utf-8")
    assert re.findall(r"int(?:eger)?s? (?:≥|>=) ?-?\d", text) == []
