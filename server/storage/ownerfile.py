"""One server process per SQLite file (issue 12 case 0): an exclusive lock on ``FILE.owner``.

Two processes on one SQLite file would both resume its tables and both run their
computer seats, each refused by the other's stored seqs. The first process to open
the file takes a non-blocking exclusive lock on a small side file and keeps it
while it lives; the kernel drops the lock when the process ends, ``kill -9``
included, so a crashed server never blocks the next one. A second process is
refused at once with :class:`StoreInUse`, which says who holds the file and where
that server listens (so a second game window can join it instead).

A clean stop removes the side file, while still holding the lock (so a crash leaves it,
which is harmless: an unlocked file blocks nobody). Removing a lock file has one known
race: a second process may have opened the old file just before it went, and lock it
just after the holder lets go, while a third creates and locks a new file under the same
name. So a process that gets the lock checks the name still leads to the very file it
locked (same device and inode) and otherwise starts again on the new file. On Windows an
open file cannot be removed, and the file stays (empty of meaning once unlocked).

Why our own lock on the standard ``fcntl``/``msvcrt`` calls: SQLite's own locks are
held per transaction (a second process would just wait ``busy_timeout``), and these
two calls are all a lock that dies with its process needs, without a dependency.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import IO

from doublenine.shared.filelock import try_lock as _lock  # one lock for the store and the window (duplicates D1)

MAX_NOTE = 512
"""Bytes of the holder's note read back (the file is outside input: bounded)."""
MAX_TRIES = 20
"""Attempts to lock when each lock taken turns out to be on a file just removed by a
holder that stopped: each such retry means a server stopped during our attempt."""


class StoreInUse(OSError):
    """Another live process holds this SQLite file (issue 12 case 0).

    ``pid`` and ``url`` (``ws://...`` of that server, "" if it has not said) come from
    the holder's note and are only advice: the lock itself is what refuses.
    """

    SERVE_ADVICE = ("one server process per file: stop that one, join it, or give this one another --db "
                    "(several processes share a table store only through PostgreSQL)")
    """What a second ``serve`` on the file is told to do (``str()`` of the error)."""

    def __init__(self, path: Path, pid: int | None, url: str) -> None:
        self.path, self.pid, self.url = path, pid, url
        super().__init__(self.said(self.SERVE_ADVICE))

    def said(self, advice: str) -> str:
        """The refusal with ``advice`` for the command refused (copy-store's is not serve's: operator s11
        round 2, copy-store ended with "give this one another --db")."""
        who = f"process {self.pid}" if self.pid else "another process"
        where = f", serving on {self.url}" if self.url else ""
        return f"the SQLite store {self.path} is in use by another doublenine server ({who}{where}); {advice}"




def read_note(path: Path) -> tuple[int | None, str]:
    """(pid, url) from the note of the process holding ``path`` (``None, ""`` if unreadable)."""
    from doublenine.localfile import read_regular

    try:  # a named pipe put there never blocks the start (attacker F11)
        text = read_regular(path, MAX_NOTE).decode("utf-8", errors="replace")
    except OSError:
        return None, ""
    parts = text.split()
    pid = int(parts[0]) if parts and parts[0].isascii() and parts[0].isdigit() and len(parts[0]) < 10 else None
    url = parts[1] if len(parts) > 1 and parts[1].startswith(("ws://", "wss://")) else ""
    return pid, url


class OwnerFile:
    """The lock on ``DB.owner`` for the life of this object; :class:`StoreInUse` if taken.

    ``OSError`` if the side file cannot be created (the folder is not writable).
    """

    def __init__(self, db: Path) -> None:
        self.path = db.with_name(db.name + ".owner")
        self._handle: IO[str] | None = self._take(db)
        self.note("")

    def _take(self, db: Path) -> IO[str]:
        from doublenine.localfile import check_regular

        for _ in range(MAX_TRIES):
            check_regular(self.path)  # NotRegularFile (an OSError): a pipe or a device there is nobody's lock
            handle = open(self.path, "a+", encoding="utf-8")  # noqa: SIM115 - held until release()
            if not _lock(handle):
                handle.close()
                raise StoreInUse(db, *read_note(self.path))
            if _still_named(handle, self.path):
                return handle
            handle.close()  # a holder removed this file as it stopped: lock the name's new file
        raise StoreInUse(db, *read_note(self.path))

    def note(self, url: str) -> None:
        """Write who holds the file (pid) and where it serves (``url``), for a second process."""
        if self._handle is None:
            return
        self._handle.seek(0)
        self._handle.truncate()
        self._handle.write(f"{os.getpid()} {url}\n")
        self._handle.flush()

    def release(self) -> None:
        """Give the file up and remove it (idempotent); the process ending gives it up too,
        leaving the unlocked file, which blocks no later start."""
        handle, self._handle = self._handle, None
        if handle is None:
            return
        if sys.platform != "win32" and _still_named(handle, self.path):
            try:  # while still locked: nobody else can be holding this file now
                self.path.unlink()
            except OSError:
                pass  # a read-only folder: the unlocked file stays, harmless
        handle.close()


def _still_named(handle: IO[str], path: Path) -> bool:
    """Whether ``path`` still names the file open as ``handle`` (not removed, not replaced)."""
    try:
        named = os.stat(path)
    except OSError:
        return False
    mine = os.fstat(handle.fileno())
    return (named.st_dev, named.st_ino) == (mine.st_dev, mine.st_ino)
