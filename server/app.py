"""The websocket server: serve, ``GET /healthz`` and the web pages through ``process_request``
(every plain HTTP answer as :mod:`.edge` says), SIGTERM -> close.

:class:`GameServer` owns the store, the computer-player threads, the registry
of tables and the listening socket. ``await GameServer(config).start()`` then
``await server.stop()``; :func:`run` is the ``doublenine serve`` loop.
"""
from __future__ import annotations

import asyncio
import json
import logging
import os
import signal
import socket
from concurrent.futures import ThreadPoolExecutor
from http import HTTPStatus
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.http11 import Request, Response

from doublenine.shared.cleantext import said
from doublenine.shared.reconnect import SHUTTING_DOWN

from .addresses import in_networks, is_loopback, request_client
from .computer import Brain
from .config import ServerConfig
from .connection import handle
from .edge import SERVER_HEADER, Handshakes, edge_connection, head_of
from .gcpolicy import run_gc_policy
from .metrics import CONTENT_TYPE
from .logfmt import console_line, log_event
from .registry import Registry
from .storage.base import StoreError
from .storage.ownerfile import StoreInUse
from .web.site import WebSite

log = logging.getLogger("doublenine.server")

SHUTDOWN_WITHIN = 5.0
"""Seconds a graceful stop waits for the tables' actions under way and the release of their locks
(``Registry.shutdown``): past it (a PostgreSQL that hangs, operator s13 finding 9: a stop waited 45 s
for it) the stop goes on without them; every write not answered by then is in doubt, and what the
store holds is what the next start (or another process) loads. With the store's own close
(``postgres.CLOSE_WITHIN``) and :data:`STOP_FLUSH`, a stop takes at most about 12 s."""
STOP_FLUSH = 5.0
"""Seconds a stop waits for the connections to take their last frames before cutting them."""
STOP_CUT = 2.0
"""Seconds a stop then waits for the connections it cut to end before it closes the store anyway."""
PROBE_EVERY = 5.0
"""Seconds between two test writes while the store fails (see ``GameServer._watch_store``)."""
QUIET_PROBE_EVERY = 30.0
"""Seconds without a write that worked after which a process with no table open tests the store (a write
that changes nothing), so ``doublenine_store_ok`` turns 0 while PostgreSQL is down even where nothing
writes (operator s15 F4); one such write every 30 s per idle process costs PostgreSQL nothing."""

MAX_QUEUE = 16
"""Frames websockets keeps received but not yet read (``recv``) per connection before it stops reading
the socket (its ``max_queue``, the default; reading again at a quarter). It was 64: up to 4 MiB a
connection in 64 KiB frames, which a connection whose address group is beyond its read budget
(``readbudget``, not read meanwhile) would hold."""


def _open_store(db: str | None) -> Any:
    """The store for ``--db`` (issue 7 factory), in memory when none is named."""
    from .storage import open_store
    from .storage.base import MemoryStore

    if db is None or db == ":memory:":
        return MemoryStore()
    return open_store(db)


def dual_stack_socket(port: int) -> socket.socket | None:
    """A listening TCP socket on ``[::]:port`` that also accepts IPv4 (``IPV6_V6ONLY`` off), or None
    where the system has no IPv6 or refuses the option (then ``::`` is bound as given). asyncio binds
    ``::`` IPv6-only, so ``serve --host ::`` (its help: "to accept other machines") kept IPv4 friends
    out (attacker s9). IPv4 peers then appear as ``::ffff:a.b.c.d``, which every address rule maps back.
    Raises OSError when the port is taken."""
    if not socket.has_ipv6 or not hasattr(socket, "IPV6_V6ONLY"):
        return None
    try:
        sock = socket.socket(socket.AF_INET6, socket.SOCK_STREAM)
    except OSError:
        return None
    try:
        sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
    except OSError:
        sock.close()
        return None
    try:
        if os.name != "nt":
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("::", port))
        sock.listen(100)
        sock.setblocking(False)
    except BaseException:
        sock.close()
        raise
    return sock


