"""Bad input to ``doublenine replay`` (docs/hand-script.md "Errors"): a stable code and exit 2, never a traceback."""
from __future__ import annotations

import argparse
import io
import json
from pathlib import Path
from typing import Any

import pytest

from doublenine.shared.handscript_cli import add_arguments, run

HERE = Path(__file__).parent / "handscripts"


def load(name: str = "tie") -> Any:
    return json.loads((HERE / f"{name}.json").read_text())


def replay(data: object, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, Any]:
    """Run ``doublenine replay FILE`` in-process on ``data`` (bytes, str or a JSON value)."""
    raw = data if isinstance(data, bytes) else (data if isinstance(data, str) else json.dumps(data)).encode()
    path = tmp_path / "script.json"
    path.write_bytes(raw)
    code = run(argparse.Namespace(file=str(path)))
    out = capsys.readouterr()
    assert out.out.endswith("\n") and out.out.count("\n") == 1
    said = json.loads(out.out)
    error = said.get("error") if isinstance(said, dict) else None  # a refusal is also said on stderr (s12)
    assert out.err == ("" if error is None else f"doublenine replay: {error['code']}: {error['message']}\n")
    return code, said


def refused(data: object, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[str, int | None]:
    code, out = replay(data, tmp_path, capsys)
    assert code == 2
    assert set(out) == {"error"}
    assert set(out["error"]) == {"code", "move_index", "message"}
    assert isinstance(out["error"]["message"], str) and out["error"]["message"]
    return out["error"]["code"], out["error"]["move_index"]


def with_(changes: dict[str, Any], base: str = "tie") -> Any:
    script = load(base)
    script.update(changes)
    return script


def moves_with(index: int, move: Any, keep: int | None = None) -> Any:
    script = load("tie")
    moves = script["moves"][: keep if keep is not None else index]
    script["moves"] = moves + [move]
    return script


# ---------------------------------------------------------------- MALFORMED

MALFORMED_DOCUMENTS: list[object] = [
    b"", b"{", b"not json", b"\xff\xfe\x00", "[1, 2]", "null", "42", '"hands"',
    "[" * 100_000 + "]" * 100_000,          # nesting deeper than the parser allows
    '{"hands": {}, "hands": {}}',            # duplicate key
    '{"opener": NaN}',
    with_({"opener": "1"}), with_({"opener": 1.0}), with_({"opener": True}),
    with_({"scores_before": {"A": 0}}), with_({"scores_before": {"A": -1, "B": 0}}),
    with_({"scores_before": {"A": 100, "B": 0}}), with_({"scores_before": [0, 0]}),
    with_({"moves": {}}), with_({"moves": None}), with_({"label": 5}), with_({"extra": 1}),
    with_({"hands": [[0, 1]] * 10}), with_({"hands": "1"}),
]


@pytest.mark.parametrize("data", MALFORMED_DOCUMENTS, ids=range(len(MALFORMED_DOCUMENTS)))
def test_malformed_documents(data: object, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert refused(data, tmp_path, capsys) == ("MALFORMED", None)


def test_missing_keys_and_missing_seats_are_malformed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for key in ("hands", "opener", "moves"):
        script = load()
        del script[key]
        assert refused(script, tmp_path, capsys) == ("MALFORMED", None)
    script = load()
    del script["hands"]["4"]
    assert refused(script, tmp_path, capsys) == ("MALFORMED", None)
    script = load()
    del script["scores_before"]  # optional: 0-0
    code, out = replay(script, tmp_path, capsys)
    assert code == 0 and out["scores_after"] == {"A": 0, "B": 0}


@pytest.mark.parametrize("tile", [[1], [1, 2, 3], ["1", 2], [True, 1], [1.0, 2], None, "1-2", {"a": 1}])
def test_malformed_tiles_in_a_hand(tile: object, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = load()
    script["hands"]["2"][3] = tile
    assert refused(script, tmp_path, capsys) == ("MALFORMED", None)


MALFORMED_MOVES: list[object] = [
    [], "pass", {"seat": 2}, {"seat": 2, "pass": False}, {"seat": 2, "pass": 1},
    {"seat": 2, "pass": True, "play": [7, 8], "end": "right"}, {"seat": 2, "play": [7, 8]},
    {"seat": 2, "play": [7, 8], "end": "middle"}, {"seat": 2, "play": [7, 8], "end": None},
    {"seat": "2", "play": [7, 8], "end": "right"}, {"seat": 2, "play": [7], "end": "right"},
    {"seat": 2, "play": [7, 8], "end": "right", "note": "x"},
]


@pytest.mark.parametrize("move", MALFORMED_MOVES, ids=range(len(MALFORMED_MOVES)))
def test_malformed_moves_name_their_index(move: object, tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert refused(moves_with(1, move), tmp_path, capsys) == ("MALFORMED", 1)


# ---------------------------------------------------------------- BAD_TILE, DUPLICATE_TILE, WRONG_COUNT, BAD_SEAT

@pytest.mark.parametrize("tile", [[10, 1], [-1, 2], [0, 99]])
def test_bad_tile_in_a_hand_and_in_a_move(tile: list[int], tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    script = load()
    script["hands"]["3"][0] = tile
    assert refused(script, tmp_path, capsys) == ("BAD_TILE", None)
    move = {"seat": 2, "play": tile, "end": "right"}
    assert refused(moves_with(1, move), tmp_path, capsys) == ("BAD_TILE", 1)


def test_r1_duplicate_tiles_within_and_across_hands(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = load()
    script["hands"]["1"][1] = script["hands"]["1"][0]
    assert refused(script, tmp_path, capsys) == ("DUPLICATE_TILE", None)
    script = load()
    a, b = script["hands"]["1"][0]
    script["hands"]["4"][0] = [b, a]  # written the other way round: still the same tile
    assert refused(script, tmp_path, capsys) == ("DUPLICATE_TILE", None)


def test_r9_every_hand_holds_ten_tiles(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = load()
    script["hands"]["2"].pop()
    assert refused(script, tmp_path, capsys) == ("WRONG_COUNT", None)
    unused = next([a, b] for a in range(10) for b in range(a, 10)
                  if [a, b] not in sum(load()["hands"].values(), []))
    script = load()
    script["hands"]["3"].append(unused)
    assert refused(script, tmp_path, capsys) == ("WRONG_COUNT", None)
    script = load()
    script["hands"]["1"] = []
    assert refused(script, tmp_path, capsys) == ("WRONG_COUNT", None)


def test_bad_seats(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = load()
    script["hands"]["5"] = script["hands"].pop("4")
    assert refused(script, tmp_path, capsys) == ("BAD_SEAT", None)
    assert refused(with_({"opener": 0}), tmp_path, capsys) == ("BAD_SEAT", None)
    assert refused(with_({"opener": 5}), tmp_path, capsys) == ("BAD_SEAT", None)
    move = {"seat": 5, "pass": True}
    assert refused(moves_with(2, move), tmp_path, capsys) == ("BAD_SEAT", 2)


# ---------------------------------------------------------------- rule breaks during play

def test_r14_d4_a_move_out_of_turn(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert refused(moves_with(0, {"seat": 2, "play": [2, 5]}), tmp_path, capsys) == ("NOT_YOUR_TURN", 0)
    assert refused(moves_with(3, {"seat": 1, "pass": True}), tmp_path, capsys) == ("NOT_YOUR_TURN", 3)


def test_r15_a_tile_not_held(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # seat 2's turn after the lead 3-8: 3-3 is seat 1's, 8-9 seat 3's, 5-8 unused
    for tile in ([3, 3], [8, 9], [5, 8]):
        move = {"seat": 2, "play": tile, "end": "right"}
        assert refused(moves_with(1, move), tmp_path, capsys) == ("TILE_NOT_HELD", 1)
    # a tile already played: seat 1 led 3-8 and plays it again at move 4
    move = {"seat": 1, "play": [3, 8], "end": "left"}
    assert refused(moves_with(4, move), tmp_path, capsys) == ("TILE_NOT_HELD", 4)


def test_r15_a_tile_that_fits_no_end(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # ends 3 | 8 after the lead; seat 2 holds 2-5
    move = {"seat": 2, "play": [2, 5], "end": "left"}
    assert refused(moves_with(1, move), tmp_path, capsys) == ("TILE_DOES_NOT_FIT", 1)
    move = {"seat": 2, "play": [7, 8], "end": "left"}  # fits the right end, not the left
    assert refused(moves_with(1, move), tmp_path, capsys) == ("TILE_DOES_NOT_FIT", 1)


def test_d4_pass_while_holding_a_playable_tile(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert refused(moves_with(1, {"seat": 2, "pass": True}), tmp_path, capsys) == ("MUST_PLAY", 1)


@pytest.mark.parametrize("name", ["tie", "block", "domino"])
def test_r16_r17_a_move_after_the_hand_ended(name: str, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    script = load(name)
    n = len(script["moves"])
    script["moves"].append({"seat": 1, "pass": True})
    assert refused(script, tmp_path, capsys) == ("HAND_OVER", n)
    script["moves"][-1] = {"seat": 7}  # even a malformed one is reported at parse time
    assert refused(script, tmp_path, capsys) == ("MALFORMED", n)


# ---------------------------------------------------------------- files and stdin

def test_unreadable_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for path in (tmp_path / "missing.json", tmp_path):
        assert run(argparse.Namespace(file=str(path))) == 2
        out = json.loads(capsys.readouterr().out)
        assert out["error"]["code"] == "UNREADABLE" and out["error"]["move_index"] is None


def test_dash_reads_stdin(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    class Stdin:
        buffer = io.BytesIO((HERE / "unfinished.json").read_bytes())

    monkeypatch.setattr("sys.stdin", Stdin)
    assert run(argparse.Namespace(file="-")) == 0
    assert json.loads(capsys.readouterr().out)["result"] == "unfinished"


def test_add_arguments_takes_one_file() -> None:
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    assert parser.parse_args(["-"]).file == "-"


def test_issue_16_1_a_file_is_read_only_up_to_its_bound(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from doublenine.shared.handscript_cli import MAX_INPUT

    big = tmp_path / "big.json"
    big.write_bytes(b" " * MAX_INPUT + b"{}")  # valid JSON, but beyond the bound
    assert run(argparse.Namespace(file=str(big))) == 2
    out = json.loads(capsys.readouterr().out)
    assert out["error"]["code"] == "MALFORMED" and "larger than 4194304 bytes" in out["error"]["message"]
