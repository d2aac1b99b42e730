"""Every sketch of a frame or a value in docs/protocol.md names exactly the fields of its model.

protoclient s14 F4: the "Conversation" sketch showed `joined{code, seat, token, seed?}` without
`claim`, which every seated `joined` carries and `rejoin` must send back; the message tables had it.
Kind: a sketch or example in the document disagreeing with the message tables (and so with the
models the schema is generated from). Checked here, against the schema:

- the "Conversation" diagram: each `name{fields}` of a server line (`<-`) names every property of
  that server message (``?``: sent only sometimes; ``a|b``: one or the other), and each of a client
  line (`->`) only properties of that client message, all its required ones included (`{...}`: any);
- the "Example" (a client's session): each `# <- name{...}` names only properties of that server
  message and all its required ones, and each `send({...})` frame is one the server accepts;
- each `name{...}` written inline in the prose (`hint{seq, decision}`): only properties of a message
  of that name;
- the value sketches (`**Placed**: {tile, seat, ...}`, `TableW`, `SeatW`, `RequestW`, `EffectW`,
  `ChatLineW`, ...): exactly their model's properties (`...`: some of them).
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from doublenine.shared import protocol as p
from doublenine.shared.schema import protocol_schema

DOC = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"
TEXT = DOC.read_text(encoding="utf-8")
DEFS = protocol_schema()["$defs"]


def _by_type(union: str) -> dict[str, dict[str, Any]]:
    out = {}
    for ref in DEFS[union]["oneOf"]:
        sub = DEFS[ref["$ref"].rsplit("/", 1)[1]]
        out[sub["properties"]["type"]["const"]] = sub
    return out


SERVER, CLIENT = _by_type("ServerMessage"), _by_type("ClientMessage")


def _split(body: str) -> list[str]:
    """The top-level comma-separated items of a sketch's ``{...}`` body (brackets and quotes kept whole)."""
    items, depth, quoted, cur = [], 0, False, ""
    for ch in body:
        if ch == '"':
            quoted = not quoted
        elif not quoted and ch in "{[(":
            depth += 1
        elif not quoted and ch in "}])":
            depth -= 1
        if ch == "," and depth == 0 and not quoted:
            items.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        items.append(cur.strip())
    return items


def fields(body: str) -> tuple[set[str], bool]:
    """(the field names a sketch body names, whether it says ``...``: only some of them)."""
    names: set[str] = set()
    partial = False
    for item in _split(body):
        if item.startswith("..."):
            partial = True
            continue
        m = re.match(r'"?(\w+(?:\|\w+)*)"?\??\s*(?::|$)', item)
        assert m is not None, f"not a field: {item!r} in {{{body}}}"
        names.update(m.group(1).split("|"))
    return names, partial


def frames(text: str) -> list[tuple[str, str]]:
    """Every ``name{body}`` in ``text`` (a body's own braces nested), in order."""
    out = []
    for m in re.finditer(r"(\w+)\{", text):
        depth, i = 1, m.end()
        while depth:
            depth += {"{": 1, "}": -1}.get(text[i], 0)
            i += 1
        out.append((m.group(1), text[m.end():i - 1]))
    return out


def _block(after: str) -> str:
    start = TEXT.index("```", TEXT.index(after))
    return TEXT[TEXT.index("\n", start):TEXT.index("```", start + 3)]


def conversation() -> list[tuple[str, str, str]]:
    """(direction, message, body) of every frame the "Conversation" diagram sketches."""
    out = []
    for line in _block("## Conversation").splitlines():
        side = "<-" if "<-" in line else "->" if "->" in line else None
        if side is None:
            continue
        out += [(side, name, body) for name, body in frames(line)]
    return out


def test_the_conversation_sketches_every_field_of_each_server_frame() -> None:
    sketched = conversation()
    assert ("<-", "joined", "code, seat, token?, claim?, seed?") in sketched  # the finding's frame
    assert len(sketched) >= 14
    for side, name, body in sketched:
        names, partial = fields(body)
        if side == "<-":
            props = set(SERVER[name]["properties"]) - {"type"}
            assert not partial and names == props, (name, sorted(names ^ props))
        elif not partial:
            sub = CLIENT[name]
            props, required = set(sub["properties"]), set(sub.get("required", ())) - {"type"}
            assert names <= props and required <= names, (name, sorted(names - props), sorted(required - names))


def test_the_example_names_real_fields_and_sends_real_frames() -> None:
    block = _block("## Example")
    received = [(name, body) for line in block.splitlines() if line.lstrip().startswith("# <-")
                for name, body in frames(line)]
    assert [name for name, _ in received] == ["joined", "snapshot", "update"]
    for name, body in received:
        names, partial = fields(body)
        sub = SERVER[name]
        props, required = set(sub["properties"]), set(sub.get("required", ())) - {"type"}
        assert names <= props and required <= names, (name, sorted(names - props), sorted(required - names))
    sent = re.findall(r"^send\((\{.*?\})\)", block, re.M | re.S)
    assert len(sent) == 3
    for frame in sent:  # the literal frames the example sends, evaluated as Python
        message = eval(frame, {"__builtins__": {}})  # noqa: S307 - the document's own code
        assert p.decode_client(p.pack(message)).type == message["type"]


VALUES = {  # the sketch's lead-in in the document -> its model
    "**Decision** (`DecisionW`): `": "DecisionW",
    "**Placed** (a tile on the line of play): `": "PlacedW",
    "**OpeningDraw**: `": "OpeningDrawW",
    "**Redeal** (R13): `": "RedealW",
    "**FinishedHand** (R22, the ledger): `": "FinishedW",
    "**MatchRecord** (an earlier match at the table): `": "MatchRecordW",
    "### Table (`TableW`)\n\n`": "TableW",
    "**Seat** (`SeatW`): `": "SeatW",
    "**Request** (`RequestW`, D1/D7): `": "RequestW",
    "**Effect** (`EffectW`, D1, R27, D6): what accepting does": "EffectW",
    "`seats`: 4 × `": "SeatSpec",
    "**ChatLine** (`ChatLineW`): `": "ChatLineW",
}


@pytest.mark.parametrize(("lead", "model"), VALUES.items(), ids=list(VALUES.values()))
def test_each_value_sketch_names_exactly_its_models_fields(lead: str, model: str) -> None:
    start = TEXT.index(lead) + len(lead)
    body_start = TEXT.index("{", start)
    assert body_start - start < 200, lead
    depth, i = 1, body_start + 1
    while depth:
        depth += {"{": 1, "}": -1}.get(TEXT[i], 0)
        i += 1
    names, partial = fields(TEXT[body_start + 1:i - 1].replace("\n", " ").replace("\\|", "|"))
    props = set(DEFS[model]["properties"]) - {"type"}
    if partial:
        assert names < props, (model, sorted(names - props))
    else:
        assert names == props, (model, sorted(names ^ props))


def test_every_inline_sketch_names_fields_of_its_message() -> None:
    inline = re.findall(r"`(\w+)\{([^`]*)\}`", TEXT)
    assert ("joined", "seat, token, claim") in inline and len(inline) >= 8
    for name, body in inline:
        names, _ = fields(body)
        known = [set(side[name]["properties"]) for side in (SERVER, CLIENT) if name in side]
        assert known and any(names <= props for props in known), (name, body)
