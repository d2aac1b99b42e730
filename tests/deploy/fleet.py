"""Several real ``doublenine serve`` processes and many network players, for issue 12's test and
bench/multiproc.py: processes on one PostgreSQL behind the shipped nginx config.

:func:`fleet` is the three-process deployment every such test starts the same way (a wiped
database, three ``serve``, nginx in front; everything stopped on the way out); the PostgreSQL
they share is the ``pg`` fixture (tests/deploy/conftest.py).
:class:`Serve` is one server process (killed, stopped and restarted at will, same port).
:class:`Player` is one seat's client: it connects through nginx at ``/t/CODE`` from its
own loopback address (each table's players get one address, as real players have
theirs, so the per-address limits stay the shipped ones), plays random legal decisions
after a think time, and on any loss reconnects with backoff and ``rejoin``s with its
seat token, retrying ``TABLE_MOVING`` and close 4003 (docs/protocol.md). It records
what a test checks: which of its plays it saw acknowledged, the close codes it got, and
per table the moment each new seq first arrived.
"""
from __future__ import annotations

import asyncio
import os
import random
import re
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.exceptions import ConnectionClosed, InvalidStatus

from doublenine.server.netbot import ServerRefused, TableClient
from doublenine.server.storage.postgres import PostgresStore
from doublenine.shared import protocol as p
from doublenine.shared.state import Phase
from doublenine.shared.views import SeatView

from .nginxrun import Nginx, client_tls, free_port, prepare

URL = re.compile(r"serving on (ws://\S+)")
IN_CI = bool(os.environ.get("CI"))
"""CI (.ci/run) installs nginx and starts PostgreSQL: there the fleet tests must run, never skip."""


@dataclass
class Fleet:
    """Three ``serve`` processes on one PostgreSQL behind nginx, all running."""

    servers: list[Serve]
    ports: list[int]
    """Each process's own port (``ws://127.0.0.1:PORT/``), in the order of :attr:`servers`."""
    https: int
    """nginx's TLS port (``wss://127.0.0.1:HTTPS/``)."""
    nginx_dir: Path
    """nginx's folder (its ``error.log``, ``access.log``)."""


@asynccontextmanager
async def fleet(tmp_path: Path, pg: str, extra: tuple[str, ...] = (), processes: int = 3,
                patient: bool = False) -> AsyncIterator[Fleet]:
    """Wipe the database ``pg``, start ``processes`` ``serve`` on it (each with ``extra`` flags,
    logs in ``tmp_path``; ``patient``: see :data:`PATIENT`) and nginx with the shipped
    doublenine.conf in front; on the way out stop them all, whatever happened (processes a test
    killed or stopped included)."""
    wipe = PostgresStore(pg)
    await wipe.drop_all()
    await wipe.close()
    ports = [free_port() for _ in range(processes)]
    servers = [Serve(port, pg, tmp_path / f"serve-{port}.log", extra=extra, patient=patient) for port in ports]
    nginx_dir = tmp_path / "nginx"
    nginx_dir.mkdir()
    conf, https, _ = prepare(nginx_dir, "doublenine.conf", ports)
    proxy: Nginx | None = None
    try:
        for s in servers:
            s.start()
        proxy = Nginx(nginx_dir, conf, https)
        yield Fleet(servers, ports, https, nginx_dir)
    finally:
        for s in servers:
            s.stop_quietly()
        if proxy is not None:
            proxy.stop()


PATIENT = ("import runpy, sys\n"
           "import doublenine.server.addresses as addresses\n"
           "addresses.SHARED_WAIT = 60.0\n"
           "import doublenine.server.web.site as site, doublenine.server.web.listing as listing\n"
           "site.PAGE_WAIT = listing.LISTING_WAIT = 60.0\n"
           "sys.argv[0] = 'doublenine'\n"
           "runpy.run_module('doublenine', run_name='__main__')")
