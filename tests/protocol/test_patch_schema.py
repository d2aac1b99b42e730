"""The schema of a patch, a phase and a closed request says what the server sends and the prose says
(protodoc s12, minor findings). Kind: a schema looser than the frames it describes:

- every ViewPatch field was nullable, though "a field that became null is named in `clear`, never sent
  as null": the schema and the model now refuse a null;
- `ViewPatch.past` (the list replaced whole) was in the schema, though `past` only grows by `past_add`
  (an undo stays within its match); it is gone, and a server that forgot a match (it keeps the last 2)
  still sends only what is new;
- `draw_shuffle`/`deal_shuffle` were phases of the schema, though no frame carries them;
- `request_closed.action` was any string, though it is a request's action (`RequestW.action`).
"""
from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any

import pytest

from doublenine.shared import protocol as p
from doublenine.shared.convert import view_patch
from doublenine.shared.errors import ErrorCode
from doublenine.shared.schema import protocol_schema
from doublenine.shared.state import MatchRecord, MatchState, Phase
from doublenine.shared.views import view_for

DEFS = protocol_schema()["$defs"]
DOC = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"
SENT_PHASES = ["draw", "nominate", "review", "play", "match_over"]


def _allows_null(node: Any) -> bool:
    if isinstance(node, dict):
        if node.get("type") == "null" or node.get("default", 0) is None:
            return True
        return any(_allows_null(v) for k, v in node.items() if k != "$defs")
    return any(_allows_null(v) for v in node) if isinstance(node, list) else False


def test_no_patch_field_is_nullable_in_the_schema() -> None:
    patch = DEFS["ViewPatch"]
    assert [name for name, prop in patch["properties"].items() if _allows_null(prop)] == []
    assert "past" not in patch["properties"] and "past_add" in patch["properties"]


def test_a_patch_with_a_null_is_refused_and_one_without_read() -> None:
    with pytest.raises(p.FrameError) as refused:
        p.decode_server(p.pack({"type": "update", "seq": 4, "patch": {"turn": None}}))
    assert (refused.value.code, refused.value.detail.startswith("patch: Value error, turn: a field that became null")) == \
        (ErrorCode.WRONG_TYPES, True)
    read = p.decode_server(p.pack({"type": "update", "seq": 4, "patch": {"turn": 2, "clear": ["ends"]}}))
    assert (read.patch.turn, read.patch.clear) == (2, ("ends",))


def _record(number: int) -> MatchRecord:
    return MatchRecord(number, (), (), (), (0, 0), None, None)


def test_past_only_grows_even_when_the_server_forgot_a_match() -> None:
    """The server keeps the last 2 earlier matches (docs/protocol.md `past`): at the third new match its
    list went (1, 2) -> (2, 3), no longer an extension; the patch says only what is new."""
    view = view_for(MatchState(phase=Phase.DRAW), None)
    old = dataclasses.replace(view, past=(_record(1), _record(2)))
    new = dataclasses.replace(view, past=(_record(2), _record(3)))
    patch = view_patch(old, new)
    assert list(patch) == ["past_add"] and [m["number"] for m in patch["past_add"]] == [3]
    assert view_patch(dataclasses.replace(view, past=()), old)["past_add"][1]["number"] == 2


def test_the_schemas_phases_are_the_ones_frames_carry() -> None:
    assert DEFS["ViewW"]["properties"]["phase"]["enum"] == SENT_PHASES
    assert DEFS["ViewPatch"]["properties"]["phase"]["enum"] == SENT_PHASES
    row = re.search(r"^\| phase \| (.+) \|$", DOC.read_text(encoding="utf-8"), re.M)
    assert row is not None and re.findall(r'`"(\w+)"`', row.group(1)) == SENT_PHASES


def test_request_closed_action_is_a_requests_action() -> None:
    assert DEFS["RequestClosed"]["properties"]["action"]["enum"] == DEFS["RequestW"]["properties"]["action"]["enum"] \
        == ["undo", "redo", "restart", "new_match", "hand_over"]
    frame = {"type": "request_closed", "request_id": 3, "action": "undo", "outcome": "done", "seat": None, "detail": ""}
    assert p.decode_server(p.pack(frame)).action == "undo"
    with pytest.raises(p.FrameError) as refused:
        p.decode_server(p.pack({**frame, "action": "surrender"}))
    assert refused.value.code is ErrorCode.WRONG_TYPES
