"""``run.py`` runs every command in the caller's folder (new-user finding 1: the README says
commands work from any folder, but relative paths were read against the checkout).

Real processes through the bootstrap, from a folder outside the checkout.
"""
from __future__ import annotations

import importlib.util
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "shared" / "examples" / "hand-tie.json"


def load_run_py():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("run_py", ROOT / "run.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run_py(*args: str, cwd: Path, **kwargs) -> subprocess.Popen[str]:  # type: ignore[no-untyped-def]
    return subprocess.Popen([sys.executable, str(ROOT / "run.py"), *args], cwd=cwd, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kwargs)


def test_replay_reads_a_relative_path_in_the_callers_folder(tmp_path: Path) -> None:
    documents = tmp_path / "Documents"
    documents.mkdir()
    shutil.copy(EXAMPLE, documents / "doublenine-V99YY-match-1-hand-1.json")
    (documents / "doublenine").mkdir()  # a folder of the caller's named like the game shadows nothing
    proc = run_py("doublenine", "replay", "doublenine-V99YY-match-1-hand-1.json", cwd=documents)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    hand = json.loads(out)
    assert (hand["result"], hand["scores_after"], hand["ends"]) == ("tie", {"A": 40, "B": 55}, [1, 1])


def test_serve_creates_a_relative_db_in_the_callers_folder_and_a_clean_stop_leaves_no_owner_file(
        tmp_path: Path) -> None:
    srv = tmp_path / "srv"
    srv.mkdir()
    before = set(ROOT.iterdir())
    proc = run_py("doublenine", "serve", "--port", "0", "--db", "tables.sqlite3", cwd=srv, start_new_session=True)
    try:
        end = time.monotonic() + 60
        owner = srv / "tables.sqlite3.owner"
        while proc.poll() is None and time.monotonic() < end:  # until it serves (its URL noted)
            if owner.exists() and "ws://" in owner.read_text():
                break
            time.sleep(0.1)
        assert (srv / "tables.sqlite3").exists() and (srv / "tables.sqlite3.owner").exists()
        assert set(ROOT.iterdir()) == before  # nothing created in the checkout
    finally:
        os.killpg(proc.pid, signal.SIGINT)  # Ctrl-C in a terminal: run.py and the server alike
        _, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err  # the server stopped cleanly, not killed by run.py
    assert sorted(p.name for p in srv.iterdir()) == ["tables.sqlite3"], err


def test_test_runs_the_checkouts_tests_unless_given_a_test_path(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    run = load_run_py()
    monkeypatch.chdir(tmp_path)
    args, env = run.command(["test", "-x"])
    assert args[1:] == ["-P", "-m", "pytest", "--rootdir", str(ROOT), "-c", str(ROOT / "pyproject.toml"),
                        "-x", str(ROOT / "tests")]
    assert env["HYPOTHESIS_STORAGE_DIRECTORY"] == str(ROOT / ".hypothesis")
    (tmp_path / "test_mine.py").write_text("")
    args, _ = run.command(["test", "test_mine.py::test_x", "-q"])
    assert args[-2:] == ["test_mine.py::test_x", "-q"]
    args, _ = run.command(["play", "--name", "Ana"])
    assert args[1:] == ["-P", "-m", "doublenine", "play", "--name", "Ana"]