"""``python -c`` program that runs ``doublenine`` with the store waited for 60 s, not SHARED_WAIT's
1 s (shared buckets) and PAGE_WAIT's and LISTING_WAIT's 2 s, for tests of what the shared buckets
count whose store never hangs: on a loaded machine 60 lookups at once took PostgreSQL over 1 s, each
process then counted in its own bucket, and test_miss_fleet counted 33 misses through for a burst of
20 (a run of the suite at load 17-20); past 2 s a page was a 503, not its 404 or 429."""


class Serve:
    """``doublenine serve`` on 127.0.0.1:``port`` with ``db``, behind nginx (``--trust-proxy``);
    ``patient``: run through :data:`PATIENT`."""

    def __init__(self, port: int, db: str, log: Path, bot_delay: float = 0.0, extra: tuple[str, ...] = (),
                 patient: bool = False) -> None:
        self.port, self.db, self.log_path, self.bot_delay, self.extra = port, db, log, bot_delay, extra
        self.program = ["-c", PATIENT] if patient else ["-m", "doublenine"]
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        """Start and wait (at most 60 s) until it listens."""
        with open(self.log_path, "ab") as log:
            self.proc = subprocess.Popen(
                [sys.executable, *self.program, "serve", "--host", "127.0.0.1", "--port", str(self.port),
                 "--db", self.db, "--bot-delay", str(self.bot_delay), "--trust-proxy", "--log-level", "INFO", *self.extra],
                stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=log,
            )
        assert self.proc.stdout is not None
        deadline = time.monotonic() + 60
        line = b""
        while time.monotonic() < deadline and self.proc.poll() is None:
            line = self.proc.stdout.readline()
            if URL.search(line.decode(errors="replace")):
                return
        raise RuntimeError(f"serve on port {self.port} did not start: {line!r}; see {self.log_path}")

    def kill(self) -> None:
        """``kill -9``."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(timeout=30)

    def terminate(self) -> int:
        """SIGTERM (graceful stop); returns the exit code (waits at most 60 s)."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGTERM)
        return self.proc.wait(timeout=60)

    def stop_quietly(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=30)


@dataclass
class TableWatch:
    """What the players of one table saw, together."""

    code: str
    address: str
    max_seq: int = -1
    new_seq_at: list[tuple[float, float]] = field(default_factory=list)
    """(monotonic time, when the connection that brought it opened) each time a seq was first
    seen by any player of the table."""

    def saw(self, seq: int, opened: float) -> None:
        if seq > self.max_seq:
            self.max_seq = seq
            self.new_seq_at.append((time.monotonic(), opened))

    def first_new_after(self, moment: float) -> float | None:
        """Seconds from ``moment`` to the first new seq brought by a connection opened after it
        (a frame already on its way before ``moment`` is not a move accepted after it); None: none yet."""
        later = [t for t, opened in self.new_seq_at if t > moment and opened > moment]
        return later[0] - moment if later else None


