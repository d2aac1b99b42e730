"""What a monitoring system needs from ``/metrics`` (operator s13 finding 10).

- ``doublenine_limits_total{limit}`` had no series until a limit first fired (``grep -c limits_total{``
  = 0 on a fresh process): an ``increase`` alert misses a process's first event on a series that did
  not exist before it. Every limit's series is there at 0 from the start.
- No counter of failed store writes or of writes cut in doubt: ``store_ok`` is a gauge with ``for: 1m``,
  so a 30 s row lock, a 24 s full disk or a 3.5 s cut showed only through ``errors_total{code="INTERNAL"}``.
- No pool figures, no count of tables waiting for adoption (and of rollbacks: test_rollback_seen_pg).
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from doublenine.server.connection import LIMIT_CODES
from doublenine.server.metrics import LIMIT_NAMES, ServerMetrics
from doublenine.server.storage.base import InDoubt, MemoryStore, RowLocked
from doublenine.server.storage.metered import MeteredStore

ROOT = Path(__file__).resolve().parents[2]


def _series(text: str, name: str) -> dict[str, float]:
    return {m.group(1): float(m.group(2)) for m in re.finditer(rf"^{name}(\{{[^}}]*\}})? (\S+)$", text, re.M)}


def test_every_limit_series_is_there_at_zero_from_the_start() -> None:
    text = ServerMetrics(version="0.1.0").render().decode()
    got = _series(text, "doublenine_limits_total")
    assert got == {f'{{limit="{name}"}}': 0.0 for name in LIMIT_NAMES}
    assert len(got) == 22  # s16: "table", the spectators' chat slow mode (data.limit of CHAT_TOO_FAST)


def test_every_limit_the_server_counts_is_named_in_limit_names() -> None:
    """The kind: a limit counted under a name whose series was not made at the start."""
    used = set(LIMIT_CODES.values())
    for path in (ROOT / "server").rglob("*.py"):
        text = path.read_text()
        used |= set(re.findall(r'\.limit\("([a-z_]+)"', text))
        used |= set(re.findall(r'limits\.labels\(limit="([a-z_]+)"\)', text))
        used |= set(re.findall(r'"limit": "([a-z_]+)"', text))
    assert used <= set(LIMIT_NAMES), used - set(LIMIT_NAMES)


class _Flaky:
    """A store whose next appends fail as told."""

    def __init__(self) -> None:
        self.inner = MemoryStore()
        self.fail: list[BaseException] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    async def append(self, *args: Any) -> None:
        if self.fail:
            raise self.fail.pop(0)
        await self.inner.append(*args)


async def test_failed_and_in_doubt_writes_are_counted_however_short() -> None:
    metrics = ServerMetrics(version="0.1.0")
    inner = _Flaky()
    store = MeteredStore(inner, metrics.store_seconds)  # type: ignore[arg-type]
    store.on_failed = lambda kind: metrics.store_failed_writes.labels(kind=kind).inc()
    store.on_in_doubt = metrics.store_in_doubt.inc

    async def settle() -> bool | None:
        return True

    await inner.inner.create_table("FAXKB", b"m")
    inner.fail = [OSError("disk full"), RowLocked("a row is locked by another session"), InDoubt("cut", settle)]
    for _ in range(3):
        try:
            await store.append("FAXKB", [(0, b"e")])
        except OSError:
            pass
    await store.append("FAXKB", [(0, b"e")])  # works: store_ok 1 again, the counters keep what happened
    text = metrics.render().decode()
    assert _series(text, "doublenine_store_failed_writes_total") == {
        '{kind="moves"}': 3.0, '{kind="chat"}': 0.0, '{kind="tables"}': 0.0}
    assert _series(text, "doublenine_store_in_doubt_total") == {None: 1.0}
    assert store.failing is None


def test_pool_and_adoption_figures_are_read_at_each_scrape() -> None:
    metrics = ServerMetrics(version="0.1.0")
    sizes = [(3, 1, 10)]
    metrics.watch_pool(lambda: sizes[0])
    waiting = [2]
    metrics.awaiting_adoption.set_function(lambda: waiting[0])
    text = metrics.render().decode()
    assert _series(text, "doublenine_store_pool_connections") == {
        '{state="open"}': 3.0, '{state="idle"}': 1.0, '{state="max"}': 10.0}
    assert _series(text, "doublenine_tables_awaiting_adoption") == {None: 2.0}
    sizes[0], waiting[0] = (10, 0, 10), 0
    text = metrics.render().decode()
    assert _series(text, "doublenine_store_pool_connections")['{state="idle"}'] == 0.0
    assert _series(text, "doublenine_tables_awaiting_adoption") == {None: 0.0}
