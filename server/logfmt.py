"""Structured one-line logs (issue 7 item 3).

Every server event is ONE line: time, level, event name, then ``key=value`` fields,
always with ``table``, ``seat`` and ``type`` (the message type) where they apply::

    2026-11-29T23:41:07.120Z INFO move table=AKQ7P seat=3 type=play seq=41

``DOUBLENINE_LOG_FORMAT=json`` gives one JSON object per line instead (for log
shippers). Use :func:`log_event`; plain ``logging`` calls still print on one line
(newlines in messages and tracebacks are escaped), so a log stays greppable, and no
character a terminal obeys or hides (ESC, U+202E) is printed as itself (attacker F7's kind).
Secrets (seat tokens, seeds) are never passed here.

:func:`configure_logging` formats *every* logger the process has, not only ``doublenine``'s
(operator s11, finding 7: asyncpg's "Failed to restore the pool connection floor", websockets'
``AssertionError`` in ``connection_lost`` and asyncio's "Exception in callback" printed raw
multi-line tracebacks, in JSON mode too): the exception is the ``exc`` field of its one line, and a
line from another library names it (``logger=asyncpg.pool``). Python warnings and the uncaught
exceptions of threads go the same way. :class:`Repeats` keeps a failure that repeats (a full disk,
each retry of each table) to one line per :data:`REPEAT_EVERY` seconds, with the count held back.

Lines are written by a thread of their own, never by the event loop (operator s17 F10: a log reader that
stopped reading, a stalled journald or a ``| tee`` whose terminal was paused, filled stderr's 64 KiB pipe
and the next write blocked the loop: health checks, every table of the process and its PostgreSQL locks
froze with it). The loop hands each formatted line to a bounded queue (``logging.handlers.QueueHandler``,
:data:`LOG_QUEUE` lines); where the queue is full the line is dropped and counted, as is a line whose write
failed (a full disk: operator s17 F2, lost without a word), and the first line written after such a spell is
followed by one ``WARNING log lines lost`` with how many, between when and why (:data:`LOST`;
``doublenine_log_lines_lost_total`` on /metrics). Kind: a write to a stream the process does not control,
made by the loop that plays the tables.
"""
from __future__ import annotations

import errno
import json
import logging
import logging.handlers
import os
import queue
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

from doublenine.shared.cleantext import for_terminal

REPEAT_EVERY = 60.0
"""Seconds during which one failure said again is counted, not logged (:class:`Repeats`)."""
FIELDS_ATTR = "dn_fields"
"""The ``LogRecord`` attribute that carries :func:`log_event`'s fields."""


def log_event(logger: logging.Logger, level: int, event: str, **fields: Any) -> None:
    """Log ``event`` with ``fields`` (None values print as ``-``) as one line."""
    if logger.isEnabledFor(level):
        logger.log(level, event, extra={FIELDS_ATTR: fields})


def _value(v: Any) -> str:
    if v is None:
        return "-"
    s = str(v)
    if not s or any(c in s for c in ' ="') or for_terminal(s) != s:  # JSON escapes ESC, U+202E... (F7)
        return json.dumps(s)
    return s


class OneLineFormatter(logging.Formatter):
    """``TIME LEVEL EVENT k=v ...`` or, with ``json=True``, one JSON object per line."""

    def __init__(self, *, json_lines: bool = False) -> None:
        super().__init__()
        self.json_lines = json_lines

    def format(self, record: logging.LogRecord) -> str:
        ts = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
        ts += f".{int(record.msecs):03d}Z"
        fields: dict[str, Any] = dict(getattr(record, FIELDS_ATTR, None) or {})
        event = record.getMessage()
        if not record.name.startswith("doublenine"):  # asyncpg, websockets, asyncio, py.warnings...
            fields = {"logger": record.name, **fields}
        if record.exc_info:
            fields["exc"] = self.formatException(record.exc_info)
        if record.stack_info:
            fields["stack"] = record.stack_info
        if self.json_lines:
            return json.dumps({"ts": ts, "level": record.levelname, "logger": record.name,
                               "event": event, **fields}, default=str)
        parts = [ts, record.levelname, for_terminal(event, len(event))]  # one line, no terminal escapes (F7)
        parts += [f"{k}={_value(v)}" for k, v in fields.items()]
        return " ".join(parts)


LOG_FORMATS = ("text", "json")
"""The values of ``$DOUBLENINE_LOG_FORMAT``."""
FORMAT_ENV = "DOUBLENINE_LOG_FORMAT"


