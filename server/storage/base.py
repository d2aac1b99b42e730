"""The one small storage interface (DESIGN "Storage"; issue 7).

A store keeps, per table, its creation record and its append-only event log.
Events are stored as (seq, kind, payload bytes) rows; encoding lives in
:mod:`doublenine.shared.codec`-style helpers of the caller, so a store never
needs to know the engine. Implementations: :class:`MemoryStore` (tests),
SQLite (default, ``--db PATH``), PostgreSQL (``--db postgresql://...``).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol


class StoreError(OSError):
    """The store cannot be used at all (its folder cannot be made, the file is not a database,
    the file system is read-only, the database refuses): the message says what and where."""


@dataclass(frozen=True, slots=True)
class StoredTable:
    """A table as stored: its code, its creation record (msgpack bytes) and its log rows."""

    code: str
    meta: bytes
    rows: tuple[tuple[int, bytes], ...] = ()
    """(seq, payload) in seq order."""
    closed: bool = False


class Store(Protocol):
    """Async storage of tables and their event logs. Every method may raise ``OSError``.

    Contract shared by every implementation (checked by ``tests/storage``):
    ``append`` to an unknown code raises ``KeyError``; a seq already stored for that
    table (or repeated within one call) raises ``ValueError`` and stores none of the
    call's rows (the (code, seq) primary key); when ``append`` returns, the rows are
    committed and survive a crash of the process.
    """

    async def create_table(self, code: str, meta: bytes) -> None:
        """Record a new table; ``ValueError`` if ``code`` exists."""

    async def update_meta(self, code: str, meta: bytes) -> None:
        """Replace a table's creation record (seats, names, tokens hashes); ``KeyError`` if unknown."""

    async def append(self, code: str, rows: list[tuple[int, bytes]]) -> None:
        """Durably append log rows (seq, payload) before any client hears of them."""

    async def append_chat(self, code: str, line_id: int, payload: bytes, keep: int) -> None:
        """Store chat line ``line_id`` of a table (issue 15: kept with the table, never in its log)
        and forget all but its newest ``keep`` lines. ``KeyError`` if the table is unknown,
        ``ValueError`` if ``line_id`` is stored already (nothing stored then)."""

    async def load_chat(self, code: str) -> tuple[tuple[int, bytes], ...]:
        """A table's stored chat lines ``(line_id, payload)``, oldest first (empty if none or unknown)."""

    async def close_table(self, code: str) -> None:
        """Mark a table closed; its log stays stored. ``KeyError`` if unknown."""

    async def reopen_table(self, code: str) -> None:
        """Mark a closed table open again (a player came back to an idle-closed table, D7);
        ``KeyError`` if unknown, nothing if it is open."""

    async def load_open(self) -> list[StoredTable]:
        """Every table not closed, with its whole log, for resuming after a restart."""

    async def load(self, code: str) -> StoredTable | None:
        """One table (open or closed), or None."""

    async def close(self) -> None:
        """Flush and release the store."""


@dataclass
class MemoryStore:
    """A :class:`Store` in memory: for tests and for ``--db :memory:``.

    Appends cost O(rows appended): each table keeps a growing list and a set of its seqs
    (the (code, seq) key); ``load`` builds the frozen :class:`StoredTable`.
    """

    tables: dict[str, StoredTable] = field(default_factory=dict)
    """Each table's code, meta and closed flag (its rows live in ``_rows``)."""
    _rows: dict[str, list[tuple[int, bytes]]] = field(default_factory=dict)
    _seqs: dict[str, set[int]] = field(default_factory=dict)
    _chat: dict[str, list[tuple[int, bytes]]] = field(default_factory=dict)

    async def create_table(self, code: str, meta: bytes) -> None:
        if code in self.tables:
            raise ValueError(f"table {code} exists")
        self.tables[code] = StoredTable(code, meta)
        self._rows[code], self._seqs[code] = [], set()

    async def update_meta(self, code: str, meta: bytes) -> None:
        t = self.tables[code]
        self.tables[code] = StoredTable(code, meta, (), t.closed)

    async def append(self, code: str, rows: list[tuple[int, bytes]]) -> None:
        if code not in self.tables:
            raise KeyError(code)
        seen = self._seqs[code]
        batch = [(int(seq), bytes(payload)) for seq, payload in rows]
        new = {seq for seq, _ in batch}
        if len(new) != len(batch) or not new.isdisjoint(seen):
            raise ValueError(f"table {code}: a seq in {[r[0] for r in batch]} is already stored")
        log = self._rows[code]
        ordered = not log or not batch or log[-1][0] < min(new)
        log.extend(batch)
        if not ordered:
            log.sort(key=lambda r: r[0])
        seen |= new

    async def append_chat(self, code: str, line_id: int, payload: bytes, keep: int) -> None:
        if code not in self.tables:
            raise KeyError(code)
        lines = self._chat.setdefault(code, [])
        if any(i == line_id for i, _ in lines):
            raise ValueError(f"table {code}: chat line {line_id} is already stored")
        lines.append((int(line_id), bytes(payload)))
        lines.sort(key=lambda r: r[0])
        del lines[:-keep]

    async def load_chat(self, code: str) -> tuple[tuple[int, bytes], ...]:
        return tuple(self._chat.get(code, ()))

    async def close_table(self, code: str) -> None:
        t = self.tables[code]
        self.tables[code] = StoredTable(code, t.meta, (), True)

    async def reopen_table(self, code: str) -> None:
        t = self.tables[code]
        self.tables[code] = StoredTable(code, t.meta, (), False)

    def _full(self, code: str) -> StoredTable:
        t = self.tables[code]
        return StoredTable(code, t.meta, tuple(self._rows[code]), t.closed)

    async def load_open(self) -> list[StoredTable]:
        return [self._full(code) for code, t in self.tables.items() if not t.closed]

    async def load(self, code: str) -> StoredTable | None:
        return self._full(code) if code in self.tables else None

    async def close(self) -> None:
        return None
