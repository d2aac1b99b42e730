"""Tables and connections come and go without leaking; /healthz; SIGTERM (issue 3 items 2, 8)."""
from __future__ import annotations

import asyncio
import itertools
import json
import os
import signal
import sys

from websockets.asyncio.client import connect as ws_connect
from websockets.exceptions import ConnectionClosed

from doublenine.server.table import SEAT_AGAIN_WAIT
from doublenine.shared import protocol as p
from doublenine.shared.invite import CODE_ALPHABET
from doublenine.shared.tablecode import is_code

from .conftest import connect, create, play_all


class _Clock:
    """A monotonic clock the test moves (a table's ``new_matches`` pace)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def baseline(server, table) -> tuple:
    return (len(server.registry.connections), len(server.registry.tables), len(table.subscribers),
            tuple(sl.claimed for sl in table.slots.values()), table.state)


async def test_1500_joins_and_leaves_leave_the_registries_at_baseline(server) -> None:
    host = await create(server, "hhhh", sit=1)
    table = server.registry.tables[host.code]
    assert len(host.code) == 5 and set(host.code) <= set(CODE_ALPHABET) and is_code(host.code)
    before = baseline(server, table)
    table.seat_clock = itertools.count(0.0, SEAT_AGAIN_WAIT).__next__  # each join is a wait later (test_seat_churn)
    # the host reads what the comings and goings tell it: a client lets at most 16 frames wait unread
    # (server/netbot.RECV_QUEUE), and one that reads nothing is closed as a slow reader (1013)
    reading = asyncio.ensure_future(host.until(lambda m: False, 3600))
    stayers = [await connect(server) for _ in range(4)]
    for i in range(1200):  # joins and leaves on open connections
        c = stayers[i % 4]
        if i % 3 == 0:
            await c.send({"type": "spectate", "code": host.code})
        else:
            await c.send({"type": "join", "code": host.code, "seat": 2 + i % 3, "name": f"n{i}"})
        await c.until(lambda m: isinstance(m, p.Snapshot))
        await c.send({"type": "leave"})
        await c.until(lambda m: isinstance(m, p.LeftTable))
    for c in stayers:
        await c.close()
    for i in range(300):  # new connections: watch then drop, or join, leave and drop
        c = await connect(server)
        if i % 2:
            await c.attach({"type": "join", "code": host.code, "seat": 2 + i % 3})
            await c.send({"type": "leave"})
            await c.until(lambda m: isinstance(m, p.LeftTable))
        else:
            await c.attach({"type": "spectate", "code": host.code})
        await c.close()
    for _ in range(200):
        if baseline(server, table) == before:
            break
        await asyncio.sleep(0.01)
    assert baseline(server, table) == before
    assert table.meta.started is False
    reading.cancel()


async def test_a_table_with_only_computers_and_no_connection_is_closed(make_server) -> None:
    server = await make_server(idle_timeout=0.2)
    host = await create(server, "hccc", sit=1, seed=3)
    code = host.code
    await host.send({"type": "leave"})
    await host.until(lambda m: isinstance(m, p.LeftTable))
    for _ in range(300):
        if code not in server.registry.tables:
            break
        await asyncio.sleep(0.02)
    assert code not in server.registry.tables
    stored = await server.store.load(code)
    assert stored is not None and stored.closed and len(stored.rows) >= 1  # the log stays stored
    await host.send({"type": "spectate", "code": code})
    assert (await host.until(lambda m: isinstance(m, p.Error))).code == "UNKNOWN_TABLE"


async def test_healthz_counts_tables_and_connections(server) -> None:
    host = await create(server, "hccc", sit=1)
    reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
    writer.write(b"GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n")
    await writer.drain()
    head = await reader.readuntil(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 200")
    length = int(next(line.split(b":")[1] for line in head.split(b"\r\n") if line.lower().startswith(b"content-length")))
    body = json.loads(await reader.readexactly(length))
    assert body["status"] == "ok" and body["tables"] == 1 and body["connections"] == 1
    writer.close()
    await host.close()


async def test_sigterm_closes_the_server_and_its_connections(tmp_path) -> None:
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "doublenine", "serve", "--port", "0", "--db", ":memory:",
        "--bot-delay", "0", stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
        env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        url = None
        while url is None:
            line = (await asyncio.wait_for(proc.stdout.readline(), 30)).decode()
            assert line, "server exited early"
            if "serving on" in line:
                url = line.split("serving on ")[1].split()[0]
        ws = await ws_connect(url)
        await ws.send(p.encode(p.Hello(protocol_version=p.PROTOCOL_VERSION)))
        assert p.decode_server(await ws.recv()).type == "welcome"
        proc.send_signal(signal.SIGTERM)
        try:
            await asyncio.wait_for(ws.recv(), 20)
        except ConnectionClosed as exc:
            assert exc.rcvd is not None and exc.rcvd.code == 1001
        assert await asyncio.wait_for(proc.wait(), 20) == 0
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()


async def test_a_finished_match_can_start_again_with_new_match(server) -> None:
    host = await create(server, "hccc", sit=1, seed=44)
    await asyncio.wait_for(play_all([host]), 60)
    await host.send({"type": "new_match", "expected_seq": host.seq})
    await host.until(lambda m: isinstance(m, p.Update) and host.view.match == 2)
    assert host.view.scores == (0, 0) and len(host.view.past) == 1


async def test_r28_a_table_keeps_the_last_earlier_matches_in_memory_and_every_one_stored(server) -> None:
    """Issue 12: memory per table stays bounded over an evening: the match log forgets the
    events of earlier matches and keeps the last PAST_KEPT records for the ledger (what a
    snapshot carries); the store keeps everything, and a client that stayed has every match."""
    from doublenine.server.table import PAST_KEPT

    from doublenine.server.consent import NEW_MATCH_EVERY

    host = await create(server, "hccc", sit=1, seed=3)
    table = server.registry.tables[host.code]
    clock = table.new_matches.clock = _Clock()
    while table.state.match < PAST_KEPT + 6:  # seat 2's computer may draw in between: STALE
        # a new match once a play stands (NOTHING_TO_RESTART before), one each 20 s (attacker s11 F4)
        await play_all([host], stop=lambda c: table.log.match_touched())
        clock.now += NEW_MATCH_EVERY
        await host.send({"type": "new_match", "expected_seq": table.seq})
        await host.until(lambda m: isinstance(m, p.Error) or (isinstance(m, p.Update) and m.cause == "new_match"))
    assert [r.number for r in table.state.past] == list(range(6, PAST_KEPT + 6))
    while host.seq < table.seq:
        await host.next()
    assert [r.number for r in host.view.past] == list(range(1, PAST_KEPT + 6))  # past_add, one by one
    assert table.log.offset > 0 and all(e.seq >= table.log.offset for e in table.log.events)
    stored = await server.registry.store.load(str(host.code))
    assert stored is not None and len(stored.rows) == table.log.size  # nothing forgotten in the store
    await host.send({"type": "resync"})
    snap = await host.until(lambda m: isinstance(m, p.Snapshot))
    assert snap.view.match == PAST_KEPT + 6
    assert [r.number for r in snap.view.past] == list(range(6, PAST_KEPT + 6))