class GameServer:
    """One server process: tables, connections, storage and the listening socket."""

    def __init__(self, config: ServerConfig, store: Any = None, brain: Brain | None = None) -> None:
        self.config = config
        self.store = store if store is not None else _open_store(config.db)
        self._executor = ThreadPoolExecutor(config.bot_workers, thread_name_prefix="computer")
        self.brain = brain or Brain(self._executor)
        if self.brain.executor is None:
            self.brain.executor = self._executor
        self.registry = Registry(config, self.store, self.brain)
        self.handshakes = Handshakes(config.max_handshakes_per_address, config, self._handshake_refused)
        """Handshakes under way per address group, before the upgrade (``config.max_handshakes_per_address``)."""
        self.site = WebSite(self.registry)
        """Issue 13.3: ``/``, ``/t/CODE`` and ``/static/`` for browsers (plain GETs, no Upgrade)."""
        self.server: Server | None = None
        self._gc: asyncio.Task[None] | None = None
        self.stopping = False
        self._probe: asyncio.Task[None] | None = None

    @property
    def port(self) -> int:
        """The bound port (useful with ``port=0``)."""
        assert self.server is not None
        return int(self.server.sockets[0].getsockname()[1])

    @property
    def url(self) -> str:
        """``ws://host:port/`` of this server."""
        host = self.config.host
        return f"ws://{'[' + host + ']' if ':' in host else host}:{self.port}/"

    @property
    def local_url(self) -> str:
        """How a process on this machine reaches this server (``0.0.0.0`` is no destination)."""
        host = {"": "127.0.0.1", "0.0.0.0": "127.0.0.1", "::": "::1"}.get(self.config.host, self.config.host)
        return f"ws://{'[' + host + ']' if ':' in host else host}:{self.port}/"

    def health(self) -> dict[str, Any]:
        """What ``/healthz`` reports: ``status`` "ok", "stopping" or "store_failing" (then ``store``
        says why the last write failed: a full disk, a read-only file system; issue 12 case 5), with
        the ``tables`` and ``connections`` counts and the ``version`` it runs (``doublenine --version``). A client :meth:`metrics_allowed` does not let read
        ``/metrics`` gets ``status`` alone."""
        failing = getattr(self.registry.store, "failing", None)
        if not failing and not self.registry.ownership.healthy:  # issue 12: no table can be claimed
            failing = "the PostgreSQL lock connection is down: this process can serve no table"
        status = "stopping" if self.stopping else "store_failing" if failing else "ok"
        from doublenine.cli import installed_version

        out: dict[str, Any] = {"status": status, "tables": len(self.registry.tables),
                               "connections": len(self.registry.connections),
                               "version": installed_version()}  # operator s17 F1: which code this process runs
        if failing:
            out["store"] = failing
        return out

    def metrics_allowed(self, connection: Any, request: Request) -> bool:
        """Whether ``/metrics`` is answered to this client: its address (the last ``X-Forwarded-For``
        entry with ``trust_proxy`` from a proxy :func:`.addresses.from_proxy` believes, as for every
        per-address limit, else the socket's peer) is
        loopback or in ``config.metrics_from``. Attacker finding F5: a server run with ``--host
        0.0.0.0`` (README's LAN set-up) answered it to anyone who could reach the port."""
        address = request_client(connection, request, self.config)
        return is_loopback(address) or in_networks(address, tuple(self.config.metrics_from))

    async def _process_request(self, connection: ServerConnection, request: Request) -> Response | None:
        """Plain HTTP (``GET``/``HEAD``; other methods never get here: :mod:`.edge`)."""
        return head_of(request, await self._answer(connection, request))

    async def _answer(self, connection: ServerConnection, request: Request) -> Response | None:
        path = request.path.split("?", 1)[0]
        if path == "/metrics":  # issue 7: Prometheus text
            if not self.metrics_allowed(connection, request):
                return connection.respond(HTTPStatus.FORBIDDEN, "/metrics is served to this machine only "
                                          "(doublenine serve --metrics-from NETWORK)\n")
            response = connection.respond(HTTPStatus.OK, self.registry.metrics.render().decode())
            del response.headers["Content-Type"]
            response.headers["Content-Type"] = CONTENT_TYPE
            return response
        if path != "/healthz":
            return await self.site.answer(connection, request)  # None: the websocket handshake
        health = self.health()
        status = HTTPStatus.OK if health["status"] == "ok" else HTTPStatus.SERVICE_UNAVAILABLE
        if not self.metrics_allowed(connection, request):
            # the counts and the store's error are for this machine and the networks /metrics is served
            # to (attacker s12 E1: any stranger on the LAN read how many tables a hosting player's file
            # has open, solo games included, and how many connections); the status is everyone's
            health = {"status": health["status"]}
        response = connection.respond(status, json.dumps(health) + "\n")
        del response.headers["Content-Type"]
        response.headers["Content-Type"] = "application/json"
        return response

    def _handshake_refused(self, group: str) -> None:
        """A connection closed at its accept: its address group has ``max_handshakes_per_address`` under way."""
        from .connection import note_limit

        self.registry.metrics.limits.labels(limit="handshakes").inc()
        note_limit(self.registry.limit_lines, "handshakes", group,
                   f"{self.config.max_handshakes_per_address} connections of this address are opening already",
                   code="abort")

    async def _handler(self, ws: ServerConnection) -> None:
        await handle(ws, self.registry)

    async def start(self) -> GameServer:
        """Reload the first unfinished tables from the store, listen, and reload the others in the
        background (``resuming``: s15, a start with thousands of stored tables listened ~10 s late)."""
        try:
            await self.registry.start()  # logs the codes it resumed (``resumed N tables: ...``)
        except BaseException as exc:  # a store that fails, or Ctrl-C (a cancel) while resuming
            await self._release()  # either way the store's lock file and side files go
            if isinstance(exc, OSError) and not isinstance(exc, (StoreInUse, StoreError)):
                from .storage import describe  # PostgreSQL connects here: say it is the store, not the port
                raise StoreError(f"cannot use the store {describe(self.store)}: {said(exc)}") from exc
            raise
        c = self.config
        try:
            dual = dual_stack_socket(c.port) if c.host == "::" else None
            where: dict[str, Any] = {"sock": dual} if dual is not None else {"host": c.host, "port": c.port}
            self.server = await serve(
                self._handler, **where, process_request=self._process_request,
                max_size=c.max_size, ping_interval=c.ping_interval, ping_timeout=c.ping_timeout,
                compression=None, max_queue=MAX_QUEUE, create_connection=edge_connection(self.handshakes, self.registry.reads),
                server_header=SERVER_HEADER,
            )
        except BaseException:  # a port in use: give the store (its lock file) and the workers back
            await self._release()
            raise
        advertise = getattr(self.store, "advertise", None)
        if advertise is not None:  # issue 12: a second process on this SQLite file names this one
            advertise(self.local_url)
        from doublenine.cli import installed_version

        from .storage import describe  # the store's kind and place, never a password (finding 7)

        where = describe(self.store)
        log_event(log, logging.INFO, f"serving on {self.url}", version=installed_version(),
                  store=store_kind(where), at=where, pid=os.getpid())
        loop = asyncio.get_running_loop()
        self._gc = loop.create_task(run_gc_policy())  # issue 7: no GC stalls
        self._probe = loop.create_task(self._watch_store())
        return self

    async def _release(self) -> None:
        """A start that could not listen holds nothing: the resumed tables' computers stop, the
        store closes (another server in this process may open the file: the host's window falls
        back to a local table when its hosting port is taken), the workers end."""
        self.stopping = self.registry.stopping = True
        await self.registry.shutdown()
        await self.store.close()
        self._executor.shutdown(wait=False, cancel_futures=True)
        getattr(self.brain, "close", lambda: None)()

    async def _watch_store(self) -> None:
        """While the store fails, try a harmless write every ``PROBE_EVERY`` s, so /healthz turns
        ok again once the disk has room, even when nobody plays (nginx sends nobody meanwhile).
        With no table open, test it too once no write has worked for :data:`QUIET_PROBE_EVERY` s:
        operator s15 F4, a process holding no table (restarted after a kill, or every table taken by
        the others) said ``doublenine_store_ok 1`` through a 30 s PostgreSQL outage, because the probe
        ran only once a write had failed and it wrote nothing. Kind: health read from the absence of
        writes; a process with tables open writes (and fails) with their moves, and its lock connection
        reports PostgreSQL on its own (``doublenine_table_locks_ok``). And every ``PROBE_EVERY`` s, that
        every table served here is locked by this process (``Registry.check_locks``: one served without
        its lock is dropped, operator s15 F1)."""
        while True:
            await asyncio.sleep(PROBE_EVERY)
            store = self.registry.store
            if self.stopping:
                continue
            if getattr(store, "failing", None):
                await self.registry.probe_store()
            elif not self.registry.tables and getattr(store, "probe", None) is not None \
                    and getattr(store, "seconds_since_success", lambda: 0.0)() >= QUIET_PROBE_EVERY:
                await self.registry.probe_store()
            await self.registry.check_locks()

    async def stop(self, code: int = SHUTTING_DOWN, reason: str = "server shutting down, reconnect",
                   flush: float = STOP_FLUSH) -> None:
        """Graceful stop, in the order that loses nothing and leaves nobody unanswered (issue 12
        case 6): /healthz turns 503 and every frame from now on is refused ``SHUTTING_DOWN``
        (nothing done); the actions under way finish, stored and their frames queued, and the
        computers stop; every connection is sent what is queued, then closed with ``code``
        (1001: reconnect later and rejoin; 4010 from a host's window: the game is over); the
        store is flushed and closed. Logs ``stopping`` first and ``stopped`` last.

        Never longer than ``flush`` s (:data:`STOP_FLUSH`) plus :data:`STOP_CUT` s whatever the peers
        do: a connection that has not taken its close within ``flush`` s (a stalled link: its frames
        wait in a full pipe) is cut, and the store is closed in any case, its lock file going with it.
        s13 netplayer F7: a host leaving while a friend's link stalled waited on that link for
        minutes; the window's 10 s wait then gave up with the store still open, whose lock named the
        window's own process, and the next "Host for friends" was refused. Kind: a teardown that waits
        on a peer."""
        if self.stopping:
            return
        log_event(log, logging.INFO, "stopping", tables=len(self.registry.tables),
                  connections=len(self.registry.connections), code=code)
        self.stopping = self.registry.stopping = True
        for task in (self._gc, self._probe):
            if task is not None:
                task.cancel()
        try:
            async with asyncio.timeout(SHUTDOWN_WITHIN):
                await self.registry.shutdown()
        except TimeoutError:  # a store that hangs: nothing more is written; the store holds the truth
            log_event(log, logging.WARNING, "stop did not wait for the store", waited=SHUTDOWN_WITHIN,
                      tables=len(self.registry.tables), gives_up="actions waiting on the store and the "
                      "release of table locks (PostgreSQL drops them with the connection)",
                      in_doubt="settled at the next start: it loads what the store holds")
            try:
                await asyncio.wait_for(self.registry.ownership.close(), 1.0)
            except Exception:  # noqa: BLE001 - the database does not answer: drop the lock connection
                getattr(self.registry.ownership, "abort", lambda: None)()
        for conn in list(self.registry.connections):
            conn.close(code, reason)  # after the frames already queued: every answer goes out
        loop = asyncio.get_running_loop()
        deadline = loop.time() + flush
        while self.registry.connections and loop.time() < deadline:
            await asyncio.sleep(0.02)
        for conn in list(self.registry.connections):  # still there: a link that takes nothing, cut
            conn.cut()
        try:
            if self.server is not None:
                self.server.close(code=code, reason=reason)
                try:
                    await asyncio.wait_for(self.server.wait_closed(), STOP_CUT)
                except TimeoutError:
                    log_event(log, logging.WARNING, "stop did not wait for every connection", seconds=STOP_CUT)
        finally:
            await self.store.close()
        self._executor.shutdown(wait=False, cancel_futures=True)
        getattr(self.brain, "close", lambda: None)()  # a stand-in brain (tests) may have no coach worker
        log_event(log, logging.INFO, "stopped", tables=len(self.registry.tables))


