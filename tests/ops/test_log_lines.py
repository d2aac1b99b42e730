"""Operator s11, findings 7 and 13: every log line one line, failing spells said once, store health in /metrics.

asyncpg, websockets and asyncio printed raw multi-line tracebacks (in JSON mode too); a full disk
logged one ERROR with a whole traceback per retry (~4 KB/s per table), "store still failing" at INFO
and nothing when it recovered; JSON mode printed a plain "serving on" line; the start line had no
version or store kind; SIGHUP killed serve without a line; /metrics had no store health, version or
process figures.
"""
from __future__ import annotations

import asyncio
import io
import json
import re
import logging
import os
import signal
import subprocess
import sys
import threading
import time
import warnings
from pathlib import Path
from typing import Any

import pytest

from doublenine.server.addresses import MissLimiter
from doublenine.server.logfmt import Repeats, configure_logging, console_line, flush_logs
from doublenine.server.storage.base import MemoryStore
from doublenine.server.storage.metered import STILL_FAILING_EVERY, WRITE_KINDS, MeteredStore, log_store_failure

DISK_FULL = "sqlite: database or disk is full"


def _lines(err: io.StringIO) -> list[str]:
    assert flush_logs()  # written by the log's own thread (logfmt.QueuedLines)
    return err.getvalue().splitlines()


def _boom() -> BaseException:
    try:
        raise AssertionError("assert self.protocol.state is CLOSED")
    except AssertionError as exc:
        return exc


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_other_libraries_tracebacks_are_one_line(monkeypatch: pytest.MonkeyPatch, fmt: str) -> None:
    err = io.StringIO()
    monkeypatch.setattr("sys.stderr", err)
    configure_logging("INFO", fmt)
    exc = _boom()
    logging.getLogger("asyncio").error("Exception in callback _SelectorSocketTransport._call_connection_lost()",
                                       exc_info=(type(exc), exc, exc.__traceback__))
    logging.getLogger("asyncpg.pool").warning("Failed to restore the pool connection floor; retrying")
    logging.getLogger("websockets.server").info("connection open")  # other libraries: WARNING and worse
    logging.getLogger("doublenine.server").info("resumed %d tables", 3)
    lines = _lines(err)
    assert len(lines) == 3, lines
    if fmt == "json":
        first, second, third = (json.loads(line) for line in lines)
        assert {k: first[k] for k in ("level", "logger", "event")} == {
            "level": "ERROR", "logger": "asyncio",
            "event": "Exception in callback _SelectorSocketTransport._call_connection_lost()"}
        assert first["exc"].startswith("Traceback (most recent call last):\n")
        assert first["exc"].endswith("AssertionError: assert self.protocol.state is CLOSED")
        assert (second["logger"], second["event"]) == ("asyncpg.pool", "Failed to restore the pool connection floor; retrying")
        assert (third["logger"], third["event"]) == ("doublenine.server", "resumed 3 tables")
    else:
        bodies = [line.split(" ", 1)[1] for line in lines]
        assert bodies[0].startswith('ERROR Exception in callback _SelectorSocketTransport._call_connection_lost() '
                                    'logger=asyncio exc="Traceback (most recent call last):\\n')
        assert bodies[0].endswith('AssertionError: assert self.protocol.state is CLOSED"')
        assert bodies[1:] == ["WARNING Failed to restore the pool connection floor; retrying logger=asyncpg.pool",
                              "INFO resumed 3 tables"]


def test_warnings_and_thread_deaths_are_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    err = io.StringIO()
    monkeypatch.setattr("sys.stderr", err)
    configure_logging("INFO", "json")
    warnings.warn("a library's DeprecationWarning", UserWarning, stacklevel=1)

    def die() -> None:
        raise RuntimeError("worker gave up")

    worker = threading.Thread(target=die, name="computer_0")
    worker.start()
    worker.join()
    said = [json.loads(line) for line in _lines(err)]
    assert [(s["level"], s["logger"]) for s in said] == [("WARNING", "py.warnings"), ("ERROR", "doublenine.thread")]
    assert "a library's DeprecationWarning" in said[0]["event"]
    assert said[1]["event"] == "thread computer_0 stopped: RuntimeError"
    assert said[1]["exc"].endswith("RuntimeError: worker gave up")


