"""Hand scripts (issue 2 item 4, docs/hand-script.md): good scripts, export and match records."""
from __future__ import annotations

import copy
import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from doublenine.shared.events import MatchLog
from doublenine.shared.handscript import check, check_text, record_from_finished, script_from_finished
from doublenine.shared.moves import End, Play
from doublenine.shared.handscript import parse
from doublenine.shared.rules import legal_decisions, to_act
from doublenine.shared.seats import Seat
from doublenine.shared.state import Phase
from doublenine.shared.tiles import Tile

from enginekit import DEAL, in_play, play_out

HERE = Path(__file__).parent / "handscripts"
ROOT = Path(__file__).resolve().parents[2]
PYTHON = ROOT / ".venv" / "bin" / "python"


def load(name: str) -> Any:
    return json.loads((HERE / f"{name}.json").read_text())


def test_r16_r18_domino_script() -> None:
    assert check(load("domino")) == {
        "result": "domino", "winner_team": "A", "points": 23 + 25,
        "scores_after": {"A": 20 + 48, "B": 35},
        "pip_totals": {"1": 0, "2": 23, "3": 12, "4": 25},
        "line": [[0, 8], [8, 9], [9, 9], [9, 5], [5, 2], [2, 8], [8, 4], [4, 0], [0, 2], [2, 9],
                 [9, 4], [4, 5], [5, 3], [3, 7], [7, 0], [0, 6], [6, 6], [6, 9], [9, 3], [3, 2],
                 [2, 7], [7, 4], [4, 4], [4, 1], [1, 1], [1, 5], [5, 8], [8, 8], [8, 6], [6, 4],
                 [4, 3], [3, 6], [6, 2], [2, 2]],
        "ends": [0, 2], "next_entitled_team": "A", "match_winner": None, "named_result": None,
    }


def test_r17_r19_block_script_won_by_the_lowest_individual_total() -> None:
    # seat 2 holds 58 (lowest); team B holds 58 + 94 = 152, team A 61 + 73 = 134
    out = check(load("block"))
    assert (out["result"], out["winner_team"], out["points"]) == ("block", "B", 134)
    assert out["pip_totals"] == {"1": 61, "2": 58, "3": 73, "4": 94}
    assert out["scores_after"] == {"A": 10, "B": 134}
    assert out["line"] == [[6, 7], [7, 0], [0, 6], [6, 3], [3, 2], [2, 5], [5, 3], [3, 1], [1, 1],
                           [1, 6]]
    assert out["ends"] == [6, 6]
    # R19/R20: the match is over; A had 10 points, so no Tripollúa
    assert (out["match_winner"], out["named_result"], out["next_entitled_team"]) == ("B", None, None)


def test_r20_block_script_from_nil_nil_is_a_tripollua() -> None:
    script = load("block")
    script["scores_before"] = {"A": 0, "B": 0}
    out = check(script)
    assert (out["match_winner"], out["named_result"]) == ("B", "tripollua")
    script["scores_before"] = {"A": 0, "B": 5}
    assert check(script)["named_result"] == "pollona"


def test_r17_r7_tie_script_scores_nothing_and_entitles_the_non_openers() -> None:
    out = check(load("tie"))
    assert (out["result"], out["winner_team"], out["points"]) == ("tie", None, 0)
    assert out["pip_totals"] == {"1": 68, "2": 71, "3": 61, "4": 61}
    assert out["scores_after"] == {"A": 40, "B": 55}
    assert out["ends"] == [1, 1]
    assert out["next_entitled_team"] == "B"  # seat 1 (team A) opened
    script = load("tie")
    script["opener"] = 3  # seat 3 leads the same moves: still team A opening
    for move in script["moves"]:
        move["seat"] = (move["seat"] + 1) % 4 + 1
    script["hands"] = {str((int(k) + 1) % 4 + 1): v for k, v in script["hands"].items()}
    assert check(script)["next_entitled_team"] == "B"


def test_unfinished_script_reports_the_line_so_far() -> None:
    out = check(load("unfinished"))
    assert out == {
        "result": "unfinished", "winner_team": None, "points": 0,
        "scores_after": {"A": 40, "B": 55},
        "pip_totals": {"1": 71, "2": 78, "3": 69, "4": 65},
        "line": [[1, 0], [0, 3], [3, 8], [8, 7], [7, 7], [7, 1], [1, 9], [9, 4], [4, 3]],
        "ends": [1, 3], "next_entitled_team": None, "match_winner": None, "named_result": None,
    }
    script = load("unfinished")
    script["moves"] = []
    out = check(script)
    assert (out["line"], out["ends"], out["pip_totals"]["1"]) == ([], None, 97)  # 3+8+5+6+7+8+11+15+16+18


def test_r14_the_first_tile_lies_as_written() -> None:
    script = load("unfinished")
    assert script["moves"][0] == {"seat": 1, "play": [3, 8]}
    assert parse(script).moves[0] == Play(Seat.ONE, Tile(3, 8), End.LEFT)
    script["moves"] = [{"seat": 1, "play": [8, 3], "end": "left"}]  # "end" on the lead is ignored
    assert parse(script).moves[0] == Play(Seat.ONE, Tile(3, 8), End.RIGHT)
    assert check(script)["line"] == [[8, 3]] and check(script)["ends"] == [8, 3]