def store_kind(where: str) -> str:
    """``postgresql``, ``memory`` or ``sqlite`` for a store described as ``where`` (``storage.describe``)."""
    if where.lower().startswith(("postgresql://", "postgres://")):  # schemes are case-insensitive
        return "postgresql"
    return "memory" if where == "memory" else "sqlite"


SIGNAL_SAYS = {
    "SIGTERM": (logging.INFO, "stopping gracefully"),
    "SIGINT": (logging.INFO, "stopping gracefully (Ctrl-C)"),
    "SIGHUP": (logging.WARNING, "stopping gracefully: the terminal or session that started serve closed, or "
                                "kill -HUP (serve has nothing to reload; under systemd or a container it is "
                                "started again)"),
}
"""What ``serve`` does on each signal it handles, and the level it says it at (operator s11: SIGHUP, a
closed ssh or tmux session, killed serve at once with no line, its clients dropped mid-frame). Operator s17
F4: SIGHUP's line said serve "keeps serving under systemd", which stops and restarts it (a reconnect for every
player): what happens is said first, then why. Kind: a log line whose words read as the opposite of its effect."""
IGNORED_SAYS = {"SIGHUP": "SIGHUP is ignored (nohup): kill -HUP does nothing; SIGTERM stops serve gracefully",
                "SIGINT": "SIGINT is ignored: Ctrl-C does nothing; SIGTERM stops serve gracefully"}
