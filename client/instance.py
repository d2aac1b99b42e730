"""One game window per user data folder (new user s15: a second window with the same HOME watched another table).

A second ``doublenine play`` with the same settings and data folders shares the first one's kept matches, seat
tokens and game file: it watched the remembered table, which was not always the one the first window was at
(that window was at a network table, or at the start screen), and two windows could take back the same held
seat and fight over it. What a player expects instead: the second window says the first one is open, and
offers to bring it forward (the first window raises itself) or to open a separate session that shares nothing
with it (its own tables in memory, nothing kept: scenes/otherwindow.py, cli.run).

:class:`WindowLock` is a non-blocking exclusive lock on ``window.lock`` in the data folder, held for the life
of the window's process. The kernel drops it when the process ends, ``kill -9`` included, so a crashed window
never blocks the next start (the file itself stays, harmless: an unlocked file blocks nobody). The same
standard calls as the game file's owner lock (server/storage/ownerfile.py, which the client does not import:
DESIGN, embedded.py is the only door to the server package). Bringing forward is a request file,
``window.raise``, that the second window writes and the first one looks at (:meth:`WindowLock.raise_asked`,
at most every :data:`LOOK_SECONDS`), then raises its window (app.bring_forward).
"""
from __future__ import annotations

import os
import time
from pathlib import Path
from typing import IO

from doublenine.shared.filelock import try_lock as _lock  # one lock for the store and the window (duplicates D1)

LOCK_NAME = "window.lock"
"""The lock file in the data folder (beside the game file ``doublenine.sqlite3``)."""
RAISE_NAME = "window.raise"
"""The request to bring the window forward, written by a second window."""
MAX_NOTE = 64
"""Bytes of the holder's note read back (outside input: bounded)."""
LOOK_SECONDS = 0.5
"""How often the first window looks for a request to come forward."""


def data_folder() -> Path:
    """The user's data folder for doublenine (platformdirs; ``$XDG_DATA_HOME`` on Linux), made if missing;
    the game file's own folder (server.storage.default_store)."""
    import platformdirs
    folder = Path(platformdirs.user_data_dir("doublenine"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder




class WindowLock:
    """This process is the one game window of a data folder while it holds this (:func:`take_window`)."""

    def __init__(self, folder: Path, handle: IO[str]) -> None:
        self.folder = folder
        self._handle: IO[str] | None = handle
        self._looked = 0.0
        self._asked = _stamp(folder / RAISE_NAME)
        """The request file's text when last looked at: only a newer one is a request (a stale file left by
        a window of an earlier run is none)."""

    def raise_asked(self, now: float | None = None) -> bool:
        """True once per request of a second window to bring this one forward (``window.raise`` written since
        the last look); looks at most every :data:`LOOK_SECONDS` (``now``: ``time.monotonic()``)."""
        now = time.monotonic() if now is None else now
        if now - self._looked < LOOK_SECONDS:
            return False
        self._looked = now
        stamp = _stamp(self.folder / RAISE_NAME)
        asked, self._asked = stamp != self._asked and stamp != b"", stamp
        return asked

    def release(self) -> None:
        """Give the lock up (idempotent); the process ending gives it up too."""
        handle, self._handle = self._handle, None
        if handle is not None:
            handle.close()


def _stamp(path: Path) -> bytes:
    """What the request file ``path`` holds now (the asking window's pid and the time it asked, in ns; bounded:
    outside input), b"" when it is not there or cannot be read."""
    from doublenine.localfile import read_regular
    try:
        return read_regular(path, MAX_NOTE)
    except OSError:
        return b""


def take_window(folder: Path | None = None) -> WindowLock | None:
    """The lock of ``folder`` (default :func:`data_folder`) for this window, or None when another live window
    holds it. ``OSError`` when the lock file cannot be made (a folder that is not writable, a name there that is
    not a regular file): the caller then opens the window without it."""
    from doublenine.localfile import check_regular

    folder = folder or data_folder()
    path = folder / LOCK_NAME
    check_regular(path)  # a pipe or a device there is nobody's lock (NotRegularFile, an OSError)
    handle = open(path, "a+", encoding="utf-8")  # noqa: SIM115 - held until release()
    if not _lock(handle):
        handle.close()
        return None
    handle.seek(0)
    handle.truncate()
    handle.write(f"{os.getpid()}\n")
    handle.flush()
    return WindowLock(folder, handle)


def holder(folder: Path | None = None) -> int | None:
    """The pid the lock file names (advice only: the lock itself is what counts), None if unreadable."""
    from doublenine.localfile import read_regular

    try:
        text = read_regular((folder or data_folder()) / LOCK_NAME, MAX_NOTE).decode("ascii", errors="replace")
    except OSError:
        return None
    first = text.split()[0] if text.split() else ""
    return int(first) if first.isascii() and first.isdigit() and len(first) < 10 else None


def ask_forward(folder: Path | None = None) -> bool:
    """Ask the window holding ``folder``'s lock to come forward (write ``window.raise``); False when it cannot
    be written."""
    path = (folder or data_folder()) / RAISE_NAME
    try:
        from doublenine.localfile import check_regular
        check_regular(path)
        with open(path, "w", encoding="utf-8") as out:
            out.write(f"{os.getpid()} {time.time_ns()}\n")
    except OSError:
        return False
    return True
