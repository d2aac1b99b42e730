"""Every wire model survives encode/decode; unknown types and extra fields are refused (DESIGN)."""
from __future__ import annotations

import msgpack
import pytest

from doublenine.shared import protocol as p
from doublenine.shared.convert import intent_for, view_to_wire
from doublenine.shared.errors import ErrorCode
from doublenine.shared.events import MatchLog
from doublenine.shared.moves import DrawPick, End, Nominate, Pass, Play, Review
from doublenine.shared.seats import Seat
from doublenine.shared.tiles import Tile
from doublenine.shared.views import view_for

TABLE = {"code": "KQ7PX", "seeded": False, "started": True, "paused": False, "seats": [
    {"seat": s, "name": "Ana", "kind": "human", "level": "strong", "claimed": True, "connected": True,
     "computer_plays": False} for s in (1, 2, 3, 4)],
    "request": {"id": 1, "action": "undo", "by": 1, "waiting": [2], "accepted": []}}

CLIENT = [
    p.Hello(protocol_version=1, client="x"),
    p.CreateTable(seats=[p.SeatSpec(kind="human"), p.SeatSpec(kind="computer", level="easy", name="Bot"),
                         p.SeatSpec(kind="computer"), p.SeatSpec(kind="human")], seed=5, language="fr", sit=1,
                  name="Ana"),
    p.Join(code="KQ7PX", seat=2, name="Bo"), p.Rejoin(code="KQ7PX", token="t" * 32),
    p.Spectate(code="KQ7PX"), p.Leave(), p.Resync(), p.Start(), p.Panel(open=True),
    p.DrawTile(position=54, expected_seq=0, intent_id="a"), p.NominateOpener(opener=3, expected_seq=2),
    p.ReviewHand(demand_redeal=True, expected_seq=3), p.PlayTile(tile=(3, 5), end="right", expected_seq=9),
    p.PassTurn(expected_seq=10), p.AskHint(expected_seq=1), p.Undo(expected_seq=1), p.Redo(expected_seq=1),
    p.Restart(expected_seq=1), p.NewMatch(expected_seq=1), p.HandOver(seat=4, expected_seq=1),
    p.Consent(request_id=1, accept=False), p.CancelRequest(request_id=1),
]


@pytest.mark.parametrize("msg", CLIENT, ids=lambda m: m.type)
def test_client_messages_round_trip(msg) -> None:
    assert p.decode_client(p.encode(msg)) == msg


@pytest.mark.parametrize("msg", CLIENT, ids=lambda m: m.type)
def test_extra_fields_are_refused(msg) -> None:
    fields = msg.model_dump(mode="json")
    fields["surprise"] = 1
    with pytest.raises(p.FrameError) as info:
        p.decode_client(msgpack.packb(fields))
    assert info.value.code is ErrorCode.WRONG_TYPES


def test_server_messages_round_trip() -> None:
    log = MatchLog(seed=1)
    view = view_to_wire(view_for(log.state, Seat.TWO))
    frames = [
        p.pack({"type": "welcome", "protocol_version": 1, "server": "doublenine"}),
        p.pack({"type": "joined", "code": "KQ7PX", "seat": 2, "token": "abc"}),
        p.pack({"type": "snapshot", "seq": 0, "view": view, "table": TABLE}),
        p.pack({"type": "update", "seq": 1, "move": {"kind": "pass", "seat": 2}}),
        p.pack({"type": "update", "seq": 1, "patch": {"turn": 3, "clear": ["ends"], "line_add": []}}),
        p.pack({"type": "table", "table": TABLE}),
        p.pack({"type": "hint", "seq": 3, "decision": {"kind": "play", "seat": 1, "tile": [0, 0], "end": "left"}}),
        p.pack({"type": "request_closed", "request_id": 1, "action": "undo", "outcome": "refused", "seat": 2}),
        p.pack({"type": "left", "code": "KQ7PX"}),
        p.pack({"type": "error", "code": "STALE", "detail": "", "data": {"seq": 3}}),
    ]
    for frame in frames:
        msg = p.decode_server(frame)
        assert p.decode_server(p.encode(msg)) == msg
    # docs/protocol.md "Versions and compatibility": a client skips a field it does not know...
    newer = p.pack({"type": "update", "seq": 1, "move": {"kind": "pass", "seat": 2, "bogus": 1}, "bogus": 1})
    assert p.decode_server(newer) == p.decode_server(frames[3])
    with pytest.raises(p.FrameError):  # ...but still refuses one of the wrong type
        p.decode_server(p.pack({"type": "update", "seq": "one", "move": {"kind": "pass", "seat": 2}}))


@pytest.mark.parametrize("decision", [
    DrawPick(Seat.ONE, 7), Nominate(Seat.TWO, Seat.FOUR), Review(Seat.THREE, True),
    Play(Seat.FOUR, Tile(9, 2), End.LEFT), Pass(Seat.ONE)])
def test_intent_for_every_decision_kind(decision) -> None:
    intent = intent_for(decision, 12, "x")
    assert intent.expected_seq == 12 and intent.intent_id == "x"
    assert p.decode_client(p.encode(intent)) == intent
