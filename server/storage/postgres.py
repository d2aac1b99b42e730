"""The PostgreSQL store: for deployments of several server processes (``--db postgresql://...``).

Same schema and contract as :mod:`.sqlite` (tables ``dn_table`` and ``dn_row`` with the
primary key (code, seq)), through asyncpg and its connection pool. Every append is
one transaction; PostgreSQL's default ``synchronous_commit=on`` makes it durable
before :meth:`PostgresStore.append` returns. The primary key also fences two
processes that both believe they own a table: the second writer of a seq is refused
with ``ValueError`` instead of forking the log.

Why asyncpg: a maintained asyncio-native driver with its own pool and no libpq to
install (wheels on PyPI), so the container image and CI stay one ``pip install``.
"""
from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import logging
import os
import random
from datetime import datetime, timedelta, timezone
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, NamedTuple, TypeVar

import asyncpg  # type: ignore[import-untyped]

from doublenine.shared.cleantext import said, typed

from . import pglocks
from .address import shown
from .pglocks import DRIVER_ERRORS
from .base import (ANSWER_WITHIN, FOLD_FROM, FOLD_TO, checked_result, fold_name, RESULTS_KEPT, RESULTS_PER_SITE, RESULTS_SHOWN, InDoubt, RowLocked, ListedTable, ListingKey, MatchResult,
                   StoredTable, created_us, refuse_over, stale_owner)

T = TypeVar("T")
log = logging.getLogger("doublenine.server.storage")

ANSWER_GRACE = 0.5
"""Seconds past :data:`.base.ANSWER_WITHIN` a transaction is waited for before its connection is cut:
a lock wait ends first, in PostgreSQL (``lock_timeout``, nothing done, its own error said)."""


@dataclass(slots=True)
class _Step:
    """How far a transaction of :meth:`PostgresStore._run` went, for what to say if it is cut."""

    xid: int | None = None
    """A write's transaction id (``txid_current()``), for :meth:`PostgresStore._settle`."""
    pid: int = 0
    """The backend that runs it."""
    committing: bool = False
    """Its ``COMMIT`` was sent (or is being): cut now, it may still be stored."""
    from_work: bool = False
    """The work sets :attr:`xid` itself, from a statement it runs anyway (:meth:`PostgresStore.append`)."""


async def _transaction(con: asyncpg.Connection, work: Callable[[asyncpg.Connection], Awaitable[T]],
                       write: bool, step: _Step) -> T:
    """``work`` in one transaction on ``con``, ``step`` kept up to date. Cancelled (the connection is
    cut then), it sends nothing more: no ROLLBACK to a server that does not answer."""
    tr = con.transaction()
    await tr.start()
    try:
        step.pid = con.get_server_pid()
        if write and not step.from_work:  # an append has it from its own statement: no round trip more
            step.xid = int(await con.fetchval("SELECT txid_current()"))
        result = await work(con)
    except asyncio.CancelledError:
        raise
    except BaseException:
        try:
            await tr.rollback()
        except (*DRIVER_ERRORS, OSError):
            pass  # the connection is broken: released, it is replaced; the first error is the one said
        raise
    step.committing = True
    await tr.commit()
    return result


CLOSE_WITHIN = 2.0
"""Seconds :meth:`PostgresStore.close` waits for PostgreSQL before it cuts the pool's connections."""
RELEASE_WITHIN = 1.0
"""Seconds a connection's reset (asyncpg's ``RESET ALL``, unlisten, unlock) is waited for when it goes
back to the pool; past it the connection is closed (a new one is opened when needed)."""


async def _release(pool: asyncpg.Pool, con: asyncpg.Connection) -> None:
    """Give ``con`` back to ``pool`` after its transaction's outcome is known; never raises.

    Operator s13 finding 6 (the kind: a store call's outcome decided by work after the outcome is
    known): the ``finally`` of :meth:`PostgresStore._run` awaited ``pool.release``, whose reset of the
    connection met a stalled backend and raised ``TimeoutError`` over an append that had committed;
    the player was told "nothing was played" for a move that was stored. The reset is bounded by
    :data:`RELEASE_WITHIN`; when it fails asyncpg has closed the connection already (it is
    terminated here too, in case), and the call's own result or error stands."""
    try:
        await pool.release(con, timeout=RELEASE_WITHIN)
    except asyncio.CancelledError:
        raise
    except Exception as exc:  # noqa: BLE001 - the outcome is known; only a connection is lost
        with contextlib.suppress(Exception):
            con.terminate()
        log.debug("postgres: a connection's reset failed after its transaction (%s: %s); closed",
                  type(exc).__name__, said(exc))


class SchemaStep(NamedTuple):
    """One part of the schema: what it makes (``name``: a table or index, or ``dn_table.COLUMN``
    for a column) and the statement that makes it when it is missing."""

    name: str
    sql: str


