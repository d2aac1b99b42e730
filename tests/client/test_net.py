"""Connection and client state: the window keeps drawing while a server is slow; reduce is exact."""
from __future__ import annotations

import time
from dataclasses import replace

import pygame
from client_helpers import my_turn_with_play, session_at
from fake_server import SlowServer, table_w
from robot import centre, click

from doublenine.client.app import App
from doublenine.client.intents import Answer, AskHint, Control, Decide, Pause
from doublenine.client.net import NetClient, NetSession
from doublenine.shared.reconnect import Backoff
from doublenine.client.scenes.table import TableScene
from doublenine.client.store import ClientState, Connection, reduce
from doublenine.shared import protocol as p
from doublenine.shared.convert import move_frame, view_to_wire
from doublenine.shared.moves import Play
from doublenine.shared.seats import Seat
from doublenine.shared.views import view_for

SLOW = 5.0


def test_window_keeps_drawing_and_answering_input_while_the_server_is_slow_for_5_seconds() -> None:
    session = session_at(my_turn_with_play)
    with SlowServer(session.log, SLOW) as server:
        client = NetClient(server.url, p.Join(code="SNAKE", name="José")).start()
        scene = TableScene(NetSession(client))
        app = App(scene, (1280, 800))
        for _ in range(500):
            app.step([])
            if scene.session.state.view is not None:
                break
            time.sleep(0.01)
        view = scene.session.state.view
        assert view is not None and scene.session.state.seq == 10
        tile = next(m.tile for m in view.legal_moves() if isinstance(m, Play))
        lay = scene.layout()
        app.step([click(centre(next(h.rect for h in lay.hand if h.tile is tile)))])
        ghost = next(iter(scene.layout().ghosts.values()))
        app.step([click(centre(ghost.rect))])  # the play is sent; the server sits on it for 5 s
        sent_at = time.monotonic()
        frames, answered, pressed = app.frames, 0, 0
        while scene.session.state.seq == 10 and time.monotonic() - sent_at < SLOW + 10:
            before = scene.ui.focus
            app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, unicode="", mod=0)])
            pressed += 1
            answered += scene.ui.focus != before
            time.sleep(0.02)
        waited = time.monotonic() - sent_at
        assert scene.session.state.seq == 11 and tile not in scene.session.state.view.hand
        assert waited >= SLOW - 0.5
        # every arrow press was answered at once while the reply was pending, and each answer drawn
        # (counted against the presses made: a loaded machine draws fewer frames in 5 s, ~48 at load 17)
        assert pressed >= 10 and answered >= pressed - 1
        assert app.frames - frames >= pressed - 1
        app.apply(__import__("doublenine.client.scenes.base", fromlist=["Change"]).Change("quit"))


def test_reduce_snapshot_update_table_and_gap() -> None:
    session = session_at(my_turn_with_play)
    view = view_for(session.log.state, Seat.ONE)
    snap = p.decode_server(p.pack({"type": "snapshot", "seq": 4, "view": view_to_wire(view), "table": table_w()}))
    state = reduce(ClientState(), snap)
    assert state.view == view and state.seq == 4 and state.names == ("José", "Zoë", "Ñandú", "Brontë")
    assert state.computers == frozenset({Seat.TWO, Seat.THREE, Seat.FOUR}) and state.seeded
    move = next(m for m in view.legal_moves() if isinstance(m, Play))
    after = reduce(state, p.decode_server(move_frame(5, move)))
    session.log.submit(move)
    assert after.view == view_for(session.log.state, Seat.ONE) and after.seq == 5
    gap = reduce(state, p.decode_server(move_frame(7, move)))
    assert gap.resync and gap.view is state.view
    req = dict(table_w(), request={"id": 3, "action": "undo", "by": 3, "waiting": [1]})
    asked = reduce(state, p.decode_server(p.pack({"type": "table", "table": req})))
    assert [(c.request_id, c.seat, c.what) for c in asked.consent] == [("3", Seat.THREE, "undo")]
    closed = reduce(asked, p.RequestClosed(request_id=3, action="undo", outcome="done"))
    assert closed.consent == ()
    assert reduce(state, Connection("lost")).connection == "lost"
    seats = [dict(x) for x in table_w()["seats"]]
    seats[2].update(kind="human", claimed=True, connected=False, computer_plays=False)
    away = reduce(state, p.decode_server(p.pack({"type": "table", "table": dict(table_w(), seats=seats,
                                                                                  started=False)})))
    assert away.away == frozenset({Seat.THREE}) and not away.started
    err = reduce(state, p.Error(code="STALE", detail="x"))
    assert err.error == "STALE" and err.resync