def test_d5_later_tiles_turn_to_match_their_end() -> None:
    script = load("unfinished")
    script["moves"] = script["moves"][:2]  # 3-8 led, then seat 2 plays 7-8 at the right
    assert check(script)["line"] == [[3, 8], [8, 7]]
    script["moves"][1]["play"] = [8, 7]  # written either way round: same result
    assert check(script)["line"] == [[3, 8], [8, 7]]


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_export_of_ledger_hands_round_trips_through_replay(seed: int) -> None:
    log = MatchLog(seed=seed)
    while log.state.phase is not Phase.MATCH_OVER:
        state = log.state
        seat = min(to_act(state))
        log.submit(legal_decisions(state, seat)[-1])
    finished = log.state.finished
    assert len(finished) >= 1
    for done in finished:
        script = script_from_finished(done)
        json.dumps(script)  # plain JSON
        out = check(json.loads(json.dumps(script)))
        assert out["result"] == done.result.value
        assert out["points"] == done.points
        assert out["winner_team"] == (done.winner.value if done.winner else None)
        assert out["scores_after"] == {"A": done.scores_after[0], "B": done.scores_after[1]}
        assert out["pip_totals"] == {str(k + 1): v for k, v in enumerate(done.pip_totals)}
        assert sorted(map(tuple, out["line"])) == sorted((p.left, p.right) for p in done.line)
    assert out["match_winner"] == log.state.winner.value
    assert out["named_result"] == (log.state.named.value if log.state.named else None)
    record = check_text(json.dumps(record_from_finished(finished)))  # the whole match chains
    assert [h["result"] for h in record["hands"]] == [d.result.value for d in finished]
    assert record["hands"][-1]["match_winner"] == log.state.winner.value


def test_export_carries_no_unused_tile() -> None:
    done = play_out(in_play(DEAL)).finished[0]
    script = script_from_finished(done, (7, 9))
    assert script["scores_before"] == {"A": 7, "B": 9}
    written = {tuple(x) for hand in script["hands"].values() for x in hand}
    assert len(written) == 40
    assert all((x.low, x.high) not in written for x in play_out(in_play(DEAL)).deal.unused)


def record_of(*names: str) -> dict[str, Any]:
    return {"hands": [load(n) for n in names]}


def test_match_record_checks_every_hand_and_their_chain() -> None:
    tie = load("tie")
    domino = load("domino")
    domino["scores_before"] = {"A": 40, "B": 55}
    domino["opener"] = 1
    # the tie entitles team B: a team-A opener after it is refused (R7)
    out = check_text(json.dumps({"hands": [tie, domino]}))
    assert out["error"]["code"] == "BAD_OPENER"
    assert out["error"]["hand_index"] == 1 and out["error"]["move_index"] is None
    # relabel the domino hand so that team B (seats 2 and 4) opens it
    moved = copy.deepcopy(domino)
    moved["opener"] = 2
    moved["hands"] = {str(int(k) % 4 + 1): v for k, v in domino["hands"].items()}
    for m in moved["moves"]:
        m["seat"] = m["seat"] % 4 + 1
    out = check_text(json.dumps({"hands": [tie, moved]}))
    assert [h["result"] for h in out["hands"]] == ["tie", "domino"]
    assert out["hands"][1]["scores_after"] == {"A": 40, "B": 55 + 48}
    assert out["hands"][1]["match_winner"] == "B"
    moved["scores_before"] = {"A": 40, "B": 54}
    out = check_text(json.dumps({"hands": [tie, moved]}))
    assert out["error"]["code"] == "MALFORMED" and out["error"]["hand_index"] == 1
    out = check_text(json.dumps({"hands": [load("block"), tie]}))  # block ended the match
    assert out["error"]["code"] == "HAND_OVER" and out["error"]["hand_index"] == 1


def run_cli(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([str(PYTHON), "-m", "doublenine", "replay", *args], input=stdin,
                          capture_output=True, cwd=ROOT, timeout=60, check=False)


def test_cli_replay_file_prints_one_json_object_and_exits_0() -> None:
    proc = run_cli(str(HERE / "tie.json"))
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == check(load("tie"))
    assert proc.stdout.count(b"\n") == 1 and proc.stderr == b""


def test_cli_replay_stdin_refusal_exits_2_without_traceback() -> None:
    script = load("tie")
    script["moves"][1]["seat"] = 3
    proc = run_cli("-", stdin=json.dumps(script).encode())
    assert proc.returncode == 2
    error = json.loads(proc.stdout)["error"]
    assert (error["code"], error["move_index"]) == ("NOT_YOUR_TURN", 1) and error["message"]
    assert b"Traceback" not in proc.stderr
    proc = run_cli("-", stdin=b"{not json")
    assert proc.returncode == 2 and json.loads(proc.stdout)["error"]["code"] == "MALFORMED"


def test_match_record_accepts_the_ledger_exports_public_keys_only() -> None:
    record = {"format": "doublenine-match-record", "version": 1, "match": 1, "seeded": False,
              "hands": [load("tie")]}
    assert [h["result"] for h in check_text(json.dumps(record))["hands"]] == ["tie"]
    record["seed"] = 1234  # D9: never part of a record
    assert check_text(json.dumps(record))["error"]["code"] == "MALFORMED"
    assert check_text(json.dumps({"hands": {}}))["error"]["code"] == "MALFORMED"


def test_match_record_exported_before_any_hand_finished_replays_to_no_results() -> None:
    record = {"format": "doublenine-match-record", "version": 1, "match": 1, "seeded": False,
              "hands": []}
    assert check_text(json.dumps(record)) == {"hands": []}


def test_match_record_of_an_unknown_format_or_version_is_refused() -> None:
    for changes in ({"format": "something-else"}, {"version": 99}):
        record = {"format": "doublenine-match-record", "version": 1, "hands": [load("tie")], **changes}
        assert check_text(json.dumps(record))["error"]["code"] == "MALFORMED"
