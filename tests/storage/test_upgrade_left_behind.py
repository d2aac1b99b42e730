"""Operator s13 finding 5: an upgrade trap left by a version of 2026-11-30 (43a7033).

That version read ``DOUBLENINE_DB=postgresql://doublenine:PASSWORD@localhost/doublenine`` (what its own
systemd unit set) as a SQLite file path relative to its working folder, and served every table from
``postgresql:/doublenine:PASSWORD@localhost/doublenine`` there; the current version reads the variable
as PostgreSQL and starts on the empty database, every table of that file silently left behind. Now a
start on PostgreSQL says so when such a file is in its working folder, and ``copy-store --from`` moves
its tables; a ``$DOUBLENINE_DB`` that ``--db`` overrides is said to be unused.
"""
from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from doublenine.cli import main
from doublenine.server.cli import said_store
from doublenine.server.storage import left_behind, unused_setting
from doublenine.server.storage.address import shown
from doublenine.server.storage.postgres import PostgresStore
from doublenine.server.storage.sqlite import SQLiteStore

OLD_UNIT = "postgresql://doublenine:dnpass123@127.0.0.1:16501/dnold"
"""The operator's address; the old version's file: ``postgresql:/doublenine:dnpass123@127.0.0.1:16501/dnold``."""


async def _old_file(folder: Path) -> Path:
    path = folder / "postgresql:" / "doublenine:dnpass123@127.0.0.1:16501" / "dnold"
    path.parent.mkdir(parents=True)
    store = SQLiteStore(path)
    await store.create_table("46HR7", b"meta", creator="c1")
    await store.append("46HR7", [(seq, b"e") for seq in range(35)])
    await store.close()
    return path


async def test_a_start_on_postgresql_names_the_file_an_older_version_made_of_its_address(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    path = await _old_file(tmp_path)
    assert left_behind(OLD_UNIT, tmp_path) == path
    assert left_behind(OLD_UNIT.replace("dnold", "other"), tmp_path) is None
    assert left_behind(str(path), tmp_path) is None  # a SQLite store in use is no leftover
    monkeypatch.chdir(tmp_path)
    with caplog.at_level(logging.WARNING, logger="doublenine.server"):
        lines = said_store(None, OLD_UNIT, {"DOUBLENINE_DB": OLD_UNIT})
    top = tmp_path / "postgresql:"
    assert lines == [
        "an older doublenine kept its tables in a SQLite file named after the PostgreSQL address"
        f" postgresql://doublenine:***@127.0.0.1:16501/dnold, under {top} (ls -R '{top}'; the password is in its"
        " name): they are not in this database. Stop every instance, then copy them: doublenine copy-store"
        " --from THAT-FILE (docs/operations.md \"Upgrade\")"]
    assert [r.getMessage() for r in caplog.records] == lines
    assert "dnpass123" not in lines[0]


def test_an_environment_address_that_db_overrides_is_said_unused() -> None:
    env = {"DOUBLENINE_DB": OLD_UNIT}
    assert unused_setting("/var/lib/doublenine/tables.sqlite3", env) == (
        "$DOUBLENINE_DB=postgresql://doublenine:***@127.0.0.1:16501/dnold is not used: --db names the store"
        " (/var/lib/doublenine/tables.sqlite3); unset $DOUBLENINE_DB or drop --db")
    assert unused_setting(None, env) is None
    assert unused_setting(OLD_UNIT, env) is None
    assert unused_setting("/x.sqlite3", {}) is None


async def test_copy_store_moves_the_old_files_tables_into_postgresql(
        pg_dsn: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The documented step: ``copy-store --from`` the old file (its name read as a file, since it
    exists), into the empty database: the one table and its 35 rows; "1 table", not "1 tables"."""
    store = PostgresStore(pg_dsn)
    await store.drop_all()
    await store.close()
    path = await _old_file(tmp_path)
    monkeypatch.setenv("DOUBLENINE_DB", pg_dsn)
    code = await asyncio.to_thread(main, ["copy-store", "--from", str(path)])
    out = capsys.readouterr()
    assert code == 0, out.err
    assert out.out == (f"doublenine copy-store: copied 1 table (1 open), 35 log rows and 0 chat lines from {path}"
                       f" to {shown(pg_dsn)}\n")
    pg = PostgresStore(pg_dsn)
    try:
        got = await pg.load("46HR7")
        assert got is not None and len(got.rows) == 35
    finally:
        await pg.close()
    assert urlsplit(pg_dsn).scheme.startswith("postgres")
