"""A :class:`~.base.Store` wrapper that times every durable append (``/metrics``, issue 7) and
remembers whether the store can write (``/healthz``, issue 12 case 5), and when it last could
(``/metrics``: ``doublenine_store_ok``, ``doublenine_store_seconds_since_success``).

A failing spell is logged as one story (operator s11, finding 7: a full disk logged one ERROR with a
whole traceback per retry, about 4 KB/s per table, "store still failing" at INFO and nothing when
it recovered): each distinct failure's traceback once per :data:`~..logfmt.REPEAT_EVERY` seconds
(:func:`log_store_failure`), ``store still failing`` at WARNING at most every
:data:`STILL_FAILING_EVERY` seconds with the count of failed writes, and ``store recovered`` at
WARNING (the level the spell was said at) when a write works again, with how long it failed.

Health is kept per kind of write (:data:`WRITE_KINDS`; operator s11 round 2 finding 2: with only
``dn_row`` writes refused, the 5-s probe's seat record write worked and counted as recovery, so
``store_ok`` flapped every 5 s, ``seconds_since_success`` never grew and the alerts never fired): the
store is failing while any kind of write whose last try failed has not worked since, and a spell
ends only when every such kind has worked again (or no table is open to need one,
:meth:`MeteredStore.assume_working`).
"""
from __future__ import annotations

import logging
import sys
import time
from typing import Any

from doublenine.shared.cleantext import typed

from ..logfmt import Repeats, log_event, log_repeated

from .base import RESULTS_KEPT, RESULTS_PER_SITE, RESULTS_SHOWN, InDoubt, ListedTable, ListingKey, MatchResult, RowLocked, Store, StoredTable, TooManyOpen

log = logging.getLogger("doublenine.server.storage")

WRITE_KINDS = ("moves", "chat", "tables")
"""The kinds of write a failing spell is kept for: a table's log rows (``append``: ``dn_row``), its
chat lines (``append_chat``: ``dn_chat``) and its table record (create, seats, listing, claim, close,
reopen: ``dn_table``). One kind working says nothing of another."""
STILL_FAILING_EVERY = 30.0
"""Seconds between two ``store still failing`` lines of one failing spell."""


def log_store_failure(logger: logging.Logger, store: Any, message: str, *args: Any,
                      level: int = logging.ERROR, traceback: bool = True) -> None:
    """Inside ``except``: log ``message % args`` at ``level`` (with the traceback if ``traceback``)
    when ``store`` (a :class:`MeteredStore`) has not said this failure within the last minute, the
    line then with ``repeats=N``, the times it was held back (``logfmt.log_repeated``); else at DEBUG
    without it (the same disk-full error from every retry of every table). Any other store: always
    at ``level``."""
    exc = sys.exc_info()[1]
    repeats = getattr(store, "repeats", None)
    if repeats is None or exc is None:
        logger.log(level, message, *args, exc_info=traceback)
    elif not log_repeated(logger, level, typed(exc)[:300], message, *args, repeats=repeats,
                          exc_info=traceback):
        logger.debug(message + " (said already: the store is failing)", *args)


