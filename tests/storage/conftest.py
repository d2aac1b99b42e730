"""The storage fixtures: one suite over every store (memory, SQLite, PostgreSQL; issue 7).

PostgreSQL: ``DOUBLENINE_TEST_PG`` (set by ``.ci/run``) names a server; without it a
throwaway cluster is started here (tests/storage/pgcluster.py). The postgres tests
skip, saying why, only when neither works.
"""
from __future__ import annotations

import os
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from pathlib import Path

import pytest

from doublenine.server.storage import MemoryStore, Store, open_store

from . import pgcluster

Reopen = Callable[[], Awaitable[Store]]


@pytest.fixture(scope="session")
def pg_dsn() -> Iterator[str]:
    """A DSN of a running PostgreSQL server, or skip with the reason."""
    env = os.environ.get("DOUBLENINE_TEST_PG")
    if env:
        yield pgcluster.worker_dsn(env)  # each pytest-xdist worker on a database of its own
        return
    try:
        root, dsn = pgcluster.start()
    except (RuntimeError, OSError) as exc:
        pytest.skip(f"no PostgreSQL server could be started (set DOUBLENINE_TEST_PG): {exc}")
    try:
        yield dsn
    finally:
        pgcluster.stop(root)


@pytest.fixture(autouse=True)
def _the_store_is_waited_for(monkeypatch: pytest.MonkeyPatch) -> None:
    """No test here hangs its store on purpose, so none gives up on it after the product's bounds:
    the shared buckets are waited for SHARED_WAIT (1 s) before a process counts alone, a web page's
    work PAGE_WAIT (2 s), a listing LISTING_WAIT (2 s). On a loaded machine 20 lookups at once
    took PostgreSQL longer than 1 s: the process then counted misses in its own bucket and the
    race tests counted more than the burst (test_limit_races' 20 unknown codes, seen here at load
    17). Those bounds themselves are tested with a store that hangs (tests/server/test_store_hang_pages.py)."""
    from doublenine.server import addresses
    from doublenine.server.web import listing, site
    monkeypatch.setattr(addresses, "SHARED_WAIT", 60.0)
    monkeypatch.setattr(site, "PAGE_WAIT", 60.0)
    monkeypatch.setattr(listing, "LISTING_WAIT", 60.0)


@pytest.fixture(params=["sqlite", "postgres"])
async def db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The ``db`` setting of a real server: a fresh SQLite file, or the PostgreSQL server wiped."""
    if request.param == "sqlite":
        return str(tmp_path / "tables.sqlite3")
    dsn = str(request.getfixturevalue("pg_dsn"))
    store = open_store(dsn)
    await store.drop_all()  # type: ignore[attr-defined]
    await store.close()
    return dsn


@pytest.fixture(params=["memory", "sqlite", "postgres"])
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The ``--db`` value of one store kind, fresh for each test."""
    if request.param == "memory":
        return ":memory:"
    if request.param == "sqlite":
        return str(tmp_path / "tables.sqlite3")
    return str(request.getfixturevalue("pg_dsn"))


@pytest.fixture
async def store_pair(backend: str) -> AsyncIterator[tuple[Store, Reopen]]:
    """(an empty store, a coroutine that closes it and opens the same data again)."""
    stores: list[Store] = [open_store(backend)]
    if backend.startswith("postgresql://"):
        await stores[0].drop_all()  # type: ignore[attr-defined]

    async def reopen() -> Store:
        if isinstance(stores[-1], MemoryStore):
            return stores[-1]  # memory survives no restart; the same object stands in
        await stores[-1].close()
        stores.append(open_store(backend))
        return stores[-1]

    try:
        yield stores[0], reopen
    finally:
        for s in stores:
            await s.close()


@pytest.fixture
async def store(store_pair: tuple[Store, Reopen]) -> Store:
    return store_pair[0]
