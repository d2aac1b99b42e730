"""Storage of tables and their event logs (DESIGN "Storage"; issue 7 item 1).

``open_store(db)`` is the one entry point the server uses:

* ``None`` -> the default SQLite file (``$DOUBLENINE_DB`` or the user data dir; :func:`default_store`);
* ``":memory:"`` -> :class:`MemoryStore` (nothing survives the process);
* ``"postgresql://..."`` or ``"postgres://..."`` -> :class:`~.postgres.PostgresStore`;
* any other ``SCHEME://...`` -> refused (:class:`~.address.BadAddress`, one line, no password);
* anything else -> a path to a SQLite file (:class:`~.sqlite.SQLiteStore`), created if missing;
  ``$DOUBLENINE_SQLITE_SYNC`` (``full``, the default, or ``normal``) sets its fsync policy.
"""
from __future__ import annotations

import os
from pathlib import Path

from .address import BadAddress, StoreAddress, parse_address
from .base import (RESULTS_KEPT, RESULTS_SHOWN, ListedTable, ListingKey, MatchResult, MemoryStore, Store, StoreError,
                   StoredTable, TooManyOpen, created_us)

__all__ = ["BadAddress", "StoreAddress", "parse_address", "ListedTable", "ListingKey", "MatchResult", "RESULTS_KEPT", "RESULTS_SHOWN", "MemoryStore", "MissingFolder", "created_us", "Store", "StoredTable",
           "check_chosen", "default_store", "describe", "left_behind", "missing_folder", "open_store",
           "unused_setting"]

DB_ENV = "DOUBLENINE_DB"
"""The environment variable naming the store when no ``--db`` is given (``serve`` and the window)."""
SHOWN_CHARS = 300
"""At most this much of a chosen store's name is repeated in a refusal (the environment is outside text)."""


NO_ASYNCPG = ("a postgresql:// store needs the asyncpg package, which is not installed: install the "
              "doublenine wheel with its extra, pip install 'doublenine-VERSION-py3-none-any.whl[postgres]', "
              "or pip install 'asyncpg>=0.29' into the same environment (from a checkout: "
              ".venv/bin/pip install -e '.[postgres]'); doublenine itself is not on PyPI")
"""Said when ``--db postgresql://...`` names a store this installation cannot reach (an optional extra)."""


class MissingFolder(StoreError):
    """A chosen SQLite file's folder does not exist (``serve`` exits 2): a typo must never start an
    empty store in which every table seems gone. ``source`` is ``--db`` or ``$DOUBLENINE_DB``."""

    def __init__(self, source: str, db: str, folder: str) -> None:
        shown = db if len(db) <= SHOWN_CHARS else db[:SHOWN_CHARS] + "..."
        where = folder if len(folder) <= SHOWN_CHARS else folder[:SHOWN_CHARS] + "..."
        sep = " " if source.startswith("-") else "="
        super().__init__(f"{source}{sep}{shown}: the folder {where} does not exist. Check the path for a typo, "
                         "or create the folder first.")
        self.source, self.db, self.folder = source, db, folder


def missing_folder(db: str | None) -> str | None:
    """The folder of a chosen SQLite path ``db`` when it does not exist, else None (new user:
    ``--db /nonexistent/dir/x.sqlite3`` silently created the folder and served an empty store).
    None for no choice (the default data folder, chosen by the program, is created), ``:memory:``
    and ``postgresql://`` addresses. A path that exists but is not a folder is left to the store,
    which names it."""
    if db is None or parse_address(db).kind != "sqlite":  # the one reader of addresses (any case of scheme)
        return None
    parent = Path(db).expanduser().parent
    return None if parent.exists() else str(parent)


def check_chosen(db: str | None, source: str = "--db") -> None:
    """Raise :class:`~.address.BadAddress` when ``db``, chosen through ``source``, cannot be read as a
    store address (:func:`~.address.parse_address`: an unknown scheme, a malformed PostgreSQL
    address; said without its password), :class:`MissingFolder` when it names a SQLite file in a
    folder that does not exist."""
    if db is not None:
        parse_address(db, source)
    folder = missing_folder(db)
    if db is not None and folder is not None:
        raise MissingFolder(source, db, folder)