def test_console_line_is_json_in_json_mode(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stderr", io.StringIO())
    configure_logging("INFO", "text")
    assert console_line("doublenine: serving on ws://h:1/", "serving on ws://h:1/", url="ws://h:1/") == \
        "doublenine: serving on ws://h:1/"
    configure_logging("INFO", "json")
    line = json.loads(console_line("doublenine: serving on ws://h:1/", "serving on ws://h:1/", url="ws://h:1/"))
    del line["ts"]
    assert line == {"level": "INFO", "logger": "doublenine", "event": "serving on ws://h:1/", "url": "ws://h:1/"}


def test_repeats_say_a_line_once_a_minute_with_the_count_held_back() -> None:
    now = [100.0]
    repeats = Repeats(every=60.0, keep=2, clock=lambda: now[0])
    assert [repeats.due("disk full") for _ in range(4)] == [0, None, None, None]
    now[0] += 60.0
    assert repeats.due("disk full") == 3
    assert repeats.due("other") == 0
    assert repeats.due("third") == 0  # keep=2: "disk full", the oldest, is forgotten
    assert repeats.due("disk full") == 0
    repeats.clear()
    assert repeats.due("other") == 0


class FullDisk(MemoryStore):
    """A store whose appends fail while ``full``."""

    def __init__(self) -> None:
        super().__init__()
        self.full = True

    async def append(self, code: str, rows: list[tuple[int, bytes]], epoch: int | None = None) -> None:
        if self.full:
            raise OSError(DISK_FULL)
        await super().append(code, rows, epoch)


class Histogram:
    def observe(self, seconds: float) -> None:
        pass


async def test_a_full_disk_is_one_traceback_a_warning_every_30_s_and_a_recovery(
        caplog: pytest.LogCaptureFixture) -> None:
    """The operator's full disk: every retry of every table failed the same way. Said: one ERROR with
    its traceback per minute, DEBUG for the rest, ``store still failing`` at WARNING every 30 s with
    the count, ``store recovered`` once with how long."""
    now = [1000.0]
    inner = FullDisk()
    await inner.create_table("AKQ7P", b"meta")
    store = MeteredStore(inner, Histogram(), clock=lambda: now[0])
    log = logging.getLogger("doublenine.server.table")
    caplog.set_level(logging.DEBUG, logger="doublenine")
    now[0] += 5.0
    for retry in range(61):  # a retry every 0.5 s for 30 s, as the operator's bot did
        try:
            await store.append("AKQ7P", [(retry, b"x")])
        except OSError:
            log_store_failure(log, store, "table %s seq %d: storing %d events failed", "AKQ7P", 41, 1)
        now[0] += 0.5
    assert (store.failing, store.seconds_since_success()) == (f"OSError: {DISK_FULL}", 35.5)
    inner.full = False
    await store.append("AKQ7P", [(1, b"x")])
    said = [(r.name, r.levelname, r.getMessage(), getattr(r, "dn_fields", None), r.exc_info is not None)
            for r in caplog.records if r.levelno >= logging.WARNING]
    assert said == [
        ("doublenine.server.table", "ERROR", "table AKQ7P seq 41: storing 1 events failed", None, True),
        ("doublenine.server.storage", "WARNING", "store still failing", {
            "reason": f"OSError: {DISK_FULL}", "failed_writes": 61, "failing_for": 30.0, "writes": "moves"}, False),
        ("doublenine.server.storage", "WARNING", "store recovered", {
            "failed_writes": 61, "failed_for": 30.5, "last_reason": f"OSError: {DISK_FULL}"}, False),
    ]
    assert sum(r.levelno == logging.DEBUG for r in caplog.records) == 60
    assert store.seconds_since_success() == 0.0
    assert STILL_FAILING_EVERY == 30.0


async def test_seat_writes_that_work_do_not_end_a_spell_of_failing_move_writes(
        caplog: pytest.LogCaptureFixture) -> None:
    """Operator s11 round 2 finding 2: only ``dn_row`` writes refused (``REVOKE INSERT``, or the lock a
    plain CREATE INDEX takes); the 5-s probe's seat record write worked and said "store recovered",
    so ``store_ok`` flapped and ``seconds_since_success`` never passed about 7 s. Kind: recovery
    counted from another kind of write than the one failing. Here a move fails every 0.5 s and the
    seats are stored again every 5 s, for 40 s: failing throughout, then recovered once moves store."""
    from doublenine.server.metrics import ServerMetrics

    now = [1000.0]
    inner = FullDisk()
    await inner.create_table("AKQ7P", b"meta")
    store = MeteredStore(inner, Histogram(), clock=lambda: now[0])
    metrics = ServerMetrics("0.0")
    metrics.watch_store(lambda: store.failing, store.seconds_since_success, lambda: True)
    caplog.set_level(logging.DEBUG, logger="doublenine")
    seen = []
    for tick in range(80):  # 40 s
        if tick % 10 == 9:
            await store.update_meta("AKQ7P", b"meta")  # the probe: works
        else:
            with pytest.raises(OSError):
                await store.append("AKQ7P", [(tick, b"x")])
        seen.append((store.failing, _sample(metrics, "doublenine_store_ok")))
        now[0] += 0.5
    assert set(seen) == {(f"OSError: {DISK_FULL}", 0.0)}  # never ok, not even right after a seat write
    assert store.failing_kinds == ("moves",)
    assert store.seconds_since_success() == 40.0
    assert _sample(metrics, "doublenine_store_seconds_since_success") == 40.0
    inner.full = False
    await store.append("AKQ7P", [(99, b"x")])
    said = [(r.levelname, r.getMessage(), getattr(r, "dn_fields", None))
            for r in caplog.records if r.name == "doublenine.server.storage"]
    assert said == [
        ("WARNING", "store still failing", {
            "reason": f"OSError: {DISK_FULL}", "failed_writes": 55, "failing_for": 30.0, "writes": "moves"}),
        ("WARNING", "store recovered", {
            "failed_writes": 72, "failed_for": 40.0, "last_reason": f"OSError: {DISK_FULL}"}),
    ]
    assert (store.failing, store.failing_kinds, store.seconds_since_success()) == (None, (), 0.0)
    assert WRITE_KINDS == ("moves", "chat", "tables")


def _sample(metrics: Any, name: str) -> float:
    """The value of the unlabelled series ``name`` on ``metrics``' registry."""
    value = metrics.registry.get_sample_value(name)
    assert value is not None, name
    return float(value)


class DownStore:
    async def take_budget(self, kind: str, group: str, rate: float, burst: float) -> float:
        raise OSError("[Errno 2] No such file or directory")


async def test_shared_budget_unavailable_is_said_once_a_minute(caplog: pytest.LogCaptureFixture) -> None:
    """The operator's PG stop: 129 INFO lines in 30 s from 12 clients, one per lookup."""
    caplog.set_level(logging.DEBUG, logger="doublenine")
    limiter = MissLimiter(1.0, 20.0, shared=DownStore(), kind="code_misses")
    for i in range(12):
        await limiter.reserve(f"192.0.2.{i}", 0.0)
    said = [(r.levelname, r.getMessage()) for r in caplog.records]
    assert said == [("WARNING", "shared code_misses budget unavailable (OSError: [Errno 2] No such file or "
                                "directory); counting in this process")]


def _serve(tmp_path: Path, fmt: str) -> subprocess.Popen[str]:
    env = {**os.environ, "DOUBLENINE_LOG_FORMAT": fmt, "DOUBLENINE_DB": str(tmp_path / "t.sqlite3")}
    return subprocess.Popen([sys.executable, "-m", "doublenine", "serve", "--port", "0"], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_sighup_stops_gracefully_and_says_so(tmp_path: Path, fmt: str) -> None:
    """SIGHUP (a closed ssh or tmux session) killed serve with no line; now it is a graceful stop,
    said first. In JSON mode every line of stdout and stderr is JSON, the start line with the version
    and the store kind."""
    from doublenine.cli import installed_version

    proc = _serve(tmp_path, fmt)
    assert proc.stdout is not None
    first = proc.stdout.readline()
    proc.send_signal(signal.SIGHUP)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 0, err
    lines = [first, *out.splitlines(), *err.splitlines()]
    lines = [ln.strip() for ln in lines if ln.strip()]
    # operator s17 F4: the effect first; no "keeps serving under systemd", which restarts it
    does = ("stopping gracefully: the terminal or session that started serve closed, or kill -HUP (serve has "
            "nothing to reload; under systemd or a container it is started again)")
    if fmt == "json":
        said = [json.loads(line) for line in lines]  # every line JSON
        events = [(s["level"], s["event"].split(" ws://")[0]) for s in said]
        assert events == [("INFO", "serving on"), ("INFO", "serving on"), ("WARNING", "SIGHUP received"),
                          ("INFO", "stopping"), ("INFO", "stopped")]
        start = said[1]
        # the release; its build where git answered within its bound (under load one process may and another not)
        assert (start["version"].partition("+")[0], start["store"], start["at"]) == (
            installed_version().partition("+")[0], "sqlite", f"sqlite:{tmp_path / 't.sqlite3'}")
        assert said[2]["does"] == does
    else:
        assert first.startswith("doublenine: serving on ws://127.0.0.1:")
        bodies = [line.split(" ", 1)[1] for line in lines[1:]]
        assert bodies[0].startswith("INFO serving on ws://127.0.0.1:")
        assert re.search(rf" version={re.escape(installed_version().partition('+')[0])}(\+\S+)? store=sqlite "
                         rf"at=sqlite:{re.escape(str(tmp_path / 't.sqlite3'))} pid={proc.pid}$", bodies[0]), bodies[0]
        assert bodies[1:] == [f'WARNING SIGHUP received does="{does}"',
                              "INFO stopping tables=0 connections=0 code=1001", "INFO stopped tables=0"]


def test_sighup_ignored_at_start_stays_ignored(tmp_path: Path) -> None:
    """``nohup doublenine serve &``: SIGHUP ignored by the operator's choice keeps it serving."""
    env = {**os.environ, "DOUBLENINE_DB": str(tmp_path / "t.sqlite3")}
    proc = subprocess.Popen([sys.executable, "-m", "doublenine", "serve", "--port", "0"], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGHUP, signal.SIG_IGN))
    assert proc.stdout is not None
    assert proc.stdout.readline().startswith("doublenine: serving on ")
    proc.send_signal(signal.SIGHUP)
    with pytest.raises(subprocess.TimeoutExpired):
        proc.wait(timeout=1.5)
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 0
    assert "INFO SIGTERM received does=\"stopping gracefully\"" in err
    # operator s17 F4: said once at the start, so a `kill -HUP` habit learns it does nothing here
    assert [line.split(" ", 1)[1] for line in err.splitlines() if "SIGHUP" in line] == [
        "INFO SIGHUP is ignored (nohup): kill -HUP does nothing; SIGTERM stops serve gracefully"]



ROOT = Path(__file__).parents[2]


def test_operations_md_start_line_is_the_servers() -> None:
    import re

    text = (ROOT / "docs/operations.md").read_text()
    example = text.split("The start line says what runs and on what store, never the password:\n\n```\n", 1)[1]
    line = example.split("\n", 1)[0]
    assert re.fullmatch(r"\S+Z INFO serving on ws://\S+/ version=\S+ store=postgresql "
                        r"at=postgresql://doublenine:\*\*\*@localhost/doublenine pid=\d+", line), line


def test_compose_limits_every_containers_log() -> None:
    compose = (ROOT / "deploy/compose.yaml").read_text()
    assert ('x-logging: &logging\n  driver: json-file\n  options:\n    max-size: "10m"\n    max-file: "5"\n'
            in compose)
    services = compose.split("\nservices:\n", 1)[1].split("\nvolumes:\n", 1)[0]
    # the servers take it from x-server (<<: *server); postgres and nginx name it themselves
    assert compose.count("logging: *logging") == 3 and "  logging: *logging\n  stop_grace_period" in compose
    assert services.count("    logging: *logging") == 2 and services.count("<<: *server") == 3


def test_another_librarys_repeated_line_is_said_once_a_minute(monkeypatch: pytest.MonkeyPatch) -> None:
    """asyncpg's "Failed to restore the pool connection floor; retrying" came with every retry."""
    err = io.StringIO()
    monkeypatch.setattr("sys.stderr", err)
    configure_logging("INFO", "text")
    pool = logging.getLogger("asyncpg.pool")
    for _ in range(5):
        pool.warning("Failed to restore the pool connection floor; retrying")
    pool.warning("another message")
    for _ in range(3):
        logging.getLogger("doublenine.server").warning("ours are limited where they are made")
    bodies = [line.split(" ", 1)[1] for line in _lines(err)]
    assert bodies == ["WARNING Failed to restore the pool connection floor; retrying logger=asyncpg.pool",
                      "WARNING another message logger=asyncpg.pool"] + ["WARNING ours are limited where they are made"] * 3
    handler = next(h for h in logging.getLogger().handlers if h.get_name() == "doublenine-oneline")
    repeats = handler.filters[0].repeats  # type: ignore[union-attr]
    repeats.clock = lambda: 1e12  # a minute and more later
    pool.warning("Failed to restore the pool connection floor; retrying")
    assert _lines(err)[-1].split(" ", 1)[1] == ("WARNING Failed to restore the pool connection floor; retrying "
                                                "logger=asyncpg.pool repeats=4")


class _Stalled(io.StringIO):
    """A log reader that stops reading (operator s17 F10: a stalled journald, a paused `| tee`): each write
    blocks until ``reading`` is set, then fails with ``fail`` if one is given (F2: a full disk)."""

    def __init__(self) -> None:
        super().__init__()
        self.reading = threading.Event()
        self.fail: OSError | None = None

    def write(self, text: str) -> int:
        self.reading.wait(30)
        if self.fail is not None:
            raise self.fail
        return super().write(text)


def test_a_log_reader_that_stops_reading_never_stops_the_logging_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    """Operator s17 F10: stderr's pipe full, the loop's next log write blocked, and with it every table of the
    process, its health check and its PostgreSQL locks. The loop now only queues a line (at most LOG_QUEUE),
    a full queue drops and counts it, and the first line written after says how many were lost (F2: silently
    before), as does doublenine_log_lines_lost_total."""
    from doublenine.server import logfmt
    from doublenine.server.metrics import ServerMetrics
    stalled = _Stalled()
    monkeypatch.setattr("sys.stderr", stalled)
    monkeypatch.setattr(logfmt, "LOG_QUEUE", 5)
    configure_logging("INFO", "text")
    before = logfmt.LOST.total
    log = logging.getLogger("doublenine.server")
    started = time.monotonic()
    for i in range(40):  # the writer holds line 0; lines 1-5 wait in the queue; 34 are dropped
        log.info("move %d", i)
    assert time.monotonic() - started < 5  # the 30 s a blocked write would take, 40 times over: none
    assert logfmt.LOST.total - before >= 33
    stalled.reading.set()
    assert flush_logs()  # the reader reads again: what was queued is written
    log.warning("after the stall")
    bodies = [line.split(" ", 1)[1] for line in _lines(stalled)]
    lost = logfmt.LOST.total - before
    moves = [b for b in bodies if b.startswith("INFO move ")]
    assert len(moves) + lost == 40 and moves[0] == "INFO move 0" and len(moves) in (5, 6)
    assert moves == sorted(moves, key=lambda b: int(b.rsplit(" ", 1)[1]))  # the lines kept, in their order
    # the loss is said right after the first line written once the reader reads again
    assert bodies[1].startswith(f"WARNING log lines lost lost={lost} since=") and bodies[1].endswith(
        'reason="the log\'s reader is not reading"')
    assert bodies[2:] == moves[1:] + ["WARNING after the stall"]
    assert f"doublenine_log_lines_lost_total {float(logfmt.LOST.total)}" in ServerMetrics("t").render().decode()


def test_a_full_disk_loses_lines_counted_and_said_once_it_writes_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """Operator s17 F2: with the log's disk full, lines were lost with no word then or after. A failed write is
    counted (no Python "--- Logging error ---", which fails the same way), and the first line written after
    says how many, between when and why (the errno's name)."""
    import errno

    from doublenine.server import logfmt
    disk = _Stalled()
    disk.reading.set()
    disk.fail = OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr("sys.stderr", disk)
    configure_logging("INFO", "json")
    before = logfmt.LOST.total
    log = logging.getLogger("doublenine.server")
    for i in range(3):
        log.info("move %d", i)
    assert flush_logs() and logfmt.LOST.total - before == 3 and disk.getvalue() == ""
    disk.fail = None
    log.info("move 3")
    said = [json.loads(line) for line in _lines(disk)]
    assert [s["event"] for s in said] == ["move 3", "log lines lost"]
    assert (said[1]["level"], said[1]["lost"], said[1]["reason"]) == ("WARNING", 3, "ENOSPC")
    assert said[1]["since"] <= said[1]["until"] and said[1]["until"].endswith("Z")
