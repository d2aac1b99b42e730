"""bench/duplicate.py: duplicate first hands for screening expert variants (issue 14)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from doublenine.server.bots.selfplay import decision_rng
from doublenine.server.bots import decide
from doublenine.server.bots.selfplay import expert_settings
from doublenine.shared.events import MatchLog
from doublenine.shared.rules import to_act
from doublenine.shared.seats import Team
from doublenine.shared.views import view_for

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))
import duplicate  # noqa: E402

CHEAP = {"playouts": 8, "min_worlds": 2, "max_worlds": 4}


def test_the_same_level_on_both_sides_has_margin_zero() -> None:
    """Both orders of a deal are the same hand when both teams play alike: the margins cancel exactly,
    though each hand alone has a winner."""
    seed = 7 * 100_000 + 3
    with expert_settings(CHEAP):
        a = duplicate.first_hand(seed, Team.A, "expert")
    assert a != 0
    assert duplicate.deal_margin((seed, "expert", CHEAP)) == (seed, 0)


def test_a_margin_is_the_first_hands_score_difference() -> None:
    seed = 7 * 100_000 + 5
    with_cheap = duplicate.deal_margin((seed, "easy", CHEAP))
    assert with_cheap[0] == seed
    with expert_settings(CHEAP):
        log = MatchLog(seed=seed)
        while not log.state.finished:
            state = log.state
            seat = min(to_act(state))
            level = "expert" if seat.team is Team.B else "easy"
            log.submit(decide(view_for(state, seat), level, decision_rng(seed, len(log.events))))
        b_side = log.state.scores[1] - log.state.scores[0]
        assert with_cheap[1] == duplicate.first_hand(seed, Team.A, "easy") + b_side


def test_load_reads_records_and_refuses_anything_else(tmp_path: Path) -> None:
    good = tmp_path / "good.jsonl"
    good.write_text('{"deal": 5, "margin": -12}\n{"deal": 6, "margin": 40}\n', encoding="utf-8")
    assert duplicate.load(good) == {5: -12, 6: 40}
    for text in ('{"deal": 5, "margin": 1}\n{"deal": 5, "margin": 2}\n', '{"deal": 5}\n', '[5, 1]\n',
                 '{"deal": true, "margin": 1}\n', '{"deal": 5, "margin": 1.5}\n', "x" * 300 + "\n", "{\n"):
        bad = tmp_path / "bad.jsonl"
        bad.write_text(text, encoding="utf-8")
        with pytest.raises(ValueError):
            duplicate.load(bad)


def test_the_command_writes_deals_and_compares_with_a_base(tmp_path: Path) -> None:
    out = tmp_path / "a.jsonl"
    cmd = [sys.executable, str(BENCH / "duplicate.py"), "--deals", "2", "--seed", "3", "--against", "heaviest",
           "--jobs", "1", "--out", str(out)] + [f"--expert-setting={k}={v}" for k, v in CHEAP.items()]
    first = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert first.returncode == 0, first.stderr
    records = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert sorted(r["deal"] for r in records) == [300_000, 300_001]
    margins = {r["deal"]: r["margin"] for r in records}
    mean = sum(margins.values()) / 4
    assert f"2 deals: expert's margin per hand {mean:+.2f}" in first.stdout
    again = subprocess.run(cmd[:-len(CHEAP)] + [f"--expert-setting={k}={v}" for k, v in CHEAP.items()]
                           + ["--base", str(out)], capture_output=True, text=True, timeout=300)
    assert "against --base on 2 deals: +0.00 +- 0.00 points per hand (margins differ in 0)" in again.stdout


def test_compare_pairs_two_files_without_playing(tmp_path: Path) -> None:
    """``--compare``: per hand, (variant - base) / 2 per deal; deals in one file only are left out."""
    base, variant = tmp_path / "base.jsonl", tmp_path / "variant.jsonl"
    base.write_text("".join(json.dumps({"deal": d, "margin": m}) + "\n" for d, m in [(1, 10), (2, -4), (3, 6), (9, 0)]),
                    encoding="utf-8")
    variant.write_text("".join(json.dumps({"deal": d, "margin": m}) + "\n" for d, m in [(3, 6), (1, 14), (2, 0)]),
                       encoding="utf-8")
    assert duplicate.paired(duplicate.load(base), duplicate.load(variant)) == (3, 4 / 3, pytest.approx(2 / 3), 2)
    done = subprocess.run([sys.executable, str(BENCH / "duplicate.py"), "--compare", str(variant), "--base", str(base)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "against --base on the first 3 deals: +1.33 +- 0.67 points per hand (margins differ in 2)\n"
    refused = subprocess.run([sys.executable, str(BENCH / "duplicate.py"), "--compare", str(variant)],
                             capture_output=True, text=True, timeout=60)
    assert refused.returncode == 2 and "--compare needs --base" in refused.stderr
