"""``run.py``'s stamps say what ``.venv`` holds; a stamp that cannot say it means "install again".

Attacker F9: a stamp that was not UTF-8 failed every run with a traceback, a folder in its place
failed every run with "Is a directory" ("run the same command again to retry" never helped), and
a stamp was read whole, however big. Kind: a leftover in ``.venv`` that a retry never clears.
Attacker F10: a copied or moved checkout ran (and tested) the original's code, its ``.venv`` still
pointing there, because the stamp named only pyproject.toml. Kind: a stamp that does not name
everything the install depends on.

Real processes, in the offline fake checkout of test_run_py_setup (its backend's editable wheel
is a .pth naming the checkout, as setuptools' editable finder names it).
"""
from __future__ import annotations

import importlib.util
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_run_py_setup import ROOT, checkout, next_run_works, run, start  # noqa: E402


def _tamper(stamp: Path, how: str) -> None:
    stamp.unlink()
    if how == "not-utf8":
        stamp.write_bytes(b"\xff\xfe\x00garbage")
    elif how == "folder":
        stamp.mkdir()
        (stamp / "inside").write_text("x")
    elif how == "fifo":  # a read would wait forever for a writer
        os.mkfifo(stamp)
    elif how == "dead-link":
        stamp.symlink_to(stamp.parent / "nowhere")


def _runs_within_a_minute(root: Path) -> tuple[int, str, str]:
    """``run.py doublenine --version``, killed (with its children) if it waits a minute: the old run.py
    read a FIFO stamp forever."""
    proc = start(root)
    try:
        out, err = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        raise
    return proc.returncode, out, err


@pytest.mark.parametrize("how", ["not-utf8", "folder", "fifo", "dead-link"])
def test_f9_a_tampered_stamp_is_taken_as_not_installed_and_replaced(tmp_path: Path, how: str) -> None:
    root = checkout(tmp_path)
    next_run_works(root)
    stamp = root / ".venv" / ".doublenine-installed"
    _tamper(stamp, how)
    code, out, err = _runs_within_a_minute(root)  # a FIFO is never opened
    assert (code, out) == (0, "fakegame 1.0\n") and "Traceback" not in err, err
    assert "doublenine: installing the game" in err and "re-creating" not in err
    assert stamp.is_file() and not stamp.is_symlink() and len(stamp.read_bytes()) == 64
    assert run(root) == (0, "fakegame 1.0\n", "")  # and the run after that installs nothing


def test_f9_a_folder_in_place_of_the_test_stamp_is_removed_and_the_test_tools_added(tmp_path: Path) -> None:
    root = checkout(tmp_path, extra=True)
    assert run(root, "test")[:2] == (0, "fake pytest\n")
    stamp = root / ".venv" / ".doublenine-test-installed"
    _tamper(stamp, "folder")
    code, out, err = run(root, "test")
    assert (code, out) == (0, "fake pytest\n"), err
    assert "adding the test tools" in err and "setting up .venv failed" not in err
    assert stamp.is_file() and run(root, "test") == (0, "fake pytest\n", "")


def test_f9_a_file_in_place_of_the_venv_is_replaced_by_one(tmp_path: Path) -> None:
    root = checkout(tmp_path)
    (root / ".venv").write_text("not a folder")
    err = next_run_works(root)
    assert "re-creating it" in err and "setting up .venv failed" not in err


def test_f9_a_stamp_is_read_bounded_and_only_exactly_the_wanted_text_counts(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("run_py", ROOT / "run.py")
    assert spec is not None and spec.loader is not None
    run_py: Any = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(run_py)
    wanted, stamp = "a" * 64, tmp_path / "stamp"
    reads: list[int] = []

    class Counted:
        def __init__(self, f: Any) -> None:
            self.f = f

        def __enter__(self) -> Counted:
            return self

        def __exit__(self, *exc: object) -> None:
            self.f.close()

        def read(self, n: int = -1) -> bytes:
            reads.append(n)
            return bytes(self.f.read(n))

    run_py.open = lambda path, mode: Counted(open(path, mode))  # the module's open, ahead of the builtin
    stamp.write_text(wanted + "a" * 10_000_000)
    assert run_py._stamp_holds(stamp, wanted) is False and reads == [65]
    stamp.write_text(wanted)
    assert run_py._stamp_holds(stamp, wanted) is True
    assert run_py._stamp_holds(tmp_path / "none", wanted) is False


def test_f10_a_copied_checkout_runs_its_own_code_not_the_originals(tmp_path: Path) -> None:
    """``cp -a doublenine rt``, an edit in rt: ``rt/run.py`` ran the original's code, and
    ``rt/.venv/bin/python -c 'import doublenine'`` found the original."""
    root = checkout(tmp_path)
    next_run_works(root)
    copy = tmp_path / "rt"
    shutil.copytree(root, copy, symlinks=True)
    (copy / "doublenine" / "__main__.py").write_text("print('the copy 1.0')\n")
    code, out, err = run(copy)
    assert (code, out) == (0, "the copy 1.0\n"), err
    assert "doublenine: installing the game" in err and "re-creating" not in err
    found = subprocess.run([str(copy / ".venv" / "bin" / "python"), "-c", "import doublenine; print(doublenine.__file__)"],
                           capture_output=True, text=True, check=True, cwd=tmp_path).stdout
    assert found == f"{copy / 'doublenine' / '__init__.py'}\n"
    assert run(copy) == (0, "the copy 1.0\n", "")
    assert run(root) == (0, "fakegame 1.0\n", "")  # the original, untouched, still runs its own


def test_f10_a_moved_checkout_is_installed_again_where_it_now_is(tmp_path: Path) -> None:
    root = checkout(tmp_path)
    next_run_works(root)
    moved = tmp_path / "moved"
    root.rename(moved)
    (moved / "doublenine" / "__main__.py").write_text("print('moved 1.0')\n")
    code, out, err = run(moved)
    assert (code, out) == (0, "moved 1.0\n"), err
    assert "doublenine: installing the game" in err
