"""The server inside the client: ``doublenine play`` without ``--server`` (issue 5 item 1).

:class:`EmbeddedServer` runs the real :class:`~doublenine.server.app.GameServer`
on 127.0.0.1 at a free port, in a background thread with its own asyncio loop,
storing matches in a SQLite file in the user's data folder (platformdirs), so
an interrupted match is resumed by the next start. DESIGN: this is the only
place the client imports the server package.
"""
from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path
from typing import Any


class AlreadyRunning(RuntimeError):
    """Another doublenine on this machine already serves this SQLite file (issue 12 case 0: one
    server process per file): ``url`` is where it listens, so this window joins that game."""

    def __init__(self, url: str) -> None:
        super().__init__(f"a doublenine server already uses this game file, at {url}")
        self.url = url


MAX_SPECTATORS: int | None = None
"""Spectators one table of a server this process runs may have (``play --max-spectators``; None: the server's
default, ``ServerConfig.max_spectators``, 32). Stream s16 F2: a streamer hosting from the window had no way
to let a 33rd viewer watch, and the invite card did not say the limit (it does: :attr:`EmbeddedServer.max_spectators`)."""


def default_db() -> str:
    """The one default store, the same as ``doublenine serve``'s (server.storage.default_store).

    ``$DOUBLENINE_DB`` as written (checked like ``serve --db``: a file in a folder that does not
    exist raises ``StoreError``, an ``OSError``, with a sentence saying so), else
    ``doublenine.sqlite3`` in the user's data folder (created if missing); an older window's
    ``doublenine.sqlite`` is adopted there so no match is lost.
    """
    from doublenine.server.storage import default_store
    return default_store()


HOST_FLUSH = 1.0
"""Seconds a window's server, stopping, lets the connections take their last frames (the 4010 that says
the host ended the game) before it cuts them: a friend's stalled link never holds the window up (s13
netplayer F7); a friend who missed the close learns the end when its reconnects find nobody there."""

_HOLDERS: dict[str, EmbeddedServer] = {}
"""The running embedded server of each SQLite file in this process (one server per file, issue 12)."""


