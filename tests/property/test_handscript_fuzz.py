"""Fuzzing ``doublenine replay`` input (issue 2: bad input never ends in a traceback).

Whatever the bytes or JSON value, :func:`check_text` returns either a result or
``{"error": {"code", "move_index", "message"}}`` with a documented code.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from doublenine.shared.errors import ErrorCode
from doublenine.shared.handscript import check_text

TIE = json.loads((Path(__file__).parents[1] / "unit" / "handscripts" / "tie.json").read_text())
SCRIPT_CODES = {
    "MALFORMED", "BAD_TILE", "DUPLICATE_TILE", "WRONG_COUNT", "BAD_SEAT", "NOT_YOUR_TURN",
    "TILE_NOT_HELD", "TILE_DOES_NOT_FIT", "MUST_PLAY", "HAND_OVER", "BAD_OPENER",
}
FAST = settings(max_examples=150, deadline=None, database=None)

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 12) | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["hands", "opener", "moves", "scores_before", "seat", "play", "pass",
                         "end", "1", "2", "A", "B", "label"]), inner, max_size=5),
    max_leaves=20,
)


def assert_well_formed(out: dict[str, Any]) -> None:
    assert isinstance(out, dict)
    if "error" in out:
        err = out["error"]
        assert err["code"] in SCRIPT_CODES and err["code"] in ErrorCode.__members__
        assert err["move_index"] is None or isinstance(err["move_index"], int)
        assert isinstance(err["message"], str)
    else:
        assert "result" in out or "hands" in out
    json.dumps(out)


@FAST
@given(st.binary(max_size=200))
def test_any_bytes_give_a_result_or_a_coded_error(raw: bytes) -> None:
    assert_well_formed(check_text(raw))


@FAST
@given(JSON)
def test_any_json_value_gives_a_result_or_a_coded_error(value: object) -> None:
    assert_well_formed(check_text(json.dumps(value)))


MOVE = st.fixed_dictionaries({"seat": st.integers(0, 5)}, optional={
    "play": st.lists(st.integers(-1, 10), min_size=2, max_size=2),
    "pass": st.booleans(), "end": st.sampled_from(["left", "right", "up"]),
})


@FAST
@given(st.integers(0, 19), st.lists(MOVE, max_size=6))
def test_random_moves_after_a_valid_prefix_give_a_result_or_a_coded_error(
        keep: int, extra: list[dict[str, Any]]) -> None:
    script = dict(TIE, moves=TIE["moves"][:keep] + extra)
    out = check_text(json.dumps(script))
    assert_well_formed(out)
    if "error" in out and out["error"]["move_index"] is not None:
        assert keep <= out["error"]["move_index"] < keep + len(extra)  # the prefix is legal
