"""Attacker finding, kind: numbers in server frames that the schema let through but a client cannot
use (``snapshot.waited: inf`` crashed the window in ``int()``; ``view.counts: [10**9]*4`` made it
build 10**9 tile backs). Every number on the wire is finite and bounded by the rules (shared/wire.py),
so :func:`decode_server` refuses such frames WRONG_TYPES; everything a legal server sends still passes
(whole matches: tests/server/test_schema_frames.py)."""
from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from doublenine.shared import protocol as p
from doublenine.shared.convert import view_to_wire
from doublenine.shared.errors import ErrorCode
from doublenine.shared.events import MatchLog
from doublenine.shared.rules import legal_decisions, to_act
from doublenine.shared.seats import Seat
from doublenine.shared.state import Phase
from doublenine.shared.views import view_for
from doublenine.shared.wire import MAX_SAFE, MAX_SCORE, MAX_SECONDS

TABLE = {"code": "KQ7PX", "seeded": False, "started": True, "paused": False, "seats": [
    {"seat": s, "name": "Ana", "kind": "human", "level": "strong", "claimed": True, "connected": True,
     "computer_plays": False} for s in (1, 2, 3, 4)]}


def _snapshot() -> dict[str, Any]:
    rng, log = random.Random(5), MatchLog(seed=5)
    while not (log.state.phase is Phase.PLAY and log.state.hand.line):
        seat = min(to_act(log.state))
        options = legal_decisions(log.state, seat)
        log.submit(options[int(rng.random() * len(options))])
    return {"type": "snapshot", "seq": 7, "table": TABLE, "waited": 3.5,
            "view": view_to_wire(view_for(log.state, Seat.ONE))}


SNAP = _snapshot()


def _snap(**changes: Any) -> dict[str, Any]:
    out = copy.deepcopy(SNAP)
    for path, value in changes.items():
        node = out
        *head, last = path.split("__")
        for key in head:
            node = node[key]
        node[last] = value
    return out


def _refused(frame: dict[str, Any]) -> str:
    with pytest.raises(p.FrameError) as caught:
        p.decode_server(p.pack(frame))
    assert caught.value.code is ErrorCode.WRONG_TYPES
    return str(caught.value)


CHAT = {"id": 1, "at": 1.0, "seat": 2, "name": "x", "text": "hi", "phrase": None}


@pytest.mark.parametrize(("frame", "field"), [
    (_snap(waited=float("inf")), "waited"),        # the attacker's waited_inf
    (_snap(waited=float("nan")), "waited"),
    (_snap(waited=1e300), "waited"),
    (_snap(waited=-1.0), "waited"),
    (_snap(view__counts=[10**9] * 4), "view.counts.0"),  # the attacker's counts_huge
    (_snap(view__counts=[11, 10, 10, 10]), "view.counts.0"),
    (_snap(view__scores=[10**18, -10**18]), "view.scores.0"),
    (_snap(view__match=2**63 - 1), "view.match"),
    (_snap(view__hand_number=-5), "view.hand_number"),
    (_snap(view__hand=[[a, b] for a in range(10) for b in range(a, 10)] * 10), "view.hand"),
    (_snap(seq=2**62), "seq"),
    (_snap(table__spectators=10**12), "table.spectators"),
    ({"type": "update", "seq": 2**62, "patch": {}}, "seq"),
    ({"type": "update", "seq": 8, "patch": {"counts": [10**9] * 4}}, "patch.counts.0"),
    ({"type": "chat", "lines": [dict(CHAT, at=float("inf"))]}, "lines.0.at"),
    ({"type": "chat", "lines": [dict(CHAT, at=1e300)]}, "lines.0.at"),
    ({"type": "chat", "lines": [dict(CHAT, id=2**62)]}, "lines.0.id"),
    ({"type": "coach", "match": 1, "hand": 1, "seat": 1, "threshold": float("inf"), "rows": []}, "threshold"),
    ({"type": "error", "code": "STALE", "data": {"x": float("nan")}}, "data.x"),
    ({"type": "error", "code": "CHAT_TOO_FAST", "data": {"retry_after": float("inf")}}, "data.retry_after"),
    ({"type": "request_closed", "request_id": 2**62, "action": "undo", "outcome": "done"}, "request_id"),
])
def test_numbers_a_client_cannot_use_are_refused(frame: dict[str, Any], field: str) -> None:
    assert f": {field}" in _refused(frame)  # the detail names the refused field


@pytest.mark.parametrize("frame", [
    _snap(view__scores=[99 + 495, 0]),  # R19: a score below 100 plus the heaviest possible hand (R18)
    _snap(view__scores=[MAX_SCORE, MAX_SCORE]),
    _snap(view__counts=[10, 10, 10, 10]),  # R9: ten tiles dealt to each seat
    _snap(view__counts=[0, 0, 0, 0]),
    _snap(waited=0.0),
    _snap(waited=0),  # an integer count of seconds is a number too
    _snap(waited=MAX_SECONDS),
    _snap(seq=MAX_SAFE),
    _snap(view__match=1_000_000, view__hand_number=1_000_000),
    {"type": "chat", "lines": [dict(CHAT, at=1.8e9, id=MAX_SAFE)]},
    {"type": "error", "code": "PROTOCOL_VERSION", "data": {"server": 1, "client": 2**40}},
    {"type": "error", "code": "CHAT_TOO_FAST", "data": {"retry_after": 0.4}},
])
def test_every_number_a_legal_server_sends_still_passes(frame: dict[str, Any]) -> None:
    assert p.decode_server(p.pack(frame)).type == frame["type"]


def test_no_float_field_of_any_server_model_admits_inf_or_nan() -> None:
    """The base Model refuses them wherever a float appears, not only in the fields listed above."""
    row = {"at": 0, "kind": "play", "made": {"kind": "pass", "seat": 1}, "best": {"kind": "pass", "seat": 1}}
    for field in ("made_mean", "made_stderr", "best_mean", "best_stderr", "loss"):
        frame = {"type": "coach", "match": 1, "hand": 1, "seat": 1, "threshold": 1.0,
                 "rows": [dict(row, **{field: float("inf")})]}
        assert f"rows.0.{field}" in _refused(frame)
