"""The processes a test starts: default signal dispositions, and none left behind (a pytest plugin).

Kind: a test that starts a child process and relies on how the child reacts to a signal, or on the
child ending with the test. Two samples from a new user's background run (``(nohup nice -n 10
python3 run.py test > test.log 2>&1 &)``), 13 failures:

1. A job started with ``&`` by a non-interactive shell (many CI runners start jobs so) runs with
   SIGINT ignored (SIG_IGN); an ignored or blocked signal stays so across ``fork`` and ``exec``, so
   every child the tests started ignored their Ctrl-C (exit 0 instead of 130, a server that never
   stopped). At configure time this process gets SIGINT's usual handler and SIGTERM's default back,
   both unblocked: every child (``subprocess``, ``asyncio``, ``multiprocessing``, a child's own
   children) then starts with the default dispositions of the signals the tests send. SIGHUP stays
   as the caller set it (``nohup``), and so does SIGQUIT: no test sends them.
2. The tests that failed left their ``serve`` and ``play`` running after pytest exited. Every
   :class:`subprocess.Popen` made while a test runs (its call, not its fixtures: a fixture stops its
   own) is noted; when the test ends by an exception (a failed assert, pytest-timeout's timeout, a
   Ctrl-C of pytest), each is killed (SIGKILL) with its whole process group when it leads one
   (``start_new_session=True`` or ``process_group=0``), and waited for.

Registered by ``tests/conftest.py``; ``-p childprocs`` (with ``tests/`` on ``sys.path``) loads it alone.
"""
from __future__ import annotations

import os
import signal
import subprocess
from collections.abc import Generator
from typing import Any

import pytest

SENT_BY_TESTS = (signal.SIGINT, signal.SIGTERM)
"""The signals the tests send to their children and expect to act (SIGKILL cannot be ignored)."""


def restore_default_signals() -> None:
    """Undo an inherited SIG_IGN or block of SIGINT and SIGTERM in this process (main thread only).

    SIGINT gets Python's own handler (``KeyboardInterrupt``), SIGTERM ``SIG_DFL``; a child started
    afterwards begins with both at ``SIG_DFL`` (handlers are reset by ``exec``, SIG_IGN is not)."""
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    if signal.getsignal(signal.SIGTERM) is signal.SIG_IGN:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, set(SENT_BY_TESTS))


def kill_with_group(proc: subprocess.Popen[Any], leads_group: bool) -> None:
    """SIGKILL ``proc`` (and its process group when ``leads_group``) and wait up to 10 s for it.

    The group is killed even when ``proc`` itself has ended: its children may not have (a group id
    stays allocated while any member lives, so it cannot name another process's group meanwhile)."""
    if leads_group and hasattr(os, "killpg"):
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass  # nobody left in the group
    if proc.poll() is None:
        proc.kill()
    try:
        proc.wait(timeout=10)
    except (subprocess.TimeoutExpired, ChildProcessError):
        pass  # unkillable (D state) or reaped by asyncio's child watcher: nothing more to do here


class ChildReaper:
    """Notes the :class:`subprocess.Popen` objects made during each test call; kills them if it raises."""

    def __init__(self) -> None:
        self.started: list[tuple[subprocess.Popen[Any], bool]] | None = None
        """(process, leads its own process group) made during the current test call; None outside one."""
        self._init = subprocess.Popen.__init__

    def install(self) -> None:
        """Wrap ``Popen.__init__`` so that each process started during a test call is noted."""
        original, reaper = self._init, self

        def noting_init(popen: subprocess.Popen[Any], *args: Any, **kwargs: Any) -> None:
            original(popen, *args, **kwargs)
            if reaper.started is not None:
                leads = bool(kwargs.get("start_new_session")) or kwargs.get("process_group") == 0
                reaper.started.append((popen, leads))

        subprocess.Popen.__init__ = noting_init  # type: ignore[method-assign]

    def uninstall(self) -> None:
        subprocess.Popen.__init__ = self._init  # type: ignore[method-assign]

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_call(self, item: pytest.Item) -> Generator[None, object, object]:
        self.started = []
        try:
            return (yield)
        except BaseException:  # failed, timed out, skipped half-way or interrupted: its processes go too
            for proc, leads in self.started:
                kill_with_group(proc, leads)
            raise
        finally:
            self.started = None


_REAPER = pytest.StashKey[ChildReaper]()
"""Where pytest_configure keeps the reaper, for pytest_unconfigure to unwrap Popen."""


def pytest_configure(config: pytest.Config) -> None:
    restore_default_signals()
    reaper = ChildReaper()
    reaper.install()
    config.pluginmanager.register(reaper, "childprocs-reaper")
    config.stash[_REAPER] = reaper


def pytest_unconfigure(config: pytest.Config) -> None:
    reaper = config.stash.get(_REAPER, None)
    if reaper is not None:
        reaper.uninstall()

