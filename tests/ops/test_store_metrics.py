"""Operator s11, finding 13: /metrics says the store's health, the version and the process's figures,
and docs/operations.md gives the alert rules the operator listed.

/healthz 503 was the only sign of a store failure; /metrics had no store or lock gauge, no
build_info and no process metrics, and the docs had no alert rules.
"""
from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

from doublenine.server.app import GameServer
from doublenine.server.config import ServerConfig
from doublenine.server.metrics import ServerMetrics
from doublenine.server.storage.base import MemoryStore
from doublenine.server.storage.metered import MeteredStore

ROOT = Path(__file__).parents[2]


def _series(text: str) -> set[str]:
    return {line.split(" ", 1)[0].split("{", 1)[0] for line in text.splitlines() if line and not line.startswith("#")}


def test_metrics_say_version_store_and_lock_health_and_process_figures() -> None:
    metrics = ServerMetrics(version="9.9.9")
    healthy = [False]
    metrics.watch_store(lambda: None, lambda: 12.25, lambda: healthy[0])
    text = metrics.render().decode().splitlines()
    for line in ('doublenine_build_info{version="9.9.9"} 1.0', "doublenine_store_ok 1.0",
                 "doublenine_store_seconds_since_success 12.25", "doublenine_table_locks_ok 0.0"):
        assert line in text, line
    healthy[0] = True
    assert "doublenine_table_locks_ok 1.0" in metrics.render().decode().splitlines()
    assert {"process_cpu_seconds_total", "process_resident_memory_bytes", "process_open_fds",
            "process_start_time_seconds", "python_info"} <= _series("\n".join(text))
    from doublenine.cli import installed_version

    assert f'doublenine_build_info{{version="{installed_version()}"}} 1.0' in ServerMetrics().render().decode()


class Histogram:
    def observe(self, seconds: float) -> None:
        pass


class FullDisk(MemoryStore):
    async def append(self, code: str, rows: list[tuple[int, bytes]], epoch: int | None = None) -> None:
        raise OSError("sqlite: database or disk is full")


async def test_store_gauges_follow_a_failing_spell() -> None:
    now = [50.0]
    store = MeteredStore(FullDisk(), Histogram(), clock=lambda: now[0])
    metrics = ServerMetrics(version="0")
    metrics.watch_store(lambda: store.failing, store.seconds_since_success, lambda: True)
    now[0] += 4.0
    with pytest.raises(OSError):
        await store.append("AKQ7P", [(1, b"x")])
    now[0] += 3.5
    text = metrics.render().decode().splitlines()
    assert ("doublenine_store_ok 0.0" in text, "doublenine_store_seconds_since_success 7.5" in text) == (True, True)
    store.inner = MemoryStore()
    await store.inner.create_table("AKQ7P", b"meta")
    await store.append("AKQ7P", [(1, b"x")])
    text = metrics.render().decode().splitlines()
    assert ("doublenine_store_ok 1.0" in text, "doublenine_store_seconds_since_success 0.0" in text) == (True, True)


@pytest.fixture
async def server() -> AsyncIterator[GameServer]:
    srv = await GameServer(ServerConfig(host="127.0.0.1", port=0, bot_delay=0.0, db=":memory:")).start()
    yield srv
    if not srv.stopping:
        await srv.stop()


async def _get_metrics(server: GameServer) -> list[str]:
    reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
    writer.write(b"GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    await writer.drain()
    data = await reader.read()
    writer.close()
    head, _, body = data.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 200")
    return body.decode().splitlines()


async def test_a_server_serves_its_store_health(server: GameServer) -> None:
    """The registry wires the gauges to its own store and lock ownership."""
    from doublenine.cli import installed_version

    lines = await _get_metrics(server)
    for line in (f'doublenine_build_info{{version="{installed_version()}"}} 1.0', "doublenine_store_ok 1.0",
                 "doublenine_table_locks_ok 1.0"):
        assert line in lines, line
    server.registry.store._failed(OSError("sqlite: database or disk is full"), "moves")
    lines = await _get_metrics(server)
    assert "doublenine_store_ok 0.0" in lines


def test_operations_md_alert_rules_name_series_the_server_has() -> None:
    """Every ``doublenine_*`` series the alert rules use is one /metrics serves (a histogram's
    ``_bucket``, a counter's ``_total``), and the rules cover the operator's list: /healthz per
    process, INTERNAL errors, tables moved reason=lost, the two p99s, up == 0."""
    text = (ROOT / "docs/operations.md").read_text()
    rules = text.split("### Alerts", 1)[1].split("```yaml\n", 1)[1].split("```", 1)[0]
    metrics = ServerMetrics(version="0")
    fresh = metrics.render().decode()  # before any event: the alerts' labelled series exist at 0
    for line in ('doublenine_errors_total{code="INTERNAL"} 0.0', 'doublenine_tables_moved_total{reason="lost"} 0.0',
                 'doublenine_tables_moved_total{reason="handover"} 0.0',
                 'doublenine_tables_moved_total{reason="conflict"} 0.0'):
        assert line in fresh.splitlines(), line
    served = _series(fresh)
    used = set(re.findall(r"\b(doublenine_[a-z_]+)", rules))
    assert used <= served, sorted(used - served)
    exprs = re.findall(r"expr: (.+)", rules)
    for needed in ('up{job="doublenine"} == 0', 'probe_success{job="doublenine-health"} == 0',
                   'rate(doublenine_errors_total{code="INTERNAL"}[5m]) > 0',
                   'increase(doublenine_tables_moved_total{reason="lost"}[10m]) > 0',
                   "histogram_quantile(0.99, sum by (instance, le) (rate(doublenine_decision_seconds_bucket[5m]))) > 0.25",
                   "histogram_quantile(0.99, sum by (instance, le) (rate(doublenine_store_append_seconds_bucket[5m]))) > 0.1",
                   "doublenine_store_ok == 0", "doublenine_table_locks_ok == 0"):
        assert needed in exprs, needed


def test_operations_md_names_every_doublenine_series() -> None:
    """The "Health and metrics" list names every ``doublenine_*`` series /metrics serves."""
    text = (ROOT / "docs/operations.md").read_text()
    section = text.split("## Health and metrics", 1)[1].split("### Alerts", 1)[0]
    metrics = ServerMetrics(version="0")
    served = {name.removesuffix("_total").removesuffix("_info") for name in _series(metrics.render().decode())
              if name.startswith("doublenine_") and not name.endswith(("_bucket", "_count", "_sum", "_created"))}
    named = {name.removesuffix("_total").removesuffix("_info") for name in re.findall(r"`(doublenine_[a-z_]+)", section)}
    assert served - named == set(), sorted(served - named)