@dataclass
class Player:
    """One seat of one table, played over the network through nginx (see the module doc)."""

    base: str
    """``wss://127.0.0.1:PORT`` of nginx."""
    watch: TableWatch
    seat: int
    token: str
    think: float
    rng: random.Random
    acked: list[tuple[str, int]] = field(default_factory=list)
    """(intent id, seq) of each play or pass this player saw applied."""
    closes: list[tuple[float, int | None]] = field(default_factory=list)
    """(monotonic time, close code or None for a dropped connection) of every lost connection."""
    errors: list[str] = field(default_factory=list)
    """Error codes for this player's own intents other than the expected races."""
    moving: int = 0
    """TABLE_MOVING refusals retried."""
    final: Any = None
    done: bool = False

    async def connect(self) -> TableClient:
        return await TableClient.connect(f"{self.base}/t/{self.watch.code}", ssl=client_tls(),
                                         local_addr=(self.watch.address, 0), open_timeout=10)

    async def run(self, deadline: float) -> None:
        """Play until the match is over or ``deadline`` (monotonic) passes."""
        backoff = 0.05
        while not self.done and time.monotonic() < deadline:
            client: TableClient | None = None
            try:
                opened = time.monotonic()
                client = await self.connect()
                client.keep_frames = False
                await client.attach({"type": "rejoin", "code": self.watch.code, "token": self.token})
                backoff = 0.05
                await self._play(client, deadline, opened)
            except ServerRefused as exc:
                if exc.error.code != "TABLE_MOVING":
                    raise
                self.moving += 1
            except ConnectionClosed as exc:
                self.closes.append((time.monotonic(), exc.rcvd.code if exc.rcvd is not None else None))
                if exc.rcvd is not None and exc.rcvd.code == 4003:
                    backoff = 0.0  # moved: the new owner is ready, go at once
            except (OSError, asyncio.TimeoutError, InvalidStatus) as exc:
                self.closes.append((time.monotonic(), None))
                del exc
            finally:
                if client is not None:
                    await client.ws.close()
            if not self.done:
                await asyncio.sleep(backoff)
                backoff = min(1.0, max(0.05, backoff * 2))

    async def _play(self, client: TableClient, deadline: float, opened: float) -> None:
        pending: tuple[str, int, bool] | None = None
        self.watch.saw(client.seq, opened)
        while time.monotonic() < deadline:
            view = client.view
            if view is not None and view.phase is Phase.MATCH_OVER:
                self.final, self.done = view, True
                return
            if pending is None:
                options = client.my_decisions()
                if options:
                    await asyncio.sleep(self.think * self.rng.uniform(0.5, 1.5))
                    assert isinstance(client.view, SeatView)
                    playing = client.view.phase is Phase.PLAY
                    iid = await client.intent(self.rng.choice(options))
                    pending = (iid, client.seq, playing)
            msg = await client.next(timeout=60)
            if isinstance(msg, p.Update):
                self.watch.saw(msg.seq, opened)
                if pending is not None and msg.seq == pending[1] + 1 and pending[2]:
                    self.acked.append((pending[0], msg.seq))  # PLAY: only the seat to act moves
                pending = None
            elif isinstance(msg, p.Snapshot):
                pending = None
            elif isinstance(msg, p.Error) and pending is not None and msg.intent_id == pending[0]:
                if msg.code not in ("STALE", "NOT_YOUR_TURN", "WRONG_PHASE", "TABLE_MOVING", "SHUTTING_DOWN"):
                    self.errors.append(str(msg.code))
                pending = None


async def create_table(base: str, address: str, seed: int) -> tuple[str, str]:
    """Create a four-person table through nginx (``/``), sitting at seat 1; (code, token)."""
    client = await TableClient.connect(f"{base}/", ssl=client_tls(), local_addr=(address, 0), open_timeout=10)
    try:
        await client.attach({"type": "create_table", "sit": 1, "seed": seed, "name": "P1",
                             "seats": [{"kind": "human"}] * 4})
        return str(client.code), str(client.token)
    finally:
        await client.close()


async def join_seat(base: str, address: str, code: str, seat: int) -> str:
    """Take ``seat`` at ``code`` through nginx (``/t/CODE``), retrying TABLE_MOVING; the token."""
    for _ in range(40):
        client = await TableClient.connect(f"{base}/t/{code}", ssl=client_tls(), local_addr=(address, 0),
                                           open_timeout=10)
        try:
            await client.attach({"type": "join", "code": code, "seat": seat, "name": f"P{seat}"})
            return str(client.token)
        except ServerRefused as exc:
            if exc.error.code != "TABLE_MOVING":
                raise
            await asyncio.sleep(0.2)
        except ConnectionClosed:
            await asyncio.sleep(0.05)  # the creator's process handed the table over (4003)
        finally:
            await client.close()
    raise RuntimeError(f"could not join {code} seat {seat}")