SCHEMA_STEPS: tuple[SchemaStep, ...] = (
    SchemaStep("dn_table", """CREATE TABLE IF NOT EXISTS dn_table (
    code    TEXT PRIMARY KEY,
    meta    BYTEA NOT NULL,
    closed  BOOLEAN NOT NULL DEFAULT FALSE,
    created TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated TIMESTAMPTZ NOT NULL DEFAULT now()
)"""),
    SchemaStep("dn_row", """CREATE TABLE IF NOT EXISTS dn_row (
    code    TEXT NOT NULL REFERENCES dn_table(code),
    seq     INTEGER NOT NULL,
    payload BYTEA NOT NULL,
    PRIMARY KEY (code, seq)
)"""),
    SchemaStep("dn_table_open", "CREATE INDEX IF NOT EXISTS dn_table_open ON dn_table(closed, created)"),
    SchemaStep("dn_chat", """CREATE TABLE IF NOT EXISTS dn_chat (
    code    TEXT NOT NULL REFERENCES dn_table(code),
    id      INTEGER NOT NULL,
    payload BYTEA NOT NULL,
    PRIMARY KEY (code, id)
)"""),
    SchemaStep("dn_table.epoch", "ALTER TABLE dn_table ADD COLUMN IF NOT EXISTS epoch INTEGER NOT NULL DEFAULT 0"),
    SchemaStep("dn_table.listed", "ALTER TABLE dn_table ADD COLUMN IF NOT EXISTS listed BOOLEAN NOT NULL DEFAULT FALSE"),
    SchemaStep("dn_table.score_a", "ALTER TABLE dn_table ADD COLUMN IF NOT EXISTS score_a INTEGER NOT NULL DEFAULT 0"),
    SchemaStep("dn_table.score_b", "ALTER TABLE dn_table ADD COLUMN IF NOT EXISTS score_b INTEGER NOT NULL DEFAULT 0"),
    SchemaStep("dn_table_listed",
               "CREATE INDEX IF NOT EXISTS dn_table_listed ON dn_table(created) WHERE listed AND NOT closed"),
    SchemaStep("dn_table.creator", "ALTER TABLE dn_table ADD COLUMN IF NOT EXISTS creator TEXT"),
    SchemaStep("dn_table_creator", "CREATE INDEX IF NOT EXISTS dn_table_creator ON dn_table(creator) WHERE NOT closed"),
    SchemaStep("dn_budget", """CREATE UNLOGGED TABLE IF NOT EXISTS dn_budget (
    kind    TEXT NOT NULL,
    grp     TEXT NOT NULL,
    level   DOUBLE PRECISION NOT NULL,
    stamp   DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (kind, grp)
)"""),
    SchemaStep("dn_result", """CREATE TABLE IF NOT EXISTS dn_result (
    code     TEXT NOT NULL,
    match_no INTEGER NOT NULL,
    name     TEXT NOT NULL DEFAULT '',
    seat1    TEXT NOT NULL,
    seat2    TEXT NOT NULL,
    seat3    TEXT NOT NULL,
    seat4    TEXT NOT NULL,
    score_a  INTEGER NOT NULL,
    score_b  INTEGER NOT NULL,
    winner   TEXT,
    hands    INTEGER NOT NULL,
    started  TIMESTAMPTZ NOT NULL,
    ended    TIMESTAMPTZ NOT NULL,
    public   BOOLEAN NOT NULL DEFAULT FALSE,
    PRIMARY KEY (code, match_no)
)"""),
    SchemaStep("dn_result_ended", "CREATE INDEX IF NOT EXISTS dn_result_ended ON dn_result(ended)"),
    SchemaStep("dn_result.site", "ALTER TABLE dn_result ADD COLUMN IF NOT EXISTS site TEXT"),
    SchemaStep("dn_result_site", "CREATE INDEX IF NOT EXISTS dn_result_site ON dn_result(site, ended)"),
)
"""The schema, in the order it is made. Issue 12 added ``epoch`` (the fence of the table record, see
``Store``) and the columns ``/`` lists from (``listed``, ``score_a``, ``score_b``) and ``creator`` (who
created an open table, for the tables-per-address limit): a start adds what an older database lacks.
``dn_result`` (club s14) keeps every finished match (:meth:`PostgresStore.record_result`).
``dn_budget`` holds the per-address buckets every process shares (:meth:`PostgresStore.take_budget`);
UNLOGGED: no WAL, and a PostgreSQL crash only gives every address group a full bucket again.
A start runs only the steps the catalog says are missing (:func:`ensure_schema`)."""
SCHEMA = ";\n".join(step.sql for step in SCHEMA_STEPS) + ";\n"
"""The whole schema as one script (what :func:`ensure_schema` makes on an empty database)."""
DDL_LOCK_WAIT = 0.2
"""Seconds a schema change waits in the queue for its lock on ``dn_table`` (``lock_timeout``) before it
gives up and retries later (operator finding 1: queued behind a ``pg_dump``, the change held every other
process's writes behind it for as long as the dump ran; now they wait at most this long per try)."""
DDL_RETRY_MAX = 30.0
"""Longest pause between two tries of a schema change (the pauses double from :data:`DDL_LOCK_WAIT`)."""
SCHEMA_STEP_WITHIN = 120.0
"""Seconds one step of a schema change (a ``CREATE INDEX`` on a large ``dn_table`` among them) is
waited for before the start gives up on PostgreSQL (:func:`ensure_schema`)."""
SCHEMA_PATIENCE = 3600.0
"""Seconds a start keeps trying a schema change before it fails (``OSError``)."""
SCHEMA_LOCK = 0x646E_0001
"""Advisory lock id: processes starting together create the schema one at a time."""
CREATOR_LOCKS = 0x646E_0002
"""First key of the two-key advisory locks taken per creator (address group) for the
tables-per-address limit; the two-key space never meets the one-key locks of tables
(``pglocks.lock_key``) or :data:`SCHEMA_LOCK`."""


BUDGET_POOL_SIZE = 2
"""Connections of the per-address budgets' own pool (:meth:`PostgresStore.take_budget`). Operator s13
finding 11: 60 pages at once from one address took their budget on the tables' pool, each statement
queued on the address group's one ``dn_budget`` row holding a connection meanwhile, and every table's
moves waited behind them (max 2.0 s against 0.16 s). On a pool of their own they wait for each other
only (``addresses.SHARED_WAIT``, then the process counts alone); the moves never wait for them."""
BUDGET_SWEEP_EVERY = 512
"""A process deletes the buckets that have refilled (nothing to remember) once per this many takes."""
_TAKE_BUDGET = """
INSERT INTO dn_budget AS b (kind, grp, level, stamp) VALUES ($1, $2, $4 - 1, extract(epoch FROM clock_timestamp()))
ON CONFLICT (kind, grp) DO UPDATE
    SET level = least($4, b.level + greatest(0, EXCLUDED.stamp - b.stamp) * $3) - 1, stamp = EXCLUDED.stamp
    WHERE least($4, b.level + greatest(0, EXCLUDED.stamp - b.stamp) * $3) >= 1
RETURNING level"""
"""One token taken from a bucket if one is left, in one statement: the row lock of the upsert makes
the check and the take one atomic step for every process (attacker finding, code misses: checked
in each process's memory, a burst spread over N processes got N shares)."""


_APPEND = """
WITH owner AS (SELECT epoch FROM dn_table WHERE code=$1 FOR NO KEY UPDATE),
stored AS (INSERT INTO dn_row(code, seq, payload) SELECT $1, r.seq, r.payload
           FROM unnest($2::integer[], $3::bytea[]) AS r(seq, payload)
           WHERE $4::integer IS NULL OR $4::integer = (SELECT epoch FROM owner) RETURNING 1)
SELECT txid_current() AS xid, (SELECT epoch FROM owner) AS epoch, (SELECT count(*) FROM stored) AS n"""
"""A table's log rows appended in one statement that also answers its transaction's id; ``$4``, the
writer's epoch (NULL: unfenced), is compared with the record's, whose row is locked as
:func:`_owner_check` locks it: a :meth:`PostgresStore.take` waits for an append that locked it first
(and loads its rows), and an append after a take stores nothing (the foreign key's ``KEY SHARE``
alone let the take through, and the rows landed after the new owner had loaded the table)."""


def budget_key(group: str) -> str:
    """What ``dn_budget`` keeps of an address group: a digest, never the address. 32 hex digits."""
    return hashlib.blake2b(group.encode(), digest_size=16, person=b"doublenine-budg").hexdigest()


