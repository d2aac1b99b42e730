"""Issue 16.1 kind, client side: a server's frame that fits the schema but not the match
(a stranger's server, or a bug) never closes the window; an update that cannot be folded
makes the client ask for a fresh snapshot instead."""
from __future__ import annotations

import random

from doublenine.client.net import NetClient, NetSession
from doublenine.client.store import ClientState
from doublenine.shared import protocol as p
from doublenine.shared.convert import view_to_wire
from doublenine.shared.events import MatchLog
from doublenine.shared.rules import legal_decisions, to_act
from doublenine.shared.seats import Seat
from doublenine.shared.state import Phase
from doublenine.shared.views import view_for

TABLE = {"code": "KQ7PX", "seeded": False, "started": True, "paused": False, "seats": [
    {"seat": s, "name": "Ana", "kind": "human", "level": "strong", "claimed": True, "connected": True,
     "computer_plays": False} for s in (1, 2, 3, 4)]}


def _at_play() -> MatchLog:
    rng, log = random.Random(5), MatchLog(seed=5)
    while not (log.state.phase is Phase.PLAY and log.state.hand.line):
        seat = min(to_act(log.state))
        options = legal_decisions(log.state, seat)
        log.submit(options[int(rng.random() * len(options))])
    return log


def test_an_update_that_does_not_fit_the_match_asks_for_a_snapshot_and_keeps_the_window() -> None:
    log = _at_play()
    session = NetSession(NetClient("ws://127.0.0.1:9/", p.Spectate(code="KQ7PX")), ClientState())
    session.client.inbox.put(p.decode_server(p.pack({"type": "snapshot", "seq": 7, "table": TABLE,
                                                     "view": view_to_wire(view_for(log.state, Seat.ONE))})))
    session.pump()
    view = session.state.view
    left = log.state.hand.ends[0]
    tile = next([a, b] for a in range(10) for b in range(a, 10) if left not in (a, b))
    session.client.inbox.put(p.decode_server(p.pack({"type": "update", "seq": 8, "move": {
        "kind": "play", "seat": int(log.state.hand.turn), "tile": tile, "end": "left"}})))
    session.client.inbox.put(p.decode_server(p.pack({"type": "table", "table": TABLE})))  # still read after
    session.pump()  # raised ValueError out of the window's loop before
    assert session.state.view == view and session.state.seq == 7 and session.state.resync
    assert session.state.table == "KQ7PX" and session.state.names == ("Ana",) * 4
