"""Write the examples shipped in the wheel (shared/examples/): ``doublenine replay --example NAME``.

Run from the checkout after a change of the hand-script or match-record format:
``.venv/bin/python packaging/make_examples.py``. The three hand scripts are the
rule-book cases of tests/unit/handscripts (a domino, a block, a tie); the match is
a whole seeded match between the ``normal`` computer players, exported as its
public record exactly as the ledger's **Export match** does (docs/match-record.md).
"""
from __future__ import annotations

import shutil
from pathlib import Path

from doublenine.server.bots import decide
from doublenine.server.bots.selfplay import decision_rng
from doublenine.shared.events import MatchLog
from doublenine.shared.ledger import dumps, ledger_from_view, match_record
from doublenine.shared.rules import to_act
from doublenine.shared.state import Phase
from doublenine.shared.views import SeatView, view_for

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "shared" / "examples"
HANDS = {"hand-domino": "domino", "hand-block": "block", "hand-tie": "tie"}
MATCH_SEED = 2026
MAX_DECISIONS = 20_000


def computer_match(seed: int, level: str = "normal") -> MatchLog:
    """One whole match, every seat played by the computer at ``level`` (R24: seeded)."""
    log = MatchLog(seed=seed)
    for _ in range(MAX_DECISIONS):
        if log.state.phase is Phase.MATCH_OVER:
            return log
        seat = min(to_act(log.state))
        view = view_for(log.state, seat)
        assert isinstance(view, SeatView)
        log.submit(decide(view, level, decision_rng(seed, len(log.events))))
    raise RuntimeError("the match did not end")


def main() -> None:
    """Write every example into :data:`OUT`."""
    OUT.mkdir(exist_ok=True)
    for name, source in HANDS.items():
        shutil.copyfile(ROOT / "tests" / "unit" / "handscripts" / f"{source}.json", OUT / f"{name}.json")
    log = computer_match(MATCH_SEED)
    match = ledger_from_view(view_for(log.state, None)).matches[0]
    (OUT / "match-normal-computers.json").write_text(dumps(match_record(match, seeded=True)), encoding="utf-8")


if __name__ == "__main__":
    main()