def creator_lock(creator: str) -> int:
    """The second advisory lock key of ``creator``: 32 signed bits of its BLAKE2b digest (two
    creators sharing one only wait for each other; neither count is wrong)."""
    return int.from_bytes(hashlib.blake2b(creator.encode(), digest_size=4).digest(), "big", signed=True)


async def _count_locked(con: asyncpg.Connection, creator: str) -> int:
    """``creator``'s open tables, with its advisory lock held until the transaction ends: every
    process's create or reopen for one creator counts and writes one at a time (attacker F1),
    and READ COMMITTED gives the count after the lock a snapshot with the previous holder's row.
    First of all the transaction's locks, the write lock on ``dn_table``: taken after the count
    (a lock upgrade) it deadlocked with a starting process's schema step, and taken after the
    advisory lock, one waiting for the schema step while holding it made a cycle."""
    await con.execute("LOCK TABLE dn_table IN ROW EXCLUSIVE MODE")
    await con.execute("SELECT pg_advisory_xact_lock($1, $2)", CREATOR_LOCKS, creator_lock(creator))
    return int(await con.fetchval("SELECT count(*) FROM dn_table WHERE creator=$1 AND NOT closed", creator))


def redact(dsn: str) -> str:
    """``dsn`` with any password replaced by ``***``, for logs and ``/healthz`` (``address.shown``:
    the query's ``password=`` too, and a malformed address wholly)."""
    return shown(dsn)


async def missing_schema(con: asyncpg.Connection) -> list[SchemaStep]:
    """The steps of :data:`SCHEMA_STEPS` whose table, index or column the database lacks, read from
    the catalog only (``to_regclass`` and ``pg_attribute`` lock no table of ours: a start with nothing
    to change waits for no one, and no one waits for it)."""
    names = [s.name for s in SCHEMA_STEPS if "." not in s.name]
    absent = set(await con.fetchval(
        "SELECT coalesce(array_agg(n), '{}') FROM unnest($1::text[]) AS n WHERE to_regclass(n) IS NULL", names))
    tables = sorted({s.name.partition(".")[0] for s in SCHEMA_STEPS if "." in s.name})
    columns = {f'{r["relname"]}.{r["attname"]}' for r in await con.fetch(
        "SELECT c.relname, a.attname FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid"
        " WHERE a.attrelid = ANY(SELECT to_regclass(n) FROM unnest($1::text[]) AS n) AND a.attnum > 0"
        " AND NOT a.attisdropped", tables)}  # each column step's own table (dn_result.site is not dn_table's)
    return [s for s in SCHEMA_STEPS if (s.name not in columns if "." in s.name else s.name in absent)]


STORE_NAME = "doublenine store pid "
"""Start of the ``application_name`` of every pooled connection of a server process (then its pid;
the lock connection's is ``pglocks.LOCK_NAME``): operator s11 round 2 finding 6, the schema-change
wait line named a live server's pool connection as ``no application name``, a session the docs
told operators they may end."""
OURS = "doublenine "
"""Start of the ``application_name`` of every connection a doublenine process opens."""


async def lock_holders(con: asyncpg.Connection) -> list[str]:
    """Who else holds a lock on ``dn_table``, ``dn_row`` or ``dn_chat`` (what a schema change waits
    for), for the log: ``pid N (APPLICATION, MODE, in a transaction for S s)``, at most 5, the longest
    first, each doublenine process's own connection (:data:`OURS`) said to be one, never to be ended.
    No query text: another session's statement is none of this log's business."""
    rows = await con.fetch(
        "SELECT a.pid, a.application_name AS app, string_agg(DISTINCT l.mode, '+') AS modes,"
        " extract(epoch FROM clock_timestamp() - min(a.xact_start)) AS secs"
        " FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid"
        " WHERE l.locktype = 'relation' AND l.granted AND l.pid <> pg_backend_pid()"
        " AND l.relation IN (SELECT to_regclass(n) FROM unnest($1::text[]) AS n)"
        " GROUP BY a.pid, a.application_name ORDER BY secs DESC NULLS LAST LIMIT 5",
        ["dn_table", "dn_row", "dn_chat"])
    return [f"pid {r['pid']} ({r['app'] or 'no application name'}, {r['modes']}"
            + (f", in a transaction for {r['secs']:.0f} s" if r["secs"] is not None else "")
            + ("; a doublenine server's own: wait, never end it)" if (r["app"] or "").startswith(OURS) else ")")
            for r in rows]


TABLE_BLOCKING = frozenset({"ShareLock", "ShareRowExclusiveLock", "ExclusiveLock", "AccessExclusiveLock"})
"""Relation lock modes that hold every write of a table (a ``CREATE INDEX``, a ``LOCK TABLE``, a
schema change), as against a row lock (``FOR UPDATE``: ``RowShareLock`` on the relation)."""


async def blockers(con: asyncpg.Connection) -> list[tuple[int, str, list[str]]]:
    """The sessions other than doublenine's own (:data:`OURS`) holding a lock on ``dn_table``,
    ``dn_row`` or ``dn_chat`` in an open transaction: ``(pid, application_name, [modes])``, at most 3,
    the longest in a transaction first; what a write that timed out on a lock names (operator s13
    finding 4: the log said only "canceling statement due to lock timeout", while the schema-change
    line names the holder, :func:`lock_holders`). No query text, no duration (the text stays one
    line a minute in the store's log, ``metered.log_store_failure``)."""
    rows = await con.fetch(
        "SELECT a.pid, coalesce(nullif(a.application_name, ''), 'no application name') AS app,"
        " array_agg(DISTINCT l.mode) AS modes FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid"
        " WHERE l.locktype = 'relation' AND l.granted AND l.pid <> pg_backend_pid()"
        " AND a.application_name NOT LIKE $2 AND a.xact_start IS NOT NULL"
        " AND l.relation IN (SELECT to_regclass(n) FROM unnest($1::text[]) AS n)"
        " GROUP BY a.pid, a.application_name, a.xact_start ORDER BY a.xact_start LIMIT 3",
        ["dn_table", "dn_row", "dn_chat"], OURS + "%")
    return [(int(r["pid"]), str(r["app"]), sorted(r["modes"])) for r in rows]