def log_format(fmt: str | None = None) -> str:
    """``fmt``, else ``$DOUBLENINE_LOG_FORMAT``, else ``text``, lower case; ``ValueError`` (one line)
    for anything but :data:`LOG_FORMATS` (operator s11: ``xml`` silently gave text)."""
    chosen = fmt if fmt is not None else os.environ.get(FORMAT_ENV) or "text"
    word = chosen.strip().lower()
    if word not in LOG_FORMATS:
        source = "the log format" if fmt is not None else f"${FORMAT_ENV}"
        raise ValueError(f"{source} must be text or json, not {chosen[:40]!a}")
    return word


LOG_QUEUE = 10_000
"""Lines held for the writer thread (:class:`QueuedLines`): about 2 MB of text; at 2,000 lines a second (a
busy process) five seconds of a stalled reader before lines are dropped and counted."""
FLUSH_SECONDS = 2.0
"""How long the process's exit waits for the lines still queued (a reader that never reads again costs no more)."""


class LostLines:
    """Log lines that could not be written: dropped because the queue was full (the reader stopped reading)
    or because their write failed (a full disk); thread-safe. :meth:`said` is the one warning line owed
    once a line is written again."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.total = 0
        """Lines lost since the process started (``doublenine_log_lines_lost_total``)."""
        self._owed = 0
        self._first = self._last = 0.0
        self._why = ""

    def lost(self, why: str) -> None:
        """Count one line lost now, for ``why`` (a few words or an errno name)."""
        with self._lock:
            self.total += 1
            now = time.time()
            if not self._owed:
                self._first, self._why = now, why
            elif why not in self._why.split(", "):
                self._why = f"{self._why}, {why}"[:120]
            self._owed += 1
            self._last = now

    def said(self) -> logging.LogRecord | None:
        """The ``WARNING log lines lost`` record owed (``lost``, ``since``, ``until`` as UTC times, ``reason``),
        or None when no line was lost since the last one; taking it clears what is owed."""
        with self._lock:
            if not self._owed:
                return None
            fields = {"lost": self._owed, "since": _utc(self._first), "until": _utc(self._last), "reason": self._why}
            self._owed = 0
        record = logging.LogRecord("doublenine.log", logging.WARNING, __file__, 0, "log lines lost", None, None)
        setattr(record, FIELDS_ATTR, fields)
        return record


def _utc(t: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(t)) + f".{int(t % 1 * 1000):03d}Z"


LOST = LostLines()
"""The process's lost log lines (every :class:`QueuedLines` counts here)."""


class _Sink(logging.StreamHandler):  # type: ignore[type-arg]
    """The writer thread's end: writes the queued lines (already formatted), counts a failed write as a lost
    line instead of printing Python's "--- Logging error ---" (which would fail the same way), and after a
    line written follows it with what was lost before it (:meth:`LostLines.said`)."""

    def __init__(self, stream: Any, formatter: logging.Formatter) -> None:
        super().__init__(stream)
        self.said_as = formatter  # the owed warning is formatted as every other line

    def emit(self, record: logging.LogRecord) -> None:
        if not self._write(record.getMessage()):
            return
        owed = LOST.said()
        if owed is not None:
            self._write(self.said_as.format(owed))

    def _write(self, line: str) -> bool:
        try:
            self.stream.write(line + self.terminator)
            self.flush()
        except Exception as exc:  # ENOSPC, EPIPE, a closed stream...
            number = getattr(exc, "errno", None)
            LOST.lost(errno.errorcode.get(number, type(exc).__name__) if isinstance(number, int) else type(exc).__name__)
            return False
        return True


