"""The one-server-per-file lock's side file (issue 12 case 0; new-user finding 2).

A clean stop removes ``FILE.owner``; a file left by a crash (unlocked) blocks no start;
and removing it never lets two processes hold one store: a process that locked the
file just removed checks the name and starts again on the new file.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from doublenine.server.storage import ownerfile
from doublenine.server.storage.ownerfile import OwnerFile, StoreInUse
from doublenine.server.storage.sqlite import SQLiteStore


async def test_a_clean_close_of_the_store_removes_its_owner_file(tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite3"
    store = SQLiteStore(db)
    assert (tmp_path / "tables.sqlite3.owner").read_text().split()[0] == str(os.getpid())
    await store.close()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tables.sqlite3"]  # no -wal, -shm, .owner


def test_an_owner_file_left_by_a_crash_blocks_no_start(tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite3"
    (tmp_path / "tables.sqlite3.owner").write_text("999999 ws://127.0.0.1:1/\n")  # nobody locks it
    owner = OwnerFile(db)
    assert owner.path.read_text() == f"{os.getpid()} \n"
    owner.release()
    assert not owner.path.exists()


def test_a_lock_taken_on_a_file_just_removed_is_taken_again_on_the_new_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "tables.sqlite3"
    first = OwnerFile(db)
    real_lock, calls = ownerfile._lock, []

    def first_stops_between_open_and_lock(handle):  # type: ignore[no-untyped-def]
        calls.append(handle.fileno())
        if len(calls) == 1:
            first.release()  # removes the file this second process has just opened
        return real_lock(handle)

    monkeypatch.setattr(ownerfile, "_lock", first_stops_between_open_and_lock)
    second = OwnerFile(db)
    monkeypatch.undo()
    assert len(calls) == 2 and second.path.exists()
    with pytest.raises(StoreInUse):  # the name's file is the one locked: a third is refused
        OwnerFile(db)
    second.release()
    OwnerFile(db).release()
