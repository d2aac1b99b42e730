"""Worker processes that never see Ctrl-C: the selfplay pool and the coach's review worker.

A terminal's Ctrl-C sends SIGINT to the whole process group, so each spawned worker printed its own
``KeyboardInterrupt`` traceback while its parent stopped cleanly. Workers are started inside
:func:`sigint_blocked` (a signal mask survives fork and exec, so a worker is covered before its own
set-up runs) and run :func:`ignore_ctrl_c` as their set-up; the parent alone handles Ctrl-C and ends
them. POSIX ``pthread_sigmask`` (Python's :mod:`signal`); on Windows only the set-up applies.

A worker also ends when its parent does, however the parent ended (attacker finding F4: after
``kill -9`` of ``serve`` its coach worker and multiprocessing's resource tracker ran on for good,
re-parented to PID 1: the worker holds a write end of its own job queue's pipe, so it never reads
EOF there). :func:`worker_setup` starts :func:`exit_with_parent`, a thread that waits on
multiprocessing's parent sentinel (a pipe from the parent that reads EOF once the parent is gone on
POSIX, the parent's process handle on Windows: no Linux-only ``prctl``) and then ends the worker;
the resource tracker ends by itself once no process holds its pipe.
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


PARENT_GONE_EXIT = 3
"""The exit status of a worker that ended because its parent was gone."""


def exit_with_parent() -> bool:
    """In a multiprocessing child: a daemon thread that ends this process (``os._exit``, status
    :data:`PARENT_GONE_EXIT`, no clean-up: there is nobody left to report to) as soon as the
    parent process is gone. False (nothing started) outside a multiprocessing child."""
    import multiprocessing
    import os
    import threading
    from multiprocessing.connection import wait

    parent = multiprocessing.parent_process()
    sentinel = None if parent is None else parent.sentinel
    if sentinel is None:
        return False

    def watch() -> None:
        wait([sentinel])  # readable (EOF) or signalled once the parent has ended
        os._exit(PARENT_GONE_EXIT)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()
    return True


def worker_setup() -> None:
    """A worker process's set-up: :func:`ignore_ctrl_c` and :func:`exit_with_parent`."""
    ignore_ctrl_c()
    exit_with_parent()


__all__ = ["PARENT_GONE_EXIT", "exit_with_parent", "ignore_ctrl_c", "sigint_blocked", "worker_setup"]
