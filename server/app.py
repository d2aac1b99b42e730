"""The websocket server: serve, ``GET /healthz`` through ``process_request``, SIGTERM -> close.

:class:`GameServer` owns the store, the computer-player threads, the registry
of tables and the listening socket. ``await GameServer(config).start()`` then
``await server.stop()``; :func:`run` is the ``doublenine serve`` loop.
"""
from __future__ import annotations

import asyncio
import json
import logging
import signal
from concurrent.futures import ThreadPoolExecutor
from http import HTTPStatus
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.http11 import Request, Response

from doublenine.shared.reconnect import SHUTTING_DOWN

from .computer import Brain
from .config import ServerConfig
from .connection import handle
from .gcpolicy import run_gc_policy
from .metrics import CONTENT_TYPE
from .registry import Registry

log = logging.getLogger("doublenine.server")


def _open_store(db: str | None) -> Any:
    """The store for ``--db`` (issue 7 factory), in memory when none is named."""
    from .storage import open_store
    from .storage.base import MemoryStore

    if db is None or db == ":memory:":
        return MemoryStore()
    return open_store(db)


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
        self.server: Server | None = None
        self._gc: asyncio.Task[None] | None = None
        self.stopping = False

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
        """What ``/healthz`` reports."""
        return {"status": "stopping" if self.stopping else "ok",
                "tables": len(self.registry.tables), "connections": len(self.registry.connections)}

    def _process_request(self, connection: ServerConnection, request: Request) -> Response | None:
        path = request.path.split("?", 1)[0]
        if path == "/metrics":  # issue 7: Prometheus text
            response = connection.respond(HTTPStatus.OK, self.registry.metrics.render().decode())
            del response.headers["Content-Type"]
            response.headers["Content-Type"] = CONTENT_TYPE
            return response
        if path != "/healthz":
            return None
        status = HTTPStatus.SERVICE_UNAVAILABLE if self.stopping else HTTPStatus.OK
        response = connection.respond(status, json.dumps(self.health()) + "\n")
        del response.headers["Content-Type"]
        response.headers["Content-Type"] = "application/json"
        return response

    async def _handler(self, ws: ServerConnection) -> None:
        await handle(ws, self.registry)

    async def start(self) -> GameServer:
        """Reload unfinished tables from the store, then listen."""
        resumed = await self.registry.start()
        if resumed:
            log.info("resumed %d tables", resumed)
        c = self.config
        self.server = await serve(
            self._handler, c.host, c.port, process_request=self._process_request,
            max_size=c.max_size, ping_interval=c.ping_interval, ping_timeout=c.ping_timeout,
            compression=None, max_queue=64,
        )
        advertise = getattr(self.store, "advertise", None)
        if advertise is not None:  # issue 12: a second process on this SQLite file names this one
            advertise(self.local_url)
        log.info("serving on %s", self.url)
        self._gc = asyncio.get_running_loop().create_task(run_gc_policy())  # issue 7: no GC stalls
        return self

    async def stop(self, code: int = SHUTTING_DOWN, reason: str = "server shutting down, reconnect") -> None:
        """Graceful stop: /healthz turns 503, every table finishes the action under way and its
        computers stop, every connection is closed with ``code`` (1001: reconnect later and
        rejoin; 4010 from a host's window: the game is over), the store is closed."""
        self.stopping = True
        if self._gc is not None:
            self._gc.cancel()
        await self.registry.shutdown()
        if self.server is not None:
            self.server.close(code=code, reason=reason)
            await self.server.wait_closed()
        await self.store.close()
        self._executor.shutdown(wait=False, cancel_futures=True)


async def run(config: ServerConfig, announce: bool = False) -> int:
    """Serve until SIGTERM or SIGINT, then stop gracefully; ``announce``: list the tables on the LAN (issue 8)."""
    server = await GameServer(config).start()
    announcing = None
    if announce:
        from .announce import announce_server
        announcing = announce_server(server)
    done = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        try:
            loop.add_signal_handler(sig, done.set)
        except (NotImplementedError, RuntimeError):  # not on this platform
            pass
    print(f"doublenine: serving on {server.url}  (healthz: http://{config.host}:{server.port}/healthz)",
          flush=True)
    await done.wait()
    if announcing is not None:  # withdraw from the LAN before closing (mDNS goodbye)
        from .announce import stop_announcing
        await stop_announcing(announcing)
    await server.stop()
    return 0