def left_behind(db: str, folder: Path | None = None) -> Path | None:
    """The SQLite file an older doublenine made of the PostgreSQL address ``db``, if it is in
    ``folder`` (default: the working folder), else None. Operator s13 finding 5: a version of
    2026-11-30 read ``$DOUBLENINE_DB=postgresql://u:pw@h/db`` as a file path, relative to its working
    folder (``postgresql:/u:pw@h/db``, the password in its name), and served from that file; the
    current version reads the same variable as PostgreSQL and starts on the empty database, every
    table of that file left behind (moved with ``copy-store --from``)."""
    if parse_address(db).kind != "postgresql":
        return None
    path = (folder or Path.cwd()) / Path(db)
    try:
        return path if path.is_file() else None
    except OSError:  # a name too long for the file system: no such file
        return None


def unused_setting(db: str | None, env: dict[str, str]) -> str | None:
    """What to warn when ``--db`` (``db``) is given while ``$DOUBLENINE_DB`` names another store,
    which is then not used (an operator who set the variable for a PostgreSQL move would find the
    tables missing): one line, the variable shown without its password; None otherwise."""
    value = env.get(DB_ENV, "")
    if db is None or not value or value == db:
        return None
    from .address import shown

    return (f"${DB_ENV}={shown(value)[:SHOWN_CHARS]} is not used: --db names the store ({shown(db)[:SHOWN_CHARS]});"
            f" unset ${DB_ENV} or drop --db")


def default_store() -> str:
    """The store used when no ``--db`` is given, by ``doublenine serve`` and the game window alike.

    ``$DOUBLENINE_DB`` as written, in any of ``--db``'s forms (a path, ``postgresql://...``,
    ``:memory:``) and checked like ``--db``: a file in a folder that does not exist raises
    :class:`MissingFolder` (kind: one setting reachable two ways, the flag checked and the
    variable not: the variable's folder was silently created, and a ``postgresql://`` value was
    taken for a file path). Unset or empty: the default SQLite file in the user data folder, whose
    folder is created (the program chose it).
    """
    env = os.environ.get(DB_ENV, "")
    if env:
        check_chosen(env, f"${DB_ENV}")
        return env
    from .sqlite import default_path

    path = default_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(f"cannot make the data folder {path.parent}: {exc.strerror or exc}") from exc
    return str(path)


def open_store(db: str | os.PathLike[str] | None) -> Store:
    """The store named by ``db`` (see module doc); ``OSError`` if a SQLite file cannot be opened,
    :class:`~.address.BadAddress` (a :class:`StoreError`) if ``db`` is no store address.

    A PostgreSQL store connects on its first call, so connection errors surface then
    (as ``OSError``); :class:`StoreError` saying how to install it if asyncpg is not installed
    (the ``postgres`` extra: neither ``doublenine`` from a wheel nor ``run.py play`` installs it).
    """
    if db is not None and not isinstance(db, str):
        db = os.fspath(db)
    kind = None if db is None else parse_address(db).kind  # BadAddress: one line, no password
    if kind == "memory":
        return MemoryStore()
    if db is not None and kind == "postgresql":
        try:
            from .postgres import PostgresStore
        except ImportError as exc:  # said by serve in one line, not a traceback
            if exc.name != "asyncpg":
                raise
            raise StoreError(NO_ASYNCPG) from exc
        return PostgresStore(db)
    if db is None:
        db = default_store()
        return open_store(db)
    from .sqlite import SQLiteStore

    sync = os.environ.get("DOUBLENINE_SQLITE_SYNC", "FULL")
    if sync.strip().upper() not in ("FULL", "NORMAL"):  # the environment is outside text: said, not a traceback
        raise StoreError(f"DOUBLENINE_SQLITE_SYNC must be full or normal, not {sync[:40]!a}")
    return SQLiteStore(Path(db).expanduser(), synchronous=sync.strip())


def describe(store: Store) -> str:
    """A short, password-free name of where ``store`` keeps its data, for logs and ``/healthz``."""
    url = getattr(store, "url", None)
    return url if isinstance(url, str) else "memory"
