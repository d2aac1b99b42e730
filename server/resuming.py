"""A start's stored tables, resumed past the first few after the server listens (s15, carried from s13).

A start resumed every open table before it listened: with 3,000 stored tables the port stayed closed
about 10 s (bench/start_many.py; docs/performance.md "A start with many open tables"), so every
player of every table, and the first new one, met "connection refused". Now :meth:`Registry.start`
resumes at most :data:`RESUME_BEFORE_LISTEN` tables, listens, and :meth:`TableResumes._resume_later`
resumes the others in the background, :data:`RESUME_AT_ONCE` at a time. Each is registered as a load
under way (``Registry._loading``), so a player's lookup of a table not resumed yet waits for its load
or, if it has not begun, loads it at once itself; the background then finds it served and goes on.
"""
from __future__ import annotations

import asyncio
import logging
from typing import Any

from doublenine.shared.cleantext import typed
from doublenine.shared.errors import ErrorCode

from .table import ClaimsUnavailable, Refused, Table, claim_here

log = logging.getLogger("doublenine.server")

RESUME_BEFORE_LISTEN = 64
"""Stored open tables a start resumes before it listens (a small server's every table, as before: about
0.2 s); the others after it listens (:meth:`TableResumes._resume_later`)."""
RESUMED_NAMED = 50
"""Codes named in a ``resumed N tables: ...`` line (the rest counted: ``and N more``)."""
RESUME_AT_ONCE = 4
"""Stored tables resumed at once in the background after the start listens: each one's reads and its log's
replay (in a worker thread) go on beside the players' frames, never all at once."""


def named_codes(codes: list[str]) -> str:
    """``codes`` for a log line, at most :data:`RESUMED_NAMED` of them, then ``and N more`` (operator s15
    F1/F7: ``resumed 14 tables`` named none, so a table resumed and served twice could not be seen)."""
    more = len(codes) - RESUMED_NAMED
    return " ".join(codes[:RESUMED_NAMED]) + (f" and {more} more" if more > 0 else "")


class TableResumes:
    """The background part of a start's resume (mixed into :class:`.registry.Registry`, which has the
    ``tables``, ``_loading``, ``ownership``, ``stopping`` and ``_resume_claimed`` used here)."""

    tables: dict[str, Table]
    _loading: dict[str, asyncio.Task[Table]]
    ownership: Any
    stopping: bool
    _unreadable: dict[str, None]

    def __init__(self) -> None:
        self._resuming: asyncio.Task[int] | None = None
        """The background resume of a start's tables past :data:`RESUME_BEFORE_LISTEN` (None: none)."""
        self._background: set[asyncio.Task[Table]] = set()
        """Its loads under way: a lookup that waited for one and was refused loads the table itself."""

    async def _resume_claimed(self, stored: Any) -> Table:  # Registry's
        raise NotImplementedError

    def _loaded(self, done: asyncio.Task[Table]) -> None:  # Registry's
        raise NotImplementedError

    def resume_later(self, stored: list[Any]) -> None:
        """Resume ``stored`` (open tables' records) in the background, :data:`RESUME_AT_ONCE` at a time."""
        if stored:
            self._resuming = asyncio.get_running_loop().create_task(self._resume_later(stored))

    async def resumed(self) -> int:
        """Wait for the background resume (tests, ``stop``); how many tables it resumed (0: none under way)."""
        task = self._resuming
        return 0 if task is None else await asyncio.shield(task)

    async def _resume_later(self, stored: list[Any]) -> int:
        done: list[str] = []
        failed = 0
        for at in range(0, len(stored), RESUME_AT_ONCE):
            if self.stopping:
                break
            batch = [self._resume_task(s) for s in stored[at:at + RESUME_AT_ONCE]]
            batch = [t for t in batch if t is not None]
            if not batch:
                continue
            await asyncio.wait(batch)
            for task in batch:
                exc = None if task.cancelled() else task.exception()
                if exc is None and not task.cancelled():
                    done.append(task.result().code)
                failed += isinstance(exc, Exception) and not isinstance(exc, Refused)
            if any(isinstance(t.exception(), ClaimsUnavailable) for t in batch if not t.cancelled()):
                log.error("resuming stopped: the table claims failed; a player's lookup loads the others")
                break
        log.info("resumed %d more tables after listening%s%s", len(done), f", {failed} not" if failed else "",
                 f": {named_codes(done)}" if done else "")
        return len(done)

    def _resume_task(self, stored: Any) -> asyncio.Task[Table] | None:
        """The load of ``stored`` registered as under way (None: served or being loaded already)."""
        code = stored.code
        if code in self.tables or code in self._loading:
            return None
        task = asyncio.get_running_loop().create_task(self._resume_one(stored))
        self._loading[code] = task
        self._background.add(task)
        task.add_done_callback(self._loaded)
        task.add_done_callback(self._background.discard)
        return task

    async def _resume_one(self, stored: Any) -> Table:
        """Claim and serve ``stored`` as a start does; refused (TABLE_MOVING, UNKNOWN_TABLE) when another
        process serves it or it closed meanwhile, so a lookup waiting for it loads it on its own."""
        from .registry import Unreadable  # defined beside the loads that raise it

        code = stored.code
        await claim_here(self.ownership, code)
        try:
            return await self._resume_claimed(stored)
        except Refused:  # closed meanwhile, or its claim given up while it loaded (operator s15 F1): no fault
            raise
        except Unreadable as exc:
            self._unreadable[exc.code] = None
            log.error("table %s not resumed: %s; it stays open in the store, refused UNKNOWN_TABLE", code, exc)
            raise Refused(ErrorCode.UNKNOWN_TABLE, f"table {code} cannot be read from the store") from None
        except Exception as exc:
            log.error("table %s not resumed: %s; it stays open in the store for a later lookup", code, typed(exc))
            raise


__all__ = ["RESUME_AT_ONCE", "RESUME_BEFORE_LISTEN", "TableResumes"]