class _Unanswered:
    """A watch on ``con`` for :func:`ensure_schema`: :meth:`on` names the statement about to be sent and
    gives it ``within`` seconds; past them the connection is cut (``terminate``: every wait on it ends
    at once, a cancelled statement's ROLLBACK waits for nothing) and :attr:`cut` names what hung."""

    def __init__(self, con: asyncpg.Connection) -> None:
        self.con = con
        self.doing = ""
        """What the statement under way does, for the message."""
        self.within = 0.0
        """The seconds it was given."""
        self.cut = False
        """The connection was cut because that statement got no answer in time."""
        self._timer: asyncio.TimerHandle | None = None

    def on(self, doing: str, within: float) -> None:
        """The next statement does ``doing`` and is given ``within`` seconds (the last one's watch ends)."""
        self.off()
        self.doing, self.within = doing, within
        self._timer = asyncio.get_running_loop().call_later(within, self._cut)

    def off(self) -> None:
        """No statement under way: nothing is cut."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _cut(self) -> None:
        self.cut = True
        self.con.terminate()


async def ensure_schema(con: asyncpg.Connection, where: str, *, lock_wait: float = DDL_LOCK_WAIT,
                        patience: float = SCHEMA_PATIENCE, answer_within: float = ANSWER_WITHIN + ANSWER_GRACE,
                        step_within: float | None = None) -> list[str]:
    """Make the parts of the schema the database lacks (:func:`missing_schema`); the names of those
    made (empty: nothing was missing, and nothing was locked). ``where``: the store, for the log.

    Operator finding 1 (the kind: a start taking a lock that holds every other process's writes): each
    start ran the whole schema script, whose ``ALTER TABLE dn_table`` queues for ``ACCESS EXCLUSIVE``
    behind any reader (a ``pg_dump``), and every other process's ``INSERT INTO dn_row`` queued behind
    it: the whole site froze, silently, for as long as the dump ran. Now a start changes the schema
    only when the catalog says a part is missing; the change waits at most ``lock_wait`` seconds for
    its locks (``lock_timeout``, so the writes queued behind it wait no longer), and when it gets
    none it gives up, logs a WARNING naming who holds locks on the tables (:func:`lock_holders`), and
    tries again after a pause that doubles up to :data:`DDL_RETRY_MAX`. ``OSError`` after ``patience``
    seconds of tries. Processes starting together change it one at a time (:data:`SCHEMA_LOCK`).

    Every statement is bounded as the other store calls are (s13: a PostgreSQL that hung right after
    accepting the connection held a start here without end): ``answer_within`` seconds for a catalog
    read or a lock (the lock waits end sooner, ``lock_timeout``), ``step_within`` (default
    :data:`SCHEMA_STEP_WITHIN`) for one step that makes a part; past it the connection is cut and
    ``OSError`` names what hung (``no answer within 3.5 s to the schema check``)."""
    loop = asyncio.get_running_loop()
    give_up, pause, tries = loop.time() + patience, lock_wait, 0
    watch = _Unanswered(con)
    step_within = SCHEMA_STEP_WITHIN if step_within is None else step_within
    try:
        while True:
            watch.on("the schema check", answer_within)
            if not await missing_schema(con):
                return []
            tries += 1
            try:
                watch.on("the schema change's start", answer_within)
                async with con.transaction():
                    await con.execute(f"SET LOCAL lock_timeout = '{max(1, int(lock_wait * 1000))}ms'")
                    watch.on("the schema change's lock", answer_within)
                    await con.execute("SELECT pg_advisory_xact_lock($1)", SCHEMA_LOCK)
                    watch.on("the schema check", answer_within)
                    steps = await missing_schema(con)  # another process may have made them meanwhile
                    for step in steps:
                        watch.on(f"the schema step {step.name}", step_within)
                        await con.execute(step.sql)
                    watch.on("the schema change's commit", answer_within)
            except asyncpg.LockNotAvailableError:
                watch.on("the list of lock holders", answer_within)
                holders = await lock_holders(con)
                watch.off()
                if loop.time() + pause > give_up:
                    raise OSError(f"the schema change of {where} got no lock on dn_table in {tries} tries over"
                                  f" {patience:g} s; held by {', '.join(holders) or 'nobody now'}") from None
                watch.on("the schema check", answer_within)
                missing = await missing_schema(con)
                watch.off()
                log.warning("schema change of %s (%s) waits for a lock another session holds on dn_table: %s;"
                            " try %d, next in %.1f s", where, ", ".join(s.name for s in missing),
                            ", ".join(holders) or "nobody now", tries, pause)
                await asyncio.sleep(pause * random.uniform(0.75, 1.0))
                pause = min(DDL_RETRY_MAX, pause * 2)
                continue
            watch.off()
            if steps:
                log.info("schema of %s: made %s", where, ", ".join(s.name for s in steps))
            return [s.name for s in steps]
    except (*DRIVER_ERRORS, OSError) as exc:
        if watch.cut:
            raise OSError(f"no answer within {watch.within:g} s to {watch.doing}") from exc
        raise
    finally:
        watch.off()


class PostgresStore:
    """A :class:`~.base.Store` in PostgreSQL; connects lazily on first use (``OSError`` if it cannot)."""

    def __init__(self, dsn: str, *, min_size: int = 1, max_size: int = 10, application: str | None = None) -> None:
        """``application``: every pooled connection's ``application_name`` (default
        :data:`STORE_NAME` and this process's pid; it must start with :data:`OURS`)."""
        self.dsn = dsn
        self.application = application or f"{STORE_NAME}{os.getpid()}"
        self._sizes = (min_size, max_size)
        self._pool: asyncpg.Pool | None = None
        self._budget_pool: asyncpg.Pool | None = None
        """The small pool of the per-address budgets (:data:`BUDGET_POOL_SIZE`): never the tables'."""
        self._lock = asyncio.Lock()
        self._closed = False
        self._takes = 0

    def pool_sizes(self) -> tuple[int, int, int]:
        """The tables' pool now: (open connections, idle ones, the most it opens); (0, 0, max) before
        the first call opens it. For ``/metrics`` (``store_pool_connections``)."""
        pool = self._pool
        if pool is None:
            return (0, 0, self._sizes[1])
        return (pool.get_size(), pool.get_idle_size(), pool.get_max_size())

    @property
    def url(self) -> str:
        """Where the data lives (password hidden), for logs and ``/healthz``."""
        return redact(self.dsn)

    async def _get_pool(self) -> asyncpg.Pool:
        if self._closed:
            raise OSError(f"PostgreSQL store {self.url} is closed")
        if self._pool is not None:
            return self._pool
        async with self._lock:
            if self._pool is None:
                try:
                    pool = await asyncpg.create_pool(  # a lock another session holds: waited ANSWER_WITHIN at most
                        self.dsn, min_size=self._sizes[0], max_size=self._sizes[1], timeout=pglocks.CONNECT_WITHIN,
                        server_settings={"lock_timeout": str(int(ANSWER_WITHIN * 1000)),
                                         "application_name": self.application},
                    )
                    try:
                        async with pool.acquire(timeout=ANSWER_WITHIN) as con:
                            await ensure_schema(con, self.url)
                    except BaseException:
                        pool.terminate()  # a database that does not answer must not hold the start here too
                        raise
                except (OSError, *DRIVER_ERRORS, asyncio.TimeoutError) as exc:
                    raise OSError(f"cannot open PostgreSQL store {self.url}: {pglocks.unanswered(exc, self.dsn)}") from exc
                self._pool = pool
        return self._pool

    async def _get_budget_pool(self) -> asyncpg.Pool:
        """The pool of :meth:`take_budget` and :meth:`refund_budget`, at most :data:`BUDGET_POOL_SIZE`
        connections, made after the tables' pool (which makes the schema)."""
        await self._get_pool()
        if self._budget_pool is not None:
            return self._budget_pool
        async with self._lock:
            if self._budget_pool is None:
                try:
                    self._budget_pool = await asyncpg.create_pool(
                        self.dsn, min_size=0, max_size=BUDGET_POOL_SIZE, timeout=pglocks.CONNECT_WITHIN,
                        server_settings={"lock_timeout": str(int(ANSWER_WITHIN * 1000)),
                                         "application_name": self.application})
                except (OSError, *DRIVER_ERRORS, asyncio.TimeoutError) as exc:
                    raise OSError(f"cannot open PostgreSQL store {self.url}: {pglocks.unanswered(exc, self.dsn)}") from exc
        return self._budget_pool

    async def _run(self, work: Callable[[asyncpg.Connection], Awaitable[T]], *, write: bool = True,
                   step: _Step | None = None, budget: bool = False) -> T:
        """Run ``work`` in one transaction; driver failures become ``OSError`` (Store contract).

        Every wait is bounded by :data:`.base.ANSWER_WITHIN` (session 11, the kind of a request
        waiting on the store without a bound): for a connection of the pool (all in use) and, in
        each statement, for a lock another session holds (``lock_timeout``: a row of the table, a
        group's advisory lock); past it nothing of the transaction is done, and the caller gets
        ``OSError``. A transaction PostgreSQL does not answer at all (a backend stopped, a network
        cut, a disk that hangs) is cut after :data:`ANSWER_WITHIN` + :data:`ANSWER_GRACE` seconds:
        its connection is closed, so before its ``COMMIT`` nothing is done (``OSError``), and after
        it a ``write`` raises :class:`~.base.InDoubt`, whose ``settle`` asks PostgreSQL what became of
        its transaction (:meth:`_settle`). Before, such a statement was waited for without end: the
        table's lock held, its players unanswered (store s12 item 1). ``step``: one ``work`` fills in
        with its transaction id (:meth:`append`), else a write asks for it before its ``COMMIT``.
        ``budget``: on the budgets' own small pool (:meth:`take_budget`), never the tables'.
        A connection asyncpg lost track of (``InternalClientError``: its backend was ended while it
        sat in the pool, :data:`.pglocks.DRIVER_ERRORS`) is cut, never given back, and said as
        ``OSError`` (``InDoubt`` after its ``COMMIT`` was sent), not raised through the Store contract."""
        pool = await (self._get_budget_pool() if budget else self._get_pool())
        try:
            con = await pool.acquire(timeout=ANSWER_WITHIN)
        except asyncio.TimeoutError:
            raise OSError(f"postgres: no connection of the pool free within {ANSWER_WITHIN:g} s") from None
        except DRIVER_ERRORS as exc:
            raise OSError(f"postgres: {said(exc)}") from exc
        except OSError as exc:  # a new connection of the pool found nobody listening (operator s17 F3)
            words = pglocks.not_listening(exc, self.dsn)
            if words is None:
                raise
            raise OSError(words) from exc
        step = step if step is not None else _Step()
        try:
            async with asyncio.timeout(ANSWER_WITHIN + ANSWER_GRACE):
                return await _transaction(con, work, write, step)
        except TimeoutError:
            con.terminate()  # the backend ends its transaction at its next read, unless COMMIT is in it
            cut = f"postgres: no answer within {ANSWER_WITHIN + ANSWER_GRACE:g} s; the connection was cut"
            if step.committing and step.xid is not None:
                raise InDoubt(f"{cut} after its COMMIT was sent: stored or not is not known yet",
                              functools.partial(self._settle, step.xid, step.pid)) from None
            raise OSError(f"{cut}: nothing of it was done") from None
        except asyncpg.UniqueViolationError as exc:
            raise ValueError(str(exc)) from exc
        except asyncpg.LockNotAvailableError as exc:  # lock_timeout: name who holds the lock
            try:
                held = await asyncio.wait_for(blockers(con), ANSWER_GRACE)
            except (asyncio.TimeoutError, *DRIVER_ERRORS, OSError):
                held = []
            whole = any(mode in TABLE_BLOCKING for _, _, modes in held for mode in modes)
            said_held = "; held by " + ", ".join(f"pid {pid} ({app})" for pid, app, _ in held) if held else ""
            if held and not whole:
                raise RowLocked(f"postgres: {said(exc)}: a row is locked by another session{said_held}") from exc
            raise OSError(f"postgres: {said(exc)}{said_held}") from exc
        except asyncpg.InternalClientError as exc:  # the driver lost track of the connection: never reused
            con.terminate()
            lost = f"postgres: {said(exc)}; the connection was cut"
            if step.committing and step.xid is not None:
                raise InDoubt(f"{lost} after its COMMIT was sent: stored or not is not known yet",
                              functools.partial(self._settle, step.xid, step.pid)) from exc
            raise OSError(f"{lost}: nothing of it was done") from exc
        except DRIVER_ERRORS as exc:
            raise OSError(f"postgres: {said(exc)}") from exc
        finally:
            await _release(pool, con)

    async def _settle(self, xid: int, pid: int) -> bool | None:
        """What became of the write transaction ``xid`` (run by backend ``pid``) that was cut after its
        ``COMMIT`` was sent: True committed, False aborted (never to be stored), None still running;
        then that backend is asked to end (``pg_terminate_backend``, only while it still runs that
        transaction), so it aborts as soon as it runs again unless its commit is under way.
        ``txid_status`` is PostgreSQL's own answer to "did my COMMIT land when the connection was lost"."""
        async def work(con: asyncpg.Connection) -> bool | None:
            row = await con.fetchrow(
                "SELECT txid_status($1) AS status, (SELECT bool_or(pg_terminate_backend(pid)) FROM pg_stat_activity"
                " WHERE pid = $2 AND backend_xid::text = ($1 % 4294967296)::text) AS ended", xid, pid)
            return {"committed": True, "aborted": False}.get(row["status"])

        return await self._run(work, write=False)

    async def create_table(self, code: str, meta: bytes, creator: str | None = None,
                           created: float | None = None, limit: int | None = None) -> None:
        async def work(con: asyncpg.Connection) -> None:
            if creator is not None and limit is not None:
                refuse_over(creator, limit, await _count_locked(con, creator))
            await con.execute("INSERT INTO dn_table(code, meta, creator, created)"
                              " VALUES ($1, $2, $3, COALESCE($4, now()))", code, bytes(meta), creator,
                              None if created is None else _stamp(created_us(created)))

        try:
            await self._run(work)
        except ValueError as exc:  # the unique key: TooManyOpen is no ValueError and goes through
            raise ValueError(f"table {code} exists") from exc

    async def take_budget(self, kind: str, group: str, rate: float, burst: float) -> float:
        """Take one token from address group ``group``'s bucket of ``kind`` (``burst`` at once, then
        ``rate`` a second, on PostgreSQL's clock), shared by every process on this database: 0.0
        when one was taken, else the seconds until one is left (nothing taken). ``OSError`` if the
        database does not answer (the caller falls back to its own share)."""
        key = budget_key(group)
        self._takes += 1
        sweep = self._takes % BUDGET_SWEEP_EVERY == 0

        async def work(con: asyncpg.Connection) -> float:
            if sweep:  # full buckets: deleting one only means a full bucket again
                await con.execute("DELETE FROM dn_budget WHERE kind=$1 AND stamp + $2 < extract(epoch FROM clock_timestamp())",
                                  kind, burst / rate + 1.0 if rate > 0 else 86_400.0)
            if await con.fetchval(_TAKE_BUDGET, kind, key, float(rate), float(burst)) is not None:
                return 0.0
            row = await con.fetchrow("SELECT level, extract(epoch FROM clock_timestamp()) - stamp AS age"
                                     " FROM dn_budget WHERE kind=$1 AND grp=$2", kind, key)
            if row is None or rate <= 0:
                return 60.0
            level = min(burst, row["level"] + max(0.0, row["age"]) * rate)
            return max(0.001, (1.0 - level) / rate)

        return await self._run(work, budget=True)

    async def refund_budget(self, kind: str, group: str, burst: float) -> None:
        """Give back the token :meth:`take_budget` took for ``group`` (never beyond ``burst``)."""
        key = budget_key(group)

        async def work(con: asyncpg.Connection) -> None:
            await con.execute("UPDATE dn_budget SET level = least($3, level + 1) WHERE kind=$1 AND grp=$2",
                              kind, key, float(burst))

        await self._run(work, budget=True)

    async def probe(self) -> None:
        """Ask PostgreSQL for a write that changes nothing (an ``UPDATE`` of no row of ``dn_table``):
        ``OSError`` when it would refuse a write (read-only, a standby) or does not answer (cut
        after :data:`.base.ANSWER_WITHIN` + :data:`ANSWER_GRACE`), as a table's write would be. For a
        process with no table open (operator s13 finding 2: ``store_ok`` said 1 while PostgreSQL
        still hung, because nothing was tried)."""
        async def work(con: asyncpg.Connection) -> None:
            await con.execute("UPDATE dn_table SET updated = updated WHERE false")

        await self._run(work, write=False)

    async def unowned_open(self) -> list[str]:
        """The open tables whose advisory lock (``pglocks.lock_key``) no session holds: left by a
        process that died (a clean stop names its own, ``pglocks.ORPHAN_CHANNEL``), or released a
        moment ago by a hand-over whose asker claims it next (so an adopter only ever claims).
        On the pool, never the lock connection: a slow answer here must not count as a lost lock."""
        from .pglocks import held_key, lock_key

        async def work(con: asyncpg.Connection) -> list[str]:
            codes = await con.fetch("SELECT code FROM dn_table WHERE NOT closed")
            held = await con.fetch("SELECT classid::bigint AS hi, objid::bigint AS lo FROM pg_locks"
                                   " WHERE locktype = 'advisory' AND objsubid = 1 AND granted"
                                   " AND database = (SELECT oid FROM pg_database WHERE datname = current_database())")
            taken = {held_key(int(r["hi"]), int(r["lo"])) for r in held}  # signed, like lock_key
            return [r["code"] for r in codes if lock_key(r["code"]) not in taken]

        return await self._run(work, write=False)

    async def count_open(self, creator: str) -> int:
        async def work(con: asyncpg.Connection) -> int:
            return int(await con.fetchval("SELECT count(*) FROM dn_table WHERE creator=$1 AND NOT closed", creator))

        return await self._run(work, write=False)

    async def update_meta(self, code: str, meta: bytes, epoch: int | None = None) -> None:
        async def work(con: asyncpg.Connection) -> None:
            await _fenced(con, "UPDATE dn_table SET meta=$3, updated=now() WHERE code=$1 AND epoch=$2",
                          code, epoch, bytes(meta))

        await self._run(work)

    async def take(self, code: str) -> int | None:
        async def work(con: asyncpg.Connection) -> int | None:
            epoch = await con.fetchval(
                "UPDATE dn_table SET epoch=epoch+1 WHERE code=$1 AND NOT closed RETURNING epoch", code)
            return None if epoch is None else int(epoch)

        return await self._run(work)

    async def update_listing(self, code: str, listed: bool, scores: tuple[int, int],
                             epoch: int | None = None) -> None:
        async def work(con: asyncpg.Connection) -> None:
            await _fenced(con, "UPDATE dn_table SET listed=$3, score_a=$4, score_b=$5 WHERE code=$1 AND epoch=$2",
                          code, epoch, bool(listed), int(scores[0]), int(scores[1]))

        await self._run(work)

    async def load_listed(self, limit: int, before: ListingKey | None = None,
                          after: ListingKey | None = None) -> list[ListedTable]:
        if before is not None and after is not None:
            raise ValueError("load_listed: before or after, not both")
        cursor = before if before is not None else after
        order = "ASC" if after is not None else "DESC"
        # codes compared by code point (COLLATE "C"), as Python and SQLite compare them
        where = "" if cursor is None else f" AND (created, code COLLATE \"C\") {'<' if before is not None else '>'} ($2, $3)"
        args: list[Any] = [int(limit)] if cursor is None else [int(limit), _stamp(int(cursor[0])), str(cursor[1])]

        async def work(con: asyncpg.Connection) -> list[ListedTable]:
            rows = await con.fetch("SELECT code, meta, score_a, score_b, created FROM dn_table WHERE listed AND NOT closed"
                                   f"{where} ORDER BY created {order}, code COLLATE \"C\" {order} LIMIT $1", *args)
            found = [ListedTable(r["code"], bytes(r["meta"]), (r["score_a"], r["score_b"]), _micros(r["created"]))
                     for r in rows]
            return found if after is None else found[::-1]

        return await self._run(work, write=False)

    async def append(self, code: str, rows: list[tuple[int, bytes]], epoch: int | None = None) -> None:
        seqs, payloads = [int(seq) for seq, _ in rows], [bytes(payload) for _, payload in rows]
        step = _Step(from_work=bool(seqs))

        async def work(con: asyncpg.Connection) -> None:
            # The foreign key finds an unknown table, the primary key a repeated seq. One statement,
            # which also gives the transaction id (:meth:`_settle`): a move costs one round trip.
            if not seqs:
                if await con.fetchval("SELECT 1 FROM dn_table WHERE code=$1", code) is None:
                    raise KeyError(code)
                return
            try:
                done = await con.fetchrow(_APPEND, code, seqs, payloads, epoch)
            except asyncpg.ForeignKeyViolationError as exc:
                raise KeyError(code) from exc
            step.xid = int(done["xid"])
            if epoch is not None and done["epoch"] is None:
                raise KeyError(code)
            if epoch is not None and done["epoch"] != epoch:  # nothing was inserted
                raise stale_owner(code, epoch, int(done["epoch"]))

        try:
            await self._run(work, step=step)
        except ValueError as exc:
            if "taken over" in str(exc):
                raise
            raise ValueError(f"table {code}: a seq in {seqs} is already stored") from exc

    async def append_chat(self, code: str, line_id: int, payload: bytes, keep: int,
                          epoch: int | None = None, drop: tuple[int, ...] = ()) -> None:
        async def work(con: asyncpg.Connection) -> None:
            # issue 15: chat is kept beside the log, bounded to the newest ``keep`` lines
            if epoch is not None:
                await _owner_check(con, code, epoch)
            try:
                await con.execute("INSERT INTO dn_chat(code, id, payload) VALUES ($1, $2, $3)",
                                  code, int(line_id), bytes(payload))
            except asyncpg.ForeignKeyViolationError as exc:
                raise KeyError(code) from exc
            await con.execute("DELETE FROM dn_chat WHERE code=$1 AND id <= $2", code, int(line_id) - keep)
            if drop:
                await con.execute("DELETE FROM dn_chat WHERE code=$1 AND id = ANY($2::int[])", code,
                                  [int(i) for i in drop])

        try:
            await self._run(work)
        except ValueError as exc:
            if "taken over" in str(exc):
                raise
            raise ValueError(f"table {code}: chat line {line_id} is already stored") from exc

    async def load_chat(self, code: str) -> tuple[tuple[int, bytes], ...]:
        async def work(con: asyncpg.Connection) -> tuple[tuple[int, bytes], ...]:
            rows = await con.fetch("SELECT id, payload FROM dn_chat WHERE code=$1 ORDER BY id", code)
            return tuple((r["id"], bytes(r["payload"])) for r in rows)

        return await self._run(work, write=False)

    async def record_result(self, result: MatchResult, keep: int = RESULTS_KEPT,
                            per_site: int = RESULTS_PER_SITE) -> None:
        r = result

        async def work(con: asyncpg.Connection) -> None:
            await con.execute(
                "INSERT INTO dn_result(code, match_no, name, seat1, seat2, seat3, seat4, score_a, score_b, winner,"
                " hands, started, ended, public, site) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15)"
                " ON CONFLICT (code, match_no) DO UPDATE SET name=EXCLUDED.name, seat1=EXCLUDED.seat1,"
                " seat2=EXCLUDED.seat2, seat3=EXCLUDED.seat3, seat4=EXCLUDED.seat4, score_a=EXCLUDED.score_a,"
                " score_b=EXCLUDED.score_b, winner=EXCLUDED.winner, hands=EXCLUDED.hands,"
                " started=EXCLUDED.started, ended=EXCLUDED.ended, public=EXCLUDED.public, site=EXCLUDED.site",
                r.code, int(r.match), r.name, *r.seats, int(r.scores[0]), int(r.scores[1]), r.winner, int(r.hands),
                _stamp(created_us(r.started)), _stamp(created_us(r.ended)), bool(r.public), r.site)
            if r.site is not None:  # attacker s14 F3: one site's matches never evict another's
                await con.execute("DELETE FROM dn_result WHERE (code, match_no) IN (SELECT code, match_no FROM dn_result"
                                  " WHERE site=$1 ORDER BY ended DESC, code COLLATE \"C\", match_no DESC OFFSET $2)",
                                  r.site, int(per_site))
            over = int(await con.fetchval("SELECT COUNT(*) FROM dn_result")) - int(keep)
            if over > 0:  # the oldest of the site holding the most, never another's first
                top = await con.fetchval("SELECT site FROM dn_result GROUP BY site ORDER BY COUNT(*) DESC,"
                                         " site COLLATE \"C\" DESC NULLS LAST LIMIT 1")
                await con.execute("DELETE FROM dn_result WHERE (code, match_no) IN (SELECT code, match_no FROM dn_result"
                                  " WHERE site IS NOT DISTINCT FROM $1 ORDER BY ended, code COLLATE \"C\", match_no"
                                  " LIMIT $2)", top, over)

        await self._run(work)

    async def forget_unfinished(self, code: str, match: int) -> None:
        async def work(con: asyncpg.Connection) -> None:
            await con.execute("DELETE FROM dn_result WHERE code=$1 AND match_no=$2 AND winner IS NULL", code, int(match))

        await self._run(work)

    async def load_results(self, limit: int = RESULTS_SHOWN, code: str | None = None,
                           public: bool = False, *, offset: int = 0, table: str = "",
                           ended: tuple[float, float] | None = None) -> list[MatchResult]:
        wanted = table.lower() or None
        since, before = (None, None) if ended is None else (_stamp(created_us(ended[0])), _stamp(created_us(ended[1])))

        async def work(con: asyncpg.Connection) -> list[MatchResult]:
            rows = await con.fetch(  # operator s15 F3: chosen and paged here, never in the process
                "SELECT * FROM dn_result WHERE ($2::text IS NULL OR code=$2) AND (public OR NOT $3)"
                # phone s17 F14: the name compared with accents ignored, as fold_name does
                " AND ($5::text IS NULL OR lower(code)=$5 OR strpos(translate(lower(name), $8::text, $9::text), $10::text) > 0)"
                " AND ($6::timestamptz IS NULL OR (ended >= $6 AND ended < $7))"
                " ORDER BY ended DESC, code COLLATE \"C\", match_no DESC LIMIT $1 OFFSET $4",
                max(0, int(limit)), code, bool(public), max(0, int(offset)), wanted, since, before,
                FOLD_FROM, FOLD_TO, fold_name(table))
            read = (checked_result(r["code"], r["match_no"], r["name"], (r["seat1"], r["seat2"], r["seat3"], r["seat4"]),
                                   (r["score_a"], r["score_b"]), r["winner"], r["hands"], _micros(r["started"]) / 1e6,
                                   _micros(r["ended"]) / 1e6, r["public"], r.get("site")) for r in rows)
            return [m for m in read if m is not None]  # attacker s16 F6: an odd row is skipped, logged once

        return await self._run(work, write=False)

    async def close_table(self, code: str, epoch: int | None = None) -> None:
        async def work(con: asyncpg.Connection) -> None:
            await _fenced(con, "UPDATE dn_table SET closed=TRUE, creator=NULL, updated=now() WHERE code=$1 AND epoch=$2",
                          code, epoch)

        await self._run(work)

    async def reopen_table(self, code: str, creator: str | None = None, limit: int | None = None) -> None:
        async def work(con: asyncpg.Connection) -> None:
            if creator is not None and limit is not None:
                have = await _count_locked(con, creator)  # first: its locks come before any read
                if await con.fetchval("SELECT 1 FROM dn_table WHERE code=$1 AND closed", code) is not None:
                    refuse_over(creator, limit, have)
            done = await con.execute("UPDATE dn_table SET closed=FALSE, creator=$2, updated=now()"
                                     " WHERE code=$1 AND closed", code, creator)
            if done.endswith(" 0") and await con.fetchval("SELECT 1 FROM dn_table WHERE code=$1", code) is None:
                raise KeyError(code)

        await self._run(work)

    async def load_open(self, rows: bool = True) -> list[StoredTable]:
        async def work(con: asyncpg.Connection) -> list[StoredTable]:
            heads = await con.fetch("SELECT code, meta, epoch, listed, score_a, score_b FROM dn_table"
                                    " WHERE NOT closed ORDER BY created, code")
            logs: dict[str, list[tuple[int, bytes]]] = {h["code"]: [] for h in heads}
            for r in await con.fetch(
                "SELECT r.code, r.seq, r.payload FROM dn_row r JOIN dn_table t ON t.code = r.code"
                " WHERE NOT t.closed ORDER BY r.code, r.seq"
            ) if rows else ():
                logs[r["code"]].append((r["seq"], bytes(r["payload"])))
            return [StoredTable(h["code"], bytes(h["meta"]), tuple(logs[h["code"]]), False, h["epoch"], _listing(h))
                    for h in heads]

        return await self._run(work, write=False)

    async def load(self, code: str, rows: bool = True) -> StoredTable | None:
        async def work(con: asyncpg.Connection) -> StoredTable | None:
            head = await con.fetchrow("SELECT meta, closed, epoch, listed, score_a, score_b FROM dn_table"
                                      " WHERE code=$1", code)
            if head is None:
                return None
            log = await con.fetch("SELECT seq, payload FROM dn_row WHERE code=$1 ORDER BY seq", code) if rows else ()
            return StoredTable(code, bytes(head["meta"]), tuple((r["seq"], bytes(r["payload"])) for r in log),
                               head["closed"], head["epoch"], _listing(head))

        return await self._run(work, write=False)

    async def close(self) -> None:
        """Wait for running transactions, then close every pooled connection, for at most
        :data:`CLOSE_WITHIN` seconds; then the connections still open are cut (``terminate``): a
        transaction not answered by then was cut in doubt already, and what PostgreSQL made of it is
        what the next start (or another process) loads. Idempotent.

        Operator s13 finding 9: a SIGTERM during a PostgreSQL hang waited 45 s, until PostgreSQL
        ran again, in asyncpg's ``Pool.close``; under systemd every stop ran into its 30 s and a
        SIGKILL."""
        self._closed = True
        budgets, self._budget_pool = self._budget_pool, None
        if budgets is not None:
            budgets.terminate()  # a bucket's token in flight is only a token: nothing to wait for
        pool, self._pool = self._pool, None
        if pool is None:
            return
        try:
            await asyncio.wait_for(pool.close(), CLOSE_WITHIN)
        except (asyncio.TimeoutError, OSError, *DRIVER_ERRORS) as exc:
            pool.terminate()
            log.warning("PostgreSQL store %s closed without its answer (%s): its connections cut; what it"
                        " stored is what the next start loads", self.url,
                        f"no answer within {CLOSE_WITHIN:g} s" if isinstance(exc, asyncio.TimeoutError) else typed(exc))

    async def drop_all(self) -> None:
        """Delete every table and row (tests only: each test starts from an empty schema)."""

        async def work(con: asyncpg.Connection) -> Any:
            return await con.execute("TRUNCATE dn_chat, dn_row, dn_table, dn_budget, dn_result")

        await self._run(work)


def _listing(row: Any) -> tuple[bool, tuple[int, int]]:
    """(listed, scores) from a row with the columns ``listed, score_a, score_b``."""
    return bool(row["listed"]), (int(row["score_a"]), int(row["score_b"]))


async def _owner_check(con: asyncpg.Connection, code: str, epoch: int | None) -> int:
    """The stored epoch of ``code``, with its row locked until the transaction ends, so the check
    and the write after it see one epoch (``FOR NO KEY UPDATE``: it waits for a concurrent take,
    never for the appends, whose foreign key takes only ``KEY SHARE``). ``KeyError`` if unknown,
    ``ValueError`` if ``epoch`` is given and is not the stored one."""
    stored = await con.fetchval("SELECT epoch FROM dn_table WHERE code=$1 FOR NO KEY UPDATE", code)
    if stored is None:
        raise KeyError(code)
    if epoch is not None and stored != epoch:
        raise stale_owner(code, epoch, stored)
    return int(stored)


async def _fenced(con: asyncpg.Connection, sql: str, code: str, epoch: int | None, *values: Any) -> None:
    """Run the record update ``sql`` (``$1`` code, ``$2`` epoch, then ``values``) only if the
    stored epoch is ``epoch`` (any, when None); errors as :func:`_owner_check`."""
    stored = await _owner_check(con, code, epoch)
    await con.execute(sql, code, stored, *values)


_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)
_MICRO = timedelta(microseconds=1)


def _stamp(micros: int) -> datetime:
    """Whole microseconds since the epoch as the TIMESTAMPTZ ``created`` (exact both ways)."""
    return _EPOCH + micros * _MICRO


def _micros(stamp: datetime) -> int:
    """``created`` as whole microseconds since the epoch (the first half of a ListingKey). asyncpg
    reads ``infinity`` and ``-infinity`` as the naive ``datetime.max`` and ``min``: taken as UTC (attacker
    s11 F6: one such row made every read of the listing fail, "can't subtract offset-naive and
    offset-aware datetimes")."""
    if stamp.tzinfo is None:
        stamp = stamp.replace(tzinfo=timezone.utc)
    return (stamp - _EPOCH) // _MICRO