class QueuedLines(logging.handlers.QueueHandler):
    """The process's log handler (:func:`configure_logging`, :func:`window_logging`): formats each record in
    the logging thread (one line, :class:`OneLineFormatter`) and hands it to a writer thread through a queue
    of at most :data:`LOG_QUEUE` lines, never blocking: a full queue drops and counts the line (:data:`LOST`).
    :meth:`flush` waits (up to ``seconds``) for the lines queued so far; :meth:`close` stops the writer."""

    def __init__(self, stream: Any, formatter: logging.Formatter, size: int | None = None) -> None:
        super().__init__(queue.Queue(LOG_QUEUE if size is None else size))
        self.setFormatter(formatter)
        self._sink = _Sink(stream, formatter)
        self._pending = 0
        self._idle = threading.Condition()
        self._writer = threading.Thread(target=self._write_all, name="doublenine-log", daemon=True)
        self._writer.start()

    def enqueue(self, record: logging.LogRecord) -> None:
        with self._idle:
            self._pending += 1
        try:
            self.queue.put_nowait(record)
        except queue.Full:
            self._done()
            LOST.lost("the log's reader is not reading")

    def _done(self) -> None:
        with self._idle:
            self._pending -= 1
            if not self._pending:
                self._idle.notify_all()

    def _write_all(self) -> None:
        while True:
            record = self.queue.get()
            if record is None:
                return
            try:
                self._sink.emit(record)
            finally:
                self._done()

    def flush(self, seconds: float = FLUSH_SECONDS) -> bool:
        """Wait until every line queued so far is written (or lost), at most ``seconds``; whether it was."""
        with self._idle:
            return self._idle.wait_for(lambda: not self._pending, timeout=seconds)

    def close(self) -> None:
        """Write what is queued (at most :data:`FLUSH_SECONDS`) and stop the writer thread."""
        if self._writer.is_alive():
            self.flush()
            try:
                self.queue.put_nowait(None)
            except queue.Full:
                pass  # a reader that never reads again: the daemon thread goes with the process
            self._writer.join(FLUSH_SECONDS)
        super().close()


def flush_logs(seconds: float = FLUSH_SECONDS) -> bool:
    """Wait until the lines logged so far by the process's :class:`QueuedLines` handlers are written, at most
    ``seconds``; whether they all were (a test reads them; the exit waits as ``logging.shutdown`` does)."""
    handlers = [h for lg in (logging.getLogger(), logging.getLogger("doublenine")) for h in lg.handlers
                if isinstance(h, QueuedLines)]
    return all(h.flush(seconds) for h in handlers)


def configure_logging(level: str | int = "INFO", fmt: str | None = None) -> None:
    """Send the ``doublenine`` loggers to stderr, one line per event, written by a thread of their own
    through a bounded queue (:class:`QueuedLines`: a stalled reader or a full disk never stops the tables).

    ``fmt`` is ``"text"`` or ``"json"``; None reads ``$DOUBLENINE_LOG_FORMAT`` (default text);
    ``ValueError`` for any other (:func:`log_format`), before anything is changed.
    Idempotent: a second call replaces (and closes) the handler it installed.
    """
    global FORMAT
    fmt = log_format(fmt)
    FORMAT = fmt
    handler = QueuedLines(sys.stderr, OneLineFormatter(json_lines=fmt == "json"))
    handler.set_name("doublenine-oneline")
    handler.addFilter(OthersRepeats())
    ours, root = logging.getLogger("doublenine"), logging.getLogger()
    for logger in (ours, root):  # the handler of an earlier call, where it was (ours only, before s11)
        for old in [h for h in logger.handlers if h.get_name() == "doublenine-oneline"]:
            logger.removeHandler(old)
            old.close()
    root.addHandler(handler)  # every logger's records reach it: one format for every line
    ours.setLevel(level)
    ours.propagate = True
    # other libraries say their WARNINGs and worse (their INFO is per connection: websockets' own)
    root.setLevel(max(ours.getEffectiveLevel(), logging.WARNING))
    logging.captureWarnings(True)  # warnings.warn -> the "py.warnings" logger, one line
    threading.excepthook = _thread_died


def window_logging() -> bool:
    """In a player's window (the server inside it, client/embedded.py), the server's warnings and worse
    go to stderr as :func:`configure_logging` writes them, one line with their fields
    (``... WARNING limit limit=handshakes site=192.0.2.7 ... repeats=41``), unless the process has a
    handler already (``configure_logging``, a test's). Without one Python's last-resort handler printed
    the bare event: 9,418 lines reading just "limit" in a host's terminal (attacker s12 A5). Returns
    whether it installed one; a second call installs none."""
    ours, root = logging.getLogger("doublenine"), logging.getLogger()
    if ours.handlers or root.handlers:
        return False
    handler = QueuedLines(sys.stderr, OneLineFormatter())  # a paused terminal (Ctrl+S) never stops the table
    handler.setLevel(logging.WARNING)
    handler.set_name("doublenine-window")
    ours.addHandler(handler)
    return True


def _thread_died(args: threading.ExceptHookArgs) -> None:
    """``threading.excepthook``: a thread's uncaught exception is one ERROR line, not a raw traceback."""
    if args.exc_type is SystemExit:
        return
    name = args.thread.name if args.thread is not None else "-"
    logging.getLogger("doublenine.thread").error(
        "thread %s stopped: %s", name, args.exc_type.__name__,
        exc_info=(args.exc_type, args.exc_value or args.exc_type(), args.exc_traceback))


