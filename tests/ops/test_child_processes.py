"""tests/childprocs.py: a suite started with SIGINT ignored (``nohup ... &`` from a script, as CI
runners do; or blocked) still starts its children with the default SIGINT and SIGTERM, and a failed test's
children (with their process groups) are gone when pytest ends.

A real pytest in a subprocess, started with SIGINT and SIGTERM ignored, runs one test file that
loads the plugin alone (``-p childprocs``).
"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]

INNER = '''
import os, signal, subprocess, sys, time
from pathlib import Path

PROBE = ("import signal; print(signal.getsignal(signal.SIGINT) is signal.default_int_handler,"
         " signal.getsignal(signal.SIGTERM) == signal.SIG_DFL, signal.pthread_sigmask(signal.SIG_BLOCK, []))")


def test_children_start_with_the_default_dispositions():
    out = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=60).stdout
    assert out == "True True set()\\n"


def test_a_failed_test_leaves_its_children_behind(tmp_path):
    # a group leader whose own child outlives it, and a plain child in pytest's group; the
    # grandchild's pid is written whole, then named (a reader saw the file empty between the
    # shell's open and its echo: int('') in session 15's final CI)
    leader = subprocess.Popen(["sh", "-c", "sleep 300 & echo $! > grandchild.tmp; mv grandchild.tmp grandchild; exec sleep 300"],
                              cwd=os.environ["PIDS"], start_new_session=True)
    plain = subprocess.Popen(["sleep", "300"])
    Path(os.environ["PIDS"], "children").write_text(f"{leader.pid} {plain.pid}")
    while not Path(os.environ["PIDS"], "grandchild").exists():
        time.sleep(0.01)
    assert False, "fails with three processes running"
'''


def _ignoring_sigint_and_sigterm() -> None:
    """In the child before exec: both ignored, and SIGINT blocked too (as a caller may leave it)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})


def _alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie, dead but not yet waited for by its parent, does not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_a_suite_started_with_sigint_ignored_gives_children_the_default_and_kills_a_failed_tests_children(
        tmp_path: Path) -> None:
    (tmp_path / "test_inner.py").write_text(INNER)
    pids = tmp_path / "pids"
    pids.mkdir()
    env = {**os.environ, "PYTHONPATH": str(TESTS), "PIDS": str(pids)}
    proc = subprocess.run([sys.executable, "-m", "pytest", "-p", "childprocs", "-p", "no:cacheprovider", "-q",
                           "--rootdir", str(tmp_path), "-c", os.devnull, str(tmp_path / "test_inner.py")],
                          capture_output=True, text=True, timeout=120, env=env, cwd=tmp_path,
                          preexec_fn=_ignoring_sigint_and_sigterm)
    assert "1 failed, 1 passed" in proc.stdout, proc.stdout + proc.stderr
    assert "test_a_failed_test_leaves_its_children_behind" in proc.stdout
    started = [int(p) for p in (pids / "children").read_text().split()] + [int((pids / "grandchild").read_text())]
    try:
        end = time.monotonic() + 10  # the grandchild, re-parented, is waited for by init
        while any(_alive(pid) for pid in started) and time.monotonic() < end:
            time.sleep(0.05)
        assert [pid for pid in started if _alive(pid)] == []
    finally:  # if not: this test's own leftovers go (they ignore SIGTERM, as their pytest did)
        for pid in filter(_alive, started):
            os.kill(pid, signal.SIGKILL)
