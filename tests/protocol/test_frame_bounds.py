"""A server frame a legal table can grow past the clients' limits (attacker finding: 1,030 tied
opening draws, R4, made a table's snapshot unreadable under SERVER_LIMITS).

Lists that only play bounds (R4 tied draws, R11 redeals, R17 tied hands) travel windowed
(shared/wire.IN_FRAME) with their totals; these tests build the largest view the rules allow
and check every frame made of it decodes within the limits."""
from __future__ import annotations

import dataclasses

from doublenine.server.table import PAST_KEPT
from doublenine.shared import protocol as p
from doublenine.shared.convert import patch_frame, view_from_wire, view_patch, view_to_wire
from doublenine.shared.moves import End, Pass, Play
from doublenine.shared.seats import SEATS, Seat, Team
from doublenine.shared.state import (FinishedHand, MatchRecord, OpeningDraw, Phase, Placed, RedealRecord,
                                     Result)
from doublenine.shared.tiles import DOUBLE_NINE_SET, mask_of
from doublenine.shared.views import SeatView
from doublenine.shared.wire import IN_FRAME, MAX_PIPS

TILES = DOUBLE_NINE_SET
DOUBLES = tuple(t for t in TILES if t.is_double)
HUGE = 5000  # far more tied draws, redeals and tied hands than any frame may carry


def _hand(i: int) -> tuple:
    return tuple(TILES[i * 10:(i + 1) * 10])


def _largest_finished(number: int) -> FinishedHand:
    """A hand with the most of everything: 40 tiles dealt and played, three passes before each play."""
    moves, line = [], []
    for k in range(40):
        seat = SEATS[k % 4]
        moves += [Pass(SEATS[(k + j) % 4]) for j in (1, 2, 3)] + [Play(seat, TILES[k], End.RIGHT)]
        line.append(Placed(TILES[k], seat, End.RIGHT, TILES[k].low, TILES[k].high))
    four = tuple(mask_of(_hand(i)) for i in range(4))
    return FinishedHand(match=999, number=number, entitled=Team.A, opener=Seat.ONE, dealt_masks=four, left_masks=four,
                        moves=tuple(moves), line=tuple(line), result=Result.TIE, ender=None, winner=None,
                        points=MAX_PIPS, pip_totals=(99, 99, 99, 99), scores_before=(99, 99),
                        scores_after=(99, 99))


def _largest_view(past: int) -> SeatView:
    draws = tuple(OpeningDraw(TILES[i % 55], TILES[(i * 7) % 55]) for i in range(HUGE))
    redeals = tuple(RedealRecord(999, i, Seat.ONE, DOUBLES) for i in range(HUGE))
    finished = tuple(_largest_finished(i) for i in range(HUGE))
    record = MatchRecord(999, draws, redeals, finished, (99, 99), Team.A, None)
    current = finished[0]
    return SeatView(phase=Phase.PLAY, match=999, hand_number=HUGE, scores=(99, 99), entitled=Team.A,
                    opener=Seat.ONE, turn=Seat.ONE, counts=(10, 10, 10, 10), line=current.line,
                    ends=(0, 9), moves=current.moves, draw_taken=((Seat.ONE, 54), (Seat.TWO, 53)),
                    draws=draws, redeals=redeals, finished=finished, winner=None, named=None,
                    past=(record,) * past, viewer=Seat.ONE, hand=frozenset(_hand(0)))


def test_the_largest_snapshot_a_table_can_reach_fits_the_clients_limits() -> None:
    view = _largest_view(PAST_KEPT + 1)  # the server keeps PAST_KEPT; one more while a match ends
    frame = p.pack({"type": "snapshot", "seq": 10**6, "view": view_to_wire(view),
                    "table": None, "waited": 0.0})
    assert len(frame) < p.SERVER_LIMITS.max_bytes
    w = p.unpack(frame, p.SERVER_LIMITS)["view"]
    assert (len(w["draws"]), w["draws_total"]) == (IN_FRAME["draws"], HUGE)
    assert (len(w["redeals"]), w["redeals_total"]) == (IN_FRAME["redeals"], HUGE)
    assert (len(w["finished"]), w["finished_total"]) == (IN_FRAME["finished"], HUGE)
    assert w["finished"][-1]["number"] == HUGE - 1  # the newest ones
    rec = w["past"][0]
    assert (len(rec["finished"]), rec["finished_total"], rec["draws_total"]) == (IN_FRAME["finished"], HUGE, HUGE)


def test_patches_of_the_largest_view_fit_and_a_client_folds_them() -> None:
    view = _largest_view(1)
    start = dataclasses.replace(view, draws=(), redeals=(), finished=(), past=())
    patch = view_patch(start, view)  # everything replaced at once (a redo or a new match)
    frame = patch_frame(7, patch, "redo")
    assert len(frame) < p.SERVER_LIMITS.max_bytes
    assert patch["draws_total"] == HUGE and len(patch["draws"]) == IN_FRAME["draws"]
    one_more = dataclasses.replace(view, draws=view.draws + (OpeningDraw(TILES[1], TILES[2]),))
    grown = view_patch(view, one_more)  # R4: one more tie appends one draw
    assert grown == {"draws_add": ({"tile_a": (0, 1), "tile_b": (0, 2)},), "draws_total": HUGE + 1}
    wire = p.ViewW.model_validate(p.unpack(p.pack(view_to_wire(view)), p.SERVER_LIMITS))
    assert view_from_wire(wire).draws == view.draws[-IN_FRAME["draws"]:]
