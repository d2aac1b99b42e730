"""Worker processes that never see Ctrl-C: the selfplay pool and the coach's review worker.

A terminal's Ctrl-C sends SIGINT to the whole process group, so each spawned worker printed its own
``KeyboardInterrupt`` traceback while its parent stopped cleanly. Workers are started inside
:func:`sigint_blocked` (a signal mask survives fork and exec, so a worker is covered before its own
set-up runs) and run :func:`ignore_ctrl_c` as their set-up; the parent alone handles Ctrl-C and ends
them. POSIX ``pthread_sigmask`` (Python's :mod:`signal`); on Windows only the set-up applies.
"""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def sigint_blocked() -> Iterator[None]:
    """SIGINT blocked in this thread meanwhile; the mask before is restored after (SIGINT may have
    been blocked by the caller), and a Ctrl-C meanwhile reaches this process then, not lost.
    multiprocessing's resource tracker unblocks SIGINT as it starts, so it is started first."""
    import signal
    from multiprocessing import resource_tracker

    mask = getattr(signal, "pthread_sigmask", None)
    if mask is None:
        yield
        return
    resource_tracker.ensure_running()
    before = mask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        mask(signal.SIG_SETMASK, before)


def ignore_ctrl_c() -> None:
    """Worker set-up: SIGINT ignored (the parent process handles Ctrl-C)."""
    import signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)


__all__ = ["sigint_blocked", "ignore_ctrl_c"]
