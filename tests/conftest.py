"""Shared pytest set-up: no window ever opens, and no test touches the player's own files.

Issue 11.7: every test runs with its own configuration, data, cache, state and
documents folders. They are set here, at import time and before any test module
imports platformdirs, so subprocesses (servers, clients) inherit them too. At
the end of the session :func:`pytest_sessionfinish` fails the run if the real
folders of ``doublenine`` changed while the suite ran.
"""
from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

# The explicit engine fixtures (tests/unit/enginekit.py) serve every test folder.
sys.path.insert(0, str(Path(__file__).parent / "unit"))
# Every child a test starts gets the default SIGINT/SIGTERM, and is killed if its test fails (tests/childprocs.py).
pytest_plugins = ["childprocs"]
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# Issue 8: multicast DNS from any test stays on loopback (tests/lan runs it in its own netns).
os.environ.setdefault("DOUBLENINE_MDNS_INTERFACES", "127.0.0.1")


def _real_app_folders() -> list[Path]:
    """The player's own doublenine folders, as platformdirs finds them before the suite redirects them."""
    import platformdirs
    return [Path(p) for p in (
        platformdirs.user_config_dir("doublenine"),
        platformdirs.user_data_dir("doublenine"),
        platformdirs.user_cache_dir("doublenine"),
        platformdirs.user_state_dir("doublenine"),
        platformdirs.user_data_dir("doublenine", appauthor=False),
    )]


def _fingerprint(folders: list[Path]) -> dict[str, tuple[int, int]]:
    """Every file below ``folders``: path -> (size in bytes, mtime in ns)."""
    seen: dict[str, tuple[int, int]] = {}
    for folder in folders:
        if not folder.exists():
            seen[str(folder)] = (-1, -1)
            continue
        for path in folder.rglob("*"):
            try:
                st = path.stat()
            except OSError:
                continue
            seen[str(path)] = (st.st_size, st.st_mtime_ns)
    return seen


_REAL = _real_app_folders()
_BEFORE = _fingerprint(_REAL)
TEST_HOME = Path(tempfile.mkdtemp(prefix="doublenine-tests-"))
"""The folder under which the suite's config, data, cache, state and documents folders live; removed
when this process ends (each xdist worker and the controller make their own)."""
atexit.register(shutil.rmtree, TEST_HOME, True)
for _var, _sub in (("XDG_CONFIG_HOME", "config"), ("XDG_DATA_HOME", "data"),
                   ("XDG_CACHE_HOME", "cache"), ("XDG_STATE_HOME", "state"),
                   ("XDG_DOCUMENTS_DIR", "documents"), ("XDG_RUNTIME_DIR", "runtime")):
    (TEST_HOME / _sub).mkdir(mode=0o700)
    os.environ[_var] = str(TEST_HOME / _sub)


_WRITES: list[str] = []
"""Paths under the player's real folders that this test process opened for writing, made or removed."""
_WRITE_EVENTS = frozenset({"os.mkdir", "os.rename", "os.replace", "os.remove", "os.rmdir", "os.truncate",
                           "shutil.rmtree", "os.symlink", "os.link"})


def _audit(event: str, args: tuple[object, ...]) -> None:
    """Audit hook (PEP 578): note any write below the player's real doublenine folders."""
    if event == "open":
        path, mode = args[0], args[1]
        writing = isinstance(mode, str) and any(c in mode for c in "wax+") or \
            isinstance(args[2], int) and args[2] & (os.O_WRONLY | os.O_RDWR | os.O_CREAT)
        if not writing:
            return
    elif event not in _WRITE_EVENTS:
        return
    else:
        path = args[0]
    if isinstance(path, (str, bytes, os.PathLike)):
        try:
            p = Path(os.fsdecode(path)).absolute()
        except (TypeError, ValueError):
            return
        if any(p == r or r in p.parents for r in _REAL):
            _WRITES.append(f"{event} {p}")


sys.addaudithook(_audit)



@pytest.fixture(autouse=True)
def _repeated_lines_forgotten() -> None:
    """Each test starts with no repeated line held back (``logfmt.REPEATED`` is the process's): a line
    an earlier test said is said again, not counted."""
    from doublenine.server.logfmt import REPEATED

    REPEATED.clear()


