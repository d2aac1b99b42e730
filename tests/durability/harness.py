"""A real ``doublenine serve`` subprocess and four seat clients driven one decision at a time.

Used by the restart tests (issue 7 "Must show"). Loopback only; the server listens
on port 0 and prints its URL, which is read back from its stdout.
"""
from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

from doublenine.server.netbot import TableClient
from doublenine.server.storage import open_store
from doublenine.shared import protocol as p
from doublenine.shared.codec import decode_rows
from doublenine.shared.events import Decided
from doublenine.shared.moves import Decision, Review
from doublenine.shared.state import Phase

URL = re.compile(r"serving on (ws://\S+)")


class ServerProcess:
    """``doublenine serve --db FILE`` on 127.0.0.1, port 0."""

    def __init__(self, db: Path, log: Path) -> None:
        self.log = open(log, "ab")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "doublenine", "serve", "--host", "127.0.0.1", "--port", "0",
             "--db", str(db), "--bot-delay", "0", "--rate", "10000", "--burst", "10000"],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=self.log,
        )
        self.url = ""

    async def ready(self, timeout: float = 60) -> str:
        assert self.proc.stdout is not None
        line = await asyncio.wait_for(asyncio.to_thread(self.proc.stdout.readline), timeout)
        found = URL.search(line.decode())
        assert found, f"server said {line!r}"
        self.url = found.group(1)
        return self.url

    async def signal(self, sig: int) -> int:
        """Send ``sig`` and wait for the process to end; returns its exit code."""
        os.kill(self.proc.pid, sig)
        code = await asyncio.wait_for(asyncio.to_thread(self.proc.wait), 60)
        self.log.close()
        return code

    def kill_quietly(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        self.log.close()


class Driver:
    """Four seat clients; one decision at a time, each answered before the next is chosen."""

    def __init__(self) -> None:
        self.clients: list[TableClient] = []
        self.tokens: list[str] = []
        self.code = ""
        self.acknowledged: list[Decision] = []
        """Every decision the server acknowledged, in order (the expected log)."""
        self.in_flight: tuple[int, Decision, p.Model] | None = None

    async def open(self, url: str, seed: int) -> None:
        host = await TableClient.connect(url)
        await host.attach({"type": "create_table", "seats": [{"kind": "human"}] * 4, "sit": 1, "seed": seed})
        self.clients = [host] + [await (await TableClient.connect(url)).attach(
            {"type": "join", "code": host.code, "seat": s}) for s in (2, 3, 4)]
        self.code = str(host.code)
        self.tokens = [str(c.token) for c in self.clients]

    async def rejoin(self, url: str) -> list[int]:
        """Reconnect every seat with its token; returns each seat's snapshot seq."""
        self.clients = [await (await TableClient.connect(url)).attach(
            {"type": "rejoin", "code": self.code, "token": t}) for t in self.tokens]
        return [c.seq for c in self.clients]

    def phase(self) -> Phase:
        view = self.clients[0].view
        assert view is not None
        return view.phase

    def next_decision(self) -> tuple[int, Decision] | None:
        latest = max(c.seq for c in self.clients)
        for i, c in enumerate(self.clients):
            options = c.my_decisions() if c.seq == latest else ()
            if options:
                accepts = [d for d in options if isinstance(d, Review) and not d.demand_redeal]
                return i, (accepts or list(options))[0]
        return None

    async def send(self) -> bool:
        """Send the next decision without waiting; False when nobody has one."""
        nxt = self.next_decision()
        for _ in range(20):  # frames not read yet (a table update, a seat catching up)
            if nxt is not None:
                break
            await self.drain()
            nxt = self.next_decision()
        if nxt is None:
            return False
        i, decision = nxt
        from doublenine.shared.convert import intent_for

        intent = intent_for(decision, self.clients[i].seq, f"k{len(self.acknowledged)}")
        self.in_flight = (i, decision, intent)
        await self.clients[i].send(intent)
        return True

    async def drain(self) -> None:
        """Apply whatever frames have arrived (waiting briefly for each seat)."""
        for c in self.clients:
            try:
                while True:
                    await c.next(0.05)
            except (asyncio.TimeoutError, TimeoutError):
                pass

    async def settle(self) -> None:
        """Wait for the answer to the decision in flight, and for every seat to catch up."""
        assert self.in_flight is not None
        i, decision, intent = self.in_flight
        c = self.clients[i]
        before = intent.expected_seq
        msg = await c.until(lambda m: isinstance(m, (p.Update, p.Error)))
        assert not isinstance(msg, p.Error), msg
        assert isinstance(decision, Review) or c.seq == before + 1
        self.acknowledged.append(decision)
        self.in_flight = None
        await asyncio.gather(*(self._catch_up(o, c.seq) for o in self.clients))

    @staticmethod
    async def _catch_up(client: TableClient, seq: int) -> None:
        while client.seq < seq:
            await client.next(10)

    async def resend_in_flight(self) -> None:
        """After a restart: send the very same intent again, as a client that got no answer does."""
        assert self.in_flight is not None
        i, decision, intent = self.in_flight
        c = self.clients[i]
        if c.seq > intent.expected_seq or (isinstance(decision, Review) and not c.my_decisions()):
            self.acknowledged.append(decision)  # it was stored before the kill: the snapshot shows it
            self.in_flight = None
            await c.send(intent)
            msg = await c.until(lambda m: isinstance(m, p.Error))
            assert msg.code in ("STALE", "DUPLICATE", "ALREADY_ANSWERED"), msg  # refused, not repeated
            return
        await c.send(intent)
        await self.settle()

    async def step(self) -> bool:
        if not await self.send():
            return False
        await self.settle()
        return True

    async def close(self) -> None:
        for c in self.clients:
            await c.close()


async def stored_decisions(db: Path, code: str) -> tuple[list[Decision], bool]:
    """The decisions in the table's stored log, in order, and whether the match is over."""
    from doublenine.shared.events import replay

    store = open_store(str(db))
    table = await store.load(code)
    await store.close()
    assert table is not None
    events = decode_rows(table.rows)
    seqs = [e.seq for e in events]
    assert seqs == list(range(len(seqs))), "the stored log has a gap or a repeat"
    decisions = [e.body.decision for e in events if isinstance(e.body, Decided)]
    return decisions, replay(events).phase is Phase.MATCH_OVER
