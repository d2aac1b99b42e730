"""Every limit of a client frame's field is in docs/protocol.md as it is in docs/protocol.schema.json,
both ways (protodoc s12: a `spectate` `code` of 17 characters was refused WRONG_TYPES "at most 16
characters", a limit only the schema gave; the prose said only that a string naming no table is
UNKNOWN_TABLE. `rejoin`'s `token` (1..128) and `hello`'s `protocol_version` (0..2^53-1) were the same).

Kind: a bound on what a client may send stated in the schema only (or in the prose only). Each bounded
string and integer property of a client message must be written next to its name in the prose
(`code` str 1..16, `position` 0..54...); seats (1..4, "Values") and the ids and seqs of the "Numbers"
table (tests/protocol/test_number_bounds.py) are checked there. Each range written so in "Client ->
server" must be the schema's for that field.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Iterator

from doublenine.shared.schema import protocol_schema

DOC = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"
DEFS = protocol_schema()["$defs"]
NUMBERS_TABLE = {"expected_seq", "request_id"}


def _client_models() -> list[str]:
    names: list[str] = []
    todo = ["ClientMessage"]

    def refs(node: Any) -> list[str]:
        if isinstance(node, dict):
            own = [node["$ref"].rsplit("/", 1)[1]] if "$ref" in node else []
            return own + [r for v in node.values() for r in refs(v)]
        return [r for v in node for r in refs(v)] if isinstance(node, list) else []

    while todo:
        name = todo.pop()
        if name not in names:
            names.append(name)
            todo.extend(refs(DEFS[name]))
    return [n for n in names if "properties" in DEFS[n]]


def _bounded(prop: dict[str, Any]) -> dict[str, Any]:
    """The string or integer schema of a property (through a nullable ``anyOf``), if it is bounded."""
    for sub in [prop, *prop.get("anyOf", [])]:
        if sub.get("type") == "string" and "maxLength" in sub:
            return sub
        if sub.get("type") == "integer" and sub.keys() & {"maximum", "exclusiveMaximum"}:
            return sub
    return {}


def schema_limits() -> Iterator[tuple[str, str, int, int, str]]:
    """(model, field, min, max, "str"|"int") for every bounded client field."""
    for model in _client_models():
        for field, prop in DEFS[model]["properties"].items():
            sub = _bounded(prop)
            if not sub:
                continue
            if sub["type"] == "string":
                yield model, field, sub.get("minLength", 0), sub["maxLength"], "str"
            else:
                high = sub["maximum"] if "maximum" in sub else sub["exclusiveMaximum"] - 1
                yield model, field, sub["minimum"], high, "int"


def _forms(n: int) -> list[str]:
    """How the prose may write ``n``: 54, 1000000, 1,000,000, 2^53-1."""
    out = [str(n), f"{n:,}"]
    if n > 1000 and (n + 1) & n == 0:
        out.append(f"2^{(n + 1).bit_length() - 1}-1")
    return out


def _value(text: str) -> int:
    m = re.fullmatch(r"2\^(\d+)-1", text)
    return 2 ** int(m.group(1)) - 1 if m else int(text.replace(",", ""))


def _client_section() -> str:
    text = DOC.read_text(encoding="utf-8")
    return text[text.index("## Client → server"):text.index("## Server → client")] + \
        text[text.index("## Sequence numbers"):text.index("## Conversation")]


def test_every_bounded_client_field_has_its_bounds_in_the_prose() -> None:
    text = _client_section()
    missing = []
    checked = 0
    for model, field, low, high, kind in schema_limits():
        if field in NUMBERS_TABLE or (kind == "int" and (low, high) == (1, 4)):
            continue  # the Numbers table's, and seats ("Values")
        ranges = [f"{lo}\\.\\.{re.escape(hi)}" for lo in _forms(low) for hi in _forms(high)]
        if kind == "str" and low == 0:
            ranges.append(f"≤{high}")
        if kind == "str":
            ranges.append(f"up to {high} characters")
        written = rf"`{field}`[^|]{{0,160}}?(?:{'|'.join(ranges)})(?![\d,])"
        if re.search(written, text) is None:
            missing.append(f"{model}.{field} {low}..{high}")
        checked += 1
    assert missing == [], "bounded in the schema, not in docs/protocol.md 'Client → server'"
    assert checked >= 12


def test_every_range_the_prose_gives_a_client_field_is_the_schemas() -> None:
    limits: dict[str, set[tuple[int, int]]] = {}
    for _, field, low, high, _kind in schema_limits():
        limits.setdefault(field, set()).add((low, high))
    written = re.findall(r"`(\w+)` (?:str |int )?(\d[\d,]*|2\^\d+-1)\.\.(\d[\d,]*(?:\^\d+-1)?)(?![\d,])", _client_section())
    written += [(f, "0", n) for f, n in re.findall(r"`(\w+)` str ≤(\d+)", _client_section())]
    assert len(written) >= 10
    wrong = [(f, lo, hi) for f, lo, hi in written if (_value(lo), _value(hi)) not in limits.get(f, set())]
    assert wrong == []


def test_the_reported_limits_are_written() -> None:
    text = _client_section()
    assert "`code` str 1..16" in text and "`token` str 1..128" in text and "`protocol_version` int 0..2^53-1" in text
