"""One default SQLite file for the game window and ``doublenine serve`` (new-user finding 2).

The kind: two defaults for one thing. The window kept matches in ``doublenine.sqlite`` and
``serve`` in ``doublenine.sqlite3`` in the same folder, so a default ``serve`` never saw the
window's matches and the one-process-per-file lock (issue 12 case 0) never applied between them.
"""
from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from doublenine.client.embedded import default_db
from doublenine.server.storage import MemoryStore, MissingFolder, StoreError, open_store
from doublenine.server.storage.postgres import PostgresStore
from doublenine.server.storage.sqlite import DEFAULT_NAME, adopt_old_file, default_path


def _old_window_file(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    old = folder / "doublenine.sqlite"
    con = sqlite3.connect(old)
    con.execute("CREATE TABLE kept (code TEXT)")
    con.execute("INSERT INTO kept VALUES ('72YWX')")
    con.commit()
    con.close()
    return old


def test_window_and_serve_share_one_default(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("DOUBLENINE_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert default_db() == str(default_path()) == str(tmp_path / "data" / "doublenine" / "doublenine.sqlite3")


def test_window_honours_doublenine_db_like_serve(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("DOUBLENINE_DB", str(tmp_path / "mine.sqlite3"))
    assert default_db() == str(tmp_path / "mine.sqlite3")


def test_window_refuses_doublenine_db_in_a_missing_folder_like_serve(monkeypatch: pytest.MonkeyPatch,
                                                                   tmp_path: Path) -> None:
    """Kind: one setting reachable two ways, checked one way (``serve --db`` refused a missing
    folder, ``$DOUBLENINE_DB`` had it created, by ``serve`` and the window alike)."""
    typo = tmp_path / "typo" / "mine.sqlite3"
    monkeypatch.setenv("DOUBLENINE_DB", str(typo))
    with pytest.raises(StoreError) as refused:
        default_db()
    assert str(refused.value) == (f"$DOUBLENINE_DB={typo}: the folder {typo.parent} does not exist. Check the "
                                  "path for a typo, or create the folder first.")
    with pytest.raises(MissingFolder):
        open_store(None)
    assert not (tmp_path / "typo").exists()


async def test_doublenine_db_takes_every_form_of_db(monkeypatch: pytest.MonkeyPatch) -> None:
    """``$DOUBLENINE_DB=postgresql://...`` was made a ``Path`` (``postgresql:/...``: a SQLite file)."""
    url = "postgresql://dn:s3cret@db.invalid:5432/dn"
    monkeypatch.setenv("DOUBLENINE_DB", url)
    assert default_db() == url
    store = open_store(None)
    assert isinstance(store, PostgresStore)
    await store.close()
    monkeypatch.setenv("DOUBLENINE_DB", ":memory:")
    assert default_db() == ":memory:" and isinstance(open_store(None), MemoryStore)


def test_old_window_file_is_adopted_once_with_its_matches(tmp_path: Path) -> None:
    old = _old_window_file(tmp_path)
    path = adopt_old_file(tmp_path)
    assert path == tmp_path / DEFAULT_NAME and not old.exists()
    con = sqlite3.connect(path)
    assert con.execute("SELECT code FROM kept").fetchall() == [("72YWX",)]
    con.close()
    assert adopt_old_file(tmp_path) == path  # the second start finds the new name


def test_old_file_in_use_is_kept_where_it_is(tmp_path: Path) -> None:
    old = _old_window_file(tmp_path)
    (tmp_path / "doublenine.sqlite-wal").write_bytes(b"x")  # an open (or unrecovered) WAL beside it
    assert adopt_old_file(tmp_path) == old and not (tmp_path / DEFAULT_NAME).exists()


def test_existing_new_file_is_never_overwritten(tmp_path: Path) -> None:
    _old_window_file(tmp_path)
    (tmp_path / DEFAULT_NAME).write_bytes(b"")
    assert adopt_old_file(tmp_path) == tmp_path / DEFAULT_NAME
    assert (tmp_path / DEFAULT_NAME).read_bytes() == b"" and (tmp_path / "doublenine.sqlite").exists()
