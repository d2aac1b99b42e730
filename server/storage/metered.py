"""A :class:`~.base.Store` wrapper that times every durable append (``/metrics``, issue 7) and
remembers whether the store can write (``/healthz``, issue 12 case 5)."""
from __future__ import annotations

import time
from typing import Any

from .base import ListedTable, ListingKey, Store, StoredTable, TooManyOpen


class MeteredStore:
    """Delegates to ``inner``; observes each ``append``'s seconds on ``histogram`` (any object
    with ``observe(float)``, e.g. a prometheus-client Histogram). :attr:`failing` says why the
    last write failed (a full disk, a read-only file system), None once a write succeeds."""

    def __init__(self, inner: Store, histogram: Any) -> None:
        self.inner = inner
        self.histogram = histogram
        self.failing: str | None = None
        """Why the last write failed ("OperationalError: disk I/O error"), None when it worked."""

    async def _write(self, call: Any) -> Any:
        try:
            result = await call
        except (KeyError, ValueError, TooManyOpen):  # refused by a store that works (a key, a stale epoch, the limit)
            self.failing = None
            raise
        except Exception as exc:
            self.failing = f"{type(exc).__name__}: {exc}"[:300]
            raise
        self.failing = None
        return result

    @property
    def url(self) -> str:
        """The wrapped store's description (see ``storage.describe``)."""
        from . import describe

        return describe(self.inner)

    async def append(self, code: str, rows: list[tuple[int, bytes]]) -> None:
        start = time.perf_counter()
        try:
            await self._write(self.inner.append(code, rows))
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
                          epoch: int | None = None) -> None:
        await self.inner.append_chat(code, line_id, payload, keep, epoch)

    async def load_chat(self, code: str) -> tuple[tuple[int, bytes], ...]:
        return await self.inner.load_chat(code)

    async def close_table(self, code: str, epoch: int | None = None) -> None:
        await self._write(self.inner.close_table(code, epoch))

    async def reopen_table(self, code: str, creator: str | None = None, limit: int | None = None) -> None:
        await self._write(self.inner.reopen_table(code, creator, limit))

    async def load_open(self) -> list[StoredTable]:
        return await self.inner.load_open()

    async def load(self, code: str) -> StoredTable | None:
        return await self.inner.load(code)

    async def close(self) -> None:
        await self.inner.close()
