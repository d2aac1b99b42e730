"""Table ownership on PostgreSQL: advisory locks and LISTEN/NOTIFY (issue 12 "Ownership").

Each process keeps ONE dedicated connection (never from the pool) on which it holds a
session advisory lock per table it serves. PostgreSQL frees every lock of a session
when its connection ends, so the tables of a process that died (``kill -9``, OOM, a
cut cable once the keepalive notices) are free at once, and a process that loses
this connection no longer owns anything: :class:`PgOwnership` then calls
``on_lost`` and the registry stops serving every table (close code 4003) before any
other process can have taken them over and written.

A process asked for a table that another live process holds sends
``NOTIFY dn_handover, 'CODE'``; the holder hands the table over at its next quiet
moment (after the action under way), unlocks it and sends ``NOTIFY dn_released,
'CODE'``, on which the asker takes the lock and loads the table from the store.

A process stopping cleanly leaves its tables open in the store and names them on
``dn_orphaned`` as it unlocks them, so a live process takes them over (scale-down):
no table stays open, listed and counted with no process serving it. A table handed over
is named there too (``release(code, orphaned=True)``): if its asker gave up (TABLE_MOVING)
or nobody asked at all, a live process adopts it.

Every payload of every channel comes from anyone who can connect to the database (the
other processes are not trusted, attacker F2): it is checked by :func:`note_code` before
any work, and only a table code in its exact form (``shared/tablecode.py``) is acted on.
"""
from __future__ import annotations

import asyncio
import hashlib
import logging
import os
from collections.abc import Callable
from typing import Any

import asyncpg  # type: ignore[import-untyped]

from doublenine.shared.cleantext import said
from doublenine.shared.tablecode import CODE_LENGTH, clean_code, is_code

from ..logfmt import log_repeated

log = logging.getLogger("doublenine.server.ownership")

ASK_CHANNEL = "dn_handover"
"""NOTIFY channel: "please hand table CODE over" (payload: the code)."""
FREED_CHANNEL = "dn_released"
"""NOTIFY channel: "table CODE is free now" (payload: the code)."""
ORPHAN_CHANNEL = "dn_orphaned"
"""NOTIFY channel of a process stopping cleanly: "nobody serves table CODE now, though it is open in
the store" (payload: ``CODE``, nobody was connected to it; ``CODE connected``: its players were,
and reconnect). A live process adopts it (server/registry.py ``Registry._orphaned``)."""
HEARTBEAT = 1.0
"""Seconds between checks that the lock connection is alive (a half-open TCP connection
sends no error; this is how a process finds out it lost its locks)."""
QUERY_TIMEOUT = 3.0
"""Seconds a lock query may take before the connection counts as lost."""
RECHECK = 0.25
"""Seconds between two tries of a lock being handed over, in case a NOTIFY was missed."""
COUNT_EVERY = 5
"""Heartbeats between two counts of the server processes on the store (:attr:`PgOwnership.processes`)."""
CONNECT_WITHIN = 10.0
"""Seconds a connection to PostgreSQL (the lock connection, the store's pool) is waited for."""
DRIVER_ERRORS: tuple[type[Exception], type[Exception], type[Exception]] = (
    asyncpg.PostgresError, asyncpg.InterfaceError, asyncpg.InternalClientError)
"""Every failure asyncpg raises for the database or the connection. ``InternalClientError`` is neither
a ``PostgresError`` nor an ``InterfaceError``: asyncpg raises it when a connection's backend was
ended (``pg_terminate_backend``, a restart, ``idle_session_timeout``) while it sat idle and the next
statement starts after PostgreSQL's FATAL message was read but before the socket's close was
(``cannot switch to state 15; another operation (2) is in progress``, MagicStack/asyncpg#1069).
Caught as the other two, it is the store's ``OSError`` (the Store contract), never a crash."""