"""Said once at the start (INFO) for each signal ignored when serve started: an operator whose habit is
``kill -HUP`` to reopen logs got no word either way (operator s17 F4)."""


async def run(config: ServerConfig, announce: bool = False) -> int:
    """Serve until SIGTERM, SIGINT or SIGHUP (each unless ignored when serve started, as ``nohup``
    ignores SIGHUP), then stop gracefully, the signal and what it does logged first
    (:data:`SIGNAL_SAYS`); ``announce``: list the tables on the LAN (issue 8)."""
    server = await GameServer(config).start()  # a Ctrl-C meanwhile: asyncio.run cancels, start() lets go
    announcing = None
    try:  # a Ctrl-C before our handlers are in place is a cancel: stop all the same, then KeyboardInterrupt
        if announce:
            from .announce import announce_server
            announcing = announce_server(server)
        done = asyncio.Event()
        loop = asyncio.get_running_loop()
        # SIGINT or SIGHUP ignored at start (`nohup doublenine serve &` from a script) is the operator's
        # choice: kept while serving as during the start (asyncio's handler would replace it); SIGTERM stops it
        names = ["SIGTERM"] + [name for name in ("SIGINT", "SIGHUP") if hasattr(signal, name)
                               and signal.getsignal(getattr(signal, name)) is not signal.SIG_IGN]
        for name in ("SIGHUP", "SIGINT"):
            if hasattr(signal, name) and name not in names:
                log.info(IGNORED_SAYS[name])

        def received(name: str) -> None:
            if not done.is_set():
                level, what = SIGNAL_SAYS[name]
                log_event(log, level, f"{name} received", does=what)
            done.set()

        for name in names:
            try:
                loop.add_signal_handler(getattr(signal, name), received, name)
            except (NotImplementedError, RuntimeError):  # not on this platform
                pass
        healthz = f"http://{config.host}:{server.port}/healthz"
        print(console_line(f"doublenine: serving on {server.url}  (healthz: {healthz})", f"serving on {server.url}",
                           url=server.url, healthz=healthz), flush=True)
        await done.wait()
    finally:
        if announcing is not None:  # withdraw from the LAN before closing (mDNS goodbye)
            from .announce import stop_announcing
            await stop_announcing(announcing)
        await server.stop()
    return 0
