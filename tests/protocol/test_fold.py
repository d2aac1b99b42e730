"""Folding the updates a connection receives gives exactly its own view (R21, R22, D8).

Random matches (seeded, R24) with undo, redo, restart and new match mixed in:
after every change, every seat and a spectator fold the frames the server
would send them (``server.fanout``) with ``convert.advance`` and must hold
``view_for(state, seat)`` exactly.
"""
from __future__ import annotations

import random

import pytest

from doublenine.server.fanout import SeqCounter, frames_for, public_seq
from doublenine.shared import protocol as p
from doublenine.shared.convert import advance, view_from_wire, view_to_wire
from doublenine.shared.errors import IllegalMove
from doublenine.shared.events import MatchLog
from doublenine.shared.rules import legal_decisions, to_act
from doublenine.shared.seats import SEATS
from doublenine.shared.state import Phase
from doublenine.shared.views import view_for

AUDIENCES = (None, *SEATS)


def _snapshot(state, seat, seq):
    frame = p.pack({"type": "snapshot", "seq": seq, "view": view_to_wire(view_for(state, seat)),
                    "table": _TABLE})
    return view_from_wire(p.decode_server(frame))


_TABLE = {"code": "KQ7PM", "seats": [
    {"seat": s, "name": f"P{s}", "kind": "human", "level": "strong", "claimed": True,
     "connected": True, "computer_plays": False} for s in (1, 2, 3, 4)],
    "seeded": True, "started": True, "paused": False}


def _control(log: MatchLog, rng: random.Random) -> list:
    roll = rng.random()
    try:
        if roll < 0.03:
            return log.undo(rng.choice(SEATS))
        if roll < 0.05:
            return log.redo()
        if roll < 0.06:
            return log.restart()
        if roll < 0.065:
            return log.new_match()
    except IllegalMove:
        return []
    return []


@pytest.mark.parametrize("seed", range(6))
def test_folded_updates_equal_view_for_every_audience(seed: int) -> None:
    rng = random.Random(seed)
    log = MatchLog(seed=seed)
    counter = SeqCounter(log.events)
    seq = counter.seq
    views = {a: _snapshot(log.state, a, seq) for a in AUDIENCES}
    for _ in range(900):
        old = log.state
        events = _control(log, rng)
        if not events:
            if old.phase is Phase.MATCH_OVER:
                events = log.new_match()
            else:
                seat = rng.choice(sorted(to_act(old)))
                events = log.submit(rng.choice(legal_decisions(old, seat)))
        for e in events:
            counter.feed(e)
        assert counter.seq in (seq, seq + 1)
        seq = counter.seq
        frames = frames_for(old, log.state, events, seq)
        for a in AUDIENCES:
            frame = frames.for_audience(a)
            if frame is not None:
                msg = p.decode_server(frame)
                assert msg.seq == seq
                views[a] = advance(views[a], msg)
            assert views[a] == view_for(log.state, a), (a, events)
    assert public_seq(log.events) == seq


def test_play_frame_is_small_and_shared() -> None:
    log = MatchLog(seed=3)
    while log.state.phase is not Phase.PLAY:
        s = min(to_act(log.state))
        log.submit(legal_decisions(log.state, s)[0])
    old = log.state
    events = log.submit(legal_decisions(old, old.hand.turn)[0])
    frames = frames_for(old, log.state, events, 40)
    assert frames.shared is not None and frames.per == {}
    assert len(frames.shared) < 60
