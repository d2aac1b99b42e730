"""Attacker F2/F3/F7, the window's side: values a hostile server sends are checked at the frame boundary
before the client keeps, dials with, saves or shows them (kind: values from the server used without
validation; unbounded work before bounding). A fake server on loopback plays the attacker's frames."""
from __future__ import annotations

import json
import time
from typing import Any

import pytest
from fake_server import table_w
from loopback_ws import LoopbackServer

from doublenine.client import config, store
from doublenine.client.net import NetClient, NetSession
from doublenine.client.store import ClientState, reduce
from doublenine.shared import protocol as p
from doublenine.shared.convert import view_to_wire
from doublenine.shared.events import MatchLog
from doublenine.shared.reconnect import Backoff
from doublenine.shared.seats import Seat
from doublenine.shared.views import view_for

LONG_JOINED = {"type": "joined", "code": "A" * 4000, "seat": 1, "token": "t" * 4000}
ESCAPE_JOINED = {"type": "joined", "code": "\x1b]0;PWN\x07\x1b[2J\x1b[31mX", "seat": 1, "token": "t0ken"}
FAST = Backoff(first=0.05, cap=0.1)


class ScriptedServer(LoopbackServer):
    """Loopback server: connection ``n`` gets ``scripts[n]`` (raw frames after ``welcome``), then is dropped
    without a close frame. Records each connection's path and its attach message."""

    def __init__(self, scripts: list[list[bytes]]) -> None:
        self.scripts, self.paths, self.attaches = scripts, [], []  # type: ignore[var-annotated]
        super().__init__()

    def _handle(self, ws: Any) -> None:
        n = len(self.paths)
        self.paths.append(ws.request.path)
        p.decode_client(ws.recv())
        ws.send(p.encode(p.Welcome(protocol_version=p.PROTOCOL_VERSION)))
        self.attaches.append(p.decode_client(ws.recv()))
        for frame in self.scripts[min(n, len(self.scripts) - 1)]:
            ws.send(frame)
        time.sleep(0.3)
        ws.socket.close()  # dropped: no close frame, as the attacker's fake did


def _snapshot() -> bytes:
    view = view_to_wire(view_for(MatchLog(seed=5).state, Seat.ONE))
    return p.pack({"type": "snapshot", "seq": 0, "view": view, "table": table_w()})