def unanswered(exc: BaseException, dsn: str | None = None) -> str:
    """Why a connection to PostgreSQL failed, in words: ``no answer within 10 s`` for a timeout
    (operator s13 finding 7: a start while PostgreSQL hung ended ``...lock connection: `` and
    nothing more, a ``TimeoutError`` says nothing), nobody listening at the address ``dsn`` names
    said as such (:func:`not_listening`), else what the error says (``cleantext.said``)."""
    if isinstance(exc, (asyncio.TimeoutError, TimeoutError)):
        return f"no answer within {CONNECT_WITHIN:g} s"
    return not_listening(exc, dsn) or said(exc)


def server_address(dsn: str | None) -> str:
    """Where ``dsn`` (a ``postgresql://`` address) has PostgreSQL listen, for an operator: a unix socket's file
    (``/run/postgresql/.s.PGSQL.5432`` from ``?host=/run/postgresql``, libpq's rule) or ``HOST:PORT``; never
    the user or password. ``PostgreSQL`` when it names none this can read."""
    from urllib.parse import parse_qs, urlsplit

    try:
        parts = urlsplit(dsn or "")
        query = parse_qs(parts.query)
        host = (query.get("host") or [parts.hostname or os.environ.get("PGHOST") or "localhost"])[0]
        port = (query.get("port") or [str(parts.port) if parts.port else os.environ.get("PGPORT") or "5432"])[0]
    except ValueError:
        return "PostgreSQL"
    return f"{host.rstrip('/')}/.s.PGSQL.{port}" if host.startswith("/") else f"{host}:{port}"


def not_listening(exc: BaseException, dsn: str | None = None) -> str | None:
    """The words for a connection to PostgreSQL that found nothing at its address, or None: ``cannot connect
    to PostgreSQL at /tmp/pg/.s.PGSQL.5432: no such socket (is PostgreSQL running?)`` for a missing unix
    socket, ``... at db:5432: connection refused (is PostgreSQL running?)`` for a refused TCP port. Operator
    s17 F3: a stopped PostgreSQL on a unix socket was said as ``FileNotFoundError: [Errno 2] No such file or
    directory``, which sends one looking for a missing SQLite file. Kind: a connection failure said in the
    system's words without the thing that was not there."""
    import errno

    what = {errno.ENOENT: "no such socket", errno.ECONNREFUSED: "connection refused"}.get(
        getattr(exc, "errno", None)) if isinstance(exc, OSError) else None
    if what is None:
        return None
    return f"cannot connect to PostgreSQL at {server_address(dsn)}: {what} (is PostgreSQL running?)"


LOCK_NAME = "doublenine locks pid "
"""Start of every lock connection's ``application_name`` (then the process id)."""
CONNECTED = "connected"
"""The one word a :data:`ORPHAN_CHANNEL` payload may add after its code."""


def note_code(payload: object, tail: str | None = None) -> tuple[str, bool] | None:
    """The table code a NOTIFY ``payload`` names, and whether it ends with `` TAIL``: the payload
    must be exactly ``CODE`` or (when ``tail`` is given) ``CODE TAIL``, with ``CODE`` a table code
    in its one exact form (:func:`~doublenine.shared.tablecode.is_code` and its own
    ``clean_code``: a variant such as ``k7-qpa`` names another advisory lock than the table it
    cleans to, attacker F2). None for anything else; a longer payload is not read at all."""
    if not isinstance(payload, str) or len(payload) > CODE_LENGTH + 1 + len(tail or ""):
        return None
    code, space, rest = payload.partition(" ")
    if space and (tail is None or rest != tail):
        return None
    if not is_code(code) or clean_code(code) != code:
        return None
    return code, bool(space)


def lock_key(code: str) -> int:
    """The advisory lock id of table ``code``: the first 8 bytes of its BLAKE2b digest as a
    signed 64-bit int (PostgreSQL's ``bigint`` key space; a collision would only make two
    tables move together)."""
    digest = hashlib.blake2b(code.encode(), digest_size=8, person=b"doublenine-tbl").digest()
    return int.from_bytes(digest, "big", signed=True)


