"""Selfplay variants of the expert and per-match records for paired comparisons (issue 14; bench/paired.py)."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import pytest

from doublenine.server.bots import expert, selfplay
from doublenine.server.bots.selfplay import parse_expert_setting

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import paired  # noqa: E402

CHEAP = ["playouts=8", "min_worlds=2", "max_worlds=4"]
"""An expert small enough for a test: a handful of worlds per decision."""


def test_expert_setting_parses_each_field_in_its_type() -> None:
    assert parse_expert_setting("reading=normal") == ("reading", "normal")
    assert parse_expert_setting("numbers=true") == ("numbers", True)
    assert parse_expert_setting("numbers=false") == ("numbers", False)
    assert parse_expert_setting("lam=2") == ("lam", 2.0)
    assert parse_expert_setting("playouts=1200") == ("playouts", 1200)


@pytest.mark.parametrize("text", ["nope=1", "reading", "numbers=yes", "lam=nan", "lam=inf", "prior=-1",
                                  "playouts=1.5", "playouts=", "=3", "lam=1e999",
                                  "lam=２", "playouts=１０００", "playouts=-5"])
def test_expert_setting_refuses_unknown_fields_and_bad_values(text: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError):
        parse_expert_setting(text)


def test_settings_reach_every_worker_and_are_restored() -> None:
    """A setting the expert refuses (value=bogus: ExpertSettings raises when it is applied) fails the
    run on one process and on two (spawned workers), so the settings travel with the work; afterwards
    DEFAULT is back."""
    changes = dict(parse_expert_setting(t) for t in CHEAP + ["value=bogus"])
    for jobs in (1, 2):
        with pytest.raises(ValueError, match="value must be one of bonus, equity"):
            selfplay.selfplay(2, 3, "expert", "heaviest", jobs=jobs, expert_changes=changes)
        assert expert.DEFAULT == expert.ExpertSettings()


def test_per_match_file_has_one_line_per_match_matching_the_summary(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    parser = argparse.ArgumentParser()
    selfplay.add_arguments(parser)
    out = tmp_path / "m.jsonl"
    args = parser.parse_args(["--matches", "6", "--seed", "9", "--team-a", "normal", "--team-b", "heaviest",
                              "--per-match", str(out)])
    assert selfplay.run(args) == 0
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    summary = selfplay.selfplay(6, 9, "normal", "heaviest")
    assert len(lines) == 6
    assert [(r["seed"], r["a_is_team_a"]) for r in lines] == [(9_000_000 + p, side) for p in range(3)
                                                               for side in (True, False)]
    assert sum(r["winner"] == "a" for r in lines) == summary.a.matches
    assert sum(r["points_a"] for r in lines) == summary.a.points
    assert sum(r["hands"] for r in lines) == summary.hands
    assert f"won {summary.a.matches}/6" in paired.summary_line("x", paired.load(out))
    assert "--team-a normal --team-b heaviest --jobs 1\n" in capsys.readouterr().out  # no settings: none printed


def test_expert_setting_options_collect_and_a_bad_one_stops_the_parser(capsys) -> None:  # type: ignore[no-untyped-def]
    parser = argparse.ArgumentParser()
    selfplay.add_arguments(parser)
    args = parser.parse_args(["--matches", "2", "--team-a", "expert", "--expert-setting", "reading=normal",
                              "--expert-setting", "lam=2"] + [f"--expert-setting={c}" for c in CHEAP])
    assert dict(args.expert_setting)["lam"] == 2.0
    with pytest.raises(SystemExit):
        parser.parse_args(["--expert-setting", "lam=x"])


@pytest.mark.parametrize("setting", ["policy=garbage", "reading=garbage", "value=garbage", "playouts=0",
                                     "min_worlds=0", "temper=1e308", "swaps=1000000000000", "min_worlds=500",
                                     "max_worlds=1000000000000000"])
def test_run_refuses_settings_the_expert_cannot_play_before_any_match(setting: str, capsys) -> None:  # type: ignore[no-untyped-def]
    """Every value outside ExpertSettings' choices and bounds ends the run with 2 at once (no
    silent fallback to another policy or reading, no endless decision, no traceback mid-run)."""
    parser = argparse.ArgumentParser()
    selfplay.add_arguments(parser)
    args = parser.parse_args(["--matches", "2", "--team-a", "expert", "--expert-setting", setting])
    assert selfplay.run(args) == 2
    out, err = capsys.readouterr()  # every command's errors: stderr (s12)
    assert out == "" and err.startswith("doublenine selfplay: bad expert settings")


def test_run_refuses_expert_settings_when_no_team_plays_expert(capsys) -> None:  # type: ignore[no-untyped-def]
    parser = argparse.ArgumentParser()
    selfplay.add_arguments(parser)
    args = parser.parse_args(["--matches", "2", "--team-a", "normal", "--expert-setting", "lam=2"])
    assert selfplay.run(args) == 2
    assert capsys.readouterr() == ("", "doublenine selfplay: --expert-setting changes the expert level, which "
                                       "neither team plays\n")


def test_per_match_path_that_cannot_be_written_fails_before_play_or_says_so(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    """A folder, a missing folder or an empty path: refused with 2 before any match. /dev/full
    (writes fail): the run finishes, prints its report, says the file is incomplete, returns 1."""
    parser = argparse.ArgumentParser()
    selfplay.add_arguments(parser)
    for bad in (str(tmp_path), str(tmp_path / "no" / "such.jsonl"), ""):
        args = parser.parse_args(["--matches", "2", "--team-a", "normal", "--team-b", "heaviest", "--per-match", bad])
        assert selfplay.run(args) == 2
        out, err = capsys.readouterr()
        assert out == "" and err.startswith("doublenine selfplay: cannot write --per-match")
    args = parser.parse_args(["--matches", "2", "--team-a", "normal", "--team-b", "heaviest", "--per-match", "/dev/full"])
    assert selfplay.run(args) == 1
    out, err = capsys.readouterr()  # the report on stdout, the failure on stderr (s12)
    assert "team-a   normal: matches" in out and err.startswith("doublenine selfplay: --per-match /dev/full is incomplete")


def _write(path: Path, rows: list[tuple[int, bool, str | None, int, int]]) -> None:
    path.write_text("".join(json.dumps(selfplay.match_record(s, side, w, pa, pb, 4)) + "\n"
                            for s, side, w, pa, pb in rows))


def test_paired_compare_exact_values(tmp_path: Path) -> None:
    """Base wins matches 1 and 2, the variant 1 and 3 (and plays one match the base did not)."""
    base, other = tmp_path / "b.jsonl", tmp_path / "o.jsonl"
    _write(base, [(1, True, "a", 100, 20), (1, False, "a", 110, 0), (2, True, "b", 30, 100)])
    _write(other, [(1, True, "a", 120, 20), (1, False, "b", 50, 100), (2, True, "a", 100, 40), (3, True, "a", 1, 0)])
    c = paired.compare(paired.load(base), paired.load(other))
    assert c["matches"] == 3 and c["only_other"] == 1 and c["only_base"] == 1
    assert c["win_diff"] == 0.0
    # margins: base 80, 110, -70; other 100, -50, 60 -> differences 20, -160, 130, mean -10/3
    assert c["margin_diff"] == pytest.approx(-10 / 3)
    sd = (((20 + 10 / 3) ** 2 + (-160 + 10 / 3) ** 2 + (130 + 10 / 3) ** 2) / 2) ** 0.5
    assert c["margin_half"] == pytest.approx(1.96 * sd / 3 ** 0.5)


@pytest.mark.parametrize("line", ["[]", '{"seed": 1}', '{"seed": "1", "a_is_team_a": true, "winner": "a", '
                                  '"points_a": 1, "points_b": 0, "hands": 1}', "x" * 2000,
                                  '{"seed": true, "a_is_team_a": true, "points_a": 1, "points_b": 0, "hands": -7}',
                                  '{"seed": 1, "a_is_team_a": true, "winner": "a", "points_a": 1, "points_b": 0, "hands": -7}',
                                  '{"seed": 1, "a_is_team_a": true, "winner": "a", "points_a": 1, "points_b": 0, "hands": 1}\n'
                                  '{"seed": 1, "a_is_team_a": true, "winner": "b", "points_a": 1, "points_b": 0, "hands": 1}',
                                  "x" * 5000 + "\n" + "y"])
def test_paired_refuses_lines_that_are_not_records(tmp_path: Path, line: str) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text(line + "\n")
    assert paired.main([str(bad)]) == 2


def test_paired_says_when_too_few_matches_are_common(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    base, other = tmp_path / "b.jsonl", tmp_path / "o.jsonl"
    _write(base, [(1, True, "a", 100, 20)])
    _write(other, [(1, True, "b", 0, 100), (2, True, "a", 100, 0)])
    assert paired.main([str(base), str(other)]) == 0
    assert "1 common matches, too few for an interval" in capsys.readouterr().out


def test_oracle_worlds_hold_what_each_mode_tells() -> None:
    """bench/oracle.py: "hands" gives the true deal, "partner" the partner's true hand in every world
    (the others sampled with their counts), "asleep" never puts an unused tile in a hand."""
    import random

    import oracle

    from doublenine.server.bots.knowledge import knowledge
    from doublenine.server.bots.rankplay import to_rank
    from doublenine.server.bots.worlds import RankWorlds
    from doublenine.shared.events import MatchLog
    from doublenine.shared.rules import to_act
    from doublenine.shared.seats import SEATS
    from doublenine.shared.state import Phase
    from doublenine.shared.views import view_for
    from doublenine.server.bots import decide

    log = MatchLog(seed=5)
    rng = random.Random(5)
    while not (log.state.phase is Phase.PLAY and len(log.state.hand.moves) == 6):  # type: ignore[union-attr]
        seat = min(to_act(log.state))
        log.submit(decide(view_for(log.state, seat), "heaviest", rng))
    state = log.state
    seat = min(to_act(state))
    k = knowledge(view_for(state, seat))  # type: ignore[arg-type]
    true = [to_rank(m) for m in state.hand.hands]  # type: ignore[union-attr]
    oracle.Told.state = state
    oracle.Told.told_team = SEATS[(k.me + 1) & 3].team  # the deciding seat is on the other side: not told
    assert oracle.told_worlds("hands", RankWorlds)(k, random.Random(1), None, 24).next() \
        == RankWorlds(k, random.Random(1), None, 24).next() != true
    oracle.Told.told_team = SEATS[k.me].team
    assert oracle.told_worlds("hands", RankWorlds)(k, random.Random(1), None, 24).next() == true
    partner = (k.me + 2) & 3
    worlds = oracle.told_worlds("partner", RankWorlds)(k, random.Random(1), None, 24)
    asleep_w = oracle.told_worlds("asleep", RankWorlds)(k, random.Random(1), None, 24)
    asleep = to_rank(k.hidden & ~(state.hand.hands[0] | state.hand.hands[1] | state.hand.hands[2]  # type: ignore[union-attr]
                                  | state.hand.hands[3]))  # type: ignore[union-attr]
    assert asleep.bit_count() == 15
    for _ in range(50):
        h = worlds.next()
        assert h[partner] == true[partner] and h[k.me] == true[k.me]
        assert [x.bit_count() for x in h] == [x.bit_count() for x in true]
        assert all(not x & asleep for x in asleep_w.next())


@pytest.mark.parametrize(("given", "said"), [
    ("1", "argument --matches: 1 is odd: matches come in pairs with the sides swapped; give 2"),
    ("7", "argument --matches: 7 is odd: matches come in pairs with the sides swapped; give 6 or 8"),
    ("0", "argument --matches: 0 is out of range 1.."),
])
def test_an_odd_match_count_is_refused_not_rounded_up(capsys, given: str, said: str) -> None:  # type: ignore[no-untyped-def]
    """New user s10: ``selfplay --matches 1`` played 2 matches without a word; now usage and exit 2."""
    from doublenine.cli import main

    with pytest.raises(SystemExit) as stop:
        main(["selfplay", "--matches", given])
    assert stop.value.code == 2
    assert capsys.readouterr().err == f"doublenine selfplay: error: {said} (see doublenine selfplay --help)\n"
    with pytest.raises(ValueError, match=f"matches must be a positive even number, not {given}"):
        selfplay.selfplay(int(given), 0, "heaviest", "heaviest")
