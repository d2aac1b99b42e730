"""Start and stop a throwaway PostgreSQL cluster for the storage tests (stdlib only).

Used by ``.ci/run`` (``python3 tests/storage/pgcluster.py start`` prints ``DIR DSN``;
``... stop DIR``) and by ``tests/storage/conftest.py`` when ``DOUBLENINE_TEST_PG`` is
not set. The cluster lives in a new temp dir, listens only on a unix socket in that
dir (no TCP at all), trusts its one user and runs as a non-root user: PostgreSQL
refuses to run as root, and CI runs as root.

:func:`worker_dsn` gives each pytest-xdist worker a database of its own on that server: the
tests wipe their database (``drop_all``) and count its advisory locks and processes, so two
workers on one database wiped each other's tables.
"""
from __future__ import annotations

import asyncio
import glob
import os
import pwd
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

USER = "doublenine"
TIMEOUT = 90


def bin_dir() -> Path | None:
    """Where ``pg_ctl`` and ``initdb`` live: PATH first, then Debian's versioned dirs."""
    found = shutil.which("pg_ctl")
    if found and shutil.which("initdb"):
        return Path(found).resolve().parent
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"), key=_version)
    return Path(versions[-1]).parent if versions else None


def _version(path: str) -> tuple[int, ...]:
    part = Path(path).parent.parent.name
    return tuple(int(x) for x in part.split(".") if x.isdigit())


def _owner() -> tuple[int, int] | None:
    """(uid, gid) to run the server as: ourselves, or when root the 'postgres' or 'nobody' user."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        try:
            entry = pwd.getpwnam(name)
        except KeyError:
            continue
        return entry.pw_uid, entry.pw_gid
    raise RuntimeError("running as root and no 'postgres' or 'nobody' user to run PostgreSQL as")


def _run(cmd: list[str], owner: tuple[int, int] | None, log: Path) -> None:
    """Run ``cmd`` as ``owner``; its output (and the server's) goes to ``log``, never to a pipe
    that the forked postmaster would hold open."""
    kwargs: dict[str, object] = {}
    if owner is not None:
        kwargs = {"user": owner[0], "group": owner[1], "extra_groups": []}
    with open(log, "ab") as out:
        subprocess.run(
            cmd, stdin=subprocess.DEVNULL, stdout=out, stderr=out, check=True, timeout=TIMEOUT,
            cwd="/", **kwargs,  # type: ignore[arg-type]
        )


def start() -> tuple[Path, str]:
    """Create and start a cluster; returns (its dir, a DSN). Raises on any failure."""
    bins = bin_dir()
    if bins is None:
        raise RuntimeError("no PostgreSQL server binaries (pg_ctl, initdb) found")
    owner = _owner()
    root = Path(tempfile.mkdtemp(prefix="doublenine-pg-"))
    root.chmod(0o755)
    if owner is not None:
        os.chown(root, *owner)
    data, log = root / "data", root / "server.log"
    log.touch()
    if owner is not None:
        os.chown(log, *owner)
    try:
        _run([str(bins / "initdb"), "-D", str(data), "-U", USER, "--auth=trust", "-E", "UTF8",
              "--no-sync", "--no-instructions"], owner, log)
        opts = f"-c listen_addresses='' -k {root} -p 5432 -c fsync=off -c max_connections=200"
        _run([str(bins / "pg_ctl"), "-D", str(data), "-l", str(log), "-w", "-t", "60",
              "-o", opts, "start"], owner, log)
    except (subprocess.SubprocessError, OSError) as exc:
        tail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
        raise RuntimeError(f"PostgreSQL did not start: {exc}\n{tail}") from exc
    return root, f"postgresql://{USER}@/postgres?host={root}&port=5432"


_WORKER_DSNS: dict[str, str] = {}
"""Base DSN -> this process's own database on it, made once per process (:func:`worker_dsn`)."""


def worker_dsn(dsn: str) -> str:
    """``dsn`` for this test process: unchanged outside pytest-xdist; in worker ``gwN`` a DSN of
    the database ``doublenine_gwN`` on the same server, made afresh (dropped first, with any
    connection left to it by an earlier run) the first time this process asks. Connects with
    asyncpg in a thread of its own (the caller may be inside a running event loop); raises what
    asyncpg raises when the server refuses."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    if not worker:
        return dsn
    if dsn not in _WORKER_DSNS:
        name = "doublenine_" + "".join(c for c in worker if c.isalnum())
        failed: list[BaseException] = []

        def make() -> None:
            try:
                asyncio.run(_fresh_database(dsn, name))
            except BaseException as exc:  # noqa: BLE001 - raised again in the caller's thread
                failed.append(exc)

        thread = threading.Thread(target=make, name="pg-worker-db")
        thread.start()
        thread.join()
        if failed:
            raise failed[0]
        _WORKER_DSNS[dsn] = urlunsplit(urlsplit(dsn)._replace(path="/" + name))
    return _WORKER_DSNS[dsn]


async def _fresh_database(dsn: str, name: str) -> None:
    """Drop the database ``name`` (letters, digits, ``_``) if it exists, then create it empty."""
    import asyncpg  # the test extra's; this file's command line (.ci/run) needs only the stdlib

    con = await asyncpg.connect(dsn, timeout=30)
    try:
        await con.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await con.execute(f'CREATE DATABASE "{name}"')
    finally:
        await con.close()


def stop(root: Path) -> None:
    """Stop the cluster in ``root`` at once and delete its files."""
    bins = bin_dir()
    if bins is not None and (root / "data").exists():
        try:
            _run([str(bins / "pg_ctl"), "-D", str(root / "data"), "-m", "immediate", "-w", "stop"],
                 _owner(), root / "server.log")
        except (subprocess.SubprocessError, OSError):
            pass
    shutil.rmtree(root, ignore_errors=True)


def main(argv: list[str]) -> int:
    if argv[:1] == ["start"]:
        try:
            root, dsn = start()
        except RuntimeError as exc:
            print(exc, file=sys.stderr)
            return 1
        print(root, dsn)
        return 0
    if argv[:1] == ["stop"] and len(argv) == 2:
        stop(Path(argv[1]))
        return 0
    print("usage: pgcluster.py start | stop DIR", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