class MeteredStore:
    """Delegates to ``inner``; observes each ``append``'s seconds on ``histogram`` (any object
    with ``observe(float)``, e.g. a prometheus-client Histogram). :attr:`failing` says why the
    last write failed (a full disk, a read-only file system), None once every kind of write that
    failed (:data:`WRITE_KINDS`) has worked again."""

    def __init__(self, inner: Store, histogram: Any, clock: Any = time.monotonic) -> None:
        self.inner = inner
        self.histogram = histogram
        self.clock = clock
        self.failing: str | None = None
        """Why the last write failed ("OperationalError: disk I/O error"), None when it worked."""
        self.last_ok = clock()
        """``clock()`` of the last write that worked (the start, before any)."""
        self.failed_since: float | None = None
        """``clock()`` of the first failed write of the spell under way, None when the store works."""
        self.failed_writes = 0
        """Writes failed in the spell under way."""
        self._failing_kinds: dict[str, str] = {}
        """Kind of write (:data:`WRITE_KINDS`) -> why its last try failed, for those that failed."""
        self._still_said = 0.0
        self.on_failed: Any = None
        """Called with the kind of every failed write (``/metrics``: ``store_failed_writes_total``)."""
        self.on_in_doubt: Any = None
        """Called for every write cut in doubt (``/metrics``: ``store_in_doubt_total``)."""
        self.repeats = Repeats(clock=clock)
        """Which failures :func:`log_store_failure` says now (each text once a minute, with the count)."""

    def _counted(self, kind: str, in_doubt: bool) -> None:
        """Count one failed write of ``kind`` (and one cut in doubt) for ``/metrics``; never raises."""
        for hook, arg in ((self.on_failed, (kind,)), (self.on_in_doubt if in_doubt else None, ())):
            if hook is not None:
                try:
                    hook(*arg)
                except Exception:  # noqa: BLE001 - a counter must never change a write's outcome
                    pass

    def _failed(self, exc: BaseException, kind: str) -> None:
        self.failing = typed(exc)[:300]
        self._failing_kinds[kind] = self.failing
        now = self.clock()
        self.failed_writes += 1
        if self.failed_since is None:
            self.failed_since = self._still_said = now
        elif now - self._still_said >= STILL_FAILING_EVERY:
            self._still_said = now
            log_event(log, logging.WARNING, "store still failing", reason=self.failing,
                      failed_writes=self.failed_writes, failing_for=round(now - self.failed_since, 1),
                      writes=",".join(self.failing_kinds))

    @property
    def failing_kinds(self) -> tuple[str, ...]:
        """The kinds of write (:data:`WRITE_KINDS`, in that order) whose last try failed."""
        return tuple(k for k in WRITE_KINDS if k in self._failing_kinds)

    def _worked(self, kind: str) -> None:
        self._failing_kinds.pop(kind, None)
        if self._failing_kinds:  # another kind of write still fails: the store is not working yet
            self.failing = self._failing_kinds[self.failing_kinds[0]]
            return
        now = self.clock()
        self.last_ok = now
        if self.failed_since is not None:
            log_event(log, logging.WARNING, "store recovered", failed_writes=self.failed_writes,
                      failed_for=round(now - self.failed_since, 1), last_reason=self.failing)
            self.repeats.clear()
        self.failing, self.failed_since, self.failed_writes = None, None, 0

    def assume_working(self) -> None:
        """End a failing spell without a write (no table is open to try one; the next write will
        tell): ``/healthz`` says ok again, and the log says why the spell ended."""
        if self.failed_since is not None:
            log_event(log, logging.INFO, "store no longer tested: no table open", failed_writes=self.failed_writes,
                      last_reason=self.failing)
            self.repeats.clear()
        self._failing_kinds.clear()
        self.failing, self.failed_since, self.failed_writes = None, None, 0

    async def probe(self) -> None:
        """With no table open, test the store itself instead of assuming it works (operator s13
        finding 2: after a PostgreSQL hang dropped every table, ``store_ok`` went back to 1 from the
        mere absence of tables while PostgreSQL still hung, and no alert on it could fire): the
        inner store's ``probe`` (a write that changes nothing); when it works, every kind of write
        counts as working again (none is pending: no table is open) and the spell ends with
        ``store recovered``; when it fails the spell goes on (kind ``tables``) and the error is
        raised. A store without ``probe`` (memory): :meth:`assume_working`."""
        probe = getattr(self.inner, "probe", None)
        if probe is None:
            self.assume_working()
            return
        try:
            await probe()
        except Exception as exc:
            self._failed(exc, "tables")
            raise
        self._failing_kinds.clear()
        self._worked("tables")

    def seconds_since_success(self) -> float:
        """Seconds since the last write that worked (since the start before any)."""
        return max(0.0, self.clock() - self.last_ok)

    async def _write(self, call: Any, kind: str = "tables") -> Any:
        """Await ``call``, a write of ``kind`` (:data:`WRITE_KINDS`), and keep its health."""
        try:
            result = await call
        except (KeyError, ValueError, TooManyOpen):  # refused by a store that works (a key, a stale epoch, the limit)
            self._worked(kind)
            raise
        except RowLocked:  # one table's row locked by another session: that table's refusal, not the store's health
            self._counted(kind, False)
            raise
        except Exception as exc:
            self._counted(kind, isinstance(exc, InDoubt))
            self._failed(exc, kind)
            raise
        self._worked(kind)
        return result

    @property
    def url(self) -> str:
        """The wrapped store's description (see ``storage.describe``)."""
        from . import describe

        return describe(self.inner)

    async def append(self, code: str, rows: list[tuple[int, bytes]], epoch: int | None = None) -> None:
        start = time.perf_counter()
        try:
            await self._write(self.inner.append(code, rows, epoch), "moves")
        finally:
            self.histogram.observe(time.perf_counter() - start)

    async def create_table(self, code: str, meta: bytes, creator: str | None = None,
                           created: float | None = None, limit: int | None = None) -> None:
        await self._write(self.inner.create_table(code, meta, creator, created, limit))

    async def count_open(self, creator: str) -> int:
        result: int = await self.inner.count_open(creator)
        return result

    async def update_meta(self, code: str, meta: bytes, epoch: int | None = None) -> None:
        await self._write(self.inner.update_meta(code, meta, epoch))

    async def take(self, code: str) -> int | None:
        result: int | None = await self._write(self.inner.take(code))
        return result

    async def update_listing(self, code: str, listed: bool, scores: tuple[int, int],
                             epoch: int | None = None) -> None:
        await self._write(self.inner.update_listing(code, listed, scores, epoch))

    async def load_listed(self, limit: int, before: ListingKey | None = None,
                          after: ListingKey | None = None) -> list[ListedTable]:
        if before is None and after is None:  # the first page: any store (and test doubles) answer this
            return await self.inner.load_listed(limit)
        return await self.inner.load_listed(limit, before=before, after=after)

    async def append_chat(self, code: str, line_id: int, payload: bytes, keep: int,
                          epoch: int | None = None, drop: tuple[int, ...] = ()) -> None:
        await self._write(self.inner.append_chat(code, line_id, payload, keep, epoch, drop), "chat")

    async def load_chat(self, code: str) -> tuple[tuple[int, bytes], ...]:
        return await self.inner.load_chat(code)

    async def record_result(self, result: MatchResult, keep: int = RESULTS_KEPT,
                            per_site: int = RESULTS_PER_SITE) -> None:
        await self._write(self.inner.record_result(result, keep, per_site))

    async def forget_unfinished(self, code: str, match: int) -> None:
        await self._write(self.inner.forget_unfinished(code, match))

    async def load_results(self, limit: int = RESULTS_SHOWN, code: str | None = None,
                           public: bool = False, *, offset: int = 0, table: str = "",
                           ended: tuple[float, float] | None = None) -> list[MatchResult]:
        return await self.inner.load_results(limit, code, public, offset=offset, table=table, ended=ended)

    async def close_table(self, code: str, epoch: int | None = None) -> None:
        await self._write(self.inner.close_table(code, epoch))

    async def reopen_table(self, code: str, creator: str | None = None, limit: int | None = None) -> None:
        await self._write(self.inner.reopen_table(code, creator, limit))

    async def load_open(self, rows: bool = True) -> list[StoredTable]:
        return await (self.inner.load_open() if rows else self.inner.load_open(rows=False))

    async def load(self, code: str, rows: bool = True) -> StoredTable | None:
        return await (self.inner.load(code) if rows else self.inner.load(code, rows=False))

    async def close(self) -> None:
        await self.inner.close()