class OthersRepeats(logging.Filter):
    """The handler's filter for other libraries' lines: one of the same (logger, message template)
    per :data:`REPEAT_EVERY` seconds, the next one said with ``repeats=N`` held back (asyncpg said
    "Failed to restore the pool connection floor; retrying" with a traceback on every retry while
    PostgreSQL hung). doublenine's own lines are limited where they are made (:class:`Repeats`)."""

    def __init__(self) -> None:
        super().__init__()
        self.repeats = Repeats()

    def filter(self, record: logging.LogRecord) -> bool:
        if record.name.startswith("doublenine"):
            return True
        held = self.repeats.due(f"{record.name}\x00{record.msg}")
        if held is None:
            return False
        if held:
            setattr(record, FIELDS_ATTR, {**(getattr(record, FIELDS_ATTR, None) or {}), "repeats": held})
        return True


FORMAT = "text"
"""The format :func:`configure_logging` chose last (``text`` or ``json``)."""


def console_line(text: str, event: str | None = None, level: int = logging.INFO, **fields: Any) -> str:
    """What to print on stdout for a program's status line: ``text`` as it is in text format; in
    JSON format (:data:`FORMAT`) one JSON object like the log's (``ts``, ``level``,
    ``logger`` doublenine, ``event`` (``text`` when None), ``fields``), so a JSON stream that mixes stdout and stderr
    (journald, ``docker logs``) holds JSON only (operator s11: the plain "doublenine: serving on"
    line)."""
    if FORMAT != "json":
        return text
    record = logging.LogRecord("doublenine", level, __file__, 0, text if event is None else event, None, None)
    setattr(record, FIELDS_ATTR, fields)
    return OneLineFormatter(json_lines=True).format(record)


def log_repeated(logger: logging.Logger, level: int, key: str, message: str, *args: Any,
                 repeats: Repeats | None = None, exc_info: bool = False, **fields: Any) -> bool:
    """Log ``message % args`` (with ``fields``, and the traceback when ``exc_info``) unless a line of
    the same ``key`` was said less than :data:`REPEAT_EVERY` seconds ago; then it is only counted,
    and the next one said carries ``repeats=N``, the lines held back meanwhile. The one limiter of
    every line a fault can repeat per event or per second (a store failing, a bug hit by every move):
    ``repeats`` (default: :data:`REPEATED`, the process's), as the ``limit`` lines
    (``connection.note_limit``) and other libraries' lines (:class:`OthersRepeats`). Returns whether
    the line was said."""
    held = (REPEATED if repeats is None else repeats).due(key)
    if held is None:
        return False
    if held:
        fields["repeats"] = held
    logger.log(level, message, *args, exc_info=exc_info, extra={FIELDS_ATTR: fields} if fields else None)
    return True


class Repeats:
    """Which of many identical lines to say: :meth:`due` is the number of times ``key`` was held
    back since it was last said (0 the first time), or None while it was said less than ``every``
    seconds ago (then counted). At most ``keep`` keys are remembered (the oldest forgotten)."""

    def __init__(self, every: float = REPEAT_EVERY, keep: int = 256,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.every, self.keep, self.clock = every, keep, clock
        self._said: dict[str, tuple[float, int]] = {}
        self._lock = threading.Lock()  # computer players' worker threads say lines too (computer.Brain._safe)

    def due(self, key: str) -> int | None:
        """Say ``key`` now (returns the count held back since it was said) or hold it back (None)."""
        with self._lock:
            return self._due(key)

    def _due(self, key: str) -> int | None:
        now = self.clock()
        said = self._said.get(key)
        if said is not None and now - said[0] < self.every:
            self._said[key] = (said[0], said[1] + 1)
            return None
        self._said.pop(key, None)
        if len(self._said) >= self.keep:
            del self._said[next(iter(self._said))]
        self._said[key] = (now, 0)
        return 0 if said is None else said[1]

    def clear(self) -> None:
        """Forget every key: the next of each is said at once (a failing spell ended). Under the lock
        :meth:`due` takes: a worker thread's ``due`` between its size check and its eviction of the
        oldest key met an emptied dict (``StopIteration`` out of a log call)."""
        with self._lock:
            self._said.clear()


REPEATED = Repeats(keep=1024)
"""The process's :class:`Repeats` of :func:`log_repeated` (keyed by what each caller names: a kind of
line, and what tells its cases apart)."""
