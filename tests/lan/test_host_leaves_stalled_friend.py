"""s13 netplayer F7: the host leaves while a friend's link is stalled.

Kind: a teardown that waits on a peer. The host's window stopped its server and waited on the stalled
friend's close handshake; its 10 s wait gave up with the store open, whose lock file named the window's
own process, and the next "Host for friends" was refused "a doublenine server already uses this game
file". The friend, whose link had dropped the host's 4010, said "reconnecting" for 10 minutes against a
closed port. Now the host's stop cuts a link that takes nothing within HOST_FLUSH (1 s), always closes
the store, and the friend says the host's table is gone after NOBODY_TRIES attempts that find nobody.
A stalling relay in the test's own thread stands for the friend's Wi-Fi (buffers both ways, then cut)."""
from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path

import pytest
from sessionkit import pump_until

from doublenine.client import net
from doublenine.client.hosting import Hosting
from doublenine.client.net import NetClient, NetSession
from doublenine.shared import protocol as p
from doublenine.shared.reconnect import NOBODY_SECONDS, NOBODY_TRIES, Backoff, nobody_listens

pytestmark = pytest.mark.usefixtures("own_folders")  # tests/conftest.py
FAST = Backoff(first=0.05, cap=0.1)


class StallingRelay:
    """127.0.0.1:``port`` relayed to ``upstream``; ``stalled``: nothing passes either way (held, not lost);
    :meth:`cut` aborts every relayed connection; a new one whose upstream refuses is closed at once."""

    def __init__(self, upstream: int) -> None:
        self.upstream, self.stalled, self.pairs = upstream, False, []  # type: ignore[var-annotated]
        self.loop = asyncio.new_event_loop()
        threading.Thread(target=self.loop.run_forever, daemon=True).start()
        self.server = asyncio.run_coroutine_threadsafe(
            asyncio.start_server(self._client, "127.0.0.1", 0), self.loop).result(5)
        self.port = self.server.sockets[0].getsockname()[1]

    async def _client(self, reader, writer) -> None:  # type: ignore[no-untyped-def]
        try:
            up_r, up_w = await asyncio.open_connection("127.0.0.1", self.upstream)
        except OSError:
            writer.transport.abort()
            return
        self.pairs.append((writer, up_w))
        await asyncio.gather(self._pipe(reader, up_w), self._pipe(up_r, writer), return_exceptions=True)
        for w in (writer, up_w):
            w.transport.abort()

    async def _pipe(self, reader, writer) -> None:  # type: ignore[no-untyped-def]
        while data := await reader.read(65536):
            while self.stalled:
                await asyncio.sleep(0.02)
            writer.write(data)
            await writer.drain()

    def cut(self) -> None:
        def abort() -> None:
            for pair in self.pairs:
                for w in pair:
                    w.transport.abort()
        self.loop.call_soon_threadsafe(abort)

    def close(self) -> None:
        self.server.close()
        self.loop.call_soon_threadsafe(self.loop.stop)


def _seated(s) -> bool:  # type: ignore[no-untyped-def]
    return s.view is not None and s.view.seat is not None and s.connection == "connected"


def test_the_host_leaves_at_once_hosts_again_and_the_friend_is_told(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(net, "NOBODY_SECONDS", 0.5)  # the test's clock; the shipped 40 s is checked below
    db = tmp_path / "game.sqlite3"
    hosting = Hosting(str(db), port=0, bind="127.0.0.1", announce=False).start()
    seats = (p.SeatSpec(kind="human"), p.SeatSpec(kind="human"), *(p.SeatSpec(kind="computer", level="easy"),) * 2)
    host = NetSession(NetClient(hosting.local_url, p.CreateTable(seats=seats, sit=1, name="Host")).start())
    relay = StallingRelay(hosting.port)
    sessions = [host]
    try:
        pump_until(host, _seated, 20)
        friend = NetSession(NetClient(f"ws://127.0.0.1:{relay.port}/", p.Join(code=host.client.code, name="Friend"),
                                      backoff=FAST).start())
        sessions.append(friend)
        pump_until(friend, _seated, 20)
        relay.stalled = True  # the friend's Wi-Fi goes quiet
        began = time.monotonic()  # Leave anyway: the table's window closes, then hosting stops (lan_host.close)
        host.close(leave=False)
        hosting.stop()
        took = time.monotonic() - began
        assert took < 4.0, took  # it waited on the stalled link for 10 s and more
        assert not (tmp_path / "game.sqlite3.owner").exists()  # the lock went with the store
        again = Hosting(str(db), port=0, bind="127.0.0.1", announce=False).start()  # Host for friends again
        again.stop()
        relay.cut()  # the friend's stalled connection dies with the 4010 in it
        relay.stalled = False
        pump_until(friend, lambda s: s.failure is not None, 30)
        assert friend.state.failure.key == "host.gone"
        assert friend.state.failure.text("en") == ("The host's table is no longer there: nothing has answered at its "
                                                   "address for a while, so it cannot go on. The host may have closed "
                                                   "the game.")
    finally:
        for s in sessions:
            s.client.close()
        relay.close()
        hosting.stop()


def test_nobody_listening_is_told_apart_and_bounded() -> None:
    assert (NOBODY_TRIES, NOBODY_SECONDS) == (8, 40.0)
    refused = OSError("connect failed")
    refused.__cause__ = ConnectionRefusedError(111, "Connection refused")
    assert nobody_listens(refused) and nobody_listens(ConnectionRefusedError())
    assert not nobody_listens(TimeoutError()) and not nobody_listens(None)
    from websockets.exceptions import InvalidMessage
    cut = InvalidMessage("did not receive a valid HTTP response")
    cut.__cause__ = EOFError("connection closed while reading HTTP status line")
    assert nobody_listens(cut)
    assert not nobody_listens(InvalidMessage("garbled"))
    from doublenine.shared.failures import UpgradeCut
    from websockets.exceptions import ConnectionClosedError
    closed = UpgradeCut("no close frame received or sent")  # the same close, seen while the upgrade was sent
    closed.__cause__ = ConnectionClosedError(None, None)
    assert nobody_listens(closed)
