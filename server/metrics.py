"""What ``GET /metrics`` reports, in the Prometheus text format (issue 7 item 3).

One :class:`ServerMetrics` per server, on its own registry (no module-level state,
so tests can run several servers in one process). The server updates it; scrapers
read :meth:`ServerMetrics.render`. Built on prometheus-client, the reference
implementation, so names, escaping and histogram buckets follow the format exactly.

Series (all prefixed ``doublenine_``):

* ``connections`` (gauge): open websocket connections;
* ``read_held_bytes`` (gauge): bytes read from every connection and not yet handled (s15: at
  ``--max-read-held`` a connection holding a frame or more waits, ``readbudget``);
* ``tables`` (gauge): tables held in memory; ``tables_created_total``, ``tables_resumed_total``;
* ``tables_moved_total{reason}``: tables this process stopped serving because another serves
  them now (issue 12): ``handover`` (asked), ``lost`` (its lock connection dropped),
  ``conflict`` (the store refused a seq another process had written), ``unlocked`` (served without
  its lock held: dropped by the periodic check, operator s15 F1); ``tables_without_lock`` (gauge):
  tables served now whose lock this process does not hold (0 unless that happens);
* ``store_rollbacks_total``, ``store_rolled_back_events_total``: tables this process took again
  from the store with fewer events than it had itself stored there, and how many events were gone
  (a failover to a standby that was behind the primary; operator s13 finding 8);
* ``store_failed_writes_total{kind}`` (``moves``, ``chat``, ``tables``): every failed write, however
  short the failure (``store_ok`` is a gauge: a 3.5 s cut or a 30 s row lock between two scrapes
  shows only here); ``store_in_doubt_total``: writes cut after their ``COMMIT`` was sent (settled later);
* ``store_pool_connections{state}`` (``open``, ``idle``, ``max``): the PostgreSQL pool the tables use
  (all 0 on SQLite); ``tables_awaiting_adoption``: open tables nobody serves that this process will
  adopt (a stopped process's);
* ``moves_total{kind}``: decisions applied (draw, nominate, review, play, pass), humans and computers;
* ``errors_total{code}``: refusals sent, by stable error code;
* ``limits_total{limit}``: connections refused or closed by a limit (:data:`LIMIT_NAMES`, each at 0
  from the start);
* ``decision_seconds``: from receiving an intent to its update being handed to every
  seat's connection (validate, apply, durable append, fan-out);
* ``store_append_seconds``: the durable append alone;
* ``computer_seconds``: a computer player's thinking time per decision;
* ``store_ok`` (gauge): 1 while the store's last write worked, 0 while it fails (a full disk, a
  read-only file system, PostgreSQL down); ``store_seconds_since_success``: seconds since the
  last write that worked (since the start before any; grows while nothing is written, too);
* ``table_locks_ok`` (gauge): 1 while this process can claim tables (PostgreSQL: its lock
  connection is up; SQLite and memory: always), 0 when it lost them all (``/healthz`` 503 too);
* ``log_lines_lost_total``: log lines the process could not write (its log's reader stopped reading, a
  full disk: ``logfmt.LOST``, operator s17 F2/F10; each spell is also told by one ``log lines lost`` line);
* ``build_info{version}`` (always 1): the installed version and build (``doublenine --version``), so a rolling upgrade shows which
  process runs what.

Besides, prometheus-client's own collectors: ``process_*`` (CPU seconds, resident memory, open
file descriptors and their limit, start time; Linux), ``python_info`` and ``python_gc_*``
(operator s11, finding 13: /metrics had no store health, no version and no process figures).
"""
from __future__ import annotations

from collections.abc import Callable, Iterator

from prometheus_client import (GC_COLLECTOR, CollectorRegistry, Counter, Gauge, GCCollector, Histogram, Info,
                               PlatformCollector, ProcessCollector)
from prometheus_client.core import CounterMetricFamily
from prometheus_client.exposition import generate_latest

CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
"""The ``Content-Type`` of :meth:`ServerMetrics.render`: the classic text format, which
every Prometheus version reads (our names need none of the newer format's escaping)."""

