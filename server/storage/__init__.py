"""Storage of tables and their event logs (DESIGN "Storage"; issue 7 item 1).

``open_store(db)`` is the one entry point the server uses:

* ``None`` -> the default SQLite file (``$DOUBLENINE_DB`` or the user data dir);
* ``":memory:"`` -> :class:`MemoryStore` (nothing survives the process);
* ``"postgresql://..."`` or ``"postgres://..."`` -> :class:`~.postgres.PostgresStore`;
* anything else -> a path to a SQLite file (:class:`~.sqlite.SQLiteStore`), created if missing;
  ``$DOUBLENINE_SQLITE_SYNC`` (``full``, the default, or ``normal``) sets its fsync policy.
"""
from __future__ import annotations

import os
from pathlib import Path

from .base import ListedTable, ListingKey, MemoryStore, Store, StoreError, StoredTable, created_us

__all__ = ["ListedTable", "ListingKey", "MemoryStore", "created_us", "Store", "StoredTable", "open_store", "describe"]

POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def open_store(db: str | os.PathLike[str] | None) -> Store:
    """The store named by ``db`` (see module doc); ``OSError`` if a SQLite file cannot be opened.

    A PostgreSQL store connects on its first call, so connection errors surface then
    (as ``OSError``); ``ImportError`` if asyncpg is not installed
    (``pip install 'doublenine[postgres]'``).
    """
    if db is not None and not isinstance(db, str):
        db = os.fspath(db)
    if db == ":memory:":
        return MemoryStore()
    if db is not None and db.startswith(POSTGRES_SCHEMES):
        from .postgres import PostgresStore

        return PostgresStore(db)
    from .sqlite import SQLiteStore, default_path

    sync = os.environ.get("DOUBLENINE_SQLITE_SYNC", "FULL")
    if sync.strip().upper() not in ("FULL", "NORMAL"):  # the environment is outside text: said, not a traceback
        raise StoreError(f"DOUBLENINE_SQLITE_SYNC must be full or normal, not {sync[:40]!a}")
    return SQLiteStore(default_path() if db is None else Path(db).expanduser(), synchronous=sync.strip())


def describe(store: Store) -> str:
    """A short, password-free name of where ``store`` keeps its data, for logs and ``/healthz``."""
    url = getattr(store, "url", None)
    return url if isinstance(url, str) else "memory"
