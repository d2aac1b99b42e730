"""A restored backup never brings back a deal whose tiles the players saw played (operator s17 F5; R21, R22).

Table XH9BB came back from a mid-hand backup at seq 238 (from 253) in the same hand 6, the 14 tiles played
meanwhile -- shown to all four players and every spectator -- hidden in the hands again, and the computers
played exactly the same tiles: the stored seed (R24) draws every later shuffle again as it was drawn. Kind: a
store that goes back in time (a restore) bringing back hidden information its players have seen. ``doublenine
restored`` (server/restorecli.py), run between the restore and the start, voids the deal under way as a misdeal
(the log cut at its shuffle: dealt anew, nobody scores) and reseeds every table.
"""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from doublenine.cli import main
from doublenine.server.restorecli import plan
from doublenine.server.storage import open_store
from doublenine.shared.codec import decode_meta, decode_rows, encode_meta, event_rows
from doublenine.shared.events import MatchLog, Shuffled
from doublenine.shared.rules import legal_decisions, to_act
from doublenine.shared.state import Phase

from .conftest import create, join, play_all


def _played(seed: int, plays: int) -> MatchLog:
    """A log of table seeded ``seed`` whose first hand has ``plays`` moves played (first legal decisions)."""
    log = MatchLog(seed=seed)
    while not (log.state.phase is Phase.PLAY and log.state.hand is not None and len(log.state.hand.moves) >= plays):
        seat = min(to_act(log.state))
        log.submit(legal_decisions(log.state, seat)[0])
    return log


SEATS = [{"kind": "human", "level": None, "name": "Ana", "token_hash": "a" * 64, "handed_over": False},
         {"kind": "computer", "level": "easy", "name": "Bea", "token_hash": None, "handed_over": False},
         {"kind": "human", "level": None, "name": "Caro", "token_hash": None, "handed_over": False},
         {"kind": "computer", "level": "easy", "name": "Dani", "token_hash": None, "handed_over": False}]


def test_f5_the_deal_under_way_is_cut_at_its_shuffle_and_a_new_seed_deals_anew() -> None:
    log = _played(7, 14)  # the reported case's 14 tiles played since the backup
    rows = event_rows(log.events)
    meta = encode_meta({"seed": 7, "seeded": False, "seats": SEATS, "code": "XH9BB"})
    voided, record = plan("XH9BB", meta, rows, draw=lambda: 99)
    deal_seq = max(e.seq for e in log.events if isinstance(e.body, Shuffled))
    assert (voided.cut, voided.phase, voided.match, voided.hand, voided.seq) == (deal_seq, "play", 1, 1, len(rows))
    assert voided.people == ("Ana (South)",) and not voided.seeded
    assert decode_meta(record) == {"seed": 99, "seeded": False, "seats": SEATS, "code": "XH9BB"}
    kept = decode_rows(rows[:voided.cut])
    # the old seed deals the very hand again (what the restore showed the players); the new one does not
    again = MatchLog(seed=7, events=kept).state
    anew = MatchLog(seed=99, events=kept).state
    assert again.phase is anew.phase is Phase.REVIEW and again.deal == log.state.deal
    assert anew.deal != log.state.deal and anew.scores == log.state.scores == (0, 0)
    assert voided.line(True) == (f"table XH9BB: the hand 1 of match 1 under way at seq {len(rows)} voided and reseeded:"
                                 f" its log cut to seq {deal_seq}, dealt anew at the next start (Ana (South))")


def test_f5_a_table_between_deals_keeps_its_log_and_is_reseeded_a_seeded_one_says_so() -> None:
    log = MatchLog(seed=3)
    while log.state.phase is not Phase.NOMINATE:
        log.submit(legal_decisions(log.state, min(to_act(log.state)))[0])
    rows = event_rows(log.events)
    meta = encode_meta({"seed": 3, "seeded": True, "seats": SEATS})
    voided, record = plan("K7QPA", meta, rows, draw=lambda: 5)
    assert (voided.cut, voided.phase, voided.seeded) == (None, "nominate", True)
    assert decode_meta(record)["seed"] == 5
    assert voided.line(False) == ("table K7QPA: would be reseeded (at seq %d, nominate; Ana (South)); its creator's "
                                  "seed no longer gives its later deals" % len(rows))


async def test_f5_restored_sqlite_store_resumes_the_hand_dealt_anew(
        make_server: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The whole path: a table mid-hand on a SQLite file, the server stopped (a restore puts such a file back),
    ``doublenine restored``, a server started again: the table stands in a fresh review, its played tiles gone
    with their deal, and the refusal while a server holds the file."""
    path = tmp_path / "restored.sqlite3"
    server = await make_server(store=open_store(str(path)))
    host = await create(server, "hhhh", seed=None)
    others = [await join(server, host.code, s, n) for s, n in ((2, "Bea"), (3, "Caro"), (4, "Dani"))]
    code = host.code
    await play_all([host, *others], stop=lambda c: c.view is not None and c.view.phase is Phase.PLAY
                   and c.view.hand is not None and len(c.view.line) >= 6, seed=1)
    table = server.registry.tables[code]
    seen_deal, seq = table.log.state.deal, table.log.size
    assert main(["restored", "--db", str(path)]) == 1  # a server holds the file: refused, nothing written
    assert "doublenine restored:" in capsys.readouterr().err
    for c in (host, *others):
        await c.close()
    await server.stop()
    assert main(["restored", "--db", str(path), "--dry-run"]) == 0
    assert "would void 1 deal under way; 1 table would be reseeded; nothing written" in capsys.readouterr().out
    assert main(["restored", "--db", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.endswith("voided 1 deal under way; 1 table reseeded; serve may start\n")
    assert f"table {code}: the hand 1 of match 1 under way at seq {seq} voided and reseeded" in out
    again = await make_server(store=open_store(str(path)))
    table = again.registry.tables[code]  # resumed at the start
    assert table.log.state.phase is Phase.REVIEW and table.log.state.deal != seen_deal
    assert table.log.state.scores == (0, 0) and table.log.size < seq