def held_key(classid: int, objid: int) -> int:
    """The key of a ``pg_locks`` row of an advisory lock taken with one ``bigint`` (``objsubid`` 1),
    signed like :func:`lock_key`: ``classid`` holds its high 32 bits and ``objid`` its low 32 bits,
    both read as unsigned ``oid`` (0 .. 2**32 - 1). Every comparison of a held lock with a table's
    key goes through here: compared unsigned, every code with a negative key looked unlocked
    (attacker F4, ``PostgresStore.unowned_open``)."""
    if not (0 <= classid < 1 << 32 and 0 <= objid < 1 << 32):
        raise ValueError(f"not a pg_locks oid pair: {classid}, {objid}")
    return int.from_bytes(((classid << 32) | objid).to_bytes(8, "big"), "big", signed=True)


class PgOwnership:
    """Session advisory locks on a dedicated PostgreSQL connection; see the module doc.

    ``claim``/``ask``/``release`` raise ``OSError`` while the lock connection is down
    (the process can then serve no table; it reconnects by itself).
    """

    exclusive = False
    """Other processes write this store: a table must be loaded after it was claimed."""

    def __init__(self, dsn: str, heartbeat: float = HEARTBEAT) -> None:
        self.dsn = dsn
        self.name = f"{LOCK_NAME}{os.getpid()}"
        """``application_name`` of the lock connection: ``pg_locks`` joined with ``pg_stat_activity``
        shows which process holds which table (docs/operations.md)."""
        self.heartbeat = heartbeat
        self.held: set[str] = set()
        self.processes = 1
        """Server processes with a lock connection to this database, this one included, counted
        every :data:`COUNT_EVERY` heartbeats: per-address budgets that each process keeps
        alone are shared by this many (server/addresses.py ``MissLimiter``)."""
        self._con: Any = None
        self._io = asyncio.Lock()  # one query at a time on the connection
        self._freed: dict[str, asyncio.Event] = {}
        self._beat: asyncio.Task[None] | None = None
        self._closed = False
        self._on_request: Callable[[str], None] = lambda code: None
        self._on_lost: Callable[[str], None] = lambda why: None
        self._on_orphan: Callable[[str, bool], None] = lambda code, connected: None
        self._on_gone: Callable[[], None] = lambda: None
        self.ignored = 0
        """NOTIFY payloads ignored as naming no table code (:func:`note_code`) since the start."""

    @property
    def healthy(self) -> bool:
        """Whether the lock connection is up (tables can be claimed)."""
        return self._con is not None

    async def start(self, on_request: Callable[[str], None], on_lost: Callable[[str], None],
                    on_orphan: Callable[[str, bool], None] | None = None,
                    on_gone: Callable[[], None] | None = None) -> None:
        """Connect and listen; ``on_request(code)`` when asked for a held table, ``on_lost(why)``
        when every lock was lost, ``on_orphan(code, connected)`` when another process stopped and
        left ``code`` open with nobody serving it (``connected``: its players were connected then),
        ``on_gone()`` when fewer processes are counted than before (one died: its tables are
        nobody's, ``PostgresStore.unowned_open``).
        ``OSError`` if PostgreSQL cannot be reached."""
        self._on_request, self._on_lost = on_request, on_lost
        if on_orphan is not None:
            self._on_orphan = on_orphan
        if on_gone is not None:
            self._on_gone = on_gone
        await self._connect()
        self._beat = asyncio.get_running_loop().create_task(self._heartbeat())

    async def _connect(self) -> None:
        try:
            con = await asyncpg.connect(self.dsn, timeout=CONNECT_WITHIN, server_settings={"application_name": self.name})
            await con.add_listener(ASK_CHANNEL, self._asked)
            await con.add_listener(FREED_CHANNEL, self._released)
            await con.add_listener(ORPHAN_CHANNEL, self._orphaned)
        except (OSError, *DRIVER_ERRORS, asyncio.TimeoutError) as exc:
            raise OSError(f"cannot open the PostgreSQL lock connection: {unanswered(exc, self.dsn)}") from exc
        con.add_termination_listener(self._terminated)
        self._con = con

    def _note(self, channel: str, payload: object, tail: str | None = None) -> tuple[str, bool] | None:
        """:func:`note_code` of ``payload``; an ignored one is counted and logged once a minute, the next line
        with ``repeats=N`` (``logfmt.log_repeated``)."""
        note = note_code(payload, tail)
        if note is None:
            self.ignored += 1
            log_repeated(log, logging.WARNING, "ignored NOTIFY", "ignored a NOTIFY payload naming no table code "
                         "(on %s: %.40r)", channel, payload)
        return note

    def _asked(self, con: Any, pid: int, channel: str, payload: str) -> None:
        note = self._note(channel, payload)
        if note is not None and note[0] in self.held:
            self._on_request(note[0])

    def _released(self, con: Any, pid: int, channel: str, payload: str) -> None:
        note = self._note(channel, payload)
        event = None if note is None else self._freed.get(note[0])
        if event is not None:
            event.set()

    def _orphaned(self, con: Any, pid: int, channel: str, payload: str) -> None:
        note = self._note(channel, payload, CONNECTED)
        if note is not None and not self._closed and note[0] not in self.held:
            self._on_orphan(*note)

    def _terminated(self, con: Any) -> None:
        if con is self._con:
            self._lose("the PostgreSQL lock connection closed")

    def _lose(self, why: str) -> None:
        """Every lock is gone with the connection: forget them and tell the registry once."""
        con, self._con = self._con, None
        if con is None:
            return
        self.held.clear()
        con.terminate()
        if not self._closed:
            log.error("lost every table lock: %s; this process stops serving its tables", why)
            self._on_lost(why)

    async def _heartbeat(self) -> None:
        beats = 0
        while not self._closed:
            if beats % COUNT_EVERY == 0 and self._con is not None:
                before = self.processes
                if await self.count_processes() < before:  # one stopped or died: its tables may be nobody's
                    self._on_gone()
            beats += 1
            await asyncio.sleep(self.heartbeat)
            if self._con is None:
                try:
                    await self._connect()
                    log.info("PostgreSQL lock connection open again; tables can be claimed")
                except OSError:
                    pass
                continue
            try:
                await self._query("SELECT 1")
            except OSError:
                pass  # _query already gave everything up

    async def count_processes(self) -> int:
        """Count the server processes on this database now (their lock connections, by name in
        ``pg_stat_activity``), store it in :attr:`processes` and return it; keeps the last count
        if the query fails (the heartbeat then finds the connection lost)."""
        try:
            found = await self._query("SELECT count(*) FROM pg_stat_activity WHERE application_name LIKE $1"
                                      " AND datname = current_database()", LOCK_NAME + "%")
        except OSError:
            return self.processes
        self.processes = max(1, int(found or 0))
        return self.processes

    async def _query(self, sql: str, *args: Any) -> Any:
        async with self._io:
            con = self._con
            if con is None:
                raise OSError("no PostgreSQL lock connection")
            try:
                return await asyncio.wait_for(con.fetchval(sql, *args), QUERY_TIMEOUT)
            except (OSError, *DRIVER_ERRORS, asyncio.TimeoutError) as exc:
                self._lose(f"lock query failed: {exc!r}")
                raise OSError(f"PostgreSQL lock connection lost: {exc!r}") from exc

    async def claim(self, code: str) -> bool:
        """Take table ``code`` if no live process holds it; True if this process now holds it."""
        if code in self.held:
            return True
        async with self._io:  # two claims of one code must not lock it twice (locks nest)
            con = self._con
            if code in self.held:
                return True
            if con is None:
                raise OSError("no PostgreSQL lock connection")
            try:
                got = await asyncio.wait_for(
                    con.fetchval("SELECT pg_try_advisory_lock($1)", lock_key(code)), QUERY_TIMEOUT)
            except (OSError, *DRIVER_ERRORS, asyncio.TimeoutError) as exc:
                self._lose(f"lock query failed: {exc!r}")
                raise OSError(f"PostgreSQL lock connection lost: {exc!r}") from exc
            if got:
                self.held.add(code)
            return bool(got)

    async def locked(self, codes: list[str]) -> set[str]:
        """The codes among ``codes`` whose advisory lock the lock connection holds, as PostgreSQL
        says (``pg_locks`` of this session), whatever :attr:`held` says: the registry's check that
        every table served is locked (``TableMoves.check_locks``, operator s15 F1). ``OSError`` while
        the lock connection is down (then nothing is held)."""
        if not codes:
            return set()
        by_key = {lock_key(code): code for code in codes}
        found = await self._query(
            "SELECT coalesce(array_agg(k), '{}') FROM unnest($1::bigint[]) AS k WHERE EXISTS (SELECT 1 FROM"
            " pg_locks l WHERE l.locktype = 'advisory' AND l.pid = pg_backend_pid() AND l.objsubid = 1"
            " AND l.granted AND l.classid = ((k >> 32) & 4294967295)::oid AND l.objid = (k & 4294967295)::oid)",
            list(by_key))
        return {by_key[key] for key in found or ()}

    async def ask(self, code: str, wait: float) -> bool:
        """Claim ``code``, asking its holder to hand it over if needed; True once held here,
        False if it was not handed over within ``wait`` seconds."""
        if await self.claim(code):
            return True
        loop = asyncio.get_running_loop()
        end = loop.time() + wait
        event = self._freed.setdefault(code, asyncio.Event())
        try:
            await self._query("SELECT pg_notify($1, $2)", ASK_CHANNEL, code)
            while (left := end - loop.time()) > 0:
                try:
                    await asyncio.wait_for(event.wait(), min(RECHECK, left))
                except asyncio.TimeoutError:
                    pass
                event.clear()
                if await self.claim(code):
                    return True
            return False
        finally:
            self._freed.pop(code, None)

    async def release(self, code: str, orphaned: bool = False) -> None:
        """Stop holding ``code`` and tell whoever waits for it. ``orphaned``: the table stays open
        in the store with nobody serving it (handed over): it is named on :data:`ORPHAN_CHANNEL`
        too, as having had players connected, so a live process adopts it unless its asker (or a
        returning player's process) claimed it first (attacker F3)."""
        if code not in self.held:
            return
        self.held.discard(code)
        orphan = f"{code} {CONNECTED}" if orphaned else None
        try:  # one statement: the notes are delivered at its commit, after the unlock
            await self._query("SELECT pg_advisory_unlock($1), pg_notify($2, $3),"
                              " CASE WHEN $5::text IS NOT NULL THEN pg_notify($4, $5) END",
                              lock_key(code), FREED_CHANNEL, code, ORPHAN_CHANNEL, orphan)
        except OSError:
            pass  # the connection is gone: so is the lock

    def abort(self) -> None:
        """Drop the lock connection at once, without a word to PostgreSQL (a stop that could not wait
        for it, ``app.SHUTDOWN_WITHIN``): PostgreSQL releases every lock of the session when it sees
        the connection gone, and the other processes take the tables then."""
        self._closed = True
        if self._beat is not None:
            self._beat.cancel()
        self.held = set()
        con, self._con = self._con, None
        if con is not None:
            con.terminate()

    async def close(self, left_open: dict[str, bool] | None = None) -> None:
        """Release every lock (telling the waiting processes) and close the connection.
        ``left_open``: the tables left open in the store, each with whether players were connected
        to it, named on :data:`ORPHAN_CHANNEL` in the same statement that unlocks them."""
        self._closed = True
        if self._beat is not None:
            self._beat.cancel()
        held, self.held = sorted(self.held), set()
        notes = [(FREED_CHANNEL, code) for code in held]
        notes += [(ORPHAN_CHANNEL, code if not connected else f"{code} {CONNECTED}")
                  for code, connected in sorted((left_open or {}).items()) if code in held]
        con = self._con
        if con is None:
            return
        try:
            async with self._io:
                await asyncio.wait_for(con.fetchval(  # delivered at commit: after the unlock
                    "SELECT count(pg_notify(n.ch, n.msg)) FROM (SELECT pg_advisory_unlock_all()) u,"
                    " unnest($1::text[], $2::text[]) AS n(ch, msg)",
                    [c for c, _ in notes], [m for _, m in notes]), QUERY_TIMEOUT)
        except (OSError, *DRIVER_ERRORS, asyncio.TimeoutError):
            pass
        self._con = None
        try:
            await asyncio.wait_for(con.close(), QUERY_TIMEOUT)
        except (OSError, *DRIVER_ERRORS, asyncio.TimeoutError):
            con.terminate()
