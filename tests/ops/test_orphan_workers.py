"""Attacker finding F4: ``kill -9`` of ``serve`` left its coach worker (a spawned process) and
multiprocessing's resource tracker running for good, re-parented to PID 1. A worker now ends when
its parent does (server/bots/workers.py ``exit_with_parent``), and the tracker with it.

Real processes: ``serve`` is started, a hand is played and reviewed so the coach's worker starts,
then ``serve`` is killed with SIGKILL (no clean-up of its own can run).
"""
from __future__ import annotations

import multiprocessing
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from ports import free_port

from doublenine.server.bots.workers import PARENT_GONE_EXIT, exit_with_parent

from .test_interrupt import _coach_asked

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc for child processes")


def _children_of(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (Linux /proc)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[1] == str(pid):
            found.append(int(stat.parent.name))
    return found


def _running(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie, dead but not yet waited for, does not)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_f4_kill_9_of_serve_ends_its_coach_worker_and_resource_tracker(tmp_path: Path) -> None:
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-P", "-m", "doublenine", "serve", "--port", str(port),
                             "--db", str(tmp_path / "t.sqlite3"), "--bot-delay", "0"], text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, start_new_session=True)
    workers: list[int] = []
    try:
        assert proc.stdout is not None and "serving on" in proc.stdout.readline()
        _coach_asked(f"ws://127.0.0.1:{port}/")
        workers = _children_of(proc.pid)
        assert len(workers) == 2  # the coach's worker and multiprocessing's resource tracker
        proc.kill()  # SIGKILL: nothing of serve's own runs
        proc.wait(timeout=10)
        end = time.monotonic() + 10
        while any(_running(w) for w in workers) and time.monotonic() < end:
            time.sleep(0.05)
        assert [w for w in workers if _running(w)] == []
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        for w in workers:  # never leave one behind, even when the test fails
            if _running(w):
                os.kill(w, signal.SIGKILL)


def _child(ready: "multiprocessing.synchronize.Event") -> None:  # a grandchild of the test
    exit_with_parent()
    ready.set()
    time.sleep(60)


def _middle(out: "multiprocessing.queues.Queue[int]") -> None:
    ctx = multiprocessing.get_context("spawn")
    ready = ctx.Event()
    worker = ctx.Process(target=_child, args=(ready,))
    worker.start()
    ready.wait(30)
    out.put(worker.pid)
    time.sleep(60)  # killed by the test


def test_exit_with_parent_ends_a_spawned_process_when_its_parent_is_killed() -> None:
    ctx = multiprocessing.get_context("spawn")
    out = ctx.Queue()
    middle = ctx.Process(target=_middle, args=(out,))
    middle.start()
    grandchild = out.get(timeout=60)
    try:
        assert _running(grandchild)
        os.kill(middle.pid, signal.SIGKILL)  # type: ignore[arg-type]
        middle.join(10)
        end = time.monotonic() + 10
        while _running(grandchild) and time.monotonic() < end:
            time.sleep(0.05)
        assert not _running(grandchild)
    finally:
        if _running(grandchild):
            os.kill(grandchild, signal.SIGKILL)


def test_exit_with_parent_starts_nothing_outside_a_multiprocessing_child() -> None:
    assert exit_with_parent() is False and PARENT_GONE_EXIT == 3
