"""A closed connection leaves nothing behind (stream s16 F6).

An attacker's spectators sent a 70 KB frame over the 64 KiB ``--max-frame`` in a loop: each was closed
1009, and the server's memory grew ~12.5 MB per 40 s for good. Two causes, each tested here without
timing: (1) every connection (closed 1009, closed by its peer, or a plain HTTP answer) was freed by the
cyclic garbage collector only, never by reference counting, and the server moves every object alive
every 5 s out of that collector's reach until an hourly full collection (``gcpolicy``, ``gc.freeze``);
(2) a connection closed 1009 while its address's read budget was spent was not read again until the
debt was paid, so its close (the peer's EOF) waited and it stayed counted against its address with what
it had read (``/healthz`` "connections" 196 for 10 sockets)."""
from __future__ import annotations

import asyncio
import gc
import weakref
from typing import Any

import msgpack
import pytest
from websockets.asyncio.client import connect as ws_connect
from websockets.exceptions import ConnectionClosed

from doublenine.server import edge

from .conftest import create, eventually

OVERSIZE = msgpack.packb({"type": "chat", "text": "x" * 70000})
HELLO = msgpack.packb({"type": "hello", "protocol_version": 2})


@pytest.fixture
def made(monkeypatch) -> Made:
    """Weak references to every server connection made (``EdgeConnection``) and its websocket protocol;
    ``made.lost``: how many of them were lost (``connection_lost`` ran)."""
    refs = Made()
    original, lose = edge.EdgeConnection.connection_made, edge.EdgeConnection.connection_lost

    def spy(self: Any, transport: Any) -> None:
        refs.extend((weakref.ref(self), weakref.ref(self.protocol)))
        original(self, transport)

    def lost(self: Any, exc: Any) -> None:
        lose(self, exc)
        refs.lost += 1

    monkeypatch.setattr(edge.EdgeConnection, "connection_made", spy)
    monkeypatch.setattr(edge.EdgeConnection, "connection_lost", lost)
    return refs


class Made(list[weakref.ref[Any]]):
    lost = 0


async def _oversize(server: Any) -> int | None:
    ws = await ws_connect(server.url, max_size=None, local_addr=("127.0.9.1", 0))
    await ws.send(HELLO)
    await ws.send(OVERSIZE)
    with pytest.raises(ConnectionClosed) as info:
        while True:
            await ws.recv()
    await ws.wait_closed()
    return info.value.rcvd.code if info.value.rcvd else None


async def _closed_by_peer(server: Any) -> int | None:
    ws = await ws_connect(server.url, local_addr=("127.0.9.2", 0))
    await ws.send(HELLO)
    await ws.recv()
    await ws.close()
    return ws.close_code


async def _http(server: Any) -> int | None:
    reader, writer = await asyncio.open_connection("127.0.0.1", server.port, local_addr=("127.0.9.3", 0))
    writer.write(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
    status = (await reader.readline()).split()[1]
    await reader.read()
    writer.close()
    return int(status)


async def _seated_player_leaves(server: Any) -> int | None:
    host = await create(server, "hccc", sit=1)
    await host.close()
    return 1000


@pytest.mark.parametrize("how, code", [(_oversize, 1009), (_closed_by_peer, 1000), (_http, 200),
                                       (_seated_player_leaves, 1000)])
async def test_a_closed_connection_is_freed_by_reference_counting(make_server, made, how, code) -> None:
    # the read budget as a server keeps it by default (an allowance per connection, a small socket buffer)
    server = await make_server(read_rate=100.0, read_bytes=256 * 1024, ping_interval=None)
    gc.collect()
    gc.disable()
    try:
        gc.freeze()  # as gcpolicy does every 5 s: what is alive now is out of the cyclic collector's reach
        assert await how(server) == code
        await eventually(lambda: made.lost == 1 and len(server.registry.connections) == 0)
        for _ in range(5):  # the handler's and websockets' last callbacks
            await asyncio.sleep(0)
        await eventually(lambda: server.registry.reads.held == 0)
        assert len(made) == 2
        assert [r() for r in made] == [None, None]  # freed with no collection at all
    finally:
        gc.unfreeze()
        gc.enable()


async def test_a_connection_closed_1009_while_its_address_owes_reads_stops_counting_once_its_socket_is_gone(
        make_server) -> None:
    # 1 KiB a second for the address: the 70 KB frame puts it ~70 s in debt; its close is still read at once
    server = await make_server(read_rate=100.0, read_bytes=1024.0, ping_interval=None)
    assert await _oversize(server) == 1009
    await eventually(lambda: len(server.registry.connections) == 0)
    assert server.registry.reads.held == 0


async def test_let_go_breaks_the_cycles_a_websockets_connection_has() -> None:
    """What :func:`edge.let_go` clears, on the objects where websockets 17 keeps them."""

    class Holder:
        pass

    conn, protocol, transport, queue = Holder(), Holder(), Holder(), Holder()
    conn.recv_messages, conn.protocol, conn.transport, conn.connection_exc = queue, protocol, transport, None
    queue.pause = queue.resume = conn.__init__
    protocol.reject = lambda: protocol
    try:
        raise ValueError("inner")
    except ValueError as inner:
        try:
            raise RuntimeError("outer") from inner
        except RuntimeError as outer:
            protocol.parser_exc = outer
    protocol.handshake_exc = None
    transport._read_ready_cb = transport.__init__
    edge.let_go(conn)
    assert queue.pause is edge._nothing and queue.resume is edge._nothing
    assert "reject" not in vars(protocol)
    assert protocol.parser_exc.__traceback__ is None and protocol.parser_exc.__cause__.__traceback__ is None
    assert str(protocol.parser_exc) == "outer"
    assert transport._read_ready_cb is None
