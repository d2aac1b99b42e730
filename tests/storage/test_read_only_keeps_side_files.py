"""Attacker s14 F9: ``doublenine results`` deleted the -wal/-shm a server made while it read. Kind: a tool
removing files it did not create; every reader of a store file (results, copy-store) goes through
``storage.sqlite.read_only``, which now removes nothing beside the file."""
from __future__ import annotations

import sqlite3

from doublenine.server.storage.sqlite import read_only


def test_f9_the_reported_case_a_server_opening_the_store_during_the_read_keeps_its_wal(tmp_path) -> None:
    db = tmp_path / "walcopy.sqlite3"
    made = sqlite3.connect(db)
    made.execute("CREATE TABLE t(x)")
    made.execute("INSERT INTO t VALUES (1)")
    made.commit()
    made.close()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["walcopy.sqlite3"]
    with read_only(db) as con:
        server = sqlite3.connect(db)  # the server starts during the read and commits in WAL mode
        server.execute("PRAGMA journal_mode=WAL")
        server.execute("INSERT INTO t VALUES (2)")
        server.commit()
        assert con.execute("SELECT count(*) FROM t").fetchone() == (1,)
    # was: "after `doublenine results` returned: -wal exists: False -shm: False", then "disk I/O error"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["walcopy.sqlite3", "walcopy.sqlite3-shm",
                                                          "walcopy.sqlite3-wal"]
    server.execute("INSERT INTO t VALUES (3)")
    server.commit()
    assert sqlite3.connect(db).execute("SELECT x FROM t ORDER BY x").fetchall() == [(1,), (2,), (3,)]
    server.close()


def test_f9_a_live_servers_store_is_read_through_its_wal_and_both_side_files_stay(tmp_path) -> None:
    db = tmp_path / "live.sqlite3"
    server = sqlite3.connect(db)
    server.execute("PRAGMA journal_mode=WAL")
    server.execute("CREATE TABLE t(x)")
    server.execute("INSERT INTO t VALUES (7)")
    server.commit()
    with read_only(db) as con:
        assert con.execute("SELECT x FROM t").fetchall() == [(7,)]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["live.sqlite3", "live.sqlite3-shm", "live.sqlite3-wal"]
    server.close()