def test_intents_encode_with_expected_seq_and_unique_ids() -> None:
    session = NetSession(NetClient("ws://127.0.0.1:9/", p.Spectate(code="X")),
                         replace(ClientState(), seq=12))
    move = Play(Seat.ONE, __import__("doublenine.shared.tiles", fromlist=["Tile"]).Tile(2, 5),
                __import__("doublenine.shared.moves", fromlist=["End"]).End.LEFT)
    a, b = session.encode(Decide(move)), session.encode(Decide(move))
    assert a.type == "play" and a.expected_seq == 12 and tuple(a.tile) == (2, 5) and a.intent_id != b.intent_id
    assert session.encode(AskHint()).type == "hint"
    assert session.encode(Control("undo")).type == "undo"
    assert session.encode(Pause("rules", True)) == p.Panel(open=True)
    assert session.encode(Answer("3", False)) == p.Consent(request_id=3, accept=False)
    assert session.encode(Control("start")) == p.Start()
    from doublenine.client.intents import HandOver
    h = session.encode(HandOver(3))
    assert h.type == "hand_over" and h.seat == 3 and h.expected_seq == 12
    fresh = NetSession(NetClient("ws://127.0.0.1:9/", p.Spectate(code="X")))
    assert fresh.encode(Decide(move)) is None  # no snapshot yet: nothing to be fresh against


def test_lost_connection_shows_banner_and_rejoins_with_the_seat_token() -> None:
    from fake_server import DroppingServer

    from doublenine.client.layout import compute_layout
    from doublenine.client.uistate import Ui

    session = session_at(my_turn_with_play)
    with DroppingServer(session.log) as server:
        client = NetClient(server.url, p.Join(code="SNAKE", name="José"), backoff=Backoff(first=0.05, cap=0.1)).start()
        net = NetSession(client)
        statuses, banners = [], []
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and not (net.state.seq == 12 and net.state.connection == "connected"):
            if net.pump():
                statuses.append(net.state.connection)
                banners.append(compute_layout(net.state, Ui(), (800, 600)).banner is not None)
            time.sleep(0.005)
        client.close()
    assert net.state.seq == 12 and net.state.connection == "connected"
    assert "lost" in statuses and any(banners)
    assert [type(a).__name__ for a in server.attaches] == ["Join", "Rejoin"]
    assert server.attaches[1].token == "t0ken" and server.attaches[1].code == "SNAKE"


def test_d1_own_request_waits_then_its_refusal_is_told() -> None:
    from doublenine.client.panels import status_line
    from doublenine.client.uistate import Ui

    session = session_at(my_turn_with_play)
    view = view_for(session.log.state, Seat.ONE)
    state = reduce(ClientState(), p.decode_server(p.pack({"type": "snapshot", "seq": 4, "view": view_to_wire(view),
                                                         "table": table_w()})))
    req = dict(table_w(), request={"id": 9, "action": "undo", "by": 1, "waiting": [3]})
    asking = reduce(state, p.decode_server(p.pack({"type": "table", "table": req})))
    assert asking.asking == "undo" and asking.consent == ()
    assert status_line(asking, Ui(), "en") == ("Waiting for the others to accept your request", {})
    cleared = reduce(asking, p.decode_server(p.pack({"type": "table", "table": table_w()})))
    refused = reduce(cleared, p.RequestClosed(request_id=9, action="undo", outcome="refused", seat=3))
    assert refused.asking is None and status_line(refused, Ui(), "en") == ("Your request was refused", {})
