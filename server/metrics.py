"""What ``GET /metrics`` reports, in the Prometheus text format (issue 7 item 3).

One :class:`ServerMetrics` per server, on its own registry (no module-level state,
so tests can run several servers in one process). The server updates it; scrapers
read :meth:`ServerMetrics.render`. Built on prometheus-client, the reference
implementation, so names, escaping and histogram buckets follow the format exactly.

Series (all prefixed ``doublenine_``):

* ``connections`` (gauge): open websocket connections;
* ``tables`` (gauge): tables held in memory; ``tables_created_total``, ``tables_resumed_total``;
* ``tables_moved_total{reason}``: tables this process stopped serving because another serves
  them now (issue 12): ``handover`` (asked), ``lost`` (its lock connection dropped),
  ``conflict`` (the store refused a seq another process had written);
* ``moves_total{kind}``: decisions applied (draw, nominate, review, play, pass), humans and computers;
* ``errors_total{code}``: refusals sent, by stable error code;
* ``limits_total{limit}``: connections refused or closed by a limit
  (rate, tables_per_address, frame_size, idle);
* ``decision_seconds``: from receiving an intent to its update being handed to every
  seat's connection (validate, apply, durable append, fan-out);
* ``store_append_seconds``: the durable append alone;
* ``computer_seconds``: a computer player's thinking time per decision.
"""
from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram
from prometheus_client.exposition import generate_latest

CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
"""The ``Content-Type`` of :meth:`ServerMetrics.render`: the classic text format, which
every Prometheus version reads (our names need none of the newer format's escaping)."""

FAST_BUCKETS = (0.0002, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
"""Seconds: a move takes well under a millisecond to handle (docs/performance.md)."""
SLOW_BUCKETS = (0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
"""Seconds: computer players may think up to seconds at the strongest level."""


class ServerMetrics:
    """The counters, gauges and histograms of one server process."""

    def __init__(self) -> None:
        r = self.registry = CollectorRegistry(auto_describe=True)
        p = "doublenine_"
        self.connections = Gauge(p + "connections", "Open websocket connections.", registry=r)
        self.tables = Gauge(p + "tables", "Tables held in memory.", registry=r)
        self.tables_created = Counter(p + "tables_created", "Tables created.", registry=r)
        self.tables_resumed = Counter(
            p + "tables_resumed", "Tables reloaded from storage (restart or takeover).", registry=r
        )
        self.tables_moved = Counter(
            p + "tables_moved", "Tables handed to another process, by reason.", ["reason"], registry=r
        )
        self.moves = Counter(p + "moves", "Decisions applied, by kind.", ["kind"], registry=r)
        self.errors = Counter(p + "errors", "Refusals sent to clients, by error code.", ["code"], registry=r)
        self.limits = Counter(p + "limits", "Connections refused or closed by a limit.", ["limit"], registry=r)
        self.code_misses = Counter(p + "code_misses", "Join, rejoin or spectate requests naming no open table.",
                                   registry=r)
        self.decision_seconds = Histogram(
            p + "decision_seconds", "Intent received to update handed to every seat.",
            buckets=FAST_BUCKETS, registry=r,
        )
        self.store_seconds = Histogram(
            p + "store_append_seconds", "Durable append of one action's events.",
            buckets=FAST_BUCKETS, registry=r,
        )
        self.computer_seconds = Histogram(
            p + "computer_seconds", "A computer player's thinking time per decision.",
            buckets=SLOW_BUCKETS, registry=r,
        )

    def render(self) -> bytes:
        """The whole registry in the Prometheus text format."""
        return generate_latest(self.registry)
