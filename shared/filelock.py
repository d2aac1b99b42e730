"""An exclusive, non-waiting lock on an open file, held until the file is closed or the process ends.

One function for the two places that need one process at a time: the SQLite store's owner file
(server/storage/ownerfile.py: one server per store) and the game window's lock (client/instance.py: one
window per data folder). The operating system drops the lock when its process dies, ``kill -9`` included,
so a stale lock never keeps anyone out. POSIX ``flock``; on Windows ``msvcrt.locking`` of one byte.
"""
from __future__ import annotations

import sys
from typing import IO

LOCK_OFFSET = 1 << 20
"""Windows locks a byte range, which others then cannot read: the byte locked lies past the file's text."""


def try_lock(handle: IO[str]) -> bool:
    """Take the exclusive lock on ``handle`` (a file open for writing) without waiting: True when taken,
    False when another process holds it. Other ``OSError`` s (a file system without locks) are raised."""
    if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
        import msvcrt

        handle.seek(LOCK_OFFSET)
        try:
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


__all__ = ["LOCK_OFFSET", "try_lock"]
