"""Attacker s9 F2, the window's side (kind: what a client fills from a server's frames kept without a
bound). The network thread put every frame on an unbounded inbox, however far the window was behind,
and the cues a server's frames ask for were all remembered. A hostile server on loopback floods the
window's connection while the window does not drain it."""
from __future__ import annotations

import threading
import time
from typing import Any

from fake_server import table_w
from loopback_ws import LoopbackServer

from doublenine.client import net
from doublenine.client.net import NetClient, NetSession
from doublenine.client.sound import PLAYED_KEPT, Sounds
from doublenine.client.store import CHAT_KEPT, ClientState
from doublenine.shared import protocol as p
from doublenine.shared.convert import view_to_wire
from doublenine.shared.events import MatchLog
from doublenine.shared.views import view_for

FRAMES = 300
LINES = 100


class ChatFlood(LoopbackServer):
    """Seats a spectator, then sends :data:`FRAMES` chat frames of :data:`LINES` new lines each."""

    def __init__(self) -> None:
        self.sent = 0
        self.done = threading.Event()
        super().__init__()

    def _handle(self, ws: Any) -> None:
        p.decode_client(ws.recv())
        ws.send(p.encode(p.Welcome(protocol_version=p.PROTOCOL_VERSION)))
        p.decode_client(ws.recv())
        ws.send(p.encode(p.Joined(code="SNAKE", seat=None)))
        view = view_to_wire(view_for(MatchLog(seed=5).state, None))
        ws.send(p.pack({"type": "snapshot", "seq": 0, "view": view, "table": table_w()}))
        try:
            for f in range(FRAMES):
                ws.send(p.pack({"type": "chat", "lines": [
                    {"id": f * LINES + k + 1, "at": 1.0, "seat": 1, "name": "h", "text": "x" * 200}
                    for k in range(LINES)]}))
                self.sent += 1
            self.done.set()
            for _ in ws:
                pass
        except Exception:  # noqa: BLE001 - the window closed
            pass


def _eventually(cond: Any, seconds: float = 20.0) -> None:
    end = time.monotonic() + seconds
    while not cond():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.02)


def test_s9_f2_the_network_thread_lets_at_most_64_messages_wait_for_the_window() -> None:
    with ChatFlood() as server:
        session = NetSession(NetClient(server.url, p.Spectate(code="SNAKE")).start(), ClientState())
        try:
            _eventually(lambda: session.client.inbox.qsize() >= net.INBOX_KEPT)
            time.sleep(0.5)  # the flood goes on; the window drains nothing meanwhile
            assert session.client.inbox.qsize() == net.INBOX_KEPT == 64
            deadline = time.monotonic() + 30
            while not (server.done.is_set() and session.client.inbox.empty()) or \
                    (session.state.chat and session.state.chat[-1].id < FRAMES * LINES):
                assert time.monotonic() < deadline
                session.pump()
                time.sleep(0.01)
            assert [line.id for line in session.state.chat] == list(range(FRAMES * LINES - 49, FRAMES * LINES + 1))
            assert CHAT_KEPT == 50
        finally:
            began = time.monotonic()
            session.close(leave=False)
            assert time.monotonic() - began < 5.0


def test_s9_f2_the_window_remembers_only_the_newest_64_cues() -> None:
    sounds = Sounds()
    sounds._sounds = {}  # no audio device in tests: the cues are only remembered
    for i in range(100):
        sounds.play("place" if i < 99 else "nudge")
    assert len(sounds.played) == PLAYED_KEPT == 64
    assert sounds.played == ["place"] * 63 + ["nudge"]