def _until(session: NetSession, done: Any, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and not done(session.state):
        session.pump()
        time.sleep(0.01)


def test_f2_joined_with_a_4000_character_code_and_token_is_skipped_and_the_seat_comes_back() -> None:
    good = p.pack({"type": "joined", "code": "SNAKE", "seat": 1, "token": "t0ken"})
    remembered: list[tuple[str, str | None]] = []
    with ScriptedServer([[p.pack(LONG_JOINED), p.pack(ESCAPE_JOINED), good, _snapshot(), p.pack(LONG_JOINED)],
                         [p.pack(LONG_JOINED), good, _snapshot()]]) as server:
        client = NetClient(server.url, p.Join(code="SNAKE", name="Ana"), backoff=FAST,
                           on_joined=lambda code, token: remembered.append((code, token))).start()
        session = NetSession(client)
        _until(session, lambda s: len(server.attaches) >= 3)
        alive = client._thread.is_alive()
        client.close()
    assert alive and session.state.failure is None
    assert session.state.table == "SNAKE" and (client.code, client.token) == ("SNAKE", "t0ken")
    assert set(server.paths) == {"/t/SNAKE"}  # dialled /t/AAAA... (4,000 characters) before
    assert [type(a).__name__ for a in server.attaches[:3]] == ["Join", "Rejoin", "Rejoin"]
    assert (server.attaches[1].code, server.attaches[1].token) == ("SNAKE", "t0ken")
    assert set(remembered) == {("SNAKE", "t0ken")}  # client.json never gets the long code


def test_f2_a_server_that_only_sends_bad_joined_frames_is_told_not_waited_on_forever() -> None:
    with ScriptedServer([[p.pack(LONG_JOINED), p.pack(ESCAPE_JOINED)]]) as server:
        client = NetClient(server.url, p.Join(code="SNAKE", name="Ana"), backoff=FAST, open_timeout=0.5).start()
        session = NetSession(client)
        _until(session, lambda s: s.failure is not None)
        client.close()
    assert session.state.failure.key == "net.unreachable" and session.state.table == ""
    assert client.code is None and client.token is None and server.paths == ["/t/SNAKE"]


def test_f2_the_network_thread_never_ends_without_telling_the_window(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(self: NetClient) -> None:
        raise RuntimeError("a bug the loop did not foresee")

    monkeypatch.setattr(NetClient, "_connect_loop", broken)
    client = NetClient("ws://127.0.0.1:9/", p.Join(code="SNAKE", name="Ana")).start()
    session = NetSession(client)
    _until(session, lambda s: s.failure is not None, 5.0)
    client.close()
    assert session.state.failure.key == "net.unreachable"
    assert dict(session.state.failure.params) == {"host": "127.0.0.1", "port": 9}


def test_f2_a_saved_table_code_that_is_not_one_is_not_read_back(tmp_path: Any) -> None:
    path = tmp_path / "client.json"
    path.write_text(json.dumps({"name": "Ana", "table": "A" * 4000, "resume_code": "\x1b[2JX",
                                "resume_token": "t" * 129, "held": ["KQ7PM " + "t" * 129 + " ws://h:1/"]}),
                    encoding="utf-8")
    assert (config.load(path).name, config.load(path).table, config.load(path).resume_code,
            config.load(path).resume_token, config.load(path).held) == ("Ana", "", "", "", ())
    path.write_text(json.dumps({"table": "KQ7PM", "resume_code": "K7QPA", "resume_token": "t" * 128}),
                    encoding="utf-8")
    assert (config.load(path).table, config.load(path).resume_code, config.load(path).resume_token) == \
        ("KQ7PM", "K7QPA", "t" * 128)


def _flood(first_id: int, count: int = 120) -> p.ChatLines:
    return p.ChatLines(lines=tuple(p.ChatLineW(id=first_id + k, at=0.0, seat=1, name="N" * 30, text="W" * 4000)
                                   for k in range(count)))


def test_f3_a_chat_flood_is_trimmed_to_the_kept_lines_before_any_is_cleaned(monkeypatch: pytest.MonkeyPatch) -> None:
    cleaned: list[int] = []
    real = store.clean_text

    def counting(raw: str, chars: int) -> str:
        cleaned.append(len(raw))
        return real(raw, chars)

    monkeypatch.setattr(store, "clean_text", counting)
    state = ClientState()
    for frame in range(3):
        state = reduce(state, _flood(1 + 120 * frame))
    assert [line.id for line in state.chat] == list(range(311, 361))
    assert len(cleaned) == 3 * 2 * store.CHAT_KEPT  # a name and a text per kept line: 300, not 720
    assert {len(line.text) for line in state.chat} == {200}
    history = p.ChatLines(lines=_flood(1000).lines, history=True)
    cleaned.clear()
    assert [line.id for line in reduce(state, history).chat] == list(range(1070, 1120))
    assert len(cleaned) == 2 * store.CHAT_KEPT


def _said(seat: int | None, mine: bool, line_id: int = 1) -> p.ChatLines:
    return p.ChatLines(lines=(p.ChatLineW(id=line_id, at=0.0, seat=seat, name="Bo", text="hola", mine=mine),))


def test_f7_a_live_line_is_this_windows_own_only_when_its_seat_is_this_windows_seat() -> None:
    seated = reduce(ClientState(), p.decode_server(_snapshot()))
    assert seated.view is not None and seated.view.seat == Seat.ONE
    assert reduce(seated, _said(3, True)).chat[0].mine is False  # another seat's line said to be "mine"
    assert reduce(seated, _said(None, True)).chat[0].mine is False  # a spectator's line, to a seated window
    assert reduce(seated, _said(1, True)).chat[0].mine is True
    assert reduce(seated, _said(1, False)).chat[0].mine is False
    watching = ClientState()  # a spectator's lines carry no seat: ``mine`` is how it knows its own
    assert reduce(watching, _said(None, True)).chat[0].mine is True
    assert reduce(watching, _said(2, True)).chat[0].mine is False


def test_f3_one_window_step_cleans_only_the_lines_a_flood_leaves(monkeypatch: pytest.MonkeyPatch) -> None:
    cleaned: list[int] = []
    real = store.clean_text
    monkeypatch.setattr(store, "clean_text", lambda raw, chars: cleaned.append(len(raw)) or real(raw, chars))
    session = NetSession(NetClient("ws://127.0.0.1:9/", p.Spectate(code="SNAKE")), ClientState())
    for frame in range(300):  # the attacker's flood: 300 frames of 120 lines of 4,000 characters
        session.client.inbox.put(_flood(1 + 120 * frame))
    session.client.inbox.put(p.TableUpdate(table=p.TableW.model_validate(table_w())))  # still applied after
    assert session.pump()
    assert [line.id for line in session.state.chat] == list(range(35951, 36001))
    # + 4 seat names, 4 names of who waits to sit at the next deal (SeatW.next_name, 266134f), the table name
    assert cleaned.count(4000) == store.CHAT_KEPT and len(cleaned) == 2 * store.CHAT_KEPT + 9
    assert session.state.names[0] == "José"


def test_f3_a_batch_keeps_the_frames_whose_lines_can_survive_it() -> None:
    history = p.ChatLines(lines=_flood(500, 10).lines, history=True)
    batch = [_flood(1, 30), history, _flood(600, 30), p.Nudged(by=2, seat=1)]
    assert store.unseen_chat(batch) == batch[1:]  # the frame before the history is replaced by it
    assert store.unseen_chat(batch + [_flood(700, 30)]) == batch[2:] + [_flood(700, 30)]  # 60 later lines
    late = [_flood(1, 30), _flood(100, 50), p.Nudged(by=2, seat=1)]
    assert store.unseen_chat(late) == late[1:]  # 50 later lines push all 30 out
    for whole in (batch, batch + [_flood(700, 30)], late):
        assert reduce_all(store.unseen_chat(whole)).chat == reduce_all(whole).chat


def reduce_all(batch: list[Any]) -> ClientState:
    state = ClientState()
    for msg in batch:
        state = reduce(state, msg)
    return state
