"""/metrics text and one-line logs (issue 7 item 3)."""
from __future__ import annotations

import io
import json
import logging

import pytest

from doublenine.server.logfmt import OneLineFormatter, configure_logging, flush_logs, log_event
from doublenine.server.metrics import CONTENT_TYPE, ServerMetrics


def test_metrics_render_prometheus_text_with_the_issue_series() -> None:
    m = ServerMetrics()
    m.connections.inc(4)
    m.tables.set(1)
    m.moves.labels(kind="play").inc(3)
    m.errors.labels(code="NOT_YOUR_TURN").inc()
    m.limits.labels(limit="rate").inc(2)
    m.decision_seconds.observe(0.0004)
    text = m.render().decode()
    for line in (
        "doublenine_connections 4.0",
        "doublenine_tables 1.0",
        'doublenine_moves_total{kind="play"} 3.0',
        'doublenine_errors_total{code="NOT_YOUR_TURN"} 1.0',
        'doublenine_limits_total{limit="rate"} 2.0',
        'doublenine_decision_seconds_bucket{le="0.0005"} 1.0',
        "doublenine_decision_seconds_count 1.0",
    ):
        assert line in text.splitlines(), line
    assert CONTENT_TYPE.startswith("text/plain; version=0.0.4")


def test_two_servers_keep_separate_metrics() -> None:
    a, b = ServerMetrics(), ServerMetrics()
    a.moves.labels(kind="pass").inc()
    assert 'doublenine_moves_total{kind="pass"} 1.0' in a.render().decode()
    assert "doublenine_moves_total{" not in b.render().decode()


def _record(msg: str, fields: dict[str, object] | None = None) -> logging.LogRecord:
    rec = logging.LogRecord("doublenine.server", logging.INFO, __file__, 1, msg, None, None)
    rec.created, rec.msecs = 1796083267.5, 500.0
    if fields is not None:
        rec.dn_fields = fields
    return rec


def test_text_log_is_one_line_with_table_seat_and_type() -> None:
    line = OneLineFormatter().format(_record("move", {"table": "AKQ7", "seat": 3, "type": "play", "peer": None}))
    assert line == "2026-12-01T00:01:07.500Z INFO move table=AKQ7 seat=3 type=play peer=-"


def test_text_log_quotes_spaces_and_escapes_newlines() -> None:
    line = OneLineFormatter().format(_record("bad\nthing", {"detail": "two words", "x": ""}))
    assert line == '2026-12-01T00:01:07.500Z INFO bad\\nthing detail="two words" x=""'
    assert "\n" not in line


def test_json_log_is_one_object_per_line() -> None:
    line = OneLineFormatter(json_lines=True).format(_record("limit", {"code": "RATE_LIMITED", "seat": None}))
    assert json.loads(line) == {"ts": "2026-12-01T00:01:07.500Z", "level": "INFO", "logger": "doublenine.server",
                                "event": "limit", "code": "RATE_LIMITED", "seat": None}


def test_configure_logging_writes_events_to_stderr(monkeypatch: pytest.MonkeyPatch) -> None:
    err = io.StringIO()
    monkeypatch.setattr("sys.stderr", err)
    configure_logging("INFO", "text")
    configure_logging("INFO", "text")  # idempotent: still one handler
    log_event(logging.getLogger("doublenine.server.test"), logging.WARNING, "refused", table="T", code="STALE")
    log_event(logging.getLogger("doublenine.server.test"), logging.DEBUG, "hidden")
    assert flush_logs()  # written by the log's own thread (logfmt.QueuedLines)
    lines = err.getvalue().splitlines()
    assert len(lines) == 1 and lines[0].endswith(" WARNING refused table=T code=STALE")
