"""The PostgreSQL the multi-process deploy tests share (tests/deploy/fleet.py)."""
from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from .fleet import IN_CI


@pytest.fixture(scope="module")
def pg() -> Iterator[str]:
    """A PostgreSQL DSN: ``DOUBLENINE_TEST_PG`` (.ci/run), else a throwaway cluster for the module
    (tests/storage/pgcluster.py); skips where none can start (fails in CI)."""
    from storage import pgcluster  # tests/storage: a throwaway cluster, a worker's own database

    dsn = os.environ.get("DOUBLENINE_TEST_PG")
    if dsn:
        yield pgcluster.worker_dsn(dsn)  # each pytest-xdist worker on a database of its own
        return

    try:
        root, dsn = pgcluster.start()
    except (RuntimeError, OSError) as exc:
        if IN_CI:
            pytest.fail(f"CI: no PostgreSQL for the multi-process tests: {exc}")
        pytest.skip(f"no PostgreSQL server could be started (set DOUBLENINE_TEST_PG): {exc}")
    try:
        yield dsn
    finally:
        pgcluster.stop(root)