class EmbeddedServer:
    """A game server on loopback port 0, started and stopped from the UI thread.

    ``take_over``: starting on a file that another embedded server of this process serves stops
    that one first (its tables stay stored): "Host for friends" after a local game serves the same
    file to the LAN. Without it, a second server on the file is refused (:class:`AlreadyRunning`).
    """

    def __init__(self, db: str | None = None, bot_delay: float | None = None, *,
                 host: str = "127.0.0.1", port: int = 0, announce: bool | str = False,
                 take_over: bool = False) -> None:
        self.db = db
        self.take_over = take_over
        self.bot_delay = bot_delay
        self.host = host
        """Listening address: loopback for local play; every address (``::`` or "0.0.0.0") when hosting for others (issue 8)."""
        self.port = port
        self.announce = announce
        """Announce the tables on the LAN with mDNS (issue 8); a string is the host name shown."""
        self._announcing: Any = None
        self.offered: set[str] = set()
        """Stored tables re-opened to friends (:meth:`offer`); with the tables made since the start,
        the only ones announced (a never-hosted solo table is nobody else's: new user, f-a.png)."""
        self._since = 0.0
        self.announce_status = "starting" if announce else "off"
        """``off``, ``starting``, ``announced`` or ``failed`` (issue 16.5: the invite card says which)."""
        self.announce_failure = ""
        """Why announcing failed (English, for the log and the card's reason), else ""."""
        self.url = ""
        self._loop: asyncio.AbstractEventLoop | None = None
        self._server: Any = None
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="doublenine-server", daemon=True)

    def start(self, timeout: float = 20.0) -> str:
        """Start serving; returns the ``ws://127.0.0.1:PORT/`` URL. Raises RuntimeError on failure."""
        from doublenine.server.storage.ownerfile import StoreInUse

        other = _HOLDERS.get(str(self.db)) if self.take_over and self.db not in (None, ":memory:") else None
        if other is not None and other is not self:
            other.stop()
        self._thread.start()
        try:
            ready = self._ready.wait(timeout)
        except BaseException:  # Ctrl-C while the server starts: stop what its thread goes on starting
            self._abandon(timeout)
            raise
        if not ready:
            self._abandon(timeout)
            raise RuntimeError(f"the embedded server did not start within {timeout:g} s")
        if self._error is not None:
            if isinstance(self._error, StoreInUse) and self._error.url:
                raise AlreadyRunning(self._error.url) from self._error
            raise RuntimeError(f"the embedded server did not start: {self._error!r}") from self._error
        if self.db not in (None, ":memory:"):
            _HOLDERS[str(self.db)] = self
        return self.url

    def _abandon(self, timeout: float) -> None:
        """A start given up on (Ctrl-C, too slow): wait for the thread's start to end, at most
        ``timeout`` s more, and stop the server it made, so the game file's lock file and SQLite
        side files go, as after any stop (the thread is a daemon: the process may end without it)."""
        if self._ready.wait(timeout) and self._error is None:
            self.stop(timeout)

    @property
    def max_spectators(self) -> int | None:
        """Spectators one table of this server may have once it runs (``ServerConfig.max_spectators``), else None."""
        return self._server.config.max_spectators if self._server is not None else None

    @property
    def running(self) -> bool:
        """Started and not stopped: its URL still answers."""
        return self._server is not None and self._loop is not None and not self._loop.is_closed() \
            and self._thread.is_alive()

    def _run(self) -> None:
        from doublenine.server.app import GameServer
        from doublenine.server.config import ServerConfig

        from doublenine.server.logfmt import window_logging

        window_logging()  # the server's warnings said whole, never the bare event (attacker s12 A5)
        loop = asyncio.new_event_loop()
        self._loop = loop
        asyncio.set_event_loop(loop)
        # the player's own window (loopback) is not held to the public limit of tables per address;
        # friends and strangers on the LAN are (new user: the 9th Create was refused on their own computer)
        # one seat per address before the start: on the LAN every friend's device has its own address, and a
        # stranger who joined twice took every seat kept for the friends (attacker s12 round 2 N2)
        kwargs: dict[str, Any] = {"host": self.host, "port": self.port, "db": self.db, "own_player_unlimited": True,
                                  "one_seat_per_address": True, "lan_per_address": True}
        if self.bot_delay is not None:
            kwargs["bot_delay"] = self.bot_delay
        if MAX_SPECTATORS is not None:
            kwargs["max_spectators"] = MAX_SPECTATORS
        try:
            self._since = time.time()  # tables made from now on (TableMeta.created_at) are open to friends
            self._server = loop.run_until_complete(GameServer(ServerConfig(**kwargs)).start())
            self.url = self._server.url
            if self.announce:
                from doublenine.server.announce import announce_server
                name = self.announce if isinstance(self.announce, str) else None
                self._announcing = loop.run_until_complete(
                    _in_loop(announce_server, self._server, name, 1.0, self._announce_status, self.open_to_friends))
        except BaseException as exc:  # noqa: BLE001 - reported to start() in the UI thread
            self._error = exc
            self._ready.set()
            loop.close()
            return
        self._ready.set()
        try:
            loop.run_forever()
        finally:
            loop.close()

    def offer(self, code: str) -> None:
        """Announce stored table ``code`` too (the hosted table served again: :func:`host_again`)."""
        self.offered.add(code)

    def open_to_friends(self, table: Any) -> bool:
        """Whether ``table`` (a server Table) is announced: made since this server started, or offered."""
        return table.code in self.offered or table.meta.created_at >= self._since

    def _announce_status(self, status: str, failure: str) -> None:
        """From the server thread: plain attribute writes, read by the UI thread on its next frame."""
        self.announce_failure = failure
        self.announce_status = status

    def stop(self, timeout: float = 10.0) -> None:
        """Stop the server gracefully and end its thread."""
        if _HOLDERS.get(str(self.db)) is self:
            del _HOLDERS[str(self.db)]
        loop = self._loop
        if loop is None or self._server is None or loop.is_closed():
            return
        fut = asyncio.run_coroutine_threadsafe(self._shutdown(), loop)
        try:
            fut.result(timeout)
        except Exception:  # noqa: BLE001 - stopping anyway
            pass
        loop.call_soon_threadsafe(loop.stop)
        self._thread.join(timeout)
        if not fut.done() or self._thread.is_alive():  # the stop did not end: its lock on the game file is
            # this process's own and nobody will use that store again, so the next server here may take it
            getattr(getattr(self._server, "store", None), "give_up_file", lambda: None)()

    async def _shutdown(self) -> None:
        from doublenine.shared.reconnect import ENDED

        if self._announcing is not None:  # withdraw from the LAN first (issue 8)
            from doublenine.server.announce import stop_announcing
            await stop_announcing(self._announcing)
        # friends stop reconnecting (issue 12); a friend's stalled link never holds the host's window up
        await self._server.stop(ENDED, "the host ended the game", flush=HOST_FLUSH)

    @property
    def server(self) -> Any:
        """The running ``GameServer`` (None before start); touch it only through :attr:`loop`."""
        return self._server

    @property
    def loop(self) -> asyncio.AbstractEventLoop | None:
        """The server thread's event loop."""
        return self._loop


async def _in_loop(fn: Any, *args: Any) -> Any:
    """Call ``fn`` inside the running loop (it creates tasks)."""
    return fn(*args)