FAST_BUCKETS = (0.0002, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
"""Seconds: a move takes well under a millisecond to handle (docs/performance.md)."""
SLOW_BUCKETS = (0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
"""Seconds: computer players may think up to seconds at the strongest level."""


MOVED_REASONS = ("handover", "lost", "conflict", "unlocked")
"""``doublenine_tables_moved_total``'s reasons (server/moving.py), each series there at 0 from the
start: ``increase(...{reason="lost"}[10m])`` (docs' ``DoublenineTablesLost``) sees a process's first
loss only if the series existed before it (operator s11 round 2: it appeared with its first event)."""
LIMIT_NAMES = ("rate", "tables_per_address", "connections_per_address", "spectators", "spectators_per_address",
               "hints", "coach", "chat", "nudge", "requests", "code_misses", "seats", "seats_per_address", "resync",
               "playing_per_site", "address", "table", "frame_size", "idle", "read_budget", "slow_reader", "handshakes")
"""``doublenine_limits_total``'s ``limit`` labels (``connection.LIMIT_CODES``, the refusals' ``data.limit``,
the closes and the handshakes), each series there at 0 from the start (operator s13 finding 10: no
series until a limit first fired, so an ``increase`` alert missed a process's first one)."""
WRITE_KINDS = ("moves", "chat", "tables")
"""``doublenine_store_failed_writes_total``'s kinds (``storage.metered.WRITE_KINDS``)."""
POOL_STATES = ("open", "idle", "max")
"""``doublenine_store_pool_connections``'s states."""
ALERTED_CODES = ("INTERNAL",)
"""``doublenine_errors_total``'s codes an alert rule reads (``DoublenineInternalErrors``), at 0 from the start."""


class _LostLogLines:
    """``doublenine_log_lines_lost_total``: the process's :data:`..logfmt.LOST` (one count per process, read
    when scraped: every server of the process shows it)."""

    def collect(self) -> Iterator[CounterMetricFamily]:
        from .logfmt import LOST
        yield CounterMetricFamily("doublenine_log_lines_lost", "Log lines this process could not write.",
                                  value=LOST.total)


class ServerMetrics:
    """The counters, gauges and histograms of one server process."""

    def __init__(self, version: str | None = None) -> None:
        """``version``: what ``build_info`` says (default: the installed package's, ``doublenine --version``)."""
        r = self.registry = CollectorRegistry(auto_describe=True)
        p = "doublenine_"
        if version is None:
            from doublenine.cli import installed_version

            version = installed_version()
        self.build = Info(p + "build", "The doublenine version this process runs.", registry=r)
        self.build.info({"version": version})
        self.store_ok = Gauge(p + "store_ok", "0 while a kind of write (moves, chat, tables) fails until it works again, else 1.", registry=r)
        self.store_since_success = Gauge(p + "store_seconds_since_success",
                                         "Seconds since every kind of write last worked.", registry=r)
        self.table_locks_ok = Gauge(p + "table_locks_ok", "1 while this process can claim tables.", registry=r)
        self.store_ok.set(1)
        self.table_locks_ok.set(1)
        r.register(_LostLogLines())
        ProcessCollector(registry=r)
        PlatformCollector(registry=r)
        if GC_COLLECTOR is not None:
            GCCollector(registry=r)
        self.connections = Gauge(p + "connections", "Open websocket connections.", registry=r)
        self.read_held = Gauge(p + "read_held_bytes", "Bytes read from the connections and not yet handled, "
                               "server-wide (--max-read-held).", registry=r)
        self.tables = Gauge(p + "tables", "Tables held in memory.", registry=r)
        self.tables_without_lock = Gauge(p + "tables_without_lock",
                                         "Tables served whose lock this process does not hold (split brain).", registry=r)
        self.tables_created = Counter(p + "tables_created", "Tables created.", registry=r)
        self.tables_resumed = Counter(
            p + "tables_resumed", "Tables reloaded from storage (restart or takeover).", registry=r
        )
        self.tables_moved = Counter(
            p + "tables_moved", "Tables handed to another process, by reason.", ["reason"], registry=r
        )
        for reason in MOVED_REASONS:
            self.tables_moved.labels(reason=reason)
        self.store_rollbacks = Counter(
            p + "store_rollbacks", "Tables taken again from the store behind what this process had stored.", registry=r
        )
        self.store_rolled_back_events = Counter(
            p + "store_rolled_back_events", "Events this process had stored that the store no longer held.", registry=r
        )
        self.moves = Counter(p + "moves", "Decisions applied, by kind.", ["kind"], registry=r)
        self.errors = Counter(p + "errors", "Refusals sent to clients, by error code.", ["code"], registry=r)
        for code in ALERTED_CODES:
            self.errors.labels(code=code)
        self.limits = Counter(p + "limits", "Connections refused or closed by a limit.", ["limit"], registry=r)
        for name in LIMIT_NAMES:
            self.limits.labels(limit=name)
        self.store_failed_writes = Counter(p + "store_failed_writes", "Store writes that failed, by kind.", ["kind"],
                                           registry=r)
        for kind in WRITE_KINDS:
            self.store_failed_writes.labels(kind=kind)
        self.store_in_doubt = Counter(p + "store_in_doubt", "Store writes cut unanswered after their COMMIT was sent.",
                                      registry=r)
        self.store_pool = Gauge(p + "store_pool_connections", "PostgreSQL pool connections of the tables, by state.",
                                ["state"], registry=r)
        self.watch_pool(lambda: (0, 0, 0))  # there from the start (a store without a pool: all 0)
        self.awaiting_adoption = Gauge(p + "tables_awaiting_adoption",
                                       "Open tables nobody serves that this process will adopt.", registry=r)
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

    def watch_store(self, failing: Callable[[], object], since_success: Callable[[], float],
                    locks_ok: Callable[[], bool]) -> None:
        """Read the store's health at each scrape: ``failing()`` (a reason, or None/empty when the
        last write worked), ``since_success()`` seconds, ``locks_ok()``."""
        self.store_ok.set_function(lambda: 0.0 if failing() else 1.0)
        self.store_since_success.set_function(since_success)
        self.table_locks_ok.set_function(lambda: 1.0 if locks_ok() else 0.0)

    def watch_pool(self, sizes: Callable[[], tuple[int, int, int]]) -> None:
        """Read the store's pool at each scrape: ``sizes()`` is (open, idle, max) connections."""
        for i, state in enumerate(POOL_STATES):
            self.store_pool.labels(state=state).set_function(lambda i=i: float(sizes()[i]))  # type: ignore[misc]

    def render(self) -> bytes:
        """The whole registry in the Prometheus text format."""
        return generate_latest(self.registry)
