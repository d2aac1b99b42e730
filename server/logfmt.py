"""Structured one-line logs (issue 7 item 3).

Every server event is ONE line: time, level, event name, then ``key=value`` fields,
always with ``table``, ``seat`` and ``type`` (the message type) where they apply::

    2026-11-29T23:41:07.120Z INFO move table=AKQ7P seat=3 type=play seq=41

``DOUBLENINE_LOG_FORMAT=json`` gives one JSON object per line instead (for log
shippers). Use :func:`log_event`; plain ``logging`` calls still print on one line
(newlines in messages and tracebacks are escaped), so a log stays greppable, and no
character a terminal obeys or hides (ESC, U+202E) is printed as itself (attacker F7's kind).
Secrets (seat tokens, seeds) are never passed here.
"""
from __future__ import annotations

import json
import logging
import os
import sys
import time
from typing import Any

from doublenine.shared.cleantext import for_terminal

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
        if record.exc_info:
            fields["exc"] = self.formatException(record.exc_info)
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


def configure_logging(level: str | int = "INFO", fmt: str | None = None) -> None:
    """Send the ``doublenine`` loggers to stderr, one line per event.

    ``fmt`` is ``"text"`` or ``"json"``; None reads ``$DOUBLENINE_LOG_FORMAT`` (default text);
    ``ValueError`` for any other (:func:`log_format`), before anything is changed.
    Idempotent: a second call replaces the handler it installed.
    """
    fmt = log_format(fmt)
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(OneLineFormatter(json_lines=fmt == "json"))
    handler.set_name("doublenine-oneline")
    root = logging.getLogger("doublenine")
    for old in [h for h in root.handlers if h.get_name() == "doublenine-oneline"]:
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level)
    root.propagate = False
