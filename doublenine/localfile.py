"""Reading files from folders that a user or another process controls: regular files only, bounded.

Kind (attacker F11): a file read from a folder anyone may write in is outside input, and its *type* is
too. ``mkfifo ~/.config/doublenine/client.json`` hung the window at its start forever, blocked in
``open``; a device or a folder in its place is no better. :func:`read_regular` opens without blocking,
checks that what it opened is a regular file, and reads at most ``limit`` bytes; :func:`write_regular`
writes one the same way; :func:`check_regular`
says the same of a path another library will open (SQLite's store and its side files). Used for
client.json, the store's side files (``--db``), desktop-install's mimeapps.list and every other
file of this kind. :func:`locked` holds a file's lock for a read-merge-write (client.json,
finished.json: two windows saving at once); :class:`Updates` makes one without waiting for a lock another
process holds. Files named on the command line (``replay FILE``) may be pipes on purpose and
are read as given.
"""
from __future__ import annotations

import atexit
import contextlib
import errno
import os
import stat
import threading
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Generic, TypeVar

_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0) \
    | getattr(os, "O_BINARY", 0)


class NotRegularFile(OSError):
    """``path`` names a named pipe, a device, a socket or a folder, not a regular file."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        super().__init__(f"{os.fspath(path)} is not a regular file")
        self.path = os.fspath(path)


class FileTooLarge(OSError):
    """``path`` holds more than the reader's bound, in bytes; nothing of it was parsed."""

    def __init__(self, path: str | os.PathLike[str], limit: int) -> None:
        super().__init__(f"{os.fspath(path)} is larger than {limit} bytes")
        self.path, self.limit = os.fspath(path), limit