@pytest.fixture(autouse=True)
def _logging_as_it_was() -> Iterator[None]:
    """Each test leaves the process's logging as it found it: the handlers, level and propagation of the
    root and ``doublenine`` loggers, ``threading.excepthook``, the capture of warnings and
    ``logfmt.FORMAT``. ``serve`` run in-process (``doublenine.cli.main(["serve", ...])``) calls
    ``configure_logging``, whose root handler holds the ``sys.stderr`` of that moment: under ``capsys``
    a stream closed when the test ends, so every later log line of that worker printed "--- Logging error
    ---" on the stderr of whichever test was running (CI of 6711fec: test_bot_languages' refusal line,
    after tests/ops/test_no_empty_reason.py, 618bca5). Two test files restored this by themselves."""
    import logging
    import threading

    from doublenine.server import logfmt

    loggers = [logging.getLogger(), logging.getLogger("doublenine")]
    saved = [(lg, list(lg.handlers), lg.level, lg.propagate) for lg in loggers]
    hook, fmt = threading.excepthook, logfmt.FORMAT
    warnings_captured = getattr(logging, "_warnings_showwarning", None) is not None
    yield
    for lg, handlers, level, propagate in saved:
        for added in [h for h in lg.handlers if h not in handlers and isinstance(h, logfmt.QueuedLines)]:
            added.close()  # its writer thread stops (configure_logging's handler writes from a thread of its own)
        lg.handlers[:] = handlers
        lg.setLevel(level)
        lg.propagate = propagate
    threading.excepthook = hook
    logging.captureWarnings(warnings_captured)
    logfmt.FORMAT = fmt


@pytest.fixture
def own_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Fresh config and data folders for one test and the processes it starts: a kept match
    (config's resume code, the match file) left by another test of the session is not seen, and
    ``DOUBLENINE_DB`` from the caller never points the game elsewhere. Used by the kept-match tests
    (``pytestmark = pytest.mark.usefixtures("own_folders")``)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.delenv("DOUBLENINE_DB", raising=False)


ONE_WORKER = {
    # the built wheel, its installed venv and the standalone program, shared by these tests (built once
    # per run whatever the workers do: installkit.built_once); on one worker the others never wait for them
    "tests/install/test_wheel.py": "install", "tests/install/test_standalone.py": "install",
    # a module-scoped fixture of 13-55 s of CPU (every scene drawn in every language, a coach's review,
    # the code's messages extracted), made again by each worker that got one of the module's tests
    "tests/client/test_text_fit.py": "text_fit", "tests/client/test_coach_ui.py": "coach_ui",
    "tests/client/test_top_bar.py": "top_bar", "tests/i18n/test_catalogs.py": "catalogs",
}
"""Test files (paths from the checkout) whose tests one pytest-xdist worker runs one after the other, by
group (``--dist loadgroup``, :func:`pytest_xdist_make_scheduler`)."""


def _one_worker_group(nodeid: str) -> str | None:
    return ONE_WORKER.get(nodeid.split("::", 1)[0])


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object:
    """``--dist loadgroup`` that keeps :data:`ONE_WORKER`'s groups: xdist names a test's group by
    appending ``@group`` to ``item._nodeid``, which pytest 9.2 no longer reads (its id is ``item._id``),
    so every ``xdist_group`` test went to any worker and two workers built the wheel at once. Here the
    scheduler itself groups by file; every other test is a unit of its own, as with ``--dist load``."""
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class ByFile(LoadScopeScheduling):  # type: ignore[misc]
        def _split_scope(self, nodeid: str) -> str:
            return _one_worker_group(nodeid) or nodeid

    return ByFile(config, log)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under pytest-xdist's ``--dist loadgroup``, the tests of a :data:`ONE_WORKER` group (one worker
    runs them one after the other) are handed out first, so that the longest serial run starts at once
    instead of ending the suite alone. The same stable order in every worker, as xdist requires;
    otherwise the order is unchanged."""
    if not os.environ.get("PYTEST_XDIST_WORKER") or config.getvalue("dist") != "loadgroup":
        return
    items.sort(key=lambda item: _one_worker_group(item.nodeid) is None)


_WORKER_WRITES: list[str] = []
"""What the pytest-xdist workers' audit hooks saw (:func:`pytest_testnodedown`), for the controller."""


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: object, error: object) -> None:
    """pytest-xdist's controller: keep a finished worker's writes to the player's folders."""
    _WORKER_WRITES.extend(getattr(node, "workeroutput", {}).get("doublenine_writes", []))


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Issue 11.7: fail the run when the suite wrote to the player's real doublenine folders.

    Writes from this process are caught as they happen (audit hook). Subprocesses
    inherit the redirected XDG variables; on CI, where nothing else runs, the real
    folders are also compared before and after (a developer's own game running
    beside the suite would otherwise be blamed on it). A pytest-xdist worker hands its
    writes to the controller, which says them and fails the run.
    """
    changed = list(_WRITES)
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:  # an xdist worker: its exit status is not the run's
        workeroutput["doublenine_writes"] = changed
        return
    changed += _WORKER_WRITES
    if os.environ.get("CI"):
        after = _fingerprint(_REAL)
        changed += sorted(k for k in set(after) | set(_BEFORE) if after.get(k) != _BEFORE.get(k))
    if changed:
        print(f"\nERROR: the test suite changed the player's own files: {changed[:10]}")
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
