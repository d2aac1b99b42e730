"""A PostgreSQL that is not there is said as such (operator s17 F3: PostgreSQL on a unix socket stopped,
``/healthz`` and the log said ``FileNotFoundError: [Errno 2] No such file or directory``, which sends one
looking for a missing SQLite file). Kind: a connection failure said in the system's words without the thing
that was not there: every connection the PostgreSQL store opens (its pool at the start and later, the lock
connection) goes through ``pglocks.unanswered``/``not_listening``. Real asyncpg against a socket folder with
nothing in it and a closed TCP port."""
from __future__ import annotations

from pathlib import Path

import pytest

from doublenine.server.storage.pglocks import PgOwnership, not_listening, server_address
from doublenine.server.storage.postgres import PostgresStore
from ports import free_port


def test_f3_where_postgresql_was_looked_for_is_named_never_a_password() -> None:
    assert server_address("postgresql://doublenine@/doublenine?host=/tmp/doublenine-pg-X&port=5432") == \
        "/tmp/doublenine-pg-X/.s.PGSQL.5432"
    assert server_address("postgresql://dn:secret@db.example:6543/dn") == "db.example:6543"
    assert server_address("postgresql://dn:secret@db.example/dn") == "db.example:5432"
    assert not_listening(FileNotFoundError(2, "No such file or directory"),
                         "postgresql://doublenine@/doublenine?host=/tmp/doublenine-pg-X&port=5432") == (
        "cannot connect to PostgreSQL at /tmp/doublenine-pg-X/.s.PGSQL.5432: no such socket (is PostgreSQL running?)")
    assert not_listening(PermissionError(13, "Permission denied"), "postgresql://h/d") is None


async def test_f3_the_reported_unix_socket_and_a_refused_port_are_said_as_postgresql_not_running(tmp_path: Path) -> None:
    empty = tmp_path / "pg"
    empty.mkdir()
    dsn = f"postgresql://doublenine@/doublenine?host={empty}&port=5432"
    store = PostgresStore(dsn)
    with pytest.raises(OSError) as failed:
        await store.load("K7QPA")
    await store.close()
    assert str(failed.value) == (f"cannot open PostgreSQL store postgresql://doublenine@/doublenine?host={empty}&port=5432: "
                                 f"cannot connect to PostgreSQL at {empty}/.s.PGSQL.5432: no such socket "
                                 "(is PostgreSQL running?)")
    port = free_port()
    locks = PgOwnership(f"postgresql://dn:secret@127.0.0.1:{port}/dn")
    with pytest.raises(OSError) as refused:
        await locks._connect()  # noqa: SLF001 - the lock connection's own open
    assert str(refused.value) == (f"cannot open the PostgreSQL lock connection: cannot connect to PostgreSQL at "
                                  f"127.0.0.1:{port}: connection refused (is PostgreSQL running?)")