def read_regular(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of regular file ``path``, at most ``limit`` of them.

    Raises :class:`NotRegularFile` (never blocks on a named pipe), :class:`FileTooLarge` beyond
    ``limit`` bytes (reading stops at ``limit + 1``), or the ``OSError`` of opening it
    (``FileNotFoundError``...)."""
    fd = os.open(path, _FLAGS)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise NotRegularFile(path)
        os.set_blocking(fd, True)
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, limit + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    finally:
        os.close(fd)
    if size > limit:
        raise FileTooLarge(path, limit)
    return b"".join(chunks)


def write_regular(path: str | os.PathLike[str], data: bytes, mode: int | None = None) -> None:
    """Replace the content of ``path`` with ``data``, creating it if absent, when it is a regular file.
    ``mode`` (e.g. ``0o600`` for a file holding seat tokens): the file's permissions, set on a file
    that already existed too; None: a new file gets the umask's default and an old one keeps its own.

    Written whole beside it (a hidden temporary file in the same folder) and renamed over it
    (``os.replace``), at the place a symbolic link leads to: a reader never sees it half written.
    Kind: a file one window writes while another reads it (new user s11: a second window read
    client.json while the first truncated and rewrote it, found no kept match, and sat at a new table).

    Raises :class:`NotRegularFile` for anything else (never opened: ``mkfifo client.json`` once
    blocked the window's first save), or the ``OSError`` of writing."""
    check_regular(path)
    real = os.path.realpath(path)
    if mode is None:
        try:
            mode = stat.S_IMODE(os.stat(real).st_mode)
        except FileNotFoundError:
            mode = 0o666 & ~_umask()
    fd, temp = tempfile.mkstemp(dir=os.path.dirname(real), prefix="." + os.path.basename(real) + ".")
    try:
        try:
            if hasattr(os, "fchmod"):
                os.fchmod(fd, mode)
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
        finally:
            os.close(fd)
        os.replace(temp, real)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


def _umask() -> int:
    """The process's umask, read without changing it (``os.umask`` sets it: another thread creating a
    file at that moment would get the wrong permissions); 0o022 where the system does not say."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    return 0o022


def check_regular(path: str | os.PathLike[str]) -> None:
    """Nothing when ``path`` is absent or a regular file (a link to one included); else
    :class:`NotRegularFile`. For files another library opens itself (SQLite)."""
    try:
        mode = Path(path).stat().st_mode
    except FileNotFoundError:
        return
    except OSError as exc:  # a link that loops (ELOOP) or leads nowhere usable is no regular file either;
        if exc.errno in (errno.ELOOP, errno.ENOTDIR, errno.ENAMETOOLONG):  # said with the path (re-check
            raise NotRegularFile(path) from None  # finding: serve blamed a looping -wal link on listening)
        raise
    if not stat.S_ISREG(mode):
        raise NotRegularFile(path)


LOCK_WAIT = 2.0
"""Longest wait for another process's lock on a file (:func:`locked`), in seconds; a read-merge-write
holds it for milliseconds."""
LOCK_SUFFIX = ".lock"
"""The lock file beside the file it guards: ``client.json.lock``. Left in place after use (removing it
would let a third process lock a new file while the second still holds the old one)."""


@contextlib.contextmanager
def locked(path: str | os.PathLike[str], wait: float = LOCK_WAIT) -> Iterator[bool]:
    """Hold the exclusive lock of ``path`` (on :data:`LOCK_SUFFIX` beside it, created 0600) while inside:
    ``fcntl.flock`` on Linux and macOS, ``msvcrt.locking`` of its first byte on Windows; both are let go
    when the process ends, even killed, so a crash never leaves it held. Yields True when held.

    Kind (s12): two windows each reading client.json, changing one key and writing it all back; the one
    that wrote last undid the other's change. A read-merge-write of a shared file happens inside this.
    Yields False, never blocking past ``wait`` seconds, when the lock cannot be had: held longer than
    that by another process (the write then goes ahead unlocked, as before: a save is never dropped and
    the window never freezes), a folder that cannot be written, or a lock path that is not a regular
    file (a named pipe there must not block: attacker F11's kind). Not reentrant: a process that already
    holds it waits ``wait`` seconds for itself."""
    try:
        # O_NOFOLLOW: a symlink at client.json.lock is not followed (attacker s12 round 2 N3: it created or
        # opened the link's target); it fails (ELOOP) and the save goes ahead unlocked, as for a named pipe
        fd = os.open(os.fspath(path) + LOCK_SUFFIX, os.O_RDWR | os.O_CREAT | (_FLAGS & ~os.O_RDONLY)
                     | getattr(os, "O_NOFOLLOW", 0), 0o600)
    except OSError:
        yield False
        return
    try:
        held = stat.S_ISREG(os.fstat(fd).st_mode) and _lock(fd, wait)
        try:
            yield held
        finally:
            if held:
                _unlock(fd)
    finally:
        os.close(fd)


def _lock(fd: int, wait: float) -> bool:
    """Take the exclusive lock of open file ``fd`` within ``wait`` seconds (polling, never blocking: a
    blocking ``flock`` cannot be given up); False when another process held it all that time."""
    deadline = time.monotonic() + wait
    pause = 0.005
    while True:
        try:
            if sys.platform == "win32":
                import msvcrt

                os.lseek(fd, 0, os.SEEK_SET)
                msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
            else:
                import fcntl

                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except OSError as exc:  # BlockingIOError on POSIX; PermissionError (EACCES) on Windows
            if exc.errno not in (errno.EAGAIN, errno.EWOULDBLOCK, errno.EACCES, errno.EDEADLK) \
                    or time.monotonic() >= deadline:
                return False
        time.sleep(pause)
        pause = min(pause * 2, 0.05)


def _unlock(fd: int) -> None:
    with contextlib.suppress(OSError):
        if sys.platform == "win32":
            import msvcrt

            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
        else:
            import fcntl

            fcntl.flock(fd, fcntl.LOCK_UN)


T = TypeVar("T")


class Updates(Generic[T]):
    """Read-merge-writes of one kind of file (``read(path) -> T``, ``write(T, path)``) from the window's
    thread that never wait for the file's lock (:func:`locked`): :meth:`update` takes it without waiting;
    when another process holds it, the change waits, in order, for one background thread per file that takes
    the lock (within :data:`LOCK_WAIT`, else goes ahead unlocked, as :func:`locked` does: never dropped),
    applies every waiting change to the file as it is then and writes it. While changes wait, later ones
    queue without trying the lock, and :meth:`load` applies them on top of the file.
    Attacker s12 round 2 N3: a process holding client.json.lock froze the window 2 s on every save (one per
    chat line read). Kind: a wait on another process paid again on every call, nothing remembering that the
    lock was busy a moment ago."""

    def __init__(self, read: Callable[[Path], T], write: Callable[[T, Path], None]) -> None:
        self._read, self._write = read, write
        self._guard = threading.Lock()
        self._waiting: dict[Path, list[Callable[[T], T]]] = {}
        atexit.register(self.flush)

    def load(self, path: Path) -> T:
        """What ``path`` holds with the changes still waiting applied, in order."""
        with self._guard:  # the file and the waiting changes of one moment (the writer holds the guard to write)
            value = self._read(path)
            waiting = list(self._waiting.get(path, ()))
        for changed in waiting:
            value = changed(value)
        return value

    def update(self, path: Path, changed: Callable[[T], T]) -> T:
        """Apply ``changed`` to what ``path`` holds and write the result when it differs; returns it. Never
        waits for the lock: ``changed`` may run later, on another thread, so it must use only values fixed
        when it was made (a loop's variable bound as a default)."""
        with self._guard:
            if path in self._waiting:  # the lock was busy: no second try, no wait
                self._waiting[path].append(changed)
                queued = True
            else:
                queued = False
        if not queued:
            with locked(path, wait=0.0) as held:
                if held:
                    now = self._read(path)
                    new = changed(now)
                    if new != now:
                        self._write(new, path)
                    return new
            with self._guard:
                start = path not in self._waiting
                self._waiting.setdefault(path, []).append(changed)
            if start:
                threading.Thread(target=self._write_later, args=(path,), name="write-later", daemon=True).start()
        return self.load(path)

    def _write_later(self, path: Path) -> None:
        with locked(path), self._guard:  # written before they stop waiting: load and flush never miss them
            waiting = self._waiting.pop(path, [])
            now = self._read(path)
            new = now
            for changed in waiting:
                new = changed(new)
            if new != now:
                self._write(new, path)

    def flush(self, timeout: float = LOCK_WAIT + 1.0) -> bool:
        """Wait (at most ``timeout`` s) until no change waits: at exit, and for tests. True when none does."""
        end = time.monotonic() + timeout
        while True:
            with self._guard:
                if not self._waiting:
                    return True
            if time.monotonic() >= end:
                return False
            time.sleep(0.01)
