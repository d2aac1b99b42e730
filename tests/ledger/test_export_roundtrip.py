"""Round trip (issue 6): every hand exported from the ledger replays to what was recorded.

Exports go through the real ``doublenine replay`` command (subprocess), once per
hand script and once for the whole match record, and also checks that no export
ever holds a deal's unused tiles or a voided deal's other tiles (D9).
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from ledger_matches import played_log

from doublenine.shared.events import Shuffled, replay
from doublenine.shared.ledger import dumps, hand_script, ledger_from_view, match_record
from doublenine.shared.seats import Seat
from doublenine.shared.state import Phase
from doublenine.shared.views import view_for

SEEDS = (3, 11)


def _replay(path: Path) -> tuple[int, dict]:
    proc = subprocess.run([sys.executable, "-m", "doublenine", "replay", str(path)],
                          capture_output=True, text=True, timeout=60)
    return proc.returncode, json.loads(proc.stdout)


def _same(out: dict, rec: dict) -> None:
    assert out["result"] == rec["result"]
    assert out["winner_team"] == rec["winner_team"]
    assert out["points"] == rec["points"]
    assert out["scores_after"] == rec["scores_after"]
    assert out["pip_totals"] == rec["pip_totals"]


def test_every_ledger_hand_replays_to_its_recorded_result(tmp_path: Path) -> None:
    for seed in SEEDS:
        led = ledger_from_view(view_for(played_log(seed).state, Seat.ONE))
        for m in led.matches:
            rec = match_record(m)
            path = tmp_path / f"match-{seed}-{m.number}.json"
            path.write_text(dumps(rec), encoding="utf-8")
            code, out = _replay(path)
            assert code == 0, out
            assert len(out["hands"]) == len(m.hands)
            for got, want in zip(out["hands"], rec["recorded"]):
                _same(got, want)
            for h, want in zip(m.hands, rec["recorded"]):
                one = tmp_path / f"hand-{seed}-{m.number}-{h.number}.json"
                one.write_text(dumps(hand_script(h)), encoding="utf-8")
                code, out = _replay(one)
                assert code == 0, out
                _same(out, want)
            if m.winner is not None:
                assert out["match_winner"] == m.winner.value


def _deals(log) -> list[tuple[int, frozenset, tuple]]:
    """(hand number, unused tiles, the four hands) of every deal, voided ones included."""
    out, events = [], []
    for e in log.events:
        events.append(e)
        if isinstance(e.body, Shuffled):
            st = replay(events)
            if st.phase is Phase.REVIEW and st.deal is not None:
                out.append((st.hand_number, st.deal.unused, st.deal.hands))
    return out


def _pairs(tiles) -> set[tuple[int, int]]:
    return {(t.low, t.high) for t in tiles}


def _tiles_in(obj: object) -> set[tuple[int, int]]:
    if isinstance(obj, list) and len(obj) == 2 and all(isinstance(x, int) for x in obj):
        return {tuple(sorted(obj))}  # type: ignore[arg-type]
    if isinstance(obj, list):
        return set().union(*(_tiles_in(x) for x in obj)) if obj else set()
    if isinstance(obj, dict):
        return set().union(*(_tiles_in(v) for v in obj.values())) if obj else set()
    return set()


def test_d9_exports_never_hold_unused_or_voided_tiles() -> None:
    log = played_log(3, earlier=0, current_hands=None)
    rec = match_record(ledger_from_view(view_for(log.state, None)).current)
    deals = _deals(log)
    for number, script in enumerate(rec["hands"], 1):
        shown = _tiles_in(script["hands"])
        _, unused, hands = [d for d in deals if d[0] == number][-1]  # the accepted deal
        assert shown == _pairs(t for h in hands for t in h) and not shown & _pairs(unused)
    voided = [d for k, d in enumerate(deals) if k + 1 < len(deals) and deals[k + 1][0] == d[0]]
    assert len(voided) == len(rec["redeals"]) == 1
    for (_, _, hands), red in zip(voided, rec["redeals"]):
        doubles = _pairs(t for t in hands[red["seat"] - 1] if t.is_double)
        assert {tuple(x) for x in red["doubles"]} == doubles  # R11: those doubles and only those
