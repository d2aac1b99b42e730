"""Ledger rows from a real match (issue 6; R4, R13, R18, R19, R22, D9)."""
from __future__ import annotations

import json

from ledger_matches import played_log

from doublenine.shared.ledger import (
    RECORD_FORMAT, RECORD_KEYS, dumps, is_match_record, ledger_from_view, match_record,
)
from doublenine.shared.seats import Seat, Team
from doublenine.shared.state import NamedResult, Result
from doublenine.shared.tiles import Tile
from doublenine.shared.views import view_for

SEED = 3  # first seed whose first match holds a redeal (ledger_matches.find_seed_with_redeal)


def _ledger(seat: Seat | None = Seat.ONE, **kw: object):
    return ledger_from_view(view_for(played_log(SEED).state, seat), **kw)  # type: ignore[arg-type]


def test_r22_earlier_match_first_current_last() -> None:
    led = _ledger()
    assert [(m.number, m.current) for m in led.matches] == [(1, False), (2, True)]
    assert len(led.matches[0].hands) == 3 and len(led.current.hands) == 2


def test_r19_chart_and_running_scores_of_the_earlier_match() -> None:
    m = _ledger().matches[0]
    assert m.chart == ((0, 0), (44, 0), (72, 0), (142, 0))
    assert [h.points for h in m.hands] == [44, 28, 70]
    for prev, nxt in zip(m.hands, m.hands[1:]):
        assert nxt.scores_before == prev.scores_after
    assert (m.scores, m.winner, m.named) == ((142, 0), Team.A, NamedResult.POLLONA)


def test_r17_blocked_hand_row_keeps_each_seats_own_pips() -> None:
    h = _ledger().matches[0].hands[2]
    assert (h.result, h.winner, h.ender) == (Result.BLOCKED, Team.A, None)
    assert h.pip_totals == (37, 44, 5, 26)
    assert h.points == 44 + 26  # R18: both opponents' remaining pips


def test_r13_redeal_record_on_its_hand_row() -> None:
    m = _ledger().matches[0]
    (r,) = m.redeals
    assert (r.match, r.hand, r.seat) == (1, 2, Seat.TWO)
    assert r.doubles == tuple(Tile(p, p) for p in (0, 1, 2, 3, 8))
    assert m.hands[1].redeals == (r,) and m.hands[0].redeals == () and m.hands[2].redeals == ()


def test_r22_rows_hold_the_hands_as_dealt_and_left_and_every_move() -> None:
    for m in _ledger(None).matches:
        for h in m.hands:
            dealt = [t for hand in h.dealt for t in hand]
            assert len(dealt) == 40 and len(set(dealt)) == 40
            played = {p.tile for p in h.plays if p.tile is not None}
            for s in range(4):
                assert set(h.left[s]) <= set(h.dealt[s])
            assert played == set(dealt) - {t for hand in h.left for t in hand}
            assert [p.index for p in h.plays] == list(range(1, len(h.plays) + 1))
            assert h.plays[0].seat == h.opener and not h.plays[0].is_pass


def test_r4_draw_rows_name_the_winner() -> None:
    for m in _ledger().matches:
        assert m.draws, "every match opens with a draw"
        for d in m.draws[:-1]:
            assert d.winner is None and d.tile_a.pips == d.tile_b.pips
        last = m.draws[-1]
        assert last.winner == (Team.A if last.tile_a.pips > last.tile_b.pips else Team.B)


def test_d9_seed_kept_only_when_given_and_seeded() -> None:
    assert (_ledger(seeded=True, seed=3).seed, _ledger(seeded=True).seed) == (3, None)
    assert _ledger(seeded=False, seed=3).seed is None  # an unseeded table has no seed to show


def test_d9_match_record_is_public_only() -> None:
    log = played_log(SEED)
    rec = match_record(ledger_from_view(view_for(log.state, Seat.TWO)).matches[0], seeded=True)
    assert set(rec) == RECORD_KEYS and rec["format"] == RECORD_FORMAT and is_match_record(rec)
    assert rec["seeded"] is True and "seed" not in json.dumps(rec).replace('"seeded"', "")
    assert rec["redeals"] == [{"hand": 2, "seat": 2, "doubles": [[0, 0], [1, 1], [2, 2], [3, 3], [8, 8]]}]
    assert [d["winner_team"] for d in rec["opening_draws"]][-1] in ("A", "B")
    assert json.loads(dumps(rec)) == rec


def test_club_s14_f9_the_exported_match_names_its_players_table_and_date() -> None:
    """Club s14 F9: Pablo's export at SMVTY held no name, no code, no date: a results sheet could not use it."""
    from doublenine.client.overlays.actions import ExportLater
    from doublenine.client.overlays.ledger import export_of

    led = _ledger(Seat.THREE)
    done = export_of(led, 0, ExportLater("match", 0), ("Ana 2", "Carlos", "Pablo", ""), "SMVTY", "Window table",
                     now=1796679600.0)
    rec = json.loads(done.text)
    assert (done.filename, rec["table"], rec["exported_utc"]) == (
        "match-1.json", {"code": "SMVTY", "name": "Window table"}, "2026-12-07T21:40:00Z")
    assert rec["players"] == {"1": {"name": "Ana 2", "team": "A"}, "2": {"name": "Carlos", "team": "B"},
                              "3": {"name": "Pablo", "team": "A"}, "4": {"name": None, "team": "B"}}
    assert "seed" not in done.text.replace('"seeded"', "")  # D9, still
    from doublenine.shared.handscript import check_record
    assert len(check_record(rec)["hands"]) == 3  # `doublenine replay` reads it as before
