"""open_store(db): which store each ``--db`` value names (issue 7 item 1)."""
from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from doublenine.server.storage import ListedTable, MemoryStore, StoredTable, describe, open_store
from doublenine.server.storage.postgres import PostgresStore, redact
from doublenine.server.storage.sqlite import SQLiteStore


async def test_memory() -> None:
    store = open_store(":memory:")
    assert isinstance(store, MemoryStore) and describe(store) == "memory"


async def test_path_is_a_sqlite_file_in_wal_mode(tmp_path: Path) -> None:
    store = open_store(str(tmp_path / "sub" / "t.sqlite3"))
    assert isinstance(store, SQLiteStore) and describe(store) == f"sqlite:{tmp_path}/sub/t.sqlite3"
    await store.create_table("T", b"m")
    await store.close()
    con = sqlite3.connect(tmp_path / "sub" / "t.sqlite3")
    assert con.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    assert con.execute("PRAGMA user_version").fetchone() == (3,)  # issue 12: epoch and listing columns; club s14: dn_result
    assert con.execute("SELECT code, meta, closed FROM dn_table").fetchall() == [("T", b"m", 0)]
    con.close()


SCHEMA_1 = """
CREATE TABLE dn_table (code TEXT PRIMARY KEY, meta BLOB NOT NULL, closed INTEGER NOT NULL DEFAULT 0,
                       created REAL NOT NULL, updated REAL NOT NULL);
CREATE TABLE dn_row (code TEXT NOT NULL REFERENCES dn_table(code), seq INTEGER NOT NULL,
                     payload BLOB NOT NULL, PRIMARY KEY (code, seq)) WITHOUT ROWID;
CREATE INDEX dn_table_open ON dn_table(closed, created);
INSERT INTO dn_table VALUES ('OLD', x'80', 0, 1.0, 1.0);
INSERT INTO dn_row VALUES ('OLD', 0, x'01');
PRAGMA user_version=1;
"""


async def test_a_schema_1_file_gains_the_epoch_and_listing_columns_and_keeps_its_tables(tmp_path: Path) -> None:
    """Issue 12: a file written before the epoch fence and the stored listing opens, unchanged."""
    con = sqlite3.connect(tmp_path / "old.sqlite3")
    con.executescript(SCHEMA_1)
    con.close()
    store = open_store(str(tmp_path / "old.sqlite3"))
    try:
        assert await store.load_open() == [StoredTable("OLD", b"\x80", ((0, b"\x01"),), False, 0)]
        assert await store.load_listed(5) == []  # listed again once its owner stores the listing
        assert await store.take("OLD") == 1
        await store.update_listing("OLD", True, (7, 3), 1)
        assert await store.load_listed(5) == [ListedTable("OLD", b"\x80", (7, 3))]
    finally:
        await store.close()
    con = sqlite3.connect(tmp_path / "old.sqlite3")
    assert con.execute("PRAGMA user_version").fetchone() == (3,)
    con.close()


async def test_none_is_the_default_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DOUBLENINE_DB", str(tmp_path / "default.sqlite3"))
    store = open_store(None)
    assert isinstance(store, SQLiteStore) and store.path == tmp_path / "default.sqlite3"
    await store.close()


async def test_postgres_url_connects_lazily_and_hides_the_password() -> None:
    store = open_store("postgresql://dn:s3cret@db.invalid:5432/dn")
    assert isinstance(store, PostgresStore)
    assert describe(store) == "postgresql://dn:***@db.invalid:5432/dn"
    assert redact("postgres://u@h/d") == "postgres://u@h/d"


async def test_unreachable_postgres_is_an_os_error(tmp_path: Path) -> None:
    store = open_store(f"postgresql://dn@/dn?host={tmp_path}&port=1")  # no server at that socket
    with pytest.raises(OSError, match="cannot open PostgreSQL store"):
        await store.load_open()
    await store.close()


def test_unopenable_sqlite_path_is_an_os_error(tmp_path: Path) -> None:
    (tmp_path / "dir.sqlite3").mkdir()
    with pytest.raises(OSError, match="cannot open SQLite store"):
        open_store(str(tmp_path / "dir.sqlite3"))


async def test_closed_sqlite_store_refuses_calls(tmp_path: Path) -> None:
    store = open_store(str(tmp_path / "t.sqlite3"))
    await store.close()
    await store.close()  # idempotent
    with pytest.raises(OSError, match="closed"):
        await store.load_open()


@pytest.mark.parametrize(("env", "pragma"), [(None, 2), ("normal", 1), ("FULL", 2)])
async def test_sqlite_sync_policy_from_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                       env: str | None, pragma: int) -> None:
    if env is None:
        monkeypatch.delenv("DOUBLENINE_SQLITE_SYNC", raising=False)
    else:
        monkeypatch.setenv("DOUBLENINE_SQLITE_SYNC", env)
    store = open_store(str(tmp_path / "s.sqlite3"))

    def read(c: sqlite3.Connection) -> int:
        return int(c.execute("PRAGMA synchronous").fetchone()[0])

    assert await store._call(read) == pragma  # type: ignore[attr-defined]
    await store.close()


def test_unknown_sync_policy_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from doublenine.server.storage.base import StoreError

    monkeypatch.setenv("DOUBLENINE_SQLITE_SYNC", "off")
    with pytest.raises(StoreError, match="full or normal"):  # said by serve in words (issue 16), not a traceback
        open_store(str(tmp_path / "s.sqlite3"))


@pytest.mark.parametrize("value", ["bogus", "ＦＵＬＬ", "full\u200b", "x" * 10_000])
def test_a_bad_sync_setting_is_said_not_raised(value: str, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Issue 16: DOUBLENINE_SQLITE_SYNC is outside text; a bad one was a ValueError traceback from serve."""
    from doublenine.server.storage.base import StoreError

    monkeypatch.setenv("DOUBLENINE_SQLITE_SYNC", value)
    with pytest.raises(StoreError, match="DOUBLENINE_SQLITE_SYNC must be full or normal"):
        open_store(str(tmp_path / "t.sqlite3"))
    monkeypatch.setenv("DOUBLENINE_SQLITE_SYNC", " Normal ")
    store = open_store(str(tmp_path / "t.sqlite3"))
    assert isinstance(store, SQLiteStore) and store.synchronous == "NORMAL"


def test_postgres_without_asyncpg_is_said_with_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """asyncpg is the optional ``postgres`` extra (``run.py play`` installs only the game's dependencies):
    a ``postgresql://`` store without it was a ModuleNotFoundError traceback from serve."""
    import sys

    from doublenine.server.storage.base import StoreError

    monkeypatch.setitem(sys.modules, "asyncpg", None)  # as if not installed
    monkeypatch.delitem(sys.modules, "doublenine.server.storage.postgres")
    with pytest.raises(StoreError) as caught:
        open_store("postgresql://u:p@127.0.0.1:1/x")
    assert str(caught.value) == ("a postgresql:// store needs the asyncpg package, which is not installed: "
                                 "install the doublenine wheel with its extra, "
                                 "pip install 'doublenine-VERSION-py3-none-any.whl[postgres]', "
                                 "or pip install 'asyncpg>=0.29' into the same environment (from a checkout: "
                                 ".venv/bin/pip install -e '.[postgres]'); doublenine itself is not on PyPI")
